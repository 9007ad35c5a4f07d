#!/bin/sh
# ended.sh KUTULU DATA — why outside programs ended, as match and tournament say it: a program
# that exits at once and one that answers a bad line are ended on decision 1 by "exit" and
# "invalid line" (match), and a tournament counts them in its reasons table, not as timeouts.
K="$1"; D="$2"
fails=0
bad() { echo "FAIL $*"; fails=$((fails + 1)); }
out=$("$K" match --seed 1 --bots "initial,random,cmd:false,cmd:yes nonsense" --data "$D") ||
    bad "match exited $?"
echo "$out" | grep -q 'cmd:false .*score -1 (ended by exit on decision 1)$' ||
    bad "match: cmd:false: $out"
echo "$out" | grep -q 'cmd:yes nonsense .*score -1 (ended by invalid line on decision 1)$' ||
    bad "match: cmd:yes: $out"
out=$("$K" tournament --bots "initial,random,cmd:false,cmd:yes nonsense" --games 4 --jobs 1 \
      --data "$D") || bad "tournament exited $?"
# the main table's last column: timeouts
echo "$out" | grep -q '^| C | cmd:false | .* | 0 |$' || bad "tournament: cmd:false's timeouts: $out"
echo "$out" | grep -q '^| D | cmd:yes nonsense | .* | 0 |$' || bad "tournament: cmd:yes's timeouts: $out"
# the reasons table: games, to the end, timeout, crash, exit, closed output, too long, invalid
echo "$out" | grep -q '^| cmd:false | 4 | 0 | 0 | 0 | 4 | 0 | 0 | 0 |$' ||
    bad "tournament: cmd:false's reasons: $out"
echo "$out" | grep -q '^| cmd:yes nonsense | 4 | 0 | 0 | 0 | 0 | 0 | 0 | 4 |$' ||
    bad "tournament: cmd:yes's reasons: $out"
[ $fails -eq 0 ] || { echo "$fails failed"; exit 1; }
echo "all passed"
