#!/usr/bin/env bash
# field.sh — CLI tests of `dmap field` (and `dmap demo`): the two 5x5 examples of a Dijkstra
# map (goal at the centre; goals at the four corners) reproduced verbatim, csv against
# grid and digits, exact csv values of a hand-worked fractional map, stdin '-', --goal-char,
# and 8-connected maps (corners cut and strict) against hand-worked answers.
set -euo pipefail

DMAP=${DMAP:?set DMAP to the dmap binary}
source "$(dirname "${BASH_SOURCE[0]}")/lib.bash"
cli_begin cli_field

# The two examples (a 5x5 grid, goal at the centre; goals at the
# four corners; default 100, goal value 0, 4-connected unit steps).
centre='43234
32123
21012
32123
43234'
corners='01210
12321
23432
12321
01210'

printf '.....\n.....\n.....\n.....\n.....\n' >"$tmp/open5.txt"

# 1. the two examples, verbatim
expect_quiet_out "centre" "$centre" "$DMAP" field "$tmp/open5.txt" --goal 2,2 --format digits
expect_quiet_out "corners" "$corners" \
    "$DMAP" field "$tmp/open5.txt" --goal 0,0 --goal 4,0 --goal 0,4 --goal 4,4 --format digits
# explicit defaults change nothing
expect_quiet_out "centre, explicit options" "$centre" "$DMAP" field "$tmp/open5.txt" \
    --goal 2,2=0 --default 100 --moves 4 --cardinal 1 --format digits

# the demo prints both examples and their sum (all 4s) side by side
demo=$("$DMAP" demo)
for want in "$centre" "$corners"; do
    if [[ $demo == *"$want"* ]]; then pass; else fail "demo lacks:"$'\n'"$want"; fi
done
if [[ $demo == *"21012 + 23432 = 44444"* ]]; then pass; else fail "demo lacks the sum line"; fi
if [[ $("$DMAP") == "$demo" ]]; then pass; else fail "plain dmap is not dmap demo"; fi

# 2. grid and csv show the same numbers as digits; csv walls are '#'
grid=$("$DMAP" field "$tmp/open5.txt" --goal 2,2 | tr -s ' ' | sed 's/^ //' | tr ' ' ',')
csv=$("$DMAP" field "$tmp/open5.txt" --goal 2,2 --format csv)
digits_as_csv=$(echo "$centre" | sed 's/./&,/g; s/,$//')
if [[ $csv == "$digits_as_csv" && $grid == "$digits_as_csv" ]]; then pass; else
    fail "csv/grid differ from digits:"$'\n'"$csv"$'\n'"$grid"; fi

# 3. an 8-connected map, worked by hand (goal top-left):
#    ....     corners cut, diagonal 1:  0123    strict:  0123
#    .##.                               1##3             1##4
#    ....                               2234             2345
printf '....\n.##.\n....\n' >"$tmp/bar.txt"
expect_quiet_out "8-connected cut" $'0123\n1##3\n2234' \
    "$DMAP" field "$tmp/bar.txt" --goal 0,0 --moves 8 --format digits
expect_quiet_out "8-connected strict" $'0123\n1##4\n2345' \
    "$DMAP" field "$tmp/bar.txt" --goal 0,0 --moves 8 --corners strict --format digits
# diagonal 1.5, corners cut: (3,1) = 2 + 1.5; (1,2) = 1 + 1.5; (2,2) = 2.5 + 1; (3,2) = 3.5 + 1
expect_quiet_out "8-connected diagonal 1.5 csv" $'0,1,2,3\n1,#,#,3.5\n2,2.5,3.5,4.5' \
    "$DMAP" field "$tmp/bar.txt" --goal 0,0 --moves 8 --diagonal 1.5 --format csv
# grid format of the same map: aligned columns, walls '#'
expect_quiet_out "grid format" $'  0   1   2   3\n  1   #   # 3.5\n  2 2.5 3.5 4.5' \
    "$DMAP" field "$tmp/bar.txt" --goal 0,0 --moves 8 --diagonal 1.5

# 4. goal values, default ceiling, fractional csv values printed exactly
expect_quiet_out "default ceiling 2" $'22222\n22122\n21012\n22122\n22222' \
    "$DMAP" field "$tmp/open5.txt" --goal 2,2 --default 2 --format digits
