"""reach.py — breadth-first reachability: can I get there, the reachable region, depths and one
shortest path read from the parent tree. Mirrors examples/reach.c.
Run: python3 examples/reach.py"""
import numpy as np

import dmap

walls, chars = dmap.parse_text_map("""\
#########
#A..#...#
#.#.#.#.#
#.#...#B#
#########
""")


def find(c):
    y, x = np.argwhere(chars == c)[0]
    return int(x), int(y)


a, b = find("A"), find("B")
depth, parent = dmap.bfs(walls, [a], parents=True)
path = dmap.bfs_path(depth, parent, b)
print("reachable:", dmap.can_move_to(walls, a, b), "cells:", int(dmap.reachable(walls, a).sum()))
print("path", path)
# 12 steps by hand: right 2, down 2, right 2, up 2, right 2, down 2.
raise SystemExit(0 if len(path) == depth[b[1], b[0]] + 1 == 13 and path[-1] == b else 1)
