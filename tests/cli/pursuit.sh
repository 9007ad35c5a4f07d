#!/usr/bin/env bash
# pursuit.sh — CLI tests of the pursuit arena's `pursuit` program: hand-checked games on tiny
# worlds in the lab's file format, the rendered board, replayable random games, replay files,
# small tournaments (the same tables for any --jobs, lab tables, untruncated world names, dashes
# for no games), the shared option grammar (help, given twice, unknown option, seed range,
# --size WxH), and bad input (bad world files, unknown bots, bad numbers: exit 2, one line).
set -euo pipefail

PURSUIT=${PURSUIT:-}
if [[ -z "$PURSUIT" && -n "${DMAP_BUILD:-}" ]]; then PURSUIT=$DMAP_BUILD/arenas/pursuit/pursuit; fi
[[ -x "$PURSUIT" ]] || { echo "pursuit binary not found (set PURSUIT or DMAP_BUILD)" >&2; exit 1; }
SOURCE=${DMAP_SOURCE:?set DMAP_SOURCE to the source folder}
LAB="$SOURCE/arenas/pursuit/data"
source "$(dirname "${BASH_SOURCE[0]}")/lib.bash"
cli_begin cli_pursuit
require_data "$LAB" "$LAB/battlefield.dat" "$LAB/battlefield1.dat" "$LAB/battlefield2.dat" \
    "$LAB/battlefield3.dat"
cd "$tmp"

# world FILE ROWS... : write a world file from picture rows (# . @ *), one value per line
world() {
    local file=$1
    shift
    : >"$file"
    local row c
    for row in "$@"; do
        for ((k = 0; k < ${#row}; k++)); do
            c=${row:k:1}
            case $c in
            '#') echo -1 ;; '.') echo 0 ;; '@') echo 1 ;; '*') echo 10 ;;
            esac >>"$file"
        done
    done
}

# A dead-end corridor: the prey at its end can only step toward the predator. Clock 1 the
# predator steps left (the sane preys stay: stepping right meets it); clock 2 it lands on the
# prey. Any predator, any sane prey: captured at clock 2.
world corridor.dat '*.@' '###' '###'
for pred in chase intercept; do
    for prey in naive flee bury; do
        expect_out "corridor $pred/$prey" "winner: predator at clock 2" \
            "$PURSUIT" match --world corridor.dat --predator $pred --prey $prey
    done
done
expect_out "corridor, one clock" "winner: prey" \
    "$PURSUIT" match --world corridor.dat --predator chase --prey naive --clocks 1

# The predator walled off from the prey cannot win; a 4x4 world (size from the file).
world walled.dat '*#..' '##..' '....' '...@'
expect_out "walled off" "winner: prey" "$PURSUIT" match --world walled.dat --predator chase --prey random

# --render draws the start in the lab's symbols, then each clock.
want=$'clock 0:\n*.@\n###\n###\nclock 1: predator l, prey s\n*@.\n###\n###\nclock 2: predator l, prey s\n@..\n###\n###\nwinner: predator at clock 2'
expect_out "render" "$want" "$PURSUIT" match --world corridor.dat --predator chase --prey naive --render

# The lab's own world loads (8x8, 64 lines).
out=$("$PURSUIT" match --world "$LAB/battlefield.dat" --predator chase --prey bury --render)
first=$(printf '%s\n' "$out" | sed -n '2,9p')
want=$'.@#.....\n.#..##..\n.....#..\n.#.###..\n..#.#...\n..#.#...\n..#*##..\n........'
if [[ "$first" == "$want" ]]; then pass; else fail "lab world picture: $first"; fi

# Same seeds, same game; the world and the winner line always come out.
a=$("$PURSUIT" match --random 7 --predator intercept --prey bury --seed 3 --render)
b=$("$PURSUIT" match --random 7 --predator intercept --prey bury --seed 3 --render)
if [[ "$a" == "$b" && "$a" == *"winner: "* ]]; then pass; else fail "replay differs"; fi
c=$("$PURSUIT" match --random 7 --size 11x11 --walls 0.3 --predator chase --prey flee --render)
if [[ $(printf '%s\n' "$c" | sed -n 2p | tr -d '\n' | wc -c) -eq 11 ]]; then pass; else fail "--size 11"; fi

