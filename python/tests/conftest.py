"""Shared fixtures of the dmap Python tests: random grids, the repository's data, legal actions."""
import os
import random

import numpy as np
import pytest


def data_path(*parts):
    """A file of the repository's data (parts below the source folder: DMAP_SOURCE, else the
    folder two levels above python/tests); a missing file is a failure that names the path,
    never a skip."""
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.environ.get("DMAP_SOURCE") or os.path.join(here, "..", "..")
    path = os.path.join(root, *parts)
    if not os.path.exists(path):
        pytest.fail(f"missing data file: {path}")
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


def legal_action(space, mask, rng):
    """A legal action drawn with rng from an environment's flat action mask: an int for a
    Discrete space, an int64 array for a MultiDiscrete one (its parts' masks side by side)."""
    mask = np.asarray(mask)
    if hasattr(space, "n"):
        return int(rng.choice(np.flatnonzero(mask)))
    parts = np.split(mask, np.cumsum(space.nvec)[:-1])
    return np.array([rng.choice(np.flatnonzero(m)) for m in parts], np.int64)
