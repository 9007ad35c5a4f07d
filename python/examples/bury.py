"""bury.py — dead-end burying (the pursuit game's burying rule): fill dead ends with walls so a
fleeing agent never runs into one. Mirrors examples/bury.c.
Run: python3 examples/bury.py"""
import dmap

walls, chars = dmap.parse_text_map("""\
#########
#.......#
#.#####.#
#.......#
#.###.###
#...#...#
#########
""")
buried_walls, buried = dmap.bury_dead_ends(walls)
for y in range(walls.shape[0]):
    print("".join("#" if walls[y, x] else "x" if buried[y, x] else "." for x in range(walls.shape[1])))
again, none = dmap.bury_dead_ends(buried_walls)
# The two dead-end pockets at the bottom fill (8 cells, x); the loop above stays open.
raise SystemExit(0 if buried.sum() == 8 and not none.any() and not buried[3, 1] else 1)
