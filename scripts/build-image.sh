#!/usr/bin/env bash
# `make image` (docs/packaging.md#container-image): the container image of deploy/container/Containerfile
# from the Debian package in BUILD_DIR (`make package` builds it), tagged playbench:VERSION and
# playbench:latest, with podman or docker, whichever is present (podman first: `bash
# scripts/install-deps.sh image` installs it with mmdebstrap).
#
#   scripts/build-image.sh [BUILD_DIR]      (default build/release)
#
# The base is a local debian:12 image when there is one; otherwise one is made here with
# mmdebstrap (a Debian 12 minbase from deb.debian.org, or PLAYBENCH_DEBIAN_MIRROR) and imported as
# localhost/debian:12, so no registry is needed, and later builds reuse it. podman builds with
# --isolation=chroot, which works without cgroups or a user namespace (inside a container too).
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$here/build/release}
mirror=${PLAYBENCH_DEBIAN_MIRROR:-http://deb.debian.org/debian}
started=$(date +%s)

if command -v podman >/dev/null; then
    engine=podman
    build_flags=(--isolation=chroot)
    has_image() { podman image exists "$1"; }
elif command -v docker >/dev/null && docker info >/dev/null 2>&1; then
    engine=docker
    build_flags=()
    has_image() { docker image inspect "$1" >/dev/null 2>&1; }
else
    echo "make image: neither podman nor a running docker found; \`bash scripts/install-deps.sh image\` installs podman" >&2
    exit 2
fi

mapfile -t debs < <(ls -t "$build"/playbench_*.deb 2>/dev/null)
if [ ${#debs[@]} -eq 0 ]; then
    echo "make image: no $build/playbench_*.deb; \`make package\` builds it" >&2
    exit 2
fi
deb=${debs[0]}
version=$(dpkg-deb -f "$deb" Version)

base=
for candidate in debian:12 docker.io/library/debian:12 localhost/debian:12; do
    if has_image "$candidate"; then base=$candidate; break; fi
done
if [ -z "$base" ]; then
    if ! command -v mmdebstrap >/dev/null; then
        echo "make image: no debian:12 image here and no mmdebstrap to make one; \`bash scripts/install-deps.sh image\` installs it" >&2
        exit 2
    fi
    base=localhost/debian:12
    security=${mirror%/debian}/debian-security
    echo "make image: no debian:12 image on this machine: making one with mmdebstrap (bookworm minbase from $mirror) as $base"
    mmdebstrap --quiet --variant=minbase --include=ca-certificates --format=tar \
        --customize-hook='rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/*.bin' \
        bookworm - "deb $mirror bookworm main" "deb $mirror bookworm-updates main" \
        "deb $security bookworm-security main" |
        "$engine" import --change 'CMD ["/bin/bash"]' - "$base" >/dev/null
    echo "make image: base $base made in $(($(date +%s) - started)) s"
fi

# The build context holds the package and nothing else.
context=$(mktemp -d)
trap 'rm -rf "$context"' EXIT
cp "$deb" "$context/"
echo "make image: $engine build of deploy/container/Containerfile on $base with $(basename "$deb")"
"$engine" build "${build_flags[@]}" --build-arg BASE="$base" -f "$here/deploy/container/Containerfile" \
    -t "playbench:$version" -t playbench:latest "$context"
echo "make image: playbench:$version and playbench:latest built with $engine in $(($(date +%s) - started)) s"
