#!/bin/sh
# shards.sh — a tournament in shards and on MPI ranks prints the one-process table.
#
#   shards.sh shards PROGRAM WORK MASK -- TOURNAMENT ARGS...
#       shards 1..N (N = 1, 2, 3, and 5: more shards than some shards have games) merged in
#       a shuffled order print the table of one process, byte for byte once MASK (a sed
#       script blanking the timing cells) has run over both; merge rejects a missing shard,
#       a shard given twice, a shard of another tournament (the same arguments with --seed
#       changed), a file cut short and a file that is no shard file, each with one line and
#       exit status 1; --shard without --out and a bad K/N are usage errors (2).
#   shards.sh mpi MPI_PROGRAM WORK MASK -- TOURNAMENT ARGS...
#       mpirun --oversubscribe -n R MPI_PROGRAM tournament ARGS prints the one-process table
#       for R = 1, 2, 3 (MPI_PROGRAM is the arena's -mpi program; an empty one fails: Open
#       MPI is missing).
#   shards.sh native NATIVE_PROGRAM WORK MASK CROSS_BIN NATIVE_BIN RUN... -- TOURNAMENT ARGS...
#       the cross build's program (RUN: its emulator's words and the program, none with a
#       space) prints the table of the native build's NATIVE_PROGRAM; an argument naming a
#       program of the cross build's folder CROSS_BIN (an outside bot, NAME.exe) names the
#       native NAME in NATIVE_BIN for the native run (and in the cross build's table).
# The one-process table comes from PROGRAM (mode shards) or MPI_PROGRAM run without mpirun.
set -eu
mode=$1 prog=$2 work=$3 mask=$4
shift 4
if [ "$mode" = native ]; then
  cross_bin=$1 native_bin=$2
  shift 2
  run=""
  while [ "$#" -gt 0 ] && [ "$1" != "--" ]; do run="$run $1"; shift; done
fi
[ "$1" = "--" ] && shift
fail() { echo "FAIL: $*" >&2; exit 1; }
if [ -z "$prog" ]; then
  fail "no MPI program: Open MPI was not found when building (scripts/deps.sh test installs openmpi-bin and libopenmpi-dev)"
fi
if [ "$mode" = mpi ]; then
  # Open MPI's plugins (loaded and unloaded by MPI_Init and MPI_Finalize) leave memory that
  # LeakSanitizer reports with no usable stack; the programs' own memory is checked by the
  # shards mode, which runs the same code without MPI.
  export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
fi
rm -rf "$work"
mkdir -p "$work"
if [ "$mode" = native ]; then
  # the native arguments: the cross build's programs replaced by the native ones
  to_native="s|$cross_bin/([^ ]*)\.exe|$native_bin/\1|g"
  native_args=""
  for a in "$@"; do
    native_args="$native_args $(printf '%s' "$a" | sed -E "$to_native")"
  done
  # shellcheck disable=SC2086
  "$prog" tournament $native_args --jobs 2 >"$work/native.txt" || fail "the native program failed"
  # shellcheck disable=SC2086
  $run tournament "$@" --jobs 2 >"$work/cross.txt" || fail "the cross build's program failed"
  [ -s "$work/native.txt" ] || fail "the native run printed nothing"
  sed -E "$mask" "$work/native.txt" >"$work/native.masked"
  sed -E "$to_native" "$work/cross.txt" | sed -E "$mask" >"$work/cross.masked"
  cmp -s "$work/native.masked" "$work/cross.masked" || {
    echo "FAIL: the cross build's table differs from the native one:" >&2
    diff "$work/native.masked" "$work/cross.masked" >&2 || true
    exit 1
  }
  echo "native: the cross build's table is the native one, byte for byte (timings blanked)"
  exit 0
fi
"$prog" tournament "$@" --jobs 2 >"$work/one.txt"
sed -E "$mask" "$work/one.txt" >"$work/one.masked"
[ -s "$work/one.txt" ] || fail "the one-process run printed nothing"

