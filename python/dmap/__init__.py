"""dmap — Dijkstra maps for grid-game agents: the Python binding of the dmap C library.

A grid is an (H, W) NumPy array indexed [y, x] (walls: bool or uint8, nonzero = wall; costs:
float64 or None for unit costs); a cell is an (x, y) pair; a map is an (H, W) float64 array.
Read-only inputs of another dtype or layout are converted with a copy; arrays the library
writes into (scan's values, out=) must be C-contiguous float64 and are used without a copy.
Errors raise dmap.Error (a ValueError carrying the library's message and .code), OSError for
files and MemoryError. Scans and grid searches release the GIL.

    import numpy as np, dmap
    walls = np.zeros((5, 5), bool); walls[1, 3] = True
    v = dmap.field(walls, [(0, 0), (4, 4, -2.0)])        # goals (x, y[, value]); no ceiling
    dmap.downhill_options(walls, v, (2, 2))              # every tied best move: [Dir.DOWN, ...]

See help(dmap.field), help(dmap.scan), ... for each function's contract.
"""
from __future__ import annotations

import enum as _enum
from typing import NamedTuple as _NamedTuple
from typing import Tuple as _Tuple

import numpy as _np

from . import _dmap
from ._dmap import (  # noqa: F401  (re-exported API)
    CORNERS_CUT,
    CORNERS_STRICT,
    DEFAULT_CEILING,
    EDIT_COST,
    EDIT_FLOOR,
    EDIT_GOAL,
    EDIT_UNGOAL,
    EDIT_WALL,
    ERR_ARG,
    ERR_CEILING,
    ERR_FORMAT,
    ERR_IO,
    ERR_LIMIT,
    ERR_NOMEM,
    ERR_RANGE,
    ERR_SIZE,
    ERR_VALUE,
    ERR_WALL,
    FILTER_KEEP_MAX,
    FILTER_KEEP_MIN,
    FILTER_KEEP_TRUE,
    FLEE_FACTOR,
    LIBRARY_VERSION,
    MAX_CELLS,
    MINIMAX_MAX_OPPONENTS,
    MOVES_4,
    MOVES_8,
    MOVES_OCTILE,
    NO_CEILING,
    TABLE_MAX_CELLS,
    DistanceTable,
    LiveMap,
    MapCache,
    Error,
    Pool,
    Moves,
    Rng,
    Workspace,
    add,
    bfs,
    bfs_path,
    bfs_batch,
    bury_dead_ends,
    can_move_to,
    clamp,
    dir_offset,
    downhill_options,
    downhill_path,
    field,
    field_batch,
    filter_moves,
    flee,
    format_text_map,
    format_values,
    layered_search,
    maximum,
    minimax_moves,
    minimum,
    parent_path,
    parse_map,
    parse_movingai_map,
    parse_text_map,
    parse_values_csv,
    pick_option,
    reachable,
    read_file,
    safe_walk,
    scale,
    scan,
    step,
    strerror,
    threat_map,
    timing_map,
    version,
    version_number,
    weighted_sum,
)

__version__ = LIBRARY_VERSION


class Dir(_enum.IntEnum):
    """Directions of moves and downhill choices (UP is y - 1); STAY is "do not move"."""

    STAY = 0
    UP = 1
    RIGHT = 2
    DOWN = 3
    LEFT = 4
    UP_RIGHT = 5
    DOWN_RIGHT = 6
    DOWN_LEFT = 7
    UP_LEFT = 8

    @property
    def offset(self) -> _Tuple[int, int]:
        """(dx, dy) of this direction."""
        return dir_offset(self)


_dmap._register_dir(tuple(Dir))


def moves_4() -> Moves:
    """The classic Dijkstra map's moves: 4-connected, unit steps."""
    return MOVES_4


def moves_8() -> Moves:
    """8-connected, unit cardinal and diagonal steps, corners cut (Chebyshev distance)."""
    return MOVES_8


def moves_octile() -> Moves:
    """Moving AI's octile moves: 8-connected, 1 and sqrt(2), strict corners."""
    return MOVES_OCTILE


def scanned(walls, values, **kwargs):
    """scan() on a copy: values may be any array-like (list, int array, a strided view); the
    input is untouched and the scanned float64 copy is returned."""
    return scan(walls, values, copy=True, **kwargs)


class ScenQuery(_NamedTuple):
    """One Moving AI scenario query; start and goal are (x, y)."""

    bucket: int
    map_w: int
    map_h: int
    start: _Tuple[int, int]
    goal: _Tuple[int, int]
    optimal: float
    line: int


def parse_scen(text) -> list:
    """A Moving AI .map.scen (str or bytes) as a list of ScenQuery; raises dmap.Error with the
    reader's 'line N: reason'."""
    return [ScenQuery(*q) for q in _dmap.parse_scen(text)]


def load_text_map(path):
    """parse_text_map of a file: (walls, chars). OSError when it cannot be read."""
    return parse_text_map(read_file(path))


def load_movingai_map(path):
    """parse_movingai_map of a file: (walls, chars)."""
    return parse_movingai_map(read_file(path))


def load_map(path):
    """parse_map of a file (either format): (walls, chars)."""
    return parse_map(read_file(path))


def load_values_csv(path):
    """parse_values_csv of a file: (walls, values)."""
    return parse_values_csv(read_file(path))


def save_values_csv(path, walls, values) -> None:
    """Write a map as exact CSV (format_values(..., 'csv')). The text is made first, so a
    failure leaves no file behind."""
    text = format_values(walls, values, "csv")
    with open(path, "w", encoding="ascii", newline="") as f:
        f.write(text)


def load_scen(path) -> list:
    """parse_scen of a file."""
    return parse_scen(read_file(path))


parse_scen.__module__ = __name__
