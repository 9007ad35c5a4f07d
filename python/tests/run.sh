#!/usr/bin/env bash
# run.sh PYTHON LIBDMAP_A OUTDIR [pytest args] — the ctest test "python": build the package
# against LIBDMAP_A into OUTDIR/lib (objects in OUTDIR/tmp; -Werror) and run its pytest suite
# on it. Fails when the build fails, when any test fails, and when pytest collects no test
# (pytest's exit status 5). DMAP_PRELOAD (set by CMake under sanitizers) is preloaded into
# the test run only, not into the compiler. DMAP_PYTEST_DIR runs another folder's tests
# instead (the ctest test "python_learner": python/tests-learner, in the learner's venv).
set -euo pipefail
py="$1" lib="$(realpath "$2")" out="$(realpath -m "$3")"
shift 3
here="$(cd "$(dirname "$0")/.." && pwd)"
cd "$here"
export PYTHONDONTWRITEBYTECODE=1
mkdir -p "$out"
if ! DMAP_STATIC_LIB="$lib" DMAP_WERROR=1 "$py" setup.py -q build --build-lib "$out/lib" \
  --build-temp "$out/tmp" >"$out/build.log" 2>&1; then
  cat "$out/build.log"
  echo "$(basename "${DMAP_PYTEST_DIR:-python}"): building the extension FAILED"
  exit 1
fi
export PYTHONPATH="$out/lib"
export DMAP_PYTHON="$py"
if [ -n "${DMAP_PRELOAD:-}" ]; then
  export LD_PRELOAD="$DMAP_PRELOAD"
fi
# Run from the build folder: `python -m pytest` puts the current directory first on sys.path,
# and python/ itself holds the unbuilt package's sources.
cd "$out"
exec "$py" -m pytest -q -p no:cacheprovider "${DMAP_PYTEST_DIR:-$here/tests}" "$@"
