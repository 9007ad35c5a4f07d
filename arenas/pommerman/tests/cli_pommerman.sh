#!/bin/sh
# cli_pommerman.sh — the `pommerman` program end to end: a game played from a recorded game's
# seed ends as the record's END line says (board generator + engine + SimpleAgent + the shared
# stream, together); the same command twice prints the same; `replay` says OK, or names the line
# of a changed record (exit 1); bad input gives exit 2 and exactly one line on stderr.
# A replay file has its header, one line per step and the result; a tournament prints the same
# table for --jobs 1 and 2.
# usage: cli_pommerman.sh POMMERMAN_BINARY TRACES_DIR
P="$1"
T="$2"
fails=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; fails=$((fails + 1)); }

[ -x "$P" ] || { echo "FAIL: no program $P" >&2; exit 1; }
[ -d "$T" ] || { echo "FAIL: missing $T" >&2; exit 1; }

# From the seed alone: the END line of each recorded all-SimpleAgent game.
for f in ffa-SSSS/seed_1 ffa-SSSS/seed_2 ffa-SSSS/seed_3 ffa-SSSS/seed_4 ffa-SSSS-kicks/seed_31 1v1-SS/seed_1; do
    file="$T/$f.txt"
    [ -f "$file" ] || { fail "missing $file"; continue; }
    seed=$(sed -n 's/^GAME .* seed \([0-9]*\) .*/\1/p' "$file")
    steps=$(sed -n 's/^END steps \([0-9]*\) .*/\1/p' "$file")
    result=$(sed -n 's/^END steps [0-9]* result \([A-Za-z]*\) .*/\1/p' "$file")
    winners=$(sed -n 's/^END .* winners \([-0-9,]*\) .*/\1/p' "$file")
    case "$f" in
    1v1*) out=$("$P" match --seed "$seed" --config 1v1 --bots simple,simple | head -1) ;;
    *) out=$("$P" match --seed "$seed" --bots simple,simple,simple,simple | head -1) ;;
    esac
    want="result $result after $steps steps"
    [ "$winners" != "-" ] && want="$want: agent $winners (simple) wins"
    [ "$out" = "$want" ] || fail "$f from seed $seed: got '$out', want '$want'"
done

# The other configs, from the seed alone: the END line of recorded all-SimpleAgent games (team
# wins name both members; a collapse, fog and the radio's silence on the way).
for f in PommeTeam-v0-SSSS/seed_3 PommeTeamCompetition-v0-SSSS/seed_2 PommeTeamCompetition-v1-SSSS/seed_27 \
    PommeFFA-v1-SSSS/seed_35 PommeRadio-v2-SSSS/seed_1; do
    file="$T/$f.txt.gz"
    [ -f "$file" ] || { fail "missing $file"; continue; }
    head=$(gzip -dc "$file" | sed -n 2p)
    config=$(echo "$head" | sed -n 's/^GAME config \([^ ]*\) seed \([0-9]*\) .*/\1/p')
    seed=$(echo "$head" | sed -n 's/^GAME config \([^ ]*\) seed \([0-9]*\) .*/\2/p')
    end=$(gzip -dc "$file" | tail -1)
    steps=$(echo "$end" | sed -n 's/^END steps \([0-9]*\) .*/\1/p')
    result=$(echo "$end" | sed -n 's/^END steps [0-9]* result \([A-Za-z]*\) .*/\1/p')
    winners=$(echo "$end" | sed -n 's/^END .* winners \([-0-9,]*\) .*/\1/p')
    out=$("$P" match --seed "$seed" --config "$config" --bots simple,simple,simple,simple | head -1)
    want="result $result after $steps steps"
    for w in $(echo "$winners" | tr ',' ' '); do [ "$w" != "-" ] && want="$want: agent $w (simple) wins"; done
    [ "$out" = "$want" ] || fail "$f from seed $seed: got '$out', want '$want'"
done

# Determinism.
a=$("$P" match --seed 7 --bots dmap,simple,tutorial,random --render | md5sum)
b=$("$P" match --seed 7 --bots dmap,simple,tutorial,random --render | md5sum)
[ "$a" = "$b" ] || fail "match --seed 7 differs between two runs"

