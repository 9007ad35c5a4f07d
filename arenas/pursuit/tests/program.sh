#!/usr/bin/env bash
# program.sh — the `pursuit` program end to end: hand-checked games on tiny worlds in the world
# file format, the rendered board, replayable random games, replay files and the `replay`
# command (a game written by match replays exactly; a tampered one differs at its turn),
# small tournaments (the same tables for any --jobs, the data worlds' tables, untruncated world
# names, dashes for no games), the shared option grammar (help, bots, given twice, unknown
# option, seed range, --size WxH), and bad input (bad world files, unknown bots, bad numbers:
# exit 2, one line).
# usage: PURSUIT=program PURSUIT_DATA=arenas/pursuit/data CLI_LIB=tests/cli/lib.bash program.sh
set -euo pipefail

PURSUIT=${PURSUIT:?set PURSUIT to the pursuit program}
DATA=${PURSUIT_DATA:?set PURSUIT_DATA to the data folder of the arena}
source "${CLI_LIB:?set CLI_LIB to tests/cli/lib.bash}"
cli_begin pursuit_program
for f in "$DATA/battlefield.dat" "$DATA/battlefield1.dat" "$DATA/battlefield2.dat" \
    "$DATA/battlefield3.dat"; do
    [[ -e $f ]] || { echo "FAIL: pursuit_program: missing data: $f" >&2; exit 1; }
done
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
            "$PURSUIT" match --world corridor.dat --bots $pred,$prey
    done
done
expect_out "corridor, one clock" "winner: prey" \
    "$PURSUIT" match --world corridor.dat --bots chase,naive --clocks 1

# The predator walled off from the prey cannot win; a 4x4 world (size from the file).
world walled.dat '*#..' '##..' '....' '...@'
expect_out "walled off" "winner: prey" "$PURSUIT" match --world walled.dat --bots chase,random

# --render draws the start (# obstacle, . free, @ predator, * prey), then each clock.
want=$'clock 0:\n*.@\n###\n###\nclock 1: predator l, prey s\n*@.\n###\n###\nclock 2: predator l, prey s\n@..\n###\n###\nwinner: predator at clock 2'
expect_out "render" "$want" "$PURSUIT" match --world corridor.dat --bots chase,naive --render

# A world of the data folder loads (8x8, 64 lines).
out=$("$PURSUIT" match --world "$DATA/battlefield.dat" --bots chase,bury --render)
first=$(printf '%s\n' "$out" | sed -n '2,9p')
want=$'.@#.....\n.#..##..\n.....#..\n.#.###..\n..#.#...\n..#.#...\n..#*##..\n........'
if [[ "$first" == "$want" ]]; then pass; else fail "world picture: $first"; fi

# --world NAME: a world of the data folder (beside the program, or --data DIR).
by_path=$("$PURSUIT" match --world "$DATA/battlefield2.dat" --bots lazy,flee --render)
by_name=$("$PURSUIT" match --world battlefield2 --bots lazy,flee --render)
by_data=$("$PURSUIT" match --world battlefield2 --data "$DATA" --bots lazy,flee --render)
if [[ "$by_path" == "$by_name" && "$by_name" == "$by_data" && "$by_name" == *"winner: "* ]]; then pass
else fail "--world NAME: $by_name"; fi
expect_usage "world name not in data" "^pursuit: --world nosuch: no such file, nor .*/nosuch.dat$" "$PURSUIT" match --world nosuch --bots chase,naive
expect_usage "world name, bad data" "^pursuit: --data .*/none: not a folder$" "$PURSUIT" match --world nosuch --data "$tmp/none" --bots chase,naive

# Same seeds, same game; the world and the winner line always come out.
a=$("$PURSUIT" match --random 7 --bots intercept,bury --seed 3 --render)
b=$("$PURSUIT" match --random 7 --bots intercept,bury --seed 3 --render)
if [[ "$a" == "$b" && "$a" == *"winner: "* ]]; then pass; else fail "replay differs"; fi
c=$("$PURSUIT" match --random 7 --size 11x11 --walls 0.3 --bots chase,flee --render)
if [[ $(printf '%s\n' "$c" | sed -n 2p | tr -d '\n' | wc -c) -eq 11 ]]; then pass; else fail "--size 11"; fi

