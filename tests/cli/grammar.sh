#!/usr/bin/env bash
# grammar.sh — one grammar for every dmap command: an option given twice is an error (except
# the ones that add items: --goal, --goal-char, --block, --enemy); --goal-char wherever goals
# are taken; --moves 4|8|octile wherever moves are; options a command would ignore are refused;
# one wording ("unknown option"), one --seed range (0..2^63-1); and errors that say what is
# wrong (a cell outside the map, a write error's reason, a target beyond --max-depth).
set -euo pipefail

DMAP=${DMAP:?set DMAP to the dmap binary}
source "$(dirname "${BASH_SOURCE[0]}")/lib.bash"
cli_begin cli_grammar
cd "$tmp"

printf '....\n.#..\n..>.\n' >room.txt
"$DMAP" field room.txt --goal 0,0 --format csv >a.csv
printf 'version 1\n0\troom.txt\t4\t3\t0\t0\t3\t2\t5\n' >room.scen

# ---- every option once ------------------------------------------------------------------------
twice() { # NAME OPTION CMD... : CMD must be refused with "option OPTION given twice"
    local name=$1 option=$2
    shift 2
    expect_usage "$name: $option twice" "^dmap: option $option given twice$" "$@"
}
twice field --default "$DMAP" field room.txt --goal 0,0 --default 5 --default 6
twice field --format "$DMAP" field room.txt --goal 0,0 --format csv --format grid
twice field --moves "$DMAP" field room.txt --goal 0,0 --moves 8 --moves 4
twice field --cardinal "$DMAP" field room.txt --goal 0,0 --cardinal 2 --cardinal 3
twice field --diagonal "$DMAP" field room.txt --goal 0,0 --moves 8 --diagonal 2 --diagonal 3
twice field --corners "$DMAP" field room.txt --goal 0,0 --moves 8 --corners cut --corners strict
twice flee --factor "$DMAP" flee room.txt --goal 0,0 --factor -2 --factor -3
twice descend --from "$DMAP" descend room.txt --goal 0,0 --from 3,2 --from 3,0
twice descend --seed "$DMAP" descend room.txt --goal 0,0 --from 3,2 --seed 1 --seed 2
twice descend --flee "$DMAP" descend room.txt --goal 0,0 --from 3,2 --flee --flee
twice reach --to "$DMAP" reach room.txt --from 0,0 --to 3,2 --to 3,1
twice reach --max-depth "$DMAP" reach room.txt --from 0,0 --max-depth 2 --max-depth 3
twice timing --me "$DMAP" timing room.txt --enemy 0,0 --me 1,0 --me 2,0
twice timing --cutoff "$DMAP" timing room.txt --enemy 0,0 --cutoff 1 --cutoff 2
twice bury --mark "$DMAP" bury room.txt --mark --mark
twice combine --min "$DMAP" combine a.csv --min --min
twice combine --format "$DMAP" combine a.csv --format csv --format grid
twice scen --every "$DMAP" scen room.txt room.scen --every 2 --every 3
twice update --edits "$DMAP" update room.txt --goal 0,0 --edits room.txt --edits room.txt
# the options that add items may repeat
expect_quiet_out "--goal and --goal-char repeat" $'0 1 1 0\n1 # 1 1\n2 1 0 1' \
    "$DMAP" field room.txt --goal 0,0 --goal 3,0 --goal-char '>' --moves 8
expect_out "--block repeats" $'3,2\n2,2' "$DMAP" descend room.txt --goal 0,2 --from 3,2 \
    --block 3,1 --block 2,1 --seed 1 --moves 4 --default 9 --goal 2,2=1

# ---- --goal-char and --moves octile wherever goals and moves are taken ---------------------------
expect_quiet_out "flee --goal-char" "$("$DMAP" flee room.txt --goal 2,2)" \
    "$DMAP" flee room.txt --goal-char '>'
expect_quiet_out "descend --goal-char" $'0,0\n1,0\n2,0\n2,1\n2,2' \
    "$DMAP" descend room.txt --goal-char '>' --from 0,0 --moves 4
expect_quiet_out "field --moves octile is Moving AI's rule" \
    "$("$DMAP" field room.txt --goal 0,0 --moves 8 --diagonal 1.4142135623730951 \
        --corners strict --format csv)" \
    "$DMAP" field room.txt --goal 0,0 --moves octile --format csv
expect_quiet_out "octile, then an explicit diagonal" $'0,1,2,3\n1,#,3,3.5\n2,3,4,4.5' \
    "$DMAP" field room.txt --goal 0,0 --diagonal 1.5 --moves octile --format csv
