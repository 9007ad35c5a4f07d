#!/bin/sh
# replay_file.sh — `kutulu match --replay` writes a replay file that `kutulu replay --file`
# reads back and replays (every state line and the scores must come out again); the same seed
# and bots give the same file byte for byte; a tampered file is caught.
# usage: replay_file.sh KUTULU_EXE DATA_DIR OUT_DIR
set -eu
kutulu=$1 data=$2 out=$3
fail() { echo "FAIL: $*" >&2; exit 1; }
[ -d "$data/maps" ] || fail "missing data: $data/maps"
mkdir -p "$out"
for run in 1 2; do
  "$kutulu" match --seed 11 --data "$data" --bots postmortem,initial,random,random \
    --replay "$out/game$run.jsonl" > "$out/match$run.txt" || fail "match run $run"
done
cmp -s "$out/game1.jsonl" "$out/game2.jsonl" || fail "same seed and bots gave different replays"
cmp -s "$out/match1.txt" "$out/match2.txt" || fail "same seed and bots gave different results"
"$kutulu" replay --data "$data" --file "$out/game1.jsonl" || fail "the replay does not replay"
head -1 "$out/game1.jsonl" | grep -q '"game": *"kutulu"' || fail "header without game kutulu"
# change one recorded sanity value in the third line: the check must name that line
awk 'NR == 3 { sub(/EXPLORER 0 ([0-9]+) ([0-9]+) /, "&9") } { print }' "$out/game1.jsonl" \
  > "$out/tampered.jsonl"
if "$kutulu" replay --data "$data" --file "$out/tampered.jsonl" > "$out/tampered.txt"; then
  fail "a tampered replay passed"
fi
grep -q "tampered.jsonl:3:" "$out/tampered.txt" || fail "the difference is not on line 3: $(cat "$out/tampered.txt")"
# --maps: the same game, with postmortem's maps (seat 0) in every turn line and no maps for the
# bots that publish none; the file still replays
"$kutulu" match --seed 11 --data "$data" --bots postmortem,initial,random,random \
  --replay "$out/maps.jsonl" --maps > "$out/maps.txt" || fail "match --maps"
cmp -s "$out/match1.txt" "$out/maps.txt" || fail "--maps changed the game"
[ "$(wc -l < "$out/maps.jsonl")" -eq "$(wc -l < "$out/game1.jsonl")" ] || fail "--maps changed the number of lines"
turns=$(grep -c '"turn"' "$out/maps.jsonl")
[ "$(grep -c '"p0/timing"' "$out/maps.jsonl")" -eq "$turns" ] || fail "a turn line without p0/timing"
[ "$(grep -c '"p0/safe_walk"' "$out/maps.jsonl")" -eq "$turns" ] || fail "a turn line without p0/safe_walk"
! grep -q '"p[123]/' "$out/maps.jsonl" || fail "maps of a bot that publishes none"
! grep -q '"maps"' "$out/game1.jsonl" || fail "maps without --maps"
"$kutulu" replay --data "$data" --file "$out/maps.jsonl" > /dev/null || fail "the replay with maps does not replay"
echo "replay files: written, read back, deterministic, tampering caught, maps on demand"
