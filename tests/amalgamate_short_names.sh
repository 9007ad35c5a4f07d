#!/bin/sh
# amalgamate_short_names.sh — scripts/amalgamate --single-file --short-names renames the file's
# own identifiers and nothing else: two small C files (a string holding identifiers, character
# literals, __attribute__((unused)), struct members, libc calls, a static name and an enum
# constant both files define, an #ifdef set from the command line, a --define, 700 globals so
# that the short names pass j0, y0 and friends of <math.h>) compiled apart and as one renamed
# file must print the same lines, and a second run give the same file; # and ## in a macro are
# refused with exit 2.
# usage: amalgamate_short_names.sh REPO_DIR OUT_DIR CC
set -eu
[ $# -eq 3 ] || { echo "usage: amalgamate_short_names.sh REPO_DIR OUT_DIR CC" >&2; exit 2; }
repo=$1 out=$2 cc=$3
fail() { echo "FAIL: $*" >&2; exit 1; }
mkdir -p "$out"
cat > "$out/shared.h" <<'C'
struct counter_state { int total_count; const char *label_text; };
int first_total(struct counter_state *counter_state, char letter);
C
cat > "$out/first.c" <<'C'
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "shared.h"
enum { COLOUR_RED, COLOUR_GREEN };
static int twice(int value) { return 2 * value; }
static int never_called(void) __attribute__((unused));
static int never_called(void) { return 0; }
int first_total(struct counter_state *counter_state, char letter) {
    counter_state->total_count += twice(letter == 'a' ? COLOUR_GREEN : 3) + (int)strlen("twice");
    return counter_state->total_count;
}
C
{
  echo '#include <stdio.h>'
  echo '#include "shared.h"'
  echo 'enum { COLOUR_GREEN = 7, COLOUR_RED };'
  echo 'static int twice(int value) { return value + value + COLOUR_RED; }'
  i=0
  while [ $i -lt 700 ]; do echo "int global_number_$i = $i;"; i=$((i + 1)); done
  echo 'int main(void) {'
  echo '    struct counter_state state = {1, "total_count label_text twice main"};'
  echo '    long sum = 0;'
  i=0
  while [ $i -lt 700 ]; do echo "    sum += global_number_$i;"; i=$((i + 1)); done
  printf '%s\n' '    printf("%s %d %d %c %ld %d\n", state.label_text, first_total(&state, '"'a'"'),'
  echo '           twice(COLOUR_GREEN), '"'z'"', sum, EXTRA_VALUE);'
  echo '#ifdef LOUD_OUTPUT'
  echo '    puts("loud");'
  echo '#endif'
  echo '    return 0;'
  echo '}'
} > "$out/second.c"
"$cc" -DEXTRA_VALUE=42 -DLOUD_OUTPUT -Wall -Wextra -Werror "$out/first.c" "$out/second.c" \
  -o "$out/apart" -lm || fail "the two test files do not compile"
"$out/apart" > "$out/apart.txt"
for mode in plain short; do
  flag=; [ $mode = short ] && flag=--short-names
  CC=$cc python3 "$repo/scripts/amalgamate" --single-file "$out/$mode.c" $flag \
    --define EXTRA_VALUE=42 "$out/shared.h" "$out/first.c" "$out/second.c" > /dev/null || fail "amalgamate $flag"
  "$cc" -DLOUD_OUTPUT -Wall -Wextra -Werror "$out/$mode.c" -o "$out/$mode" -lm \
    || fail "the one file ($mode names) does not compile"
  "$out/$mode" > "$out/$mode.txt"
  cmp -s "$out/apart.txt" "$out/$mode.txt" || fail "the one file ($mode names) prints
$(cat "$out/$mode.txt")
instead of
$(cat "$out/apart.txt")"
done
grep -q 'loud' "$out/short.txt" || fail "-DLOUD_OUTPUT no longer reaches the renamed file"
# the long names are gone from the code (they stay in the string literal only)
for name in counter_state total_count label_text first_total global_number_ EXTRA_VALUE; do
  n=$(grep -o "$name" "$out/short.c" | wc -l)
  [ "$n" -le 1 ] || fail "$name is still in the renamed file ($n times)"
done
[ "$(wc -c < "$out/short.c")" -lt "$(wc -c < "$out/plain.c")" ] || fail "no characters saved"
# the same input gives the same file (Python's string hashing changes from run to run)
PYTHONHASHSEED=1 CC=$cc python3 "$repo/scripts/amalgamate" --single-file "$out/again.c" \
  --short-names --define EXTRA_VALUE=42 "$out/shared.h" "$out/first.c" "$out/second.c" > /dev/null
cmp -s "$out/short.c" "$out/again.c" || fail "two runs give different files"
# a macro that stringifies or pastes its arguments: refused with exit 2
printf '#define NAME_OF(x) #x\nconst char *s = NAME_OF(main);\n' > "$out/hash.c"
printf '#define GLUE(a, b) a##b\nint GLUE(ab, cd);\n' > "$out/paste.c"
for f in hash paste; do
  rc=0
  python3 "$repo/scripts/amalgamate" --single-file "$out/$f.out.c" --short-names "$out/$f.c" \
    2> "$out/$f.err" || rc=$?
  [ $rc -eq 2 ] || fail "$f.c: exit $rc instead of 2"
  grep -q "^amalgamate: --short-names: .*in macro" "$out/$f.err" || fail "$f.c: $(cat "$out/$f.err")"
done
echo "short names: the renamed file prints the same lines ($(wc -c < "$out/plain.c") -> $(wc -c < "$out/short.c") characters)"
