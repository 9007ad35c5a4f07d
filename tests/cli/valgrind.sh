#!/usr/bin/env bash
# valgrind.sh — a few `dmap` runs (success and bad input) under valgrind's memcheck with
# --leak-check=full: no invalid access, no uninitialised use, no leak. Missing valgrind is a
# FAILURE (the setup script installs it). A sanitizer build cannot run under valgrind: there
# AddressSanitizer does this job, so the test says so and passes.
set -euo pipefail

DMAP=${DMAP:?set DMAP to the dmap binary}
SOURCE=${DMAP_SOURCE:?set DMAP_SOURCE to the source folder}
DATA="$SOURCE/tests/data/movingai"
source "$(dirname "${BASH_SOURCE[0]}")/lib.bash"
cli_begin cli_valgrind
require_data "$DATA" "$DATA/arena.map" "$DATA/arena.map.scen" "$DATA/lak303d.map" \
    "$DATA/lak303d.map.scen" "$DATA/den520d.map.scen"

if ! command -v valgrind >/dev/null 2>&1; then
    echo "FAIL: valgrind is not installed (apt-get install valgrind); cannot check for leaks" >&2
    exit 1
fi
if [[ -n ${DMAP_BUILD:-} ]] && grep -q '^DMAP_SANITIZE:BOOL=ON' "$DMAP_BUILD/CMakeCache.txt" 2>/dev/null
then
    echo "cli_valgrind: skipped under the sanitizer build (ASan checks these runs instead)"
    exit 0
fi

# vg NAME WANT_RC CMD... : the command under memcheck exits WANT_RC (99 = valgrind errors)
vg() {
    local name=$1 want=$2 rc=0
    shift 2
    valgrind -q --leak-check=full --errors-for-leak-kinds=all --error-exitcode=99 "$@" \
        >"$tmp/out" 2>"$tmp/err" </dev/null || rc=$?
    if [[ $rc -eq $want ]]; then pass; else
        fail "$name: exit $rc, want $want"$'\n'"$(head -30 "$tmp/err")"
    fi
}

cd "$tmp"
printf '..........\n.####.....\n....#..>..\n..........\n' >map.txt
printf 'type octile\nheight 3\nwidth 2\nmap\n..\n..\n' >truncated.map

vg "demo" 0 "$DMAP" demo
vg "field grid" 0 "$DMAP" field map.txt --goal 0,0 --goal 9,3=-2
vg "field csv 8" 0 "$DMAP" field map.txt --goal-char '>' --moves 8 --diagonal 1.5 --format csv
vg "field digits" 0 "$DMAP" field map.txt --goal 2,2 --default 9 --format digits
vg "scen arena" 0 "$DMAP" scen "$DATA/arena.map" "$DATA/arena.map.scen"
vg "scen sampled" 0 "$DMAP" scen --every 40 "$DATA/lak303d.map" "$DATA/lak303d.map.scen"
vg "help" 0 "$DMAP" help field
vg "bad goal" 2 "$DMAP" field map.txt --goal 1,1
vg "truncated map" 2 "$DMAP" field truncated.map --goal 0,0
vg "digits refused" 2 "$DMAP" field map.txt --goal 0,0 --format digits
vg "missing file" 2 "$DMAP" field nothere.txt --goal 0,0
"$DMAP" field map.txt --goal-char '>' --format csv >map.csv
vg "render png" 0 "$DMAP" render map.csv --output map.png --scale 8 --goal 7,2 --path 0,0 --arrows
vg "render refuses existing" 2 "$DMAP" render map.csv --output map.png
vg "render bad path" 2 "$DMAP" render map.csv --output other.png --path 1,1
vg "scen size mismatch" 2 "$DMAP" scen "$DATA/arena.map" "$DATA/den520d.map.scen"

cli_finish