# A small tournament: one row per pairing, survival with an interval, no progress off a tty.
out=$("$PURSUIT" tournament --predators chase,intercept --preys naive,bury --games 20 2>"$tmp/err")
rows=$(printf '%s\n' "$out" | grep -cE '^(chase|intercept) +(naive|bury) +20 ')
if [[ $rows -eq 4 && "$out" == *"95% CI"* && "$out" == *"mean us/move"* ]]; then pass; else fail "tournament: $out"; fi
if [[ ! -s "$tmp/err" && "$out" == *"battlefield3"* ]]; then pass; else fail "tournament data worlds/stderr: $(cat "$tmp/err")"; fi

# Bad world files: one line naming the file (and line), exit 2.
printf '0\n1\n7\n10\n' >badvalue.dat
expect_usage "bad value" "badvalue.dat:3" "$PURSUIT" match --world badvalue.dat --bots chase,naive
world short.dat '*..' '...' '..@'
head -n 8 short.dat >short8.dat
expect_usage "short file" "short8.dat" "$PURSUIT" match --world short8.dat --bots chase,naive
world twopred.dat '*.@' '...' '..@'
expect_usage "two predators" "twopred.dat" "$PURSUIT" match --world twopred.dat --bots chase,naive
world noprey.dat '..@' '...' '...'
expect_usage "no prey" "noprey.dat" "$PURSUIT" match --world noprey.dat --bots chase,naive
printf '0\n1\nx\n10\n' >token.dat
expect_usage "bad token" "token.dat:3" "$PURSUIT" match --world token.dat --bots chase,naive
expect_usage "missing file" "nothere.dat" "$PURSUIT" match --world nothere.dat --bots chase,naive

# Bad arguments.
# Bots: `pursuit bots` lists each once with its seat; --bots takes the predator, then the prey,
# each looked up among its seat's bots (the kit's words, the seat's bots in table order).
predators="chase, intercept, lazy, greedy, random, or cmd:PROGRAM ARGS"
preys="naive, flee, bury, buryflee, random, or cmd:PROGRAM ARGS"
listed=$("$PURSUIT" bots | awk '{ printf "%s%s", sep, $1; sep = " " }')
if [[ "$listed" == "chase intercept lazy greedy random naive flee bury buryflee" ]] &&
    "$PURSUIT" bots | grep -q '^random  *either seat:'; then pass; else fail "bots: $listed"; fi
