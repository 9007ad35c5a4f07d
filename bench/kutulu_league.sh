#!/bin/sh
# kutulu_league.sh — the league target: a league of 4 Kutulu bots x GAMES games on JOBS threads,
# timed. Prints the league's first line, the wall-clock time, the CPU time the process used
# (user + system) and that CPU time divided by JOBS (the wall time on JOBS otherwise idle
# cores), and the load average before and after: on a shared machine the wall time alone
# says little.
#
# usage: bench/kutulu_league.sh [BOTS] [GAMES] [JOBS] [KUTULU]
#   BOTS: postmortem,dmapbot,initial,random by default; GAMES 10000; JOBS 2;
#   KUTULU: build/arenas/kutulu/kutulu by default
set -eu
bots=${1:-postmortem,dmapbot,initial,random}
games=${2:-10000}
jobs=${3:-2}
prog=${4:-build/arenas/kutulu/kutulu}
[ -x "$prog" ] || { echo "kutulu_league.sh: no program $prog (build the kutulu target)" >&2; exit 2; }
out=$(mktemp)
trap 'rm -f "$out"' EXIT
load0=$(cut -d' ' -f1-3 /proc/loadavg)
start=$(date +%s.%N)
# /usr/bin/time's %U and %S: the user and system CPU seconds of the league
/usr/bin/time -f '%U %S' -o "$out.cpu" "$prog" league --bots "$bots" --games "$games" \
    --jobs "$jobs" > "$out"
end=$(date +%s.%N)
load1=$(cut -d' ' -f1-3 /proc/loadavg)
head -1 "$out"
awk -v s="$start" -v e="$end" -v j="$jobs" -v l0="$load0" -v l1="$load1" '{
    cpu = $1 + $2
    printf "wall %.1f s, CPU %.1f s (user %.1f, system %.1f), CPU / %d jobs %.1f s; " \
           "load average %s before, %s after\n", e - s, cpu, $1, $2, j, cpu / j, l0, l1
}' "$out.cpu"
rm -f "$out.cpu"
