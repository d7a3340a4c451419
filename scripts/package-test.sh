#!/usr/bin/env bash
# The Debian package as a user gets it (docs/packaging.md#package-test), without installing it:
# `make package-test` (part of `make test`, after `make package`). Usage: scripts/package-test.sh
# BUILD_DIR
#  1. build/release/playbench_VERSION_ARCH.deb, its control fields (version = PROJECT_VERSION,
#     Depends from shlibdeps plus fonts-dejavu-core);
#  2. unpacked with dpkg-deb -x into a temporary root; ROOT/usr/bin/playbench run from an unrelated
#     folder finds its data in ROOT/usr/share/playbench: --version, params, the default scenario
#     (no display: headless run + screenshot), run and render of installed scenarios, replay record
#     then verify, a team module built from the installed example run through the installed
#     module host; under Xvfb (when installed) a replay and a scenario opened as a double-click does;
#  3. desktop-file-validate, appstreamcli validate --no-net, lintian (fails on E:), the MIME XML
#     (xmllint, update-mime-database into a temporary folder: the generated magic and glob files
#     must know a recorded replay), the icons' sizes.
# Every step says what it checked and how long it took; the first failure stops it (exit 1).
# Runs as root or not (no root install is needed).
set -euo pipefail

build=${1:-build/release}
build=$(cd "$build" && pwd)
src=$(cd "$(dirname "$0")/.." && pwd)   # the source tree: the README
started=$(date +%s.%N)
step_started=$started

fail() { echo "package-test: FAILED: $*" >&2; exit 1; }
step() {
    local now
    now=$(date +%s.%N)
    printf 'package-test: ok  %-72s %5.1f s\n' "$1" "$(awk "BEGIN{print $now - $step_started}")"
    step_started=$now
}
need() { command -v "$1" >/dev/null 2>&1 || fail "$1 is missing (Debian package $2: scripts/install-deps.sh installs it)"; }
need dpkg-deb dpkg
need desktop-file-validate desktop-file-utils
need appstreamcli appstream
need lintian lintian
need update-mime-database shared-mime-info
need xmllint libxml2-utils

# ---------------------------------------------------------------- 1. the package file
version=$(sed -n 's/^set(CPACK_PACKAGE_VERSION "\(.*\)")$/\1/p' "$build/CPackConfig.cmake")
[ -n "$version" ] || fail "no CPACK_PACKAGE_VERSION in $build/CPackConfig.cmake (configure the build first)"
arch=$(dpkg --print-architecture)
deb="$build/playbench_${version}_${arch}.deb"
[ -f "$deb" ] || fail "$deb is missing: run \`make package\`"
[ "$(dpkg-deb -f "$deb" Package)" = playbench ] || fail "package name is not playbench"
[ "$(dpkg-deb -f "$deb" Version)" = "$version" ] || fail "package version $(dpkg-deb -f "$deb" Version) is not $version"
depends=$(dpkg-deb -f "$deb" Depends)
for d in fonts-dejavu-core libsdl2 libsqlite3 libstdc++6; do
    [[ "$depends" == *"$d"* ]] || fail "Depends lacks $d: $depends"
done
size_kb=$(( $(stat -c %s "$deb") / 1024 ))
step "$(basename "$deb"): $size_kb KB, version $version, Depends: $depends"

