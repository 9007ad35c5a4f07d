"""safe_walk.py — threat maps of two enemies (one spawning late), their timing map, and where I
can go arriving strictly before danger does, with a safe path. Mirrors examples/safe_walk.c.
Run: python3 examples/safe_walk.py"""
import math

import numpy as np

import dmap

walls = np.zeros((7, 11), bool)
walls[3, 1:10] = True
timing = dmap.timing_map(walls, [(10, 0), (0, 6, 4.0)])  # the second spawns after 4 ticks
arrival, parent, nsafe = dmap.safe_walk(walls, timing, (5, 2))
safe = np.isfinite(arrival)
print(np.where(safe, "o", np.where(walls, "#", ".")).view(np.ndarray))
path = dmap.parent_path(parent, arrival, (0, 0))
print("safe cells:", nsafe, "path to (0, 0):", path)
ok = nsafe == safe.sum() and path[-1] == (0, 0) and all(arrival[y, x] < timing[y, x] for x, y in path[1:])
raise SystemExit(0 if ok and not math.isinf(arrival[0, 0]) else 1)
