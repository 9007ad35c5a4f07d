#!/usr/bin/env bash
# badinput.sh — bad input to `dmap field`, `dmap scen` and `dmap` itself: every case must exit
# with exactly 2, print exactly one line on stderr (starting "dmap: "), nothing on stdout,
# and never crash (a signal would give an exit code >= 128).
set -euo pipefail

DMAP=${DMAP:?set DMAP to the dmap binary}
SOURCE=${DMAP_SOURCE:?set DMAP_SOURCE to the source folder}
DATA="$SOURCE/tests/data/movingai"
source "$(dirname "${BASH_SOURCE[0]}")/lib.bash"
cli_begin cli_badinput
require_data "$DATA" "$DATA/arena.map" "$DATA/arena.map.scen" "$DATA/lak303d.map.scen"

# bad NAME CMD... : exit 2, one "dmap: " line on stderr, empty stdout
bad() {
    local name=$1 rc=0
    shift
    "$@" >"$tmp/out" 2>"$tmp/err" </dev/null || rc=$?
    local lines
    lines=$(wc -l <"$tmp/err")
    if [[ $rc -eq 2 && $lines -eq 1 && ! -s "$tmp/out" && $(head -c 6 "$tmp/err") == "dmap: " ]]
    then pass; else
        fail "$name: rc=$rc (want 2), $lines stderr lines (want 1), stdout $(wc -c <"$tmp/out") bytes: $(head -3 "$tmp/err")"
    fi
    if [[ $rc -ge 128 ]]; then fail "$name: crashed with signal $((rc - 128))"; fi
}

cd "$tmp"
printf '.....\n.#...\n.....\n' >ok.txt
: >empty.txt
printf '\n\n\n' >blank.txt
head -c 300 /bin/sh >binary.txt
printf '...\n.\x01.\n' >control.txt
printf '....\n...\n....\n' >ragged.txt
printf 'type octile\nheight 100000\nwidth 100000\nmap\n' >huge.map
printf 'type octile\nheight 16384\nwidth 16384\nmap\n....\n' >hugeshort.map
printf 'type octile\nheight 99999999999999999999\nwidth 4\nmap\n....\n' >overflow.map
printf 'type octile\nheight 0\nwidth 4\nmap\n' >zero.map
printf 'type octile\nheight x\nwidth 4\nmap\n....\n' >nonnumeric.map
printf 'type octile\nheight 2\nwidth 2\ncolour red\nmap\n..\n..\n' >unknownheader.map
printf 'type octile\nheight 3\nwidth 2\nmap\n..\n..\n' >truncated.map
printf 'type octile\nheight 1\nwidth 2\nmap\n..\n..\n' >toomany.map
mkdir adir

# map files
bad "empty file" "$DMAP" field empty.txt --goal 0,0
bad "blank lines only" "$DMAP" field blank.txt --goal 0,0
bad "binary file" "$DMAP" field binary.txt --goal 0,0
bad "control byte" "$DMAP" field control.txt --goal 0,0
bad "ragged rows" "$DMAP" field ragged.txt --goal 0,0
bad "huge movingai dims" "$DMAP" field huge.map --goal 0,0
bad "huge movingai, short file" "$DMAP" field hugeshort.map --goal 0,0
bad "overflowing height" "$DMAP" field overflow.map --goal 0,0
bad "zero height" "$DMAP" field zero.map --goal 0,0
bad "non-numeric height" "$DMAP" field nonnumeric.map --goal 0,0
bad "unknown header" "$DMAP" field unknownheader.map --goal 0,0
bad "truncated movingai" "$DMAP" field truncated.map --goal 0,0
bad "too many rows" "$DMAP" field toomany.map --goal 0,0
bad "nonexistent file" "$DMAP" field no/such/file.txt --goal 0,0
bad "directory as file" "$DMAP" field adir --goal 0,0
bad "empty stdin" "$DMAP" field - --goal 0,0
# the error names file and line
"$DMAP" field ragged.txt --goal 0,0 2>err.txt || true
[[ $(cat err.txt) == "dmap: ragged.txt:2: "* ]] && pass || fail "ragged: no file:line: $(cat err.txt)"
"$DMAP" field truncated.map --goal 0,0 2>err.txt || true
[[ $(cat err.txt) == "dmap: truncated.map:7: "* ]] && pass || fail "truncated: $(cat err.txt)"

