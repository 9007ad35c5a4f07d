#!/bin/sh
# simd_ab.sh — the arenas' bots with the small-board engine capped off and on, side by side: runs
# the Pommerman, bomber and Kutulu benches of one build alternately RUNS times with DMAP_SIMD=none
# (A: the engines used before it, the whole-board bitset BFS and the Dijkstra field) and with
# DMAP_SIMD unset (B: the small-board engine on AVX-512), A, B, A, B, ... (both see the same
# load), and prints each run's median decision times, then the median, min and max of each and
# the ratio A / B. Pommerman's decisions are timed on the monotonic clock (its bench's method),
# the bomber's and Kutulu's in thread CPU time.
#
# usage: bench/simd_ab.sh BUILD_DIR [RUNS] [PM_GAMES] [BOMBER_GAMES]
#   BUILD_DIR: a build folder with dmap_bench_pommerman, dmap_bench_bomber and dmap_bench_kutulu
#   RUNS: 7 by default; PM_GAMES: Pommerman games per run (--games), 100 by default;
#   BOMBER_GAMES: gambit-vs-random games per run (--games), 40 by default
set -eu
. "$(dirname "$0")/ab.sh"
[ $# -ge 1 ] || ab_usage simd_ab.sh "BUILD_DIR [RUNS] [PM_GAMES] [BOMBER_GAMES]"
ab_name=simd_ab.sh
pm=$1/bench/dmap_bench_pommerman
bm=$1/bench/dmap_bench_bomber
kt=$1/bench/dmap_bench_kutulu
for bin in "$pm" "$bm" "$kt"; do
    [ -x "$bin" ] || ab_fail "$bin is not an executable"
done
ab_runs=${2:-7}
ab_positive "$ab_runs" "RUNS must be a positive integer, not '$ab_runs'"
pm_games=${3:-100}
ab_positive "$pm_games" "PM_GAMES must be a positive integer, not '$pm_games'"
bm_games=${4:-40}
ab_positive "$bm_games" "BOMBER_GAMES must be a positive integer, not '$bm_games'"
ab_out=$(mktemp)
trap 'rm -f "$ab_out"' EXIT

with_side() { # with_side SIDE CMD...: CMD with the engine capped off (A) or as chosen (B)
    side=$1
    shift
    if [ "$side" = A ]; then env DMAP_SIMD=none "$@"; else env -u DMAP_SIMD "$@"; fi
}

# "| simple | 2.15 | ..." and "| dmap (seat 0 vs 3 x simple) | 14.86 | ...";
# "| gambit decision, median (p90 4.9 us; 24093 calls) | 1.83 us | ...";
# "postmortem decisions: PASS on every map (all 8421 decisions: median 97.6 us, ...)"
measure() { # measure SIDE RUN
    p=$(with_side "$1" "$pm" --games "$pm_games" --reps 1 | awk -F'|' '
        $2 ~ /^ simple / { s = $3 + 0 } $2 ~ /^ dmap / { d = $3 + 0 }
        END { if (s == "" || d == "") exit 1; print s, d }') || return 1
    b=$(with_side "$1" "$bm" --games "$bm_games" --reps 1 | awk -F'|' '
        /gambit decision, median/ {
            split($3, m, " "); med = m[1]
            q = $2; sub(/.*p90 /, "", q); sub(/ us.*/, "", q); p90 = q }
        END { if (med == "") exit 1; print med, p90 }') || return 1
    k=$(with_side "$1" "$kt" | awk '
        /^postmortem decisions:/ { x = $0; sub(/.*median /, "", x); med = x + 0 }
        END { if (med == "") exit 1; print med }') || return 1
    echo "$p $b $k" | awk -v s="$1" -v r="$2" '{
        printf "run %d %s simple %s dmap %s gambit %s gambit_p90 %s postmortem %s\n",
            r, s, $1, $2, $3, $4, $5 }'
}

i=0
while [ "$i" -lt "$ab_runs" ]; do
    i=$((i + 1))
    for side in A B; do
        measure $side $i >>"$ab_out" || ab_fail "a bench did not print its decision figures"
    done
done
cat "$ab_out"
echo "A: DMAP_SIMD=none; B: DMAP_SIMD unset ($(uname -m), load average $(cut -d' ' -f1-3 /proc/loadavg))"
for col in 5 7 9 11 13; do
    case $col in
    5) name="pommerman simple, median decision (us)" ;;
    7) name="pommerman dmap, median decision (us)" ;;
    9) name="bomber gambit, median decision (us)" ;;
    11) name="bomber gambit, p90 decision (us)" ;;
    *) name="kutulu postmortem, median decision (us)" ;;
    esac
    ab_compare $col "$name" "$name"
done
