#!/usr/bin/env bash
# pommerman_python.sh — dmap.arenas.pommerman's benchmark (bench/pommerman_python_bench.py):
# builds libdmap.a and the Pommerman arena's libraries in ./build (Release), the package with
# its arenas' extension against them into build/python-bench-pommerman, and runs the bench with
# Debian's /usr/bin/python3. Arguments go to the bench (--quick: fewer games and rounds).
# With --playground DIR (a checkout of MultiAgentLearning/playground) it runs instead
# bench/pommerman_playground_bench.py: the original playground beside dmap on the same seeds.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j2 --target dmap_static pommerman_arena dmap_kit kit_html_replay >/dev/null
b="$PWD/build"
out="$b/python-bench-pommerman"
mkdir -p "$out"
if ! (cd python && DMAP_STATIC_LIB="$b/libdmap.a" \
      DMAP_ARENA_LIBS="$b/arenas/pommerman/libpommerman_arena.a:$b/arenas/kit/libdmap_kit.a:$b/arenas/kit/libkit_html_replay.a" \
      /usr/bin/python3 setup.py -q build --build-lib "$out/lib" --build-temp "$out/tmp" >"$out/build.log" 2>&1); then
  cat "$out/build.log"
  echo "pommerman_python: building the package FAILED" >&2
  exit 1
fi
cd "$out"
bench=pommerman_python_bench.py
case " $* " in *" --playground "*) bench=pommerman_playground_bench.py ;; esac
PYTHONPATH="$out/lib" exec /usr/bin/python3 "$OLDPWD/bench/$bench" "$@"