if [[ "$("$PURSUIT" help bots)" == *"usage: pursuit bots"* ]]; then pass; else fail "help bots"; fi
expect_usage "unknown predator" "^pursuit: --bots (predator): unknown bot 'wolf' (known: $predators)$" "$PURSUIT" match --random 1 --bots wolf,naive
expect_usage "prey as predator" "^pursuit: --bots (predator): unknown bot 'bury' (known: $predators)$" "$PURSUIT" match --random 1 --bots bury,naive
expect_usage "parameter out of range" "^pursuit: --bots (prey): parameter factor: 1 is out of range (-5 to -0.1)$" "$PURSUIT" match --random 1 --bots chase,flee:factor=1
expect_usage "a bot without parameters" "^pursuit: --bots (predator): bot chase has no parameters$" "$PURSUIT" match --random 1 --bots chase:factor=1,flee
expect_usage "predator as prey" "^pursuit: --bots (prey): unknown bot 'chase' (known: $preys)$" "$PURSUIT" match --random 1 --bots chase,chase
expect_usage "unknown prey in list" "^pursuit: --preys: unknown bot 'hare' (known: $preys)$" "$PURSUIT" tournament --predators chase --preys naive,hare --games 3
expect_usage "bench unknown prey" "^pursuit: --bots (prey): unknown bot 'hare' (known: $preys)$" "$PURSUIT" bench --bots chase,hare
long=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx # 60
expect_usage "long unknown prey" "^pursuit: --bots (prey): unknown bot '$long\.\.\.' (known: $preys)$" "$PURSUIT" match --random 1 --bots "chase,${long}yyyy"
expect_usage "three bots in match" "^pursuit: --bots: give exactly 2 bots, got 3$" "$PURSUIT" match --random 1 --bots chase,lazy,naive
expect_usage "one bot in bench" "^pursuit: --bots: give exactly 2 bots, got 1$" "$PURSUIT" bench --bots naive
many=$(printf 'chase,%.0s' {1..16})chase
expect_usage "17 predators" "^pursuit: --predators: give 1 to 16 bots, got 17$" "$PURSUIT" tournament --predators "$many" --preys naive --games 1
expect_usage "empty prey" "^pursuit: --bots: empty bot name$" "$PURSUIT" match --random 1 --bots chase,
expect_usage "trailing comma" "^pursuit: --preys: empty bot name$" "$PURSUIT" tournament --predators chase --preys naive, --games 1
expect_usage "empty name in a list" "^pursuit: --predators: empty bot name$" "$PURSUIT" tournament --predators chase,,lazy --preys naive --games 1
expect_usage "clocks 0" "--clocks" "$PURSUIT" match --random 1 --bots chase,naive --clocks 0
expect_usage "size abc" "--size" "$PURSUIT" match --random 1 --size abc --bots chase,naive
expect_usage "walls 1.5" "--walls" "$PURSUIT" match --random 1 --walls 1.5 --bots chase,naive
expect_usage "seed -1" "--random" "$PURSUIT" match --random -1 --bots chase,naive
expect_usage "games x" "--games" "$PURSUIT" tournament --predators chase --preys naive --games x
expect_usage "no world" "exactly one of" "$PURSUIT" match --bots chase,naive
expect_usage "two worlds" "exactly one of" "$PURSUIT" match --random 1 --world corridor.dat --bots chase,naive
expect_usage "no bots" "--bots PREDATOR,PREY is required" "$PURSUIT" match --random 1
expect_usage "unknown option" "--fast" "$PURSUIT" match --random 1 --bots chase,naive --fast
expect_usage "value missing" "^pursuit: option --seed needs a value$" "$PURSUIT" match --random 1 --bots chase,naive --seed
expect_usage "bad data folder" "^pursuit: --data .*/none: not a folder$" "$PURSUIT" tournament --predators chase --preys naive --games 1 --data "$tmp/none"
expect_usage "unknown command" "unknown command" "$PURSUIT" play

# Help.
if "$PURSUIT" --help | grep -q "^  match (--world" && "$PURSUIT" tournament --help | grep -q Wilson &&
    "$PURSUIT" --help | grep -q "^  replay FILE" && "$PURSUIT" --help | grep -q "^  bots"; then pass; else fail "help"; fi

# Like dmap: no command prints the usage (exit 0), `help COMMAND` is `COMMAND --help`.
rc=0; out=$("$PURSUIT" 2>"$tmp/err") || rc=$?
if [[ $rc -eq 0 && "$out" == *"usage: pursuit COMMAND"* && ! -s "$tmp/err" ]]; then pass; else fail "no arguments: rc=$rc"; fi
if [[ "$("$PURSUIT" help match)" == "$("$PURSUIT" match --help)" && "$("$PURSUIT" help match)" == *"--replay"* ]]; then pass; else fail "help match"; fi
if [[ "$("$PURSUIT" help)" == "$("$PURSUIT" --help)" ]]; then pass; else fail "help alone"; fi
expect_usage "help unknown" "unknown command 'play'" "$PURSUIT" help play
expect_usage "help two" "help: give one command" "$PURSUIT" help match tournament

