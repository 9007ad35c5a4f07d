#!/usr/bin/env bash
# lib_alone.sh — the library stands on its own: a fresh build of this source tree with only
# the library and its tests (no tool, arenas, Python package, benchmarks or examples), with
# CMake told that libpng and zlib do not exist and pkg-config looking into an empty folder
# (so jansson and libtcod cannot be found either), must configure, build with -Werror and
# pass the library's tests; and the shared library must need nothing but libm and libc.
#   usage: tests/lib_alone.sh SOURCE_DIR [C_COMPILER]
set -euo pipefail

source_dir="${1:?usage: lib_alone.sh SOURCE_DIR [C_COMPILER]}"
cc="${2:-${CC:-cc}}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir "$work/no-pkgconfig"
fail() { echo "FAILED: lib_alone: $1" >&2; exit 1; }

# The tests to run: all that a build of the library alone registers.
tests='.' # every test of a library-only build (the library's own)

export PKG_CONFIG_PATH="$work/no-pkgconfig" PKG_CONFIG_LIBDIR="$work/no-pkgconfig"
if ! cmake -S "$source_dir" -B "$work/build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER="$cc" \
    -DDMAP_WERROR=ON -DDMAP_BUILD_TOOL=OFF -DDMAP_BUILD_ARENAS=OFF -DDMAP_BUILD_PYTHON=OFF \
    -DDMAP_BUILD_BENCH=OFF -DDMAP_BUILD_EXAMPLES=OFF -DDMAP_BUILD_TESTS=ON \
    -DDMAP_TEST_LIB_ALONE=OFF -DDMAP_TEST_WINDOWS=OFF -DCMAKE_DISABLE_FIND_PACKAGE_PNG=ON \
    -DCMAKE_DISABLE_FIND_PACKAGE_ZLIB=ON >"$work/configure.log" 2>&1; then
    tail -n 20 "$work/configure.log" >&2
    fail "the library alone does not configure"
fi
# Nothing of the other parts was looked for.
looked='Found (PNG|ZLIB)|Could NOT find (PNG|ZLIB)|Checking for module|libtcod'
if grep -qE "$looked" "$work/configure.log"; then
    grep -E "$looked" "$work/configure.log" >&2
    fail "configuring the library alone looked for another part's dependency"
fi
if ! cmake --build "$work/build" -j2 >"$work/build.log" 2>&1; then
    grep -E 'error|Error' "$work/build.log" | head -n 20 >&2
    fail "the library alone does not build"
fi
for t in dmap dmap_cli; do
    [[ ! -e "$work/build/$t" ]] || fail "the tool was built ($work/build/$t)"
done
needed="$(readelf -d "$work/build/libdmap.so" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' |
    grep -vE '^(libm|libc)\.so' || true)"
[[ -z "$needed" ]] || fail "libdmap.so needs more than libm and libc: $needed"
registered="$(ctest --test-dir "$work/build" -N -R "$tests" | sed -n 's/^Total Tests: //p')"
[[ "$registered" -ge 15 ]] || fail "only ${registered:-0} of the library's tests are registered"
# cpp compiles the sources with g++ and clang++ whatever the build: the full suite runs it
if ! ctest --test-dir "$work/build" -j2 -R "$tests" -E '^cpp$' --output-on-failure \
    >"$work/test.log" 2>&1; then
    tail -n 40 "$work/test.log" >&2
    fail "the library's tests fail in a build of the library alone"
fi
tail -n 3 "$work/test.log"
echo "lib_alone: the library alone configures, builds and passes $registered tests"
