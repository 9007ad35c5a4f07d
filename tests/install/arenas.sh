#!/usr/bin/env bash
# arenas.sh — the arena part of the install test (run.sh): runs the arena programs of an
# installed copy from a scratch folder and checks that each exits 0 and prints a result, its
# data (share/dmap/<game>) found from the program's own path: a match of each arena, a replay
# of an installed recorded game, and pursuit's tournament on the installed worlds. Then, with
# the Kutulu data renamed away, `kutulu match` must fail with the one line that asks for it.
# With --hide DIR (repeatable) it first mounts an empty tmpfs over each DIR, so that the
# source and build trees are out of reach; that needs a private mount namespace: run.sh calls
# it under `unshare -rm`.
# Prints one "ok: ..." or "FAILED: ..." line per check; exits 1 when any check failed.
#   usage: arenas.sh PREFIX [--hide DIR]... GAME...     (GAME: kutulu bomber pommerman pursuit)
set -uo pipefail

prefix=$1
shift
hide=()
while [ $# -gt 0 ] && [ "$1" = --hide ]; do
  hide+=("$2")
  shift 2
done
failed=0
ok() { echo "ok: $1"; }
bad() { echo "FAILED: $1"; failed=$((failed + 1)); }

for dir in "${hide[@]}"; do # a folder inside another comes first (the build tree in the source)
  if mount -t tmpfs tmpfs "$dir" 2>/dev/null && [ -z "$(ls -A "$dir")" ]; then
    ok "$dir hidden (an empty folder for the programs)"
  else
    bad "could not hide $dir"
  fi
done

cd "$(mktemp -d)" || exit 1
out=$(mktemp)
share="$prefix/share/dmap"

# expect NAME WANT PROGRAM ARGS... : exit 0 and WANT somewhere in stdout
expect() {
  local name=$1 want=$2
  shift 2
  if "$@" >"$out" 2>&1 && grep -qF -- "$want" "$out"; then
    ok "$name"
  else
    bad "$name: $(head -c 300 "$out")"
  fi
}

for game in "$@"; do
  bin="$prefix/bin/$game"
  [ -x "$bin" ] && ok "$game installed" || { bad "no $bin"; continue; }
  [ -d "$share/$game" ] && ok "$game data installed" || bad "no $share/$game"
  case $game in
  kutulu)
    expect "kutulu match from the moved install" "rank 1:" \
      "$bin" match --seed 5 --bots postmortem,initial,random,wait
    expect "kutulu replay of an installed recorded game" "OK " \
      "$bin" replay "$share/kutulu/traces/seed_1.txt"
    mv "$share/kutulu" "$share/kutulu.away"
    if "$bin" match --seed 5 --bots postmortem,initial,random,wait >"$out" 2>&1; then
      bad "kutulu match without its data exits 0"
    elif [ "$(wc -l <"$out")" -eq 1 ] && grep -qF "cannot find the kutulu data" "$out" &&
      grep -qF -- "give --data DIR" "$out"; then
      ok "kutulu without its data: one line asking for --data"
    else
      bad "kutulu without its data: $(head -c 300 "$out")"
    fi
    mv "$share/kutulu.away" "$share/kutulu"
    ;;
  bomber)
    expect "bomber match from the moved install" "winner:" \
      "$bin" match --seed 1 --bots gambit,random
    expect "bomber replay of an installed recorded game" "OK " \
      "$bin" replay "$share/bomber/traces/random-random/seed_117.trace.gz"
    ;;
  pommerman)
    expect "pommerman match from the moved install" "result " \
      "$bin" match --seed 1 --bots simple,simple,simple,simple
    expect "pommerman replay of an installed recorded game" "OK " \
      "$bin" replay "$share/pommerman/traces/1v1-SS/seed_1.txt"
    ;;
  pursuit)
    expect "pursuit match on an installed world" "winner:" \
      "$bin" match --world "$share/pursuit/battlefield.dat" --bots chase,bury
    expect "pursuit tournament on the installed worlds" "battlefield3" \
      "$bin" tournament --predators chase --preys flee --games 1 --data-games 1
    ;;
  *) bad "unknown arena $game" ;;
  esac
done
rm -f "$out"
[ "$failed" -eq 0 ]
