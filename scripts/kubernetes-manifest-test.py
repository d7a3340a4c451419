#!/usr/bin/env python3
"""The Kubernetes sweep as its header says to run it (docs/sweeps.md#on-a-cluster-slurm-and-kubernetes),
checked without a cluster: the `kubectl create configmap` command written in the header of
deploy/kubernetes/sweep-job.yaml is run from the repository's root as written, with
`--dry-run=client -o yaml` (or, without kubectl, its --from-file files must exist); the job must
mount that ConfigMap so that the command's sweep file and the scenario the sweep names (relative to
it) are both there; the results volume must be ReadWriteMany; both jobs use the image `make image`
tags (scripts/build-image.sh).

    scripts/kubernetes-manifest-test.py REPO_ROOT

Exit 0: as documented; 1: a mismatch (said on stderr, one line each).
"""
import os
import posixpath
import re
import shlex
import shutil
import subprocess
import sys

import yaml

root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".")
job_path = os.path.join(root, "deploy/kubernetes/sweep-job.yaml")
merge_path = os.path.join(root, "deploy/kubernetes/sweep-merge-job.yaml")
problems = []


def fail(msg):
    problems.append(msg)


# The header's configmap command: "#   kubectl create configmap ... \" and its continuation lines.
header = open(job_path).read().split("\napiVersion", 1)[0].splitlines()
cmd, reading = "", False
for line in header:
    text = line.lstrip("#").strip()
    if text.startswith("kubectl create configmap"):
        reading = True
    if reading:
        cmd += " " + text.rstrip("\\").strip()
        if not text.endswith("\\"):
            break
if not cmd:
    sys.exit(f"{job_path}: no `kubectl create configmap` command in the header")
args = shlex.split(cmd)
files = {}
for a in args:
    m = re.match(r"--from-file=([^=]+)=(.+)", a)
    if m:
        files[m.group(1)] = m.group(2)
for key, path in files.items():
    if not os.path.isfile(os.path.join(root, path)):
        fail(f"{job_path}: header: --from-file={key}={path}: no such file under {root}")
if shutil.which("kubectl"):
    out = subprocess.run(args + ["--dry-run=client", "-o", "yaml"], cwd=root, capture_output=True, text=True)
    if out.returncode != 0:
        fail(f"{job_path}: header: `{cmd.strip()}` fails: {out.stderr.strip()}")
    else:
        data = yaml.safe_load(out.stdout)["data"]
        if sorted(data) != sorted(files):
            fail(f"{job_path}: the ConfigMap holds {sorted(data)}, not {sorted(files)}")
        print(f"kubernetes test: `{cmd.strip()}` --dry-run=client makes ConfigMap "
              f"{yaml.safe_load(out.stdout)['metadata']['name']} with {', '.join(sorted(data))}")
else:
    print("kubernetes test: no kubectl here: checked the command's files only")
configmap_name = args[3] if len(args) > 3 else ""

docs = [d for d in yaml.safe_load_all(open(job_path)) if d]
pvc = next(d for d in docs if d["kind"] == "PersistentVolumeClaim")
if "ReadWriteMany" not in pvc["spec"].get("accessModes", []):
    fail(f"{job_path}: the results volume is {pvc['spec'].get('accessModes')}, not ReadWriteMany")
job = next(d for d in docs if d["kind"] == "Job")
pod = job["spec"]["template"]["spec"]
container = pod["containers"][0]
volumes = {v["name"]: v for v in pod["volumes"]}
mounted = {}   # path in the pod -> ConfigMap key
for vm in container["volumeMounts"]:
    cm = volumes[vm["name"]].get("configMap")
    if not cm:
        continue
    if cm["name"] != configmap_name:
        fail(f"{job_path}: mounts ConfigMap {cm['name']}, the header makes {configmap_name}")
    items = cm.get("items") or [{"key": k, "path": k} for k in files]
    for it in items:
        if it["key"] not in files:
            fail(f"{job_path}: item {it['key']} is not in the header's ConfigMap ({', '.join(files)})")
        mounted[posixpath.join(vm["mountPath"], it["path"])] = it["key"]
command = container["command"]
sweep_in_pod = command[command.index("run") + 1]
if sweep_in_pod not in mounted:
    fail(f"{job_path}: the command reads {sweep_in_pod}, which the ConfigMap mount does not hold ({sorted(mounted)})")
else:
    sweep_text = open(os.path.join(root, files[mounted[sweep_in_pod]])).read()
    m = re.search(r'^scenario\s*=\s*"([^"]+)"', sweep_text, re.M)
    scenario = posixpath.normpath(posixpath.join(posixpath.dirname(sweep_in_pod), m.group(1)))
    if scenario not in mounted:
        fail(f"{job_path}: the sweep's scenario \"{m.group(1)}\" is {scenario} in the pod: not mounted "
             f"({sorted(mounted)})")
    else:
        print(f"kubernetes test: the pod reads {sweep_in_pod}; its scenario {m.group(1)} is {scenario}")

tag = re.search(r"-t playbench:latest", open(os.path.join(root, "scripts/build-image.sh")).read())
for path in (job_path, merge_path):
    for d in yaml.safe_load_all(open(path)):
        if d and d["kind"] == "Job":
            for c in d["spec"]["template"]["spec"]["containers"]:
                if c["image"] != "playbench:latest" or not tag:
                    fail(f"{path}: image {c['image']} is not the playbench:latest `make image` builds")

for p in problems:
    print(p, file=sys.stderr)
sys.exit(1 if problems else 0)
