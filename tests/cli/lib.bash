# lib.bash — sourced (not run: ctest picks up only tests/cli/*.sh) by every CLI test: the
# start every test shares (a scratch folder removed at exit, pass/fail counters), the result
# line every test ends with, the check that the data a test reads is there, and the
# expectations several tests use (exact stdout; a refused command: exit 2, one stderr line).
# A test starts with `cli_begin NAME` and ends with `cli_finish` as its last command.

# cli_begin NAME : start test NAME: $tmp is a fresh folder removed at exit; counters at zero.
cli_begin() {
    CLI_TEST=$1
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    passed=0
    failed=0
}

pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $*" >&2; }

# cli_finish : print "NAME: N passed, M failed"; false (so the test exits non-zero) if any failed.
cli_finish() {
    echo "$CLI_TEST: $passed passed, $failed failed"
    [[ $failed -eq 0 ]]
}

# require_data PATH... : every PATH (the repository's data) must exist; else one FAIL line and exit 1.
# The data a test needs is never optional: without it the cases that use it would fail in
# confusing ways or, worse, pass (bad-input cases exit 2 for a missing file too).
require_data() {
    local path
    for path in "$@"; do
        if [[ ! -e $path ]]; then
            echo "FAIL: $CLI_TEST: missing data: $path" >&2
            exit 1
        fi
    done
}

# expect_out NAME EXPECTED CMD... : exit 0 and stdout exactly EXPECTED (stderr not checked)
expect_out() { expect_stdout_ any "$@"; }

# expect_quiet_out NAME EXPECTED CMD... : exit 0, stdout exactly EXPECTED, nothing on stderr
expect_quiet_out() { expect_stdout_ quiet "$@"; }

# expect_stdout_ any|quiet NAME EXPECTED CMD... : the two above
expect_stdout_() {
    local stderr_rule=$1 name=$2 want=$3 got rc=0
    shift 3
    got=$("$@" 2>"$tmp/err") || rc=$?
    if [[ $rc -eq 0 && "$got" == "$want" && ($stderr_rule == any || ! -s "$tmp/err") ]]; then pass
    else
        fail "$name: rc=$rc, got:"$'\n'"$got"$'\n'"want:"$'\n'"$want"$'\n'"stderr: $(cat "$tmp/err")"
    fi
}

# expect_usage NAME PATTERN CMD... : exit 2, nothing on stdout, exactly one line on stderr,
# matching the grep PATTERN ('' matches any line)
expect_usage() {
    local name=$1 pattern=$2 rc=0 lines
    shift 2
    "$@" >"$tmp/out" 2>"$tmp/err" || rc=$?
    lines=$(wc -l <"$tmp/err")
    if [[ $rc -eq 2 && $lines -eq 1 && ! -s "$tmp/out" ]] && grep -q -- "$pattern" "$tmp/err"; then
        pass
    else
        fail "$name: rc=$rc, $lines stderr lines: $(cat "$tmp/err") stdout: $(head -c 200 "$tmp/out")" \
            "(want /$pattern/)"
    fi
}

# expect_no_answer NAME PATTERN CMD... : exit 1 (the command ran, the answer is "no"), nothing
# on stdout, exactly one line on stderr matching the grep PATTERN
expect_no_answer() {
    local name=$1 pattern=$2 rc=0 lines
    shift 2
    "$@" >"$tmp/out" 2>"$tmp/err" || rc=$?
    lines=$(wc -l <"$tmp/err")
    if [[ $rc -eq 1 && $lines -eq 1 && ! -s "$tmp/out" ]] && grep -q -- "$pattern" "$tmp/err"; then
        pass
    else
        fail "$name: rc=$rc, $lines stderr lines: $(cat "$tmp/err") stdout: $(head -c 200 "$tmp/out")" \
            "(want exit 1 and /$pattern/)"
    fi
}

# expect_true NAME CMD... : the command succeeds (a check written as a shell command)
expect_true() {
    local name=$1
    shift
    if "$@"; then pass; else fail "$name"; fi
}
