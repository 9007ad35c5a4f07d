#!/usr/bin/env bash
# cli.sh — the dmap tool under allocation failure: for each command below, count the
# allocations of a normal run, then run it again once for every N with the N-th allocation
# failing (tests/alloc/failalloc.c, preloaded). Every run must either succeed with exactly the
# normal output, or exit 1 or 2 with exactly one error line ("dmap: ...") on stderr; never
# crash, never hang. Commands that stream (demo prints section by section, update prints each
# batch and a count on stderr) may have printed a prefix of their normal output before the
# error, and their normal stderr lines; every other command prints nothing on stdout then. Runs only in builds without
# sanitizers (their runtimes own malloc). Environment: DMAP (the tool), FAILALLOC (the library).
set -uo pipefail
source "$(dirname "$0")/../cli/lib.bash"
cli_begin cli_alloc_failure

if [[ ! -x ${DMAP:-} || ! -f ${FAILALLOC:-} ]]; then
    echo "FAIL: cli_alloc_failure: DMAP and FAILALLOC must name the built tool and library" >&2
    exit 1
fi

printf '#########\n#.......#\n#.##.##.#\n#.#...#.#\n#...#...#\n#########\n' >"$tmp/room.txt"
printf '1,2,#\n3,inf,-4\n' >"$tmp/a.csv"
printf '0.5,1,#\n-1,2,3\n' >"$tmp/b.csv"
printf 'wall 3 1\n---\nfloor 3 1\ngoal 7 4 -2\n' >"$tmp/edits.txt"
printf '..#.\n@.#.\n...#\n.#.*\n' >"$tmp/world.txt"

points=0
# clean_failure NAME : the failed run printed no more than the command's contract allows
# (see the top): nothing on stdout, or for a streaming command a prefix of the normal output
# and, besides the error line, only lines of the normal run's stderr.
clean_failure() {
    case $1 in
    demo | update)
        [[ "$want" == "$(cat "$tmp/out")"* ]] || return 1
        ! grep -v '^dmap: ' "$tmp/err" | grep -vxF -f "$tmp/want_err" -q
        ;;
    *) [[ ! -s "$tmp/out" && $(wc -l <"$tmp/err") -eq 1 ]] ;;
    esac
}
# check_command NAME ARGS... : the loop described at the top
check_command() {
    local name=$1 n count want rc lines
    shift
    want=$("$@" 2>"$tmp/want_err") || { fail "$name: the normal run failed"; return; }
    DMAP_COUNT_ALLOC="$tmp/count" LD_PRELOAD="$FAILALLOC" "$@" >/dev/null 2>&1
    count=$(cat "$tmp/count" 2>/dev/null || echo 0)
    if [[ $count -lt 1 ]]; then fail "$name: no allocation counted"; return; fi
    for ((n = 1; n <= count; n++)); do
        rc=0
        DMAP_FAIL_ALLOC=$n LD_PRELOAD="$FAILALLOC" timeout 20 "$@" >"$tmp/out" 2>"$tmp/err" || rc=$?
        lines=$(grep -c '^dmap: ' "$tmp/err")
        points=$((points + 1))
        if [[ $rc -eq 0 && "$(cat "$tmp/out")" == "$want" ]]; then
            pass
        elif [[ ($rc -eq 1 || $rc -eq 2) && $lines -eq 1 ]] && clean_failure "$name"; then
            pass
        else
            fail "$name, allocation $n of $count failing: rc=$rc, $lines stderr lines:" \
                "$(head -c 300 "$tmp/err") stdout: $(head -c 200 "$tmp/out")"
        fi
    done
}

check_command "field" "$DMAP" field "$tmp/room.txt" --goal 1,1 --goal 7,4=-3 --format csv
check_command "field digits" "$DMAP" field "$tmp/room.txt" --goal-char . --format digits
check_command "flee" "$DMAP" flee "$tmp/room.txt" --goal 1,1 --format csv
check_command "descend" "$DMAP" descend "$tmp/room.txt" --goal 7,4 --from 1,1 --seed 3
check_command "reach" "$DMAP" reach "$tmp/room.txt" --from 1,1 --to 7,4
check_command "timing" "$DMAP" timing "$tmp/room.txt" --enemy 7,4+1 --me 1,1
check_command "combine" "$DMAP" combine "$tmp/a.csv*2" "$tmp/b.csv*-1"
check_command "update" "$DMAP" update "$tmp/room.txt" --goal 1,1 --edits "$tmp/edits.txt"
check_command "bury" "$DMAP" bury "$tmp/world.txt"
check_command "demo" "$DMAP" demo

echo "cli_alloc_failure: $points (command, N) failure points"
cli_finish
