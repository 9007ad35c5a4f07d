#!/usr/bin/env bash
# pip_install.sh — the README's install recipe, run as written but offline and on a copy of the
# sources (pip builds in the source folder, which a test must not touch): a venv that sees
# Debian's NumPy, `pip install --no-build-isolation` of python/, then the installed package
# (not the source folder) imported from elsewhere, one map computed and checked, and one
# Pommerman game of dmap.arenas (its extension compiled from the arenas' sources) checked.
# usage: pip_install.sh PYTHON REPO_DIR OUT_DIR
set -euo pipefail
py=$1 repo=$2 out=$3
work="$out/pip-install"
rm -rf "$work"
mkdir -p "$work/tree"
cp -r "$repo/python" "$repo/src" "$repo/include" "$repo/arenas" "$repo/viewer" "$work/tree/"
rm -rf "$work/tree/python/build" "$work/tree/python/"*.egg-info
"$py" -m venv --system-site-packages "$work/venv"
# --no-index: pip may not look at any package index (the recipe must work offline)
"$work/venv/bin/pip" install --no-index --no-build-isolation --quiet "$work/tree/python"
cd "$work"
"$work/venv/bin/python" - <<'PY'
import os
import numpy as np
import dmap
assert "/venv/" in dmap.__file__, "imported %s, not the installed package" % dmap.__file__
walls = np.zeros((1, 300), bool)
v = dmap.field(walls, [(0, 0)])
assert v[0, 299] == 299, v[0, 299]
from dmap.arenas import pommerman
env = pommerman.make("PommeFFACompetition-v0", ["simple"] * 4)
env.seed(1)
env.reset()
rewards, info = env.run()  # the recorded game ffa-SSSS/seed_1: 165 steps, agent 0 wins
assert (env._step_count, rewards, info["winners"]) == (165, [1, -1, -1, -1], [0]), (env._step_count, rewards)
print("pip install: dmap %s from %s: ok" % (dmap.version(), os.path.dirname(dmap.__file__)))
PY
