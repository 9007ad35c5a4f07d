#!/bin/sh
# tune_jobs.sh — an arena's `tune` is deterministic: the same trajectory and tuned spec for
# --jobs 1 and --jobs 2, one line per iteration, a "tuned: SPEC" line whose bot `bots --params`
# lists, and moves when the games say so (not every score is 0); `tune --check SPEC` prints
# the pairs and a verdict, the same for any --jobs, and a bad spec is one line, exit 2.
# usage: tune_jobs.sh EXE ITERATIONS TUNE-ARGS...   (TUNE-ARGS: --bot NAME --against ... ...)
set -eu
exe=$1 iterations=$2
shift 2
fail() { echo "FAIL: $*" >&2; exit 1; }
one=$("$exe" tune --iterations "$iterations" --jobs 1 "$@") || fail "tune --jobs 1"
two=$("$exe" tune --iterations "$iterations" --jobs 2 "$@") || fail "tune --jobs 2"
echo "$one"
[ "$one" = "$two" ] || fail "--jobs 1 and --jobs 2 differ:
$two"
lines=$(echo "$one" | grep -c '^[0-9][0-9]* a=') || true
[ "$lines" = "$iterations" ] || fail "$lines iteration lines, not $iterations"
echo "$one" | grep -q 'score=[-+]0\.[0-9]*[1-9]' || fail "every score is 0: the games never differ"
spec=$(echo "$one" | sed -n 's/^tuned: //p')
bot=${spec%%:*}
[ -n "$bot" ] || fail "no tuned spec"
"$exe" bots --params | grep -qx "$bot" || fail "bots --params does not list $bot"
# --check: the tuned spec against the defaults, the same for any --jobs, with a verdict
c1=$("$exe" tune --check "$spec" --jobs 1 "$@") || fail "tune --check"
c2=$("$exe" tune --check "$spec" --jobs 2 "$@") || fail "tune --check --jobs 2"
echo "$c1"
[ "$c1" = "$c2" ] || fail "--check differs for 1 and 2 jobs"
echo "$c1" | grep -Eq '^pairs: [0-9]+ better, [0-9]+ the same, [0-9]+ worse$' || fail "--check: no pairs line"
echo "$c1" | grep -Eq '^verdict: (better than|worse than|no difference shown)' || fail "--check: no verdict"
if err=$("$exe" tune --check "$bot:nosuch=1" "$@" 2>&1 >/dev/null); then fail "a bad --check spec: exit 0"; else rc=$?; fi
[ "$rc" = 2 ] || fail "a bad --check spec: exit $rc, not 2"
case "$err" in *"--check: unknown parameter 'nosuch'"*) ;; *) fail "a bad --check spec said '$err'" ;; esac
echo "tune: the same run for 1 and 2 jobs; tuned $spec"
