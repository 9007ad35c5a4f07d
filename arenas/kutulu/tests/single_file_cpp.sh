#!/bin/sh
# single_file_cpp.sh — the postmortem bot, and lookahead with its guide (with --short-names),
# each as ONE C++ file for CodinGame: scripts/amalgamate --single-file --cpp writes it (bot +
# reduced amalgamation, with #pragma GCC optimize("O3") first); it must stay under 100,000
# characters, compile as CodinGame compiles C++ (g++ -std=gnu++17, no -O, -lm -lpthread -ldl
# -lcrypt; here with -Wall -Wextra -Werror too), and play full games through the external bot
# protocol exactly as the in-process bot plays them (same seeds 5, 1 and 2, same scores).
# usage: single_file_cpp.sh REPO_DIR OUT_DIR KUTULU_EXE CXX DATA_DIR
set -eu
usage="usage: single_file_cpp.sh REPO_DIR OUT_DIR KUTULU_EXE CXX DATA_DIR"
[ $# -eq 5 ] || { echo "$usage" >&2; exit 2; }
repo=$1 out=$2 kutulu=$3 cxx=$4 data=$5
fail() { echo "FAIL: $*" >&2; exit 1; }
if ! command -v "$cxx" > /dev/null 2>&1; then
    echo "single file C++: $cxx not found: skipped"
    exit 77
fi
[ -d "$data/maps" ] || fail "missing data: $data/maps"
mkdir -p "$out"
a="$repo/arenas/kutulu"
python3 "$repo/scripts/amalgamate" --single-file "$out/postmortem_one.cpp" --cpp \
  "$repo/arenas/kit/bot.h" "$a/kutulu_view.h" "$a/view.c" "$a/bots/world.h" "$a/bots/world.c" \
  "$a/bots/postmortem.c" "$a/cg_main.c" || fail "amalgamate --single-file --cpp"
scores() { # "rank player score" per line
    echo "$1" | sed -n 's/^rank \([0-9]\): player \([0-9]\) .* score \(-*[0-9]*\).*/\1 \2 \3/p'
}
# compile_play NAME IN_PROCESS_SPEC: $out/NAME_one.cpp under 100,000 characters, asking for
# optimisation, compiled as CodinGame compiles it, then seeds 5, 1 and 2 through the protocol
# with exactly the in-process bot's rankings and scores (the in-process bot in seat 0 gets seed
# bot_seed*4 + 1 = 5: the program is given the same)
compile_play() {
  name=$1 spec=$2
  size=$(wc -c < "$out/${name}_one.cpp")
  [ "$size" -lt 100000 ] || fail "${name}_one.cpp has $size characters (limit 100,000)"
  grep -q '^#pragma GCC optimize("O3")$' "$out/${name}_one.cpp" \
    || fail "${name}_one.cpp does not ask for optimisation (#pragma GCC optimize)"
  "$cxx" -std=gnu++17 -Wall -Wextra -Werror "$out/${name}_one.cpp" -o "$out/${name}_one" \
    -lm -lpthread -ldl -lcrypt || fail "${name}_one.cpp does not compile as C++ (gnu++17, no -O)"
  for seed in 5 1 2; do
    ext=$("$kutulu" match --seed $seed --data "$data" --first-limit 5000 --limit 2000 \
      --bots "cmd:$out/${name}_one 5,initial,random,wait") || fail "match $seed with the program"
    inp=$("$kutulu" match --seed $seed --data "$data" --bots "$spec,initial,random,wait") \
      || fail "match $seed in process"
    echo "$ext"
    case "$ext" in *timeout*) fail "the single-file C++ $name timed out or printed garbage" ;; esac
    [ -n "$(scores "$ext")" ] || fail "seed $seed: no ranking printed"
    [ "$(scores "$ext")" = "$(scores "$inp")" ] \
      || fail "seed $seed: the C++ program and the in-process $spec differ:
$ext
---
$inp"
  done
  echo "single file C++ $name: $size characters, the same games as in process (seeds 5, 1, 2)"
}
compile_play postmortem postmortem
k="$repo/arenas/kit"
CXX=$cxx python3 "$repo/scripts/amalgamate" --single-file "$out/lookahead_one.cpp" --cpp \
  --short-names --define CG_BOT=kt_bot_lookahead "$k/bot.h" "$a/kutulu_view.h" "$a/view.c" \
  "$k/javarandom.h" "$k/javarandom.c" "$k/process.h" "$a/kutulu.h" "$a/path_search.c" \
  "$a/engine.c" "$a/game_view.c" "$a/bots/world.h" "$a/bots/world.c" "$a/bots/postmortem.c" \
  "$a/bots/lookahead.c" "$a/cg_main.c" || fail "amalgamate --single-file --cpp --short-names lookahead"
compile_play lookahead lookahead
