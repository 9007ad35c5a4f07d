#!/usr/bin/env bash
# wheel.sh — the distribution: `python -m build` of python/ (its sdist, then a wheel built from
# the unpacked sdist, so the sdist must carry every source), offline (--no-isolation: Debian's
# setuptools, wheel and NumPy; `build` pinned in requirements-test.txt), on a copy of the
# sources; then the sdist's files and the wheel's metadata checked, the wheel installed into a
# fresh virtual environment (Debian's NumPy and pytest, nothing else, no index), one Kutulu game
# played there on the league maps the wheel carries, and the package's pytest suite run against
# the installed package (not the source folder).
# usage: wheel.sh BUILD_PYTHON BASE_PYTHON REPO_DIR OUT_DIR
#   BUILD_PYTHON  the tests' venv (ctest fixture pyvenv), which has `build`
#   BASE_PYTHON   Debian's /usr/bin/python3, for the fresh venv
set -euo pipefail
build_py=$1 base_py=$2 repo=$(realpath "$3") out=$(realpath -m "$4")
work="$out/wheel"
rm -rf "$work"
mkdir -p "$work/tree"
cp -r "$repo/python" "$repo/src" "$repo/include" "$repo/arenas" "$repo/viewer" "$work/tree/"
rm -rf "$work/tree/python/build" "$work/tree/python/"*.egg-info
export PYTHONDONTWRITEBYTECODE=1
if ! "$build_py" -c "import build" 2>/dev/null; then
  echo "wheel: the package 'build' is missing from $build_py (python/requirements-test.txt)" >&2
  exit 1
fi
if ! "$build_py" -m build --no-isolation --outdir "$work/dist" "$work/tree/python" >"$work/build.log" 2>&1; then
  tail -40 "$work/build.log"
  echo "wheel: python -m build FAILED (log: $work/build.log)" >&2
  exit 1
fi
version=$(sed -nE 's/^project\(dmap VERSION ([0-9.]+).*/\1/p' "$repo/CMakeLists.txt")

# The sdist and the wheel: their files and the wheel's metadata.
"$base_py" - "$work/dist" "$repo" "$version" <<'PY'
import email.parser, glob, os, sys, tarfile, zipfile
dist, repo, version = sys.argv[1:]
fails = []
def check(cond, what):
    if not cond:
        fails.append(what)
sdists = glob.glob(os.path.join(dist, "*.tar.gz"))
wheels = glob.glob(os.path.join(dist, "*.whl"))
check(len(sdists) == 1 and len(wheels) == 1, "one sdist and one wheel, got %s" % os.listdir(dist))
sdist, wheel = sdists[0], wheels[0]
check(os.path.basename(sdist) == "dmap-dijkstra-%s.tar.gz" % version, "sdist name " + sdist)
check(os.path.basename(wheel).startswith("dmap_dijkstra-%s-cp3" % version), "wheel name " + wheel)
top = "dmap-dijkstra-%s/" % version
with tarfile.open(sdist) as t:
    names = {n[len(top):] for n in t.getnames() if n.startswith(top)}
# every source the extensions compile, the maps and the binding's own files
want = ["pyproject.toml", "setup.py", "README.md", "src/pydmap.h", "tests/conftest.py",
        "csrc/include/dmap.h", "csrc/viewer/index.html", "csrc/arenas/kutulu/data/maps/Cog.txt",
        "csrc/arenas/kutulu/data/README.md"]
for pat in ("src/*.c", "src/*.h", "arenas/kit/*.c", "arenas/*/bots/*.c", "arenas/*/*.h"):
    want += ["csrc/" + os.path.relpath(p, repo) for p in glob.glob(os.path.join(repo, pat))]
