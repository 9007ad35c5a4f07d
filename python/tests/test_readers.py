"""Readers from Python: text maps (walls and characters), Moving AI maps and scenarios checked
against the scenario's optimal lengths, and the errors of each."""
import math

import numpy as np
import pytest

import dmap
from conftest import data_path


def test_text_map_walls_and_chars():
    walls, chars = dmap.parse_text_map("#.A#\n#B.#\r\n")
    assert walls.shape == (2, 4) and walls.dtype == bool
    assert walls.tolist() == [[True, False, False, True], [True, False, False, True]]
    assert chars[0, 2] == "A" and tuple(np.argwhere(chars == "B")[0]) == (1, 1)
    assert dmap.parse_text_map(b"..\n..\n")[0].shape == (2, 2)  # bytes work too
    with pytest.raises(dmap.Error, match="line 2") as e:
        dmap.parse_text_map("...\n..\n")
    assert e.value.code == dmap.ERR_FORMAT
    with pytest.raises(dmap.Error):
        dmap.parse_text_map("")
    with pytest.raises(TypeError):
        dmap.parse_text_map(42)


def test_read_file_errors_are_oserror(tmp_path):
    with pytest.raises(OSError, match="No such file"):
        dmap.read_file(str(tmp_path / "missing.map"))
    p = tmp_path / "m.txt"
    p.write_text("#.\n..\n")
    assert dmap.read_file(p) == b"#.\n..\n"
    walls, chars = dmap.load_text_map(p)
    assert walls[0, 0] and not walls[1, 1]


def test_movingai_scenario_optimal_lengths():
    path = data_path("tests", "data", "movingai", "arena.map")
    walls, chars = dmap.load_movingai_map(path)
    assert chars.shape == walls.shape and set(np.unique(chars[walls])) <= set("@OTW")
    queries = dmap.load_scen(path + ".scen")
    assert len(queries) > 100
    assert all(q.map_w == walls.shape[1] and q.map_h == walls.shape[0] for q in queries)
    ws = dmap.Workspace()
    for q in queries[::7]:
        v = dmap.field(walls, [q.start], None, moves=dmap.MOVES_OCTILE, workspace=ws)
        assert v[0, 0] == np.inf or not walls[0, 0] or v[0, 0] == dmap.NO_CEILING
        gx, gy = q.goal
        assert abs(v[gy, gx] - q.optimal) < 1e-3, q  # the file rounds to 4 decimals
    assert ws.nbytes > 0
    with pytest.raises(dmap.Error, match="line"):
        dmap.parse_movingai_map("type octile\nheight 1\nwidth 2\nmap\n.X\n")
    with pytest.raises(dmap.Error, match="line"):
        dmap.parse_scen("version 1\n0 a.map 2 2 0 0 1 1\n")


def test_no_game_formats():
    """The package wraps the game-free library: the pursuit world format lives with its arena."""
    for name in ("parse_world", "format_world", "load_world", "World"):
        assert not hasattr(dmap, name)


def test_either_format_csv_round_trip_and_text_map_writer(tmp_path):
    walls, chars = dmap.parse_map("#.A\n..#\n")
    mwalls, mchars = dmap.parse_map("type octile\nheight 1\nwidth 3\nmap\n.@S\n")
    assert mwalls.tolist() == [[False, True, False]] and mchars[0, 2] == "S"
    text = dmap.format_text_map(walls, chars)
    assert text == "#.A\n..#\n"
    assert dmap.format_text_map(walls) == "#..\n..#\n"
    v = dmap.field(walls, [(1, 1, -0.5)], None)
    v[0, 2] = np.inf
    for fmt in ("csv", "grid"):
        assert isinstance(dmap.format_values(walls, v, fmt), str)
    back_walls, back = dmap.parse_values_csv(dmap.format_values(walls, v))
    assert np.array_equal(back_walls, walls) and np.array_equal(back[~walls], v[~walls])
    p = tmp_path / "v.csv"
    dmap.save_values_csv(p, walls, v)
    assert np.array_equal(dmap.load_values_csv(p)[1][~walls], v[~walls])
    bad = v.copy()
    bad[1, 0] = np.nan
    with pytest.raises(dmap.Error):
        dmap.format_values(walls, bad)
    with pytest.raises(dmap.Error):
        dmap.format_values(walls, v, "digits")  # -0.5 is not a digit
    with pytest.raises(dmap.Error, match="line"):
        dmap.parse_values_csv("1,2\n3\n")
    assert dmap.version() == dmap.LIBRARY_VERSION and dmap.version_number() == 200
