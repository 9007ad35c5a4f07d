#!/bin/sh
# cli_bad_input.sh — bad input to `kutulu` is one line on stderr and exit status 2, never a
# crash, and nothing given is overwritten.
# usage: cli_bad_input.sh KUTULU_EXE DATA_DIR OUT_DIR
set -u
k=$1 data=$2 out=$3
mkdir -p "$out"
fails=0
expect2() { # expect2 DESCRIPTION ARGS...
  what=$1; shift
  "$k" "$@" > "$out/stdout" 2> "$out/stderr"
  rc=$?
  lines=$(wc -l < "$out/stderr")
  if [ "$rc" -ne 2 ] || [ "$lines" -ne 1 ]; then
    echo "FAIL: $what: exit $rc, $lines stderr lines: $(cat "$out/stderr")" >&2
    fails=$((fails + 1))
  fi
}
printf 'binary\000file' > "$out/binary"
echo "keep me" > "$out/keep.txt"
"$k" > "$out/stdout" 2> "$out/stderr" && grep -q "kutulu" "$out/stdout" && [ ! -s "$out/stderr" ] \
  || { echo "FAIL: no command: want the usage on stdout and exit 0, like dmap" >&2; fails=$((fails + 1)); }
expect2 "unknown command" frobnicate
expect2 "no seed" match --bots wait,wait,wait,wait --data "$data"
expect2 "seed not a number" match --seed x --bots wait,wait,wait,wait --data "$data"
expect2 "three players" match --seed 1 --bots wait,wait,wait --data "$data"
expect2 "unknown bot" match --seed 1 --bots wait,wait,wait,nobot --data "$data"
expect2 "empty cmd" match --seed 1 --bots cmd:,wait,wait,wait --data "$data"
expect2 "unknown map" match --seed 1 --bots wait,wait,wait,wait --map Nowhere --data "$data"
expect2 "missing data folder" match --seed 1 --bots wait,wait,wait,wait --data "$out/nowhere"
expect2 "--maps without --replay" match --seed 1 --bots wait,wait,wait,wait --data "$data" --maps
expect2 "negative seed" match --seed -1 --bots wait,wait,wait,wait --data "$data"
expect2 "limit 0" match --seed 1 --bots wait,wait,wait,wait --limit 0 --data "$data"
expect2 "unwritable replay" match --seed 1 --bots wait,wait,wait,wait --data "$data" --replay "$out/no/dir/x.jsonl"
expect2 "missing trace" replay --data "$data" "$out/nowhere.txt"
expect2 "binary trace" replay --data "$data" "$out/binary"
expect2 "text that is no trace" replay --data "$data" "$out/keep.txt"
expect2 "text that is no replay" replay --data "$data" --file "$out/keep.txt"
expect2 "zero games" tournament --bots wait,wait,wait,wait --games 0 --data "$data"
expect2 "negative jobs" tournament --bots wait,wait,wait,wait --jobs -1 --data "$data"
expect2 "psyleague: one bot" psyleague postmortem --data "$data"
expect2 "psyleague: five bots" psyleague wait wait wait wait wait --data "$data"
expect2 "psyleague: unknown bot" psyleague wait nobot --data "$data"
expect2 "psyleague: zero games" psyleague wait wait --games 0 --data "$data"
expect2 "psyleague: unknown option" psyleague wait wait --frob 1 --data "$data"
expect2 "psyleague: unknown fill" psyleague wait wait --fill nobot --data "$data"
expect2 "referee: three players" referee -p1 true -p2 true -p3 true --data "$data"
expect2 "referee: bad -d" referee -p1 true -p2 true -p3 true -p4 true -d seed=x --data "$data"
expect2 "referee: -p1 twice" referee -p1 true -p1 true -p2 true -p3 true -p4 true --data "$data"
expect2 "referee: unknown option" referee -p5 true --data "$data"
expect2 "merge: no files" merge
expect2 "merge: an option" merge --frob
expect2 "option without value" tournament --bots
# The same words as the dmap tool and the other arenas for the same mistake.
expect_said() { # expect_said DESCRIPTION WORDS ARGS...: exit 2, one line containing WORDS
  what=$1 words=$2; shift 2
  expect2 "$what" "$@"
  grep -qF -- "$words" "$out/stderr" || { echo "FAIL: $what: stderr lacks '$words': $(cat "$out/stderr")" >&2; fails=$((fails + 1)); }
}
expect_said "unknown match option" "kutulu: match: unknown option '--bogus' (see kutulu help match)" match --seed 1 --bogus
expect_said "unknown tournament option" "kutulu: tournament: unknown option '--bogus' (see kutulu help tournament)" tournament --bogus
expect_said "unknown replay option" "kutulu: replay: unknown option '--bogus' (see kutulu help replay)" replay --bogus
expect_said "help for an unknown command" "kutulu: unknown command 'nope' (see kutulu help)" help nope
expect_said "seed words" "kutulu: invalid value for --seed: 'x' (need an integer from" match --seed x --bots wait,wait,wait,wait --data "$data"
expect_said "seed twice" "kutulu: option --seed given twice" match --seed 1 --seed 2 --bots wait,wait,wait,wait --data "$data"
expect_said "missing trace words" "kutulu: $out/nowhere.txt: cannot open: No such file" replay --data "$data" "$out/nowhere.txt"
expect_said "replay --data without a value" "kutulu: option --data needs a value" replay --data
mkdir -p "$out/nomaps"
expect_said "data folder without maps/" "kutulu: $out/nomaps/maps/FourOfAKind.txt: cannot open" match --seed 1 --bots wait,wait,wait,wait --data "$out/nomaps"
echo 5 > "$out/games.counter"
expect_said "referee: -l over the counter" "kutulu: -l '$out/games.counter' is the --counter file" referee -p1 true -p2 true -p3 true -p4 true --counter "$out/games.counter" -l "$out/games.counter" --data "$data"
expect_said "referee: --bot-stderr into the counter" "kutulu: --bot-stderr '$out/games.counter' is the --counter file" referee -p1 true -p2 true -p3 true -p4 true --counter "$out/games.counter" --bot-stderr "$out/games.counter" --data "$data"
[ "$(cat "$out/games.counter")" = 5 ] || { echo "FAIL: referee changed the counter" >&2; fails=$((fails + 1)); }
expect_said "referee: -l over --bot-stderr" "kutulu: -l '$out/keep.txt' is the --bot-stderr file" referee -p1 true -p2 true -p3 true -p4 true -l "$out/keep.txt" --bot-stderr "$out/keep.txt" --data "$data"
expect_said "unknown map names the maps" "kutulu: --map: no league map named 'typhoon' (known: " match --seed 1 --bots wait,wait,wait,wait --map typhoon --data "$data"
grep -qF "'Typhoon'" "$out/stderr" || { echo "FAIL: the unknown map line lacks 'Typhoon': $(cat "$out/stderr")" >&2; fails=$((fails + 1)); }
expect_said "--maps alone" "kutulu: --maps needs --replay FILE or --html FILE" match --seed 1 --bots wait,wait,wait,wait --maps --data "$data"
expect_said "replay --file twice" "kutulu: option --file given twice" replay --file a --file b
expect_said "limit words" "kutulu: invalid value for --limit: '0' (need an integer from 1 to 600000)" match --seed 1 --bots wait,wait,wait,wait --limit 0 --data "$data"
expect_said "tournament limit words" "kutulu: invalid value for --limit: '0' (need an integer from 1 to 600000)" tournament --bots wait,wait,wait,wait --games 4 --limit 0 --data "$data"
expect_said "unwritable --bot-stderr" "kutulu: --bot-stderr: cannot open '$out/no/dir/err.txt'" match --seed 1 --bots wait,wait,wait,wait --data "$data" --bot-stderr "$out/no/dir/err.txt"
# A --bots list: the arenas' one wording (the kit's), the known bots in `kutulu bots` order.
expect_line() { # expect_line DESCRIPTION LINE ARGS...: exit 2, stderr exactly LINE
  what=$1 line=$2; shift 2
  expect2 "$what" "$@"
  [ "$(cat "$out/stderr")" = "$line" ] || { echo "FAIL: $what: stderr '$(cat "$out/stderr")', want '$line'" >&2; fails=$((fails + 1)); }
}
known=$("$k" bots | awk '{ printf "%s%s", sep, $1; sep = ", " }')
[ -n "$known" ] || { echo "FAIL: kutulu bots lists no bot" >&2; fails=$((fails + 1)); }
expect_line "three bots" "kutulu: --bots: give exactly 4 bots, got 3" match --seed 1 --bots wait,wait,wait --data "$data"
expect_line "five bots" "kutulu: --bots: give exactly 4 bots, got 5" tournament --bots wait,wait,wait,wait,wait --games 1 --data "$data"
expect_line "empty bot name" "kutulu: --bots: empty bot name" match --seed 1 --bots wait,,wait,wait --data "$data"
expect_line "trailing comma" "kutulu: --bots: empty bot name" match --seed 1 --bots wait,wait,wait,wait, --data "$data"
expect_line "unknown bot words" "kutulu: --bots: unknown bot 'nobot' (known: $known, or cmd:PROGRAM ARGS)" match --seed 1 --bots wait,wait,wait,nobot --data "$data"
expect_line "unknown bot in a tournament" "kutulu: --bots: unknown bot 'nobot' (known: $known, or cmd:PROGRAM ARGS)" tournament --bots nobot,wait,wait,wait --games 1 --data "$data"
long=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx # 60
expect_line "long unknown bot" "kutulu: --bots: unknown bot '$long...' (known: $known, or cmd:PROGRAM ARGS)" match --seed 1 --bots "wait,wait,wait,${long}yyyy" --data "$data"
expect2 "bad input with --bot-stderr" match --bots wait,wait,wait,wait --data "$data" --bot-stderr "$out/never.txt"
[ ! -e "$out/never.txt" ] || { echo "FAIL: bad input created the --bot-stderr file" >&2; fails=$((fails + 1)); }
# --bot-stderr: a program's stderr goes where it is told, appended to a file (never truncated)
bot="cmd:sh -c 'echo bot-debug-line >&2; while read -r l; do echo WAIT; done'"
echo "kept line" > "$out/bot-stderr.txt"
"$k" match --seed 3 --bots "$bot,wait,wait,wait" --data "$data" --bot-stderr "$out/bot-stderr.txt" > "$out/stdout" 2> "$out/stderr"
rc=$?
{ [ "$rc" -eq 0 ] && [ "$(head -n 1 "$out/bot-stderr.txt")" = "kept line" ] && grep -q bot-debug-line "$out/bot-stderr.txt" && ! grep -q bot-debug-line "$out/stderr"; } \
  || { echo "FAIL: --bot-stderr FILE: exit $rc, file: $(head -c 200 "$out/bot-stderr.txt")" >&2; fails=$((fails + 1)); }
