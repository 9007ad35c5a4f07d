"""desire.py — desire-driven AI: a weighted sum of maps (food, danger fled, home) and every tied
best move, one picked with a seeded dmap.Rng. Mirrors examples/desire.c.
Run: python3 examples/desire.py"""
import numpy as np

import dmap

walls = np.zeros((7, 9), bool)
walls[3, 2:7] = True
food = dmap.field(walls, [(8, 0), (0, 6)])
danger = dmap.flee(walls, dmap.field(walls, [(4, 1)], 1000.0))
home = dmap.field(walls, [(4, 6)])
goal = dmap.weighted_sum(walls, [food, danger, home], [1.0, 0.5, 0.25])
me = (4, 2)
options = dmap.downhill_options(walls, goal, me)
rng = dmap.Rng(42)
move = dmap.pick_option(options, rng)
print("options", [d.name for d in options], "-> picked", move.name)
np.testing.assert_allclose(goal[~walls], (food + 0.5 * danger + 0.25 * home)[~walls])
raise SystemExit(0 if move in options and dmap.Dir.STAY not in options else 1)
