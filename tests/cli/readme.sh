#!/usr/bin/env bash
# readme.sh — the README's "The API in brief" example must keep compiling and printing what it
# says: the ```c block of that section is extracted, compiled against the built static library
# with -Wall -Wextra -Werror, run, and its output compared with a map derived by hand below.
set -euo pipefail

SOURCE=${DMAP_SOURCE:?set DMAP_SOURCE to the repository}
BUILD=${DMAP_BUILD:?set DMAP_BUILD to the build directory}
README="$SOURCE/README.md"
LIB="$BUILD/libdmap.a"
# Compile the way the build did: its compiler, and its sanitizers (an instrumented libdmap.a
# needs the sanitizer runtime). CC overrides the compiler.
cache_value() { sed -n "s/^$1:[A-Z]*=//p" "$BUILD/CMakeCache.txt" 2>/dev/null | head -n 1 || true; }
CC=${CC:-$(cache_value CMAKE_C_COMPILER)}
CC=${CC:-cc}
sanitize=()
if [[ "$(cache_value DMAP_SANITIZE)" == "ON" ]]; then
    sanitize=("-fsanitize=address,undefined" "-fno-sanitize-recover=all")
fi
source "$(dirname "${BASH_SOURCE[0]}")/lib.bash"
cli_begin cli_readme

for f in "$README" "$LIB" "$SOURCE/include/dmap.h"; do
    [[ -f "$f" ]] || { fail "missing $f"; cli_finish; exit 1; }
done

# The first ```c ... ``` block after the heading "## The API in brief" (and before the next
# "## " heading).
awk '/^## /{section = ($0 == "## The API in brief")}
     section && /^```c$/ {inblock = 1; found = 1; next}
     inblock && /^```$/ {exit}
     inblock {print}
     END {if (!found) exit 3}' "$README" >"$tmp/example.c" || true
if [[ -s "$tmp/example.c" ]] && grep -q 'int main' "$tmp/example.c"; then pass; else
    fail "no \`\`\`c block with main() in the section \"## The API in brief\" of $README"
    cli_finish
    exit 1
fi

# It uses nothing but the public header and the C library.
if grep -q '#include <dmap.h>' "$tmp/example.c" &&
    ! grep -E '#include' "$tmp/example.c" | grep -vqE '<(dmap|stdio|stdlib|string|math)\.h>'; then
    pass
else fail "the README example includes something besides <dmap.h> and the C library"; fi

if "$CC" -std=c11 -Wall -Wextra -Werror "${sanitize[@]}" -I"$SOURCE/include" "$tmp/example.c" "$LIB" -lm \
    -o "$tmp/example" 2>"$tmp/cc.err"; then pass; else
    fail "the README example does not compile with $CC -Wall -Wextra -Werror:"$'\n'"$(head -n 20 "$tmp/cc.err")"
    cli_finish
    exit 1
fi

# Derived by hand from the code: 5x5, 4-connected unit steps, goals (0,0) = 0 and (4,4) = -2,
# a wall at (3,1). No shortest path needs (3,1) (every cell keeps a monotone path around
# it), so v(x,y) = min(x + y, -2 + (4 - x) + (4 - y)) = min(x + y, 6 - x - y); printed %5g,
# the wall as "    #".
want='    0    1    2    3    2
    1    2    3    #    1
    2    3    2    1    0
    3    2    1    0   -1
    2    1    0   -1   -2'
rc=0
got=$("$tmp/example" 2>"$tmp/run.err") || rc=$?
if [[ $rc -eq 0 ]]; then pass; else fail "the README example exits $rc: $(cat "$tmp/run.err")"; fi
if [[ "$got" == "$want" ]]; then pass; else
    fail "the README example prints:"$'\n'"$got"$'\n'"want (derived by hand):"$'\n'"$want"
fi
if [[ ! -s "$tmp/run.err" ]]; then pass; else fail "the README example wrote to stderr: $(cat "$tmp/run.err")"; fi

cli_finish
