"""The bomber bot's map building on dmap (examples/gambit_maps.py) against an independent
plain-Python model of the original bot's rule (gambit_reference.py): every map of every call, over
sequences of calls long enough for the bot's memory (ore hits, bombs older than 30 calls, last
call's high-timer map) to matter, and the tied best moves."""
import math
import os
import random
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "examples"))

import gambit_maps as gm  # noqa: E402
import gambit_reference as ref  # noqa: E402

NAMES = ["reward", "flee", "safe", "ammo", "treasure", "centre", "run", "goal", "high_timer"]


def as_array(m):
    tiles = m.tiles if hasattr(m, "tiles") else m
    return np.array([[tiles[x][y] for x in range(gm.W)] for y in range(gm.H)])


def same(a, b):
    nan_a, nan_b = np.isnan(a), np.isnan(b)
    return np.array_equal(nan_a, nan_b) and np.allclose(a[~nan_a], b[~nan_b], rtol=0, atol=1e-9)


def evolve(rng, view, call):
    """The next call's view: bombs come and go, blocks get destroyed, the agents move."""
    free = [(x, y) for x in range(gm.W) for y in range(gm.H)
            if (x, y) not in set(view.blocks + view.bombs + [view.me, view.opponent])]
    bombs = list(view.bombs)
    if rng.random() < 0.15 and free:
        bombs.append(rng.choice(free))
    if bombs and rng.random() < 0.05:
        bombs.pop(0)
    wood = [w for w in view.wood if rng.random() > 0.02]
    ore = list(view.ore)
    if call > 60:  # late game: no blocks left
        wood, ore = [], []
    me = rng.choice(free) if free and rng.random() < 0.3 else view.me
    return gm.View(view.metal, wood, ore, bombs, view.ammo, view.treasure, me, view.opponent,
                   rng.randint(0, 3), rng.randint(1, 3))


def test_every_map_of_every_call_matches_the_seed_model():
    rng = random.Random(2020)
    compared = 0
    for game in range(3):
        view = gm.random_view(rng, bombs=2)
        bot, model = gm.Gambit(game), ref.SeedBot()
        for call in range(1, 70 if game == 0 else 36):
            bot.calls += 1  # the part of decide() before the maps (no desync guard here)
            bot.remember(view)
            bot.update_desires(view)
            got = bot.maps(view)
            want, tied = model.call(view)
            for name in NAMES:
                assert same(got[name], as_array(want[name])), (game, call, name)
                compared += 1
            # The tied best moves from dmap.downhill_options equal the model's.
            bot.high_timer = got["high_timer"]
            bot.previous_bombs = set(view.bombs)
            opp = [view.opponent]
            walls = gm.mask(view.blocks + view.bombs + opp)
            picks = {bot.choose(view, got["goal"], walls) for _ in range(20)}
            assert picks <= set(tied) if tied else picks == {""}
            view = evolve(rng, view, call)
    assert compared >= 9 * (69 + 35 + 35)
    assert not math.isnan(compared)


def test_decide_plays_legal_actions_and_is_seeded():
    rng = random.Random(5)
    view = gm.random_view(rng)
    a, b = gm.Gambit(9), gm.Gambit(9)
    actions_a, actions_b = [], []
    for call in range(40):
        actions_a.append(a.decide(view))
        actions_b.append(b.decide(view))
        view = evolve(rng, view, call)
    assert actions_a == actions_b
    assert set(actions_a) <= {None, "", "l", "r", "u", "d", "b"}


def test_example_runs():
    assert gm.main(["gambit_maps.py", "4"]) == 0
