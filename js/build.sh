#!/usr/bin/env bash
# build.sh — compile the dmap library (src/, include/dmap.h) to WebAssembly: one dmap.wasm
# with clang's wasm32-wasi target, Debian's wasi-libc and lld (scripts/deps.sh test installs
# them). The module exports every DMAP_API function of dmap.h, malloc, free and its memory;
# js/index.js loads it. There are no threads: js/wasm/pool_serial.c replaces src/pool.c, so a
# dmap_pool runs the batch functions on the calling thread.
#
#   js/build.sh [OUT]     OUT: the module to write (default js/dmap.wasm)
#
# Flags: -O3, and -msimd128 (128-bit WebAssembly SIMD: Node 16.4+, Chrome 91+, Firefox 89+,
# Safari 16.4+). Needs clang 14 or newer.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:-$root/js/dmap.wasm}"
cc="${DMAP_WASM_CC:-clang}"

sources=()
for f in "$root"/src/*.c; do
  [ "$(basename "$f")" = pool.c ] || sources+=("$f")
done
sources+=("$root/js/wasm/pool_serial.c" "$root/js/wasm/layout.c")

mkdir -p "$(dirname "$out")"
tmp="$out.tmp.$$"
trap 'rm -f "$tmp"' EXIT
# -mexec-model=reactor: a library module (wasi-libc's crt1-reactor, _initialize, no main).
# --export-dynamic: every function the header marks DMAP_API (default visibility; the rest
# of the library is hidden). A 1 MiB stack: some engines keep a few KiB of rows on it.
"$cc" --target=wasm32-wasi -std=c11 -O3 -msimd128 -Wall -Wextra -Werror \
  -fvisibility=hidden -DDMAP_BUILDING -I"$root/include" \
  -mexec-model=reactor \
  -Wl,--export-dynamic -Wl,--export=malloc -Wl,--export=free \
  -Wl,-z,stack-size=1048576 -Wl,--strip-debug \
  "${sources[@]}" -lm -o "$tmp"
mv "$tmp" "$out"
trap - EXIT
echo "built $out ($(wc -c <"$out") bytes)"
