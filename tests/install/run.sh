#!/usr/bin/env bash
# run.sh — the install test: install a built dmap into a temporary prefix, then build and run a
# tiny program against that copy twice, the two ways a user would: with pkg-config, and from a
# CMake project using find_package(dmap) + dmap::dmap.
#   usage: tests/install/run.sh [build-dir]     (default: $DMAP_BUILD, else ./build)
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
build="${1:-${DMAP_BUILD:-build}}"
cc="${CC:-cc}"
passed=0
failed=0
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

ok() { echo "ok: $1"; passed=$((passed + 1)); }
bad() { echo "FAILED: $1" >&2; failed=$((failed + 1)); }

prefix="$work/prefix"
if ! cmake --install "$build" --prefix "$prefix" >"$work/install.log" 2>&1; then
  cat "$work/install.log" >&2
  echo "install: cmake --install $build failed" >&2
  echo "install: 0 passed, 1 failed"
  exit 1
fi
ok "cmake --install into a temporary prefix"

pcfile="$(find "$prefix" -name dmap.pc | head -n 1)"
header="$prefix/include/dmap.h"
[ -f "$header" ] && ok "header installed" || bad "no include/dmap.h under the prefix"
[ -n "$pcfile" ] && ok "dmap.pc installed" || bad "no dmap.pc under the prefix"
libdir="$(dirname "$(find "$prefix" -name 'libdmap.so*' | head -n 1)")"

# 1. pkg-config, with the prefix moved from where the build was configured for.
if [ -n "$pcfile" ]; then
  export PKG_CONFIG_PATH="$(dirname "$pcfile")"
  read -r -a cflags <<<"$(pkg-config --cflags dmap)"
  read -r -a libs <<<"$(pkg-config --libs dmap)"
  if "$cc" -std=c11 -Wall -Wextra -Werror "${cflags[@]}" "$here/centre_map.c" "${libs[@]}" \
    -o "$work/centre_map_pc" 2>"$work/pc.log"; then
    ok "compile + link with pkg-config --cflags --libs dmap"
    if LD_LIBRARY_PATH="$libdir" "$work/centre_map_pc"; then
      ok "pkg-config program runs and computes the 5x5 centre map"
    else
      bad "pkg-config program failed"
    fi
  else
    cat "$work/pc.log" >&2
    bad "compile with pkg-config (cflags: ${cflags[*]}; libs: ${libs[*]})"
  fi
fi

# 2. find_package(dmap) from a CMake project.
if cmake -S "$here/consumer" -B "$work/consumer" -DCMAKE_PREFIX_PATH="$prefix" \
  -DCMAKE_BUILD_TYPE=Release >"$work/consumer.log" 2>&1 \
  && cmake --build "$work/consumer" >>"$work/consumer.log" 2>&1; then
  ok "CMake project with find_package(dmap) + dmap::dmap builds"
  if LD_LIBRARY_PATH="$libdir" "$work/consumer/centre_map"; then
    ok "find_package program runs and computes the 5x5 centre map"
  else
    bad "find_package program failed"
  fi
else
  cat "$work/consumer.log" >&2
  bad "CMake project with find_package(dmap)"
fi

echo "install: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
