#!/bin/sh
# cpp.sh — dmap from C++: the header include/dmap.h and the one-file amalgamation (written by
# scripts/amalgamate, the implementation under DMAP_IMPLEMENTATION) compile as C++11, C++14,
# C++17 and C++20 with g++ and clang++, -Wall -Wextra -Werror, and as C11 with gcc and clang.
# For every compiler and standard it builds and runs, each checking a computed field:
#   header   a C++ program including include/dmap.h, linked with the library compiled as C11
#            by the matching C compiler (the header's extern "C" declarations must match the
#            C symbols; the amalgamation's implementation stands for libdmap, so that the
#            test does not depend on how the build's libdmap.a was instrumented)
#   one-file a C++ file with DMAP_IMPLEMENTATION beside a C++ file that includes the header
#            only (the implementation compiled as C++, the header read twice, no clash)
#   mixed    the same C++ program on the amalgamation's header, linked with the C11 library
#   macros   every public macro used in C++ with -pedantic -Wold-style-cast (no C casts)
#   late     (C11) the implementation included after system headers, the way stb-style headers
#            are used, and under a feature-test macro of the user's own (-D_POSIX_C_SOURCE):
#            the library must need no feature-test macro of its own
# When the amalgamation does not compile as C++, every src/*.c is compiled as C++ on its own
# and the files that fail are named with their first errors. A compiler that is not installed
# is skipped, and said so; with no C++ compiler at all the test is skipped (exit 77).
# usage: cpp.sh REPO_DIR OUT_DIR
set -eu
[ $# -eq 2 ] || { echo "usage: cpp.sh REPO_DIR OUT_DIR" >&2; exit 2; }
repo=$1 out=$2
fail() { echo "FAIL: $*" >&2; exit 1; }
mkdir -p "$out"
python3 "$repo/scripts/amalgamate" "$out/dist" || fail "scripts/amalgamate $out/dist"
warn="-Wall -Wextra -Werror"

# the program: (3,2) of a 4x3 grid is 5 steps from (0,0); the maps live in a std::vector
cat > "$out/main.cpp" <<'CPP'
#include "dmap.h"
#include <vector>
int main() {
    dmap_grid g;
    if (dmap_grid_init(&g, 4, 3) != DMAP_OK) return 1;
    const dmap_moves m = dmap_moves_4();
    const dmap_goal goal = {0, 0, 0.0};
    std::vector<double> v(12);
    const int rc = dmap_field(&g, &m, &goal, 1, DMAP_NO_CEILING, v.data(), nullptr);
    dmap_grid_free(&g);
    return rc != DMAP_OK || v[11] != 5.0;
}
CPP
sed -e 's/#include <vector>/#include <stdlib.h>/' -e 's/std::vector<double> v(12)/double v[12]/' \
  -e 's/v.data()/v/' -e 's/nullptr/NULL/' -e 's/int main()/int main(void)/' \
  "$out/main.cpp" > "$out/main.c"
# every public macro in C++ code that forbids C casts (-Wold-style-cast)
cat > "$out/macros.cpp" <<'CPP'
#include "dmap.h"
#include <cstring>
double macros();
double macros() {
    const long long cells = DMAP_MAX_CELLS + DMAP_TABLE_MAX_CELLS + DMAP_TABLE_UNREACHABLE;
    const int version = DMAP_VERSION_NUMBER + DMAP_MINIMAX_MAX_OPPONENTS;
    const unsigned flags = DMAP_BURY_EDGE_WALL;
    const double ceilings = DMAP_DEFAULT_CEILING + DMAP_FLEE_FACTOR;
    const double none = DMAP_NO_CEILING;
    return static_cast<double>(cells + version + static_cast<int>(flags)) + ceilings +
           (none > 0 ? 1.0 : 0.0) + static_cast<double>(std::strlen(DMAP_VERSION_STRING));
}
CPP
printf '#define DMAP_IMPLEMENTATION\n#include "dmap.h"\n' > "$out/impl.cpp"
cp "$out/impl.cpp" "$out/impl.c"
printf '#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n' | cat - "$out/impl.c" \
  > "$out/impl_late.c"

# why the amalgamation fails as C++: the library's files that do not compile as C++ alone
diagnose() { # diagnose CXX STD
    for f in "$repo"/src/*.c; do
        if ! "$1" -x c++ -std="$2" $warn -fsyntax-only -I"$repo/include" -I"$repo/src" "$f" \
            > "$out/diag.txt" 2>&1; then
            echo "  src/$(basename "$f") does not compile as C++ ($1 -std=$2):" >&2
            grep -m 5 'error' "$out/diag.txt" | sed 's/^/    /' >&2
        fi
    done
}

# run NAME PROGRAM: the built program must find the right distance
run() { "$2" || fail "$1: the program computes a wrong field"; }

cxx_found=0 checked=""
for pair in "g++ gcc" "clang++ clang"; do
    set -- $pair
    cxx=$1 cc=$2
    if command -v "$cc" > /dev/null 2>&1; then
        d="$out/$cc-c11"
        mkdir -p "$d"
        "$cc" -std=c11 $warn -I"$out/dist" "$out/impl.c" "$out/main.c" -o "$d/one_file" -lm \
            || fail "$cc -std=c11: the amalgamation does not compile as C"
        run "$cc -std=c11 one-file" "$d/one_file"
        "$cc" -std=c11 $warn -I"$out/dist" -c "$out/impl.c" -o "$d/impl.o" \
            || fail "$cc -std=c11: the amalgamation's implementation does not compile as C"
        "$cc" -std=c11 $warn -pedantic -I"$out/dist" -c "$out/impl_late.c" -o "$d/late.o" \
            || fail "$cc -std=c11: the implementation does not compile after <stdio.h>"
        "$cc" -std=c11 $warn -D_POSIX_C_SOURCE=200112L -I"$out/dist" -c "$out/impl.c" \
            -o "$d/late.o" \
            || fail "$cc -std=c11: the implementation clashes with the user's _POSIX_C_SOURCE"
        checked="$checked $cc:c11"
    else
        echo "cpp: $cc not found: the C builds and the mixed C/C++ builds with it are skipped"
    fi
    if ! command -v "$cxx" > /dev/null 2>&1; then
        echo "cpp: $cxx not found: its builds are skipped"
        continue
    fi
    cxx_found=1
    for std in c++11 c++14 c++17 c++20; do
        d="$out/$cxx-$std"
        mkdir -p "$d"
        "$cxx" -std=$std $warn -I"$repo/include" -c "$out/main.cpp" -o "$d/header.o" \
            || fail "$cxx -std=$std: include/dmap.h does not compile as C++"
        "$cxx" -std=$std $warn -pedantic -Wold-style-cast -I"$repo/include" -c \
            "$out/macros.cpp" -o "$d/macros.o" \
            || fail "$cxx -std=$std: dmap.h's macros warn in C++ (-pedantic -Wold-style-cast)"
        if ! "$cxx" -std=$std $warn -I"$out/dist" -c "$out/impl.cpp" -o "$d/impl.o" \
            2> "$d/impl.err"; then
            head -n 20 "$d/impl.err" >&2
            diagnose "$cxx" "$std"
            fail "$cxx -std=$std: the amalgamation with DMAP_IMPLEMENTATION does not compile" \
                "as C++ (the files above need the C++ changes: casts of void pointers," \
                "DMAP_RESTRICT, no C-only syntax)"
        fi
        "$cxx" -std=$std $warn -I"$out/dist" "$d/impl.o" "$out/main.cpp" -o "$d/one_file" -lm \
            || fail "$cxx -std=$std: a program on the amalgamation does not build"
        run "$cxx -std=$std one-file" "$d/one_file"
        c_impl="$out/$cc-c11/impl.o"
        [ -f "$c_impl" ] || c_impl="$d/impl.o" # no C compiler: the C++ one stands in
        "$cxx" -std=$std "$d/header.o" "$c_impl" -o "$d/header" -lm \
            || fail "$cxx -std=$std: C++ on include/dmap.h does not link with the C library"
        run "$cxx -std=$std header" "$d/header"
        if [ -f "$out/$cc-c11/impl.o" ]; then
            "$cxx" -std=$std $warn -I"$out/dist" "$out/$cc-c11/impl.o" "$out/main.cpp" \
                -o "$d/mixed" -lm \
                || fail "$cxx -std=$std: C++ on the C implementation does not link"
            run "$cxx -std=$std mixed" "$d/mixed"
        fi
        checked="$checked $cxx:$std"
    done
done
[ "$cxx_found" = 1 ] || { echo "cpp: no C++ compiler (g++, clang++): skipped"; exit 77; }
echo "cpp: header, one-file and mixed builds pass for$checked"
