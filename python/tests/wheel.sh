#!/usr/bin/env bash
# wheel.sh — the distribution: `python -m build` of python/ (its sdist, then a wheel built from
# the unpacked sdist, so the sdist must carry every source), offline (--no-isolation: Debian's
# setuptools, wheel and NumPy; `build` pinned in requirements-test.txt), on a copy of the
# sources; then `auditwheel repair` of the wheel (Debian's patchelf; auditwheel pinned in
# requirements-test.txt): the libraries outside the manylinux policy (libjansson) grafted into
# it and its tag manylinux_2_N_x86_64, the tag and the libraries checked; the sdist's files and
# the repaired wheel's files and metadata checked; the repaired wheel installed into a fresh
# virtual environment (Debian's pytest, no index), one Kutulu game played there on the league
# maps the wheel carries, and the package's pytest suite run against the installed package (not
# the source folder). One wheel for NumPy 1 and 2: it is built against the tests' venv's NumPy 2,
# a game and a map are checked with it on that NumPy 2, and the suite runs on NumPy 1 (the
# packages of NUMPY1_PYTHON's venv: NumPy 1.23, the rl extra's floors).
# usage: wheel.sh BUILD_PYTHON BASE_PYTHON REPO_DIR OUT_DIR NUMPY1_PYTHON
#   BUILD_PYTHON   the tests' venv (ctest fixture pyvenv), which has `build`, `auditwheel`, NumPy 2
#   BASE_PYTHON    Debian's /usr/bin/python3, for the fresh venv
#   NUMPY1_PYTHON  the NumPy 1 venv (ctest fixture pyvenv_numpy1)
# DMAP_EXPECT_NUMPY, when set, is the NumPy version the suite must run on.
set -euo pipefail
build_py=$1 base_py=$2 repo=$(realpath "$3") out=$(realpath -m "$4") numpy1_py=$5
work="$out/wheel"
rm -rf "$work"
mkdir -p "$work/tree"
cp -r "$repo/python" "$repo/src" "$repo/include" "$repo/arenas" "$repo/viewer" "$work/tree/"
rm -rf "$work/tree/python/build" "$work/tree/python/"*.egg-info
export PYTHONDONTWRITEBYTECODE=1
for m in build auditwheel elftools trove_classifiers; do
  if ! "$build_py" -c "import $m" 2>/dev/null; then
    echo "wheel: the package '$m' is missing from $build_py (python/requirements-test.txt)" >&2
    exit 1
  fi
done
if ! command -v patchelf >/dev/null 2>&1; then
  echo "wheel: patchelf is missing, auditwheel repair needs it (Debian: patchelf; scripts/deps.sh test)" >&2
  exit 1
fi
if ! "$build_py" -c 'import numpy, sys; sys.exit(int(numpy.__version__.split(".")[0]) < 2)'; then
  echo "wheel: $build_py has NumPy $("$build_py" -c 'import numpy; print(numpy.__version__)'), the wheel is built against NumPy 2 (python/requirements-test.txt)" >&2
  exit 1
fi
if ! "$build_py" -m build --no-isolation --outdir "$work/dist" "$work/tree/python" >"$work/build.log" 2>&1; then
  tail -40 "$work/build.log"
  echo "wheel: python -m build FAILED (log: $work/build.log)" >&2
  exit 1
fi
# The wheel as built is tagged linux_x86_64 (this machine's glibc, which PyPI refuses):
# auditwheel repair grafts the libraries the manylinux policy does not list into
# dmap_dijkstra.libs/ and tags the wheel with the oldest manylinux_2_N its glibc symbols allow.
if ! "$build_py" -m auditwheel repair -w "$work/wheelhouse" "$work/dist/"*.whl >"$work/repair.log" 2>&1; then
  tail -20 "$work/repair.log"
  echo "wheel: auditwheel repair FAILED (log: $work/repair.log)" >&2
  exit 1
fi
if ! "$build_py" -m auditwheel show "$work/wheelhouse/"*.whl >"$work/show.log" 2>&1; then
  cat "$work/show.log"
  echo "wheel: auditwheel show FAILED on the repaired wheel" >&2
  exit 1
fi
version=$(sed -nE 's/^project\(dmap VERSION ([0-9.]+).*/\1/p' "$repo/CMakeLists.txt")

