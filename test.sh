#!/usr/bin/env bash
# test.sh — install what is missing, then run every test:
#   1. Release build with gcc (-Werror) in build/, the whole ctest suite (it includes the
#      install test: install to a temporary prefix, build and run programs against it with
#      pkg-config and with find_package);
#   2. clang build with AddressSanitizer + UndefinedBehaviorSanitizer in build-asan/, the same
#      suite except the valgrind test (valgrind and ASan do not mix; build 1 runs it; the
#      install test registers itself only in builds without sanitizers); DMAP_UNDER_ASAN=1
#      lets cli_scen check one Moving AI query in 10 there (pass 1 checks all ~23,000);
# and ends with one line "N passed, M failed" counting test suites over both passes.
# Exit status: 0 only when nothing failed.
set -euo pipefail
cd "$(dirname "$0")"

scripts/deps.sh test

passed=0
failed=0

# run_pass <name> <build dir> <ctest exclude regex or ""> <cmake configure args...>
run_pass() {
  local name="$1" dir="$2" exclude="$3"
  shift 3
  echo "=== $name: configure and build in $dir"
  if ! cmake -S . -B "$dir" "$@" >"$dir/configure.log" 2>&1; then
    cat "$dir/configure.log"
    echo "$name: configure FAILED"
    failed=$((failed + 1))
    return
  fi
  if ! cmake --build "$dir" -j2; then
    # Count the broken build, then build what still builds and run the tests anyway: the
    # ones whose programs are missing fail, the others still say what works.
    echo "$name: build FAILED"
    failed=$((failed + 1))
    cmake --build "$dir" -j2 -- -k >/dev/null 2>&1 || true
  fi
  echo "=== $name: ctest"
  # --timeout: the limit for any test that sets no TIMEOUT of its own (tests/CMakeLists.txt
  # gives each test one; the longest, cli_scen, takes about 2 minutes in Release).
  local log="$dir/ctest-summary.log" args=(--test-dir "$dir" -j2 --output-on-failure --timeout 1500)
  [ -n "$exclude" ] && args+=(-E "$exclude")
  ctest "${args[@]}" 2>&1 | tee "$log" || true
  # ctest prints e.g. "100% tests passed, 0 tests failed out of 12"
  local line total bad
  line="$(grep -E 'tests passed, [0-9]+ tests? failed out of [0-9]+' "$log" | tail -n 1 || true)"
  if [ -z "$line" ]; then
    echo "$name: ctest printed no summary (no tests found?)"
    failed=$((failed + 1))
    return
  fi
  bad="$(sed -E 's/.* ([0-9]+) tests? failed out of ([0-9]+).*/\1/' <<<"$line")"
  total="$(sed -E 's/.* ([0-9]+) tests? failed out of ([0-9]+).*/\2/' <<<"$line")"
  passed=$((passed + total - bad))
  failed=$((failed + bad))
}

mkdir -p build build-asan
CC=gcc CXX=g++ run_pass "gcc Release" build "" \
  -DCMAKE_BUILD_TYPE=Release -DDMAP_WERROR=ON -DDMAP_SANITIZE=OFF
DMAP_UNDER_ASAN=1 CC=clang CXX=clang++ run_pass "clang ASan+UBSan" build-asan 'cli_valgrind' \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DDMAP_WERROR=ON -DDMAP_SANITIZE=ON

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
