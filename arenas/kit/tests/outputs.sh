#!/bin/bash
# outputs.sh — the files an arena program writes (match --replay and --html, league --html,
# tournament --shard --out) never replace what is not a file and never touch a file but the
# one named: a name that is a device (here symbolic links to /dev/null and /dev/full) is
# written in place and stays what it was, a device that cannot take the output is exit 1
# with one line on stderr, a symbolic link to a file stays a link (the file it names is
# written), and files beside the output are left alone. An output that names a
# file the command reads or appends to (--bot-stderr FILE), or --replay and --html naming one
# file, is refused (exit 2) before anything is written. A start that fails on a bad bot name
# (exit 2) leaves --bot-stderr FILE as it was: not made when it was not there, not changed when
# it was.
# usage: outputs.sh PROGRAM "MATCH OPTIONS" "TOURNAMENT OPTIONS" "LEAGUE OPTIONS"
set -u
prog=$1 match=$2 tournament=$3 league=$4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "outputs: $(basename "$prog"): $*" >&2; fail=1; }
cd "$tmp" || exit 1
ln -s /dev/null null-link
ln -s /dev/full full-link

# the command lines that write OUT (word-split on purpose)
writers=("match $match --replay OUT" "match $match --html OUT" "match $match --replay r.jsonl --html OUT"
         "tournament $tournament --shard 1/2 --out OUT" "league $league --html OUT")
run() { # run WRITER OUT: the writer with OUT put in, output in out/err, status in rc
    local words
    read -r -a words <<< "${1//OUT/$2}"
    "$prog" "${words[@]}" > out 2> err
    rc=$?
    rm -f r.jsonl
}
for w in "${writers[@]}"; do
    run "$w" null-link
    [ "$rc" = 0 ] || bad "$w to a link to /dev/null: exit $rc: $(cat err)"
    [ -L null-link ] || bad "$w: the link to /dev/null was replaced"
    ln -sfn /dev/null null-link
    run "$w" full-link
    [ "$rc" = 1 ] || bad "$w to a link to /dev/full: exit $rc, want 1"
    [ "$(wc -l < err)" = 1 ] || bad "$w to /dev/full: want one line on stderr, got: $(cat err)"
    [ -L full-link ] || bad "$w: the link to /dev/full was replaced"
    ln -sfn /dev/full full-link
    # a link to a file, or to a name not there yet, stays a link: the file it names is written
    echo old > target.x
    ln -s target.x file-link
    run "$w" file-link
    [ "$rc" = 0 ] && [ -L file-link ] && [ -s target.x ] && [ "$(cat target.x)" != old ] ||
        bad "$w to a link to a file: exit $rc, the link kept: $([ -L file-link ] && echo yes || echo no): $(cat err)"
    ln -s fresh.x dangling-link
    run "$w" dangling-link
    [ "$rc" = 0 ] && [ -L dangling-link ] && [ -s fresh.x ] ||
        bad "$w to a link to no file yet: exit $rc, the link kept: $([ -L dangling-link ] && echo yes || echo no): $(cat err)"
    rm -f target.x file-link fresh.x dangling-link
    # files beside the output (names a writer might use for its temporary file) stay
    for side in out.x.tmp out.x.part out.x.replay; do echo "keep $side" > "$side"; done
    run "$w" out.x
    [ "$rc" = 0 ] && [ -s out.x ] || bad "$w to a new file: exit $rc: $(cat err)"
    for side in out.x.tmp out.x.part out.x.replay; do
        [ "$(cat "$side")" = "keep $side" ] || bad "$w: $side beside the output changed"
    done
    left=$(ls | grep -v -x -e null-link -e full-link -e out -e err -e out.x -e out.x.tmp -e out.x.part -e out.x.replay)
    [ -z "$left" ] || bad "$w: left files behind: $left"
    rm -f out.x*