# goals
bad "goal outside map" "$DMAP" field ok.txt --goal 5,0
bad "goal negative" "$DMAP" field ok.txt --goal -1,0
bad "goal on a wall" "$DMAP" field ok.txt --goal 1,1
bad "goal garbage" "$DMAP" field ok.txt --goal abc
bad "goal one number" "$DMAP" field ok.txt --goal 3
bad "goal trailing junk" "$DMAP" field ok.txt --goal 1,2x
bad "goal value NaN" "$DMAP" field ok.txt --goal 0,0=nan
bad "goal value inf" "$DMAP" field ok.txt --goal 0,0=inf
bad "goal value empty" "$DMAP" field ok.txt --goal 0,0=
bad "goal value overflow" "$DMAP" field ok.txt --goal 0,0=1e400
bad "no goal" "$DMAP" field ok.txt
bad "goal-char absent" "$DMAP" field ok.txt --goal-char '>'
bad "goal-char wall" "$DMAP" field ok.txt --goal-char '#'
bad "goal-char too long" "$DMAP" field ok.txt --goal-char ab
bad "goal-char NaN value" "$DMAP" field ok.txt --goal-char '.=NaN'

# numbers and options
bad "default NaN" "$DMAP" field ok.txt --goal 0,0 --default nan
bad "default inf" "$DMAP" field ok.txt --goal 0,0 --default -inf
bad "default garbage" "$DMAP" field ok.txt --goal 0,0 --default 12abc
bad "default empty" "$DMAP" field ok.txt --goal 0,0 --default ''
bad "diagonal zero" "$DMAP" field ok.txt --goal 0,0 --moves 8 --diagonal 0
bad "diagonal negative" "$DMAP" field ok.txt --goal 0,0 --diagonal -1
bad "cardinal inf" "$DMAP" field ok.txt --goal 0,0 --cardinal inf
bad "moves 6" "$DMAP" field ok.txt --goal 0,0 --moves 6
bad "corners bad" "$DMAP" field ok.txt --goal 0,0 --corners round
bad "format bad" "$DMAP" field ok.txt --goal 0,0 --format xml
bad "digits of a fraction" "$DMAP" field ok.txt --goal 0,0=0.5 --format digits
bad "digits of 10" "$DMAP" field ok.txt --goal 0,0=10 --format digits
bad "unknown option" "$DMAP" field ok.txt --goal 0,0 --bogus
bad "missing option value" "$DMAP" field ok.txt --goal
bad "missing map" "$DMAP" field --goal 0,0
bad "two maps" "$DMAP" field ok.txt ok.txt --goal 0,0

# scen
printf 'version 1\n0\ta.map\t5\t3\t0\t0\t1\t0\tabc\n' >badnum.scen
printf 'version 7\n' >badversion.scen
printf 'version 1\n0\ta.map\t5\t3\t0\t0\n' >fewcols.scen
bad "scen missing args" "$DMAP" scen "$DATA/arena.map"
bad "scen no args" "$DMAP" scen
bad "scen too many args" "$DMAP" scen a b c
bad "scen unknown option" "$DMAP" scen --fast "$DATA/arena.map" "$DATA/arena.map.scen"
bad "scen every 0" "$DMAP" scen --every 0 "$DATA/arena.map" "$DATA/arena.map.scen"
bad "scen bad number" "$DMAP" scen ok.txt badnum.scen
bad "scen bad version" "$DMAP" scen ok.txt badversion.scen
bad "scen few columns" "$DMAP" scen ok.txt fewcols.scen
bad "scen empty" "$DMAP" scen ok.txt empty.txt
bad "scen binary" "$DMAP" scen ok.txt binary.txt
bad "scen nonexistent" "$DMAP" scen ok.txt nothere.scen
bad "scen directory" "$DMAP" scen ok.txt adir
bad "scen size mismatch" "$DMAP" scen "$DATA/arena.map" "$DATA/lak303d.map.scen"
bad "scen bad map" "$DMAP" scen ragged.txt "$DATA/arena.map.scen"

