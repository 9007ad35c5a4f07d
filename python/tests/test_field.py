"""field, scan and flee against the Dijkstra-map article's printed examples and the reference
sweep."""
import math
import re

import numpy as np
import pytest

import dmap
import reference as ref
from conftest import random_free_cells, random_walls

ARTICLE_CENTRE = ["43234", "32123", "21012", "32123", "43234"]
ARTICLE_CORNERS = ["01210", "12321", "23432", "12321", "01210"]


def digits(v):
    return ["".join(str(int(c)) for c in row) for row in v]


def test_article_examples_verbatim():
    walls = np.zeros((5, 5), bool)
    assert digits(dmap.field(walls, [(2, 2)])) == ARTICLE_CENTRE
    corners = dmap.field(walls, [(0, 0), (4, 0), (0, 4), (4, 4)])
    assert digits(corners) == ARTICLE_CORNERS
    # The article's sum of the two maps is uniform 4.
    assert np.all(dmap.add(walls, dmap.field(walls, [(2, 2)]), corners) == 4)


def goal_forms(walls, goals):
    """The same goals as a list of triples, a float mask, and (for value-0 goals) pairs/bool."""
    mask = np.full(walls.shape, np.nan)
    for x, y, v in goals:
        mask[y, x] = min(v, mask[y, x]) if not math.isnan(mask[y, x]) else v
    return goals, mask


@pytest.mark.parametrize("moves,kw", [
    (dmap.MOVES_4, dict(connectivity=4)),
    (dmap.MOVES_8, dict(connectivity=8)),
    (dmap.MOVES_OCTILE, dict(connectivity=8, diagonal=math.sqrt(2), strict=True)),
    (dmap.Moves(8, 2.0, 3.0, dmap.CORNERS_CUT), dict(connectivity=8, cardinal=2.0, diagonal=3.0)),
])
def test_field_matches_reference_sweep(rng, moves, kw):
    for trial in range(25):
        h, w = rng.randint(1, 12), rng.randint(1, 12)
        walls = random_walls(rng, h, w, rng.choice([0.0, 0.2, 0.4]))
        cells = random_free_cells(rng, walls, rng.randint(0, 4))
        integer = trial % 2 == 0
        goals = [(x, y, float(rng.randint(-5, 5)) if integer else rng.uniform(-5, 5)) for x, y in cells]
        ceiling = rng.choice([100.0, 7.0, 1e300])
        costs = None
        if trial % 3 == 0:
            costs = np.array([[rng.choice([1.0, 2.0, 0.5]) for _ in range(w)] for _ in range(h)])
        want = ref.field(walls.tolist(), goals, ceiling, None if costs is None else costs.tolist(), **kw)
        as_list, mask = goal_forms(walls, goals)
        for g in (as_list, mask):
            got = dmap.field(walls, g, ceiling, moves=moves, costs=costs)
            if integer and kw.get("diagonal", 1.0) in (1.0, 3.0) and costs is None:
                assert got.tolist() == want  # bit for bit, as the sweep
            else:
                np.testing.assert_allclose(got, np.array(want), rtol=1e-12, atol=1e-9)


def test_goal_forms_agree():
    walls = np.zeros((4, 6), bool)
    walls[1, 1:5] = True
    pairs = dmap.field(walls, [(0, 0), (5, 3)])
    triples = dmap.field(walls, [(0, 0, 0.0), (5, 3, 0)])
    boolmask = np.zeros((4, 6), bool)
    boolmask[0, 0] = boolmask[3, 5] = True
    floatmask = np.where(boolmask, 0.0, np.nan)
    for other in (triples, dmap.field(walls, boolmask), dmap.field(walls, floatmask),
                  dmap.field(walls, [[0, 0], np.array([5, 3])])):
        assert np.array_equal(pairs, other)


def test_ceiling_and_no_ceiling():
    walls = np.zeros((1, 200), bool)
    v = dmap.field(walls, [(0, 0)], dmap.DEFAULT_CEILING)
    assert v[0, 150] == dmap.DEFAULT_CEILING == 100.0
    assert v[0, 99] == 99
    far = dmap.field(walls, [(0, 0)], None)
    assert far[0, 199] == 199
    assert np.array_equal(dmap.field(walls, [(0, 0)]), far)  # the default: no ceiling
    assert np.isinf(dmap.field(np.array([[0, 1, 0]]), [(0, 0)], None)[0, 2])  # unreachable: +inf
    assert dmap.NO_CEILING == np.inf
    for goals in ([(0, 0, 5.0)], np.where(np.arange(200) == 0, 5.0, np.nan)[None, :]):
        with pytest.raises(dmap.Error, match="ceiling") as e:  # a goal at or above it does nothing
            dmap.field(walls, goals, 3.0)
        assert e.value.code == dmap.ERR_CEILING