# The shared grammar: every option once, the same words, the seed range, --size WxH.
expect_usage "seed twice" "^pursuit: option --seed given twice$" "$PURSUIT" match --random 1 --bots chase,naive --seed 1 --seed 2
expect_usage "render twice" "option --render given twice" "$PURSUIT" match --random 1 --bots chase,naive --render --render
expect_usage "predators twice" "--predators given twice" "$PURSUIT" tournament --predators chase --preys naive --games 1 --predators chase
expect_usage "bench option twice" "--games given twice" "$PURSUIT" bench --games 1 --games 2
expect_usage "unknown option words" "^pursuit: match: unknown option '--fast' (see pursuit help match)$" "$PURSUIT" match --random 1 --bots chase,naive --fast
expect_usage "tournament unknown option" "^pursuit: tournament: unknown option '--x' (see pursuit help tournament)$" "$PURSUIT" tournament --x
expect_usage "seed 2^63" "^pursuit: invalid value for --seed: '9223372036854775808' (need an integer from 0 to 9223372036854775807)$" "$PURSUIT" match --random 1 --bots chase,naive --seed 9223372036854775808
a=$("$PURSUIT" match --random 9223372036854775807 --bots chase,naive --seed 9223372036854775807)
if [[ "$a" == "winner: "* ]]; then pass; else fail "seed 2^63-1: $a"; fi
a=$("$PURSUIT" match --random 4 --size 9x9 --bots chase,flee --render | sed -n 2,10p)
if [[ $(printf '%s\n' "$a" | wc -L) -eq 9 && $(printf '%s\n' "$a" | wc -l) -eq 9 ]]; then pass; else fail "--size 9x9: '$a'"; fi
expect_usage "size 9 (WxH only, as dmap)" "invalid value for --size: '9' (need WxH" "$PURSUIT" match --random 4 --size 9 --bots chase,flee
expect_usage "size 8x9" "invalid value for --size: '8x9' (pursuit worlds are square)" "$PURSUIT" match --random 1 --size 8x9 --bots chase,naive
expect_usage "size 8x" "invalid value for --size: '8x' (need WxH" "$PURSUIT" match --random 1 --size 8x --bots chase,naive
expect_usage "jobs -1" "--jobs" "$PURSUIT" tournament --predators chase --preys naive --games 1 --jobs -1

# Binary garbage as a world: its first token is not an integer (not "N values ... square").
head -c 2000 /dev/urandom >garbage.dat
printf '\x89PNG\r\n' | cat - garbage.dat >garbage2.dat
expect_usage "garbage world" "garbage2.dat:1: '.*' is not an integer" "$PURSUIT" match --world garbage2.dat --bots chase,naive

# Replays: a file in the common format, one JSON object per line, turns 0..N, then the result.
"$PURSUIT" match --world corridor.dat --bots chase,naive --replay game.jsonl >out.txt
if [[ "$(cat out.txt)" == "winner: predator at clock 2" && $(wc -l <game.jsonl) -eq 5 ]]; then pass; else fail "replay lines: $(cat game.jsonl)"; fi
want='{"format":"dmap-replay","version":1,"game":"pursuit","width":3,"height":3,"seed":1,"players":["chase","naive"],"terrain":["...","###","###"],"clocks":30}'
if [[ "$(head -n 1 game.jsonl)" == "$want" ]]; then pass; else fail "replay header: $(head -n 1 game.jsonl)"; fi
if [[ "$(sed -n 4p game.jsonl)" == '{"turn":2,"actions":["l","s"],"state":{"predator":[0,0],"prey":[0,0],"prey_rests":false}}' &&
      "$(tail -n 1 game.jsonl)" == '{"result":{"winner":"predator","clock":2}}' ]]; then pass; else fail "replay turns: $(cat game.jsonl)"; fi
