#!/bin/sh
# kutulu_ab.sh — two builds of the Kutulu engine side by side: runs dmap_bench_kutulu of build A
# and of build B alternately RUNS times (A, B, A, B, ...: both see the same load) and prints
# each run's engine figures (us per turn, thread CPU time), then the median, min and max of each.
#
# usage: bench/kutulu_ab.sh BENCH_A BENCH_B [RUNS] [DATA_DIR]
#   BENCH_A, BENCH_B: two dmap_bench_kutulu binaries (e.g. an older commit's and this one's)
#   RUNS: 7 by default; DATA_DIR: ../shared/data/kutulu by default
set -eu
if [ $# -lt 2 ]; then
    echo "usage: bench/kutulu_ab.sh BENCH_A BENCH_B [RUNS] [DATA_DIR]" >&2
    exit 2
fi
a=$1
b=$2
runs=${3:-7}
data=${4:-$(dirname "$0")/../../shared/data/kutulu}
for bin in "$a" "$b"; do
    if [ ! -x "$bin" ]; then
        echo "kutulu_ab.sh: $bin is not an executable" >&2
        exit 2
    fi
done
case $runs in
'' | *[!0-9]*)
    echo "kutulu_ab.sh: RUNS must be a positive integer, not '$runs'" >&2
    exit 2
    ;;
esac
[ "$runs" -ge 1 ] || { echo "kutulu_ab.sh: RUNS must be at least 1" >&2; exit 2; }
out=$(mktemp)
trap 'rm -f "$out"' EXIT
i=0
while [ "$i" -lt "$runs" ]; do
    i=$((i + 1))
    for side in A B; do
        if [ $side = A ]; then bin=$a; else bin=$b; fi
        # line 2: the random-action games; line 3: the recorded games
        "$bin" --data "$data" | sed -n '2,3p' |
            awk -v s=$side -v r=$i '{v[NR] = $(NF - 3)} END {
                if (NR != 2) exit 1
                printf "run %d %s random %s recorded %s\n", r, s, v[1], v[2] }' >>"$out" || {
            echo "kutulu_ab.sh: $bin did not print its engine figures" >&2
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
for col in 5 7; do
    name=$([ $col = 5 ] && echo random || echo recorded)
    sa=$(stats A $col)
    sb=$(stats B $col)
    echo "$sa" | awk -v n=$name '{printf "A %-8s us per turn: median %s, min %s, max %s (%d runs)\n", n, $1, $2, $3, $4}'
    echo "$sb" | awk -v n=$name '{printf "B %-8s us per turn: median %s, min %s, max %s (%d runs)\n", n, $1, $2, $3, $4}'
    echo "$sa $sb" | awk -v n=$name '{printf "%s: A / B = %.2f (medians)\n", n, $1 / $5}'
done
