#!/usr/bin/env bash
# html_files.sh — ctest `viewer_html`: writes the standalone HTML pages and the real replay the
# browser test (`viewer`) opens, and checks the writers' file rules on the way:
#   MAKE_HTML fixtures/pursuit.jsonl and fixtures/tricky.jsonl -> OUT/*_fixture.html
#   pursuit match on the world battlefield.dat with --replay and --html -> OUT/battlefield.*
#   pursuit match --html alone leaves exactly the page (its scratch replay is removed);
#   --html into a missing folder: exit 2, one line, nothing written.
#   with BOMBER: a bomber game with Gambit's goal maps, `match --replay --html --maps`
#     -> OUT/bomber.{jsonl,html}
#   with POMMERMAN: a game of the dmap bot and three SimpleAgents with the dmap bot's maps,
#     `match --replay --html --maps` -> OUT/pommerman.{jsonl,html}
#   with KUTULU: a game of the four built-in bots, `match --replay --html` -> OUT/kutulu.{jsonl,html}
#   and for each of those arenas, `match --html` alone leaves exactly the page.
# usage: html_files.sh MAKE_HTML PURSUIT FIXTURES_DIR OUT_DIR WORLDS_DIR [bomber=PROGRAM]
#                      [pommerman=PROGRAM] [kutulu=PROGRAM]     (the arenas that are built)
set -euo pipefail
make_html=$1 pursuit=$2 fixtures=$3 out=$4 worlds=$5
bomber='' pommerman='' kutulu=''
for arg in "${@:6}"; do
    case $arg in
    bomber=*) bomber=${arg#bomber=} ;;
    pommerman=*) pommerman=${arg#pommerman=} ;;
    kutulu=*) kutulu=${arg#kutulu=} ;;
    *) echo "html_files.sh: unknown argument $arg" >&2; exit 2 ;;
    esac
done
world="$worlds/battlefield.dat"
if [[ ! -e $world ]]; then
    echo "FAIL: viewer_html: missing data: $world" >&2
    exit 1
fi
passed=0 failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*" >&2; }

mkdir -p "$out"
rm -f "$out"/*.html "$out"/*.jsonl
"$make_html" "$fixtures/pursuit.jsonl" "$out/pursuit_fixture.html" && ok || bad "make_html pursuit"
"$make_html" "$fixtures/tricky.jsonl" "$out/tricky_fixture.html" && ok || bad "make_html tricky"
"$pursuit" match --world "$world" --bots chase,bury \
    --replay "$out/battlefield.jsonl" --html "$out/battlefield.html" >/dev/null && ok || bad "match --replay --html"
[[ -s $out/battlefield.jsonl && -s $out/battlefield.html ]] && ok || bad "match wrote no replay or page"

alone=$(mktemp -d)
trap 'rm -rf "$alone"' EXIT
"$pursuit" match --world "$world" --bots intercept,flee --html "$alone/game.html" >/dev/null \
    && ok || bad "match --html alone"
[[ $(ls "$alone") == game.html ]] && ok || bad "match --html alone left: $(ls "$alone")"
rc=0
"$pursuit" match --world "$world" --bots chase,flee --html "$alone/no/such/game.html" \
    >"$alone/stdout" 2>"$alone/stderr" || rc=$?
[[ $rc -eq 2 && $(wc -l <"$alone/stderr") -eq 1 && ! -s $alone/stdout ]] && ok \
    || bad "--html into a missing folder: rc=$rc $(cat "$alone/stderr")"
rm -f "$alone/stdout" "$alone/stderr"
[[ $(ls "$alone") == game.html ]] && ok || bad "a failed --html left: $(ls "$alone")"

# arena NAME PROGRAM MATCH_ARGS... : the game with --replay and --html into OUT/NAME.*, then
# with --html alone into a fresh folder, which must then hold the page only
arena() {
    local name=$1 program=$2
    shift 2
    "$program" match "$@" --replay "$out/$name.jsonl" --html "$out/$name.html" >/dev/null \
        && ok || bad "$name match --replay --html"
    mkdir "$alone/$name"
    "$program" match "$@" --html "$alone/$name/game.html" >/dev/null && ok || bad "$name match --html"
    [[ $(ls "$alone/$name") == game.html ]] && ok || bad "$name --html alone left: $(ls "$alone/$name")"
}
if [[ -n $bomber ]]; then arena bomber "$bomber" --seed 3 --bots gambit,random --maps; fi
if [[ -n $pommerman ]]; then arena pommerman "$pommerman" --seed 1 --bots dmap,simple,simple,simple --maps; fi
if [[ -n $kutulu ]]; then arena kutulu "$kutulu" --seed 5 --bots postmortem,initial,random,wait; fi

echo "viewer_html: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