# the tool itself
bad "unknown command" "$DMAP" frobnicate
bad "help of unknown command" "$DMAP" help frobnicate
bad "demo with arguments" "$DMAP" demo extra
bad "version with arguments" "$DMAP" --version extra
bad "help of two commands" "$DMAP" --help field flee
# help of help is the usage; --help COMMAND is that command's help, as help COMMAND
for words in "help help" "help --help" "--help -h" "-h help"; do
    # shellcheck disable=SC2086
    "$DMAP" $words >"$tmp/out" 2>"$tmp/err" || true
    if grep -q "^usage: dmap COMMAND" "$tmp/out" && [[ ! -s "$tmp/err" ]]; then pass
    else fail "dmap $words: not the usage: $(cat "$tmp/err")"; fi
done
if [[ "$("$DMAP" --help field)" == "$("$DMAP" help field)" ]]; then pass; else fail "--help field differs from help field"; fi

# Robustness: very long arguments, options twice, an unwritable stdout on every
# path (commands, help, --version, the default demo), and input files left untouched.
# (A Windows command line holds at most 32,767 characters: there, under Wine in the cross
# build (DMAP_EMULATED=1), the long arguments are 30,000 characters.)
long_len=100000
[[ ${DMAP_EMULATED:-0} == 1 ]] && long_len=30000
long_arg=$(printf '%*s' "$long_len" '' | tr ' ' 'x')
bad "long map path" "$DMAP" field "$long_arg" --goal 0,0
bad "long goal" "$DMAP" field ok.txt --goal "$long_arg"
bad "long goal value" "$DMAP" field ok.txt --goal "0,0=$long_arg"
bad "long format" "$DMAP" field ok.txt --goal 0,0 --format "$long_arg"
bad "long option" "$DMAP" field ok.txt --goal 0,0 "--$long_arg"
bad "long command" "$DMAP" "$long_arg"
bad "huge default" "$DMAP" field ok.txt --goal 0,0 --default 1e999
bad "nan default" "$DMAP" field ok.txt --goal 0,0 --default nan
bad "second bad format" "$DMAP" field ok.txt --goal 0,0 --format csv --format pie
# full NAME CMD... : stdout on /dev/full (or closed) gives exit 2 and one "dmap: " line
full() {
    local name=$1 rc=0 how
    shift
    for how in full closed; do
        rc=0
        if [[ $how == full ]]; then "$@" >/dev/full 2>"$tmp/err" </dev/null || rc=$?
        else "$@" >&- 2>"$tmp/err" </dev/null || rc=$?; fi
        if [[ $rc -eq 2 && $(wc -l <"$tmp/err") -eq 1 && $(head -c 6 "$tmp/err") == "dmap: " ]]
        then pass; else fail "$name ($how stdout): rc=$rc (want 2): $(head -3 "$tmp/err")"; fi
    done
}
# Not under Wine (DMAP_EMULATED=1): writes to its standard output handle on /dev/full or on a
# closed descriptor do not fail there, so the program cannot see the error.
if [[ -w /dev/full && ${DMAP_EMULATED:-0} != 1 ]]; then
    full "demo to full" "$DMAP" demo
    full "default demo to full" "$DMAP"
    full "help to full" "$DMAP" --help
    full "version to full" "$DMAP" --version
    full "command help to full" "$DMAP" help field
    full "field to full" "$DMAP" field ok.txt --goal 0,0 --format csv
fi
"$DMAP" field ok.txt --goal 0,0 --format csv >values.csv
sums_before=$(cksum ok.txt values.csv)
"$DMAP" field ok.txt --goal 0,0 >/dev/null 2>&1 || true
"$DMAP" flee ok.txt --goal 0,0 >/dev/null 2>&1 || true
"$DMAP" combine values.csv values.csv >/dev/null 2>&1 || true
"$DMAP" bury ok.txt >/dev/null 2>&1 || true
"$DMAP" bury ok.txt --mark --edge-wall >/dev/null 2>&1 || true
"$DMAP" reach ok.txt --from 0,0 >/dev/null 2>&1 || true
"$DMAP" descend ok.txt --from 4,2 --goal 0,0 >/dev/null 2>&1 || true
"$DMAP" timing ok.txt --enemy 0,0 >/dev/null 2>&1 || true
if [[ "$(cksum ok.txt values.csv)" == "$sums_before" ]]; then pass
else fail "a command changed one of its input files"; fi

cli_finish
