#!/bin/sh
# amalgamate_single_file.sh — scripts/amalgamate --single-file keeps only what a bot needs and
# nothing that warns: bots of a few lines, each calling one part of the API (the scan, a field,
# the BFS, a batch, a live map, a cache, the readers and writers), written as one C file and as
# one C++ file (--cpp) must compile with -Wall -Wextra -Werror (a library file kept whole for
# one function must not leave its other internal helpers unused); the dmap_field bot runs and
# checks its field.
# usage: amalgamate_single_file.sh REPO_DIR OUT_DIR CC [CXX]
set -eu
[ $# -ge 3 ] || { echo "usage: amalgamate_single_file.sh REPO_DIR OUT_DIR CC [CXX]" >&2; exit 2; }
repo=$1 out=$2 cc=$3 cxx=${4:-}
fail() { echo "FAIL: $*" >&2; exit 1; }
mkdir -p "$out"
warn="-Wall -Wextra -Werror"
n=0
for call in "dmap_scan(0, 0, 0, 0)" "dmap_bfs(0, 0, 0, 0, 0, 0, 0, 0)" \
    "dmap_can_move_to(0, 0, 0, 0, 0, 0)" "dmap_downhill_path(0, 0, 0, 0, 0, 0, 0, 0, 0)" \
    "dmap_flee(0, 0, 0, 0, 0, 0)" "dmap_live_new(0, 0, 0, 0, 0, 0, 0)" \
    "dmap_cache_new(0, 0, 0, 0, 0)" "dmap_parse_map(0, 0, 0, 0, 0)" \
    "dmap_format_values(0, 0, DMAP_VALUES_CSV, 0, 0, 0)" "dmap_read_file(0, 0, 0, 0)" \
    "dmap_bfs_batch(0, 0, 0, 0, 0, DMAP_ELEM_I8, 0, 0, DMAP_SIMD_AUTO)"; do
  name=${call%%(*}
  printf '#include "dmap.h"\nint main(void) { return %s == DMAP_OK; }\n' "$call" > "$out/$name.c"
  python3 "$repo/scripts/amalgamate" --single-file "$out/${name}_one.c" "$out/$name.c" \
    > /dev/null || fail "amalgamate --single-file $name.c"
  "$cc" -std=c11 $warn -c "$out/${name}_one.c" -o "$out/${name}_one.o" \
    || fail "the one C file of a bot calling $name does not compile cleanly"
  n=$((n + 1))
done
# the field of a 4x3 grid from (0,0): (3,2) is 5 steps away
cat > "$out/field.c" <<'C'
#include "dmap.h"
int main(void) {
    dmap_grid g;
    if (dmap_grid_init(&g, 4, 3) != DMAP_OK) return 1;
    const dmap_moves m = dmap_moves_4();
    const dmap_goal goal = {0, 0, 0.0};
    double v[12];
    const int rc = dmap_field(&g, &m, &goal, 1, DMAP_NO_CEILING, v, 0);
    dmap_grid_free(&g);
    return rc != DMAP_OK || v[11] != 5.0;
}
C
python3 "$repo/scripts/amalgamate" --single-file "$out/field_one.c" "$out/field.c" > /dev/null \
  || fail "amalgamate --single-file field.c"
"$cc" -std=c11 $warn "$out/field_one.c" -o "$out/field_one" -lm \
  || fail "the one C file of a dmap_field bot does not compile cleanly"
"$out/field_one" || fail "the one C file of a dmap_field bot computes a wrong field"
if [ -n "$cxx" ] && command -v "$cxx" > /dev/null 2>&1; then
  cp "$out/field.c" "$out/field.cpp"
  python3 "$repo/scripts/amalgamate" --single-file "$out/field_one.cpp" --cpp \
    "$out/field.cpp" > /dev/null || fail "amalgamate --single-file --cpp field.cpp"
  "$cxx" -std=c++17 $warn "$out/field_one.cpp" -o "$out/field_one_cpp" \
    || fail "the one C++ file of a dmap_field bot does not compile cleanly"
  "$out/field_one_cpp" || fail "the one C++ file of a dmap_field bot computes a wrong field"
  n=$((n + 1))
fi
echo "amalgamate_single_file: $((n + 1)) one-file bots compile with $warn"