# replay: OK, and a changed record named by its line.
out=$("$P" replay "$T/ffa-SSSS/seed_1.txt" --agents) || fail "replay --agents exit $?"
[ "$out" = "OK 165 steps, 552 SimpleAgent decisions (actions and draws)" ] || fail "replay printed '$out'"
# several traces: each named, in order; the first that does not replay ends it (exit 1 or 2)
out=$("$P" replay --agents "$T/1v1-SS/seed_1.txt" "$T/ffa-SRSR/seed_1.txt") || fail "replay of two exit $?"
want="$T/1v1-SS/seed_1.txt: OK 502 steps, 1004 SimpleAgent decisions (actions and draws)
$T/ffa-SRSR/seed_1.txt: OK 97 steps, 194 SimpleAgent decisions (actions and draws)"
[ "$out" = "$want" ] || fail "replay of two printed '$out'"
n=$(grep -n '^D ' "$T/ffa-SSSS/seed_1.txt" | sed -n 20p | cut -d: -f1)
awk -v n="$n" 'NR==n { $NF = ($NF == "-") ? "1" : "-" } { print }' "$T/ffa-SSSS/seed_1.txt" > "$tmp/changed.txt"
"$P" replay "$tmp/changed.txt" --agents > "$tmp/out" 2>&1
rc=$?
[ $rc -eq 1 ] && grep -q ":$n: " "$tmp/out" || fail "changed draws at line $n: exit $rc, '$(cat "$tmp/out")'"
"$P" replay "$T/1v1-SS/seed_1.txt" "$tmp/changed.txt" "$T/ffa-SRSR/seed_1.txt" --agents > "$tmp/out" 2>&1
rc=$?
[ $rc -eq 1 ] && [ "$(wc -l < "$tmp/out")" -eq 2 ] && tail -1 "$tmp/out" | grep -q "^$tmp/changed.txt:$n: " ||
    fail "a changed trace among three: exit $rc, '$(cat "$tmp/out")'"

# Bad input: exit 2, one line on stderr.
printf 'GAME config nope\n' > "$tmp/bad.txt"
head -c 3000 /dev/urandom > "$tmp/binary.txt"
check_bad() {
    "$@" > /dev/null 2> "$tmp/err"
    rc=$?
    n=$(wc -l < "$tmp/err")
    [ $rc -eq 2 ] && [ "$n" -eq 1 ] || fail "'$*': exit $rc with $n stderr lines (want 2 and 1)"
}
"$P" > "$tmp/out" 2> "$tmp/err" && grep -q "pommerman" "$tmp/out" && [ ! -s "$tmp/err" ] \
    || fail "no command: want the usage on stdout and exit 0, like dmap"
check_bad "$P" nosuch
check_bad "$P" match --seed 1 --bots simple,nosuch,simple,simple
check_bad "$P" match --seed 1 --bots simple,simple,simple
check_bad "$P" match --seed -1 --bots simple,simple,simple,simple
check_bad "$P" match --seed 12x --bots simple,simple,simple,simple
check_bad "$P" match --seed 1 --seed 2 --bots simple,simple,simple,simple
check_bad "$P" match --seed 1 --config 3v3 --bots simple,simple
check_bad "$P" match --seed 1 --bots simple,simple,simple,simple --what
check_bad "$P" match --seed
check_bad "$P" replay
check_bad "$P" replay "$tmp/nosuch.txt"
check_bad "$P" replay "$tmp/bad.txt"
check_bad "$P" replay "$tmp/binary.txt"
check_bad "$P" replay /dev/null
# The same words as the dmap tool and the other arenas for the same mistake.
check_said() { # check_said WORDS ARGS...: exit 2, one stderr line containing WORDS
    words=$1; shift
    check_bad "$@"
    grep -qF -- "$words" "$tmp/err" || fail "'$*': stderr lacks '$words': $(cat "$tmp/err")"
}
check_said "pommerman: unknown command 'nosuch' (see pommerman help)" "$P" help nosuch
check_said "pommerman: unknown command 'nosuch' (see pommerman help)" "$P" nosuch
check_said "pommerman: option --seed given twice" "$P" match --seed 1 --seed 2 --bots simple,simple,simple,simple
check_said "pommerman: match: unknown option '--what' (see pommerman help match)" "$P" match --what
check_said "pommerman: invalid value for --config: '3v3' (need ffa, 1v1 or a config id such as PommeTeamCompetition-v0)" "$P" match --seed 1 --config 3v3 --bots simple,simple
check_said "pommerman: match: --bots is required (see pommerman help match)" "$P" match --seed 1
check_said "(need an integer from 0 to 9223372036854775807)" "$P" match --seed -1 --bots simple,simple,simple,simple
# A --bots list: the arenas' one wording (the kit's), the known bots in `pommerman bots` order.
check_line() { # check_line LINE ARGS...: exit 2, stderr exactly LINE
    line=$1; shift
    check_bad "$@"
    [ "$(cat "$tmp/err")" = "$line" ] || fail "'$*': stderr '$(cat "$tmp/err")', want '$line'"
}
known="$("$P" bots | awk '{ printf "%s%s", sep, $1; sep = ", " }'), or cmd:PROGRAM ARGS"
[ -n "$known" ] || fail "pommerman bots lists no bot"
check_line "pommerman: --bots: give exactly 4 bots (config ffa), got 1" "$P" match --seed 1 --bots simple
check_line "pommerman: --bots: give exactly 4 bots (config ffa), got 5" "$P" match --seed 1 --bots simple,simple,simple,simple,simple
check_line "pommerman: --bots: give exactly 2 bots (config 1v1), got 4" "$P" tournament --config 1v1 --bots simple,simple,simple,simple --games 1
check_line "pommerman: --bots: empty bot name" "$P" match --seed 1 --bots simple,,simple,simple
check_line "pommerman: --bots: empty bot name" "$P" match --seed 1 --bots simple,simple,simple,simple,
check_line "pommerman: --bots: unknown bot 'nosuch' (known: $known)" "$P" match --seed 1 --bots simple,nosuch,simple,simple
long=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx # 60
check_line "pommerman: --bots: unknown bot '$long...' (known: $known)" "$P" match --seed 1 --bots "simple,simple,simple,${long}yyyy"
# Bot specs with parameters (the kit's param.h): one line, exit 2.
check_line "pommerman: --bots: parameter powerup: 200 is out of range (0 to 100)" "$P" match --seed 1 --bots simple,dmap:powerup=200,simple,simple
check_line "pommerman: --bots: bot simple has no parameters" "$P" tournament --games 1 --bots simple:x=1,dmap,simple,simple
check_line "pommerman: --bots: parameter freedom: '1.5.2' is not a number" "$P" match --seed 1 --bots dmap:freedom=1.5.2,simple,simple,simple
"$P" help match | grep -q '^usage: pommerman match' || fail "help match does not print the match options"
for c in match replay tournament tune bots; do
    "$P" help $c | grep -q "^usage: pommerman $c" || fail "help $c does not print the $c usage"
