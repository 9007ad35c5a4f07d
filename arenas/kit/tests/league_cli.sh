#!/bin/bash
# league_cli.sh — an arena's `league` and `sprt` end to end: the same output for any --jobs,
# the HTML report written and complete, a test that decides (or says why it stopped), and
# bad input (unknown bots, bad numbers, alpha/beta outside (0, 1), elo0 >= elo1) answered by
# one line on stderr and exit status 2.
# usage: league_cli.sh PROGRAM "LEAGUE BOT OPTIONS" "SPRT BOT OPTIONS" "UNKNOWN BOT OPTIONS" GAMES
set -u
prog=$1 league_bots=$2 sprt_bots=$3 unknown_bots=$4 games=$5
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "league_cli: $(basename "$prog"): $*" >&2; fail=1; }

# shellcheck disable=SC2086
"$prog" league $league_bots --games "$games" --seed 3 --jobs 1 > "$tmp/l1" 2> "$tmp/e1" || bad "league --jobs 1 failed: $(cat "$tmp/e1")"
# shellcheck disable=SC2086
"$prog" league $league_bots --games "$games" --seed 3 --jobs 3 --html "$tmp/l.html" > "$tmp/l3" 2> "$tmp/e3" || bad "league --jobs 3 failed: $(cat "$tmp/e3")"
cmp -s "$tmp/l1" "$tmp/l3" || bad "league output differs between --jobs 1 and --jobs 3"
grep -q " 0 failed, seed 3" "$tmp/l1" || bad "league header: $(head -1 "$tmp/l1")"
grep -q '^| A | ' "$tmp/l1" || bad "league: no rating row"
grep -q 'pairwise score' "$tmp/l1" || bad "league: no pairwise matrix"
for id in ratings pairwise games command; do
    grep -q "id=\"$id\"" "$tmp/l.html" 2>/dev/null || bad "report: no element $id"
done
grep -q '</html>' "$tmp/l.html" 2>/dev/null || bad "report: not complete"
# the report's command is the whole command line: every word of the bot lists in full
cmd=$(sed -n 's/.*<pre id="command">\(.*\)<\/pre>.*/\1/p' "$tmp/l.html" 2>/dev/null)
for w in $league_bots; do
    case " $cmd " in *" $w "*) ;; *) bad "report: the command '$cmd' lacks '$w'" ;; esac
done
[ -z "$(ls "$tmp" | grep "^l\.html\.")" ] || bad "report: temporary file left: $(ls "$tmp")"

# sprt's exit status says its verdict: 0 H1 accepted, 3 H0 accepted, 4 no decision (1 a game
# failed, 2 bad input)
verdict_rc() { # verdict_rc FILE: the exit status the verdict line of FILE calls for
    if grep -q '^H1 accepted' "$1"; then echo 0
    elif grep -q '^H0 accepted' "$1"; then echo 3
    elif grep -q '^no decision' "$1"; then echo 4
    else echo none; fi
}
# shellcheck disable=SC2086
"$prog" sprt $sprt_bots --elo0 0 --elo1 50 --max-games 60 --jobs 1 > "$tmp/s1" 2> "$tmp/e1"
rc1=$?
[ "$rc1" = "$(verdict_rc "$tmp/s1")" ] || bad "sprt --jobs 1 exited $rc1 for: $(head -n 1 "$tmp/s1") $(cat "$tmp/e1")"
# shellcheck disable=SC2086
"$prog" sprt $sprt_bots --elo0 0 --elo1 50 --max-games 60 --jobs 3 > "$tmp/s3" 2> "$tmp/e3"
rc3=$?
[ "$rc3" = "$rc1" ] || bad "sprt --jobs 3 exited $rc3, --jobs 1 $rc1: $(cat "$tmp/e3")"
cmp -s "$tmp/s1" "$tmp/s3" || bad "sprt output differs between --jobs 1 and --jobs 3"
grep -Eq '^(H0 accepted|H1 accepted|no decision: --max-games 60 reached)' "$tmp/s1" || bad "sprt: no verdict: $(cat "$tmp/s1")"
# two games cannot decide: no decision, exit 4
# shellcheck disable=SC2086
"$prog" sprt $sprt_bots --elo0 0 --elo1 50 --max-games 2 --jobs 1 > "$tmp/s2" 2> "$tmp/e2"
rc2=$?
grep -q '^no decision' "$tmp/s2" && [ "$rc2" = 4 ] || bad "sprt --max-games 2 exited $rc2 for: $(head -n 1 "$tmp/s2") $(cat "$tmp/e2")"
grep -q '^Elo A - B: ' "$tmp/s1" || bad "sprt: no Elo estimate"

usage() { # expects exit 2, one line on stderr, nothing on stdout
    "$prog" "$@" > "$tmp/out" 2> "$tmp/err"
    local rc=$?
    [ "$rc" = 2 ] || bad "$* exited $rc, want 2"
    [ "$(wc -l < "$tmp/err")" = 1 ] || bad "$*: want one line on stderr, got: $(cat "$tmp/err")"
    [ ! -s "$tmp/out" ] || bad "$*: wrote to stdout"
}
# shellcheck disable=SC2086
{
usage league $unknown_bots --games 2
usage sprt $unknown_bots
usage league $league_bots --games 0
usage league $league_bots --games abc
usage league $league_bots --games 2 --jobs -1
usage sprt $sprt_bots --alpha 0
usage sprt $sprt_bots --alpha 1
usage sprt $sprt_bots --beta 1.5
usage sprt $sprt_bots --beta x
usage sprt $sprt_bots --elo0 5 --elo1 5
usage sprt $sprt_bots --elo0 10 --elo1 -10
usage sprt $sprt_bots --elo1 nan
usage sprt $sprt_bots --max-games 1
usage sprt $sprt_bots --seed -1
usage sprt $sprt_bots --nonsense 1
}
exit $fail
