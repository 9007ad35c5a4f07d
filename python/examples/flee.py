"""flee.py — the flee trick: plain -1 x distance walks into a corner of the room; the flee map
(x -1.2 and rescanned, dmap.flee) leaves through the door. Mirrors examples/flee.c.
Run: python3 examples/flee.py"""
import numpy as np

import dmap

MAP = """\
####################
#......D...........#
#......##########..#
#..A...#...........#
#....T.#.###########
#......#...........#
####################
"""
walls, chars = dmap.parse_text_map(MAP)
(ty, tx), (ay, ax), (dy, dx) = (tuple(np.argwhere(chars == c)[0]) for c in "TAD")
toward = dmap.field(walls, [(tx, ty)], 1000.0)  # ceiling well above the distances
plain = dmap.downhill_path(walls, -toward, (ax, ay))
flee = dmap.downhill_path(walls, dmap.flee(walls, toward), (ax, ay))
print("plain ends at", plain[-1], "- flee ends at", flee[-1])
ok = all(x < 7 for x, _ in plain) and (dx, dy) in flee
raise SystemExit(0 if ok else 1)