done
# an output that names a file the match reads or appends to, or both outputs one file: exit 2
# with one line, before anything is played, and that file as it was
refused() { # refused WHAT ARGS...
    local what=$1
    shift
    echo "keep me" > kept.txt
    "$prog" "$@" > out 2> err
    local rc=$?
    [ "$rc" = 2 ] && [ "$(wc -l < err)" = 1 ] || bad "$what: exit $rc, want 2 and one line: $(cat err)"
    [ "$(cat kept.txt)" = "keep me" ] || bad "$what: kept.txt changed"
    [ ! -e r.jsonl ] || bad "$what: r.jsonl was written"
}
# shellcheck disable=SC2086
refused "--replay over --bot-stderr" match $match --replay kept.txt --bot-stderr kept.txt
# shellcheck disable=SC2086
refused "--html over --bot-stderr" match $match --html ./kept.txt --bot-stderr kept.txt
# shellcheck disable=SC2086
refused "--replay and --html one file" match $match --replay r.jsonl --html r.jsonl
# a page to a pipe through /proc/self/fd/1 (what /dev/stdout names): nothing is made beside it
# shellcheck disable=SC2086
"$prog" match $match --html /proc/self/fd/1 2> err | cat > page.out
grep -q '</html>' page.out || bad "--html /proc/self/fd/1: no page on the pipe: $(cat err)"
rm -f page.out
# shellcheck disable=SC2086
refused "league --html over --bot-stderr" league $league --html kept.txt --bot-stderr kept.txt
# shellcheck disable=SC2086
refused "tournament --out over --bot-stderr" tournament $tournament --shard 1/1 --out kept.txt --bot-stderr kept.txt
# a bad bot name (in place of each name of the first --bots or --predators list): exit 2 with one line,
# and --bot-stderr FILE as it was, whether it was there or not
bad_bots() { # bad_bots ARGS: ARGS with its first bot list replaced by an unknown name
    local w words out=() swap=0
    read -r -a words <<< "$1"
    for w in "${words[@]}"; do
        if [ "$swap" = 1 ]; then w=$(echo "$w" | sed 's/[^,][^,]*/nosuchbot/g'); swap=2; fi
        if [ "$swap" = 0 ] && { [ "$w" = --bots ] || [ "$w" = --predators ]; }; then swap=1; fi
        out+=("$w")
    done
    echo "${out[*]}"
}
for cmd in "match $(bad_bots "$match")" "tournament $(bad_bots "$tournament")" "league $(bad_bots "$league")"; do
    rm -f new.err
    # shellcheck disable=SC2086
    "$prog" $cmd --bot-stderr new.err > out 2> err
    rc=$?
    [ "$rc" = 2 ] && [ "$(wc -l < err)" = 1 ] || bad "$cmd: exit $rc, want 2 and one line: $(cat err)"
    [ ! -e new.err ] || bad "$cmd: a failed start made its --bot-stderr file"
    rm -f new.err
    echo "keep me" > kept.txt
    touch -d '2001-01-01 00:00:00' kept.txt
    # shellcheck disable=SC2086
    "$prog" $cmd --bot-stderr kept.txt > out 2> err
    [ "$(cat kept.txt)" = "keep me" ] && [ "$(date -r kept.txt +%Y)" = 2001 ] ||
        bad "$cmd: a failed start changed its --bot-stderr file"
done
# a device may take two outputs (both written in place)
# shellcheck disable=SC2086
"$prog" match $match --replay null-link --html /dev/null > out 2> err || bad "--replay and --html to /dev/null: $(cat err)"
# standard output carries the result: "-" is no name for an output, nor is an empty one
for opt in --replay --html; do
    for name in - ""; do
        # shellcheck disable=SC2086
        refused "$opt '$name'" match $match "$opt" "$name"
        [ ! -e ./- ] || bad "$opt '$name': wrote a file named -"
        rm -f ./-
        grep -q "give a file name" err || bad "$opt '$name': $(cat err)"
    done
done
[ "$fail" = 0 ] && echo "outputs: all passed"
exit "$fail"
