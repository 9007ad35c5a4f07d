"""The toolkit from Python: algebra, downhill, steps, BFS, burying, threat/timing maps, the safe
walk, the layered search and the choice helpers, each against a plain-Python oracle."""
import itertools
import math

import numpy as np
import pytest

import dmap
import reference as ref
from conftest import random_free_cells, random_walls


def test_algebra_matches_numpy_on_passable_cells_and_keeps_walls(rng):
    walls = random_walls(rng, 6, 7, 0.3)
    a = np.array([[rng.uniform(-9, 9) for _ in range(7)] for _ in range(6)])
    b = np.array([[rng.uniform(-9, 9) for _ in range(7)] for _ in range(6)])
    free = ~walls
    cases = [
        (dmap.add(walls, a, b), a + b),
        (dmap.minimum(walls, a, b), np.minimum(a, b)),
        (dmap.maximum(walls, a, b), np.maximum(a, b)),
        (dmap.scale(walls, a, -1.5), -1.5 * a),
        (dmap.clamp(walls, a, -2.0, 3.0), np.clip(a, -2.0, 3.0)),
        (dmap.weighted_sum(walls, [a, b, a], [2.0, -1.0, 0.5]), 2.0 * a + -1.0 * b + 0.5 * a),
    ]
    for got, want in cases:
        assert np.array_equal(got[free], want[free])
        assert np.array_equal(got[walls], a[walls])  # a new out starts as a copy of the first map
    out = np.full((6, 7), 123.0)
    dmap.add(walls, a, b, out=out)
    assert np.all(out[walls] == 123.0)
    with pytest.raises(dmap.Error):
        dmap.clamp(walls, a, 3.0, -2.0)
    with pytest.raises(dmap.Error):
        dmap.weighted_sum(walls, [], [])
    with pytest.raises(ValueError):
        dmap.weighted_sum(walls, [a], [1.0, 2.0])


def brute_options(walls, values, x, y, connectivity=4, blocked=None):
    best, opts = values[y][x], [dmap.Dir.STAY]
    for d in list(dmap.Dir)[1: 1 + connectivity]:
        dx, dy = d.offset
        nx, ny = x + dx, y + dy
        if not (0 <= nx < walls.shape[1] and 0 <= ny < walls.shape[0]) or walls[ny, nx]:
            continue
        if blocked is not None and blocked[ny, nx]:
            continue
        v = values[ny][nx]
        if v < best:
            best, opts = v, [d]
        elif v == best:
            opts.append(d)
    return opts


def test_downhill_options_are_every_tied_best_move(rng):
    for _ in range(30):
        walls = random_walls(rng, 5, 6, 0.2)
        values = np.array([[float(rng.randint(0, 3)) for _ in range(6)] for _ in range(5)])
        blocked = random_walls(rng, 5, 6, 0.2)
        for x, y in random_free_cells(rng, walls, 3):
            assert dmap.downhill_options(walls, values, (x, y)) == brute_options(walls, values, x, y)
            assert dmap.downhill_options(walls, values, (x, y), blocked=blocked) == \
                brute_options(walls, values, x, y, blocked=blocked)
            assert dmap.downhill_options(walls, values, (x, y), moves=8) == \
                brute_options(walls, values, x, y, 8)
    walls = np.zeros((3, 3), bool)
    walls[0, 0] = True
    v = np.zeros((3, 3))
    with pytest.raises(dmap.Error, match="wall"):
        dmap.downhill_options(walls, v, (0, 0))
    with pytest.raises(dmap.Error, match="outside"):
        dmap.downhill_options(walls, v, (3, 0))


