"""The package's surface: every public name of the stubs exists at run time and vice versa,
docstrings carry signatures, and the extension reports the header's version."""
import ast
import inspect
import os

import dmap

STUB = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "dmap", "__init__.pyi")
PRIVATE_TYPES = {"Cell", "ArrayLike", "F64", "Bools", "I32", "Text", "Path", "Goal", "Goals", "MovesLike", "Edit"}


def stub_names():
    tree = ast.parse(open(STUB).read())
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign):
            names.add(node.target.id)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return {n for n in names if not n.startswith("_")} - PRIVATE_TYPES


def test_stubs_match_the_module():
    # subpackages (dmap.arenas, once imported) have their own surface
    public = {n for n in dir(dmap) if not n.startswith("_") and not inspect.ismodule(getattr(dmap, n))}
    public -= {"annotations"}
    stubs = stub_names()
    assert stubs - public == set(), "in the stubs, missing at run time"
    assert public - stubs == set(), "at run time, missing from the stubs"


def test_help_is_useful():
    for name in dir(dmap):  # every function's signature is readable (help() shows it)
        fn = getattr(dmap, name)
        if callable(fn) and not name.startswith("_") and not isinstance(fn, type):
            inspect.signature(fn)
    for fn in (dmap.field, dmap.scan, dmap.flee, dmap.safe_walk, dmap.layered_search, dmap.bfs):
        doc = fn.__doc__
        assert doc and len(doc) > 200 and list(inspect.signature(fn).parameters)[0] in ("walls", "ncells")
    assert "ceiling" in dmap.field.__doc__ and "zero-copy" in dmap.scan.__doc__
    assert "Raises" in dmap.field.__doc__
    assert dmap.__doc__ and "(H, W)" in dmap.__doc__


def test_version():
    assert dmap.__version__ == dmap.version() == dmap.LIBRARY_VERSION
