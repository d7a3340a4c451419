#!/usr/bin/env python3
"""Fails when Playbench's code outside a lab's folders names the lab's types.

A lab lives in engine/<lab>/ and ui/<lab>/ and reaches the rest of Playbench only through its
hooks (LabInfo in engine/core/lab.hpp, LabView in ui/lab_view.hpp), so adding a lab touches its
two folders plus one line in each list: engine/labs.cpp and ui/lab_views.cpp
(docs/architecture.md#how-to-add-a-lab). A file can name a lab's types only by including one of
its headers or by its namespace, so this flags, in app/, engine/ and ui/ outside the lab folders
and the two lists:

  - #include "engine/<lab>/..." or "ui/<lab>/..."
  - <lab>::Name (pb::podball::PodballWorld, rgs::RgsWorld, ...) and namespace ...<lab> blocks

Comments and string literals are skipped (prose may name a lab). A lab is a folder of engine/
holding a lab.cpp. Usage: check-lab-names.py [SOURCE_DIR]; exit 0 clean, 1 with one line a finding.
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parent.parent)
SCANNED = ("app", "engine", "ui")
# The two lists: the only places outside the labs' folders that name each lab once.
REGISTRIES = {"engine/labs.cpp", "ui/lab_views.cpp"}
SUFFIXES = {".cpp", ".hpp", ".h", ".c"}


def strip_comments_and_strings(text):
    """The code with comments and string/char literals blanked (line numbers kept)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("\n" * text.count("\n", i, j))
            i = j
        elif c == "R" and text.startswith('R"', i) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            m = re.match(r'R"([^(\s]*)\(', text[i:])
            if not m:
                out.append(c)
                i += 1
                continue
            end = text.find(")" + m.group(1) + '"', i)
            j = n if end < 0 else end + len(m.group(1)) + 2
            out.append('""' + "\n" * text.count("\n", i, j))
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(c + c)
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def main():
    labs = sorted(p.parent.name for p in (ROOT / "engine").glob("*/lab.cpp"))
    if not labs:
        print(f"check-lab-names: no lab found (engine/<lab>/lab.cpp) under {ROOT}")
        return 1
    lab_dirs = {f"engine/{lab}" for lab in labs} | {f"ui/{lab}" for lab in labs}
    alternatives = "|".join(map(re.escape, labs))
    include = re.compile(r'#\s*include\s*"((?:engine|ui)/(' + alternatives + r')/[^"]*)"')
    qualified = re.compile(r"\b(" + alternatives + r")\s*::\s*(\w+)")
    namespace = re.compile(r"\bnamespace\s+(?:\w+\s*::\s*)*(" + alternatives + r")\b")
    findings = []
    for top in SCANNED:
        for path in sorted((ROOT / top).rglob("*")):
            if path.suffix not in SUFFIXES or not path.is_file():
                continue
            rel = path.relative_to(ROOT).as_posix()
            if rel in REGISTRIES or any(rel.startswith(d + "/") for d in lab_dirs):
                continue
            text = path.read_text(encoding="utf-8", errors="replace")
            # Includes are read before the strings are blanked (the path is a string).
            for number, line in enumerate(text.splitlines(), 1):
                m = include.search(line.split("//")[0])
                if m:
                    findings.append(f"{rel}:{number}: includes {m.group(1)}, a header of the {m.group(2)} lab")
            code = strip_comments_and_strings(text)
            for number, line in enumerate(code.splitlines(), 1):
                for m in qualified.finditer(line):
                    findings.append(f"{rel}:{number}: names {m.group(1)}::{m.group(2)}, a type of the {m.group(1)} lab")
                for m in namespace.finditer(line):
                    findings.append(f"{rel}:{number}: opens the {m.group(1)} lab's namespace")
    for f in findings:
        print(f)
    if findings:
        print(f"check-lab-names: {len(findings)} place(s) outside engine/<lab>/ and ui/<lab>/ name a lab's types "
              "(labs: " + ", ".join(labs) + "); reach the lab through a hook instead: LabInfo (engine/core/lab.hpp) "
              "or LabView (ui/lab_view.hpp); docs/architecture.md#how-to-add-a-lab")
        return 1
    print(f"check-lab-names: app/, engine/ and ui/ name no lab's types outside the labs' folders ({', '.join(labs)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
