"""field.py — goals with different values: the Dijkstra-map article's 5 x 5 examples, then a more
desirable goal (value -2) that pulls from farther away than a plain one. Mirrors examples/field.c.
Run: python3 examples/field.py"""
import numpy as np

import dmap

walls = np.zeros((5, 5), bool)
centre = dmap.field(walls, [(2, 2)])
corners = dmap.field(walls, [(0, 0), (4, 0), (0, 4), (4, 4)])
print(centre.astype(int), corners.astype(int), sep="\n\n")
walls[1, 3] = True  # a wall at x=3, y=1
v = dmap.field(walls, [(0, 0), (4, 4, -2.0)])
path = dmap.downhill_path(walls, v, (2, 2))  # equidistant, but the -2 goal wins
print(v, path, sep="\n")
ok = (centre[0, 0] == 4 and np.all(centre + corners == 4) and path[-1] == (4, 4))
raise SystemExit(0 if ok else 1)
