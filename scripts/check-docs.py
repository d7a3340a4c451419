#!/usr/bin/env python3
"""Checks the built documentation site and every place that points into it.

    scripts/check-docs.py SITE_DIR [--root SOURCE_ROOT]
    scripts/check-docs.py --self-test

`make docs` runs it after `mkdocs build --strict` (which fails on a link to a missing page but,
in mkdocs 1.4, not on a missing #anchor). It fails (exit 1), one line per problem, on:

  - a link or image in the built site (every page, the theme's too) to a page or file that is not
    there, or to an #anchor the target page does not have;
  - a link or image in README.md to a missing file, or to a docs/ page or #anchor the site lacks;
  - a docs/PAGE.md or docs/PAGE.md#anchor cited anywhere in the code (engine/, include/, ui/, app/,
    tests/, fuzz/, scripts/, examples/, scenarios/, sweeps/, CMakeLists.txt, Makefile: comments,
    messages) that the site lacks;
  - a comment or string there that cites what is not in the repository, or no longer says it:
    ARCHITECTURE.md, an issue by number ("issue 23"), a file beside the project ("../shared/...",
    "shared/specs/..."), or a README section by name (README "Sweeps", README, "...", README's
    Limits, "(README)"); the README is a landing page, its sections are docs/ pages. Each is
    reported as file:line with what to cite instead.

Anchors are the ids mkdocs gives headings (the heading's words in lower case, punctuation dropped,
spaces as hyphens: "## Limits" is #limits). Python 3 standard library only. --self-test builds a
small site with one broken link and one broken anchor (and source files citing a missing page, a
missing anchor and each kind of outside reference) and checks that each is caught and that the
sound version passes.
"""

import argparse
import difflib
import html.parser
import os
import re
import sys
import tempfile
import urllib.parse

