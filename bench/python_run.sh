#!/usr/bin/env bash
# python_run.sh — the Python package's benchmark (bench/python_bench.py): installs what is
# missing (scripts/deps.sh build, then Debian's Python packages the bench needs, among them the
# bench-only python3-scipy and python3-skimage, which neither the library nor its tests need),
# builds libdmap.a in ./build (Release), builds the package against it into
# build/python-bench, and runs the bench with Debian's /usr/bin/python3. Arguments go to the
# bench (--quick: fewer rounds).
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/deps.sh build
missing=()
for p in python3-dev python3-numpy python3-setuptools python3-scipy python3-skimage; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "python_run: installing ${missing[*]}"
  sudo_cmd=()
  [ "$(id -u)" -ne 0 ] && sudo_cmd=(sudo)
  export DEBIAN_FRONTEND=noninteractive
  if ! "${sudo_cmd[@]}" apt-get update -qq >/dev/null || ! "${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null; then
    echo "python_run: apt-get could not install: ${missing[*]}" >&2
    exit 1
  fi
fi

cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j2 --target dmap_static >/dev/null
out="$PWD/build/python-bench"
mkdir -p "$out"
if ! (cd python && DMAP_STATIC_LIB="$OLDPWD/build/libdmap.a" /usr/bin/python3 setup.py -q build \
      --build-lib "$out/lib" --build-temp "$out/tmp" >"$out/build.log" 2>&1); then
  cat "$out/build.log"
  echo "python_run: building the package FAILED" >&2
  exit 1
fi
cd "$out"
PYTHONPATH="$out/lib" exec /usr/bin/python3 "$OLDPWD/bench/python_bench.py" "$@"