def test_downhill_path_and_pick_option_are_seeded():
    walls = np.zeros((5, 5), bool)
    v = dmap.field(walls, [(4, 4)])
    path = dmap.downhill_path(walls, v, (0, 0))
    assert path[0] == (0, 0) and path[-1] == (4, 4) and len(path) == 9
    assert path[1] == (1, 0)  # ties by the lowest Dir without rng: RIGHT before DOWN
    for a, b in zip(path, path[1:]):
        assert v[b[1], b[0]] < v[a[1], a[0]]
    p1 = dmap.downhill_path(walls, v, (0, 0), rng=dmap.Rng(7))
    p2 = dmap.downhill_path(walls, v, (0, 0), rng=dmap.Rng(7))
    assert p1 == p2 and len(p1) == 9
    opts = [dmap.Dir.RIGHT, dmap.Dir.DOWN]
    r = dmap.Rng(3)
    picks = [dmap.pick_option(opts, r) for _ in range(200)]
    assert set(picks) == set(opts)
    r2, r3 = dmap.Rng(3), dmap.Rng(3)
    assert [dmap.pick_option(opts, r2) for _ in range(200)] == picks
    # One below(2) draw per pick, as the C library does.
    assert [opts[r3.below(2)] for _ in range(200)] == picks
    assert dmap.pick_option([dmap.Dir.UP], dmap.Rng(1)) == dmap.Dir.UP
    with pytest.raises(dmap.Error):
        dmap.pick_option([], dmap.Rng(1))


def test_rng_is_deterministic_and_in_range():
    a, b = dmap.Rng(42), dmap.Rng(42)
    assert [a.next() for _ in range(10)] == [b.next() for _ in range(10)]
    assert all(0 <= a.below(7) < 7 for _ in range(1000))
    assert all(0.0 <= a.unit() < 1.0 for _ in range(1000))
    assert a.below(0) == 0
    a.seed(42)
    c = dmap.Rng(42)
    assert a.state == c.state


def test_step_and_directions():
    walls = np.zeros((3, 3), bool)
    walls[0, 1] = True
    assert dmap.step(walls, (0, 0), dmap.Dir.RIGHT) is None  # a wall
    assert dmap.step(walls, (0, 0), dmap.Dir.DOWN) == (0, 1)
    assert dmap.step(walls, (0, 0), dmap.Dir.UP) is None  # off the grid
    assert dmap.step(walls, (0, 1), dmap.Dir.UP_RIGHT) is None  # diagonal under 4-connectivity
    assert dmap.step(walls, (0, 1), dmap.Dir.UP_RIGHT, moves=8) is None  # into the wall
    assert dmap.step(walls, (2, 1), dmap.Dir.UP_LEFT, moves=dmap.MOVES_OCTILE) is None  # corner
    assert dmap.step(walls, (2, 1), dmap.Dir.DOWN_LEFT, moves=dmap.MOVES_OCTILE) == (1, 2)
    assert dmap.step(walls, (1, 1), dmap.Dir.STAY) == (1, 1)
    assert dmap.Dir.UP.offset == (0, -1) and dmap.dir_offset(dmap.Dir.DOWN_RIGHT) == (1, 1)


def test_bfs_reachable_and_paths_match_reference(rng):
    for trial in range(20):
        h, w = rng.randint(1, 10), rng.randint(1, 10)
        walls = random_walls(rng, h, w, 0.3)
        srcs = random_free_cells(rng, walls, rng.randint(1, 3))
        if not srcs:
            continue
        conn = 4 if trial % 2 else 8
        depth, parent = dmap.bfs(walls, srcs, moves=conn, parents=True)
        assert depth.tolist() == ref.bfs_depth(walls.tolist(), srcs, connectivity=conn)
        assert np.array_equal(dmap.bfs(walls, srcs, moves=conn), depth)
        reach = dmap.reachable(walls, srcs[0], moves=conn)
        assert np.array_equal(reach, dmap.bfs(walls, srcs[:1], moves=conn) >= 0)
        for x, y in random_free_cells(rng, walls, 3):
            path = dmap.bfs_path(depth, parent, (x, y))
            assert len(path) == (depth[y, x] + 1 if depth[y, x] >= 0 else 0)
            if path:
                assert path[0] in srcs and path[-1] == (x, y)
            assert dmap.can_move_to(walls, srcs[0], (x, y), moves=conn) == bool(reach[y, x])
        limited = dmap.bfs(walls, srcs, max_depth=2)
        full = dmap.bfs(walls, srcs)
        assert np.array_equal(limited, np.where(full > 2, -1, full))


