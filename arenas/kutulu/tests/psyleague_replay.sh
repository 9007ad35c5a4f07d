#!/bin/sh
# psyleague_replay.sh KUTULU DATA — a game of `kutulu psyleague` played again by `kutulu match`
# from its record alone, as the README says: the referee seed and bot seed of test_data, the
# bots in seat order (seat s: bot (s + n) mod 4 of the command line, fillers after the bots).
# Each bot's score must be the record's.
K="$1"; D="$2"
fails=0
bots="postmortem initial random"   # three bots: seat 4 is the filler (wait)
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
"$K" psyleague --seed 7 --games 3 --data "$D" $bots > "$tmp/games" || { echo "FAIL psyleague exited $?"; exit 1; }
[ "$(grep -c '"ranks"' "$tmp/games")" = 3 ] || { echo "FAIL psyleague: want 3 games"; cat "$tmp/games"; exit 1; }
while IFS= read -r line; do
  n=$(printf '%s' "$line" | sed -n 's/.*"game": \([0-9]*\).*/\1/p')
  seed=$(printf '%s' "$line" | sed -n 's/.*"test_data": {[^}]*"seed": \(-*[0-9]*\).*/\1/p')
  bseed=$(printf '%s' "$line" | sed -n 's/.*"bot_seed": \(-*[0-9]*\).*/\1/p')
  scores=$(printf '%s' "$line" | sed -n 's/.*"player_data": \[\(.*\)\].*/\1/p' | tr -cd '0-9 ,-' | tr -s ' ')
  if [ -z "$n" ] || [ -z "$seed" ] || [ -z "$bseed" ]; then
    echo "FAIL no game, seed or bot_seed in: $line"; fails=$((fails + 1)); continue
  fi
  set -- $bots wait
  list=""
  for s in 0 1 2 3; do
    k=$(( (s + n) % 4 ))
    eval "b=\${$((k + 1))}"
    list="$list${list:+,}$b"
  done
  m=$("$K" match --seed "$seed" --bot-seed "$bseed" --bots "$list" --data "$D") || {
    echo "FAIL match exited $?"; fails=$((fails + 1)); continue; }
  # each bot's score, in the order of the bots on psyleague's command line
  again=""
  for b in $bots; do
    sc=$(echo "$m" | sed -n "s/^rank [0-9]*: player [0-9]* $b  *score \(-*[0-9]*\).*/\1/p" | head -n 1)
    again="$again${again:+, }$sc"
  done
  if [ "$(echo "$scores" | tr -d ' ')" = "$(echo "$again" | tr -d ' ')" ]; then
    echo "ok   game $n: scores $again"
  else
    echo "FAIL game $n (match --seed $seed --bot-seed $bseed --bots $list): scores $again, recorded $scores"
    fails=$((fails + 1))
  fi
done < "$tmp/games"
[ $fails -eq 0 ] || { echo "$fails failed"; exit 1; }
echo "all passed"
