#!/usr/bin/env bash
# update.sh — CLI tests of `dmap update`: after each batch of edits the printed map equals what
# `dmap field` prints for the edited map file (walls drawn into the text, the goals moved), on a
# text map and on a Moving AI map with octile moves; the touched counts go to stderr; bad edit
# files are refused with one line and exit 2 before anything is printed.
set -euo pipefail

DMAP=${DMAP:?set DMAP to the dmap binary}
SOURCE=${DMAP_SOURCE:?set DMAP_SOURCE to the source folder}
source "$(dirname "${BASH_SOURCE[0]}")/lib.bash"
cli_begin cli_update
MAZE="$SOURCE/tests/data/movingai/maze512-1-0.map"
require_data "$MAZE"

printf '......\n..#...\n......\n...#..\n' >"$tmp/room.txt"
printf '..#...\n..#...\n......\n...#..\n' >"$tmp/room1.txt"   # batch 1: wall at 2,0
printf '..#...\n......\n......\n...#..\n' >"$tmp/room2.txt"   # batch 2: floor at 2,1
cat >"$tmp/edits.txt" <<'EDITS'
# batch 1: a wall
wall 2 0
---
# batch 2: the goal moves from 0,0 to 5,3 and the wall at 2,1 goes
ungoal 0 0
goal 5 3 0
floor 2 1
---
goal 1 1 -2.5
EDITS
want="$("$DMAP" field "$tmp/room1.txt" --goal 0,0 --format csv)

$("$DMAP" field "$tmp/room2.txt" --goal 5,3 --format csv)

$("$DMAP" field "$tmp/room2.txt" --goal 5,3 --goal 1,1=-2.5 --format csv)"
expect_out "three batches equal dmap field of the edited maps" "$want" \
    "$DMAP" update "$tmp/room.txt" --goal 0,0 --edits "$tmp/edits.txt"

# stderr: one line per batch with the touched count
"$DMAP" update "$tmp/room.txt" --goal 0,0 --edits "$tmp/edits.txt" >/dev/null 2>"$tmp/err"
if [[ $(grep -c '^batch [0-9]*: [0-9]* cells touched$' "$tmp/err") -eq 3 ]]; then pass
else fail "touched lines: $(cat "$tmp/err")"; fi

# 8-connected with fractional steps on a Moving AI maze: move a goal by one cell
printf 'ungoal 1 1\ngoal 2 1 0\n' >"$tmp/move.txt"
want="$("$DMAP" field "$MAZE" --goal 2,1 --moves 8 --diagonal 1.4142135623730951 --corners strict \
    --default 1e9 --format csv)"
expect_out "a moved goal on maze512-1-0 equals a fresh field" "$want" \
    "$DMAP" update "$MAZE" --goal 1,1 --moves 8 --diagonal 1.4142135623730951 --corners strict \
    --default 1e9 --edits "$tmp/move.txt"

# bad edits: one line, exit 2, nothing printed
for bad in 'wall 6 0' 'goal 1 1 nan' 'cost 1 1 -1' 'paint 1 1' 'wall 1' 'wall 1 1 1' '--- x'; do
    printf '%s\n' "$bad" >"$tmp/bad.txt"
    expect_usage "bad edit '$bad'" 'bad.txt:1: ' "$DMAP" update "$tmp/room.txt" --goal 0,0 \
        --edits "$tmp/bad.txt"
done
printf 'goal 1 1 7\n' >"$tmp/high.txt"
expect_usage "a goal not below the ceiling" 'high.txt:1: goal value 7 is not below the ceiling 5' \
    "$DMAP" update "$tmp/room.txt" --goal 0,0 --default 5 --edits "$tmp/high.txt"
printf 'wall 1 0\n---\nwall 9 9\n' >"$tmp/late.txt"
expect_usage "an error in a later batch prints nothing" 'late.txt:3: ' "$DMAP" update \
    "$tmp/room.txt" --goal 0,0 --edits "$tmp/late.txt"
expect_usage "no --edits" 'no --edits' "$DMAP" update "$tmp/room.txt" --goal 0,0
expect_usage "missing edits file" 'nosuch' "$DMAP" update "$tmp/room.txt" --goal 0,0 \
    --edits "$tmp/nosuch.txt"
cli_finish
