#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz/, Debian's clang 14, ASan + UBSan) in build/fuzz and runs each
# for SECONDS seconds on its seed corpus (fuzz/corpus/<target>/). What a run discovers goes to
# build/fuzz/work/<target>/, never into the repository; a crash, a leak, an out-of-memory or a slow
# input (over 10 s) stops the run and fails, naming the input under build/fuzz/artifacts/.
#   usage: scripts/fuzz.sh SECONDS [TARGET...]      (targets: scenario command replay lua_script)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:?usage: scripts/fuzz.sh SECONDS [TARGET...]}
shift
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(scenario command replay lua_script)

if ! command -v clang++-14 >/dev/null 2>&1; then
  echo "playbench: clang++-14 not found: fuzz targets skipped (scripts/install-deps.sh installs it)"
  exit 0
fi
cmake -S fuzz -B build/fuzz -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 >/dev/null
if ! cmake --build build/fuzz -j2 --target "${targets[@]/#/fuzz_}" >build/fuzz/build.log 2>&1; then
  cat build/fuzz/build.log >&2
  echo "playbench: the fuzz targets do not build (log above: build/fuzz/build.log)" >&2
  exit 1
fi
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}

status=0
for t in "${targets[@]}"; do
  work=build/fuzz/work/$t
  mkdir -p "$work" build/fuzz/artifacts
  log=build/fuzz/$t.log
  dict=()
  [ -f fuzz/"$t".dict ] && dict=(-dict=fuzz/"$t".dict)
  # The example Lua teams seed the script target beside its own corpus.
  seeds=(fuzz/corpus/"$t")
  [ "$t" = lua_script ] && seeds+=(examples/lua)
  start=$(date +%s)
  if ./build/fuzz/fuzz_"$t" "${dict[@]}" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
       -artifact_prefix=build/fuzz/artifacts/"$t"- "$work" "${seeds[@]}" >"$log" 2>&1; then
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    echo "fuzz $t: ${runs:-?} inputs in $(( $(date +%s) - start )) s, nothing found"
  else
    status=1
    echo "fuzz $t: FOUND A PROBLEM (log: $log)"
    grep -E 'ERROR|SUMMARY|Test unit written|^\s+#[0-9]+ ' "$log" | head -30
  fi
done
exit $status
