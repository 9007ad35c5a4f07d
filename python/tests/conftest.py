"""Shared fixtures of the dmap Python tests: random grids and the shared/ data folder."""
import os
import random

import numpy as np
import pytest


def shared_dir():
    """The shared/ folder (DMAP_SHARED, else ../../shared from python/); a missing folder is a
    failure that names the path, never a skip."""
    here = os.path.dirname(os.path.abspath(__file__))
    path = os.environ.get("DMAP_SHARED") or os.path.join(here, "..", "..", "..", "shared")
    if not os.path.isdir(path):
        pytest.fail(f"missing shared data folder: {path}")
    return path


def random_walls(rng, h, w, density=0.25):
    return np.array([[rng.random() < density for _ in range(w)] for _ in range(h)], dtype=bool)


def random_free_cells(rng, walls, k):
    free = [(x, y) for y in range(walls.shape[0]) for x in range(walls.shape[1]) if not walls[y, x]]
    rng.shuffle(free)
    return free[:k]


@pytest.fixture
def rng():
    return random.Random(20261122)
