#!/usr/bin/env bash
# run.sh PYTHON LIBDMAP_A OUTDIR — the ctest test "python_learner": build the package against
# LIBDMAP_A into OUTDIR/lib with PYTHON (the learner's virtual environment:
# python/requirements-learner.txt, PyTorch on the CPU) and run the pytest files of this folder,
# which train the PPO example examples/rl/pommerman_ppo.py for a few updates. Kept apart from
# python/tests, whose environment has no PyTorch. Fails when the build fails, when any test fails
# and when pytest collects no test.
set -euo pipefail
py="$(realpath -s "$1")" lib="$(realpath "$2")" out="$(realpath -m "$3")"
here="$(cd "$(dirname "$0")" && pwd)"
pkg="$(cd "$here/.." && pwd)"
export PYTHONDONTWRITEBYTECODE=1
mkdir -p "$out"
cd "$pkg"
if ! DMAP_STATIC_LIB="$lib" DMAP_WERROR=1 "$py" setup.py -q build --build-lib "$out/lib" \
  --build-temp "$out/tmp" >"$out/build.log" 2>&1; then
  cat "$out/build.log"
  echo "python_learner: building the extension FAILED"
  exit 1
fi
export PYTHONPATH="$out/lib"
cd "$out"
exec "$py" -m pytest -q -p no:cacheprovider "$here"
