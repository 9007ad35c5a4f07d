"""reference.py — the oracles of the Python tests, in plain Python over lists, independent of dmap:
the classic Dijkstra-map sweep loop (the specification of every scan), breadth-first search and a
Dijkstra over explicit edges. Slow by design; used on small grids only."""
import heapq
import math

# (dx, dy, diagonal?) in dmap's Dir order 1..8: up, right, down, left, then the diagonals.
STEPS = [(0, -1, False), (1, 0, False), (0, 1, False), (-1, 0, False),
         (1, -1, True), (1, 1, True), (-1, 1, True), (-1, -1, True)]


def neighbours(walls, x, y, connectivity=4, cardinal=1.0, diagonal=1.0, strict=False):
    """(nx, ny, weight) of the moves allowed from (x, y) by the rules of dmap.Moves."""
    h, w = len(walls), len(walls[0])
    for dx, dy, diag in STEPS[: 8 if connectivity == 8 else 4]:
        nx, ny = x + dx, y + dy
        if not (0 <= nx < w and 0 <= ny < h) or walls[ny][nx]:
            continue
        if diag and strict and (walls[y][nx] or walls[ny][x]):
            continue
        yield nx, ny, diagonal if diag else cardinal


def sweep(walls, values, costs=None, **moves):
    """The classic Dijkstra-map rule, literally: while a passable cell c has a passable neighbour n
    with v(n) + step(n->c) < v(c), lower v(c). Steps are symmetric, so n's neighbours are c's.
    values: list of lists (copied). Returns the fixed point."""
    v = [list(map(float, row)) for row in values]
    h, w = len(walls), len(walls[0])
    changed = True
    while changed:
        changed = False
        for y in range(h):
            for x in range(w):
                if walls[y][x]:
                    continue
                c = 1.0 if costs is None else costs[y][x]
                for nx, ny, wgt in neighbours(walls, x, y, **moves):
                    cand = v[ny][nx] + wgt * c
                    if cand < v[y][x]:
                        v[y][x] = cand
                        changed = True
    return v


def field(walls, goals, ceiling=100.0, costs=None, **moves):
    """Fill with the ceiling, seed (x, y, value) goals, sweep."""
    h, w = len(walls), len(walls[0])
    v = [[ceiling] * w for _ in range(h)]
    for x, y, val in goals:
        v[y][x] = min(v[y][x], val)
    return sweep(walls, v, costs, **moves)


def bfs_depth(walls, sources, **moves):
    """Steps from the nearest source, -1 where unreachable."""
    h, w = len(walls), len(walls[0])
    depth = [[-1] * w for _ in range(h)]
    frontier = []
    for x, y in sources:
        if depth[y][x] < 0:
            depth[y][x] = 0
            frontier.append((x, y))
    d = 0
    while frontier:
        d += 1
        nxt = []
        for x, y in frontier:
            for nx, ny, _ in neighbours(walls, x, y, **moves):
                if depth[ny][nx] < 0:
                    depth[ny][nx] = d
                    nxt.append((nx, ny))
        frontier = nxt
    return depth


def dijkstra(nodes, sources, edges):
    """Earliest arrival over explicit nodes: sources {node: time}, edges(node) -> [(node, dt)]."""
    dist = {n: math.inf for n in nodes}
    heap = []
    for n, t in sources.items():
        if t < dist[n]:
            dist[n] = t
            heapq.heappush(heap, (t, n))
    while heap:
        t, n = heapq.heappop(heap)
        if t > dist[n]:
            continue
        for m, dt in edges(n):
            if t + dt < dist[m]:
                dist[m] = t + dt
                heapq.heappush(heap, (t + dt, m))
    return dist
