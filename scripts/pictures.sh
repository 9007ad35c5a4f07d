#!/usr/bin/env bash
# pictures.sh — regenerate the pictures of the README and docs/cli.md in docs/ with the project's own commands:
#   docs/dungeon_heatmap.png  `dmap field --format png` of the demo dungeon's Dijkstra map
#                             toward its stairs, with the goal, the downhill path from the
#                             top-left room and the downhill arrows
#   docs/viewer.png           the replay viewer on a bomber game with Gambit's goal map (a
#                             standalone HTML replay written by the arena kit's writer),
#                             screenshotted by headless Chromium
# Usage: scripts/pictures.sh [BUILD_DIR]   (default ./build; configured and built if needed)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
scripts/deps.sh test >/dev/null
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" -j2 --target dmap_cli make_html bomber >/dev/null
dmap="$build/dmap"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p docs

# The demo's dungeon, as `dmap demo` prints it (the lines between its two captions).
"$dmap" demo | sed -n '/^A small dungeon:/,/^its Dijkstra map/p' | sed '1,2d;$d' | sed '$d' >"$work/dungeon.txt"
"$dmap" field "$work/dungeon.txt" --goal-char '>' --format png --output docs/dungeon_heatmap.png \
    --force --scale 24 --path 1,1 --arrows

# The viewer on a real bomber game with Gambit's goal map (`bomber match --maps`), at tick 300,
# coloured by rank (a few penalty cells would squeeze the rest into one colour).
"$build/arenas/bomber/bomber" match --seed 3 --bots gambit,random --replay "$work/bomber.jsonl" \
    --maps >/dev/null
"$build/tests/viewer/make_html" "$work/bomber.jsonl" "$work/replay.html"
chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$work/profile" --hide-scrollbars --force-device-scale-factor=1 \
    --window-size=1000,690 --screenshot="$work/viewer.png" \
    "file://$work/replay.html#turn=300&map=p0/goal&scale=rank" >/dev/null 2>&1
mv "$work/viewer.png" docs/viewer.png
echo "wrote docs/dungeon_heatmap.png and docs/viewer.png"
