#!/bin/sh
# heap_ab.sh — two builds' heap paths side by side: runs `dmap_bench_engine --only heap` of
# build A and of build B alternately RUNS times (A, B, A, B, ...: both see the same load), then
# prints each run's medians (thread CPU time per operation: a dmap_field on 20 distinct costs,
# a live map's update with costs, a layered search) and the median, min and max of each side
# with the ratio of the medians A / B.
#
# usage: bench/heap_ab.sh BENCH_A BENCH_B [RUNS] [ROUNDS]
#   BENCH_A, BENCH_B: two dmap_bench_engine binaries built from the same bench/bench_engine.c
#   (e.g. an older commit's library with this bench, and this one's)
#   RUNS: 9 by default; ROUNDS: the bench's interleaved rounds per run (--rounds), 21 by default
set -eu
. "$(dirname "$0")/ab.sh"
[ $# -ge 2 ] || ab_usage heap_ab.sh "BENCH_A BENCH_B [RUNS] [ROUNDS]"
ab_init heap_ab.sh "$1" "$2" "${3:-9}"
rounds=${4:-21}
ab_positive "$rounds" "ROUNDS must be a positive integer, not '$rounds'"

# "scan 512x512, dmap_field  |  20072692 ns | 19575936-21790731 ns": the median, in us
measure() { # measure BIN SIDE RUN
    "$1" --only heap --rounds "$rounds" |
        awk -v s="$2" -v r="$3" -F'|' '
            function us(f) { split(f, a, " "); return a[1] / 1e3 }
            /^scan .*dmap_field/ { scan = us($2) }
            /^live map .*per update/ { live = us($2) }
            /^layered / { layered = us($2) }
            END {
                if (scan == "" || live == "" || layered == "") exit 1
                printf "run %d %s scan %.3f live %.3f layered %.3f\n", r, s, scan, live, layered }'
}
ab_alternate measure "its heap rows"
cat "$ab_out"
for col in 5 7 9; do
    case $col in
    5) name="scan, 20 costs (us)" ;;
    7) name="live map update with costs (us)" ;;
    *) name="layered search (us)" ;;
    esac
    ab_compare $col "$name" "$name"
done
