#!/bin/sh
# pomcpp2_ab.sh BUILD POMCPP2_CHECKOUT [ROUNDS] — the Pommerman engine's step and reset against
# pomcpp2's, in one process (pomcpp2_bench.cpp). BUILD is this repository's Release build folder
# (its pommerman_arena, dmap_kit, kit_html_replay and libdmap.a are linked); POMCPP2_CHECKOUT a checkout of
# github.com/jw3il/pomcpp2, compiled here into a temporary folder (-O3 -march=native, its
# CMakeLists.txt's Release flags, without its tests and JSON-reading parts); nothing of it is
# written into this repository.
set -eu
build=$(cd "$1" && pwd)
pom=$(cd "$2" && pwd)
rounds=${3:-7}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
flags="-O3 -march=native"
for f in bboard state step_utility observation strategy; do
  g++ -std=c++17 $flags -I "$pom/include" -c "$pom/src/bboard/$f.cpp" -o "$work/$f.o"
done
g++ -std=c++17 $flags -I "$pom/include" -I "$root/arenas/pommerman" -I "$root/arenas" -I "$root/include" \
  -c "$here/pomcpp2_bench.cpp" -o "$work/driver.o"
g++ "$work"/*.o "$build/arenas/pommerman/libpommerman_arena.a" "$build/arenas/kit/libdmap_kit.a" "$build/arenas/kit/libkit_html_replay.a" \
  "$build/libdmap.a" -lz -ljansson -lpthread -lm -o "$work/pomcpp2_bench"
echo "load before: $(cat /proc/loadavg)"
"$work/pomcpp2_bench" "$rounds"
echo "load after: $(cat /proc/loadavg)"
