#!/usr/bin/env bash
# Installs Playbench's build and test dependencies from Debian's packages when any is missing.
# The only way dependencies arrive: the Makefile calls this before every build.
set -euo pipefail

PACKAGES=(
  build-essential cmake pkg-config
  libsdl2-dev libimgui-dev libglm-dev doctest-dev libtomlplusplus-dev libstb-dev libcli11-dev
  xvfb xauth fonts-dejavu-core
  # The fuzz targets (fuzz/, `make fuzz-smoke`): clang 14, its libFuzzer and sanitizer runtimes,
  # llvm-symbolizer for readable stacks.
  clang-14 libclang-rt-14-dev llvm-14
  # Sweeps (issue 22): results in SQLite; the Slurm test starts a one-node cluster of its own
  # (munged, slurmctld, slurmd) from these, with its own config in a temporary folder.
  libsqlite3-dev slurm-wlm munge
  # The Debian package (issue 24, `make package-test`): dpkg-shlibdeps and fakeroot for CPack, and
  # the validators of the package, its .desktop entry, AppStream metainfo and MIME type.
  dpkg-dev fakeroot lintian desktop-file-utils appstream shared-mime-info libxml2-utils
  # Team modules run in a host process under a seccomp filter (engine/podball module host).
  libseccomp-dev
  # The documentation site (`make docs`, part of `make test`): mkdocs build --strict of docs/.
  mkdocs
)

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
