#!/usr/bin/env bash
# build.sh — compile the dmap library (src/, include/dmap.h) to WebAssembly: one dmap.wasm
# with clang's wasm32-wasi target, Debian's wasi-libc and lld (scripts/deps.sh test installs
# them). The module exports every DMAP_API function of dmap.h, malloc, free and its memory;
# js/index.js loads it. There are no threads: js/wasm/pool_serial.c replaces src/pool.c, so a
# dmap_pool runs the batch functions on the calling thread.
#
#   js/build.sh [OUT]     OUT: the module to write (default js/dmap.wasm)
#
# DMAP_WASM_CC names another clang; DMAP_WASI_SYSROOT a wasi-libc sysroot where clang does not
# find one by itself (Debian's is found: /usr/lib/wasm32-wasi, /usr/include/wasm32-wasi).
#
# Flags: -O3, and -msimd128 (128-bit WebAssembly SIMD: Node 16.4+, Chrome 91+, Firefox 89+,
# Safari 16.4+). Needs clang 14 or newer.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:-$root/js/dmap.wasm}"
cc="${DMAP_WASM_CC:-clang}"
target=(--target=wasm32-wasi)
[ -n "${DMAP_WASI_SYSROOT:-}" ] && target+=("--sysroot=$DMAP_WASI_SYSROOT")

sources=()
for f in "$root"/src/*.c; do
  [ "$(basename "$f")" = pool.c ] || sources+=("$f")
done
sources+=("$root/js/wasm/pool_serial.c" "$root/js/wasm/layout.c")

# A missing toolchain part fails here in one line, not in a page of compiler errors.
probe="$(mktemp -d)"
trap 'rm -rf "$probe"' EXIT
printf '#include <stdlib.h>\nint f(int n) { return malloc((size_t)n) != 0; }\n' >"$probe/p.c"
if ! command -v "$cc" >/dev/null 2>&1; then
  echo "build.sh: $cc not found (scripts/deps.sh test installs clang)" >&2
  exit 1
elif ! command -v wasm-ld >/dev/null 2>&1; then
  echo "build.sh: wasm-ld not found (the lld package; scripts/deps.sh test installs it)" >&2
  exit 1
elif ! "$cc" "${target[@]}" -c "$probe/p.c" -o "$probe/p.o" >/dev/null 2>&1; then
  echo "build.sh: $cc cannot compile for wasm32-wasi: no wasi-libc headers (scripts/deps.sh test installs wasi-libc)" >&2
  exit 1
elif ! "$cc" "${target[@]}" -mexec-model=reactor "$probe/p.o" -o "$probe/p.wasm" >/dev/null 2>&1; then
  echo "build.sh: $cc cannot link for wasm32-wasi (wasi-libc and libclang-rt-dev-wasm32; scripts/deps.sh test installs them)" >&2
  exit 1
fi
rm -rf "$probe"

mkdir -p "$(dirname "$out")"
tmp="$out.tmp.$$"
trap 'rm -f "$tmp"' EXIT
# -mexec-model=reactor: a library module (wasi-libc's crt1-reactor, _initialize, no main).
# --export-dynamic: every function the header marks DMAP_API (default visibility; the rest
# of the library is hidden). A 1 MiB stack: some engines keep a few KiB of rows on it.
"$cc" "${target[@]}" -std=c11 -O3 -msimd128 -Wall -Wextra -Werror \
  -fvisibility=hidden -DDMAP_BUILDING -I"$root/include" \
  -mexec-model=reactor \
  -Wl,--export-dynamic -Wl,--export=malloc -Wl,--export=free \
  -Wl,-z,stack-size=1048576 -Wl,--strip-debug \
  "${sources[@]}" -lm -o "$tmp"
mv "$tmp" "$out"
trap - EXIT
echo "built $out ($(wc -c <"$out") bytes)"
