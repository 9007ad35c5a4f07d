#!/usr/bin/env bash
# toolkit_b.sh — CLI tests of `dmap bury` and `dmap timing`: a lab world buried as derived by
# hand (tests/test_bury.c explains each fill), the --mark and --edge-wall options, a timing map
# and safe region checked by hand, and bad input (exit 2, exactly one line on stderr).
set -euo pipefail

DMAP=${DMAP:?set DMAP to the dmap binary}
SOURCE=${DMAP_SOURCE:?set DMAP_SOURCE to the source folder}
source "$(dirname "${BASH_SOURCE[0]}")/lib.bash"
cli_begin cli_toolkit_b
require_data "$SOURCE/arenas/pursuit/data" "$SOURCE/arenas/pursuit/data/battlefield.dat"
cd "$tmp"

# ---- bury: battlefield.dat, hand-derived (10 cells) --------------------------------------------
before=$'.@#.....\n.#..##..\n.....#..\n.#.###..\n..#.#...\n..#.#...\n..#*##..\n........'
after=$'.@#.....\n.##.##..\n....##..\n.#####..\n.#####..\n.#####..\n.##*##..\n........'
marked=$'.@#.....\n.#+.##..\n....+#..\n.#+###..\n.+#+#+..\n.+#+#+..\n.+#*##..\n........'
expect_out "bury battlefield" "$before"$'\n\n'"$after" "$DMAP" bury "$SOURCE/arenas/pursuit/data/battlefield.dat"
expect_out "bury --mark" "$before"$'\n\n'"$marked" "$DMAP" bury "$SOURCE/arenas/pursuit/data/battlefield.dat" --mark
expect_out "bury stdin" "$before"$'\n\n'"$after" "$DMAP" bury - <"$SOURCE/arenas/pursuit/data/battlefield.dat"

# ---- bury: whitespace-separated, given size, edge option ---------------------------------------
# A 5x3 world: the prey's pocket on the left is formed by the board edge.
#   *.#..      without --edge-wall (1,0) is R+D with UL outside (not an obstacle): fills.
#   .##..      with --edge-wall the pocket (0,0)..(0,2),(1,2) would fill but (0,0) is the prey;
#   ....@      see the expected pictures.
printf '10 0 -1 0 0\n0 -1 -1 0 0\n0 0 0 0 1\n' >edge.dat
expect_out "bury size" $'*.#..\n.##..\n....@\n\n*##..\n.##..\n....@' "$DMAP" bury edge.dat --size 5x3
# --edge-wall by hand: (1,0) U+R+D fills; its left is the prey. (3,0) U+L, DR (4,1) free ->
# fills; down (3,1) U+L, DR (4,2) predator (not an obstacle) -> fills; down (3,2) U, D edge ->
# U+D stays; up filled; right (4,1): U (4,0) free, R edge, L filled: L+R stays; left wall.
# back at (3,0): right (4,0): U edge, R edge, L filled -> fills; down (4,1): U, R, L -> fills;
# its down is the predator. (0,1): U prey, R wall, L edge: L+R stays. (0,2): L+D edge, U (0,1)
# free, R free: D+L with UR (1,1) a wall -> stays. (1,2): U wall, D edge: stays.
expect_out "bury edge" $'*.#..\n.##..\n....@\n\n*####\n.####\n....@' \
    "$DMAP" bury edge.dat --size 5x3 --edge-wall
expect_out "bury edge mark" $'*.#..\n.##..\n....@\n\n*+#++\n.##++\n....@' \
    "$DMAP" bury edge.dat --size 5x3 --edge-wall --mark

