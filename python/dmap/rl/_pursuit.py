"""The pursuit game for dmap.rl: one game of the pursuit arena (dmap.arenas.pursuit: a predator
chases a prey on a square grid with obstacles) on a seeded random world, with learners in the
predator's seat (0), the prey's (1) or both, and the arena's C bots in the others.

Observation (a dict; the world `size` by `size`, indexed [y, x]):
  grid         int8 (3, size, size): planes of walls, the predator, the prey (1 where present)
  position     int64 (2,): the agent's (x, y)
  other        int64 (2,): the other seat's (x, y)
  clock        int64 (1,): the clocks played
  action_mask  int8 (5,): 1 for stay and for each move onto the grid off the walls, but for
               the prey on the clocks it rests (3, 6, 9, ...): stay only. The arena's one mask
               (pursuit_legal_actions). A masked move is accepted: the rules make it a stay
Actions: Discrete(5): stay 's', up 'u' (y-1), down 'd' (y+1), left 'l', right 'r'.
Planes (observation="planes", float32 (10, size, size) in [0, 1], indexed [y, x];
dmap/rl/_planes.py says the scaling):
  wall, predator, prey  presence: the grid's planes above
  dist_self     distance (D = 2 size) from the agent over the walls
  dist_other    distance from the other seat
  flee          flee from the other seat's distance (the rule of _planes.py)
  buried        presence: the dead ends the pursuit game's burying rule fills, as the burying
                preys bury them (dmap.bury_dead_ends, both agents' cells protected, the
                grid's edge no wall)
  safe_walk     distance: dmap.safe_walk's arrival from the agent, a cell entered at step k
                only when k is less than the other seat's distance to it (the cells the agent
                reaches first); 1 elsewhere
  predator_seat scalar: 1 for the predator, 0 for the prey
  clock         scalar: the clocks played / clocks
Rewards: +1 to the winner and -1 to the loser on the last clock, 0 before. The game ends
terminated when the predator catches the prey, truncated when the clocks run out (the prey's
win).
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Tuple

import numpy as np
from gymnasium import spaces

import dmap
from dmap import _arenas
from dmap.arenas import pursuit as pu

from . import _planes
from ._status import RUNNING, TERMINATED, TRUNCATED

LETTERS = "sudlr"
_ROLES = ("predator", "prey")
PLANE_NAMES = ("wall", "predator", "prey", "dist_self", "dist_other", "flee", "buried", "safe_walk",
               "predator_seat", "clock")


class _Seat:
    def __init__(self) -> None:
        self.answer = "s"

    def __call__(self, view: Dict[str, Any]) -> str:
        return self.answer


class PursuitCore:
    name = "pursuit"

    def __init__(self, seats: Optional[Sequence[Optional[str]]] = None, size: int = 8, walls: float = 0.2,
                 clocks: int = 30, gym: bool = False) -> None:
        if seats is None:
            seats = [None, "random"] if gym else [None, None]
        seats = list(seats)
        if len(seats) != 2:
            raise ValueError("the pursuit game has 2 seats (predator, prey), got %d" % len(seats))
        for i, (s, bots) in enumerate(zip(seats, (pu.PREDATORS, pu.PREYS))):
            if s is not None and (not isinstance(s, str) or s.split(":")[0] not in bots):
                raise ValueError("seat %d (%s): None (a learner) or a C bot of %s (or its spec BOT:NAME=VALUE), got %r"
                                 % (i, _ROLES[i], ", ".join(bots), s))
        if not (isinstance(size, int) and 2 <= size <= 64):
            raise ValueError("size: an int in 2..64")
        if not (isinstance(clocks, int) and clocks >= 1):
            raise ValueError("clocks: an int >= 1")
        self.seats, self.size, self.walls, self.clocks = seats, size, float(walls), clocks
        self.learners = [i for i, s in enumerate(seats) if s is None]
        self._agents: List[Any] = [_Seat() if s is None else s for s in seats]
        n = size
        self.observation_space = spaces.Dict({
            "grid": spaces.MultiBinary((3, n, n)),
            "position": spaces.Box(0, n - 1, (2,), np.int64),
            "other": spaces.Box(0, n - 1, (2,), np.int64),
            "clock": spaces.Box(0, clocks, (1,), np.int64),
            "action_mask": spaces.MultiBinary(5),
        })
        self.action_space = spaces.Discrete(5)
        self.plane_names = list(PLANE_NAMES)
        self.plane_shape = (n, n)
        self._game: Any = None
        self._walls: Any = None

    def new_game(self, seed: int) -> None:
        # the world and the bots from one seed: the world of `pursuit match --random seed`
        self._game = _arenas.PursuitGame(self._agents[0], self._agents[1], world=None, random=seed, size=self.size,
                                         walls=self.walls, clocks=self.clocks, seed=seed, time_limit_ns=0)
        view = self._game.view(0)
        w, h = view["size"]
        self._walls = np.array(view["walls"], np.int8).reshape(h, w)

    def step(self, actions: Dict[int, Any]) -> None:
        for seat, a in actions.items():
            self._agents[seat].answer = LETTERS[a]
        self._game.clock()

    def alive(self, seat: int) -> bool:
        return True

    def status(self) -> int:
        winner = self._game.result()["winner"]
        if winner is None:
            return RUNNING
        return TERMINATED if winner == "predator" else TRUNCATED

    def reward(self, seat: int) -> float:
        winner = self._game.result()["winner"]
        if winner is None:
            return 0
        return 1 if winner == _ROLES[seat] else -1

    def observe(self, seat: int) -> Dict[str, Any]:
        (px, py), (qx, qy) = self._game.positions
        grid = np.zeros((3,) + self._walls.shape, np.int8)
        grid[0] = self._walls
        grid[1, py, px] = 1
        grid[2, qy, qx] = 1
        me, other = ((px, py), (qx, qy)) if seat == 0 else ((qx, qy), (px, py))
        mask = _arenas.pursuit_action_mask(self._game.view(seat))  # the arena's pursuit_legal_actions
        return {
            "grid": grid,
            "position": np.array(me, np.int64),
            "other": np.array(other, np.int64),
            "clock": np.array([len(self._game.moves)], np.int64),
            "action_mask": mask,
        }

    def planes(self, seat: int, obs: Dict[str, Any]) -> Any:
        """The agent's planes (observation="planes", the module's docstring)."""
        walls = obs["grid"][0] != 0
        me = (int(obs["position"][0]), int(obs["position"][1]))
        other = (int(obs["other"][0]), int(obs["other"][1]))
        n, D = self.size, 2 * self.size
        out = np.empty((len(PLANE_NAMES), n, n), np.float32)
        out[:3] = obs["grid"]
        out[3] = _planes.bfs_plane(walls, [me], D)
        out[4] = _planes.bfs_plane(walls, [other], D)
        out[5] = _planes.flee_plane(walls, [other])
        _, buried = dmap.bury_dead_ends(walls, [me, other])
        out[6] = buried
        depth = np.asarray(dmap.bfs(walls, [other]), np.float64)
        out[7] = _planes.safe_plane(walls, np.where(depth < 0, np.inf, depth), me, D)
        out[8] = 1.0 if seat == 0 else 0.0
        out[9] = _planes.constant(int(obs["clock"][0]), self.clocks, (n, n))
        return out

    def info(self, seat: int) -> Dict[str, Any]:
        r = self._game.result()
        info: Dict[str, Any] = {"clock": r["clock"], "role": _ROLES[seat]}
        if r["winner"] is not None:
            info["result"] = "win" if r["winner"] == _ROLES[seat] else "loss"
        return info

    def render(self) -> str:
        (px, py), (qx, qy) = self._game.positions
        rows = [["#" if v else "." for v in row] for row in self._walls]
        rows[qy][qx] = "Q"
        rows[py][px] = "P"
        return "\n".join("".join(r) for r in rows) + "\n"
