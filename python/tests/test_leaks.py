"""No leaks: 100,000 calls of each function (successful calls and error paths) do not grow the
memory Python tracks (tracemalloc) or the process's resident set (RSS, which also sees the C
library's malloc). A leak of one small object or 8 bytes per call would show as ~0.8-6 MB.
Under the sanitizer build (DMAP_UNDER_ASAN=1): 10,000 calls each, tracemalloc only, because
ASan's allocator (quarantine, shadow memory) grows the RSS by itself; the plain build checks
the RSS."""
import gc
import math
import os
import tracemalloc

import numpy as np
import pytest

import dmap

UNDER_ASAN = os.environ.get("DMAP_UNDER_ASAN") == "1"
CALLS = 10_000 if UNDER_ASAN else 100_000


def rss_bytes():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


W = np.zeros((3, 4), bool)
W[1, 1] = True
V = dmap.field(W, [(0, 0)])
T = dmap.timing_map(W, [(3, 2)])
DEPTH, PARENT = dmap.bfs(W, [(0, 0)], parents=True)
ARR, PAR, _ = dmap.safe_walk(W, T, (0, 0))
OUT = np.empty((3, 4))
WS = dmap.Workspace()
CACHE = dmap.MapCache(W, 2)
RNG = dmap.Rng(1)
MANY = [(x, y) for y in (0, 2) for x in range(4)] * 5  # 40 goals: the heap-allocated path
TEXT = "#..\n..#\n"


def raises(fn, *args, **kw):
    try:
        fn(*args, **kw)
    except (dmap.Error, TypeError, ValueError, OSError, KeyError):
        return
    raise AssertionError("expected an error")


def transitions(cell, state):
    return [(1, 0, 1.0)] if cell == 0 else []


CASES = {
    "field": lambda: dmap.field(W, [(0, 0), (3, 2, -1.0)]),
    "field_mask_out_ws": lambda: dmap.field(W, V < 2, out=OUT, workspace=WS),
    "field_many_goals": lambda: dmap.field(W, MANY),
    "field_error": lambda: raises(dmap.field, W, [(1, 1)]),
    "scan": lambda: dmap.scan(W, OUT),
    "scan_copy": lambda: dmap.scan(W, V, copy=True),
    "scan_error": lambda: raises(dmap.scan, W, np.zeros((3, 4), np.float32)),
    "flee": lambda: dmap.flee(W, V),
    "algebra": lambda: (dmap.add(W, V, V), dmap.scale(W, V, 2.0), dmap.clamp(W, V, 0.0, 1.0),
                        dmap.minimum(W, V, V), dmap.maximum(W, V, V, out=OUT)),
    "weighted_sum": lambda: dmap.weighted_sum(W, [V, V, V], [1.0, 2.0, 3.0]),
    "downhill": lambda: (dmap.downhill_options(W, V, (3, 2)), dmap.downhill_path(W, V, (3, 2), rng=RNG),
                         dmap.pick_option([dmap.Dir.UP, dmap.Dir.LEFT], RNG)),
    "step": lambda: (dmap.step(W, (0, 0), 2), dmap.dir_offset(3)),
    "reach": lambda: (dmap.can_move_to(W, (0, 0), (3, 2)), dmap.reachable(W, (0, 0))),
    "bfs": lambda: (dmap.bfs(W, [(0, 0)], parents=True), dmap.bfs_path(DEPTH, PARENT, (3, 2))),
    "bury": lambda: dmap.bury_dead_ends(W, [(0, 0)]),
    "threat_timing": lambda: (dmap.threat_map(W, (0, 0), 1.0, 3.0), dmap.timing_map(W, [(0, 0), (3, 2, 1.0)])),
    "safe_walk": lambda: (dmap.safe_walk(W, T, (0, 0)), dmap.parent_path(PAR, ARR, (1, 0))),
    "layered": lambda: dmap.layered_search(2, 1, [(0, 0, 0.0)], transitions, parents=True),
    "layered_error": lambda: raises(dmap.layered_search, 2, 1, [(0, 0, 0.0)], lambda c, s: {}[c]),
    "filter": lambda: dmap.filter_moves([1, 2, 3], [("max", float), ("true", bool)]),
    "minimax": lambda: dmap.minimax_moves(2, [2], lambda m, o: float(m - o[0])),
    "readers": lambda: (dmap.parse_text_map(TEXT), dmap.format_text_map(*dmap.parse_text_map(TEXT))),
    "reader_errors": lambda: (raises(dmap.parse_text_map, "..\n.\n"), raises(dmap.read_file, "/nonexistent/x")),
    "live_table_cache": lambda: (dmap.LiveMap(W, [(0, 0)], 9.0).apply([("wall", 2, 2), ("floor", 2, 2)]),
                                 dmap.DistanceTable(W).path((0, 0), (3, 2)), CACHE.get((3, 2)),
                                 CACHE.edit([("cost", 2, 0, 2.0)])),
    "csv_and_text": lambda: (dmap.parse_values_csv(dmap.format_values(W, V)), dmap.format_text_map(W),
                             dmap.parse_map(TEXT), raises(dmap.format_values, W, V * np.nan)),
    "objects": lambda: (dmap.Workspace(), dmap.Rng(5).next(), dmap.Moves(8, 1.0, 1.5)),
}


# Cases whose one call makes several objects or texts: 20,000 calls (still > 100,000 library
# calls), so the whole test stays within seconds.
HEAVY = {"live_table_cache", "csv_and_text"}


@pytest.mark.parametrize("name", sorted(CASES))
def test_no_growth(name):
    fn = CASES[name]
    calls = CALLS // 5 if name in HEAVY else CALLS
    for _ in range(2000):  # warm-up: caches, free lists, the default workspace
        fn()
    gc.collect()
    rss0 = rss_bytes()
    tracemalloc.start()
    snap0 = tracemalloc.get_traced_memory()[0]
    for _ in range(calls):
        fn()
    gc.collect()
    grown = tracemalloc.get_traced_memory()[0] - snap0
    tracemalloc.stop()
    rss_grown = rss_bytes() - rss0
    scale = calls / 100_000
    assert grown < 64 * 1024 * max(scale, 0.25), f"{name}: tracemalloc grew {grown} bytes"
    if not UNDER_ASAN:
        assert rss_grown < 1.5 * 1024 * 1024 * max(scale, 0.25), f"{name}: RSS grew {rss_grown} bytes"
    assert not math.isnan(rss_grown)