tmp=$(mktemp -d /tmp/playbench-package-test.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
root="$tmp/root"
dpkg-deb -x "$deb" "$root"
bin="$root/usr/bin/playbench"
share="$root/usr/share/playbench"
for f in "$bin" "$root/usr/libexec/playbench/playbench-module-host" "$share/scenarios/podball-default.toml" \
         "$share/sweeps/podball-scoring.toml" "$share/examples/modules/simple_striker.c" \
         "$root/usr/include/playbench/podball_module_abi.h" "$root/usr/share/doc/playbench/README.md" \
         "$root/usr/share/doc/playbench/docs/scenario-files.md" "$root/usr/share/doc/playbench/docs/labs/rgs.md" \
         "$root/usr/share/doc/playbench/copyright" "$root/usr/share/doc/playbench/changelog.gz" \
         "$root/usr/share/man/man1/playbench.1.gz" "$root/usr/share/applications/playbench.desktop" \
         "$root/usr/share/metainfo/local.playbench.Playbench.metainfo.xml" "$root/usr/share/mime/packages/playbench.xml" \
         "$root/usr/share/icons/hicolor/scalable/apps/playbench.svg"; do
    [ -f "$f" ] || fail "the package lacks ${f#"$root"}"
done
# The changelog's newest entry is this version (a version bump needs its entry).
top=$(zcat "$root/usr/share/doc/playbench/changelog.gz" | head -1)
[[ "$top" == "playbench ($version) "* ]] || fail "changelog's newest entry is '$top', not $version"
step "unpacked into a temporary root ($(du -sk "$root" | cut -f1) KB installed)"

# ---------------------------------------------------------------- 2. the installed program
# From a folder that has nothing of Playbench's, with no display and a configuration of its own.
cwd="$tmp/elsewhere"
mkdir -p "$cwd" "$tmp/config"
cd "$cwd"
export XDG_CONFIG_HOME="$tmp/config"
unset DISPLAY WAYLAND_DISPLAY PLAYBENCH_MODULE_HOST || true
run() {   # run NAME ARGS...: the installed binary; stdout in NAME.out, stderr in NAME.err
    local name=$1
    shift
    local rc=0
    "$bin" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err" || rc=$?
    if [ "$rc" -ne 0 ]; then
        cat "$tmp/$name.out" "$tmp/$name.err" >&2
        fail "playbench $* (exit code $rc)"
    fi
}

run version --version
[ "$(cat "$tmp/version.out")" = "playbench $version" ] || fail "--version says '$(cat "$tmp/version.out")', the package is $version"
step "--version: $(cat "$tmp/version.out")"

run params params
grep -q 'podball.ball.friction' "$tmp/params.out" || fail "params does not list podball.ball.friction"
step "params: $(wc -l <"$tmp/params.out") lines"

# No scenario given and no display: the default scenario, found in the install, runs headless.
run default
grep -qF "running $share/scenarios/podball-default.toml headless" "$tmp/default.err" ||
    { cat "$tmp/default.err" >&2; fail "the default scenario was not the installed one"; }
[ -s "$cwd/playbench-podball-default.png" ] || fail "no screenshot of the default scenario in the working folder"
step "no arguments: the installed default scenario, headless, screenshot written"

run run run "$share/scenarios/rgs-build-order.toml" --ticks 600 --json
grep -q '"hash"' "$tmp/run.out" || fail "run --json printed no hash"
# A scenario path the user gives is relative to their working folder.
cp "$share/scenarios/podball-default.toml" "$cwd/mine.toml"
run runmine run mine.toml --ticks 300 --json
grep -q '"lab": "podball"' "$tmp/runmine.out" || fail "run of ./mine.toml did not run Podball"
step "run of an installed scenario and of one in the working folder"

run render render "$share/scenarios/logistics-colony.toml" --ticks 120 --size 640x400 --out "$cwd/render.png"
[ "$(head -c 8 "$cwd/render.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || fail "render wrote no PNG"
step "render (offscreen, no display): $(stat -c %s "$cwd/render.png") bytes"

run record replay record "$share/scenarios/podball-default.toml" --ticks 900 --out "$cwd/session.pbreplay"
run verify replay verify "$cwd/session.pbreplay"
step "replay record, then verify"

# The example team module, built as a user would from the installed source and header (installed:
# /usr/include, where the compiler looks; unpacked here: -I the root's), plays through the
# installed module host (library modules are isolated by default).
if command -v cc >/dev/null 2>&1; then
    cc -shared -fPIC -O2 -I"$root/usr/include" "$share/examples/modules/simple_striker.c" -o "$cwd/libstriker.so" -lm
    sed 's|^module = "chaser".*|module = "lib:'"$cwd"'/libstriker.so"|' "$share/scenarios/podball-default.toml" >"$cwd/module.toml"
    grep -q 'lib:' "$cwd/module.toml" || fail "could not point module.toml at the example module"
    run module run module.toml --ticks 300 --json
    grep -q '"lab": "podball"' "$tmp/module.out" || fail "the example module's match did not run"
    step "example module built from the installed source, run through the installed module host"
else
    echo "package-test: skipped the example module (no C compiler)"
fi

# Double-clicking: the .desktop entry runs `playbench FILE`. Under Xvfb, a replay (even renamed:
# it is known by its magic bytes) opens in review, a scenario opens as the scenario.
if command -v xvfb-run >/dev/null 2>&1; then
    cp "$cwd/session.pbreplay" "$cwd/renamed-replay"
    for what in session.pbreplay renamed-replay mine.toml; do
        printf 'frame 8 dump %s\nframe 10 quit\n' "$cwd/$what.json" >"$cwd/script.txt"
        PLAYBENCH_UI_SCALE=1 SDL_RENDER_DRIVER=software SDL_FRAMEBUFFER_ACCELERATION=0 \
            timeout 120 xvfb-run -a -s '-screen 0 1280x800x24 -nolisten tcp -noreset' \
            "$bin" --script "$cwd/script.txt" "$cwd/$what" >"$tmp/window.out" 2>"$tmp/window.err" ||
            { cat "$tmp/window.err" >&2; fail "the window on $what"; }
        case $what in
            *.toml) grep -q '"reviewing": false' "$cwd/$what.json" && grep -q "\"scenario\": \"[^\"]*$what\"" "$cwd/$what.json" ||
                        fail "playbench $what did not open the scenario" ;;
            *) grep -q '"reviewing": true' "$cwd/$what.json" || fail "playbench $what did not open the replay in review" ;;
        esac
    done
    step "window (Xvfb): a replay, a renamed replay, a scenario opened as double-clicked"
