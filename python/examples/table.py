"""table.py — every walking distance of a small map, computed once: a distance table.
The nearest of three shelters from the explorer, a shortest path to it, and the table checked
against bfs() from every passable cell. Mirrors examples/table.c.
Run: python3 examples/table.py"""
import numpy as np

import dmap

walls, chars = dmap.parse_text_map("""\
############
#@...#....A#
#.##.#.##..#
#.#..B..#..#
#.#.###.##.#
#C.........#
############
""")


def find(c):
    y, x = np.argwhere(chars == c)[0]
    return int(x), int(y)


table = dmap.DistanceTable(walls)
me, shelters = find("@"), [find(c) for c in "ABC"]
k, dist = table.nearest(me, shelters)
path = table.path(me, shelters[k])
print(f"{table.passable} passable cells, {table.nbytes} bytes; nearest shelter {'ABC'[k]} at {dist} steps")
ok = len(path) == dist + 1 and path[0] == me and path[-1] == shelters[k]
cells = [(int(x), int(y)) for y, x in np.argwhere(~walls)]
for a in cells:
    depth = dmap.bfs(walls, [a])
    ok = ok and all(table.dist(a, b) == depth[b[1], b[0]] == table.dist(b, a) for b in cells)
# By hand: C is 4 steps down from @, B 6, A 13.
raise SystemExit(0 if ok and "ABC"[k] == "C" and dist == 4 else 1)
