#!/usr/bin/env bash
# mingw-jansson.sh SOURCE_DIR PREFIX — jansson 2.14 for the mingw-w64 cross build (Debian has no
# jansson for mingw-w64): Debian's own source package (the upstream tarball of jansson_2.14-2),
# its checksum pinned here and listed in the package's .dsc, built as a static library with
# cmake and this tree's toolchain (SOURCE_DIR/cmake/mingw-w64.cmake), installed into PREFIX
# (include/, lib/libjansson.a, and cmake/ for find_package: jansson_DIR=PREFIX/cmake). A PREFIX
# already holding this version is kept (tests/windows.sh keeps it in the Windows build folder
# between runs).
# No network or a checksum that differs: one line on stderr, exit 1.
set -euo pipefail
src="$(realpath "$1")" prefix="$(realpath -m "$2")"
version=2.14
pool=http://deb.debian.org/debian/pool/main/j/jansson
tarball=jansson_${version}.orig.tar.gz
tarball_sha256=c739578bf6b764aa0752db9a2fdadcfe921c78f1228c7ec0bb47fa804c55d17b
dsc=jansson_${version}-2.dsc
dsc_sha256=6296ddd9c0a022bd1b70074aefb171cfcdf5694a04ffd32b35fd66097621af87
stamp="$prefix/jansson-$tarball_sha256"

fail() { echo "mingw-jansson: $*" >&2; exit 1; }

[ -f "$stamp" ] && [ -f "$prefix/lib/libjansson.a" ] && exit 0
work="$prefix.work"
rm -rf "$work" "$prefix"
mkdir -p "$work"
for f in "$tarball" "$dsc"; do
  curl -fsL --retry 2 --connect-timeout 20 -o "$work/$f" "$pool/$f" ||
    fail "cannot download $pool/$f (no network?)"
done
check() { # check FILE SHA256
  local got
  got="$(sha256sum "$work/$1" | cut -d' ' -f1)"
  [ "$got" = "$2" ] || fail "$1: sha256 $got, expected $2"
}
check "$dsc" "$dsc_sha256"
check "$tarball" "$tarball_sha256"
grep -qE "^ $tarball_sha256 [0-9]+ $tarball\$" "$work/$dsc" ||
  fail "$dsc does not list $tarball with sha256 $tarball_sha256"
tar -xzf "$work/$tarball" -C "$work"
# jansson's CMakeLists asks for CMake 3.1; CMAKE_POLICY_VERSION_MINIMUM lets CMake 4 accept it.
if ! cmake -S "$work/jansson-$version" -B "$work/build" --toolchain "$src/cmake/mingw-w64.cmake" \
  -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$prefix" -DCMAKE_POLICY_VERSION_MINIMUM=3.5 \
  -DJANSSON_BUILD_SHARED_LIBS=OFF -DJANSSON_EXAMPLES=OFF -DJANSSON_BUILD_DOCS=OFF \
  -DJANSSON_WITHOUT_TESTS=ON >"$work/build.log" 2>&1 ||
  ! cmake --build "$work/build" -j2 >>"$work/build.log" 2>&1 ||
  ! cmake --install "$work/build" >>"$work/build.log" 2>&1; then
  tail -20 "$work/build.log" >&2
  fail "build FAILED (log: $work/build.log)"
fi
touch "$stamp"
rm -rf "$work"