expect_quiet_out "reach --moves octile (8-connected, strict corners)" $'length 3\n0,0\n1,0\n2,0\n2,1' \
    "$DMAP" reach room.txt --from 0,0 --to 2,1 --moves octile
expect_quiet_out "descend --moves octile" $'3,2\n2,1\n2,0\n1,0\n0,0' \
    "$DMAP" descend room.txt --goal 0,0 --from 3,2 --moves octile
expect_out "timing --moves octile" "$("$DMAP" timing room.txt --enemy 0,0 --moves 8 \
    --diagonal 1.4142135623730951 --corners strict)" \
    "$DMAP" timing room.txt --enemy 0,0 --moves octile
expect_usage "--moves 6" "^dmap: invalid value for --moves: '6' (need 4, 8 or octile)$" \
    "$DMAP" field room.txt --goal 0,0 --moves 6

# ---- options a command would ignore are refused -------------------------------------------------
expect_usage "reach --cardinal" "^dmap: reach: unknown option '--cardinal' (see dmap help reach)$" \
    "$DMAP" reach room.txt --from 0,0 --cardinal 5
expect_usage "reach --diagonal" "^dmap: reach: unknown option '--diagonal'" \
    "$DMAP" reach room.txt --from 0,0 --moves 8 --diagonal 5
expect_usage "--diagonal with 4-connected moves" "^dmap: field: --diagonal needs 8-connected moves" \
    "$DMAP" field room.txt --goal 0,0 --diagonal 2
expect_usage "--corners with 4-connected moves" "^dmap: flee: --corners needs 8-connected moves" \
    "$DMAP" flee room.txt --goal 0,0 --moves 4 --corners strict
expect_usage "timing --default" "^dmap: timing: unknown option '--default'" \
    "$DMAP" timing room.txt --enemy 0,0 --default 5
expect_usage "scen --moves" "^dmap: scen: unknown option '--moves'" \
    "$DMAP" scen room.txt room.scen --moves 8

# ---- one wording, one seed range ----------------------------------------------------------------
for cmd in field flee descend reach timing bury combine scen update render; do
    expect_usage "$cmd: unknown option" "^dmap: $cmd: unknown option '--bogus' (see dmap help $cmd)$" \
        "$DMAP" "$cmd" --bogus
done
expect_out "--seed 2^63-1 is accepted" $'3,2\n2,2' \
    bash -c '"$0" descend room.txt --goal 0,0 --from 3,2 --seed 9223372036854775807 | head -n 2' \
    "$DMAP"
for bad in -1 9223372036854775808 1.5 x; do
    expect_usage "--seed $bad" \
        "^dmap: invalid value for --seed: '$bad' (need an integer from 0 to 9223372036854775807)$" \
        "$DMAP" descend room.txt --goal 0,0 --from 3,2 --seed "$bad"
done

# ---- help texts say what things are, not where they came from --------------------------------
for cmd in demo field combine flee descend reach bury timing update scen render; do
    expect_true "$cmd --help has no history references" \
        bash -c '! "$0" help "$1" | grep -qiE "issue [0-9]|(^|[^-])seed [0-9]|seed.s |rules/|the lab"' \
        "$DMAP" "$cmd"
done
expect_true "dmap --help has no history references" \
    bash -c '! "$0" --help | grep -iE "issue [0-9]|(^|[^-])seed [0-9]|seed.s |rules/|the lab" >/dev/null' "$DMAP"

# ---- errors that say what is wrong ---------------------------------------------------------
expect_usage "a cell far outside the map" \
    "^dmap: --goal 99999999999,0: cell (99999999999,0) is outside the 4x3 map$" \
    "$DMAP" field room.txt --goal 99999999999,0
expect_usage "a negative cell" "^dmap: --from -1,2: cell (-1,2) is outside the 4x3 map$" \
    "$DMAP" reach room.txt --from -1,2
if [[ -w /dev/full ]]; then
    expect_usage "a write error carries the system's reason" \
        "^dmap: cannot write the output: No space left on device$" \
        bash -c '"$0" field room.txt --goal 0,0 >/dev/full' "$DMAP"
else
    fail "/dev/full is not writable here: cannot check write errors"
fi
rc=0
out=$("$DMAP" reach room.txt --from 0,0 --to 3,2 --max-depth 2) || rc=$?
expect_true "a target beyond --max-depth says so (rc=$rc, '$out')" \
    test "$rc" -eq 1 -a "$out" == "deeper than --max-depth 2"
rc=0
out=$("$DMAP" reach room.txt --from 0,0 --to 1,1 --max-depth 2) || rc=$?
expect_true "a wall is unreachable, whatever the depth (rc=$rc, '$out')" \
    test "$rc" -eq 1 -a "$out" == "unreachable"
cli_finish
