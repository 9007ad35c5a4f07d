"""Pictures of the boards for dmap.rl's render_mode="rgb_array": the whole board (not one
agent's view; the fog of Pommerman's Competition configs is not drawn) as an H x W x 3 uint8
array, NumPy only. Each cell is a CELL x CELL square in the colour of its kind (one palette for
every arena, PALETTE), with a one-pixel darker line on its right and bottom edges; an agent is a
smaller square, in its seat's colour, inside its cell, so that what it stands on still shows
around it. A board's picture keeps its size for a whole environment (Code of Kutulu's maps are
drawn padded to the largest, as its observations are), as video recorders want.
"""
from __future__ import annotations

from typing import Any, Dict, List, Tuple

import numpy as np

CELL = 8  # pixels per cell side
_INSET = 2  # pixels between an agent's square and its cell's edge

# the kinds of cell, the rows of PALETTE
FLOOR, WALL, WOOD, ORE, BOMB, FLAME, FOG, AMMO, RANGE, KICK, TREASURE, SPAWN, SHELTER, \
    WANDERER, SLASHER = range(15)
AGENT0 = 15  # seat i's colour is row AGENT0 + i (4 seats at most)

PALETTE = np.array([
    (214, 208, 190),  # floor
    (64, 64, 72),     # wall: Pommerman's rigid walls, the bomber game's metal, Kutulu's walls
    (156, 102, 52),   # wood (breakable)
    (120, 120, 160),  # ore block (the bomber game's, three hits)
    (16, 16, 16),     # bomb
    (245, 130, 20),   # flame
    (150, 150, 150),  # fog
    (70, 190, 90),    # ammo (the bomber game's; Pommerman's extra bomb)
    (250, 220, 60),   # Pommerman's blast range power-up
    (80, 200, 220),   # Pommerman's kick power-up
    (200, 170, 0),    # the bomber game's treasure
    (190, 225, 190),  # Kutulu's spawn cells
    (150, 210, 255),  # Kutulu's shelters
    (140, 70, 170),   # Kutulu's wanderers
    (120, 0, 40),     # Kutulu's slashers
    (230, 40, 40),    # seat 0 (the pursuit game's predator)
    (40, 90, 230),    # seat 1 (its prey)
    (20, 150, 60),    # seat 2
    (250, 120, 200),  # seat 3
], np.uint8)

# Pommerman's Item values (the board's cells) to kinds; agents are drawn over passage
_PM_KINDS = np.array([FLOOR, WALL, WOOD, BOMB, FLAME, FOG, AMMO, RANGE, KICK, FLOOR,
                      FLOOR, FLOOR, FLOOR, FLOOR], np.intp)
_BOMBER_BLOCKS = {"ib": WALL, "sb": WOOD, "ob": ORE}

# (row, col, seat) of each agent to draw over its cell
Agents = List[Tuple[int, int, int]]


def picture(kinds: "np.ndarray[Any, Any]", agents: Agents) -> "np.ndarray[Any, Any]":
    """The picture of a board of kinds (H, W ints, rows of PALETTE) with agents over it:
    (H * CELL, W * CELL, 3) uint8."""
    img = np.repeat(np.repeat(PALETTE[kinds], CELL, axis=0), CELL, axis=1)
    for r, c, seat in agents:
        y, x = r * CELL + _INSET, c * CELL + _INSET
        img[y:y + CELL - 2 * _INSET, x:x + CELL - 2 * _INSET] = PALETTE[AGENT0 + seat]
    img[CELL - 1::CELL] //= 2  # the grid's lines
    img[:, CELL - 1::CELL] //= 2
    return img


def _pommerman(core: Any) -> "np.ndarray[Any, Any]":
    st = core._env._game.json_state()
    board = np.asarray(st["board"], np.intp)
    agents = [(int(r), int(c), int(v) - 10) for (r, c), v in np.ndenumerate(board) if v >= 10]
    return picture(_PM_KINDS[np.minimum(board, len(_PM_KINDS) - 1)], agents)


def _bomber(core: Any) -> "np.ndarray[Any, Any]":
    from ._bomber import H, W
    view = core._views[0]
    ammo, treasure, bombs, blocks, players = view[2:7]
    kinds = np.full((H, W), FLOOR, np.intp)
    for tag, (x, y) in blocks:
        kinds[y, x] = _BOMBER_BLOCKS[tag]
    for kind, cells in ((AMMO, ammo), (TREASURE, treasure), (BOMB, bombs)):
        for x, y in cells:
            kinds[y, x] = kind
    agents = [(int(y), int(x), seat) for seat, (x, y) in enumerate(p[1] for p in players)]
    # the game's y grows upwards: row 0 of the picture is its top row, y = H - 1
    return picture(kinds[::-1], [(H - 1 - r, c, s) for r, c, s in agents])


def _kutulu(core: Any) -> "np.ndarray[Any, Any]":
    _, _, _, w, h, cells, ex, minions, effects = core._state
    kinds = np.full((core.H, core.W), WALL, np.intp)
    maze = np.frombuffer(cells, np.uint8).reshape(h, w)
    kinds[:h, :w] = np.where(maze == ord("#"), WALL, np.where(maze == ord("w"), SPAWN, FLOOR))
    for kind, ticks, _, _, x, y in effects:
        if kind == 3:
            kinds[y, x] = SHELTER
    for kind, x, y, _, _ in minions:
        kinds[y, x] = WANDERER if kind == 1 else SLASHER
    agents = [(int(e[1]), int(e[0]), seat) for seat, e in enumerate(ex) if e[5]]
    return picture(kinds, agents)


def _pursuit(core: Any) -> "np.ndarray[Any, Any]":
    kinds = np.where(core._walls != 0, WALL, FLOOR).astype(np.intp)
    (px, py), (qx, qy) = core._game.positions
    return picture(kinds, [(int(py), int(px), 0), (int(qy), int(qx), 1)])


_DRAW: Dict[str, Any] = {"pommerman": _pommerman, "bomber": _bomber, "kutulu": _kutulu, "pursuit": _pursuit}


def rgb_array(core: Any) -> "np.ndarray[Any, Any]":
    """The picture of the core's game now (rgb_array rendering); RuntimeError before a game."""
    started = core._obs is not None if core.name == "pommerman" else core._game is not None
    if not started:
        raise RuntimeError("render: no game yet: call reset() first")
    return np.ascontiguousarray(_DRAW[core.name](core))