def test_bury_dead_ends_fills_a_corridor_dead_end():
    rows = ["#######",
            "#.....#",
            "#.###.#",
            "#.#...#",
            "#######"]
    walls = np.array([[c == "#" for c in r] for r in rows])
    new, buried = dmap.bury_dead_ends(walls)
    assert buried[3, 3] and buried[3, 4] is not None
    # The dead-end corridor (3,3)..(3,4) and the cells it exposes fill; the loop stays open.
    assert buried.sum() >= 2 and not walls[buried].any()
    assert np.array_equal(new, walls | buried)
    assert not walls[3, 3]  # the input is untouched without inplace
    protected, b2 = dmap.bury_dead_ends(walls, [(3, 3)])
    assert not b2[3, 3] and not protected[3, 3]
    again, b3 = dmap.bury_dead_ends(new)
    assert not b3.any() and np.array_equal(again, new)  # burying twice buries nothing
    w2 = walls.copy()
    res, _ = dmap.bury_dead_ends(w2, inplace=True)
    assert res is w2 and np.array_equal(w2, new)


def test_threat_timing_and_safe_walk_match_reference(rng):
    for _ in range(15):
        h, w = rng.randint(2, 9), rng.randint(2, 9)
        walls = random_walls(rng, h, w, 0.2)
        cells = random_free_cells(rng, walls, 3)
        if len(cells) < 3:
            continue
        me, e1, e2 = cells
        depth1 = np.array(ref.bfs_depth(walls.tolist(), [e1]), float)
        depth2 = np.array(ref.bfs_depth(walls.tolist(), [e2]), float)
        t1 = dmap.threat_map(walls, e1, 1.5, 4.0)
        want1 = np.where((depth1 >= 0) & (depth1 <= 4.0), depth1 + 1.5, math.inf)
        assert np.array_equal(t1, want1)
        timing = dmap.timing_map(walls, [e1 + (1.5, 4.0), e2])
        want2 = np.where(depth2 >= 0, depth2, math.inf)
        assert np.array_equal(timing, np.minimum(want1, want2))
        arrival, parent, nsafe = dmap.safe_walk(walls, timing, me)
        # Reference: breadth-first from me, entering c at time t only when t < timing[c].
        seen, frontier, t = {me: 0.0}, [me], 0
        while frontier:
            t += 1
            nxt = []
            for n in frontier:
                for nx, ny, _ in ref.neighbours(walls.tolist(), *n):
                    if (nx, ny) not in seen and t < timing[ny, nx]:
                        seen[(nx, ny)] = float(t)
                        nxt.append((nx, ny))
            frontier = nxt
        want = np.full((h, w), math.inf)
        for (x, y), t in seen.items():
            want[y, x] = t
        assert np.array_equal(arrival, want)
        assert nsafe == len(seen)
        for (x, y) in seen:
            path = dmap.parent_path(parent, arrival, (x, y))
            assert path[0] == me and path[-1] == (x, y) and len(path) == arrival[y, x] + 1


def test_safe_walk_reference_exact():
    rows = ["......",
            ".####.",
            "......"]
    walls = np.array([[c == "#" for c in r] for r in rows])
    timing = np.full((3, 6), math.inf)
    timing[0, 2] = 2.0  # the top route is cut at x=2 (arrival there at t=2 is not < 2)
    arrival, parent, nsafe = dmap.safe_walk(walls, timing, (0, 0))
    assert arrival[0, 1] == 1.0 and math.isinf(arrival[0, 2])
    assert arrival[2, 5] == 7.0 and arrival[0, 5] == 9.0 and arrival[0, 3] == 11.0
    assert dmap.parent_path(parent, arrival, (3, 0))[:3] == [(0, 0), (0, 1), (0, 2)]
    assert dmap.parent_path(parent, arrival, (2, 0)) == []


