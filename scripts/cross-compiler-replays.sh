#!/usr/bin/env bash
# Replays survive a change of compiler: every shipped scenario is recorded by one build and
# verified, tick hash by tick hash and snapshot by snapshot, by the other, both ways; the
# `run --json` state of each scenario must also be byte-identical between the builds.
#   usage: scripts/cross-compiler-replays.sh GCC_PLAYBENCH CLANG_PLAYBENCH [TICKS]
# Exit 0 when every replay verifies and every state agrees; 1 otherwise, naming the scenario and
# the first divergent tick (from `replay verify`).
set -uo pipefail
cd "$(dirname "$0")/.."
gcc_bin=${1:?usage: scripts/cross-compiler-replays.sh GCC_PLAYBENCH CLANG_PLAYBENCH [TICKS]}
clang_bin=${2:?usage: scripts/cross-compiler-replays.sh GCC_PLAYBENCH CLANG_PLAYBENCH [TICKS]}
ticks=${3:-3600}
for b in "$gcc_bin" "$clang_bin"; do
  [ -x "$b" ] || { echo "cross-compiler replays: $b is not an executable (build both first)" >&2; exit 1; }
done
work=$(mktemp -d "${TMPDIR:-/tmp}/playbench-cross.XXXXXX")
trap 'rm -rf "$work"' EXIT

failures=0
checked=0
start=$(date +%s)
for scenario in scenarios/*.toml; do
  name=$(basename "$scenario" .toml)
  for pair in "gcc:$gcc_bin:clang:$clang_bin" "clang:$clang_bin:gcc:$gcc_bin"; do
    IFS=: read -r rec_name rec_bin ver_name ver_bin <<<"$pair"
    replay="$work/$name.$rec_name.pbreplay"
    if ! "$rec_bin" replay record "$scenario" --ticks "$ticks" --out "$replay" >"$work/rec.log" 2>&1; then
      echo "cross-compiler replays: $name: recording with the $rec_name build failed:" >&2
      cat "$work/rec.log" >&2
      failures=$((failures + 1))
      continue
    fi
    if ! "$ver_bin" replay verify "$replay" >"$work/verify.log" 2>&1; then
      echo "cross-compiler replays: $name recorded by the $rec_name build does NOT verify with the $ver_name build:" >&2
      cat "$work/verify.log" >&2
      failures=$((failures + 1))
    fi
    checked=$((checked + 1))
  done
  # The whole state (JSON), not only its hashes.
  "$gcc_bin" run "$scenario" --ticks "$ticks" --json >"$work/gcc.json" 2>&1
  "$clang_bin" run "$scenario" --ticks "$ticks" --json >"$work/clang.json" 2>&1
  if ! cmp -s "$work/gcc.json" "$work/clang.json"; then
    echo "cross-compiler replays: $name: run --json after $ticks ticks differs between the builds:" >&2
    diff <(tr ',' '\n' <"$work/gcc.json") <(tr ',' '\n' <"$work/clang.json") | head -20 >&2
    failures=$((failures + 1))
  fi
done
if [ "$failures" -gt 0 ]; then
  echo "cross-compiler replays: $failures failure(s) over $checked replays of $ticks ticks" >&2
  exit 1
fi
echo "cross-compiler replays: $checked replays of $ticks ticks ($(ls scenarios/*.toml | wc -l) scenarios, GCC->Clang and Clang->GCC) verify; run --json identical; $(( $(date +%s) - start )) s"