# The sdist, the wheel as built and the repaired wheel: their files, the repaired wheel's tag,
# libraries and metadata (the tests' venv: auditwheel's policy, pyelftools, trove-classifiers).
"$build_py" - "$work/dist" "$work/wheelhouse" "$work/show.log" "$repo" "$version" <<'PY'
import email.parser, glob, io, json, os, re, sys, tarfile, zipfile
import auditwheel, trove_classifiers
from elftools.elf.elffile import ELFFile
dist, wheelhouse, show_log, repo, version = sys.argv[1:]
fails = []
def check(cond, what):
    if not cond:
        fails.append(what)
    return cond
sdists = glob.glob(os.path.join(dist, "*.tar.gz"))
raw = glob.glob(os.path.join(dist, "*.whl"))
repaired = glob.glob(os.path.join(wheelhouse, "*.whl"))
if not (check(len(sdists) == 1 and len(raw) == 1, "one sdist and one wheel, got %s" % os.listdir(dist))
        and check(len(repaired) == 1, "one repaired wheel, got %s" % os.listdir(wheelhouse))):
    sys.exit("wheel: FAILED: " + "; ".join(fails))
sdist, raw, wheel = sdists[0], raw[0], repaired[0]
check(os.path.basename(sdist) == "dmap-dijkstra-%s.tar.gz" % version, "sdist name " + sdist)
check(re.fullmatch(r"dmap_dijkstra-%s-cp3\d+-cp3\d+-linux_x86_64\.whl" % re.escape(version),
                   os.path.basename(raw)), "wheel name " + raw)
top = "dmap-dijkstra-%s/" % version
with tarfile.open(sdist) as t:
    names = {m.name[len(top):] for m in t.getmembers() if m.name.startswith(top) and m.isfile()}
# every source the extensions compile, the maps and the binding's own files
want = ["pyproject.toml", "setup.py", "README.md", "src/pydmap.h", "tests/conftest.py",
        "csrc/include/dmap.h", "csrc/viewer/index.html", "csrc/arenas/kutulu/data/maps/Cog.txt",
        "csrc/arenas/kutulu/data/README.md", "LICENSES/libjansson.txt", "LICENSE"]
for pat in ("src/*.c", "src/*.h", "arenas/kit/*.c", "arenas/*/bots/*.c", "arenas/*/*.h"):
    want += ["csrc/" + os.path.relpath(p, repo) for p in glob.glob(os.path.join(repo, pat))]
want += [os.path.relpath(p, os.path.join(repo, "python")) for p in glob.glob(os.path.join(repo, "python", "src", "*.c"))]
missing = [w for w in want if w not in names]
check(not missing, "sdist lacks %s" % missing[:10])

# The repaired wheel's tag: manylinux_2_N_x86_64 with N at most this machine's glibc (2.36 on
# Debian 12), the same in its name, in its WHEEL file and in what `auditwheel show` finds.
m = re.fullmatch(r"dmap_dijkstra-%s-(cp3\d+)-(cp3\d+)-(manylinux_2_(\d+)_x86_64)\.whl" % re.escape(version),
                 os.path.basename(wheel))
if not check(m, "repaired wheel name %s, not ...-manylinux_2_N_x86_64.whl" % os.path.basename(wheel)):
    sys.exit("wheel: FAILED: " + "; ".join(fails))
tag, glibc_minor = m.group(3), int(m.group(4))
here_glibc = os.confstr("CS_GNU_LIBC_VERSION").split()[1]
check(glibc_minor <= int(here_glibc.split(".")[1]), "tag %s newer than this machine's glibc %s" % (tag, here_glibc))
show = " ".join(open(show_log).read().split())
check('is consistent with the following platform tag: "%s"' % tag in show,
      "auditwheel show of the repaired wheel does not find %s: %s" % (tag, show[:300]))

