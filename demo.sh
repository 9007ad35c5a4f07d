#!/usr/bin/env bash
# demo.sh — from a fresh checkout: install what is missing, build dmap in ./build (Release),
# and run `dmap demo`.
set -euo pipefail
cd "$(dirname "$0")"

scripts/deps.sh build
CC="${CC:-gcc}" cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j2
./build/dmap demo
