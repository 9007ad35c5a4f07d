"""cache.py — many goals, few maps: the map cache keeps the recent ones and updates them lazily.
A cache of 2 maps asked for goals A, B, A, C, then (after a wall edit) A and B; every map
equals field() built from scratch, and the counters match the sequence counted by hand.
Mirrors examples/cache.c.
Run: python3 examples/cache.py"""
import numpy as np

import dmap

walls, chars = dmap.parse_text_map("""\
#########
#A......#
#.#####.#
#...B...#
#.#####.#
#......C#
#########
""")


def find(c):
    y, x = np.argwhere(chars == c)[0]
    return int(x), int(y)


a, b, c = find("A"), find("B"), find("C")
cache = dmap.MapCache(walls, 2)
ok = True
for goal in (a, b, a, c, "edit", a, b):
    if goal == "edit":
        cache.edit([("wall", 4, 1)])  # cut the top corridor: no map is touched now
        continue
    ok = ok and np.array_equal(cache.get(goal), dmap.field(cache.walls, [goal]))
print(cache.stats)
# A miss, B miss, A hit, C miss (evicts B), edit, A hit + update, B miss (evicts C).
s = cache.stats
raise SystemExit(0 if ok and (s["hits"], s["misses"], s["updates"], s["evictions"]) == (2, 4, 1, 2) else 1)
