#!/usr/bin/env bash
# maps_moves.sh — CLI tests of `dmap combine`, `dmap flee`, `dmap descend` and `dmap reach`: the
# Dijkstra-map article's sum example, hand-checked flee values in a dead-end room, downhill paths,
# BFS paths and depths, and bad input (exit 2 with exactly one line on stderr).
set -euo pipefail

DMAP=${DMAP:?set DMAP to the dmap binary}
source "$(dirname "${BASH_SOURCE[0]}")/lib.bash"
cli_begin cli_maps_moves
cd "$tmp"

# ---- combine: the Dijkstra-map article's example ---------------------------------------------
printf '.....\n.....\n.....\n.....\n.....\n' >open.txt
"$DMAP" field open.txt --goal 2,2 --format csv >centre.csv
"$DMAP" field open.txt --goal 0,0 --goal 4,0 --goal 0,4 --goal 4,4 --format csv >corners.csv
expect_out "centre example" $'43234\n32123\n21012\n32123\n43234' "$DMAP" combine centre.csv --format digits
expect_out "sum example" $'44444\n44444\n44444\n44444\n44444' \
    "$DMAP" combine centre.csv corners.csv --format digits
expect_out "sum example, weights 1 explicit" $'4,4,4,4,4\n4,4,4,4,4\n4,4,4,4,4\n4,4,4,4,4\n4,4,4,4,4' \
    "$DMAP" combine 'centre.csv*1' 'corners.csv*1.0'
# 2*centre - corners: at the centre 2*0 - 4 = -4, at a corner 2*4 - 0 = 8.
expect_out "weighted" $'8,5,2,5,8\n5,2,-1,2,5\n2,-1,-4,-1,2\n5,2,-1,2,5\n8,5,2,5,8' \
    "$DMAP" combine 'centre.csv*2' 'corners.csv*-1'
expect_out "min" $'01210\n12121\n21012\n12121\n01210' "$DMAP" combine centre.csv corners.csv --min --format digits
expect_out "max" $'43234\n32323\n23432\n32323\n43234' "$DMAP" combine centre.csv corners.csv --max --format digits
expect_out "stdin term" $'44444\n44444\n44444\n44444\n44444' \
    "$DMAP" combine - corners.csv --format digits <centre.csv
# A wall in any input is a wall in the result.
printf '.....\n.#...\n.....\n.....\n.....\n' >wall.txt
"$DMAP" field wall.txt --goal 2,2 --format csv >wall.csv
expect_out "wall union" $'44444\n4#444\n44444\n44444\n44444' "$DMAP" combine wall.csv corners.csv --format digits

printf '...\n...\n' >small.txt
"$DMAP" field small.txt --goal 0,0 --format csv >small.csv
expect_usage "combine size mismatch" "" "$DMAP" combine centre.csv small.csv
expect_usage "combine missing file" "" "$DMAP" combine centre.csv nosuch.csv
expect_usage "combine bad weight" "" "$DMAP" combine 'centre.csv*2x'
# standard input takes a weight too: 2*centre + corners
expect_out "combine stdin weighted" $'87678\n76567\n65456\n76567\n87678' \
    bash -c '"$0" combine "-*2" corners.csv --format digits <centre.csv' "$DMAP"
expect_usage "combine no path" "" "$DMAP" combine '*2'
expect_usage "combine no maps" "" "$DMAP" combine --min
expect_usage "combine min and max" "" "$DMAP" combine centre.csv --min --max
expect_usage "combine unknown option" "" "$DMAP" combine centre.csv --avg
printf '1,2\n3\n' >ragged.csv
expect_usage "combine ragged csv" "" "$DMAP" combine ragged.csv

# ---- flee: the dead-end room of tests/test_flee.c ----------------------------------------------
# A 7x7 room (x 1..7, y 1..7), the door at (8,1), a corridor along row 1 to x = 58.
{
    printf '%s\n' "$(printf '#%.0s' $(seq 60))"
    printf '#%s.%s#\n' "$(printf '.%.0s' $(seq 7))" "$(printf '.%.0s' $(seq 50))"
    for _ in 2 3 4 5 6 7; do
        printf '#%s%s\n' "$(printf '.%.0s' $(seq 7))" "$(printf '#%.0s' $(seq 52))"
    done
    printf '%s\n' "$(printf '#%.0s' $(seq 60))"
} >room.txt
"$DMAP" flee room.txt --goal 6,6 --format csv >flee.csv
cell() { sed -n "$(($2 + 1))p" flee.csv | cut -d, -f$(($1 + 1)); }
near() { awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; exit !(d < 1e-9 && d > -1e-9) }'; }
# Hand-checked: corridor end -1.2*57; the agent's (3,4) pulled by it to -68.4 + 58; the
# corner (1,1) keeps -1.2*10.
if near "$(cell 58 1)" -68.4 && near "$(cell 3 4)" -10.4 && near "$(cell 1 1)" -12; then pass; else
    fail "flee values: $(cell 58 1) $(cell 3 4) $(cell 1 1)"
fi
# The article's flee situation end to end: rolling down the plain negation (factor -1: the rescan
# changes nothing) ends in the dead-end corner; rolling down the flee map leaves by the door.
expect_out "descend plain negation ends in the corner" "1,1" \
    bash -c "'$DMAP' descend room.txt --goal 6,6 --from 3,4 --flee --factor -1 | tail -1"
expect_out "descend flee map leaves the room" "58,1" \
    bash -c "'$DMAP' descend room.txt --goal 6,6 --from 3,4 --flee --seed 5 | tail -1"
