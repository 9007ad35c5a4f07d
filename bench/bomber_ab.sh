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
if [ $# -lt 2 ]; then
    echo "usage: bench/bomber_ab.sh BENCH_A BENCH_B [RUNS] [GAMES]" >&2
    exit 2
fi
a=$1
b=$2
runs=${3:-7}
games=${4:-20}
for bin in "$a" "$b"; do
    if [ ! -x "$bin" ]; then
        echo "bomber_ab.sh: $bin is not an executable" >&2
        exit 2
    fi
done
for n in "$runs" "$games"; do
    case $n in
    '' | *[!0-9]* | 0)
        echo "bomber_ab.sh: RUNS and GAMES must be positive integers, not '$n'" >&2
        exit 2
        ;;
    esac
done
out=$(mktemp)
trap 'rm -f "$out"' EXIT
i=0
while [ "$i" -lt "$runs" ]; do
    i=$((i + 1))
    for side in A B; do
        if [ $side = A ]; then bin=$a; else bin=$b; fi
        # "| gambit vs random, per 1802-tick game (...) | 19.0 ms | ..." and
        # "| gambit decision, median (p90 12.6 us; 24093 calls) | 9.84 us | ..."
        "$bin" --games "$games" |
            awk -v s=$side -v r=$i -F'|' '
                /gambit vs random, per 1802-tick game/ { split($3, g, " "); game = g[1] }
                /gambit decision, median/ {
                    split($3, m, " "); med = m[1]
                    p = $2; sub(/.*p90 /, "", p); sub(/ us.*/, "", p); p90 = p }
                END {
                    if (game == "" || med == "") exit 1
                    printf "run %d %s median %s p90 %s game %s\n", r, s, med, p90, game }' \
                >>"$out" || {
            echo "bomber_ab.sh: $bin did not print its figures" >&2
            exit 1
        }
    done
done
cat "$out"
# median, min and max of column c of side s
stats() {
    awk -v s="$1" -v c="$2" '$3 == s {print $c}' "$out" | sort -g |
        awk '{v[NR] = $1} END {
            med = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
            printf "%.2f %.2f %.2f %d\n", med, v[1], v[NR], NR }'
}
for col in 5 7 9; do
    case $col in
    5) name="decision median (us)" ;;
    7) name="decision p90 (us)" ;;
    *) name="1802-tick game (ms)" ;;
    esac
    sa=$(stats A $col)
    sb=$(stats B $col)
    echo "$sa" | awk -v n="$name" '{printf "A %s: median %s, min %s, max %s (%d runs)\n", n, $1, $2, $3, $4}'
    echo "$sb" | awk -v n="$name" '{printf "B %s: median %s, min %s, max %s (%d runs)\n", n, $1, $2, $3, $4}'
    echo "$sa $sb" | awk -v n="$name" '{printf "%s: A / B = %.2f (medians)\n", n, $1 / $5}'
done
