#!/bin/sh
# tournament_jobs.sh — the tournament table (everything but the timing columns) is the same for
# any number of jobs, and every game is played.
# usage: tournament_jobs.sh KUTULU_EXE DATA_DIR
set -eu
k=$1 data=$2
one=$("$k" tournament --bots postmortem,initial,random,wait --games 16 --seed 4 --jobs 1 --data "$data" | cut -d'|' -f1-7)
two=$("$k" tournament --bots postmortem,initial,random,wait --games 16 --seed 4 --jobs 3 --data "$data" | cut -d'|' -f1-7)
[ "$one" = "$two" ] || { echo "FAIL: --jobs 1 and --jobs 3 differ:"; echo "$one"; echo "$two"; exit 1; } >&2
echo "$one" | grep -q "16 games (0 failed)" || { echo "FAIL: not 16 games played: $one" >&2; exit 1; }
echo "tournament: same table for 1 and 3 jobs"
