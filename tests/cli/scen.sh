#!/usr/bin/env bash
# scen.sh — `dmap scen` on all 9 Moving AI maps of tests/data/movingai: by default EVERY query (about
# 23,000) answered by the engine must match the file's optimal length, each map's run must end
# with exactly "N/N matched" (exit 0), and the query counts must be the README's. Only under the
# sanitizer pass of test.sh (DMAP_UNDER_ASAN=1, where every scan is about twice as slow) and
# under Wine in the Windows cross build (DMAP_EMULATED=1, same engine, slower start) does it
# check one query in 10 of each map, and it says so.
# Then a corrupted length, an unreachable goal and a strict-corner case must show as
# mismatches (exit 1), and a map-size disagreement as bad input (exit 2).
# Missing data (the README, a map or a scenario file) fails the test with one line naming it.
set -euo pipefail

DMAP=${DMAP:?set DMAP to the dmap binary}
SOURCE=${DMAP_SOURCE:?set DMAP_SOURCE to the source folder}
DATA="$SOURCE/tests/data/movingai"
source "$(dirname "${BASH_SOURCE[0]}")/lib.bash"
cli_begin cli_scen
require_data "$DATA" "$DATA/README.md"

# The README's table: "| name | kind | size | queries |", in the README's order.
declare -A readme_count
names=()
while IFS='|' read -r _ name _ _ count _; do
    name=$(echo "$name" | tr -d ' ')
    count=$(echo "$count" | tr -d ' ')
    if [[ $count =~ ^[0-9]+$ ]]; then
        readme_count[$name]=$count
        names+=("$name")
    fi
done <"$DATA/README.md"
[[ ${#names[@]} -eq 9 ]] && pass || fail "README table: ${#names[@]} maps, want 9"
for name in "${names[@]}"; do
    require_data "$DATA/$name.map" "$DATA/$name.map.scen"
done

every=1
if [[ ${DMAP_UNDER_ASAN:-0} == 1 ]]; then
    every=10
    echo "cli_scen: SAMPLING one query in $every of each map (DMAP_UNDER_ASAN=1: the sanitizer" \
        "build scans about twice as slow; the Release pass checks every query)"
elif [[ ${DMAP_EMULATED:-0} == 1 ]]; then
    every=10
    echo "cli_scen: SAMPLING one query in $every of each map (DMAP_EMULATED=1: the Windows" \
        "build under Wine; the native Release pass checks every query)"
else
    echo "cli_scen: checking EVERY query of all ${#names[@]} maps"
fi

total=0
total_checked=0
for name in "${names[@]}"; do
    want=${readme_count[$name]}
    checked=$(((want + every - 1) / every))
    rc=0
    t0=$(date +%s.%N)
    out=$("$DMAP" scen --every "$every" "$DATA/$name.map" "$DATA/$name.map.scen" 2>"$tmp/err") \
        || rc=$?
    secs=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN{printf "%.1f", b - a}')
    last=$(echo "$out" | tail -1)
    sampled=1
    if [[ $every -gt 1 ]]; then
        [[ $out == *"checked $checked of $want queries"* ]] || sampled=0
    fi
    if [[ $rc -eq 0 && $sampled -eq 1 && $last == "$checked/$checked matched" ]]; then pass; else
        fail "$name: rc=$rc, want '$checked/$checked matched' (of $want), got: $(echo "$out" | tail -3) $(cat "$tmp/err")"
    fi
    total=$((total + want))
    total_checked=$((total_checked + checked))
    echo "  $name: $last$([[ $every -gt 1 ]] && echo " (one query in $every of $want)") in $secs s"
done
echo "cli_scen: $total_checked of $total queries checked on ${#names[@]} maps$([[ $every -gt 1 ]] && echo " (SAMPLED: one in $every)")"

# A corrupted optimal length (line 5 of arena's file: 9th column) must be caught.
awk -F'\t' 'BEGIN{OFS="\t"} NR==5{$9 = $9 + 1} {print}' "$DATA/arena.map.scen" >"$tmp/bad.scen"
want_line=$(sed -n 5p "$tmp/bad.scen" | awk -F'\t' '{print "("$5","$6") -> ("$7","$8")"}')
rc=0
out=$("$DMAP" scen "$DATA/arena.map" "$tmp/bad.scen" 2>"$tmp/err") || rc=$?
if [[ $rc -eq 1 && $(echo "$out" | tail -1) == "159/160 matched" &&
    $out == *"bad.scen:5: $want_line: expected"* ]]; then pass; else
    fail "corrupted length: rc=$rc out: $out"; fi
[[ $(echo "$out" | wc -l) -eq 2 ]] && pass || fail "corrupted length: more than one mismatch listed"

# A hand-made map: an unreachable goal is a mismatch; strict corners make the diagonal past
# the wall cost 2, not sqrt 2; a query in the right half is fine.
printf 'type octile\nheight 3\nwidth 4\nmap\n.@..\n.@..\n@...\n' >"$tmp/hand.map"
printf 'version 1\n0\thand.map\t4\t3\t0\t0\t0\t1\t1\n'         >"$tmp/hand.scen"
printf '0\thand.map\t4\t3\t0\t0\t2\t0\t2\n'                     >>"$tmp/hand.scen"
printf '0\thand.map\t4\t3\t2\t1\t3\t2\t1.41421\n'                >>"$tmp/hand.scen"
printf '0\thand.map\t4\t3\t3\t0\t2\t1\t1.4142135\n\n\n'          >>"$tmp/hand.scen"
rc=0
out=$("$DMAP" scen "$tmp/hand.map" "$tmp/hand.scen" 2>"$tmp/err") || rc=$?
if [[ $rc -eq 1 && $out == *"hand.scen:3: (0,0) -> (2,0): expected 2, got no path"* &&
    $(echo "$out" | tail -1) == "3/4 matched" ]]; then pass; else fail "hand map: rc=$rc $out"; fi
printf 'type octile\nheight 2\nwidth 2\nmap\n..\n@.\n' >"$tmp/corner.map"
printf 'version 1\n0\tc.map\t2\t2\t0\t0\t1\t1\t2\n' >"$tmp/corner.scen"
rc=0
out=$("$DMAP" scen "$tmp/corner.map" "$tmp/corner.scen" 2>&1) || rc=$?
[[ $rc -eq 0 && $out == "1/1 matched" ]] && pass || fail "strict corner: rc=$rc $out"
printf 'version 1\n0\tc.map\t2\t2\t0\t0\t1\t1\t1.41421\n' >"$tmp/corner.scen"
rc=0
out=$("$DMAP" scen "$tmp/corner.map" "$tmp/corner.scen" 2>&1) || rc=$?
[[ $rc -eq 1 && $out == *"0/1 matched" ]] && pass || fail "cut corner accepted: rc=$rc $out"

# Map size disagreement: bad input, exit 2, one line naming file and line.
rc=0
"$DMAP" scen "$DATA/arena.map" "$DATA/den520d.map.scen" >"$tmp/out" 2>"$tmp/err" || rc=$?
if [[ $rc -eq 2 && $(wc -l <"$tmp/err") -eq 1 && $(cat "$tmp/err") == *"den520d.map.scen:2:"* ]]
then pass; else fail "size mismatch: rc=$rc $(cat "$tmp/err")"; fi

cli_finish
