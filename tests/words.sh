#!/usr/bin/env bash
# words.sh — the project speaks in its own words: code, help texts, comments and docs say what a
# thing is, not where it came from in the project's history. Fails, listing file:line, on any
# mention of the write-ups the project started from by number ("seed 004", "seeds 000/003",
# "the seed's rule"), of issue numbers ("issue 13"), of work sessions, of parts of past tasks
# ("part A"), of "the lab", and of the reference folder beside the repository ("../shared"):
# the repository stands alone.
#   usage: tests/words.sh SOURCE_DIR
set -euo pipefail
src="${1:?usage: words.sh SOURCE_DIR}"
cd "$src"

# Perl regular expressions, case-insensitive. The write-ups are "seed 000" … "seed 004" (not a
# random seed: "seed 117", "--seed 004").
pattern="\\bissues? #?[0-9]+\\b|(?<!-)\\bseeds? 00[0-4]\\b|\\b00[0-4]/00[0-4]\\b|\\bthe seed's\\b|\\bthe seeds'"
pattern+="|\\bthe seeds? (uses?|says?|prints?|calls?|writes?|shows?)\\b|\\bin the seeds?\\b"
pattern+="|\\b(this|that|the same|same|earlier|previous|last|next|a later|an earlier) session\\b"
pattern+="|\\b(toolkit )?part [AB]\\b|\\bthe lab\\b|\\b(the|our) lab's\\b|\\blab (worlds?|games|tables?)\\b"
pattern+="|\\.\\./shared\\b|\\bshared/(data|rules|seeds)\\b|(^|[^a-z/])rules/[a-z_]+\\.md\\b"

# Every text file of ours: sources, scripts, build files, docs. Not the recorded data (third
# parties' files, kept byte for byte), nor fuzzing corpora, nor the checkers that name the words:
# this file and the dmap tool's help-text test (tests/cli/grammar.sh).
# Build trees and virtual environments under any name (a CMakeCache.txt or pyvenv.cfg in them).
not_in_builds() {
  local skip
  skip="$(find . -name .git -prune -o \( -name CMakeCache.txt -o -name pyvenv.cfg \) -printf '%h/\n')"
  if [ -z "$skip" ]; then cat; else awk -v skip="$skip" 'BEGIN { n = split(skip, s, "\n") }
    { for (i = 1; i <= n; i++) if (s[i] != "" && index($0, s[i]) == 1) next; print }'; fi
}
files() {
  find . \( -name .git -o -name 'build*' -o -name node_modules -o -name .venv -o -name __pycache__ \
            -o -path ./tests/fuzz/regressions -o -path ./tests/fuzz/seeds -o -path ./tests/data \) -prune \
       -o -type f \( -name '*.c' -o -name '*.h' -o -name '*.py' -o -name '*.pyi' -o -name '*.sh' \
                     -o -name '*.md' -o -name '*.txt' -o -name '*.cmake' -o -name '*.in' -o -name '*.js' \
                     -o -name '*.html' -o -name '*.css' -o -name '*.toml' -o -name '*.json' -o -name '*.bash' \
                     -o -name '*.yml' -o -name 'amalgamate' -o -path './.ci/*' \) \
       -print |
    grep -vE '^\./arenas/[a-z]+/data/.*' | grep -vxE '\./tests/(words\.sh|cli/grammar\.sh)' |
    not_in_builds || true
  # the data folders' READMEs are ours
  find ./arenas -path '*/data/*' -name 'README.md' -print 2>/dev/null || true
  [ -f ./tests/data/movingai/README.md ] && echo ./tests/data/movingai/README.md || true
}

# Each line alone, and each line after the last word of the line before it (a phrase broken
# across two lines: "the\nseed's"), reported there unless that word alone already matches.
hits="$(files | sort -u | tr '\n' '\0' | WORDS_RE="$pattern" xargs -0 perl -ne '
  BEGIN { $re = qr/$ENV{WORDS_RE}/i }
  chomp; $prev = "" if $. == 1;
  print "$ARGV:$.:$_\n" if /$re/ || ("$prev $_" =~ /$re/ && $prev !~ /$re/);
  $prev = (split " ")[-1] // "";
  close ARGV if eof' || true)"
count=$(files | sort -u | wc -l)
if [ -n "$hits" ]; then
  echo "FAILED: history words (say what the thing is instead):" >&2
  echo "$hits" >&2
  echo "words: $(echo "$hits" | wc -l) lines in $count files" >&2
  exit 1
fi
echo "words: $count files, none speaks of the project's history"
