"""python_bench.py — the Python package's per-call cost, side by side in one run: dmap.field against
the C library's own dmap_field (timed from C: the binding's overhead), scikit-image's MCP, SciPy's
csgraph.dijkstra and a pure-Python sweep of the classic Dijkstra-map rule, on bot boards (12x10
bomber, 8x8 pursuit, 24x20 Kutulu) and a 1000x1000 grid. Every method's distances are checked equal
before timing. Prints a Markdown table of medians and ratios (ratios measured in one run hold on a
busy machine; absolute times drift).

Run: bench/python_run.sh [--quick]    (builds the package, installs the bench-only packages)
"""
import argparse
import random
import statistics
import sys
import time

import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import dijkstra
from skimage.graph import MCP

import dmap


def board(h, w, density, seed):
    rng = random.Random(seed)
    walls = np.array([[rng.random() < density for _ in range(w)] for _ in range(h)], dtype=bool)
    free = [(x, y) for y in range(h) for x in range(w) if not walls[y, x]]
    goal = free[len(free) // 2]
    # Keep the goal's region: cells cut off from it stay walls-or-unreached for every method.
    return walls, goal


def sweep(walls, goal, ceiling=1e300):
    """The classic Dijkstra-map rule in plain Python (lists): lower a cell to its lowest
    neighbour + 1 until nothing changes."""
    h, w = walls.shape
    wl = walls.tolist()
    v = [[ceiling] * w for _ in range(h)]
    v[goal[1]][goal[0]] = 0.0
    changed = True
    while changed:
        changed = False
        for y in range(h):
            row, wrow = v[y], wl[y]
            for x in range(w):
                if wrow[x]:
                    continue
                best = row[x]
                if x > 0 and not wrow[x - 1] and row[x - 1] + 1 < best:
                    best = row[x - 1] + 1
                if x + 1 < w and not wrow[x + 1] and row[x + 1] + 1 < best:
                    best = row[x + 1] + 1
                if y > 0 and not wl[y - 1][x] and v[y - 1][x] + 1 < best:
                    best = v[y - 1][x] + 1
                if y + 1 < h and not wl[y + 1][x] and v[y + 1][x] + 1 < best:
                    best = v[y + 1][x] + 1
                if best < row[x]:
                    row[x] = best
                    changed = True
    return np.array(v)


def grid_graph(walls):
    """The 4-connected graph of the passable cells as a CSR matrix (unit edges)."""
    h, w = walls.shape
    idx = np.arange(h * w).reshape(h, w)
    free = ~walls
    rows, cols = [], []
    for a, b in ((free[:, :-1] & free[:, 1:], (idx[:, :-1], idx[:, 1:])),
                 (free[:-1, :] & free[1:, :], (idx[:-1, :], idx[1:, :]))):
        rows += [b[0][a], b[1][a]]
        cols += [b[1][a], b[0][a]]
    r, c = np.concatenate(rows), np.concatenate(cols)
    return csr_matrix((np.ones(len(r)), (r, c)), shape=(h * w, h * w))


def per_call(fn, batch, rounds):
    """Median seconds of one call over batch * rounds calls timed one by one (after a warm-up),
    less the timer's own cost. Medians of single calls, as the C timer takes them, so that a
    busy machine's preemptions (which land in a batch's mean) do not count."""
    for _ in range(max(1, batch // 4)):
        fn()
    clock = time.perf_counter_ns
    times = []
    for _ in range(batch * rounds):
        t0 = clock()
        fn()
        times.append(clock() - t0)
    return max(statistics.median(times) - TIMER_NS, 0) * 1e-9


def timer_cost():
    clock = time.perf_counter_ns
    noop = (lambda: None)
    ts = []
    for _ in range(20000):
        t0 = clock()
        noop()
        ts.append(clock() - t0)
    return statistics.median(ts)


TIMER_NS = 0.0


def fmt_us(s):
    return f"{s * 1e6:,.2f}" if s < 1e-3 else f"{s * 1e6:,.0f}"


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="fewer rounds (a smoke run)")
    args = ap.parse_args(argv)
    rounds = 3 if args.quick else 9
    global TIMER_NS
    TIMER_NS = timer_cost()
    cases = [("12×10 bomber", 10, 12, 0.35), ("8×8 pursuit", 8, 8, 0.2), ("24×20 Kutulu", 20, 24, 0.3),
             ("1000×1000, 25 % walls", 1000, 1000, 0.25)]
    print(f"dmap {dmap.version()}, numpy {np.__version__}, python {sys.version.split()[0]}; "
          f"medians of single calls (timer cost {TIMER_NS:.0f} ns subtracted); single goal, 4-connected unit steps, no ceiling")
    print()
    print("| board | C dmap_field µs | dmap.field µs | overhead µs | python/C | MCP µs | MCP/dmap |"
          " csgraph µs | csgraph/dmap | csgraph+graph µs | sweep µs | sweep/dmap |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for name, h, w, density in cases:
        walls, goal = board(h, w, density, seed=h * w)
        big = h * w > 10_000
        ws, out = dmap.Workspace(), np.empty((h, w))
        costs = np.where(walls, -1.0, 1.0)  # MCP: negative = impassable
        graph = grid_graph(walls)
        src = goal[1] * w + goal[0]
        # Everyone must agree before anyone is timed.
        ref = dmap.field(walls, [goal], None)
        mcp_d, _ = MCP(costs, fully_connected=False).find_costs([(goal[1], goal[0])])
        sp = dijkstra(graph, indices=src).reshape(h, w)
        free = ~walls
        # MCP counts the start cell's own cost too: its distances are dmap's + 1.
        for other, label in ((mcp_d - 1.0, "MCP"), (sp, "csgraph")):
            if not np.array_equal(np.where(np.isinf(ref), np.inf, ref)[free], other[free]):
                print(f"{name}: {label} disagrees with dmap", file=sys.stderr)
                return 1
        if not big and not np.array_equal(sweep(walls, goal, np.inf)[free], ref[free]):
            print(f"{name}: the sweep disagrees with dmap", file=sys.stderr)
            return 1
        batch = 5 if big else 2000
        # The binding and the C call alternate round by round, so the machine's load drifts
        # over both alike; each figure is the median over rounds of per-round medians.
        t_py_rounds, t_c_rounds = [], []
        for _ in range(rounds):
            t_c_rounds.append(dmap._dmap._time_field(walls, [goal], np.inf, batch))
            t_py_rounds.append(per_call(lambda: dmap.field(walls, [goal], None, workspace=ws, out=out), batch, 1))
        t_dmap, t_c = statistics.median(t_py_rounds), statistics.median(t_c_rounds)
        t_mcp = per_call(lambda: MCP(costs, fully_connected=False).find_costs([(goal[1], goal[0])]),
                         1 if big else 200, rounds)
        t_sp = per_call(lambda: dijkstra(graph, indices=src), 1 if big else 200, rounds)
        t_spg = per_call(lambda: dijkstra(grid_graph(walls), indices=src), 1 if big else 100, rounds)
        t_sw = None if big else per_call(lambda: sweep(walls, goal), 3, rounds)
        print(f"| {name} | {fmt_us(t_c)} | {fmt_us(t_dmap)} | {fmt_us(max(t_dmap - t_c, 0.0))} | "
              f"{t_dmap / t_c:.2f}× | {fmt_us(t_mcp)} | {t_mcp / t_dmap:,.0f}× | {fmt_us(t_sp)} | "
              f"{t_sp / t_dmap:,.0f}× | {fmt_us(t_spg)} | "
              f"{'–' if t_sw is None else fmt_us(t_sw)} | {'–' if t_sw is None else f'{t_sw / t_dmap:,.0f}×'} |")
        sys.stdout.flush()
    print()
    print("All methods' distances were checked equal on every board before timing (the sweep on the "
          "bot boards only). csgraph µs is the search on a prebuilt graph; csgraph+graph includes "
          "building the CSR graph from the walls, as a bot whose board changes every tick must.")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
