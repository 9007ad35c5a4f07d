#!/usr/bin/env bash
# npm-ci.sh — install the npm package's pinned development packages (typescript, rot-js,
# playwright-core: package-lock.json) into js/node_modules with `npm ci`, once per lockfile:
# a stamp holding the lockfile's checksum skips the install while it matches, and a lock
# keeps two builds from installing at once. No scripts run (--ignore-scripts): nothing is
# downloaded beyond the packages themselves (playwright-core drives Debian's Chromium).
#
#   js/npm-ci.sh
set -euo pipefail
dir="$(cd "$(dirname "$0")" && pwd)"
cd "$dir"
command -v npm >/dev/null 2>&1 || { echo "npm-ci.sh: npm not found (scripts/deps.sh test installs Node.js and npm)" >&2; exit 1; }
exec 9>"$dir/node_modules.lock"
flock 9
sum="$(sha256sum package-lock.json | cut -d' ' -f1)"
stamp="node_modules/.dmap-lockfile-sha256"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$sum" ]; then
  echo "npm-ci: node_modules matches package-lock.json"
  exit 0
fi
npm ci --no-audit --no-fund --ignore-scripts --prefer-offline --loglevel=error
echo "$sum" >"$stamp"
echo "npm-ci: installed $(ls node_modules | tr '\n' ' ')"