# A small tournament: one row per pairing, survival with an interval, no progress off a tty.
out=$("$PURSUIT" tournament --predators chase,intercept --preys naive,bury --worlds 20 2>"$tmp/err")
rows=$(printf '%s\n' "$out" | grep -cE '^(chase|intercept) +(naive|bury) +20 ')
if [[ $rows -eq 4 && "$out" == *"95% CI"* && "$out" == *"mean us/move"* ]]; then pass; else fail "tournament: $out"; fi
if [[ ! -s "$tmp/err" && "$out" == *"battlefield3"* ]]; then pass; else fail "tournament lab/stderr: $(cat "$tmp/err")"; fi

# Bad world files: one line naming the file (and line), exit 2.
printf '0\n1\n7\n10\n' >badvalue.dat
expect_usage "bad value" "badvalue.dat:3" "$PURSUIT" match --world badvalue.dat --predator chase --prey naive
world short.dat '*..' '...' '..@'
head -n 8 short.dat >short8.dat
expect_usage "short file" "short8.dat" "$PURSUIT" match --world short8.dat --predator chase --prey naive
world twopred.dat '*.@' '...' '..@'
expect_usage "two predators" "twopred.dat" "$PURSUIT" match --world twopred.dat --predator chase --prey naive
world noprey.dat '..@' '...' '...'
expect_usage "no prey" "noprey.dat" "$PURSUIT" match --world noprey.dat --predator chase --prey naive
printf '0\n1\nx\n10\n' >token.dat
expect_usage "bad token" "token.dat:3" "$PURSUIT" match --world token.dat --predator chase --prey naive
expect_usage "missing file" "nothere.dat" "$PURSUIT" match --world nothere.dat --predator chase --prey naive

# Bad arguments.
# Bot options: the arenas' one wording (the kit's), the role's bots in `pursuit --help` order.
predators=$("$PURSUIT" --help | awk '$2 == "predator" { printf "%s%s", sep, $1; sep = ", " }')
preys=$("$PURSUIT" --help | awk '$2 == "prey" { printf "%s%s", sep, $1; sep = ", " }')
if [[ -n "$predators" && -n "$preys" ]]; then pass; else fail "pursuit --help lists no bots"; fi
expect_usage "unknown predator" "^pursuit: --predator: unknown bot 'wolf' (known: $predators)$" "$PURSUIT" match --random 1 --predator wolf --prey naive
expect_usage "prey as predator" "^pursuit: --predator: unknown bot 'bury' (known: $predators)$" "$PURSUIT" match --random 1 --predator bury --prey naive
expect_usage "unknown prey in list" "^pursuit: --preys: unknown bot 'hare' (known: $preys)$" "$PURSUIT" tournament --predators chase --preys naive,hare --worlds 3
expect_usage "bench unknown prey" "^pursuit: --prey: unknown bot 'hare' (known: $preys)$" "$PURSUIT" bench --prey hare
long=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx # 60
expect_usage "long unknown prey" "^pursuit: --prey: unknown bot '$long\.\.\.' (known: $preys)$" "$PURSUIT" match --random 1 --predator chase --prey "${long}yyyy"
expect_usage "two predators in match" "^pursuit: --predator: give exactly 1 bot, got 2$" "$PURSUIT" match --random 1 --predator chase,lazy --prey naive
expect_usage "two preys in bench" "^pursuit: --prey: give exactly 1 bot, got 2$" "$PURSUIT" bench --prey naive,flee
many=$(printf 'chase,%.0s' {1..16})chase
expect_usage "17 predators" "^pursuit: --predators: give 1 to 16 bots, got 17$" "$PURSUIT" tournament --predators "$many" --preys naive --worlds 1
expect_usage "empty prey" "^pursuit: --prey: empty bot name$" "$PURSUIT" match --random 1 --predator chase --prey ""
expect_usage "trailing comma" "^pursuit: --preys: empty bot name$" "$PURSUIT" tournament --predators chase --preys naive, --worlds 1
expect_usage "empty name in a list" "^pursuit: --predators: empty bot name$" "$PURSUIT" tournament --predators chase,,lazy --preys naive --worlds 1
expect_usage "clocks 0" "--clocks" "$PURSUIT" match --random 1 --predator chase --prey naive --clocks 0
expect_usage "size abc" "--size" "$PURSUIT" match --random 1 --size abc --predator chase --prey naive
expect_usage "walls 1.5" "--walls" "$PURSUIT" match --random 1 --walls 1.5 --predator chase --prey naive
expect_usage "seed -1" "--random" "$PURSUIT" match --random -1 --predator chase --prey naive
expect_usage "worlds x" "--worlds" "$PURSUIT" tournament --predators chase --preys naive --worlds x
expect_usage "no world" "exactly one of" "$PURSUIT" match --predator chase --prey naive
expect_usage "two worlds" "exactly one of" "$PURSUIT" match --random 1 --world corridor.dat --predator chase --prey naive
expect_usage "no predator" "--predator" "$PURSUIT" match --random 1 --prey naive
expect_usage "unknown option" "--fast" "$PURSUIT" match --random 1 --predator chase --prey naive --fast
expect_usage "value missing" "^pursuit: option --seed needs a value$" "$PURSUIT" match --random 1 --predator chase --prey naive --seed
expect_usage "bad data" "--data" "$PURSUIT" tournament --predators chase --preys naive --worlds 1 --data "$tmp/none"
expect_usage "unknown command" "unknown command" "$PURSUIT" play

