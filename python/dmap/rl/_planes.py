"""observation="planes" for dmap.rl's environments: each observation as one image, a float32 Box
of shape (C, H, W) with every value in [0, 1], channel-first as convolutional networks take it
(Stable-Baselines3's CnnPolicy with a small features extractor, python/README.md), with the action
mask beside it in the info as in observation="flat" (info["action_mask"]).

The channels are the board's layers and dmap's maps of the cell grid, the ones the arena's bots
compute; each arena's module says its channels, in order, and env.plane_names names them. One
scaling rule for every arena:
  presence  1 where the thing is, else 0 (walls, items, agents, ...)
  distance  BFS steps over the arena's walls, min(d, D) / D with D = H + W (1: D steps or more,
            or unreached)
  timing    steps until something happens, min(t, T) / T with the arena's T (1: never)
  flee      dmap.flee with factor -2 of the distance from the threats, plus 128, clamped to
            0..254, over 255 (lower is safer: roll downhill to flee; 1 on walls and on cells no
            threat reaches)
  scalar    a number of the agent's (ammo, hp, the step ...), the same on every cell: value / its
            maximum, clamped to 1
"""
from __future__ import annotations

from typing import Any, Dict, List, Sequence, Tuple

import numpy as np
from gymnasium import spaces

import dmap

Cell = Tuple[int, int]


def distance(depth: Any, D: float) -> Any:
    """The distance plane of a dmap.bfs depth map (-1 unreached): min(d, D) / D, 1 unreached."""
    d = np.asarray(depth, np.float32)
    return np.where(d < 0, np.float32(1), np.minimum(d, np.float32(D)) / np.float32(D)).astype(np.float32)


def bfs_plane(walls: Any, sources: Sequence[Cell], D: float) -> Any:
    """The distance plane from the sources (x, y) over walls (H, W bools); all 1 without sources.
    A source stands on an open cell."""
    if not sources:
        return np.ones(np.shape(walls), np.float32)
    w = np.array(walls, np.uint8)
    for x, y in sources:
        w[y, x] = 0
    return distance(dmap.bfs(w, list(sources)), D)


def flee_plane(walls: Any, sources: Sequence[Cell]) -> Any:
    """The flee plane from the threats on sources (x, y): dmap.flee(factor -2) of their BFS
    distance over the cells they reach, plus 128, clamped to 0..254, over 255; 1 on walls and
    cells no threat reaches (as the vectorized Pommerman's flee plane)."""
    shape = np.shape(walls)
    if not sources:
        return np.ones(shape, np.float32)
    w = np.array(walls, np.uint8)
    for x, y in sources:
        w[y, x] = 0
    depth: Any = dmap.bfs(w, list(sources))
    closed = (w != 0) | (depth < 0)
    v = dmap.flee(closed, np.where(closed, 0.0, depth).astype(np.float64), -2.0)
    plane = np.clip(v + 128, 0, 254) / 255
    return np.where(closed, 1.0, plane).astype(np.float32)


def timing(t: Any, T: float) -> Any:
    """The timing plane of steps t (inf or more than T: never): min(t, T) / T."""
    return (np.minimum(np.asarray(t, np.float64), T) / T).astype(np.float32)


def safe_plane(walls: Any, danger: Any, start: Cell, D: float) -> Any:
    """dmap.safe_walk from start (x, y) where a cell may be entered at step t only when t <
    danger[cell] (the steps until it is dangerous; inf: never): the arrival, as a distance plane
    (1 for the cells no safe walk reaches, walls included)."""
    w = np.array(walls, np.uint8)
    w[start[1], start[0]] = 0
    arrival, _, _ = dmap.safe_walk(w, np.asarray(danger, np.float64), start)
    return np.where(np.isfinite(arrival), np.minimum(arrival, D) / D, 1.0).astype(np.float32)


def constant(value: float, high: float, shape: Tuple[int, int]) -> Any:
    """A scalar plane: value / high clamped to 0..1 on every cell."""
    return np.full(shape, min(max(float(value) / high, 0.0), 1.0), np.float32)


class PlaneObservation:
    """The (C, H, W) Box of a core's planes (core.plane_names, core.plane_shape) and the map from
    an agent's observation to a point of it (core.planes(seat, obs)); it keeps no core, so that
environments pickle as they do without it."""

    def __init__(self, core: Any) -> None:
        self.names: List[str] = list(core.plane_names)
        h, w = core.plane_shape
        self.space = spaces.Box(0.0, 1.0, (len(self.names), h, w), np.float32)

    def __call__(self, core: Any, seat: int, obs: Dict[str, Any]) -> Any:
        return core.planes(seat, obs)
