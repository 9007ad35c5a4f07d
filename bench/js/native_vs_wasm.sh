#!/usr/bin/env bash
# native_vs_wasm.sh — the same C program (engine_cases.c: the engine bench's small-board cases
# and two open 256x256 grids, dmap_field timed in CPU time) built natively against a build's
# libdmap.a and for WebAssembly (clang wasm32-wasi with js/build.sh's flags: -O3 -msimd128,
# the serial pool), run alternately ROUNDS times (native first in odd rounds, WebAssembly
# first in even ones; the WebAssembly one under Node's WASI). Prints each case's medians and
# the median of the per-round ratios WebAssembly / native with their range.
#
#   bench/js/native_vs_wasm.sh BUILD [ROUNDS]     (BUILD: a Release build folder; ROUNDS 11)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
build="${1:?usage: native_vs_wasm.sh BUILD [ROUNDS]}"
rounds="${2:-11}"
[ -f "$build/libdmap.a" ] || { echo "native_vs_wasm.sh: $build/libdmap.a not found (cmake --build $build --target dmap_static)" >&2; exit 1; }
out="$build/bench-js"
mkdir -p "$out"

${CC:-gcc} -std=c11 -O3 -Wall -Wextra -Werror -I"$root/include" "$root/bench/js/engine_cases.c" \
  "$build/libdmap.a" -lm -pthread -o "$out/engine_cases"
sources=()
for f in "$root"/src/*.c; do [ "$(basename "$f")" = pool.c ] || sources+=("$f"); done
clang --target=wasm32-wasi -std=c11 -O3 -msimd128 -Wall -Wextra -Werror -fvisibility=hidden \
  -DDMAP_BUILDING -I"$root/include" "$root/bench/js/engine_cases.c" "${sources[@]}" \
  "$root/js/wasm/pool_serial.c" -lm -Wl,-z,stack-size=1048576 -o "$out/engine_cases.wasm"

node --no-warnings "$root/bench/js/native_vs_wasm.js" "$out/engine_cases" "$out/engine_cases.wasm" "$rounds"