# Help.
if "$PURSUIT" --help | grep -q "pursuit match" && "$PURSUIT" tournament --help | grep -q Wilson; then pass; else fail "help"; fi

# Like dmap: no command prints the usage (exit 0), `help COMMAND` is `COMMAND --help`.
rc=0; out=$("$PURSUIT" 2>"$tmp/err") || rc=$?
if [[ $rc -eq 0 && "$out" == *"usage: pursuit COMMAND"* && ! -s "$tmp/err" ]]; then pass; else fail "no arguments: rc=$rc"; fi
if [[ "$("$PURSUIT" help match)" == "$("$PURSUIT" match --help)" && "$("$PURSUIT" help match)" == *"--replay"* ]]; then pass; else fail "help match"; fi
if [[ "$("$PURSUIT" help)" == "$("$PURSUIT" --help)" ]]; then pass; else fail "help alone"; fi
expect_usage "help unknown" "unknown command 'play'" "$PURSUIT" help play
expect_usage "help two" "help takes one command" "$PURSUIT" help match tournament

# The shared grammar: every option once, the same words, the seed range, --size WxH.
expect_usage "seed twice" "^pursuit: option --seed given twice$" "$PURSUIT" match --random 1 --predator chase --prey naive --seed 1 --seed 2
expect_usage "render twice" "option --render given twice" "$PURSUIT" match --random 1 --predator chase --prey naive --render --render
expect_usage "predators twice" "--predators given twice" "$PURSUIT" tournament --predators chase --preys naive --worlds 1 --predators chase
expect_usage "bench option twice" "--games given twice" "$PURSUIT" bench --games 1 --games 2
expect_usage "unknown option words" "^pursuit: match: unknown option '--fast' (see pursuit help match)$" "$PURSUIT" match --random 1 --predator chase --prey naive --fast
expect_usage "tournament unknown option" "^pursuit: tournament: unknown option '--x' (see pursuit help tournament)$" "$PURSUIT" tournament --x
expect_usage "seed 2^63" "^pursuit: invalid value for --seed: '9223372036854775808' (need an integer from 0 to 9223372036854775807)$" "$PURSUIT" match --random 1 --predator chase --prey naive --seed 9223372036854775808
a=$("$PURSUIT" match --random 9223372036854775807 --predator chase --prey naive --seed 9223372036854775807)
if [[ "$a" == "winner: "* ]]; then pass; else fail "seed 2^63-1: $a"; fi
a=$("$PURSUIT" match --random 4 --size 9x9 --predator chase --prey flee --render | sed -n 2,10p)
if [[ $(printf '%s\n' "$a" | wc -L) -eq 9 && $(printf '%s\n' "$a" | wc -l) -eq 9 ]]; then pass; else fail "--size 9x9: '$a'"; fi
expect_usage "size 9 (WxH only, as dmap)" "invalid value for --size: '9' (need WxH" "$PURSUIT" match --random 4 --size 9 --predator chase --prey flee
expect_usage "size 8x9" "invalid value for --size: '8x9' (pursuit worlds are square)" "$PURSUIT" match --random 1 --size 8x9 --predator chase --prey naive
expect_usage "size 8x" "invalid value for --size: '8x' (need WxH" "$PURSUIT" match --random 1 --size 8x --predator chase --prey naive
expect_usage "jobs -1" "--jobs" "$PURSUIT" tournament --predators chase --preys naive --worlds 1 --jobs -1