else
    echo "package-test: skipped the window checks (no xvfb-run)"
fi

# ---------------------------------------------------------------- 3. validators
desktop-file-validate "$root/usr/share/applications/playbench.desktop" || fail "desktop-file-validate"
grep -q '^Exec=playbench %f$' "$root/usr/share/applications/playbench.desktop" || fail "Exec is not 'playbench %f'"
grep -q '^MimeType=.*application/x-playbench-replay;' "$root/usr/share/applications/playbench.desktop" ||
    fail "the .desktop entry does not list the replay type"
step "desktop-file-validate"

appstreamcli validate --no-net "$root/usr/share/metainfo/local.playbench.Playbench.metainfo.xml" || fail "appstreamcli validate"
grep -q "<release version=\"$version\"" "$root/usr/share/metainfo/local.playbench.Playbench.metainfo.xml" ||
    fail "the metainfo has no release $version"
# Every screenshot the metainfo names is one README.md (the front page) shows, shipped in the
# package too.
for shot in $(grep -o 'screenshot-[a-z]*\.png' "$root/usr/share/metainfo/local.playbench.Playbench.metainfo.xml"); do
    [ -s "$root/usr/share/doc/playbench/screenshots/$shot" ] || fail "the metainfo names $shot, not in the package"
    grep -q "docs/$shot" "$src/README.md" || fail "the metainfo names $shot, not in the README"
done
step "appstreamcli validate --no-net"

mime="$root/usr/share/mime/packages/playbench.xml"
xmllint --noout "$mime" || fail "xmllint $mime"
mkdir -p "$tmp/mime/packages"
cp "$mime" "$tmp/mime/packages/"
update-mime-database "$tmp/mime" 2>/dev/null || fail "update-mime-database refused $mime"
grep -qx '50:application/x-playbench-replay:\*\.pbreplay' "$tmp/mime/globs2" || fail "no *.pbreplay glob in the MIME database"
# The magic file update-mime-database wrote, byte for byte: the replay type at priority 80 whose
# 8-byte string at offset 0 is what a replay recorded above begins with.
{ printf 'MIME-Magic\0\n[80:application/x-playbench-replay]\n>0=\0\010'; head -c 8 "$cwd/session.pbreplay"; printf '\n'; } >"$tmp/magic.expected"
cmp -s "$tmp/magic.expected" "$tmp/mime/magic" ||
    { od -c "$tmp/mime/magic" >&2; fail "the MIME magic does not match a recorded replay's first 8 bytes"; }
step "MIME type: xmllint, update-mime-database, magic = a replay's first 8 bytes"

for size in 16 32 48 64 128 256; do
    png="$root/usr/share/icons/hicolor/${size}x${size}/apps/playbench.png"
    [ -f "$png" ] || fail "no ${size}x${size} icon"
    # PNG: 8-byte signature, IHDR chunk (length, type), then width and height as 32-bit big-endian.
    read -r w h < <(od -An -j16 -N8 -tu1 "$png" | awk '{print $1*16777216+$2*65536+$3*256+$4, $5*16777216+$6*65536+$7*256+$8}')
    [ "$w" = "$size" ] && [ "$h" = "$size" ] || fail "icon ${size}x${size} is ${w}x${h}"
done
xmllint --noout "$root/usr/share/icons/hicolor/scalable/apps/playbench.svg" || fail "the SVG icon is not well-formed"
step "icons: 16 .. 256 PNGs of the right sizes, the SVG"

# Lintian as root says so and goes on; its errors fail the test, warnings are printed.
lintian_out=$(lintian --tag-display-limit 0 "$deb" 2>&1) || true
[ -z "$lintian_out" ] || echo "$lintian_out"
if grep -q '^E: ' <<<"$lintian_out"; then fail "lintian reports errors"; fi
step "lintian: $(grep -c '^[EW]: ' <<<"$lintian_out" || true) errors+warnings ($(grep -c '^E: ' <<<"$lintian_out" || true) errors)"

printf 'package-test: all passed in %.1f s\n' "$(awk "BEGIN{print $(date +%s.%N) - $started}")"