done
check_said "pommerman: bots: takes no arguments but --params (see pommerman help)" "$P" bots extra

# Replay files and tournaments.
out=$("$P" match --seed 3 --bots dmap,simple,tutorial,random --replay "$tmp/r.jsonl") || fail "match --replay exit $?"
steps=$(echo "$out" | sed -n 's/^result [A-Za-z]* after \([0-9]*\) steps.*/\1/p')
lines=$(wc -l < "$tmp/r.jsonl")
[ "$lines" -eq $((steps + 2)) ] || fail "replay file: $lines lines for $steps steps"
head -1 "$tmp/r.jsonl" | grep -q '"format":"dmap-replay".*"game":"pommerman"' || fail "replay header"
tail -1 "$tmp/r.jsonl" | grep -q "^{\"result\":{\"result\":\"[WT][a-z]*\",\"steps\":$steps," || fail "replay result line"
"$P" match --seed 3 --bots dmap,tutorial,simple,simple --replay "$tmp/m.jsonl" --maps > /dev/null || fail "--maps exit $?"
sed -n 2p "$tmp/m.jsonl" | grep -q '"maps":{.*"p0/burn":\[.*"p1/depth":\[' || fail "--maps: no p0/burn or p1/depth on turn 1"
check_bad "$P" match --seed 1 --bots simple,simple,simple,simple --maps
"$P" match --seed 3 --bots dmap,tutorial,simple,simple --html "$tmp/m.html" --maps > /dev/null || fail "--html exit $?"
grep -q '"format":"dmap-replay"' "$tmp/m.html" || fail "--html: no replay inside"
[ "$(ls "$tmp" | grep -c 'm.html.')" -eq 0 ] || fail "--html left a temporary file"
check_bad "$P" match --seed 1 --bots simple,simple,simple,simple --replay "$tmp/no/such/dir/r.jsonl"
# the last column (decision times) is a measurement; everything else must agree
a=$("$P" tournament --bots dmap,simple,simple,simple --games 12 --seed 5 --jobs 1 | sed 's/| [0-9.]* |$//') ||
    fail "tournament exit $?"
b=$("$P" tournament --bots dmap,simple,simple,simple --games 12 --seed 5 --jobs 2 | sed 's/| [0-9.]* |$//')
[ "$a" = "$b" ] || fail "tournament tables differ between --jobs 1 and 2"
echo "$a" | grep -q '^| dmap | 12 |' || fail "tournament table: '$a'"
check_bad "$P" tournament --bots dmap,simple,simple,simple --games 0
check_bad "$P" tournament --bots dmap,simple --games 5

[ $fails -eq 0 ] && echo "cli_pommerman: all passed"
exit $fails