# Binary garbage as a world: its first token is not an integer (not "N values ... square").
head -c 2000 /dev/urandom >garbage.dat
printf '\x89PNG\r\n' | cat - garbage.dat >garbage2.dat
expect_usage "garbage world" "garbage2.dat:1: '.*' is not an integer" "$PURSUIT" match --world garbage2.dat --predator chase --prey naive

# Replays: a file in the common format, one JSON object per line, turns 0..N, then the result.
"$PURSUIT" match --world corridor.dat --predator chase --prey naive --replay game.jsonl >out.txt
if [[ "$(cat out.txt)" == "winner: predator at clock 2" && $(wc -l <game.jsonl) -eq 5 ]]; then pass; else fail "replay lines: $(cat game.jsonl)"; fi
want='{"format":"dmap-replay","version":1,"game":"pursuit","width":3,"height":3,"seed":1,"players":["chase","naive"],"terrain":["...","###","###"],"clocks":30}'
if [[ "$(head -n 1 game.jsonl)" == "$want" ]]; then pass; else fail "replay header: $(head -n 1 game.jsonl)"; fi
if [[ "$(sed -n 4p game.jsonl)" == '{"turn":2,"actions":["l","s"],"state":{"predator":[0,0],"prey":[0,0],"prey_rests":false}}' &&
      "$(tail -n 1 game.jsonl)" == '{"result":{"winner":"predator","clock":2}}' ]]; then pass; else fail "replay turns: $(cat game.jsonl)"; fi
if [[ -z "$(ls | grep 'game.jsonl.')" ]]; then pass; else fail "replay left a temporary file"; fi
expect_usage "replay missing folder" "match: cannot write nodir/g.jsonl: No such file" "$PURSUIT" match --world corridor.dat --predator chase --prey naive --replay nodir/g.jsonl
expect_usage "replay stdout" "--replay: give a file name" "$PURSUIT" match --world corridor.dat --predator chase --prey naive --replay -
if [[ -w /dev/full ]]; then
    expect_usage "replay full disk" "match: cannot write /dev/full: No space left" "$PURSUIT" match --world corridor.dat --predator chase --prey naive --replay /dev/full
fi

# On a terminal (script(1) from util-linux gives one) the tournament redraws a progress line
# on stderr and clears it at the end; off a terminal it prints none (checked above).
progress=$(script -qec "'$PURSUIT' tournament --predators chase --preys flee --worlds 300 --lab-games 1 >/dev/null" /dev/null | od -An -c | tr -d ' \n')
if [[ "$progress" == *'\rworlds308/308\r033[K'* ]]; then pass; else fail "progress line: $progress"; fi

# "How the prey played": an open board has no dead-end cell, so no game ends on one.
out=$("$PURSUIT" tournament --predators greedy --preys flee,random --worlds 50 --walls 0 --lab-games 0 --breakdown)
rows=$(printf '%s\n' "$out" | sed -n '/how the prey played/,/^$/p' | grep -cE '^greedy +(flee|random) +[0-9.]+% .* 0\.0% \[  0\.0%, +[0-9.]+%\] *$')
if [[ $rows -eq 2 ]]; then pass; else fail "dead ends on an open board: $out"; fi

