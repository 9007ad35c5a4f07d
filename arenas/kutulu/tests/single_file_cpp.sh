#!/bin/sh
# single_file_cpp.sh — the postmortem bot as ONE C++ file for CodinGame: scripts/amalgamate
# --single-file --cpp writes it (bot + reduced amalgamation, with #pragma GCC optimize("O3")
# first); it must stay under 100,000 characters, compile as CodinGame compiles C++ (g++
# -std=gnu++17, no -O, -lm -lpthread -ldl -lcrypt; here with -Wall -Wextra -Werror too), and
# play full games through the external bot protocol exactly as the in-process postmortem bot
# plays them (same seeds 5, 1 and 2, same scores).
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
size=$(wc -c < "$out/postmortem_one.cpp")
[ "$size" -lt 100000 ] || fail "postmortem_one.cpp has $size characters (limit 100,000)"
grep -q '^#pragma GCC optimize("O3")$' "$out/postmortem_one.cpp" \
  || fail "postmortem_one.cpp does not ask for optimisation (#pragma GCC optimize)"
"$cxx" -std=gnu++17 -Wall -Wextra -Werror "$out/postmortem_one.cpp" -o "$out/postmortem_one" \
  -lm -lpthread -ldl -lcrypt || fail "postmortem_one.cpp does not compile as C++ (gnu++17, no -O)"
scores() { # "rank player score" per line
    echo "$1" | sed -n 's/^rank \([0-9]\): player \([0-9]\) .* score \(-*[0-9]*\).*/\1 \2 \3/p'
}
# the in-process bot in seat 0 gets seed bot_seed*4 + 1 = 5: give the program the same
for seed in 5 1 2; do
    ext=$("$kutulu" match --seed $seed --data "$data" --first-limit 5000 --limit 2000 \
      --bots "cmd:$out/postmortem_one 5,initial,random,wait") || fail "match $seed with the program"
    inp=$("$kutulu" match --seed $seed --data "$data" --bots "postmortem,initial,random,wait") \
      || fail "match $seed in process"
    echo "$ext"
    case "$ext" in *timeout*) fail "the single-file C++ bot timed out or printed garbage" ;; esac
    [ -n "$(scores "$ext")" ] || fail "seed $seed: no ranking printed"
    [ "$(scores "$ext")" = "$(scores "$inp")" ] \
      || fail "seed $seed: the C++ program and the in-process bot differ:
$ext
---
$inp"
done
echo "single file C++: $size characters, the same games as in process (seeds 5, 1, 2)"
