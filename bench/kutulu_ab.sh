#!/bin/sh
# kutulu_ab.sh — two builds of the Kutulu engine side by side: runs dmap_bench_kutulu of build A
# and of build B alternately RUNS times (A, B, A, B, ...: both see the same load) and prints
# each run's engine figures (us per turn, thread CPU time), then the median, min and max of each.
#
# usage: bench/kutulu_ab.sh BENCH_A BENCH_B [RUNS] [DATA_DIR]
#   BENCH_A, BENCH_B: two dmap_bench_kutulu binaries (e.g. an older commit's and this one's)
#   RUNS: 7 by default; DATA_DIR: the Kutulu data folder, arenas/kutulu/data by default
set -eu
. "$(dirname "$0")/ab.sh"
[ $# -ge 2 ] || ab_usage kutulu_ab.sh "BENCH_A BENCH_B [RUNS] [DATA_DIR]"
data=${4:-$(dirname "$0")/../arenas/kutulu/data}
ab_init kutulu_ab.sh "$1" "$2" "${3:-7}"

# line 2 of the bench's output: the random-action games; line 3: the recorded games
measure() { # measure BIN SIDE RUN
    "$1" --data "$data" | sed -n '2,3p' |
        awk -v s="$2" -v r="$3" '{v[NR] = $(NF - 3)} END {
            if (NR != 2) exit 1
            printf "run %d %s random %s recorded %s\n", r, s, v[1], v[2] }'
}
ab_alternate measure "its engine figures"
cat "$ab_out"
ab_compare 5 "$(printf '%-8s us per turn' random)" random
ab_compare 7 "$(printf '%-8s us per turn' recorded)" recorded
