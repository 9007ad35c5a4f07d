"""layered.py — search over (cell, state) layers: a monster that walks (1 tick a step) or, after a
2-tick wind-up, dashes (0.5 a step) along a corridor of 10 cells. Mirrors examples/layered.c.
Run: python3 examples/layered.py"""
import dmap

N, WALK, DASH = 10, 0, 1


def transitions(cell, state):
    out = [(c, state, 1.0 if state == WALK else 0.5) for c in (cell - 1, cell + 1) if 0 <= c < N]
    if state == WALK:
        out.append((cell, DASH, 2.0))  # winding up costs 2 ticks
    return out


arrival, parent = dmap.layered_search(N, 2, [(0, WALK, 0.0)], transitions, parents=True)
earliest = arrival.min(axis=0)
print("earliest arrival per cell:", earliest.tolist())
print("path to the far end (node = state * N + cell):", dmap.parent_path(parent, arrival, DASH * N + 9))
raise SystemExit(0 if earliest[9] == 6.5 and earliest[3] == 3.0 else 1)