def test_scan_rescan_and_flee_match_reference(rng):
    for _ in range(20):
        h, w = rng.randint(2, 10), rng.randint(2, 10)
        walls = random_walls(rng, h, w, 0.2)
        cells = random_free_cells(rng, walls, 2)
        if not cells:
            continue
        toward = dmap.field(walls, [(x, y, 0.0) for x, y in cells], 1000.0)
        scaled = np.where(walls, toward, -1.2 * toward)
        want = ref.sweep(walls.tolist(), scaled.tolist())
        np.testing.assert_allclose(dmap.flee(walls, toward), np.array(want), rtol=0, atol=1e-9)
        np.testing.assert_allclose(dmap.flee(walls, toward, -1.2), np.array(want), atol=1e-9)
        again = scaled.copy()
        assert dmap.scan(walls, again) is again
        np.testing.assert_allclose(again, np.array(want), atol=1e-9)
        in_place = toward.copy()
        assert dmap.flee(walls, in_place, out=in_place) is in_place
        np.testing.assert_allclose(in_place, np.array(want), atol=1e-9)


def test_walls_keep_their_values():
    walls = np.zeros((3, 3), bool)
    walls[1, 1] = True
    v = np.full((3, 3), 50.0)
    v[1, 1] = np.nan  # the bomber bot's NaN walls survive a scan
    v[0, 0] = 0.0
    dmap.scan(walls, v)
    assert math.isnan(v[1, 1]) and v[2, 2] == 4.0


def test_errors_carry_the_library_message():
    walls = np.zeros((3, 4), bool)
    walls[0, 1] = True
    with pytest.raises(dmap.Error, match=re.escape(dmap.strerror(dmap.ERR_WALL))) as e:
        dmap.field(walls, [(1, 0)])
    assert e.value.code == dmap.ERR_WALL
    assert isinstance(e.value, ValueError)
    with pytest.raises(dmap.Error, match="outside") as e:
        dmap.field(walls, [(4, 0)])
    assert e.value.code == dmap.ERR_RANGE
    with pytest.raises(dmap.Error, match=re.escape(dmap.strerror(dmap.ERR_VALUE))) as e:
        dmap.field(walls, [(0, 0, math.nan)])
    assert e.value.code == dmap.ERR_VALUE
    with pytest.raises(dmap.Error):
        dmap.field(walls, [(0, 0)], math.nan)
    with pytest.raises(dmap.Error):
        dmap.field(walls, [(0, 0)], -math.inf)
    bad = np.zeros((3, 4))
    bad[2, 2] = math.nan
    with pytest.raises(dmap.Error, match=re.escape(dmap.strerror(dmap.ERR_VALUE))):
        dmap.scan(walls, bad)
    with pytest.raises(dmap.Error, match=re.escape(dmap.strerror(dmap.ERR_VALUE))):
        dmap.field(walls, [(0, 0)], costs=np.zeros((3, 4)))
    with pytest.raises(ValueError, match="shape"):
        dmap.field(walls, [(0, 0)], costs=np.ones((4, 3)))
    with pytest.raises(dmap.Error, match=re.escape(dmap.strerror(dmap.ERR_SIZE))):
        dmap.field(np.zeros((0, 5), bool), [])
    with pytest.raises(dmap.Error):
        dmap.Moves(6)
    with pytest.raises(dmap.Error):
        dmap.Moves(8, 1.0, -1.0)
    with pytest.raises(TypeError):
        dmap.field(walls, [(0, 0)], moves="eight")
    with pytest.raises(TypeError):
        dmap.field(walls, [(0,)])
    with pytest.raises(TypeError, match="bool .* or float"):
        dmap.field(walls, np.zeros((3, 4), np.uint8))  # 0/1 flags or values? refused
    cells = np.array([[0, 0], [3, 2]])  # (x, y) rows, as np.argwhere(...)[:, ::-1] gives
    with pytest.raises(TypeError, match=r"list of \(x, y\[, value\]\).*tolist"):
        dmap.field(walls, cells)  # a 2-D array is a mask: the message says how to give cells
    assert np.array_equal(dmap.field(walls, cells.tolist()), dmap.field(walls, [(0, 0), (3, 2)]))
    with pytest.raises(dmap.Error, match="factor"):
        dmap.flee(walls, np.zeros((3, 4)), 1.2)
    with pytest.raises(dmap.Error, match="wall"):
        mask = np.zeros((3, 4), bool)
        mask[0, 1] = True
        dmap.field(walls, mask)
    # Nothing was written into out after a failed call.
    out = np.full((3, 4), 7.0)
    with pytest.raises(dmap.Error):
        dmap.field(walls, [(1, 0)], out=out)
    assert np.all(out == 7.0)


def test_many_goals_beyond_the_stack_buffer():
    walls = np.zeros((10, 10), bool)
    goals = [(x, y) for y in range(0, 10, 2) for x in range(10)]  # 50 goals
    v = dmap.field(walls, goals)
    want = ref.field(walls.tolist(), [(x, y, 0.0) for x, y in goals])
    assert v.tolist() == want


def test_moves_presets():
    assert dmap.moves_4() == dmap.MOVES_4 == dmap.Moves()
    assert dmap.MOVES_8 == dmap.Moves(8, 1.0, 1.0, dmap.CORNERS_CUT)
    o = dmap.moves_octile()
    assert (o.connectivity, o.cardinal, o.diagonal, o.corners) == (8, 1.0, math.sqrt(2), dmap.CORNERS_STRICT)
    walls = np.zeros((3, 3), bool)
    assert np.array_equal(dmap.field(walls, [(0, 0)], moves=8), dmap.field(walls, [(0, 0)], moves=dmap.MOVES_8))
