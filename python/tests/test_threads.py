"""Threads: scans release the GIL, so threads run maps at once; each gets the result a single
thread gets. A Workspace serves one thread at a time; the module's default one is shared
safely (a thread that finds it busy uses a temporary one). A LiveMap or MapCache called from
several threads at once serves them in turn."""
import subprocess
import sys
import textwrap
import threading

import numpy as np

import dmap
from conftest import random_free_cells, random_walls


def test_threads_compute_the_same_maps(rng):
    walls = random_walls(rng, 120, 130, 0.25)
    goal_sets = [random_free_cells(rng, walls, 3) for _ in range(8)]
    want = [dmap.field(walls, g, None) for g in goal_sets]
    got = [None] * len(goal_sets)
    errors = []

    def work(i):
        try:
            ws = dmap.Workspace()
            for _ in range(5):
                got[i] = dmap.field(walls, goal_sets[i], None, workspace=ws if i % 2 else None)
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(len(goal_sets))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    for a, b in zip(want, got):
        assert np.array_equal(a, b)


def test_a_workspace_in_use_is_refused_not_shared():
    # A transitions callback runs while its workspace is held by layered_search: using the same
    # workspace from inside must raise instead of corrupting the search.
    ws = dmap.Workspace()
    walls = np.zeros((3, 3), bool)
    seen = []

    def transitions(cell, state):
        try:
            dmap.field(walls, [(0, 0)], workspace=ws)
        except RuntimeError as e:
            seen.append(str(e))
        return []

    dmap.layered_search(2, 1, [(0, 0, 0.0)], transitions, workspace=ws)
    assert seen and "in use" in seen[0]
    dmap.field(walls, [(0, 0)], workspace=ws)  # free again afterwards


def test_the_gil_is_released_during_a_scan():
    # A Workspace is marked busy from before a call releases the GIL until after it takes the
    # GIL back. If scans held the GIL, no other thread could ever run while it is busy; the
    # main thread seeing "in use" proves that it ran in the middle of another thread's scan.
    big = np.zeros((500, 500), bool)
    ws = dmap.Workspace()
    started, done = threading.Event(), threading.Event()

    def worker():
        started.set()
        for _ in range(40):
            dmap.field(big, [(0, 0)], None, workspace=ws)
            if done.is_set():
                break
        done.set()

    t = threading.Thread(target=worker)
    t.start()
    started.wait()
    small = np.zeros((2, 2), bool)
    saw_busy = False
    while not done.is_set() and not saw_busy:
        try:
            dmap.field(small, [(0, 0)], workspace=ws)
        except RuntimeError:
            saw_busy = True
    done.set()
    t.join()
    assert saw_busy


# Two threads ask one small MapCache for maps of a big grid (each get evicts, computes and hands
# out a map with the GIL released) while the main thread edits a LiveMap another thread applies
# edits to and reads. Run in a child process: the unguarded objects corrupted the heap (abort).
SHARED_OBJECTS = textwrap.dedent("""
    import threading
    import numpy as np
    import dmap
    rng = np.random.default_rng(0)
    walls = rng.random((200, 200)) < 0.2
    free = [(int(x), int(y)) for y, x in np.argwhere(~walls)]
    goals = [free[i] for i in rng.choice(len(free), 6, replace=False)]
    ref = {g: dmap.field(walls, [g]) for g in goals}
    cache = dmap.MapCache(walls, 2)
    live = dmap.LiveMap(walls, [goals[0]])
    wrong = []

    def ask(seed):
        r = np.random.default_rng(seed)
        for _ in range(60):
            g = goals[r.integers(len(goals))]
            if not np.array_equal(cache.get(g), ref[g]):
                wrong.append(g)
            cache.stats

    def edit(seed):
        for i in range(60):
            x, y = free[(seed * 60 + i) % len(free)]
            live.apply([("goal" if i % 2 else "ungoal", x, y)])
            live.values

    threads = [threading.Thread(target=f, args=(k,)) for k in range(2) for f in (ask, edit)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    live.apply([("ungoal", x, y) for x, y in free] + [("goal", *goals[0])])
    print("wrong", len(wrong), "live", np.array_equal(live.values, ref[goals[0]]))
""")


def test_live_maps_and_caches_serve_threads_in_turn():
    run = subprocess.run([sys.executable, "-c", SHARED_OBJECTS], capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.split() == ["wrong", "0", "live", "True"]