SOURCE_DIRS = ("engine", "ui", "app", "include", "tests", "fuzz", "scripts", "examples", "scenarios", "sweeps")
SOURCE_FILES = ("CMakeLists.txt", "Makefile")
# A page of the site cited in the code: docs/<path>.md, optionally with #anchor.
CITATION = re.compile(r"\bdocs/((?:[A-Za-z0-9_.-]+/)*[A-Za-z0-9_.-]+\.md)(#[A-Za-z0-9_-]+)?")
# Text that explains how to cite (docs/PAGE.md#section, docs/labs/LAB.md) names no page: a path part
# all in capitals is a metavariable, as in usage texts, and is not looked up.
CITATION_METAVARIABLE = re.compile(r"(?:^|/)[A-Z]+(?:/|\.md$)")
# A Markdown link or image target: [text](target) or [text](target "title").
MARKDOWN_LINK = re.compile(r"\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
EXTERNAL = re.compile(r"^(?:[A-Za-z][A-Za-z0-9+.-]*:|//)")
# What the code may not cite (in a comment or a string), each with what to cite instead.
OUTSIDE = (
    (re.compile(r"\bARCHITECTURE\.md\b"),
     "cites ARCHITECTURE.md, which is not in the repository: cite docs/architecture.md#SECTION"),
    (re.compile(r"\b[Ii]ssue\s+#?[0-9]+"),
     "cites an issue by number: say what the code does, citing the docs/PAGE.md#SECTION that describes it"),
    (re.compile(r"\.\./shared/|\bshared/(?:seeds|specs)/"),
     "cites a file outside the repository: cite the lab's docs/labs/LAB.md#sources"),
    (re.compile(r"\bREADME(?:\.md)?(?:,?\s+\"|:\s*\"|'s\b)|\((?:see )?README(?:\.md)?\)"),
     "cites a README section: the README is a landing page now, cite the docs/PAGE.md#SECTION it became"),
)


class _PageParser(html.parser.HTMLParser):
    """The ids a page defines and the links it makes (tag, attribute, target, line)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids = set()
        self.links = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"])
        if tag == "a" and a.get("name"):
            self.ids.add(a["name"])
        for attr in ("href", "src"):
            if attr in a and a[attr] is not None and tag in ("a", "img", "link", "script", "iframe", "source"):
                self.links.append((tag, attr, a[attr], self.getpos()[0]))

    handle_startendtag = handle_starttag


class Site:
    def __init__(self, site_dir):
        self.dir = os.path.abspath(site_dir)
        self.pages = {}   # path relative to the site -> _PageParser
        for folder, _, files in os.walk(self.dir):
            for name in files:
                if name.endswith(".html"):
                    path = os.path.join(folder, name)
                    parser = _PageParser()
                    with open(path, encoding="utf-8") as f:
                        parser.feed(f.read())
                    self.pages[os.path.relpath(path, self.dir)] = parser

    def target(self, from_page, url):
        """(site-relative path, fragment) of a relative link made on `from_page`; path None when
        the link leaves the site."""
        path, _, fragment = url.partition("#")
        path = urllib.parse.unquote(path)
        if not path:
            return from_page, urllib.parse.unquote(fragment)
        # A path from the root ("/css/base.css", the theme's 404 page) is what a server of the site
        # at its root resolves it to.
        base = self.dir if path.startswith("/") else os.path.dirname(os.path.join(self.dir, from_page))
        full = os.path.normpath(os.path.join(base, path.lstrip("/")))
        if url.split("#")[0].endswith("/") or os.path.isdir(full):
            full = os.path.join(full, "index.html")
        rel = os.path.relpath(full, self.dir)
        if rel.startswith(".."):
            return None, fragment
        return rel, urllib.parse.unquote(fragment)

    def problem(self, rel, fragment):
        """Why (rel, fragment) does not resolve in the site, or None when it does."""
        if rel is None:
            return "it points outside the site"
        if not os.path.isfile(os.path.join(self.dir, rel)):
            return "no such page or file in the site"
        if fragment and rel.endswith(".html"):
            ids = self.pages[rel].ids
            if fragment not in ids:
                close = difflib.get_close_matches(fragment, sorted(ids), n=1)
                return "no anchor #%s in %s%s" % (fragment, page_source(rel),
                                                  " (did you mean #%s?)" % close[0] if close else "")
        return None


def page_source(site_rel):
    """The Markdown page a built page comes from: labs/rgs.html -> docs/labs/rgs.md."""
    return "docs/" + (site_rel[:-len(".html")] + ".md" if site_rel.endswith(".html") else site_rel)


def site_page_of(doc_path):
    """The built page of a docs/ Markdown page: labs/rgs.md -> labs/rgs.html."""
    return doc_path[:-len(".md")] + ".html"


def check_site(site, root):
    errors = []
    for page, parser in sorted(site.pages.items()):
        source = page_source(page)
        where = os.path.join(os.path.basename(site.dir), page)
        if os.path.isfile(os.path.join(root, source)):
            where = "%s (built as %s)" % (source, where)
        for tag, attr, url, line in parser.links:
            if not url or url == "#" or EXTERNAL.match(url):
                continue
            rel, fragment = site.target(page, url)
            why = site.problem(rel, fragment)
            if why:
                errors.append("%s, line %d: <%s %s=\"%s\">: %s" % (where, line, tag, attr, url, why))
    return errors


def github_anchor(heading):
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def check_readme(site, root):
    readme = os.path.join(root, "README.md")
    if not os.path.isfile(readme):
        return []
    errors = []
    with open(readme, encoding="utf-8") as f:
        lines = f.read().split("\n")
    own = {github_anchor(l.lstrip("#")) for l in lines if l.startswith("#")}
    in_code = False
    for number, line in enumerate(lines, 1):
        if line.startswith("```"):
            in_code = not in_code
        if in_code:
            continue
        for url in MARKDOWN_LINK.findall(line):
            if EXTERNAL.match(url):
                continue
            path, _, fragment = url.partition("#")
            where = "README.md:%d: link to %s" % (number, url)
            if not path:
                if fragment not in own:
                    errors.append("%s: README.md has no heading for #%s" % (where, fragment))
                continue
            path = os.path.normpath(urllib.parse.unquote(path))
            if path.startswith("docs" + os.sep) and path.endswith(".md"):
                rel = site_page_of(path[len("docs" + os.sep):])
                why = site.problem(rel, fragment)
                if why:
                    errors.append("%s: %s" % (where, why))
            elif not os.path.exists(os.path.join(root, path)):
                errors.append("%s: no such file in the repository" % where)
    return errors


def source_files(root):
    """Every file of the code: SOURCE_FILES and the files under SOURCE_DIRS, in a stable order."""
    for name in SOURCE_FILES:
        path = os.path.join(root, name)
        if os.path.isfile(path):
            yield path
    for top in SOURCE_DIRS:
        for folder, dirs, files in os.walk(os.path.join(root, top)):
            dirs.sort()
            for name in sorted(files):
                yield os.path.join(folder, name)


def check_sources(site, root, skip=()):
    errors = []
    for path in source_files(root):
        if os.path.abspath(path) in skip:
            continue
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read()
        except (UnicodeDecodeError, OSError):
            continue   # binary files (fuzz corpora, pictures) cite nothing
        where = os.path.relpath(path, root)
        for number, line in enumerate(text.split("\n"), 1):
            for match in CITATION.finditer(line):
                doc, anchor = match.group(1), (match.group(2) or "")[1:]
                if CITATION_METAVARIABLE.search(doc):
                    continue
                why = site.problem(site_page_of(doc), anchor)
                if why:
                    errors.append("%s:%d: cites docs/%s%s: %s" %
                                  (where, number, doc, "#" + anchor if anchor else "", why))
            for pattern, why in OUTSIDE:
                match = pattern.search(line)
                if match:
                    errors.append("%s:%d: %s (at '%s')" % (where, number, why, match.group(0)))
    return errors


def check(site_dir, root):
    if not os.path.isfile(os.path.join(site_dir, "index.html")):
        return ["%s/index.html is missing: build the site first (make docs)" % site_dir]
    site = Site(site_dir)
    me = os.path.abspath(__file__)
    return check_site(site, root) + check_readme(site, root) + check_sources(site, root, skip={me})


def self_test():
    """The checker catches a broken link and a broken anchor, in the site and in the sources."""
    def write(path, text):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)

    ok = True
    with tempfile.TemporaryDirectory(prefix="check-docs-") as tmp:
        root = os.path.join(tmp, "repo")
        site = os.path.join(tmp, "site")
        write(os.path.join(site, "page.html"), '<h2 id="present">Present</h2>')
        write(os.path.join(site, "sub", "deep.html"), '<a href="../page.html#present">up</a>')
        write(os.path.join(site, "pic.png"), "")
        doc = "docs" + "/page.md"   # split so this file cites nothing itself
        sound_code = ("// see %s#present; README.md is the landing page, the README shows the pictures\n"
                      "// a comment cites docs/PAGE.md#SECTION or docs/labs/LAB.md#sources\n"
                      "// the view issues 2 commands; CHECK(text.find(\"README\") == npos)\n" % doc)
        cases = {
            "sound": ('<a href="page.html#present">a</a><img src="pic.png"><a href="sub/deep.html">b</a>',
                      sound_code, "[a](%s#present) ![p](pic.png)" % doc, 0),
            "broken link": ('<a href="missing.html">a</a>', "", "", 1),
            "broken anchor": ('<a href="page.html#absent">a</a>', "", "", 1),
            "cited page missing": ("", "// see docs" + "/gone.md\n", "", 1),
            "cited anchor missing": ("", "// see %s#absent\n" % doc, "", 1),
            "README anchor missing": ("", "", "[a](%s#absent)" % doc, 1),
            "README file missing": ("", "", "![p](nowhere.png)", 1),
            "ARCHITECTURE.md cited": ("", "// plain data (ARCHITECTURE.md)\n", "", 1),
            "issue cited": ("", "// Compare mode (issue 23): one helper\n", "", 1),
            "issue cited, capitalised": ("", "// Issue 21 point 3 through the shell\n", "", 1),
            "file beside the project": ("", 'h.source = "../shared/seeds/podball-engine.txt";\n', "", 1),
            "spec beside the project": ("", "// derived values (shared/specs/rgs.md)\n", "", 1),
            "README section quoted": ("", '// Sweeps (README "Sweeps"): one scenario\n', "", 1),
            "README section after a comma": ("", '// (README, "Library modules run isolated")\n', "", 1),
            "README section in a message": ("", 'return "too many (see the README\'s Limits)";\n', "", 1),
            "README in parentheses": ("", '"playbench compare (README)."\n', "", 1),
        }
        # The same in the other places the code lives: CMakeLists.txt, a scenario's comment.
        outside = {
            "CMakeLists.txt": "# the Debian package (issue 24)\n",
            os.path.join("scenarios", "x.toml"): "# The corridor list is ../shared/specs/tasks.md's\n",
        }
        for name, (index, source, readme, expected) in cases.items():
            write(os.path.join(site, "index.html"), index or "<p>home</p>")
            write(os.path.join(root, "engine", "x.cpp"), source)
            write(os.path.join(root, "README.md"), readme)
            write(os.path.join(root, "pic.png"), "")
            errors = check(site, root)
            if len(errors) != expected:
                ok = False
                print("check-docs self-test: %s: expected %d problem(s), found %d: %s" %
                      (name, expected, len(errors), errors), file=sys.stderr)
        # Each reported as file:line, also outside engine/.
        write(os.path.join(site, "index.html"), "<p>home</p>")
        write(os.path.join(root, "engine", "x.cpp"), "")
        write(os.path.join(root, "README.md"), "")
        for rel, text in outside.items():
            write(os.path.join(root, rel), "\n" + text)
            errors = check(site, root)
            os.remove(os.path.join(root, rel))
            if len(errors) != 1 or not errors[0].startswith(rel + ":2: "):
                ok = False
                print("check-docs self-test: %s: expected one problem at %s:2, found %s" % (rel, rel, errors),
                      file=sys.stderr)
    return ok


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("site", nargs="?", help="the built site (build/site)")
    parser.add_argument("--root", default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                        help="the source tree (default: this script's repository)")
    parser.add_argument("--self-test", action="store_true", help="check the checker, then stop")
    args = parser.parse_args()
    if args.self_test:
        if not self_test():
            return 1
        print("check-docs: self-test passed (broken links and anchors, and citations of what is not "
              "in the repository, are caught)")
        return 0
    if not args.site:
        parser.error("the built site is required (or --self-test)")
    errors = check(args.site, args.root)
    for e in errors:
        print("check-docs: " + e, file=sys.stderr)
    if errors:
        print("check-docs: %d problem(s): broken links or anchors, or citations of what is not in the "
              "repository" % len(errors), file=sys.stderr)
        return 1
    site = Site(args.site)
    print("check-docs: %d pages, every link and anchor resolves (site, README.md, citations in %s); "
          "the code cites only what is in the repository" % (len(site.pages), ", ".join(SOURCE_DIRS + SOURCE_FILES)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
