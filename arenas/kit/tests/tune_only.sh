#!/bin/sh
# tune_only.sh — an arena's `tune --only NAMES --start SPEC`: the start line shows SPEC's values,
# every iteration line keeps each parameter not named at its start value while the named ones
# move (when a score is not 0), and a bad --only or --start is one line, exit 2.
# usage: tune_only.sh EXE ITERATIONS NAMES SPEC TUNE-ARGS...   (TUNE-ARGS: --bot NAME --against ...)
set -eu
exe=$1 iterations=$2 names=$3 spec=$4
shift 4
fail() { echo "FAIL: $*" >&2; exit 1; }
out=$("$exe" tune --iterations "$iterations" --jobs 1 --only "$names" --start "$spec" "$@") ||
  fail "tune --only --start"
echo "$out"
start=$(echo "$out" | sed -n 's/^start: //p')
[ -n "$start" ] || fail "no start line"
for kv in $(echo "${spec#*:}" | tr ':' ' '); do
  case " $start " in *" $kv "*) ;; *) fail "start line lacks $kv: $start" ;; esac
done
# field by field: a held parameter never leaves its start value; a named one moves
moved=$(echo "$out" | awk -v start="$start" -v names=",$names," '
  BEGIN { n = split(start, s, " "); moved = 0 }
  /^[0-9]+ a=/ {
    for (i = 5; i <= NF; i++) {
      split($i, kv, "="); split(s[i - 4], sv, "=")
      if (kv[1] != sv[1]) { print "BAD field order " $i; exit }
      if (index(names, "," kv[1] ",") == 0) { if ($i != s[i - 4]) { print "BAD held " $i " from " s[i - 4]; exit } }
      else if ($i != s[i - 4]) moved = 1
    }
  }
  END { print moved }')
case "$moved" in BAD*) fail "$moved" ;; esac
if echo "$out" | grep -q 'score=[-+]0\.[0-9]*[1-9]'; then
  [ "$moved" = 1 ] || fail "scores not 0 but the named parameters never moved"
fi
if err=$("$exe" tune --iterations 1 --only nosuch "$@" 2>&1 >/dev/null); then fail "--only nosuch: exit 0"; else rc=$?; fi
[ "$rc" = 2 ] || fail "--only nosuch: exit $rc, not 2"
case "$err" in *"--only: 'nosuch' is not a parameter"*) ;; *) fail "--only nosuch said '$err'" ;; esac
if err=$("$exe" tune --iterations 1 --start "nosuchbot:x=1" "$@" 2>&1 >/dev/null); then fail "--start of another bot: exit 0"; else rc=$?; fi
[ "$rc" = 2 ] || fail "--start of another bot: exit $rc, not 2"
case "$err" in *"--start: 'nosuchbot:x=1' is not a spec of"*) ;; *) fail "--start said '$err'" ;; esac
echo "tune --only $names --start $spec: only the named parameters moved"
