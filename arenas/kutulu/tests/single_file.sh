#!/bin/sh
# single_file.sh — dmap as one file for CodinGame: scripts/amalgamate makes the single-header
# dmap.h (checked by compiling a program with DMAP_IMPLEMENTATION, warnings as errors) and the
# postmortem and dmapbot bots as ONE C file each (bot + reduced amalgamation), which must stay
# under 100,000 characters, compile with -Wall -Wextra -Werror, and play a full game through
# the external bot protocol exactly as the in-process bot plays it (same seed, same scores).
# The strongest bot, lookahead with its guide postmortem (the engine, both bots), fits only with
# --short-names (every identifier the file defines renamed to one or two characters): likewise
# checked against the in-process `lookahead`. Without its guide (LOOK_ALONE: no postmortem.c;
# in process `lookahead:guide=-1`, the #ifndef LOOK_ALONE code of lookahead.c left out) with the
# names as they are.
# usage: single_file.sh REPO_DIR OUT_DIR KUTULU_EXE CC DATA_DIR
set -eu
repo=$1 out=$2 kutulu=$3 cc=$4 data=$5
fail() { echo "FAIL: $*" >&2; exit 1; }
[ -d "$data/maps" ] || fail "missing data: $data/maps"
mkdir -p "$out"
python3 "$repo/scripts/amalgamate" "$out/dist" || fail "amalgamate OUT_DIR"
cat > "$out/use_header.c" <<'C'
#define DMAP_IMPLEMENTATION
#include "dmap.h"
int main(void) {
    dmap_grid g;
    if (dmap_grid_init(&g, 4, 3) != DMAP_OK) return 1;
    dmap_moves m = dmap_moves_4();
    dmap_goal goal = {0, 0, 0.0};
    double v[12];
    int rc = dmap_field(&g, &m, &goal, 1, 100.0, v, NULL);
    dmap_grid_free(&g);
    return rc != DMAP_OK || v[11] != 5.0; /* (3,2) is 5 steps from (0,0) */
}
C
"$cc" -std=c11 -Wall -Wextra -Werror -I"$out/dist" "$out/use_header.c" -o "$out/use_header" -lm \
  || fail "the single header does not compile cleanly"
"$out/use_header" || fail "the single header computes a wrong field"
a="$repo/arenas/kutulu"
python3 "$repo/scripts/amalgamate" --single-file "$out/postmortem_one.c" "$repo/arenas/kit/bot.h" "$a/kutulu_view.h" \
  "$a/view.c" "$a/bots/world.h" "$a/bots/world.c" "$a/bots/postmortem.c" "$a/cg_main.c" \
  || fail "amalgamate --single-file"
# one bot file per bot: the bot files hold postmortem and dmapbot; cg_main.c plays CG_BOT
# (postmortem unless the file defines it first)
printf '#define CG_BOT kt_bot_dmapbot\n' | cat - "$out/postmortem_one.c" > "$out/dmapbot_one.c"
# size_compile_play NAME IN_PROCESS_SPEC [CC_FLAG...]: $out/NAME_one.c under 100,000
# characters, compiled with warnings as errors, then a full game through the protocol that
# must give exactly the in-process bot's ranking and scores (the in-process bot in seat 0 gets
# seed bot_seed*4 + 1 = 5: the program is given the same)
scores() { echo "$1" | sed -n 's/^rank \([0-9]\): player \([0-9]\) .* score \(-*[0-9]*\).*/\1 \2 \3/p'; }
size_compile_play() {
  name=$1 spec=$2
  shift 2
  size=$(wc -c < "$out/${name}_one.c")
  [ "$size" -lt 100000 ] || fail "${name}_one.c has $size characters (limit 100,000)"
  "$cc" -std=c11 -O2 -Wall -Wextra -Werror "$@" "$out/${name}_one.c" -o "$out/${name}_one" -lm \
    || fail "${name}_one.c does not compile cleanly"
  ext=$("$kutulu" match --seed 5 --data "$data" --first-limit 5000 --limit 2000 \
    --bots "cmd:$out/${name}_one 5,initial,random,wait") || fail "match with the program"
  inp=$("$kutulu" match --seed 5 --data "$data" --bots "$spec,initial,random,wait") \
    || fail "match in process"
  echo "$ext"
  case "$ext" in *timeout*) fail "the single-file $name timed out or printed garbage" ;; esac
  [ "$(scores "$ext")" = "$(scores "$inp")" ] || fail "the program and the in-process $spec differ:
$ext
---
$inp"
  [ -n "$(scores "$ext")" ] || fail "no ranking printed"
  echo "single file $name: $size characters, same game as in process ($spec)"
}
size_compile_play postmortem postmortem
size_compile_play dmapbot dmapbot
k="$repo/arenas/kit"
CC=$cc python3 "$repo/scripts/amalgamate" --single-file "$out/lookahead_one.c" --short-names \
  --define CG_BOT=kt_bot_lookahead "$k/bot.h" "$a/kutulu_view.h" "$a/view.c" "$k/javarandom.h" \
  "$k/javarandom.c" "$k/process.h" "$a/kutulu.h" "$a/path_search.c" "$a/engine.c" \
  "$a/game_view.c" "$a/bots/world.h" "$a/bots/world.c" "$a/bots/postmortem.c" \
  "$a/bots/lookahead.c" "$a/cg_main.c" || fail "amalgamate --single-file --short-names lookahead"
size_compile_play lookahead lookahead
python3 "$repo/scripts/amalgamate" --single-file "$out/lookalone_one.c" --define LOOK_ALONE=1 \
  --define CG_BOT=kt_bot_lookahead "$k/bot.h" "$a/kutulu_view.h" "$a/view.c" "$k/javarandom.h" \
  "$k/javarandom.c" "$k/process.h" "$a/kutulu.h" "$a/path_search.c" "$a/engine.c" \
  "$a/game_view.c" "$a/bots/world.h" "$a/bots/world.c" "$a/bots/lookahead.c" "$a/cg_main.c" \
  || fail "amalgamate --single-file lookahead (LOOK_ALONE)"
size_compile_play lookalone lookahead:guide=-1
