# ab.sh — what the side-by-side scripts (bench/*_ab.sh) share; sourced, not run. Each script
# defines how one run of its bench is measured; this file checks the arguments, alternates the
# two builds (A, B, A, B, ...: both see the same load), and summarises columns of the results.
#
# The results file ($ab_out) holds what the measures print; ab_stats and ab_compare read lines
# "run I SIDE name v name v ...": column 5 is the first figure, 7 the second, and so on.

ab_usage() { # ab_usage NAME USAGE: the usage line on stderr, exit 2
    echo "usage: bench/$1 $2" >&2
    exit 2
}

ab_fail() { # ab_fail MESSAGE: exit 2 with "NAME: MESSAGE"
    echo "$ab_name: $1" >&2
    exit 2
}

ab_positive() { # ab_positive VALUE MESSAGE: exit 2 unless VALUE is an integer >= 1
    case $1 in
    '' | *[!0-9]*) ab_fail "$2" ;;
    esac
    [ "$1" -ge 1 ] || ab_fail "$2"
}

# ab_init NAME BENCH_A BENCH_B RUNS: check both binaries and RUNS, make the results file.
ab_init() {
    ab_name=$1
    ab_a=$2
    ab_b=$3
    ab_runs=$4
    for bin in "$ab_a" "$ab_b"; do
        [ -x "$bin" ] || ab_fail "$bin is not an executable"
    done
    ab_positive "$ab_runs" "RUNS must be a positive integer, not '$ab_runs'"
    ab_out=$(mktemp)
    trap 'rm -f "$ab_out"' EXIT
}

# ab_alternate MEASURE WHAT: for each run I and side S, `MEASURE BIN S I` appends its line(s) to
# the results; a failed measure ends the script with "NAME: BIN did not print WHAT", exit 1.
ab_alternate() {
    i=0
    while [ "$i" -lt "$ab_runs" ]; do
        i=$((i + 1))
        for side in A B; do
            if [ $side = A ]; then bin=$ab_a; else bin=$ab_b; fi
            "$1" "$bin" $side $i >>"$ab_out" || {
                echo "$ab_name: $bin did not print $2" >&2
                exit 1
            }
        done
    done
}

# ab_stats SIDE COL: "median min max count" of column COL over SIDE's lines.
ab_stats() {
    awk -v s="$1" -v c="$2" '$3 == s {print $c}' "$ab_out" | sort -g |
        awk '{v[NR] = $1} END {
            med = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
            printf "%.2f %.2f %.2f %d\n", med, v[1], v[NR], NR }'
}

# ab_compare COL LABEL RATIO_LABEL: each side's median, min and max of column COL, then the ratio
# of the medians A / B.
ab_compare() {
    sa=$(ab_stats A "$1")
    sb=$(ab_stats B "$1")
    echo "$sa" | awk -v n="$2" '{printf "A %s: median %s, min %s, max %s (%d runs)\n", n, $1, $2, $3, $4}'
    echo "$sb" | awk -v n="$2" '{printf "B %s: median %s, min %s, max %s (%d runs)\n", n, $1, $2, $3, $4}'
    echo "$sa $sb" | awk -v n="$3" '{printf "%s: A / B = %.2f (medians)\n", n, $1 / $5}'
}
