"""Code of Kutulu for dmap.rl: one game of the Kutulu arena's referee (dmap.arenas.kutulu), turn
by turn (the door's KutuluTurns), with learners in some of its four seats and the arena's
built-in bots in the others. A learner's action becomes the line a program would print; the
bots get the protocol's text and answer as in `kutulu match`.

Observation (a dict; the league maps differ in size, so the planes are padded to the largest,
H x W = 20 x 22 with the shipped maps, indexed [y, x]; padding reads as wall):
  grid         int16 (7, H, W): planes of walls, spawn cells, the agent (1), the other
               explorers (their sanity), wanderers (1), slashers (1), shelters (energy + 1)
  explorers    int64 (4, 6): active, x, y, sanity, plans, lights of the agent (row 0) and of the
               other seats in seat order (zeros for those out of the game)
  turn         int64 (1,): the turns played (0..200)
  action_mask  int8 (8,): 1 for WAIT, for a step onto a walkable cell, for PLAN and LIGHT while
               some are left, for YELL with another explorer within 1 cell; WAIT only out of
               the game. The arena's one mask (kt_legal_actions). A masked action is
               accepted (a step into a wall waits; the others do what the referee does).
Actions: Discrete(8): WAIT, MOVE one cell up (y-1), right, down, left, PLAN, LIGHT, YELL.
Planes (observation="planes", float32 (16, H, W) in [0, 1], indexed [y, x] and padded as the grid
above; dmap/rl/_planes.py says the scaling):
  wall, spawn, self, wanderers, slashers
                presence: the grid's planes above (padding reads as wall)
  explorers     the other explorers' sanity / 250
  shelters      the shelters' energy + 1, over 11 (0 where none)
  dist_self     distance (D = H + W) from the agent over the walls (minions and explorers
                passable); all 1 out of the game
  dist_explorer distance from the nearest other explorer in the game
  dist_minion   distance from the nearest minion (wanderer or slasher): the turns a minion
                walking one cell a turn needs to reach the cell (dmap.timing_map of the
                minions' cells)
  flee          flee from the minions' distance (the rule of _planes.py)
  safe_walk     distance: dmap.safe_walk's arrival from the agent over that timing map, a cell
                entered at step k only when k is less than dist_minion's steps (before any
                minion can be there); 1 where no safe walk goes
  sanity        scalar: sanity / 250
  plans, lights scalars: PLANs left / 2, LIGHTs left / 3
  turn          scalar: turn / 200
Rewards: +1 for every turn after which the explorer is still in the game (its score counts the
turns survived), 0 on the turn it leaves. An explorer leaves terminated when it goes mad (or the
game ends with one explorer left), truncated when the 200 turns run out.
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Tuple

import os

import numpy as np
from gymnasium import spaces

import dmap
from dmap import _arenas
from dmap.arenas import kutulu as ku

from . import _planes
from ._status import RUNNING, TERMINATED, TRUNCATED

LAST_TURN = 200
MAX_SANITY = 250
_STEPS = ((0, -1), (1, 0), (0, 1), (-1, 0))  # up, right, down, left as (dx, dy)
_PLANES = 7
SHELTER_ENERGY = 10
PLANE_NAMES = ("wall", "spawn", "self", "explorers", "wanderers", "slashers", "shelters", "dist_self",
               "dist_explorer", "dist_minion", "flee", "safe_walk", "sanity", "plans", "lights", "turn")


class KutuluCore:
    name = "kutulu"

    def __init__(self, seats: Optional[Sequence[Optional[str]]] = None, map: int = -1,
                 maps: Optional[str] = None, gym: bool = False) -> None:
        if seats is None:
            seats = [None, "random", "random", "random"] if gym else [None] * 4
        seats = list(seats)
        if len(seats) != 4:
            raise ValueError("Code of Kutulu has 4 seats, got %d" % len(seats))
        for i, s in enumerate(seats):
            if s is not None and (not isinstance(s, str) or s.split(":")[0] not in ku.BOTS):
                raise ValueError("seat %d: None (a learner) or a built-in bot of %s (or its spec BOT:NAME=VALUE), got %r"
                                 % (i, ", ".join(ku.BOTS), s))
        self.seats = seats
        self.learners = [i for i, s in enumerate(seats) if s is None]
        self.map = map
        self.maps = os.fspath(maps) if maps is not None else ku.default_maps()
        probe = _arenas.KutuluTurns(seats, self.maps, 1, map=map)
        sizes = probe.map_sizes()
        self.W = max(w for w, h in sizes)
        self.H = max(h for w, h in sizes)
        self.observation_space = spaces.Dict({
            "grid": spaces.Box(0, MAX_SANITY, (_PLANES, self.H, self.W), np.int16),
            "explorers": spaces.Box(0, np.tile(np.array([1, self.W - 1, self.H - 1, MAX_SANITY, 2, 3]), (4, 1)),
                                    (4, 6), np.int64),
            "turn": spaces.Box(0, LAST_TURN, (1,), np.int64),
            "action_mask": spaces.MultiBinary(8),
        })
        self.action_space = spaces.Discrete(8)
        self.plane_names = list(PLANE_NAMES)
        self.plane_shape = (self.H, self.W)
        self._game: Any = None
        self._state: Any = None
        self._was_active = [True] * 4

    def new_game(self, seed: int) -> None:
        self._game = _arenas.KutuluTurns(self.seats, self.maps, seed, bot_seed=seed, map=self.map)
        self._state = self._game.state()
        self._cells: Any = None
        self._was_active = [True] * 4

    def _line(self, seat: int, a: int) -> str:
        ex = self._state[6][seat]
        if 1 <= a <= 4:
            x, y = ex[0] + _STEPS[a - 1][0], ex[1] + _STEPS[a - 1][1]
            return "MOVE %d %d" % (x, y) if _arenas.kutulu_action_mask(self._state, seat)[a] else "WAIT"
        return ("WAIT", "", "", "", "", "PLAN", "LIGHT", "YELL")[a]

    def step(self, actions: Dict[int, Any]) -> None:
        self._was_active = [bool(e[5]) for e in self._state[6]]
        lines = [self._line(s, actions[s]) if s in actions else "WAIT" for s in range(4)]
        self._game.step(lines)
        self._state = self._game.state()

    def alive(self, seat: int) -> bool:
        return bool(self._state[6][seat][5])

    def status(self) -> int:
        turn, over = self._state[0], self._state[1]
        if not over:
            return RUNNING
        return TRUNCATED if turn >= LAST_TURN else TERMINATED

    def reward(self, seat: int) -> float:
        return 1 if self._was_active[seat] and self._state[6][seat][5] else 0

    def observe(self, seat: int) -> Dict[str, Any]:
        turn, _, _, w, h, cells, ex, minions, effects = self._state
        grid = np.zeros((_PLANES, self.H, self.W), np.int16)
        grid[0] = 1
        maze = np.frombuffer(cells, np.uint8).reshape(h, w)
        grid[0, :h, :w] = maze == ord("#")
        grid[1, :h, :w] = maze == ord("w")
        order = [seat] + [i for i in range(4) if i != seat]
        rows = np.zeros((4, 6), np.int64)
        for r, i in enumerate(order):
            x, y, sanity, plans, lights, active, _ = ex[i]
            if not active:
                continue
            rows[r] = (1, x, y, sanity, plans, lights)
            if i == seat:
                grid[2, y, x] = 1
            else:
                grid[3, y, x] = max(grid[3, y, x], sanity)
        for kind, x, y, _, _ in minions:
            grid[4 if kind == 1 else 5, y, x] = 1
        for kind, ticks, _, _, x, y in effects:
            if kind == 3:
                grid[6, y, x] = ticks + 1
        mask = _arenas.kutulu_action_mask(self._state, seat)  # the arena's kt_legal_actions
        return {"grid": grid, "explorers": rows, "turn": np.array([turn], np.int64), "action_mask": mask}

    def planes(self, seat: int, obs: Dict[str, Any]) -> Any:
        """The agent's planes (observation="planes", the module's docstring)."""
        grid, rows = obs["grid"], obs["explorers"]
        walls = grid[0] != 0
        shape, D = (self.H, self.W), self.H + self.W
        active, x, y, sanity, plans, lights = (int(v) for v in rows[0])
        others = [(int(r[1]), int(r[2])) for r in rows[1:] if r[0]]
        minions = [(int(m[1]), int(m[2])) for m in self._state[7]]
        out = np.empty((len(PLANE_NAMES), self.H, self.W), np.float32)
        out[:7] = grid
        out[3] /= MAX_SANITY
        out[6] = np.minimum(out[6] / (SHELTER_ENERGY + 1), 1)
        out[7] = _planes.bfs_plane(walls, [(x, y)] if active else [], D)
        out[8] = _planes.bfs_plane(walls, others, D)
        out[9] = _planes.bfs_plane(walls, minions, D)
        out[10] = _planes.flee_plane(walls, minions)
        if active:
            arrival = dmap.timing_map(walls, minions) if minions else np.full(shape, np.inf)
            out[11] = _planes.safe_plane(walls, arrival, (x, y), D)
        else:
            out[11] = 1
        out[12] = _planes.constant(sanity, MAX_SANITY, shape)
        out[13] = _planes.constant(plans, 2, shape)
        out[14] = _planes.constant(lights, 3, shape)
        out[15] = _planes.constant(int(obs["turn"][0]), LAST_TURN, shape)
        return out

    def info(self, seat: int) -> Dict[str, Any]:
        turn, over, map_index = self._state[:3]
        info: Dict[str, Any] = {"turn": turn, "map": map_index}
        if over or not self._state[6][seat][5]:
            scores = [e[6] for e in self._state[6]]
            info["score"] = scores[seat]
            if over:
                info["rank"] = 1 + sum(s > scores[seat] for s in scores)
        return info

    def render(self) -> str:
        turn, _, _, w, h, cells, ex, minions, _ = self._state
        rows = [list(cells[y * w:(y + 1) * w].decode()) for y in range(h)]
        for kind, x, y, _, _ in minions:
            rows[y][x] = "W" if kind == 1 else "S"
        for i, e in enumerate(ex):
            if e[5]:
                rows[e[1]][e[0]] = str(i)
        return "turn %d\n" % turn + "\n".join("".join(r) for r in rows) + "\n"
