#!/bin/sh
# cli_bad_input.sh — bad input to `kutulu` is one line on stderr and exit status 2, never a
# crash, and nothing given is overwritten.
# usage: cli_bad_input.sh KUTULU_EXE MAPS_DIR OUT_DIR
set -u
k=$1 maps=$2 out=$3
mkdir -p "$out"
fails=0
expect2() { # expect2 DESCRIPTION ARGS...
  what=$1; shift
  "$k" "$@" > "$out/stdout" 2> "$out/stderr"
  rc=$?
  lines=$(wc -l < "$out/stderr")
  if [ "$rc" -ne 2 ] || [ "$lines" -ne 1 ]; then
    echo "FAIL: $what: exit $rc, $lines stderr lines: $(cat "$out/stderr")" >&2
    fails=$((fails + 1))
  fi
}
printf 'binary\000file' > "$out/binary"
echo "keep me" > "$out/keep.txt"
expect2 "no command"
expect2 "unknown command" frobnicate
expect2 "no seed" match --bots wait,wait,wait,wait --maps "$maps"
expect2 "seed not a number" match --seed x --bots wait,wait,wait,wait --maps "$maps"
expect2 "three players" match --seed 1 --bots wait,wait,wait --maps "$maps"
expect2 "unknown bot" match --seed 1 --bots wait,wait,wait,nobot --maps "$maps"
expect2 "empty cmd" match --seed 1 --bots cmd:,wait,wait,wait --maps "$maps"
expect2 "unknown map" match --seed 1 --bots wait,wait,wait,wait --map Nowhere --maps "$maps"
expect2 "missing maps" match --seed 1 --bots wait,wait,wait,wait --maps "$out/nowhere"
expect2 "limit 0" match --seed 1 --bots wait,wait,wait,wait --limit 0 --maps "$maps"
expect2 "unwritable replay" match --seed 1 --bots wait,wait,wait,wait --maps "$maps" --replay "$out/no/dir/x.jsonl"
expect2 "missing trace" replay --maps "$maps" "$out/nowhere.txt"
expect2 "binary trace" replay --maps "$maps" "$out/binary"
expect2 "text that is no trace" replay --maps "$maps" "$out/keep.txt"
expect2 "text that is no replay" replay --maps "$maps" --file "$out/keep.txt"
expect2 "zero games" tournament --bots wait,wait,wait,wait --games 0 --maps "$maps"
expect2 "negative jobs" tournament --bots wait,wait,wait,wait --jobs -1 --maps "$maps"
expect2 "option without value" tournament --bots
[ "$(cat "$out/keep.txt")" = "keep me" ] || { echo "FAIL: an input file changed" >&2; fails=$((fails + 1)); }
[ "$fails" -eq 0 ] || exit 1
echo "bad input: all rejected with one line and exit 2"