# Tournaments: the same tables for any number of jobs (timing columns aside); the lab tables;
# full world names; dashes, not 0.0%, when no game was played.
tables() { sed '/^bot /,$d'; }
t1=$("$PURSUIT" tournament --predators greedy,lazy --preys flee,bury --worlds 40 --lab-games 5 --jobs 1 | tables)
t2=$("$PURSUIT" tournament --predators greedy,lazy --preys flee,bury --worlds 40 --lab-games 5 --jobs 2 | tables)
t7=$("$PURSUIT" tournament --predators greedy,lazy --preys flee,bury --worlds 40 --lab-games 5 --jobs 7 | tables)
if [[ "$t1" == "$t2" && "$t1" == "$t7" && "$t1" == *"from random starts"* ]]; then pass; else fail "jobs change the tables"; fi
mkdir -p named
cp "$LAB/battlefield.dat" named/a_lab_world_with_a_long_name.dat
out=$("$PURSUIT" tournament --predators chase --preys flee --worlds 0 --lab-games 3 --data named)
if [[ "$out" == *"a_lab_world_with_a_long_name "* ]]; then pass; else fail "world name cut: $out"; fi
row=$(printf '%s\n' "$out" | grep -m1 -E '^chase +flee +0 ')
if [[ "$row" == *"–"* && "$row" != *"0.0%"* ]]; then pass; else fail "--worlds 0 row: $row"; fi

# Robustness: huge, negative and space-padded numbers, very long arguments, an
# unwritable stdout, and the world file left untouched.
expect_usage "clocks 1e12" "--clocks" "$PURSUIT" match --world corridor.dat --predator chase --prey naive --clocks 1e12
expect_usage "clocks huge" "--clocks" "$PURSUIT" match --world corridor.dat --predator chase --prey naive --clocks 99999999999999999999
expect_usage "clocks spaced" "--clocks" "$PURSUIT" match --world corridor.dat --predator chase --prey naive --clocks " 5"
expect_usage "seed spaced negative" "--seed" "$PURSUIT" match --world corridor.dat --predator chase --prey naive --seed " -1"
expect_usage "seed 2^64" "--random" "$PURSUIT" match --random 18446744073709551616 --predator chase --prey naive
expect_usage "worlds -1" "--worlds" "$PURSUIT" tournament --predators chase --preys naive --worlds -1
expect_usage "size 100000" "--size" "$PURSUIT" match --random 1 --size 100000 --predator chase --prey naive
expect_usage "walls nan" "--walls" "$PURSUIT" match --random 1 --walls nan --predator chase --prey naive
long_arg=$(printf '%*s' 100000 '' | tr ' ' 'x')
expect_usage "long world path" "pursuit: " "$PURSUIT" match --world "$long_arg" --predator chase --prey naive
expect_usage "long bot name" "--predator" "$PURSUIT" match --world corridor.dat --predator "$long_arg" --prey naive
if [[ -w /dev/full ]]; then
    for args in "match --world corridor.dat --predator chase --prey naive" "--help" "match --help"; do
        rc=0
        # shellcheck disable=SC2086
        "$PURSUIT" $args >/dev/full 2>"$tmp/err" || rc=$?
        if [[ $rc -eq 2 && $(wc -l <"$tmp/err") -eq 1 ]] && grep -q "cannot write" "$tmp/err"; then pass
        else fail "stdout /dev/full ($args): rc=$rc stderr='$(cat "$tmp/err")'"; fi
    done
fi
before=$(cksum <corridor.dat)
"$PURSUIT" match --world corridor.dat --predator chase --prey naive --render >/dev/null 2>&1 || true
"$PURSUIT" match --world corridor.dat --world corridor.dat --predator chase --prey naive >/dev/null 2>&1 || true
if [[ "$(cksum <corridor.dat)" == "$before" ]]; then pass; else fail "match changed its world file"; fi

cli_finish