expect_out "flee factor -1 is the plain negation" "-4,-3,-2,-3,-4" \
    bash -c "'$DMAP' flee open.txt --goal 2,2 --factor -1 --format csv | sed -n 1p"
expect_usage "flee positive factor" "" "$DMAP" flee open.txt --goal 2,2 --factor 1.2
expect_usage "flee no goal" "" "$DMAP" flee open.txt
expect_usage "flee goal on wall" "" "$DMAP" flee wall.txt --goal 1,1
expect_usage "flee bad factor" "" "$DMAP" flee open.txt --goal 2,2 --factor abc
expect_usage "flee missing map" "" "$DMAP" flee nosuch.txt --goal 2,2

# ---- descend -----------------------------------------------------------------------------------
expect_out "descend straight" $'4,2\n3,2\n2,2\n1,2\n0,2' "$DMAP" descend open.txt --goal 0,2 --from 4,2
expect_out "descend on goal" "2,2" "$DMAP" descend open.txt --goal 2,2 --from 2,2
# From the centre of the corners map all four directions tie; without a seed the first
# direction wins: UP twice, then RIGHT (before LEFT in dmap_dir order) twice.
expect_out "descend ties, no seed" $'2,2\n2,1\n2,0\n3,0\n4,0' \
    "$DMAP" descend open.txt --goal 0,0 --goal 4,0 --goal 0,4 --goal 4,4 --from 2,2
a=$("$DMAP" descend open.txt --goal 0,0 --goal 4,0 --goal 0,4 --goal 4,4 --from 2,2 --seed 11)
b=$("$DMAP" descend open.txt --goal 0,0 --goal 4,0 --goal 0,4 --goal 4,4 --from 2,2 --seed 11)
if [[ "$a" == "$b" && $(wc -l <<<"$a") -eq 5 && "$(head -1 <<<"$a")" == "2,2" ]]; then pass; else
    fail "descend seeded: '$a' vs '$b'"
fi
case "$(tail -1 <<<"$a")" in 0,0 | 4,0 | 0,4 | 4,4) pass ;; *) fail "descend seeded end: $a" ;; esac
# Different seeds reach different corners at least once.
ends=$(for s in 1 2 3 4 5 6 7 8 9 10; do
    "$DMAP" descend open.txt --goal 0,0 --goal 4,0 --goal 0,4 --goal 4,4 --from 2,2 --seed $s | tail -1
done | sort -u | wc -l)
if [[ $ends -ge 2 ]]; then pass; else fail "descend: seeds always end in the same corner"; fi
expect_out "descend blocked" $'4,2\n3,2' "$DMAP" descend open.txt --goal 0,2 --from 4,2 --block 2,2
expect_usage "descend from wall" "" "$DMAP" descend wall.txt --goal 0,0 --from 1,1
expect_usage "descend no from" "" "$DMAP" descend open.txt --goal 0,0
expect_usage "descend from outside" "" "$DMAP" descend open.txt --goal 0,0 --from 9,9
expect_usage "descend bad seed" "" "$DMAP" descend open.txt --goal 0,0 --from 1,1 --seed -3
expect_usage "descend bad from" "" "$DMAP" descend open.txt --goal 0,0 --from 1

# ---- reach -------------------------------------------------------------------------------------
printf '..#..\n..#..\n.....\n###..\n..#..\n' >maze.txt
expect_out "reach path" $'length 4\n0,0\n1,0\n1,1\n1,2\n2,2' "$DMAP" reach maze.txt --from 0,0 --to 2,2
expect_out "reach 8 moves" $'length 2\n0,0\n1,1\n2,2' "$DMAP" reach maze.txt --from 0,0 --to 2,2 --moves 8
expect_usage "reach --from twice" "given twice" "$DMAP" reach maze.txt --from 0,0 --from 2,2 --to 2,2
expect_out "reach self" $'length 0\n3,3' "$DMAP" reach maze.txt --from 3,3 --to 3,3
rc=0
out=$("$DMAP" reach maze.txt --from 0,0 --to 0,4) || rc=$?
if [[ $rc -eq 1 && "$out" == "unreachable" ]]; then pass; else fail "reach unreachable: rc=$rc '$out'"; fi
rc=0
out=$("$DMAP" reach maze.txt --from 0,0 --to 2,0) || rc=$?
if [[ $rc -eq 1 && "$out" == "unreachable" ]]; then pass; else fail "reach wall target: rc=$rc '$out'"; fi
expect_out "reach depths" $'reachable 17\n0 1 # 7 8\n1 2 # 6 7\n2 3 4 5 6\n# # # 6 7\n. . # 7 8' \
    "$DMAP" reach maze.txt --from 0,0
expect_out "reach depth limit" $'reachable 5\n0 1 # . .\n1 2 # . .\n2 . . . .\n# # # . .\n. . # . .' \
    "$DMAP" reach maze.txt --from 0,0 --max-depth 2
expect_usage "reach from wall" "" "$DMAP" reach maze.txt --from 2,0
expect_usage "reach no from" "" "$DMAP" reach maze.txt
expect_usage "reach bad moves" "" "$DMAP" reach maze.txt --from 0,0 --moves 5
expect_usage "reach to outside" "" "$DMAP" reach maze.txt --from 0,0 --to 5,0
expect_usage "reach bad depth" "" "$DMAP" reach maze.txt --from 0,0 --max-depth -1
expect_usage "reach two maps" "" "$DMAP" reach maze.txt maze.txt --from 0,0

# ---- help ---------------------------------------------------------------------------------------
for c in combine flee descend reach; do
    if "$DMAP" "$c" --help | grep "usage: dmap $c" >/dev/null && "$DMAP" help "$c" >/dev/null; then pass; else
        fail "$c --help"
    fi
done

cli_finish