if [[ -z "$(ls | grep 'game.jsonl.')" ]]; then pass; else fail "replay left a temporary file"; fi
expect_usage "replay missing folder" "^pursuit: cannot write nodir/g.jsonl: No such file" "$PURSUIT" match --world corridor.dat --bots chase,naive --replay nodir/g.jsonl
expect_usage "replay stdout" "--replay: give a file name" "$PURSUIT" match --world corridor.dat --bots chase,naive --replay -
# an output over the world file it plays would lose the world: refused, the world kept
cp corridor.dat mine.dat
expect_usage "replay over the world" "^pursuit: --replay 'mine.dat' is the --world file" "$PURSUIT" match --world mine.dat --bots chase,naive --replay mine.dat
expect_usage "html over the world" "^pursuit: --html './mine.dat' is the --world file" "$PURSUIT" match --world mine.dat --bots chase,naive --html ./mine.dat
expect_usage "bot stderr into the world" "^pursuit: --bot-stderr './mine.dat' is the --world file" "$PURSUIT" match --world mine.dat --bots "chase,cmd:sh -c 'echo x >&2'" --bot-stderr ./mine.dat
if cmp -s corridor.dat mine.dat; then pass; else fail "the world file was overwritten"; fi
if [[ -w /dev/full ]]; then
    # a write that fails after the game: exit 1, one line, no winner line
    rc=0; out=$("$PURSUIT" match --world corridor.dat --bots chase,naive --replay /dev/full 2>"$tmp/err") || rc=$?
    if [[ $rc -eq 1 && -z "$out" && $(wc -l <"$tmp/err") -eq 1 ]] &&
        grep -q "^pursuit: cannot write /dev/full: No space left" "$tmp/err"; then pass
    else fail "replay full disk: rc=$rc $(cat "$tmp/err")"; fi
fi
expect_usage "maps alone" "^pursuit: --maps needs --replay FILE or --html FILE$" "$PURSUIT" match --world corridor.dat --bots chase,naive --maps
# --maps: the bots' maps in every turn (chase's goal map: the prey's distances, null on walls)
"$PURSUIT" match --world corridor.dat --bots chase,flee --replay maps.jsonl --maps >/dev/null
if [[ "$(sed -n 3p maps.jsonl)" == *'"maps":{"p0/goal":[0,1,2,null,null,null,null,null,null],"p1/flee":['* ]]; then pass
else fail "replay maps: $(sed -n 3p maps.jsonl)"; fi

# `replay`: a game written by match replays exactly; a tampered state or result is a
# difference at its turn (exit 1); a file that is not a pursuit replay is exit 2, one line.
"$PURSUIT" match --world "$DATA/battlefield.dat" --bots intercept,bury --seed 4 --replay bf.jsonl >/dev/null
"$PURSUIT" match --random 3 --size 12x12 --bots random,random --clocks 40 --replay rr.jsonl >/dev/null
expect_quiet_out "replay OK" "OK game.jsonl: 2 clocks, the predator won at clock 2"$'\n'"OK maps.jsonl: 2 clocks, the predator won at clock 2" \
    "$PURSUIT" replay game.jsonl maps.jsonl
