#!/usr/bin/env bash
# run.sh — build dmap in Release (./build) and run the scan benchmark, then the engine's
# (incremental updates, distance tables, floors), the toolkit's and every arena's speed
# benchmarks (pursuit, bomber, Kutulu, Pommerman) and the small-board one (one thread, 11x11
# and 64x64). The Python binding's benchmark is bench/python_run.sh; the GPU comparison is
# bench/smallboard/device.sh.
#   usage: bench/run.sh [--full] [--reps K]
#   (the data is the repository's: tests/data/movingai, arenas/<game>/data; by default the
#    slow reference sweep runs on the maze and the maps up to 256x256, --full runs it
#    everywhere, 1000x1000 too)
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/deps.sh build
CC="${CC:-gcc}" cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DDMAP_BUILD_BENCH=ON >/dev/null
benches=(dmap_bench_engine dmap_bench_algebra_bfs dmap_bench_bury_safewalk dmap_bench_pursuit
  dmap_bench_bomber dmap_bench_kutulu dmap_bench_pommerman dmap_bench_smallboard)
cmake --build build -j2 --target dmap_bench "${benches[@]}"
./build/bench/dmap_bench "$@"
./build/bench/dmap_bench_engine
for b in dmap_bench_algebra_bfs dmap_bench_bury_safewalk; do echo; ./build/bench/$b; done
echo; ./build/bench/dmap_bench_pursuit
echo; ./build/bench/dmap_bench_bomber
echo; ./build/bench/dmap_bench_kutulu
echo; ./build/bench/dmap_bench_pommerman
echo; ./build/bench/dmap_bench_smallboard --only 1
echo; ./build/bench/dmap_bench_smallboard --only 1 --size 64x64 --boards 512 --rounds 7
