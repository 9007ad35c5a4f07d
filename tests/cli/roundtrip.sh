#!/usr/bin/env bash
# roundtrip.sh — every csv a dmap command writes reads back in `dmap combine` unchanged:
# 'inf' from unreachable cells (field, flee) and from "never" (timing), '-inf', an overflowing
# sum; negative zero prints as 0; and `dmap scen` refuses a file without queries.
set -euo pipefail

DMAP=${DMAP:?set DMAP to the dmap binary}
source "$(dirname "${BASH_SOURCE[0]}")/lib.bash"
cli_begin cli_roundtrip
cd "$tmp"

printf '..#.\n..#.\n' >split.txt
# each csv, read back by combine (weight 1, csv out), must come out byte for byte the same
same_after_combine() { # NAME FILE
    expect_quiet_out "$1 reads back" "$(cat "$2")" "$DMAP" combine "$2"
}
"$DMAP" field split.txt --goal 0,0 --format csv >field.csv
expect_true "field csv holds inf for unreached cells" grep -q ',inf$' field.csv
same_after_combine "field csv" field.csv
"$DMAP" flee split.txt --goal 0,0 --format csv >flee.csv
same_after_combine "flee csv" flee.csv
"$DMAP" timing split.txt --enemy 0,0 --format csv >timing.csv
expect_true "timing csv holds inf for never" grep -q 'inf' timing.csv
same_after_combine "timing csv" timing.csv
"$DMAP" combine 'field.csv*-1' >negative.csv
expect_quiet_out "combine writes -inf" $'0,-1,#,-inf\n-1,-2,#,-inf' cat negative.csv
same_after_combine "combine csv with -inf" negative.csv
expect_quiet_out "negative zero prints as 0" $'0,-1,#,-inf\n-1,-2,#,-inf' \
    "$DMAP" combine 'field.csv*-1' --format csv
expect_quiet_out "negative zero prints as 0 in grid" $'   0   -1    # -inf\n  -1   -2    # -inf' \
    "$DMAP" combine 'field.csv*-1' --format grid
printf '1e308,1\n' >big.csv
"$DMAP" combine 'big.csv*10' big.csv >sum.csv
expect_quiet_out "an overflowing sum is inf" $'inf,11' cat sum.csv
same_after_combine "the overflowing sum" sum.csv
expect_quiet_out "min and max keep infinities" $'0,-1,#,-inf\n-1,-2,#,-inf' \
    "$DMAP" combine field.csv negative.csv --min
expect_usage "inf - inf is undefined, and named" \
    "^dmap: combine: the result at (3,0) is undefined (inf - inf or inf \* 0)$" \
    "$DMAP" combine field.csv negative.csv
printf 'nan,1\n' >nan.csv
expect_usage "nan is refused" "^dmap: nan.csv:1: value 1 'nan' is not a number, inf, -inf or '#'$" \
    "$DMAP" combine nan.csv

# scen with no queries checks nothing: an error, not "0/0 matched"
printf '...\n' >tiny.txt
printf 'version 1\n\n' >empty.scen
expect_usage "scen without queries" "^dmap: empty.scen: no queries in the scenario file$" \
    "$DMAP" scen tiny.txt empty.scen

cli_finish