rc=0; out=$("$PURSUIT" replay bf.jsonl rr.jsonl) || rc=$?
if [[ $rc -eq 0 && $(grep -c '^OK ' <<<"$out") -eq 2 ]]; then pass; else fail "replay two games: rc=$rc $out"; fi
# turn 2 of the corridor game: the predator at [0,0]; say [1,0]
sed '4s/"predator":\[0,0\]/"predator":[1,0]/' game.jsonl >moved.jsonl
rc=0; out=$("$PURSUIT" replay moved.jsonl 2>"$tmp/err") || rc=$?
if [[ $rc -eq 1 && "$out" == "DIFF moved.jsonl: turn 2: the predator is at [1,0], the engine puts it at [0,0]" && ! -s "$tmp/err" ]]; then pass
else fail "replay moved: rc=$rc $out"; fi
sed 's/"winner":"predator"/"winner":"prey"/' game.jsonl >winner.jsonl
rc=0; out=$("$PURSUIT" replay game.jsonl winner.jsonl) || rc=$?
if [[ $rc -eq 1 && "$out" == *"DIFF winner.jsonl: line 5: the result is prey at clock 2, the engine says predator at clock 2" ]]; then pass
else fail "replay winner: rc=$rc $out"; fi
sed 's/"actions":\["l","s"\]/"actions":["s","s"]/' game.jsonl >actions.jsonl
rc=0; out=$("$PURSUIT" replay actions.jsonl) || rc=$?
if [[ $rc -eq 1 && "$out" == "DIFF actions.jsonl: turn 1: the predator is at [1,0], the engine puts it at [2,0]" ]]; then pass
else fail "replay actions: rc=$rc $out"; fi
head -n 4 game.jsonl >short.jsonl
rc=0; out=$("$PURSUIT" replay short.jsonl) || rc=$?
if [[ $rc -eq 1 && "$out" == "DIFF short.jsonl: turn 2: no result line: the file ends after turn 2" ]]; then pass
else fail "replay short: rc=$rc $out"; fi
printf '{"format":"dmap-replay","version":1,"game":"bomber"}\n' >other.jsonl
expect_usage "replay another game" "^pursuit: other.jsonl:1: not a pursuit replay (game 'bomber')$" "$PURSUIT" replay other.jsonl
printf 'not json\n' >garbage.jsonl
expect_usage "replay garbage" "^pursuit: garbage.jsonl:1: " "$PURSUIT" replay garbage.jsonl
expect_usage "replay missing file" "^pursuit: nothere.jsonl: " "$PURSUIT" replay nothere.jsonl
expect_usage "replay no file" "^pursuit: replay: give one or more replay files" "$PURSUIT" replay
expect_usage "replay option" "^pursuit: replay: unknown option '--x'" "$PURSUIT" replay --x game.jsonl

# On a terminal (script(1) from util-linux gives one) the tournament redraws a progress line
# on stderr and clears it at the end; off a terminal it prints none (checked above).
progress=$(script -qec "'$PURSUIT' tournament --predators chase --preys flee --games 300 --data-games 1 >/dev/null" /dev/null | od -An -c | tr -d ' \n')
if [[ "$progress" == *'\rworlds308/308\r033[K'* ]]; then pass; else fail "progress line: $progress"; fi

# "How the prey played": an open board has no dead-end cell, so no game ends on one.
out=$("$PURSUIT" tournament --predators greedy --preys flee,random --games 50 --walls 0 --data-games 0 --breakdown)
rows=$(printf '%s\n' "$out" | sed -n '/how the prey played/,/^$/p' | grep -cE '^greedy +(flee|random) +[0-9.]+% .* 0\.0% \[  0\.0%, +[0-9.]+%\] *$')
if [[ $rows -eq 2 ]]; then pass; else fail "dead ends on an open board: $out"; fi

