#!/bin/sh
# tables_ab.sh — two builds' distance tables side by side: runs `dmap_bench_engine --only tables`
# of build A and of build B alternately RUNS times (A, B, A, B, ...: both see the same load),
# then prints, per Kutulu maze, the median, min and max of each side's build time (us) and the
# ratio of the medians A/B, and the slowest maze of each side.
#
# usage: bench/tables_ab.sh BENCH_A BENCH_B [RUNS] [SOURCE]
#   BENCH_A, BENCH_B: two dmap_bench_engine binaries (e.g. an older commit's and this one's)
#   RUNS: 5 by default; SOURCE: the repository holding arenas/kutulu/data/maps, this one by
#   default
set -eu
. "$(dirname "$0")/ab.sh"
[ $# -ge 2 ] || ab_usage tables_ab.sh "BENCH_A BENCH_B [RUNS] [SOURCE]"
source=${4:-$(dirname "$0")/..}
ab_init tables_ab.sh "$1" "$2" "${3:-5}"

# rows "Name (cells)  <time> <unit>  ...": the build time in us
measure() { # measure BIN SIDE RUN
    "$1" --only tables "$source" |
        awk -v s="$2" '$2 ~ /^\([0-9]+\)$/ {
            v = $3; if ($4 == "ns") v /= 1e3; else if ($4 == "ms") v *= 1e3
            printf "%s %s %s %.3f\n", s, $1, $2, v; n++ }
            END { if (n != 20) exit 1 }'
}
ab_alternate measure "the 20 mazes' build times"
# per maze: median, min, max of each side, and the ratio of the medians
sort -k2,2 -k1,1 -k4,4g "$ab_out" | awk '
    function med(k, n) { return n % 2 ? v[k, (n + 1) / 2] : (v[k, n / 2] + v[k, n / 2 + 1]) / 2 }
    { k = $1 SUBSEP $2; c[k]++; v[k, c[k]] = $4; name[$2] = $2 " " $3 }
    END {
        printf "%-28s %28s %28s %8s\n", "maze (cells)", "A build us: median [min-max]",
            "B build us: median [min-max]", "A/B"
        for (m in name) order[++n] = m
        for (i = 2; i <= n; i++) for (j = i; j > 1 && order[j - 1] > order[j]; j--) {
            t = order[j]; order[j] = order[j - 1]; order[j - 1] = t }
        for (i = 1; i <= n; i++) {
            m = order[i]; ka = "A" SUBSEP m; kb = "B" SUBSEP m
            ma = med(ka, c[ka]); mb = med(kb, c[kb])
            printf "%-28s %10.1f [%6.1f-%6.1f] %10.1f [%6.1f-%6.1f] %7.2fx\n", name[m], ma,
                v[ka, 1], v[ka, c[ka]], mb, v[kb, 1], v[kb, c[kb]], ma / mb
            if (ma > worsta) { worsta = ma; wa = m }
            if (mb > worstb) { worstb = mb; wb = m }
        }
        printf "slowest median build: A %.1f us (%s), B %.1f us (%s); %d runs each\n", worsta, wa,
            worstb, wb, c[ka] }'