# ---- bury: bad input -----------------------------------------------------------------------------
printf '0\n1\n5\n10\n' >bad_value.dat
expect_usage "bad value" "bad_value.dat:3: value '5'" "$DMAP" bury bad_value.dat
printf '0\n1\nx\n10\n' >bad_token.dat
expect_usage "not an integer" "bad_token.dat:3: 'x' is not an integer" "$DMAP" bury bad_token.dat
printf '0\n1\n10\n' >short.dat
expect_usage "not square" "short.dat:3: 3 values do not make a square" "$DMAP" bury short.dat
expect_usage "short" "short.dat:3: short world" "$DMAP" bury short.dat --size 2x2
printf '1\n1\n10\n0\n' >two.dat
expect_usage "two predators" "two.dat:2: a second predator" "$DMAP" bury two.dat
printf '0\n0\n10\n0\n' >none.dat
expect_usage "no predator" "none.dat:4: the world has no predator" "$DMAP" bury none.dat
expect_usage "missing file" "nope.dat" "$DMAP" bury nope.dat
expect_usage "no file" "missing WORLD" "$DMAP" bury
expect_usage "bad size" "--size" "$DMAP" bury two.dat --size 2by2
expect_usage "unknown option" "--bogus" "$DMAP" bury two.dat --bogus
expect_out "bury help" "usage: dmap bury WORLD [options]" bash -c "\"$DMAP\" bury --help | head -1"

# ---- timing: by hand -----------------------------------------------------------------------------
# Room 5x3 with a wall at (2,1); enemy A at (4,1), enemy B at (0,0) spawning in 3; cutoff 4.
# A: row 0 5 4 3 2 1 -> (0,0) at 5 is beyond the cutoff; row 1: (1,1) 5 and (0,1) 6 beyond;
#    row 2: (0,2) 5 beyond, 4 3 2 1. B (+3): (0,0) 3, (1,0) 4, (0,1) 4, (2,0) 5, (1,1) 5,
#    (0,2) 5, ... Minimum: see below. Me at (0,2): (0,1) at 1 < 4, (1,2) 1 < 4, (0,0) 2 < 3,
#    (1,1) 2 < 5, (2,2) 2 < 3, (1,0) 3 < 4 are safe; (2,0) 4 !< 3 and (3,2) 3 !< 2 are not.
printf '.....\n..#..\n.....\n' >room.txt
expect_out "timing" $'3 4 3 2 1\n4 5 # 1 0\n5 4 3 2 1\n\n++...\n++#..\n@++..' \
    "$DMAP" timing room.txt --enemy 4,1 --enemy 0,0+3 --me 0,2 --cutoff 4
# no cutoff, csv, one enemy: a plain distance map; far cells not "inf"
expect_out "timing csv" $'5,4,3,2,1\n6,5,#,1,0\n5,4,3,2,1' \
    "$DMAP" timing room.txt --enemy 4,1 --format csv
# delay 1, cutoff 1: the enemy cell (1) and its 3 neighbours (2); the rest is "inf"
expect_out "timing cutoff" $'inf inf inf inf   2\ninf inf   #   2   1\ninf inf inf inf   2' \
    "$DMAP" timing room.txt --enemy 4,1+1 --cutoff 1
expect_usage "timing wall enemy" "--enemy" "$DMAP" timing room.txt --enemy 2,1
expect_usage "timing outside" "--enemy" "$DMAP" timing room.txt --enemy 9,9
expect_usage "timing bad delay" "delay" "$DMAP" timing room.txt --enemy 1,1+x
expect_usage "timing negative delay" "delay" "$DMAP" timing room.txt --enemy 1,1+-2
expect_usage "timing no enemy" "--enemy" "$DMAP" timing room.txt
expect_usage "timing bad cutoff" "--cutoff" "$DMAP" timing room.txt --enemy 1,1 --cutoff -1
expect_usage "timing me wall" "--me" "$DMAP" timing room.txt --enemy 1,1 --me 2,1
expect_usage "timing digits" "--format" "$DMAP" timing room.txt --enemy 1,1 --format digits
expect_usage "timing no map" "nomap.txt" "$DMAP" timing nomap.txt --enemy 1,1
expect_out "timing help" "usage: dmap timing MAP --enemy X,Y[+DELAY] ... [options]" \
    bash -c "\"$DMAP\" timing --help | head -1"

cli_finish