def test_layered_search_matches_dijkstra():
    # A 1-D corridor of 6 cells; state 0 walks (1 per step), state 1 runs (0.5 per step);
    # switching 0 -> 1 costs 2 and only happens on cell 0.
    ncells, nstates = 6, 2

    def transitions(cell, state):
        out = []
        dt = 1.0 if state == 0 else 0.5
        for nc in (cell - 1, cell + 1):
            if 0 <= nc < ncells:
                out.append((nc, state, dt))
        if state == 0 and cell == 0:
            out.append((cell, 1, 2.0))
        return out

    arrival, parent = dmap.layered_search(ncells, nstates, [(0, 0, 0.0)], transitions, parents=True)
    nodes = [(c, s) for s in range(nstates) for c in range(ncells)]
    want = ref.dijkstra(nodes, {(0, 0): 0.0},
                        lambda n: [((c, s), d) for c, s, d in transitions(*n)])
    for (c, s), t in want.items():
        assert arrival[s, c] == t
    path = dmap.parent_path(parent, arrival, 1 * ncells + 5)
    assert path == [0, 6, 7, 8, 9, 10, 11]
    cut = dmap.layered_search(ncells, nstates, [(0, 0, 0.0)], transitions, horizon=3.0)
    assert math.isinf(cut[0, 5]) and cut[0, 3] == 3.0

    def broken(cell, state):
        raise KeyError("from the callback")

    with pytest.raises(KeyError, match="from the callback"):
        dmap.layered_search(ncells, nstates, [(0, 0, 0.0)], broken)
    with pytest.raises(ValueError, match="max_transitions"):
        dmap.layered_search(ncells, nstates, [(0, 0, 0.0)], transitions, max_transitions=1)
    with pytest.raises(dmap.Error, match="outside"):
        dmap.layered_search(ncells, nstates, [(9, 0, 0.0)], transitions)


def test_filter_moves_has_no_opinion_when_it_would_remove_all():
    scores = {1: 3.0, 2: 5.0, 3: 5.0, 4: 0.0}
    kept, removed = dmap.filter_moves([1, 2, 3, 4], [
        ("true", lambda c: 1.0 if c != 4 else 0.0),
        (dmap.FILTER_KEEP_TRUE, lambda c: 0.0),  # would remove all: no opinion
        ("max", lambda c: scores[c]),
    ])
    assert kept == [2, 3] and removed == [1, 0, 1]
    kept, removed = dmap.filter_moves([1, 2, 3], [("min", lambda c: scores[c])])
    assert kept == [1] and removed == [2]
    with pytest.raises(ZeroDivisionError):
        dmap.filter_moves([1, 2], [("max", lambda c: 1 / 0)])
    with pytest.raises(dmap.Error) as e:
        dmap.filter_moves([1], [("median", lambda c: 0.0)])
    assert e.value.code == dmap.ERR_ARG


def test_minimax_matches_brute_force(rng):
    table = {}
    for _ in range(5):
        nmine, opp = rng.randint(1, 4), [rng.randint(1, 3) for _ in range(rng.randint(0, 3))]
        table.clear()

        def outcome(my, o):
            key = (my, tuple(o))
            if key not in table:
                table[key] = float(rng.randint(-3, 3))
            return table[key]

        worst, average, best = dmap.minimax_moves(nmine, opp, outcome)
        for i in range(nmine):
            vals = [table[(i, combo)] for combo in itertools.product(*[range(n) for n in opp])]
            assert worst[i] == min(vals) and average[i] == pytest.approx(sum(vals) / len(vals))
        assert best == [i for i in range(nmine) if worst[i] == worst.max()]
    with pytest.raises(RuntimeError):
        dmap.minimax_moves(2, [2], lambda my, o: (_ for _ in ()).throw(RuntimeError("x")))
    with pytest.raises(dmap.Error):
        dmap.minimax_moves(2, [2], lambda my, o: math.nan)


