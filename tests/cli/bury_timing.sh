#!/usr/bin/env bash
# bury_timing.sh — CLI tests of `dmap bury` and `dmap timing`: a pursuit world buried as derived by
# hand (tests/test_bury.c explains each fill), the --mark and --edge-wall options, a timing map
# and safe region checked by hand, and bad input (exit 2, exactly one line on stderr).
set -euo pipefail

DMAP=${DMAP:?set DMAP to the dmap binary}
SOURCE=${DMAP_SOURCE:?set DMAP_SOURCE to the source folder}
source "$(dirname "${BASH_SOURCE[0]}")/lib.bash"
cli_begin cli_bury_timing
cd "$tmp"

# ---- bury: the pursuit game's first world as a text map, hand-derived (10 cells) ------------
before=$'.@#.....\n.#..##..\n.....#..\n.#.###..\n..#.#...\n..#.#...\n..#*##..\n........'
after=$'.@#.....\n.##.##..\n....##..\n.#####..\n.#####..\n.#####..\n.##*##..\n........'
marked=$'.@#.....\n.#+.##..\n....+#..\n.#+###..\n.+#+#+..\n.+#+#+..\n.+#*##..\n........'
printf '%s\n' "$before" >battlefield.txt
expect_out "bury battlefield" "$before"$'\n\n'"$after" "$DMAP" bury battlefield.txt
expect_out "bury --mark" "$before"$'\n\n'"$marked" "$DMAP" bury battlefield.txt --mark
expect_out "bury stdin" "$before"$'\n\n'"$after" "$DMAP" bury - <battlefield.txt
# A marker keeps its cell open. With the board edge as wall, in "*#" / ".." (0,1) is D+L with
# UR a wall (stays), (1,1) is U+R+D (fills), then (0,1) is L+D+R (fills); the prey's cell
# stays. Unmarked, (0,0) is U+R+L and fills first, then (0,1) and (1,1), three walls each.
printf '*#\n..\n' >marked.txt
expect_out "a marked cell stays open" $'*#\n..\n\n*#\n##' "$DMAP" bury marked.txt --edge-wall
printf '.#\n..\n' >unmarked.txt
expect_out "an unmarked cell fills" $'.#\n..\n\n##\n##' "$DMAP" bury unmarked.txt --edge-wall

# ---- bury: edge option -----------------------------------------------------------------------
# A 5x3 map: the prey's pocket on the left is formed by the board edge.
#   *.#..      without --edge-wall (1,0) is R+D with UL outside (not a wall): fills.
#   .##..      with --edge-wall the pocket (0,0)..(0,2),(1,2) would fill but (0,0) is the prey;
#   ....@      see the expected pictures.
printf '*.#..\n.##..\n....@\n' >edge.txt
expect_out "bury small" $'*.#..\n.##..\n....@\n\n*##..\n.##..\n....@' "$DMAP" bury edge.txt
# --edge-wall by hand: (1,0) U+R+D fills; its left is the prey. (3,0) U+L, DR (4,1) free ->
# fills; down (3,1) U+L, DR (4,2) predator (not a wall) -> fills; down (3,2) U, D edge ->
# U+D stays; up filled; right (4,1): U (4,0) free, R edge, L filled: L+R stays; left wall.
# back at (3,0): right (4,0): U edge, R edge, L filled -> fills; down (4,1): U, R, L -> fills;
# its down is the predator. (0,1): U prey, R wall, L edge: L+R stays. (0,2): L+D edge, U (0,1)
# free, R free: D+L with UR (1,1) a wall -> stays. (1,2): U wall, D edge: stays.
expect_out "bury edge" $'*.#..\n.##..\n....@\n\n*####\n.####\n....@' \
    "$DMAP" bury edge.txt --edge-wall
expect_out "bury edge mark" $'*.#..\n.##..\n....@\n\n*+#++\n.##++\n....@' \
    "$DMAP" bury edge.txt --edge-wall --mark
# A Moving AI map: '@' and 'T' are walls there, 'G' and 'S' marked floor, never filled.
printf 'type octile\nheight 3\nwidth 5\nmap\nG.@..\n.@T..\n....S\n' >edge.map
expect_out "bury movingai" $'G.@..\n.@T..\n....S\n\nG#@##\n.@T##\n....S' \
    "$DMAP" bury edge.map --edge-wall

# ---- bury: bad input -----------------------------------------------------------------------------
printf '..#\n.\n' >ragged.txt
expect_usage "ragged map" "ragged.txt:2:" "$DMAP" bury ragged.txt
expect_usage "missing file" "nope.txt" "$DMAP" bury nope.txt
expect_usage "no file" "missing MAP" "$DMAP" bury
expect_usage "two files" "one MAP only" "$DMAP" bury edge.txt edge.txt
expect_usage "unknown option" "--bogus" "$DMAP" bury edge.txt --bogus
expect_usage "--size is gone" "unknown option '--size'" "$DMAP" bury edge.txt --size 5x3
expect_out "bury help" "usage: dmap bury MAP [options]" bash -c "\"$DMAP\" bury --help | sed -n 1p"

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
    bash -c "\"$DMAP\" timing --help | sed -n 1p"

cli_finish