want += [os.path.relpath(p, os.path.join(repo, "python")) for p in glob.glob(os.path.join(repo, "python", "src", "*.c"))]
missing = [w for w in want if w not in names]
check(not missing, "sdist lacks %s" % missing[:10])
with zipfile.ZipFile(wheel) as z:
    files = z.namelist()
    meta_name = [f for f in files if f.endswith(".dist-info/METADATA")]
    check(len(meta_name) == 1, "wheel METADATA")
    meta = email.parser.Parser().parsestr(z.read(meta_name[0]).decode())
for pat in ("dmap/_dmap.", "dmap/_arenas.", "dmap/__init__.pyi", "dmap/py.typed",
            "dmap/arenas/kutulu.py", "dmap/arenas/data/kutulu_maps/Cog.txt"):
    check(any(f.startswith(pat) for f in files), "wheel lacks " + pat)
check(len([f for f in files if f.startswith("dmap/arenas/data/kutulu_maps/") and f.endswith(".txt")]) == 20,
      "wheel: the 20 Kutulu maps")
check(meta["Name"] == "dmap-dijkstra", "Name %r" % meta["Name"])
check(meta["Version"] == version, "Version %r, CMakeLists.txt says %s" % (meta["Version"], version))
check("Dijkstra maps" in (meta["Summary"] or ""), "Summary %r" % meta["Summary"])
check(meta["Requires-Python"] == ">=3.9", "Requires-Python %r" % meta["Requires-Python"])
check(any(r.startswith("numpy") for r in meta.get_all("Requires-Dist") or []), "Requires-Dist numpy")
classifiers = meta.get_all("Classifier") or []
for c in ("Programming Language :: C", "Programming Language :: Python :: 3", "Typing :: Typed"):
    check(c in classifiers, "Classifier " + c)
check(meta["Description-Content-Type"] == "text/markdown", "Description-Content-Type")
readme = open(os.path.join(repo, "python", "README.md")).read()
check(meta.get_payload().strip() == readme.strip(), "the description is python/README.md")
if fails:
    print("wheel: FAILED: " + "; ".join(fails), file=sys.stderr)
    sys.exit(1)
print("wheel: %s (%d files in the sdist), %s: files and metadata ok"
      % (os.path.basename(sdist), len(names), os.path.basename(wheel)))
PY

# A fresh venv: Debian's NumPy and pytest, the wheel, no index; then the pinned test packages
# (gymnasium, pettingzoo, ...: the optional extra rl's tests need them) seen through a .pth
# file naming the tests' venv's site folder, which holds no dmap.
"$base_py" -m venv --system-site-packages "$work/venv"
"$work/venv/bin/pip" install --no-index --quiet --disable-pip-version-check "$work/dist/"*.whl
test_site="$("$build_py" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
fresh_site="$("$work/venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
echo "$test_site" >"$fresh_site/dmap-test-packages.pth"
mkdir -p "$work/run"
cd "$work/run"
env -u DMAP_SOURCE -u DMAP_KUTULU_MAPS "$work/venv/bin/python" - <<'PY'
import os
import dmap
from dmap.arenas import kutulu
assert "/venv/" in dmap.__file__, "imported %s, not the installed package" % dmap.__file__
# the README's game (kutulu match --seed 1 --bots wait,postmortem,random,initial), on the
# league maps the wheel carries
assert kutulu.default_maps().startswith(os.path.dirname(dmap.__file__)), kutulu.default_maps()
r = kutulu.Game(["wait", "postmortem", "random", "initial"], seed=1).run()
assert (r["turns"], r["map"], r["scores"]) == (77, 12, [33, 76, 42, 75]), r
print("wheel: dmap %s installed at %s: a Kutulu game on its maps ok" % (dmap.version(), os.path.dirname(dmap.__file__)))
PY
# The suite against the installed package: run from a folder without the sources (`python -m
# pytest` puts the current folder first on sys.path); the tests read the repository's data
# through DMAP_SOURCE.
export DMAP_SOURCE="$repo" DMAP_PYTHON="$work/venv/bin/python"
exec "$work/venv/bin/python" -m pytest -q -p no:cacheprovider "$repo/python/tests"