def test_live_map_follows_edits_like_a_fresh_field(rng):
    for _ in range(10):
        walls = random_walls(rng, 8, 9, 0.2)
        goals = [(x, y, float(rng.randint(-3, 0))) for x, y in random_free_cells(rng, walls, 2)]
        live = dmap.LiveMap(walls, goals, 50.0)
        assert np.array_equal(live.values[~walls], dmap.field(walls, goals, 50.0)[~walls])
        for _ in range(5):
            x, y = rng.randrange(9), rng.randrange(8)
            kind = rng.choice(["wall", "floor"])
            live.apply([(kind, x, y)])
            walls[y, x] = kind == "wall"
            kept = [g for g in goals if not walls[g[1], g[0]]]
            want = dmap.field(walls, kept, 50.0)
            assert np.array_equal(live.walls, walls)
            assert np.array_equal(live.values[~walls], want[~walls])
    with pytest.raises(dmap.Error):
        live.apply([("teleport", 0, 0)])
    with pytest.raises(dmap.Error):
        live.apply([("goal", 99, 0, 1.0)])


def test_distance_table_and_map_cache_agree_with_bfs(rng):
    walls = random_walls(rng, 7, 8, 0.25)
    table = dmap.DistanceTable(walls)
    cells = random_free_cells(rng, walls, 6)
    for a in cells:
        depth = dmap.bfs(walls, [a])
        for b in cells:
            assert table.dist(a, b) == depth[b[1], b[0]]
            path = table.path(a, b)
            assert len(path) == (depth[b[1], b[0]] + 1 if depth[b[1], b[0]] >= 0 else 0)
        k, d = table.nearest(a, cells[1:])
        reach = [depth[y, x] for x, y in cells[1:] if depth[y, x] >= 0]
        assert d == (min(reach) if reach else -1)
    assert table.passable == int((~walls).sum()) and table.nbytes > 0
    cache = dmap.MapCache(walls, 2)
    for a in cells[:3] + cells[:1]:
        assert np.array_equal(cache.get(a)[~walls], dmap.field(walls, [a])[~walls])
    assert cache.stats["misses"] >= 3 and cache.stats["evictions"] >= 1
    free = [c for c in random_free_cells(rng, walls, 10) if c not in cells[:1]]
    cache.edit([("wall",) + free[0]])
    walls[free[0][1], free[0][0]] = True
    assert np.array_equal(cache.get(cells[0])[~walls], dmap.field(walls, [cells[0]])[~walls])
    # the default ceiling is field()'s: none (+inf where no goal reaches); a number caps
    boxed = np.zeros((3, 5), bool)
    boxed[:, 2] = True
    assert np.isinf(dmap.MapCache(boxed).get((0, 0))[0, 4])
    assert dmap.MapCache(boxed, 1, 7.0).get((0, 0))[0, 4] == 7.0
    assert dmap.MapCache(boxed, 1, 7.0).get((0, 0))[2, 1] == 3.0
    with pytest.raises(dmap.Error):
        dmap.MapCache(boxed, 1, float("nan"))
    with pytest.raises(dmap.Error):
        cache.edit([("goal", 0, 0, 1.0)])


def test_rng_takes_numpy_integer_seeds():
    a, b = dmap.Rng(np.int64(12)), dmap.Rng(12)
    assert [a.next() for _ in range(4)] == [b.next() for _ in range(4)]
    assert dmap.Rng(-1).next() == dmap.Rng(2**64 - 1).next()  # modulo 2**64, as Rng.seed
    with pytest.raises(TypeError):
        dmap.Rng(1.5)


def test_moves_may_be_a_numpy_integer():
    walls = np.zeros((4, 5), bool)
    assert np.array_equal(dmap.field(walls, [(0, 0)], moves=np.int64(8)), dmap.field(walls, [(0, 0)], moves=8))
    for bad in (True, 8.0, np.int64(6), 2**70):
        with pytest.raises(TypeError):
            dmap.field(walls, [(0, 0)], moves=bad)
