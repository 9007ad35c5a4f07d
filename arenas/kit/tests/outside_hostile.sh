#!/bin/sh
# outside_hostile.sh PROG IDLE MATCH TOURNAMENT [LEAGUE] — outside programs that misbehave, in one
# arena's `match`: MATCH is the match's options with @ where the outside program sits (e.g.
# "--bots @,random"), TOURNAMENT a tournament's options the same way, LEAGUE a league's of 2
# games with the outside program in each (optional), IDLE the answer line
# that does nothing (bomber "", pommerman 0, pursuit s). Each bot is a small sh script that
# reads the view one line at a time. For each:
#   - match exits 0 and prints its result line (the others play on);
#   - a bot that must be ended is reported as "ended: ... by REASON on decision N";
#   - a bot that ends doing nothing leaves the same game as one that answers IDLE every time
#     (the same output but the ended line): an ended player does nothing, the others play on;
#   - a bot that answers plays to the end (no "ended:" line), even when it starts escapees
#     (setsid, a double fork) or floods its stderr; every process it started is gone after.
# Also: a Python bot (print without flush, no -u) that checks every view of the protocol
# (outside_protocol.py) plays to the end; a replay of a game with an
# outside bot is written; a tournament's table, and a league's table and report, say why its
# players ended; --bot-stderr FILE
# gets what the bots write on stderr (match and tournament).
P="$1"; IDLE="$2"; MATCH="$3"; TOURNAMENT="$4"; LEAGUE="${5:-}"
set -f # the templates are split into words, never globbed
fails=0
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
unset PYTHONUNBUFFERED

# the reading loop every bot uses; answer() is defined by each bot ($n: the line's number, 1..)
reader='n=0; while read -r line; do n=$((n + 1)); answer; done; sleep 30'
escapee="setsid sh -c 'echo \$\$ >> \"\$0\"; exec sleep 30' \"\$1\""

# bot NAME BODY: writes $tmp/NAME.sh (BODY, then the reader)
bot() { printf 'echo $$ >> "$1"\n%s\n%s\n' "$2" "$reader" > "$tmp/$1.sh"; }

# seat NAME: the outside program of bot NAME as --bots takes it
seat() { printf 'cmd:sh %s/%s.sh %s/%s.pids' "$tmp" "$1" "$tmp" "$1"; }

# run NAME [ARGS]: plays the match with bot NAME (output in $tmp/NAME.out)
run() {
  name=$1; shift
  : > "$tmp/$name.pids"
  set -- match --first-limit 1500 --limit 500 --bot-stderr "${boterr:-discard}" "$@"
  for w in $MATCH; do set -- "$@" "$(printf '%s' "$w" | sed "s|@|$(seat "$name")|")"; done
  "$P" "$@" > "$tmp/$name.out" 2> "$tmp/$name.err"
  rc=$?
  if [ $rc -ne 0 ]; then echo "FAIL $name: exit $rc"; cat "$tmp/$name.err"; fails=$((fails + 1)); fi
}

# gone NAME: every pid the bot recorded has ended (a zombie counts as gone)
gone() {
  sleep 0.1
  for pid in $(cat "$tmp/$1.pids"); do
    state=$(sed 's/.*) //' "/proc/$pid/stat" 2>/dev/null | cut -c1)
    if [ -n "$state" ] && [ "$state" != Z ] && [ "$state" != X ]; then
      echo "FAIL $1: process $pid still runs"; kill -9 "$pid"; fails=$((fails + 1))
    fi
  done
}

# last NAME: what the match printed but its "ended:" lines, the bot's name left out
last() { grep -v '^ended:' "$tmp/$1.out" | sed "s|cmd:sh $tmp/[a-z]*\.sh $tmp/[a-z]*\.pids|BOT|g"; }

# expect_end NAME REASON DECISION
expect_end() {
  run "$1"
  if grep -q "^ended: .* by $2 on decision $3\$" "$tmp/$1.out"; then echo "ok   $1: ended by $2 on decision $3"
  else echo "FAIL $1: want 'ended: ... by $2 on decision $3'"; cat "$tmp/$1.out"; fails=$((fails + 1)); fi
  if [ "$(last "$1")" != "$(last idle)" ]; then
    echo "FAIL $1: not the idle game: $(last "$1")"; fails=$((fails + 1))
  fi
  gone "$1"
}

# expect_plays NAME: no ended line, the game of the idle bot
expect_plays() {
  run "$1"
  if grep -q "^ended:" "$tmp/$1.out"; then echo "FAIL $1: $(grep '^ended:' "$tmp/$1.out")"; fails=$((fails + 1))
  elif [ "$(last "$1")" != "$(last idle)" ]; then
    echo "FAIL $1: not the idle game: $(last "$1")"; fails=$((fails + 1))
  else echo "ok   $1: played to the end"; fi
  gone "$1"
}

answer_idle="answer() { printf '%s\\n' '$IDLE'; }"
bot idle "$answer_idle"
run idle
grep -q "^ended:" "$tmp/idle.out" && { echo "FAIL idle: $(cat "$tmp/idle.out")"; fails=$((fails + 1)); }
echo "idle game: $(last idle)"

