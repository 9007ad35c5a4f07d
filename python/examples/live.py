"""live.py — a map that follows a changing world: a live map updated by edits, not rescans.
A door closes, a wall opens, the goal moves; after each batch the live map equals field()
built from scratch on the edited walls. Mirrors examples/live.c.
Run: python3 examples/live.py"""
import numpy as np

import dmap

walls, chars = dmap.parse_text_map("""\
##########
#G.....#.#
#.####.#.#
#.#....#.#
#.#.####.#
#.......M#
##########
""")
live = dmap.LiveMap(walls, [(1, 1)])  # no ceiling: plain distances
ok = np.array_equal(live.values, dmap.field(walls, [(1, 1)]))
batches = [
    ("a door closes at (4,5)", [("wall", 4, 5)], (1, 1)),
    ("the wall at (7,1) opens", [("floor", 7, 1)], (1, 1)),
    ("the goal moves from G to M", [("ungoal", 1, 1), ("goal", 8, 5, 0.0)], (8, 5)),
]
for title, edits, goal in batches:
    touched = live.apply(edits)
    fresh = dmap.field(live.walls, [goal])
    same = np.array_equal(live.values[~live.walls], fresh[~live.walls])
    print(f"{title}: {touched} cells recomputed, equals a rebuild: {same}")
    ok = ok and same
raise SystemExit(0 if ok else 1)
