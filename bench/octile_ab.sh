#!/bin/sh
# octile_ab.sh — two builds' octile scans side by side: runs `dmap_bench_engine --only octile` of
# build A and of build B alternately RUNS times (A, B, A, B, ...: both see the same load), then
# prints each run's figures and the median, min and max of each side. Per grid (open, 25 %
# walls): dmap's octile scan with cut corners (ms, the median of its rounds) and the medians of
# the per-round ratios that run prints: octile cut / 4-connected, octile cut / the floor in
# settle order, strict / cut corners, libtcod / dmap (diagonal 1.41, cut corners).
#
# usage: bench/octile_ab.sh BENCH_A BENCH_B [RUNS] [ROUNDS]
#   BENCH_A, BENCH_B: two dmap_bench_engine binaries built from the same bench/bench_engine.c
#   (e.g. an older commit's library with this bench, and this one's)
#   RUNS: 5 by default; ROUNDS: the bench's interleaved rounds per run (--rounds), 21 by default
set -eu
. "$(dirname "$0")/ab.sh"
[ $# -ge 2 ] || ab_usage octile_ab.sh "BENCH_A BENCH_B [RUNS] [ROUNDS]"
ab_init octile_ab.sh "$1" "$2" "${3:-5}"
rounds=${4:-21}
ab_positive "$rounds" "ROUNDS must be a positive integer, not '$rounds'"

# "octile cut / 4-conn    13.02 ms    4.10 ms    3.01x [1.89-4.37] ...": the first time and the
# ratio of each row, under the grid named by the line before ("open: ...", "25% walls: ", ...)
measure() { # measure BIN SIDE RUN
    "$1" --only octile --rounds "$rounds" |
        awk -v s="$2" -v r="$3" '
            function ms(v, unit) { return unit == "us" ? v / 1e3 : unit == "ns" ? v / 1e6 : v }
            function ratio(f) { sub(/x$/, "", f); return f }
            /^open:/ { g = "o" }
            /^25% walls:/ { g = "w" }
            /^0.5% walls:/ { g = "s" }
            /^winding 1% walls:/ { g = "x" }
            /^octile cut \/ 4-conn/ { cut[g] = ms($5, $6); four[g] = ratio($9) }
            /^octile cut \/ floor \(settle/ { floor[g] = ratio($11) }
            /^octile strict \/ cut/ { strict[g] = ratio($9) }
            /^libtcod \/ dmap/ { tcod[g] = ratio($10) }
            END {
                if (cut["o"] == "" || cut["w"] == "") exit 1
                printf "run %d %s", r, s
                for (k = 0; k < 4; k++) {
                    x = substr("owsx", k + 1, 1)
                    t = tcod[x] == "" ? "0" : tcod[x]
                    printf " %s_cut_ms %.2f %s_cut/4 %s", x, cut[x] + 0, x, four[x] + 0
                    printf " %s_cut/floor %s %s_strict/cut %s", x, floor[x] + 0, x, strict[x] + 0
                    printf " %s_tcod/dmap %s", x, t
                }
                printf "\n" }'
}
ab_alternate measure "its octile rows"
cat "$ab_out"
col=5
for grid in "open" "25% walls" "0.5% walls" "winding 1% walls"; do
    for what in "cut corners (ms)" "cut / 4-connected" "cut / floor, settle order" \
        "strict / cut" "libtcod / dmap"; do
        ab_compare $col "$grid, $what" "$grid, $what"
        col=$((col + 2))
    done
done