# Tournaments: the same tables for any number of jobs (timing columns aside); the data worlds' tables;
# full world names; dashes, not 0.0%, when no game was played.
tables() { sed '/^bot /,$d'; }
t1=$("$PURSUIT" tournament --predators greedy,lazy --preys flee,bury --games 40 --data-games 5 --jobs 1 | tables)
t2=$("$PURSUIT" tournament --predators greedy,lazy --preys flee,bury --games 40 --data-games 5 --jobs 2 | tables)
t7=$("$PURSUIT" tournament --predators greedy,lazy --preys flee,bury --games 40 --data-games 5 --jobs 7 | tables)
if [[ "$t1" == "$t2" && "$t1" == "$t7" && "$t1" == *"from random starts"* ]]; then pass; else fail "jobs change the tables"; fi
# --bots: each bot in the seats it plays (random and cmd: programs in both), the same tables as
# --predators/--preys with the lists it makes; its errors in one line.
tb=$("$PURSUIT" tournament --bots greedy,flee,lazy,bury --games 40 --data-games 5 --jobs 2 | tables)
if [[ "$tb" == "$t1" ]]; then pass; else fail "--bots gives other tables than --predators/--preys"; fi
tr=$("$PURSUIT" tournament --bots random,greedy,flee --games 20 --data-games 0 | tables)
tp=$("$PURSUIT" tournament --predators random,greedy --preys random,flee --games 20 --data-games 0 | tables)
if [[ "$tr" == "$tp" && "$tr" == *"random     random"* ]]; then pass; else fail "--bots random: not both seats"; fi
expect_usage "--bots unknown" "^pursuit: --bots: unknown bot 'hare' .known: chase, .*, naive, .*, or cmd:PROGRAM ARGS.$" "$PURSUIT" tournament --bots chase,hare --games 1
expect_usage "--bots no prey" "^pursuit: --bots: no prey among them" "$PURSUIT" tournament --bots chase,lazy --games 1
expect_usage "--bots and --preys" "^pursuit: tournament: give --bots, or --predators and --preys, not both$" "$PURSUIT" tournament --bots chase,flee --preys flee --games 1
expect_usage "no bots" "^pursuit: tournament: --bots A,B,... is required .see pursuit help tournament.$" "$PURSUIT" tournament --games 1
mkdir -p named
cp "$DATA/battlefield.dat" named/a_world_with_a_long_name.dat
out=$("$PURSUIT" tournament --predators chase --preys flee --games 0 --data-games 3 --data named)
if [[ "$out" == *"a_world_with_a_long_name "* ]]; then pass; else fail "world name cut: $out"; fi
row=$(printf '%s\n' "$out" | grep -m1 -E '^chase +flee +0 ')
if [[ "$row" == *"–"* && "$row" != *"0.0%"* ]]; then pass; else fail "--games 0 row: $row"; fi

# Robustness: huge, negative and space-padded numbers, very long arguments, an
# unwritable stdout, and the world file left untouched.
expect_usage "clocks 1e12" "--clocks" "$PURSUIT" match --world corridor.dat --bots chase,naive --clocks 1e12
expect_usage "clocks huge" "--clocks" "$PURSUIT" match --world corridor.dat --bots chase,naive --clocks 99999999999999999999
expect_usage "clocks spaced" "--clocks" "$PURSUIT" match --world corridor.dat --bots chase,naive --clocks " 5"
expect_usage "seed spaced negative" "--seed" "$PURSUIT" match --world corridor.dat --bots chase,naive --seed " -1"
expect_usage "seed 2^64" "--random" "$PURSUIT" match --random 18446744073709551616 --bots chase,naive
expect_usage "games -1" "--games" "$PURSUIT" tournament --predators chase --preys naive --games -1
expect_usage "size 100000" "--size" "$PURSUIT" match --random 1 --size 100000 --bots chase,naive
expect_usage "walls nan" "--walls" "$PURSUIT" match --random 1 --walls nan --bots chase,naive
long_arg=$(printf '%*s' 100000 '' | tr ' ' 'x')
expect_usage "long world path" "pursuit: " "$PURSUIT" match --world "$long_arg" --bots chase,naive
expect_usage "long bot name" "--bots" "$PURSUIT" match --world corridor.dat --bots "$long_arg,naive"
if [[ -w /dev/full ]]; then
    for args in "match --world corridor.dat --bots chase,naive" "--help" "match --help"; do
        rc=0
        # shellcheck disable=SC2086
        "$PURSUIT" $args >/dev/full 2>"$tmp/err" || rc=$?
        if [[ $rc -eq 1 && $(wc -l <"$tmp/err") -eq 1 ]] && grep -q "cannot write" "$tmp/err"; then pass
        else fail "stdout /dev/full ($args): rc=$rc stderr='$(cat "$tmp/err")'"; fi
    done
fi
before=$(cksum <corridor.dat)
"$PURSUIT" match --world corridor.dat --bots chase,naive --render >/dev/null 2>&1 || true
"$PURSUIT" match --world corridor.dat --world corridor.dat --bots chase,naive >/dev/null 2>&1 || true
if [[ "$(cksum <corridor.dat)" == "$before" ]]; then pass; else fail "match changed its world file"; fi

cli_finish
