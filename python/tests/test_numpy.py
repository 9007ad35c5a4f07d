"""Which NumPy the suite runs on: the package is built once against NumPy 2's headers and must run
on NumPy 1.23 to 2.x, so ctest runs this suite in two environments (python/CMakeLists.txt: NumPy
2 in `python`, NumPy 1 in `python_wheel`) and names the version each must have in
DMAP_EXPECT_NUMPY; a run on another NumPy than the pinned one (a venv that lost its pin, Debian's
NumPy shadowing it) fails here instead of passing unnoticed."""
import os

import numpy as np
import pytest

import dmap


def test_runs_on_the_pinned_numpy():
    want = os.environ.get("DMAP_EXPECT_NUMPY")
    if not want:
        pytest.skip("DMAP_EXPECT_NUMPY not set (ctest sets it)")
    assert np.__version__ == want, "NumPy %s, expected %s" % (np.__version__, want)


def test_arrays_cross_the_extension_both_ways():
    # a map out (NumPy array made in C), a map in (scan in place), a string array out (the map
    # reader's characters, made through the dtype converter) and a bool array in
    walls, chars = dmap.parse_text_map("#..\n...\n")
    assert walls.dtype == np.bool_ and walls.tolist() == [[True, False, False], [False, False, False]]
    assert chars.dtype == np.dtype("U1") and chars.tolist() == [["#", ".", "."], [".", ".", "."]]
    assert dmap.format_text_map(walls, chars) == "#..\n...\n"
    v = dmap.field(walls, [(2, 1)], moves=4)
    assert v.dtype == np.float64 and v.tolist() == [[np.inf, 2.0, 1.0], [2.0, 1.0, 0.0]]
    v = np.full((2, 3), 100.0)
    v[1, 2] = 0.0
    dmap.scan(walls, v, moves=4)
    assert v.tolist() == [[100.0, 2.0, 1.0], [2.0, 1.0, 0.0]]