# two goals, one with value 1: v = min(dist to (0,2), 1 + dist to (4,0)), worked by hand
expect_quiet_out "two goals, values 0 and 1" $'23321\n12332\n01233\n12344\n23455' \
    "$DMAP" field "$tmp/open5.txt" --goal 0,2 --goal 4,0=1 --format digits
# csv prints each double exactly and shortest: goal 0.1, cardinal steps of 0.2 add up to
# 0.1+0.2 = 0.30000000000000004 (17 digits needed), then 0.5, 0.7, 0.8999999999999999.
row=$("$DMAP" field "$tmp/open5.txt" --goal 0,0=0.1 --cardinal 0.2 --format csv | sed -n 1p)
if [[ $row == "0.1,0.30000000000000004,0.5,0.7,0.8999999999999999" ]]; then pass; else
    fail "exact csv: got $row"; fi
# and awk, adding the same steps in the same order, reads every csv field back to that double
if "$DMAP" field "$tmp/open5.txt" --goal 0,0=0.1 --cardinal 0.2 --format csv | awk -F, '
    { for (x = 1; x <= NF; x++) { v = 0.1; for (i = 0; i < NR - 1 + x - 1; i++) v += 0.2;
        if ($x + 0 != v) { print "row " NR " col " x ": " $x; bad = 1 } } }
    END { exit bad }'; then pass; else fail "csv values do not read back exactly"; fi
# negative goal values
expect_quiet_out "negative goal" $'-2,-1,0\n-1,0,1' \
    bash -c "printf '...\n...\n' | \"$DMAP\" field - --goal 0,0=-2 --format csv"

# 5. stdin '-' gives the same as the file
expect_quiet_out "stdin" "$centre" \
    bash -c "\"$DMAP\" field - --goal 2,2 --format digits <\"$tmp/open5.txt\""

# 6. --goal-char: every cell showing the character is a goal (with its value)
printf '>...#\n.....\n....>\n' >"$tmp/stairs.txt"
expect_quiet_out "goal-char" $'0123#\n12321\n23210' \
    "$DMAP" field "$tmp/stairs.txt" --goal-char '>' --format digits
expect_quiet_out "goal-char with value" $'1234#\n23432\n34321' \
    "$DMAP" field "$tmp/stairs.txt" --goal-char '>=1' --goal 0,0=3 --format digits

# 7. Moving AI maps load too (type header): octile moves, worked by hand (goal top-left):
#    ...    strict corners: (2,1) cannot be entered diagonally past the wall: 2 + 1 = 3
#    .@.    corners cut:    (2,1) = 1 + sqrt 2 = 2.414213562373095
printf 'type octile\nheight 2\nwidth 3\nmap\n...\n.@.\n' >"$tmp/tiny.map"
expect_quiet_out "movingai map, strict" $'0,1,2\n1,#,3' \
    "$DMAP" field "$tmp/tiny.map" --goal 0,0 --moves 8 --diagonal 1.4142135623730951 \
    --corners strict --format csv
expect_quiet_out "movingai map, cut" $'0,1,2\n1,#,2.414213562373095' \
    "$DMAP" field "$tmp/tiny.map" --goal 0,0 --moves 8 --diagonal 1.4142135623730951 \
    --format csv
printf 'type octile\nheight 3\nwidth 3\nmap\n...\n...\n...\n' >"$tmp/open3.map"
expect_quiet_out "octile open 3x3" \
    $'0,1,2\n1,1.4142135623730951,2.414213562373095\n2,2.414213562373095,2.8284271247461903' \
    "$DMAP" field "$tmp/open3.map" --goal 0,0 --moves 8 --diagonal 1.4142135623730951 \
    --corners strict --format csv

# 8. help texts exist and exit 0 (grep reads the whole text, not `grep -q`, which may close the
# pipe while the tool still writes: a write error, exit 2, under Wine)
for cmd in field scen demo; do
    if "$DMAP" "$cmd" --help | grep "example:" >/dev/null && "$DMAP" help "$cmd" | grep usage >/dev/null; then
        pass; else fail "help of $cmd"; fi
done
"$DMAP" --help | grep field >/dev/null && pass || fail "dmap --help"
[[ $("$DMAP" --version) == "dmap "* ]] && pass || fail "dmap --version"

cli_finish
