#!/usr/bin/env bash
# exports.sh — the shared library exports exactly the functions dmap.h declares.
#   usage: tests/exports.sh LIBDMAP.so include/dmap.h
#          tests/exports.sh LIBDMAP.dll include/dmap.h OBJDUMP   (a Windows DLL: its export table)
# Four checks: every function declaration in the header carries DMAP_API; every DMAP_API
# function is a defined dynamic symbol of the library; the library defines no other dynamic
# symbol (internal helpers stay hidden: the library is built with -fvisibility=hidden); and
# the header's "API at a glance" index lists every function once, in the header's order.
# (The header's words are checked with every other file's by tests/words.sh.)
set -euo pipefail
lib="$1"
header="$2"
objdump="${3:-}"
failed=0
bad() { echo "FAILED: $1" >&2; failed=$((failed + 1)); }

[ -f "$lib" ] || { echo "FAILED: no shared library at $lib" >&2; exit 1; }
[ -f "$header" ] || { echo "FAILED: no header at $header" >&2; exit 1; }
if [ -n "$objdump" ]; then
  command -v "$objdump" >/dev/null || { echo "FAILED: $objdump not found" >&2; exit 1; }
else
  command -v nm >/dev/null || { echo "FAILED: nm (binutils) not found" >&2; exit 1; }
fi

# Declarations: a line at column 0 that is not a comment, typedef or preprocessor line and
# names dmap_xxx( after a return type.
undecorated="$(grep -nE '^[A-Za-z_][A-Za-z0-9_ ]*[ *]dmap_[a-z0-9_]+\(' "$header" |
  grep -vE '^[0-9]+:(DMAP_API |typedef )' || true)"
[ -z "$undecorated" ] || bad "declarations without DMAP_API:
$undecorated"

declared="$( (grep -E '^DMAP_API ' "$header" || true) | sed -E 's/^[^(]*[ *](dmap_[a-z0-9_]+)\(.*/\1/' | sort -u)"
[ -n "$declared" ] || bad "no DMAP_API declarations found in $header"

# Defined dynamic symbols, minus the linker's own markers; of a DLL, the names of its export
# table (objdump -p: the lines "[ N] name" after "[Ordinal/Name Pointer] Table").
if [ -n "$objdump" ]; then
  exported="$("$objdump" -p "$lib" | sed -n '/\[Ordinal\/Name Pointer\] Table/,/^$/p' |
    sed -nE 's/^[[:space:]]*\[ *[0-9]+\] ([A-Za-z0-9_]+)$/\1/p' | sort -u)"
else
  exported="$(nm -D --defined-only "$lib" | awk 'NF >= 3 {print $3}' | sed 's/@.*//' |
    grep -vxE '_init|_fini|_edata|_end|__bss_start' | sort -u)"
fi

missing="$(comm -23 <(echo "$declared") <(echo "$exported"))"
extra="$(comm -13 <(echo "$declared") <(echo "$exported"))"
[ -z "$missing" ] || bad "declared in the header but not exported: $(echo $missing)"
[ -z "$extra" ] || bad "exported but not declared in the header: $(echo $extra)"

# The "API at a glance" index lists every function once, in the order of the declarations.
in_order="$(grep -E '^DMAP_API ' "$header" | sed -E 's/^[^(]*[ *](dmap_[a-z0-9_]+)\(.*/\1/')"
indexed="$(sed -n '/API at a glance/,/^ \*\/\|Names and arguments/p' "$header" |
  sed -nE 's/^ \*  +([A-Z][a-z]+( [a-z]+)*,? *[a-z]* +)?(dmap_[a-z0-9_]+)\(.*/\3/p')"
[ -n "$indexed" ] || bad "no \"API at a glance\" index at the top of $header"
[ "$in_order" == "$indexed" ] || bad "the API at a glance index differs from the declarations:
$(diff <(echo "$in_order") <(echo "$indexed") || true)"

echo "exports: $(echo "$declared" | wc -l) functions declared, $(echo "$exported" | wc -l) symbols exported"
[ "$failed" -eq 0 ]
