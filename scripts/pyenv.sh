#!/usr/bin/env bash
# pyenv.sh VENV_DIR [REQUIREMENTS] — make (or refresh) a virtual environment the Python tests
# run in: Debian's /usr/bin/python3 with its site packages visible (pytest; NumPy unless the list
# pins its own), plus the pinned packages of REQUIREMENTS (default python/requirements-test.txt;
# python/requirements-test-numpy1.txt for the NumPy 1 one) from PyPI. Does nothing when VENV_DIR
# already holds exactly that list (a stamp file keeps a copy of the list it was made from).
# DMAP_BASE_PYTHON overrides the interpreter the environment is made from.
set -euo pipefail
venv="${1:?usage: pyenv.sh VENV_DIR [REQUIREMENTS]}"
here="$(cd "$(dirname "$0")/.." && pwd)"
req="${2:-$here/python/requirements-test.txt}"
base="${DMAP_BASE_PYTHON:-/usr/bin/python3}"
stamp="$venv/dmap-requirements.txt"
if [ -x "$venv/bin/python" ] && cmp -s "$req" "$stamp"; then
  exit 0
fi
rm -rf "$venv"
if ! "$base" -m venv --system-site-packages "$venv"; then
  echo "pyenv.sh: could not make a virtual environment with $base (Debian: python3-venv)" >&2
  exit 1
fi
# --no-deps: the list pins every package it needs, so nothing else comes in.
if ! "$venv/bin/pip" install --quiet --disable-pip-version-check --no-deps -r "$req"; then
  echo "pyenv.sh: installing $req from PyPI failed" >&2
  rm -rf "$venv"
  exit 1
fi
cp "$req" "$stamp"