bot silent "answer() { :; }"
expect_end silent timeout 1
bot late "answer() { if [ \$n -ge 2 ]; then sleep 5; fi; printf '%s\\n' '$IDLE'; }"
expect_end late timeout 2
bot flood "answer() { head -c 3000000 /dev/zero | tr '\\000' A; }"
expect_end flood "too long" 1
bot garbage "answer() { echo 'HELLO WORLD ;)'; }"
expect_end garbage "invalid line" 1
bot binary "answer() { printf '\\377\\376\\001\\200\\n'; }"
expect_end binary "invalid line" 1
bot nul "answer() { printf '$IDLE\\000\\n'; }"
expect_end nul "invalid line" 1
bot closed "answer() { exec >&-; }"
expect_end closed "closed output" 1
bot exits "answer() { exit 3; }"
expect_end exits exit 1
bot segv "answer() { kill -SEGV \$\$; }"
expect_end segv crash 1
bot forker "answer() { sleep 30 & echo \$! >> \"\$1\"; exit 0; }"
expect_end forker timeout 1
bot setsid "$escapee &
$answer_idle"
expect_plays setsid
bot daemon "($escapee &)
$answer_idle"
expect_plays daemon
bot stderr "(while :; do echo flood flood flood flood flood >&2; done) &
echo \$! >> \"\$1\"
$answer_idle"
expect_plays stderr

# a Python bot as the contest platforms run it (print() without flush, no -u) that checks
# every view of the arena's protocol (outside_protocol.py) and answers IDLE
if command -v python3 >/dev/null 2>&1; then
  here=$(cd "$(dirname "$0")" && pwd)
  printf 'exec python3 "%s" "%s" "$1" "%s"\n' "$here/outside_protocol.py" "$(basename "$P")" \
    "$IDLE" > "$tmp/python.sh"
  boterr="$tmp/python.bot-err" expect_plays python
  if [ -s "$tmp/python.bot-err" ]; then cat "$tmp/python.bot-err"; fails=$((fails + 1)); fi
fi

# --bot-stderr FILE: what a bot writes on its stderr lands in FILE (appended to), in match
# and in a tournament
bot noisy "echo noisy-stderr-line >&2
$answer_idle"
: > "$tmp/noisy.bot-err"
boterr="$tmp/noisy.bot-err" expect_plays noisy
if grep -q noisy-stderr-line "$tmp/noisy.bot-err"; then echo "ok   match --bot-stderr FILE"
else echo "FAIL match --bot-stderr FILE: the file has not the bot's stderr"; fails=$((fails + 1)); fi
: > "$tmp/noisy.bot-err"
set -- tournament --jobs 1 --bot-stderr "$tmp/noisy.bot-err"
for w in $TOURNAMENT; do set -- "$@" "$(printf '%s' "$w" | sed "s|@|$(seat noisy)|")"; done
"$P" "$@" > "$tmp/tn.out" 2> "$tmp/tn.err"
if [ "$(grep -c noisy-stderr-line "$tmp/noisy.bot-err")" -ge 2 ]; then
  echo "ok   tournament --bot-stderr FILE"
else echo "FAIL tournament --bot-stderr FILE: the file has not the bots' stderr"
  cat "$tmp/tn.err"; fails=$((fails + 1)); fi

# bomber sends the final state (is_over true) and expects no answer to it: a bot that exits
# there plays to the end
case "$(basename "$P")" in bomber*)
  bot lastexit 'answer() { case "$line" in *'"'"'"is_over":true'"'"'*) exit 0 ;; esac; printf "\n"; }'
  run lastexit
  if grep -q '^ended:' "$tmp/lastexit.out"; then
    echo "FAIL a bot that exits on the final state is counted as ended: $(cat "$tmp/lastexit.out")"
    fails=$((fails + 1))
  else echo "ok   exit on the final state (is_over): played to the end"; fi ;;
esac

# a replay of a game with an outside bot
run idle --replay "$tmp/idle.jsonl"
if [ -s "$tmp/idle.jsonl" ] && grep -q '"result"' "$tmp/idle.jsonl"; then echo "ok   replay written"
else echo "FAIL replay: no replay file"; fails=$((fails + 1)); fi

# a tournament of the silent bot: the table's ended row
set -- tournament --jobs 1 --first-limit 300
for w in $TOURNAMENT; do set -- "$@" "$(printf '%s' "$w" | sed "s|@|$(seat silent)|")"; done
"$P" "$@" > "$tmp/t.out" 2> "$tmp/t.err"
row=$(grep "^| $(seat silent) |" "$tmp/t.out" | tail -n 1)
case "$row" in
  *"| 0 | 2 | 0 | 0 | 0 | 0 | 0 |") echo "ok   tournament: $row" ;;
  *) echo "FAIL tournament: ended row '$row'"; cat "$tmp/t.out" "$tmp/t.err"; fails=$((fails + 1)) ;;
esac

# a league of the silent bot: the same row after the league's tables, and in its report
if [ -n "$LEAGUE" ]; then
  set -- league --jobs 1 --first-limit 300 --html "$tmp/l.html"
  for w in $LEAGUE; do set -- "$@" "$(printf '%s' "$w" | sed "s|@|$(seat silent)|")"; done
  "$P" "$@" > "$tmp/l.out" 2> "$tmp/l.err"
  row=$(grep "^| $(seat silent) |" "$tmp/l.out" | tail -n 1)
  case "$row" in
    *"| 0 | 2 | 0 | 0 | 0 | 0 | 0 |") echo "ok   league: $row" ;;
    *) echo "FAIL league: ended row '$row'"; cat "$tmp/l.out" "$tmp/l.err"; fails=$((fails + 1)) ;;
  esac
  if grep -q '<table id="ended">' "$tmp/l.html" && grep -q '<td>0</td><td>2</td><td>0</td><td>0</td><td>0</td><td>0</td><td>0</td></tr>' "$tmp/l.html"
  then echo "ok   league report: the ended table"
  else echo "FAIL league report: no ended table with the silent bot's row"; fails=$((fails + 1)); fi
fi
gone silent

[ $fails -eq 0 ] || { echo "$fails failed"; exit 1; }
echo "all passed"
