#!/usr/bin/env bash
# tournaments.sh — the arenas' tournaments under allocation failure: for each
# command below, count the allocations of a normal run (--jobs 1, so the count is the same every
# run), then run it once for every N with the N-th allocation failing (failalloc.c, preloaded).
# Every run must end (never hang, never crash) with exit 1 or 2 and one error line on stderr,
# naming the program: a failed allocation is always said, never an exit 0 (failalloc.c makes
# standard output unbuffered, so no allocation is one the C library does without unseen). A
# run whose failure hit a game (exit 1 with the table printed) is a tournament that lost a game
# and went on: the table counts the games played and stderr says how many failed and why; at
# least one N per arena must do that, so the test fails if a failed game stops the tournament.
# Then each arena loads and replays a recorded game the same way (arena game setup under
# allocation failure): exit 1 or 2 with an error in one line.
# Environment: BOMBER, POMMERMAN, KUTULU, PURSUIT (the programs), FAILALLOC (the library),
# DMAP_SOURCE (the source folder, for the recorded games in arenas/<game>/data).
set -uo pipefail
for v in BOMBER POMMERMAN KUTULU PURSUIT FAILALLOC DMAP_SOURCE; do
    if [[ ! -e ${!v:-} ]]; then
        echo "FAIL: alloc_tournaments: $v must name the built program or library" >&2
        exit 1
    fi
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
points=0

# sweep NAME PREFIX COMMAND... : every failure point of the command.
sweep() {
    local name=$1 prefix=$2
    shift 2
    DMAP_COUNT_ALLOC=$tmp/count LD_PRELOAD=$FAILALLOC "$@" >"$tmp/normal.out" 2>"$tmp/normal.err"
    local rc=$? count
    count=$(cat "$tmp/count")
    if [[ $rc != 0 || -z $count ]]; then
        echo "FAIL: $name: the normal run failed ($rc)" >&2
        failures=$((failures + 1))
        return
    fi
    local lost_and_went_on=0 silent=0
    for ((n = 1; n <= count; n++)); do
        points=$((points + 1))
        DMAP_FAIL_ALLOC=$n LD_PRELOAD=$FAILALLOC timeout 60 "$@" >"$tmp/out" 2>"$tmp/err"
        rc=$?
        local lines
        lines=$(grep -c . "$tmp/err")
        if [[ $rc -gt 2 ]]; then
            echo "FAIL: $name: allocation $n: exit $rc" >&2
            head -3 "$tmp/err" >&2
            failures=$((failures + 1))
        elif [[ $rc != 0 && ( $lines != 1 || $(grep -c "^$prefix: " "$tmp/err") != 1 ) ]]; then
            echo "FAIL: $name: allocation $n: exit $rc with $lines lines on stderr:" >&2
            head -3 "$tmp/err" >&2
            failures=$((failures + 1))
        elif [[ $rc == 0 ]]; then
            echo "FAIL: $name: allocation $n: exit 0, the failure unsaid" >&2
            silent=$((silent + 1)) # swallowed: the run went on as if it had the memory
            failures=$((failures + 1))
        fi
        if [[ $rc == 1 && -s $tmp/out ]] && grep -q 'failed\|could not be played' "$tmp/err"; then
            lost_and_went_on=$((lost_and_went_on + 1))
        fi
    done
    if [[ $name == *replay ]]; then # a recorded game: no tournament
        echo "$name: $count allocation failure points, $silent gave exit 0"
        return
    fi
    echo "$name: $count allocation failure points, $lost_and_went_on lost a game and went on," \
        "$silent gave exit 0"
    if [[ $lost_and_went_on == 0 ]]; then
        echo "FAIL: $name: no failure point lost a game and still printed the table" >&2
        failures=$((failures + 1))
    fi
}

sweep bomber bomber "$BOMBER" tournament --bots gambit,simple --games 2 --jobs 1
sweep pommerman pommerman "$POMMERMAN" tournament --bots simple,dmap,simple,random --games 2 --jobs 1
sweep kutulu kutulu "$KUTULU" tournament --bots postmortem,initial,wait,random --games 2 --jobs 1
# one game per pairing on two random worlds and on each data world (it reads their files)
sweep pursuit pursuit "$PURSUIT" tournament --bots chase,flee --games 2 --data-games 1 --jobs 1
# Loading and replaying a recorded game of each arena (kutulu finds its league maps itself).
sweep bomber_replay bomber "$BOMBER" replay "$DMAP_SOURCE/arenas/bomber/data/traces/random-random/seed_117.trace.gz"
sweep pommerman_replay pommerman "$POMMERMAN" replay "$DMAP_SOURCE/arenas/pommerman/data/traces/ffa-SRSR/seed_1.txt" --agents
sweep kutulu_replay kutulu "$KUTULU" replay "$DMAP_SOURCE/arenas/kutulu/data/traces/seed_3.txt"
if [[ $failures != 0 ]]; then
    echo "FAIL: alloc_tournaments: $failures failures over $points points" >&2
    exit 1
fi
echo "alloc_tournaments: $points points ok"
