#!/bin/sh
# tune.sh — `kutulu tune` is deterministic (the same trajectory and tuned spec for --jobs 1 and
# 2), prints one line per iteration and a spec that `match` takes; bot specs with parameters
# are checked with one line and exit status 2 (unknown parameter, out of range, not a number,
# a bot without parameters).
# usage: tune.sh KUTULU_EXE DATA_DIR
set -eu
k=$1 data=$2
fail() { echo "FAIL: $*" >&2; exit 1; }
run() { "$k" tune --bot postmortem --against initial,dmapbot,initial --iterations 3 \
  --games-per-side 4 --seed 9 --data "$data" --jobs "$1"; }
one=$(run 1) two=$(run 2)
[ "$one" = "$two" ] || fail "--jobs 1 and --jobs 2 differ:
$one
---
$two"
echo "$one"
[ "$(echo "$one" | grep -c '^[0-9] a=')" = 3 ] || fail "not 3 iteration lines"
spec=$(echo "$one" | sed -n 's/^tuned: //p')
case "$spec" in postmortem*) ;; *) fail "no tuned spec" ;; esac
"$k" match --seed 2 --data "$data" --bots "$spec,initial,initial,initial" >/dev/null \
  || fail "match does not take the tuned spec '$spec'"
expect2() { # expect2 WHAT EXPECTED-LINE ARGS...
  what=$1 line=$2; shift 2
  if err=$("$k" "$@" 2>&1 >/dev/null); then fail "$what: exit 0"; else rc=$?; fi
  [ "$rc" = 2 ] || fail "$what: exit $rc, not 2"
  [ "$err" = "$line" ] || fail "$what: said '$err', not '$line'"
}
expect2 "unknown parameter" \
  "kutulu: --bots: unknown parameter 'x' of bot postmortem (known: next_turn, yell_trap, yell_hit, plan_per_tick)" \
  match --seed 1 --bots postmortem:x=1,initial,initial,initial
expect2 "out of range" "kutulu: --bots: parameter next_turn: 11 is out of range (0 to 10)" \
  tournament --bots initial,postmortem:next_turn=11,initial,initial
expect2 "not a number" "kutulu: --bots: parameter room_cap: '4x' is not a number" \
  match --seed 1 --bots dmapbot:room_cap=4x,initial,initial,initial
expect2 "no parameters" "kutulu: --bots: bot initial has no parameters" \
  match --seed 1 --bots initial:a=1,initial,initial,initial
expect2 "tune a bot without parameters" \
  "kutulu: --bot: bot initial has no parameters (see kutulu bots --params)" \
  tune --bot initial --against initial,initial,initial
expect2 "tune without --against" "kutulu: tune: --against is required (see kutulu help tune)" \
  tune --bot postmortem
"$k" bots --params | grep -q '^  next_turn ' || fail "bots --params lists no next_turn"
echo "tune: same run for 1 and 2 jobs, errors one line each"