same() { # same FILE WHAT: FILE's table, masked, is the one-process table
  sed -E "$mask" "$1" >"$1.masked"
  cmp -s "$work/one.masked" "$1.masked" || {
    echo "FAIL: $2 differs from the one-process table:" >&2
    diff "$work/one.masked" "$1.masked" >&2 || true
    exit 1
  }
}

expect_error() { # expect_error STATUS PATTERN COMMAND...: fails with STATUS and one line matching
  want=$1 pattern=$2
  shift 2
  set +e
  "$@" >"$work/out.txt" 2>"$work/err.txt"
  got=$?
  set -e
  [ "$got" -eq "$want" ] || fail "'$*' exited $got, not $want: $(cat "$work/err.txt")"
  [ "$(wc -l <"$work/err.txt")" -eq 1 ] || fail "'$*': not one line on stderr: $(cat "$work/err.txt")"
  grep -q -- "$pattern" "$work/err.txt" || fail "'$*': '$(cat "$work/err.txt")' does not say '$pattern'"
  [ ! -s "$work/out.txt" ] || fail "'$*' printed a table"
}

if [ "$mode" = mpi ]; then
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 # the CI runs as root
  command -v mpirun >/dev/null 2>&1 || fail "mpirun not found (scripts/deps.sh test installs openmpi-bin)"
  for r in 1 2 3; do
    mpirun --oversubscribe -n "$r" "$prog" tournament "$@" --jobs 1 >"$work/mpi$r.txt" ||
      fail "mpirun -n $r exited non-zero"
    same "$work/mpi$r.txt" "mpirun -n $r"
  done
  echo "mpi: the same table on 1, 2 and 3 ranks"
  exit 0
fi

for n in 1 2 3 5; do
  k=1
  files=""
  while [ "$k" -le "$n" ]; do
    "$prog" tournament "$@" --shard "$k/$n" --out "$work/s$k-of-$n.shard" --jobs 1 >"$work/shard.txt"
    [ ! -s "$work/shard.txt" ] || fail "--shard $k/$n printed a table"
    files="$work/s$k-of-$n.shard $files" # last shard first: the order does not matter
    k=$((k + 1))
  done
  # shellcheck disable=SC2086
  "$prog" merge $files >"$work/merged$n.txt"
  same "$work/merged$n.txt" "merge of $n shards"
done

s1="$work/s1-of-3.shard" s2="$work/s2-of-3.shard" s3="$work/s3-of-3.shard"
expect_error 1 "shard 3/3 is missing" "$prog" merge "$s1" "$s2"
expect_error 1 "shard 2/3 is given twice" "$prog" merge "$s1" "$s2" "$s2" "$s3"
# the same tournament with another seed: --seed S replaced (or added) in the arguments
other=""
skip=0
for a in "$@"; do
  if [ "$skip" = 1 ]; then skip=0; continue; fi
  if [ "$a" = --seed ]; then skip=1; continue; fi
  other="$other $a"
done
# shellcheck disable=SC2086
"$prog" tournament $other --seed 987 --shard 3/3 --out "$work/foreign.shard" --jobs 1
expect_error 1 "belongs to another tournament" "$prog" merge "$s1" "$s2" "$work/foreign.shard"
size=$(wc -c <"$s2")
head -c "$((size - 40))" "$s2" >"$work/cut.shard" # the header whole, the slots cut
expect_error 1 "cut short or damaged" "$prog" merge "$s1" "$work/cut.shard" "$s3"
expect_error 1 "not a shard file" "$prog" merge "$s1" "$work/one.txt" "$s3"
expect_error 1 "cannot read" "$prog" merge "$work/no-such.shard"
expect_error 2 "needs --out" "$prog" tournament "$@" --shard 1/2
expect_error 2 "needs --shard" "$prog" tournament "$@" --out "$work/x.shard"
expect_error 2 "invalid value for --shard" "$prog" tournament "$@" --shard 3/2 --out "$work/x.shard"
expect_error 2 "invalid value for --shard" "$prog" tournament "$@" --shard 1/0 --out "$work/x.shard"
expect_error 2 "give the shard files" "$prog" merge
[ ! -e "$work/x.shard" ] || fail "a usage error left a shard file"
echo "shards: merged shards print the one-process table; bad shard files are refused"