with zipfile.ZipFile(wheel) as z:
    files = z.namelist()
    meta_name = [f for f in files if f.endswith(".dist-info/METADATA")]
    check(len(meta_name) == 1, "wheel METADATA")
    meta = email.parser.Parser().parsestr(z.read(meta_name[0]).decode())
    wheel_file = z.read("dmap_dijkstra-%s.dist-info/WHEEL" % version).decode()
    check(re.findall(r"^Tag: (.*)$", wheel_file, re.M) == ["%s-%s-%s" % (m.group(1), m.group(2), tag)],
          "WHEEL tags %r" % re.findall(r"^Tag: (.*)$", wheel_file, re.M))
    # Every library an ELF file of the wheel needs: in the manylinux policy of its tag (glibc,
    # libz, ...) or grafted into dmap_dijkstra.libs/, found there through the file's RPATH.
    policies = json.load(open(os.path.join(os.path.dirname(auditwheel.__file__), "policy", "manylinux-policy.json")))
    allowed = set(next(p["lib_whitelist"] for p in policies if p["name"] == "manylinux_2_%d" % glibc_minor))
    grafted = {os.path.basename(f) for f in files if f.startswith("dmap_dijkstra.libs/") and ".so" in f}
    system, outside = set(), set()
    for f in files:
        if not re.search(r"\.so(\.|$)", f):
            continue
        elf = ELFFile(io.BytesIO(z.read(f)))
        dyn = elf.get_section_by_name(".dynamic")
        needed = [t.needed for t in dyn.iter_tags() if t.entry.d_tag == "DT_NEEDED"]
        rpath = ":".join(getattr(t, a) for t in dyn.iter_tags() for a in ("rpath", "runpath")
                         if t.entry.d_tag == "DT_" + a.upper())
        for lib in needed:
            if lib in allowed:
                system.add(lib)
            elif lib in grafted:
                where = os.path.normpath(os.path.join(os.path.dirname(f), "../dmap_dijkstra.libs"))
                check(any(os.path.normpath(r.replace("$ORIGIN", os.path.dirname(f))) == where
                          for r in rpath.split(":")), "%s: RPATH %r does not reach %s" % (f, rpath, lib))
            else:
                outside.add("%s (%s)" % (lib, f))
    check(not outside, "libraries outside the %s policy and not in the wheel: %s" % (tag, sorted(outside)))
    check(grafted, "no library grafted into dmap_dijkstra.libs/ (libjansson expected)")
    # A copied library's licence travels with it: python/LICENSES/<library>.txt, in the
    # .dist-info and named by a License-File field (libjansson: MIT, its copyright line).
    dist_info = "dmap_dijkstra-%s.dist-info/" % version
    bundled = set(meta.get_all("License-File") or [])
    for lib in sorted(grafted):
        name = lib.split("-")[0].split(".")[0]
        text = z.read(dist_info + name + ".txt").decode() if dist_info + name + ".txt" in files else ""
        check("LICENSES/%s.txt" % name in bundled and "Permission is hereby granted" in text
              and ("Copyright (c)" in text), "the wheel copies %s but not its licence "
              "(python/LICENSES/%s.txt in the .dist-info, a License-File field)" % (lib, name))
for ext in ("dmap/_dmap.", "dmap/_arenas."):
    check(any(f.startswith(ext) and f.endswith(".so") for f in files), "wheel lacks %s*.so" % ext)
for pat in ("dmap/__init__.pyi", "dmap/_arenas.pyi", "dmap/py.typed", "dmap/arenas/kutulu.py",
            "dmap/rl/_envs.py", "dmap/arenas/data/kutulu_maps/Cog.txt"):
    check(any(f.startswith(pat) for f in files), "wheel lacks " + pat)
check(len([f for f in files if f.startswith("dmap/arenas/data/kutulu_maps/") and f.endswith(".txt")]) == 20,
      "wheel: the 20 Kutulu maps")

# The metadata PyPI shows.
check(meta["Name"] == "dmap-dijkstra", "Name %r" % meta["Name"])
check(meta["Version"] == version, "Version %r, CMakeLists.txt says %s" % (meta["Version"], version))
check("Dijkstra maps" in (meta["Summary"] or ""), "Summary %r" % meta["Summary"])
check(meta["Requires-Python"] == ">=3.9", "Requires-Python %r" % meta["Requires-Python"])
check(any(r.startswith("numpy") for r in meta.get_all("Requires-Dist") or []), "Requires-Dist numpy")
classifiers = meta.get_all("Classifier") or []
for c in ("Programming Language :: C", "Programming Language :: Python :: 3", "Typing :: Typed"):
    check(c in classifiers, "Classifier " + c)
# PyPI refuses an upload with a classifier it does not know.
unknown = [c for c in classifiers if c not in trove_classifiers.classifiers]
check(not unknown, "Classifiers PyPI does not know: %s" % unknown)
check(meta["Description-Content-Type"] == "text/markdown", "Description-Content-Type")
readme = open(os.path.join(repo, "python", "README.md")).read()
check(meta.get_payload().strip() == readme.strip(), "the description is python/README.md")
# The licence: MIT (License, or PEP 639's License-Expression), and the repository's LICENSE
# itself in the .dist-info, named by License-File (python/LICENSE, a copy that must not drift).
# URLs are not required (no public address yet): checked only when there.
licence = (meta.get_all("License-Expression") or []) + (meta.get_all("License") or [])
check(licence == ["MIT"], "the licence fields %r, not MIT (license in pyproject.toml)" % licence)
root_licence = open(os.path.join(repo, "LICENSE")).read()
check(open(os.path.join(repo, "python", "LICENSE")).read() == root_licence,
      "python/LICENSE differs from the repository's LICENSE")
