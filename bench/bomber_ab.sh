#!/bin/sh
# bomber_ab.sh — two builds of the bomber arena side by side: runs dmap_bench_bomber of build A
# and of build B alternately RUNS times (A, B, A, B, ...: both see the same load) and prints
# each run's figures (thread CPU time: Gambit's median and 90th-percentile decision, the
# gambit-vs-random game scaled to 1802 ticks), then the median, min and max of each.
#
# usage: bench/bomber_ab.sh BENCH_A BENCH_B [RUNS] [GAMES]
#   BENCH_A, BENCH_B: two dmap_bench_bomber binaries (e.g. an older commit's and this one's)
#   RUNS: 7 by default; GAMES: gambit-vs-random games per run (--games), 20 by default
set -eu
. "$(dirname "$0")/ab.sh"
[ $# -ge 2 ] || ab_usage bomber_ab.sh "BENCH_A BENCH_B [RUNS] [GAMES]"
ab_init bomber_ab.sh "$1" "$2" "${3:-7}"
games=${4:-20}
ab_positive "$games" "GAMES must be a positive integer, not '$games'"

# "| gambit vs random, per 1802-tick game (...) | 19.0 ms | ..." and
# "| gambit decision, median (p90 12.6 us; 24093 calls) | 9.84 us | ..."
measure() { # measure BIN SIDE RUN
    "$1" --games "$games" |
        awk -v s="$2" -v r="$3" -F'|' '
            /gambit vs random, per 1802-tick game/ { split($3, g, " "); game = g[1] }
            /gambit decision, median/ {
                split($3, m, " "); med = m[1]
                p = $2; sub(/.*p90 /, "", p); sub(/ us.*/, "", p); p90 = p }
            END {
                if (game == "" || med == "") exit 1
                printf "run %d %s median %s p90 %s game %s\n", r, s, med, p90, game }'
}
ab_alternate measure "its figures"
cat "$ab_out"
for col in 5 7 9; do
    case $col in
    5) name="decision median (us)" ;;
    7) name="decision p90 (us)" ;;
    *) name="1802-tick game (ms)" ;;
    esac
    ab_compare $col "$name" "$name"
done
