#!/usr/bin/env bash
# deps.sh — install, on Debian/Ubuntu, the tools dmap's scripts need, and only those missing.
#
#   scripts/deps.sh build   cmake, pkg-config, libjansson-dev (the arenas' JSON replay files),
#                           zlib1g-dev (gzip-compressed recorded games), libtcod-dev (the
#                           benchmark's comparison), libpng-dev (the dmap tool's PNG heatmaps):
#                           what ./demo.sh and bench/run.sh use
#   scripts/deps.sh test    the above plus clang (with its sanitizer runtime), g++,
#                           clang++ and libcrypt-dev (the C++ tests; CodinGame links
#                           -lcrypt), valgrind, chromium, chromium-driver and
#                           python3-selenium (the replay viewer's browser test), for
#                           the Python package's tests Debian's python3-dev, python3-numpy,
#                           python3-pytest, python3-setuptools, python3-wheel, python3-pip,
#                           python3-venv and patchelf (auditwheel repair of the wheel),
#                           Open MPI (openmpi-bin, libopenmpi-dev: the arenas' MPI
#                           programs and their tests), and for the Windows cross
#                           build run under Wine gcc-mingw-w64-x86-64, libz-mingw-w64-dev
#                           (the arenas' zlib) and wine64: what ./test.sh uses; the default
#
# gcc, make and git are assumed present. Missing packages are installed with apt-get (after
# one apt-get update), through sudo when not root. When that is impossible the script says
# which packages are missing and exits 1.
#
# The test profile also installs, for the WebAssembly build and the npm package (js/),
# wasi-libc, lld and libclang-rt-dev-wasm32 (clang's wasm32 target) and Node.js (18 or newer)
# with npm.
set -euo pipefail

profile="${1:-test}"
case "$profile" in
  build|test) ;;
  *) echo "deps.sh: unknown profile '$profile' (expected build or test)" >&2; exit 2 ;;
esac

missing=()

need_command() { # need_command <command> <package>
  command -v "$1" >/dev/null 2>&1 || missing+=("$2")
}

need_package() { # need_package <package>: a library package with no command of its own
  dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed" || missing+=("$1")
}

# clang can compile but not link with -fsanitize when the compiler-rt runtime is absent.
clang_has_sanitizers() {
  local probe
  probe="$(mktemp -d)"
  echo 'int main(void) { return 0; }' >"$probe/p.c"
  local ok=0
  clang -fsanitize=address,undefined "$probe/p.c" -o "$probe/p" >/dev/null 2>&1 || ok=1
  rm -rf "$probe"
  return "$ok"
}

need_command cmake cmake
need_command pkg-config pkg-config
need_package libtcod-dev
need_package libjansson-dev
need_package zlib1g-dev
need_package libpng-dev
if [ "$profile" = test ]; then
  need_command clang clang
  need_command clang++ clang
  need_command g++ g++
  need_package libcrypt-dev
  need_command valgrind valgrind
  need_command chromium chromium
  need_command chromedriver chromium-driver
  need_package python3-selenium
  need_command mpirun openmpi-bin
  need_package libopenmpi-dev
  if command -v clang >/dev/null 2>&1 && ! clang_has_sanitizers; then
    missing+=(libclang-rt-dev)
  fi
  # The Windows check (tests/windows.sh): mingw-w64's C compiler, its zlib and Wine.
  need_package gcc-mingw-w64-x86-64
  need_package libz-mingw-w64-dev
  need_package wine64
  # The Python package (python/) is built and tested with Debian's /usr/bin/python3.
  for p in python3-dev python3-numpy python3-pytest python3-setuptools python3-wheel python3-pip \
    python3-venv; do
    need_package "$p"
  done
  need_command patchelf patchelf
  # The WebAssembly build (js/build.sh) and the npm package's tests (js/).
  need_package wasi-libc
  need_command wasm-ld lld
  need_package libclang-rt-dev-wasm32
  need_command node nodejs
  need_command npm npm
fi

if [ "${#missing[@]}" -eq 0 ]; then
  echo "deps: all present"
  exit 0
fi

echo "deps: installing ${missing[*]}"
if ! command -v apt-get >/dev/null 2>&1; then
  echo "deps.sh: apt-get not found; install these packages by hand: ${missing[*]}" >&2
  exit 1
fi
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    sudo_cmd=(sudo)
  else
    echo "deps.sh: not root and no sudo; as root run: apt-get install ${missing[*]}" >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
if ! "${sudo_cmd[@]}" apt-get update -qq >/dev/null \
  || ! "${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null; then
  echo "deps.sh: apt-get could not install: ${missing[*]}" >&2
  exit 1
fi
echo "deps: installed ${missing[*]}"
