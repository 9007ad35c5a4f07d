#!/usr/bin/env bash
# ceiling.sh — maps built from goals have no ceiling unless --default gives one, in every
# command; a start with no way down is reported (exit 1); a goal that could not count
# (its value not below the ceiling) is refused (exit 2) instead of silently dropped.
# Oracles: distances along a corridor (x), and the Moving AI scenario file's optimal length.
set -euo pipefail

DMAP=${DMAP:?set DMAP to the dmap binary}
SOURCE=${DMAP_SOURCE:?set DMAP_SOURCE to the source folder}
source "$(dirname "${BASH_SOURCE[0]}")/lib.bash"
cli_begin cli_ceiling
berlin="$SOURCE/tests/data/movingai/Berlin_0_256.map"
require_data "$berlin" "$berlin.scen"
cd "$tmp"

# ---- no ceiling by default -------------------------------------------------------------------
printf '%300s\n' '' | tr ' ' '.' >corridor.txt
want_path=$(for ((x = 299; x >= 0; x--)); do echo "$x,0"; done)
expect_quiet_out "descend a 300-cell corridor to its far goal" "$want_path" \
    "$DMAP" descend corridor.txt --goal 0,0 --from 299,0
expect_quiet_out "field: the far end is 299 away" "299" \
    bash -c '"$0" field corridor.txt --goal 0,0 --format csv | tr , "\n" | tail -n 1' "$DMAP"
# flee uses the same rule: -1.2 * 299 at the far end, the same with or without --default 1e6
flee_default=$("$DMAP" flee corridor.txt --goal 0,0 --format csv)
flee_high=$("$DMAP" flee corridor.txt --goal 0,0 --format csv --default 1e6)
expect_true "flee: no ceiling equals a ceiling above every distance" \
    test "$flee_default" == "$flee_high"
expect_quiet_out "--default inf says no ceiling explicitly" "$flee_default" \
    "$DMAP" flee corridor.txt --goal 0,0 --format csv --default inf
expect_true "flee: the far end holds -1.2 * 299" \
    test "$(echo "$flee_default" | tr , '\n' | tail -n 1)" == "-358.8"
# --default 100 is the classic map: a plateau of 100 beyond distance 100
expect_out "field --default 100: the plateau" "100" \
    bash -c '"$0" field corridor.txt --goal 0,0 --default 100 --format csv | tr , "\n" | tail -n 1' \
    "$DMAP"
expect_no_answer "descend from the plateau at the ceiling" \
    "^dmap: descend: no goal within reach of 299,0" \
    "$DMAP" descend corridor.txt --goal 0,0 --from 299,0 --default 100
# (sed, not head, reads the whole output: a pipe closed early is a write error under Wine,
# where no SIGPIPE ends the tool quietly)
expect_quiet_out "descend below the ceiling still works" $'99,0\n98,0' \
    bash -c '"$0" descend corridor.txt --goal 0,0 --from 99,0 --default 100 | sed -n 1,2p' "$DMAP"

# a start that no goal reaches (a wall cuts the map)
printf '..#.\n..#.\n' >split.txt
expect_no_answer "descend from a cut-off cell" "^dmap: descend: no goal within reach of 3,0$" \
    "$DMAP" descend split.txt --goal 0,0 --from 3,0
expect_no_answer "descend --flee from a cell no threat reaches" \
    "^dmap: descend: no threat within reach of 3,1$" \
    "$DMAP" descend split.txt --goal 0,0 --from 3,1 --flee
expect_quiet_out "field: cells no goal reaches are inf" $'0,1,#,inf\n1,2,#,inf' \
    "$DMAP" field split.txt --goal 0,0 --format csv

# update: the same rule; its maps equal fresh `dmap field` runs of the edited map
printf 'floor 2 0\n' >open.txt
printf '....\n..#.\n' >opened.txt
expect_out "update without ceiling: opening the wall reaches the cut-off cells" \
    "$("$DMAP" field opened.txt --goal 0,0 --format csv)" \
    "$DMAP" update split.txt --goal 0,0 --edits open.txt
printf 'wall 2 0\n' >close.txt
expect_out "update without ceiling: closing it again gives inf" \
    "$("$DMAP" field split.txt --goal 0,0 --format csv)" \
    "$DMAP" update opened.txt --goal 0,0 --edits close.txt
printf 'goal 1 1 150\n' >high.txt
expect_usage "update: an edited goal above the ceiling" \
    "^dmap: high.txt:1: goal value 150 is not below the ceiling" \
    "$DMAP" update split.txt --goal 0,0 --default 100 --edits high.txt

# a real map: roll down from one end of a scenario's longest query to the other
query=$(tail -n 1 "$berlin.scen") # 92 Berlin_0_256.map 256 256 9 25 245 251 369.44574280
read -r _ _ _ _ sx sy gx gy optimal <<<"$query"
path=$("$DMAP" descend "$berlin" --goal "$gx,$gy" --from "$sx,$sy" --moves octile)
expect_true "descend on Berlin_0_256 ends at the goal" test "$(echo "$path" | tail -n 1)" == "$gx,$gy"
expect_true "descend on Berlin_0_256 starts at the start" test "$(echo "$path" | head -n 1)" == "$sx,$sy"
got=$("$DMAP" field "$berlin" --goal "$gx,$gy" --moves octile --format csv |
    sed -n "$((sy + 1))p" | cut -d, -f"$((sx + 1))")
expect_true "field on Berlin_0_256 matches the scenario's optimal length ($optimal, got $got)" \
    awk -v a="$got" -v b="$optimal" 'BEGIN { d = a - b; exit !(d < 1e-5 * b && d > -1e-5 * b) }'

# ---- goals that could not count are refused, not dropped ------------------------------------
printf '....\n.#..\n....\n' >room.txt
expect_usage "field: a goal above the ceiling" \
    "^dmap: --goal 1,0=150: goal value 150 is not below the ceiling --default 100" \
    "$DMAP" field room.txt --goal 1,0=150 --default 100
expect_usage "field: a goal at the ceiling" "^dmap: --goal 0,0=100: goal value 100 is not below" \
    "$DMAP" field room.txt --goal 0,0=100 --default 100 --goal 3,2
expect_usage "field --goal-char above the ceiling" "^dmap: --goal-char .=101: goal value 101" \
    "$DMAP" field room.txt --goal-char '.=101' --default 100
expect_usage "flee: a threat above the ceiling" "^dmap: --goal 0,0=7: goal value 7 is not below" \
    "$DMAP" flee room.txt --goal 0,0=7 --default 5
expect_usage "descend: a goal above the ceiling" "^dmap: --goal 3,2=200: goal value 200" \
    "$DMAP" descend room.txt --goal 3,2=200 --from 0,0 --default 100
expect_quiet_out "without a ceiling any goal value counts" $'151 150 151 152\n152   # 152 153\n153 154 153 154' \
    "$DMAP" field room.txt --goal 1,0=150

# ---- the help says so -----------------------------------------------------------------------
for cmd in field flee descend update; do
    expect_true "$cmd --help says there is no ceiling by default" \
        bash -c '"$0" help "$1" | grep "no ceiling" >/dev/null' "$DMAP" "$cmd"
done

cli_finish
