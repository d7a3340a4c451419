#!/usr/bin/env bash
# One style for every C and C++ file git knows (.clang-format; docs/building.md#style).
#   format.sh         rewrite them in place (`make format`)
#   format.sh --check name each file that differs and fail, changing nothing (`make format-check`)
set -euo pipefail
cd "$(dirname "$0")/.."
CLANG_FORMAT=${CLANG_FORMAT:-clang-format-14}
if ! command -v "$CLANG_FORMAT" >/dev/null 2>&1; then
  echo "format.sh: $CLANG_FORMAT not found (scripts/install-deps.sh test installs it)" >&2
  exit 2
fi
mapfile -d '' files < <(git ls-files -z -- '*.c' '*.h' '*.cpp' '*.hpp')
if [ "${1:-}" != "--check" ]; then
  printf '%s\0' "${files[@]}" | xargs -0 "$CLANG_FORMAT" -i
  exit 0
fi
if printf '%s\0' "${files[@]}" | xargs -0 "$CLANG_FORMAT" --dry-run --Werror >/dev/null 2>&1; then
  echo "format-check: ${#files[@]} files in the style of .clang-format"
  exit 0
fi
bad=()
for f in "${files[@]}"; do
  if ! "$CLANG_FORMAT" --dry-run --Werror "$f" >/dev/null 2>&1; then bad+=("$f"); fi
done
if [ ${#bad[@]} -gt 0 ]; then
  printf '%s: not in the style of .clang-format\n' "${bad[@]}" >&2
  echo "format-check: ${#bad[@]} of ${#files[@]} files differ; \`make format\` rewrites them" >&2
  exit 1
fi
echo "format-check: $CLANG_FORMAT failed on the whole set but on no single file (run it by hand to see why)" >&2
exit 2
