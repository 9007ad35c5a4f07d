#!/bin/sh
# cli.sh BOMBER TRACES — the `bomber` program's answers to bad input and altered recordings,
# and the determinism of tournaments for any --jobs. Every check prints one line; exit 1 if any
# failed.
B="$1"; T="$2"; fails=0
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
for f in "$T/random-random/seed_117.trace.gz" "$T/gambit-random/seed_1.gambit.gz"; do
  [ -f "$f" ] || { echo "MISSING DATA: $f"; exit 1; }
done
# expect STATUS DESCRIPTION CMD...: the exit status, and for status 2 exactly one stderr line.
expect() {
  want=$1; what=$2; shift 2
  "$@" >"$tmp/out" 2>"$tmp/err"; got=$?
  lines=$(wc -l <"$tmp/err")
  if [ "$got" -ne "$want" ] || { [ "$want" -eq 2 ] && [ "$lines" -ne 1 ]; }; then
    echo "FAIL $what: exit $got (want $want), stderr lines $lines"; cat "$tmp/err"; fails=$((fails+1))
  else
    echo "ok   $what"
  fi
}
# expect_said DESCRIPTION WORDS CMD...: exit 2, one stderr line containing WORDS (the same
# words as the dmap tool and the other arenas use for the same mistake).
expect_said() {
  what=$1; words=$2; shift 2
  expect 2 "$what" "$@"
  grep -qF -- "$words" "$tmp/err" || { echo "FAIL $what: stderr lacks '$words'"; fails=$((fails+1)); }
}
expect_said "help for an unknown command" "bomber: unknown command 'fly' (see bomber help)" "$B" help fly
expect_said "replay --gambit twice" "bomber: option --gambit given twice" "$B" replay x --gambit a --gambit b
expect_said "replay --gambit without a value" "bomber: option --gambit needs a value" "$B" replay x --gambit
expect_said "replay with an unknown option (words)" "bomber: replay: unknown option '--fast' (see bomber help replay)" "$B" replay x --fast
expect_said "match without --bots (words)" "bomber: match: --bots is required (see bomber help match)" "$B" match --seed 1
expect_said "replay of a missing file (words)" "$tmp/none.trace.gz: cannot open: No such file" "$B" replay "$tmp/none.trace.gz"
expect_said "match seed range" "(need an integer from 0 to 9223372036854775807)" "$B" match --seed 9223372036854775808 --bots random,random
# A --bots list: the arenas' one wording (the kit's); the known bots in the table's order.
# expect_line DESCRIPTION LINE CMD...: exit 2, stderr exactly LINE.
expect_line() {
  what=$1; line=$2; shift 2
  expect 2 "$what" "$@"
  [ "$(cat "$tmp/err")" = "$line" ] || { echo "FAIL $what: stderr '$(cat "$tmp/err")', want '$line'"; fails=$((fails+1)); }
}
expect_line "match with one bot" "bomber: --bots: give exactly 2 bots, got 1" "$B" match --seed 1 --bots gambit
expect_line "match with three bots" "bomber: --bots: give exactly 2 bots, got 3" "$B" match --seed 1 --bots gambit,gambit,gambit
expect_line "tournament with one bot" "bomber: --bots: give 2 to 8 bots, got 1" "$B" tournament --bots gambit --games 1
expect_line "match with an empty bot name" "bomber: --bots: empty bot name" "$B" match --seed 1 --bots gambit,,random
expect_line "match with a trailing comma" "bomber: --bots: empty bot name" "$B" match --seed 1 --bots gambit,random,
expect_line "match with an unknown bot (words)" "bomber: --bots: unknown bot 'nobody' (known: gambit, gambit2, simple, random, search, or cmd:PROGRAM ARGS)" "$B" match --seed 1 --bots gambit,nobody
long=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx # 60
expect_line "match with a long unknown bot" "bomber: --bots: unknown bot '$long...' (known: gambit, gambit2, simple, random, search, or cmd:PROGRAM ARGS)" "$B" match --seed 1 --bots "${long}yyyy,gambit"
expect 0 "no command: the usage, like dmap and pursuit" "$B"
grep -q "^usage: bomber" "$tmp/out" || { echo "FAIL no command: no usage on stdout"; fails=$((fails+1)); }
expect 2 "unknown command" "$B" fly
expect 2 "replay without a trace" "$B" replay
expect 2 "replay of a missing file" "$B" replay "$tmp/none.trace.gz"
printf 'garbage\n' | gzip >"$tmp/garbage.gz"
expect 2 "replay of garbage" "$B" replay "$tmp/garbage.gz"
head -c 3000 "$T/random-random/seed_117.trace.gz" >"$tmp/cut.gz"
expect 2 "replay of a truncated gzip" "$B" replay "$tmp/cut.gz"
zcat "$T/random-random/seed_117.trace.gz" | head -200 >"$tmp/short.trace"
expect 2 "replay of a trace without END" "$B" replay "$tmp/short.trace"
expect 2 "replay with an unknown option" "$B" replay "$T/random-random/seed_117.trace.gz" --fast
expect 2 "match without bots" "$B" match --seed 1
expect 2 "match with an unknown bot" "$B" match --seed 1 --bots gambit,nobody
expect 2 "match with a bad seed" "$B" match --seed -3 --bots random,random
expect 2 "match with --seed twice" "$B" match --seed 1 --seed 2 --bots random,random
expect 2 "match --maps without --replay" "$B" match --seed 1 --bots random,random --maps
expect 2 "match --replay into a missing folder" "$B" match --seed 1 --bots random,random --replay "$tmp/no/such/dir.jsonl"
expect 2 "tournament without --games" "$B" tournament --bots random,simple
expect 2 "tournament with bad --games" "$B" tournament --bots random,simple --games 1x
expect 2 "tournament with bad --jobs" "$B" tournament --bots random,simple --games 2 --jobs -1
# Altered recordings: the first difference, exit 1.
zcat "$T/random-random/seed_117.trace.gz" | sed 's/^T 56 A r l Q 1l+ 0r+ R 1$/T 56 A r l Q 0r+ 1l+ R 1/' >"$tmp/swap.trace"
expect 1 "a swapped action order" "$B" replay "$tmp/swap.trace"
grep -q "^DIFF .*tick 56 field Q" "$tmp/out" || { echo "FAIL the swap is not reported at tick 56, field Q"; fails=$((fails+1)); }
zcat "$T/random-random/seed_117.trace.gz" | awk '/^  P 1 / && ++n==700 {$6=$6+1} {print}' >"$tmp/hp.trace"
expect 1 "an altered ammo count" "$B" replay "$tmp/hp.trace"
grep -q "^DIFF .*tick 698 field P" "$tmp/out" || { echo "FAIL the ammo change is not reported at tick 698, field P"; cat "$tmp/out"; fails=$((fails+1)); }
zcat "$T/gambit-random/seed_1.gambit.gz" | awk '/^  M / && ++n==500 {sub(/ -?[0-9.]+ /," 1.5 ")} {print}' >"$tmp/m.gambit"
expect 1 "an altered goal map" "$B" replay "$T/gambit-random/seed_1.trace.gz" --gambit "$tmp/m.gambit"
grep -q "^DIFF .*call 500 (pid 0, tick 499) field M: cell (1,0)" "$tmp/out" || { echo "FAIL the goal map change is not reported"; fails=$((fails+1)); }
# Several traces: OK for each; --gambit goes with one.
expect 0 "replay of two traces" "$B" replay "$T/random-random/seed_117.trace.gz" "$T/gambit-random/seed_3.trace.gz"
[ "$(grep -c '^OK ' "$tmp/out")" -eq 2 ] || { echo "FAIL replay of two traces: $(cat "$tmp/out")"; fails=$((fails+1)); }
expect_line "replay --gambit with two traces" "bomber: replay: --gambit LOG goes with one trace, got 2" "$B" replay a b --gambit c
expect 1 "replay stops at the first difference" "$B" replay "$tmp/swap.trace" "$T/random-random/seed_117.trace.gz"
[ "$(grep -c '^OK ' "$tmp/out")" -eq 0 ] && grep -q "^DIFF " "$tmp/out" || { echo "FAIL replay after a difference: $(cat "$tmp/out")"; fails=$((fails+1)); }
# The kit's commands: `bots` lists the table in order, `help bots` and `help COMMAND` answer.
expect 0 "bots" "$B" bots
[ "$(cut -d' ' -f1 <"$tmp/out" | tr '\n' ' ')" = "gambit gambit2 simple random search " ] || { echo "FAIL bots: '$(cat "$tmp/out")'"; fails=$((fails+1)); }
expect 0 "help bots" "$B" help bots
expect 0 "help match" "$B" help match
grep -q "^usage: bomber match" "$tmp/out" || { echo "FAIL help match: no usage"; fails=$((fails+1)); }
expect_line "bots with an argument" "bomber: bots: takes no arguments but --params (see bomber help)" "$B" bots gambit
# Bot specs with parameters (the kit's param.h): one line, exit 2.
expect_line "unknown parameter" "bomber: --bots: unknown parameter 'nope' of bot gambit (known: flee, reward, high, safe, safe_hurt, ammo, ammo_low, reward_one, reward_none, treasure_late, aversion_late, run_late)" "$B" match --bots gambit:nope=1,simple
expect_line "parameter out of range" "bomber: --bots: parameter safe: -1 is out of range (0 to 20)" "$B" tournament --games 2 --bots gambit2:safe=-1,simple
expect_line "parameter not a number" "bomber: --bots: parameter flee: 'x' is not a number" "$B" match --bots simple,gambit:flee=x
expect_line "a bot without parameters" "bomber: --bots: bot simple has no parameters" "$B" match --bots simple:flee=1,gambit
# --html alone: the page, and no scratch replay left beside it; --maps needs an output.
mkdir "$tmp/page"
expect 0 "match --html alone" "$B" match --seed 2 --bots gambit2,simple --html "$tmp/page/g.html" --maps
[ "$(ls "$tmp/page")" = "g.html" ] && grep -q '"p0/goal"' "$tmp/page/g.html" || { echo "FAIL --html: $(ls "$tmp/page")"; fails=$((fails+1)); }
expect_line "match --maps alone" "bomber: --maps needs --replay FILE or --html FILE" "$B" match --seed 1 --bots random,random --maps
# The same table for any number of jobs (decision times aside).
"$B" tournament --bots gambit,simple,random --games 6 --seed 5 --jobs 1 | grep '^| [a-z0-9]* | [a-z]' | cut -d'|' -f1-11 >"$tmp/j1" || fails=$((fails+1))
"$B" tournament --bots gambit,simple,random --games 6 --seed 5 --jobs 3 | grep '^| [a-z0-9]* | [a-z]' | cut -d'|' -f1-11 >"$tmp/j3" || fails=$((fails+1))
if [ -s "$tmp/j1" ] && cmp -s "$tmp/j1" "$tmp/j3"; then echo "ok   tournament table independent of --jobs"; else echo "FAIL tournament tables differ between --jobs 1 and 3"; fails=$((fails+1)); fi
# A replay file: one header line, one line per tick, a result line; valid JSON throughout.
"$B" match --seed 3 --bots gambit,simple --replay "$tmp/r.jsonl" --maps >"$tmp/out" || fails=$((fails+1))
n=$(wc -l <"$tmp/r.jsonl"); ticks=$(sed -n 's/.*after \([0-9]*\) ticks.*/\1/p' "$tmp/out")
if [ "$n" -eq $((ticks + 2)) ] && head -1 "$tmp/r.jsonl" | grep -q '"format":"dmap-replay"' && grep -q '"p0/goal"' "$tmp/r.jsonl" && tail -1 "$tmp/r.jsonl" | grep -q '"result"'; then
  echo "ok   replay file ($n lines)"
else
  echo "FAIL replay file: $n lines for $ticks ticks"; fails=$((fails+1))
fi
echo "bomber_cli: $fails failed"
[ "$fails" -eq 0 ]
