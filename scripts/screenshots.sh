#!/usr/bin/env bash
# The pictures README.md shows, one per lab, rendered by Playbench itself (`playbench render`, the same
# UI code as the window, no display needed), so they show what the current build draws.
#   scripts/screenshots.sh [OUT_DIR] [PLAYBENCH]     (defaults: docs/, build/release/playbench)
# `make screenshots` builds Release first, then runs this.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-docs}"
bin="${2:-build/release/playbench}"
if [ ! -x "$bin" ]; then
  echo "screenshots: no Playbench binary at $bin (run make build first)" >&2
  exit 2
fi
mkdir -p "$out"
# lab  scenario  ticks  side-panel tab
shots=(
  "podball   scenarios/podball-default.toml          1500 analysis"
  "rgs       scenarios/rgs-build-order.toml          900  analysis"
  "logistics scenarios/logistics-colony.toml         600  analysis"
  "effects   scenarios/effects-worked-examples.toml  240  analysis"
  "tasks     scenarios/tasks-toward-the-stars.toml   0    analysis"
)
for line in "${shots[@]}"; do
  read -r lab scenario ticks tab <<<"$line"
  "$bin" render "$scenario" --ticks "$ticks" --tab "$tab" --size 1280x800 --out "$out/screenshot-$lab.png"
done
