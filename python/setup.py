"""Build of the dmap Python package: the extension module dmap._dmap (python/src/*.c) over the
dmap C library.

Where the library comes from:
  - by default its sources (../src/*.c of this repository) are compiled into the extension, so
    `pip install --no-build-isolation ./python` works from a fresh clone, offline, with no
    CMake build first;
  - with DMAP_STATIC_LIB=/path/to/libdmap.a (and optionally DMAP_INCLUDE_DIR) the extension
    links that static library instead (the ctest test builds against its own build's library).
DMAP_WERROR=1 adds -Werror (the test build uses it).
"""
import glob
import os

import numpy
from setuptools import Extension, setup

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

include_dirs = [os.environ.get("DMAP_INCLUDE_DIR") or os.path.join(ROOT, "include"), numpy.get_include()]
# setuptools wants source paths relative to this file.
sources = sorted(os.path.relpath(p, HERE) for p in glob.glob(os.path.join(HERE, "src", "*.c")))
extra_objects = []
# Rebuild when the headers (or the linked library) change, not only the .c files.
depends = [os.path.join("src", "pydmap.h"), os.path.relpath(os.path.join(include_dirs[0], "dmap.h"), HERE)]
static_lib = os.environ.get("DMAP_STATIC_LIB")
if static_lib:
    extra_objects.append(static_lib)
    depends.append(static_lib)
else:
    sources += sorted(os.path.relpath(p, HERE) for p in glob.glob(os.path.join(ROOT, "src", "*.c")))
    include_dirs.append(os.path.join(ROOT, "src"))

compile_args = ["-std=c11", "-Wall", "-Wextra", "-Wno-missing-field-initializers"]
if os.environ.get("DMAP_WERROR") == "1":
    compile_args.append("-Werror")

setup(
    ext_modules=[
        Extension(
            "dmap._dmap",
            sources=sources,
            include_dirs=include_dirs,
            extra_objects=extra_objects,
            depends=depends,
            extra_compile_args=compile_args,
            libraries=["m", "pthread"],
        )
    ],
)
