#!/bin/bash
# device.sh — the small-board benchmark on a many-core machine with a GPU, in one go and in a
# few minutes: builds the benchmark with the Release flags (gcc straight over src/*.c, so only
# a C compiler is needed), then for each board set — 65,536 and 1,048,576 random 11x11 boards
# and 16,384 random 64x64 boards (30% walls, one source each) — runs
#   - dmap_bench_smallboard part 1 (one thread, contenders interleaved: the general engine,
#     dmap_bfs, dmap_field, the batch into int16 on its plain and SIMD paths and into int8)
#     on 4,096 of the boards (512 for 64x64),
#   - part 2 (throughput: dmap_bfs one board at a time on T threads, the batch into int16 and
#     into int8 on 1 and T threads; int8 rows only on boards of up to 128 cells, whose depths
#     int8 holds) on all of them,
#   - gpu.py (PyTorch and JAX on the GPU, the same boards), skipped cleanly when torch or jax
#     does not import or there is no GPU,
# and prints one table of maps/s and checksums (every row of a board set must show the same
# checksum). usage: bench/smallboard/device.sh [THREADS]   (default: every core)
# Environment: DEVICE_SETS overrides the board sets ("N:WxH ..."); CC the compiler (gcc).
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
threads=${1:-$(nproc)}
case $threads in '' | *[!0-9]*) echo "device.sh: THREADS must be a number, not '$threads'" >&2; exit 2 ;; esac
sets=${DEVICE_SETS:-"65536:11x11 1048576:11x11 16384:64x64"}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
start=$(date +%s)

echo "== machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
command -v nvidia-smi > /dev/null && nvidia-smi --query-gpu=name,memory.total --format=csv,noheader

# Build: every library source and the benchmark, compiled in parallel, linked once.
cc=${CC:-gcc}
flags="-O3 -DNDEBUG -std=c11 -I$root/include -I$root/src"
ls "$root"/src/*.c "$root"/bench/smallboard/smallboard.c |
    xargs -P "$(nproc)" -I{} sh -c "$cc $flags -c {} -o $work/\$(basename {} .c).o" || {
    echo "device.sh: the build failed" >&2
    exit 1
}
$cc "$work"/*.o -lm -lpthread -o "$work/smallboard" || { echo "device.sh: the link failed" >&2; exit 1; }
echo "== built in $(($(date +%s) - start)) s"

results=$work/results
: > "$results"
status=0
for set in $sets; do
    n=${set%%:*}
    size=${set#*:}
    one=4096
    [ "$size" = 64x64 ] && one=512
    [ "$one" -gt "$n" ] && one=$n
    echo "== $n boards $size"
    "$work/smallboard" --size "$size" --boards "$one" --only 1 --rounds 7 || status=1
    "$work/smallboard" --size "$size" --boards "$n" --only 2 --threads "$threads" --reps 5 \
        --dump "$work/boards.bin" | tee -a "$results" || status=1
    if python3 -c 'import numpy' 2> /dev/null; then
        timeout 240 python3 "$here/gpu.py" "$work/boards.bin" --reps 5 2>&1 |
            grep -v -i warning | tee -a "$results"
    else
        echo "gpu.py: skipped (python3 with numpy not found)"
    fi
    rm -f "$work/boards.bin"
done

echo
echo "== maps/s, the same boards for every contender ($(($(date +%s) - start)) s in all)"
printf '| %-9s | %9s | %-16s | %7s | %12s | %14s |\n' size boards contender threads maps/s checksum
printf '|%s|%s|%s|%s|%s|%s|\n' ----------- ----------- ------------------ --------- -------------- ----------------
grep '^RESULT' "$results" | while read -r _ size n name t rate chk; do
    [ "$t" = 0 ] && t=GPU
    printf '| %-9s | %9s | %-16s | %7s | %12.4g | %14s |\n' "$size" "$n" "$name" "$t" "$rate" "$chk"
done
# every contender of a board set must agree on the checksum
if ! grep '^RESULT' "$results" | awk '{k=$2" "$3; if (k in c && c[k] != $8) bad=1; c[k]=$8} END {exit bad}'; then
    echo "device.sh: checksums differ within a board set" >&2
    status=1
fi
exit $status
