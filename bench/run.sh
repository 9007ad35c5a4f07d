#!/usr/bin/env bash
# run.sh — build dmap in Release (./build) and run the scan benchmark, then the pursuit
# arena's speed benchmark (bench_pursuit.c).
#   usage: bench/run.sh [shared-dir] [--full] [--reps K]
#   (shared-dir defaults to ../shared beside the repo; by default the slow reference sweep
#    runs on the maze and the maps up to 256x256, --full runs it everywhere, 1000x1000 too)
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/deps.sh build
CC="${CC:-gcc}" cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DDMAP_BUILD_BENCH=ON >/dev/null
cmake --build build -j2 --target dmap_bench dmap_bench_pursuit
./build/bench/dmap_bench "$@"
# The pursuit arena's speed targets: a full 30-clock game < 100 us, the 2,000-world tournament.
echo
./build/bench/dmap_bench_pursuit
