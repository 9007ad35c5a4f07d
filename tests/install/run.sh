#!/usr/bin/env bash
# run.sh — the install test: install a built dmap into a temporary prefix, then build and run a
# tiny program against that copy twice, the two ways a user would: with pkg-config, and from a
# CMake project using find_package(dmap) + dmap::dmap. Then the install is moved to another
# folder and the arena programs built with it run from there (arenas.sh), with the source and
# build trees hidden when the system allows a private mount namespace (unshare -rm).
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

# Every program below runs exactly as docs/building.md says, with no LD_LIBRARY_PATH: a program
# linked against the installed shared library must find it on its own.
unset LD_LIBRARY_PATH

# 1. pkg-config, with the prefix moved from where the build was configured for: the command
#    of docs/building.md ("Using dmap from your project") word for word (`cc my_bot.c $(pkg-config --cflags --libs dmap) -o my_bot`).
if [ -n "$pcfile" ]; then
  export PKG_CONFIG_PATH="$(dirname "$pcfile")"
  cp "$here/centre_map.c" "$work/my_bot.c"
  if (cd "$work" && $cc my_bot.c $(pkg-config --cflags --libs dmap) -o my_bot) 2>"$work/pc.log"; then
    ok "compile + link with \$(pkg-config --cflags --libs dmap)"
    if "$work/my_bot" >"$work/run.log" 2>&1; then
      ok "the pkg-config program starts and computes the 5x5 centre map (no LD_LIBRARY_PATH)"
    else
      cat "$work/run.log" >&2
      bad "the pkg-config program failed to run: $(head -n 1 "$work/run.log")"
    fi
    if readelf -d "$work/my_bot" | grep -q 'NEEDED.*libdmap\.so'; then
      ok "the pkg-config program uses the shared library"
    else
      bad "the pkg-config program does not link libdmap.so"
    fi
  else
    cat "$work/pc.log" >&2
    bad "compile with pkg-config --cflags --libs dmap: $(pkg-config --cflags --libs dmap)"
  fi
  # The static link line: libdmap.a, the math library and threads (the pool; a C library
  # without pthreads inside, as glibc before 2.34, needs -lpthread), as dmap-static.pc has it.
  static_libs=" $(pkg-config --libs --static dmap) "
  case "$static_libs" in *" -lm "*) case "$static_libs" in *" -lpthread "*) static_ok=1 ;; esac ;; esac
  if [ "${static_ok:-0}" = 1 ]; then
    ok "pkg-config --libs --static dmap includes -lm -lpthread"
  else
    bad "pkg-config --libs --static dmap lacks -lm -lpthread:$static_libs"
  fi
  if (cd "$work" && $cc my_bot.c $(pkg-config --cflags --libs dmap-static) -o my_bot_static) \
    2>"$work/static.log"; then
    if "$work/my_bot_static" && ! readelf -d "$work/my_bot_static" | grep -q 'libdmap'; then
      ok "dmap-static.pc links libdmap.a: the program runs and needs no libdmap.so"
    else
      bad "the dmap-static program failed, or still needs libdmap.so"
    fi
  else
    cat "$work/static.log" >&2
    bad "compile with pkg-config --cflags --libs dmap-static"
  fi
fi

# 2. find_package(dmap) from a CMake project.
if cmake -S "$here/consumer" -B "$work/consumer" -DCMAKE_PREFIX_PATH="$prefix" \
  -DCMAKE_BUILD_TYPE=Release >"$work/consumer.log" 2>&1 \
  && cmake --build "$work/consumer" >>"$work/consumer.log" 2>&1; then
  ok "CMake project with find_package(dmap) + dmap::dmap builds"
  if "$work/consumer/centre_map"; then
    ok "find_package program runs and computes the 5x5 centre map (no LD_LIBRARY_PATH)"
  else
    bad "find_package program failed"
  fi
else
  cat "$work/consumer.log" >&2
  bad "CMake project with find_package(dmap)"
fi

# 3. The arena programs from the install moved elsewhere: each finds its data from its own path
#    (share/dmap/<game>), never from the source or build tree, which are hidden when possible.
src="$(cd "$here/../.." && pwd)"
build_abs="$(cd "$build" && pwd)"
games=()
for g in kutulu bomber pommerman pursuit; do
  [ -x "$build_abs/arenas/$g/$g" ] && games+=("$g")
done
if [ "${#games[@]}" -gt 0 ]; then
  moved="$work/elsewhere/dmap"
  mkdir -p "$work/elsewhere"
  mv "$prefix" "$moved"
  hide=()
  case "$work/" in
    "$src/"* | "$build_abs/"*) ;; # the scratch folder is inside a tree: hiding it would hide it
    *) unshare -rm true 2>/dev/null && hide=(unshare -rm bash) ;;
  esac
  cp "$here/arenas.sh" "$work/arenas.sh" # the source tree is about to be hidden
  if [ "${#hide[@]}" -gt 0 ]; then
    "${hide[@]}" "$work/arenas.sh" "$moved" --hide "$build_abs" --hide "$src" "${games[@]}" \
      >"$work/arenas.log" 2>&1 || true
  else
    echo "install: no private mount namespace here: the arenas run with the source and build" \
      "trees in place (the install is still moved)"
    bash "$work/arenas.sh" "$moved" "${games[@]}" >"$work/arenas.log" 2>&1 || true
  fi
  cat "$work/arenas.log"
  passed=$((passed + $(grep -c '^ok: ' "$work/arenas.log" || true)))
  failed=$((failed + $(grep -c '^FAILED: ' "$work/arenas.log" || true)))
  grep -q '^ok: ' "$work/arenas.log" || bad "the arenas' check printed nothing"
fi

echo "install: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
