#!/usr/bin/env bash
# Installs Playbench's dependencies from Debian's packages when any is missing, by group, so that
# `make run` waits only for what building and running need. The only way dependencies arrive: the
# Makefile calls this before every build.
set -euo pipefail

# Usage: install-deps.sh [GROUP]...   (no group: all of them)
#   run      building Playbench and running its window (`make run`)
#   check    run + the Release test suites (`make check`: doctest, Xvfb for the window tests)
#   test     check + everything `make test` adds: Clang 14 and its sanitizers and libFuzzer, the
#            one-node Slurm cluster, the documentation site, and the package's tools
#   package  run + building and validating the Debian package (`make package`)
#   image    package + the container image (`make image`): podman, and mmdebstrap for a Debian 12
#            base when no registry can be reached
#   anchor   Box2D 2.4.1 for the Podball speed anchor (`make anchor-box2d`, bench/box2d-anchor/);
#            only that benchmark uses it, never the Playbench build
RUN=(
  build-essential cmake pkg-config
  libsdl2-dev libimgui-dev libglm-dev libtomlplusplus-dev libstb-dev libcli11-dev
  # Sweep results in SQLite (engine/sweep/sweep_store.cpp).
  libsqlite3-dev
  # Team modules run in a host process under a seccomp filter (engine/podball/modules/host/module_sandbox.cpp).
  libseccomp-dev
  # Podball teams written in Lua run in an embedded Lua 5.4 (engine/podball/lua/).
  liblua5.4-dev
  # The window's font.
  fonts-dejavu-core
)
CHECK=(
  # The test suites (CMake declares them only when doctest is installed).
  doctest-dev
  # The window and package tests open a real window on a virtual display.
  xvfb xauth
)
TEST=(
  # The sanitizer build and the fuzz targets (fuzz/, `make fuzz-smoke`): clang 14, its libFuzzer
  # and sanitizer runtimes, llvm-symbolizer for readable stacks.
  clang-14 libclang-rt-14-dev llvm-14
  # One style, checked (`make format-check`, scripts/format.sh).
  clang-format-14
  # The Slurm test starts a one-node cluster of its own (munged, slurmctld, slurmd) from these,
  # with its own config in a temporary folder (scripts/slurm-sweep-test.sh).
  slurm-wlm munge
  # The Kubernetes manifests' test reads them as YAML (scripts/kubernetes-manifest-test.py).
  python3-yaml
  # The documentation site (`make docs`): mkdocs build --strict of docs/.
  mkdocs
)
PACKAGE=(
  # dpkg-shlibdeps and fakeroot for CPack, and the validators of the package, its .desktop entry,
  # AppStream metainfo and MIME type (`make package-test`).
  dpkg-dev fakeroot lintian desktop-file-utils appstream shared-mime-info libxml2-utils
)

IMAGE=(
  # `make image` (scripts/build-image.sh): podman builds deploy/container/Containerfile rootful
  # with --isolation=chroot; mmdebstrap makes its Debian 12 base when no debian:12 image is local.
  podman mmdebstrap
)
ANCHOR=(
  # The reference physics engine the Podball bench is compared against on the same machine
  # (docs/benchmarks.md#podball): bench/box2d-anchor/box2d_pods.cpp links it, nothing else does.
  libbox2d-dev
)

groups=("$@")
[ ${#groups[@]} -eq 0 ] && groups=(test)
PACKAGES=()
for g in "${groups[@]}"; do
  case "$g" in
    run) PACKAGES+=("${RUN[@]}") ;;
    check) PACKAGES+=("${RUN[@]}" "${CHECK[@]}") ;;
    test) PACKAGES+=("${RUN[@]}" "${CHECK[@]}" "${TEST[@]}" "${PACKAGE[@]}") ;;
    package) PACKAGES+=("${RUN[@]}" "${PACKAGE[@]}") ;;
    image) PACKAGES+=("${RUN[@]}" "${PACKAGE[@]}" "${IMAGE[@]}") ;;
    anchor) PACKAGES+=(build-essential "${ANCHOR[@]}") ;;
    *) echo "install-deps.sh: unknown group '$g' (allowed: run, check, test, package, image, anchor)" >&2; exit 2 ;;
  esac
done

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "playbench: installing missing Debian packages: ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
  else
    echo "playbench: need root (or sudo) to install: ${missing[*]}" >&2
    echo "          run: apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