check("LICENSE" in (meta.get_all("License-File") or []), "no License-File LICENSE")
with zipfile.ZipFile(wheel) as z:
    check(z.read("dmap_dijkstra-%s.dist-info/LICENSE" % version).decode() == root_licence
          if "dmap_dijkstra-%s.dist-info/LICENSE" % version in z.namelist() else False,
          "the wheel's .dist-info/LICENSE is not the repository's LICENSE")
with tarfile.open(sdist) as t:
    check(t.extractfile(top + "LICENSE").read().decode() == root_licence, "the sdist's LICENSE")
urls = (meta.get_all("Project-URL") or []) + (meta.get_all("Home-page") or [])
for u in meta.get_all("Project-URL") or []:
    check(re.fullmatch(r"[^,]{1,32}, https://\S+", u), "Project-URL %r is not 'label, https://...'" % u)
if fails:
    print("wheel: FAILED: " + "; ".join(fails), file=sys.stderr)
    sys.exit(1)
print("wheel: %s (%d files in the sdist), %s: files and metadata ok"
      % (os.path.basename(sdist), len(names), os.path.basename(wheel)))
print("wheel: auditwheel repair: tag %s (glibc %s here); from the system %s (in the policy); grafted %s, with %s"
      % (tag, here_glibc, ", ".join(sorted(system)), ", ".join(sorted(grafted)), ", ".join(sorted(bundled))))
print("wheel: licence %s (LICENSE in the .dist-info)%s" % (licence[0], "" if urls else "; no project URLs (none yet)"))
PY

# A fresh venv: Debian's NumPy and pytest, the repaired wheel, no index.
"$base_py" -m venv --system-site-packages "$work/venv"
"$work/venv/bin/pip" install --no-index --quiet --disable-pip-version-check "$work/wheelhouse/"*.whl
fresh_site="$("$work/venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
mkdir -p "$work/run"
cd "$work/run"
# The installed wheel on NumPy 2: the tests' venv's interpreter with the fresh venv's site folder
# first on its path (it holds dmap; the venv's own holds none).
env -u DMAP_SOURCE -u DMAP_KUTULU_MAPS PYTHONPATH="$fresh_site" "$build_py" - <<'PY'
import os
import numpy as np
import dmap
from dmap.arenas import pommerman
assert "/wheel/venv/" in dmap.__file__, "imported %s, not the installed wheel" % dmap.__file__
assert int(np.__version__.split(".")[0]) >= 2, np.__version__
walls = np.zeros((1, 300), bool)
assert dmap.field(walls, [(0, 0)])[0, 299] == 299
walls_, chars = dmap.parse_text_map("#.\n.#\n")
assert chars.dtype == np.dtype("U1") and chars[0, 0] == "#", chars
env = pommerman.make("PommeFFACompetition-v0", ["simple"] * 4)
env.seed(1)
env.reset()
rewards, info = env.run()  # the recorded game ffa-SSSS/seed_1: 165 steps, agent 0 wins
assert (env._step_count, rewards, info["winners"]) == (165, [1, -1, -1, -1], [0]), (env._step_count, rewards)
print("wheel: the installed wheel on NumPy %s: a map, a map reader and a Pommerman game ok" % np.__version__)
PY
# Then the NumPy 1 venv's packages (NumPy 1.23, gymnasium, pettingzoo, ...: the optional extra
# rl's tests need them) seen through a .pth file naming its site folder, which holds no dmap.
numpy1_site="$("$numpy1_py" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
echo "$numpy1_site" >"$fresh_site/dmap-test-packages.pth"
env -u DMAP_SOURCE -u DMAP_KUTULU_MAPS "$work/venv/bin/python" - <<'PY'
import os
import dmap
from dmap.arenas import kutulu
assert "/venv/" in dmap.__file__, "imported %s, not the installed package" % dmap.__file__
# the extensions load the libjansson the repaired wheel carries, not the system's
import dmap._arenas
libs = os.path.realpath(os.path.join(os.path.dirname(dmap.__file__), "..", "dmap_dijkstra.libs")) + os.sep
jansson = {line.split()[-1] for line in open("/proc/self/maps") if "libjansson" in line}
assert jansson and all(j.startswith(libs) for j in jansson), "libjansson loaded from %s" % sorted(jansson)
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