"$k" match --seed 3 --bots "$bot,wait,wait,wait" --data "$data" > "$out/stdout" 2> "$out/stderr"
grep -q bot-debug-line "$out/stderr" || { echo "FAIL: match: a program's stderr is not inherited by default" >&2; fails=$((fails + 1)); }
"$k" tournament --games 4 --jobs 2 --bots "$bot,wait,wait,wait" --data "$data" > "$out/stdout" 2> "$out/stderr"
rc=$?
{ [ "$rc" -eq 0 ] && ! grep -q bot-debug-line "$out/stderr"; } || { echo "FAIL: tournament: a program's stderr is not discarded by default (exit $rc)" >&2; fails=$((fails + 1)); }
"$k" tournament --games 4 --jobs 2 --bots "$bot,wait,wait,wait" --data "$data" --bot-stderr inherit > "$out/stdout" 2> "$out/stderr"
[ "$(grep -c bot-debug-line "$out/stderr")" -eq 4 ] || { echo "FAIL: tournament --bot-stderr inherit: want 4 lines" >&2; fails=$((fails + 1)); }
[ "$(cat "$out/keep.txt")" = "keep me" ] || { echo "FAIL: an input file changed" >&2; fails=$((fails + 1)); }
[ "$fails" -eq 0 ] || exit 1
echo "bad input: all rejected with one line and exit 2"
