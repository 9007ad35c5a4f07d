"""Threads: scans release the GIL, so threads run maps at once; each gets the result a single
thread gets. A Workspace serves one thread at a time; the module's default one is shared
safely (a thread that finds it busy uses a temporary one)."""
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
