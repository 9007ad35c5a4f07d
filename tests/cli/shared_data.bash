# shared_data.bash — sourced (not run: ctest picks up only tests/cli/*.sh) by the CLI tests
# that read the shared/ folder beside the repo (Moving AI maps, pursuit worlds, seeds).
# The data a test needs is never optional: a missing folder or file stops the test at once
# with ONE line naming it and exit 1, instead of letting the cases that use it fail in
# confusing ways or, worse, pass (bad-input cases exit 2 for a missing file too).

# require_shared_data TEST_NAME PATH... : every PATH must exist; else one FAIL line, exit 1.
require_shared_data() {
    local name=$1 path
    shift
    for path in "$@"; do
        if [[ ! -e $path ]]; then
            echo "FAIL: $name: missing shared data: $path (the shared/ folder must sit beside" \
                "the repo, or configure with -DDMAP_SHARED_DIR=...)" >&2
            exit 1
        fi
    done
}
