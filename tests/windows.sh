#!/usr/bin/env bash
# windows.sh SOURCE_DIR BUILD_DIR [NATIVE_BUILD] — the Windows check: cross-build this tree for
# x86-64 Windows with mingw-w64 (cmake/mingw-w64.cmake: the library static and as a DLL, the dmap
# tool without PNG output, the library's tests, the tests linked against the DLL, the examples,
# the four arenas and their tests) in BUILD_DIR, then run its ctest suite there, every program
# under Wine (WINEPREFIX in BUILD_DIR, WINEDEBUG=-all). The arenas' tests that run scripts on the
# build machine are listed as disabled; with NATIVE_BUILD (a native build folder with the
# arenas built) each arena's tournament table under Wine is compared with the native program's
# (PROGRAM_native). jansson comes from Debian's source package, built for mingw-w64 once
# (scripts/mingw-jansson.sh, kept in BUILD_DIR/mingw-jansson). Needs Debian's
# gcc-mingw-w64-x86-64, libz-mingw-w64-dev and wine64 (scripts/deps.sh test) and, the first
# time, the network; a missing one fails with one line. Prints ctest's summary; exit 0 only
# when every test passed.
set -euo pipefail
src="$(realpath "$1")" out="$(realpath -m "$2")" native="${3:+$(realpath "$3")}"
command -v x86_64-w64-mingw32-gcc-posix >/dev/null ||
  { echo "windows: x86_64-w64-mingw32-gcc-posix not found (Debian: gcc-mingw-w64-x86-64)" >&2; exit 1; }
wine=""
for w in /usr/lib/wine/wine64 "$(command -v wine64 || true)" "$(command -v wine || true)"; do
  if [ -n "$w" ] && [ -x "$w" ]; then wine="$w"; break; fi
done
[ -n "$wine" ] || { echo "windows: Wine not found (Debian: wine64)" >&2; exit 1; }
[ -f /usr/x86_64-w64-mingw32/include/zlib.h ] ||
  { echo "windows: zlib for mingw-w64 not found (Debian: libz-mingw-w64-dev)" >&2; exit 1; }
mkdir -p "$out"
bash "$src/scripts/mingw-jansson.sh" "$src" "$out/mingw-jansson" || exit 1 # its one line said why
if ! cmake -S "$src" -B "$out" --toolchain "$src/cmake/mingw-w64.cmake" -DCMAKE_BUILD_TYPE=Release \
  -DDMAP_WERROR=ON -DDMAP_BUILD_PYTHON=OFF -DDMAP_BUILD_BENCH=OFF -DDMAP_BUILD_EXAMPLES=ON \
  -DDMAP_BUILD_ARENAS=ON -Djansson_DIR="$out/mingw-jansson/cmake" -DDMAP_NATIVE_BUILD="$native" \
  >"$out/configure.log" 2>&1; then
  cat "$out/configure.log"
  echo "windows: configure FAILED"
  exit 1
fi
if ! cmake --build "$out" -j2 >"$out/build.log" 2>&1; then
  grep -E 'error|Error' "$out/build.log" | head -40
  echo "windows: build FAILED (log: $out/build.log)"
  exit 1
fi
# Wine makes its prefix on first use; make it once here rather than in parallel tests. One
# wineserver serves every test's programs (kept running, ended at exit) instead of one started
# and stopped around each program.
export WINEPREFIX="$out/wineprefix" WINEDEBUG=-all
"$wine" wineboot --init >/dev/null 2>&1 || true
wineserver="$(dirname "$wine")/wineserver"
[ -x "$wineserver" ] || wineserver="$(command -v wineserver || true)"
if [ -n "$wineserver" ] && [ -d "$WINEPREFIX" ]; then
  # wineboot's server (or one left by an interrupted run) first ends, then one persists
  "$wineserver" -k >/dev/null 2>&1 || true
  "$wineserver" -w >/dev/null 2>&1 || true
  if "$wineserver" -p >/dev/null 2>&1; then
    trap '"$wineserver" -k >/dev/null 2>&1 || true' EXIT
  fi
fi
# --repeat until-pass:2: a program that Wine, rarely (once in about 150 runs here), leaves
# hanging after it printed its whole result (seen once: an example, past its 60 s limit) gets
# a second run; a test that fails twice fails.
ctest --test-dir "$out" -j2 --output-on-failure --timeout 600 --repeat until-pass:2
