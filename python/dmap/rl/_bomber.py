"""The bomber game for dmap.rl: one game of the bomber arena (dmap.arenas.bomber, CoderOne's 2020
game) with learners in some of its two seats and the arena's C bots in the others.

The game runs as the original runner runs its agents: each living seat decides on the state
after a tick, and its answer is applied in the next tick. reset() plays tick 0 (which has no
answers), so the first observation is the state the learners first answer; each step applies
their answers in one tick and observes the state after it.

Observation (a dict; the board 12 columns by 10 rows, indexed [y, x], y up as in the game):
  board        uint8 (8, 10, 12): planes of metal, wood, ore blocks, ammo, treasure, bombs, the
               agent, the opponent (1 where present)
  self         int64 (6,): x, y, ammo, hp, power (blast radius), score; hp drops by one per
               fire on the agent's cell, so two fires in one tick take hp 1 to -1 (as in the
               original engine): hp is at most 3 and may be below 0
  opponent     int64 (2,): the opponent's x, y
  tick         int64 (1,): the tick just played (reset() plays tick 0)
  action_mask  int8 (6,): 1 for the answers that do something: nothing; a move onto the board
               that is free of blocks, bombs and players; a bomb with ammo left and no bomb
               under the agent; nothing only for a dead player. The arena's one mask
               (bomber_legal_actions). Masked answers are still accepted (the engine ignores
               them).
Actions: Discrete(6): nothing, 'u' (y+1), 'd' (y-1), 'l' (x-1), 'r' (x+1), 'p' (a bomb).
Planes (observation="planes", float32 (17, 10, 12) in [0, 1], indexed [y, x] as the board above;
dmap/rl/_planes.py says the scaling):
  metal, wood, ore, ammo, treasure, bombs, self, opponent
                presence: the board's planes above
  blast         timing (T = 36): in how many ticks fire hurts the cell, from the bombs' first
                sightings and their chain reactions as the arena's bots `simple` and `gambit2`
                time them (bots/blast.h, through the door's bomber_blast: a bomb seen first
                after tick t hurts in tick t + 35); 1 never
  dist_self     distance (D = 22) from the agent over the walls blocks and bombs (players
                passable)
  dist_enemy    distance from the opponent (the same walls)
  flee          flee from the opponent's distance (the rule of _planes.py)
  safe_walk     distance: dmap.safe_walk's arrival from the agent, a cell entered at step k
                only when k is less than the ticks until fire hurts it; 1 where no safe walk
                goes
  ammo          scalar: ammo / 10
  hp            scalar: hp / 3
  power         scalar: the blast radius / 10
  tick          scalar: tick / 1800 (the runner's max_iterations)
Rewards: +1 to the winner and -1 to the loser on the last tick (0 each for a draw), 0 before;
info["score"] carries the game's score. An agent leaves terminated when a player's hp runs out
(the game ends: reason "death"), truncated when the ticks run out (reason "timeout").
"""
from __future__ import annotations

from typing import Any, cast, Dict, List, Optional, Sequence, Tuple

import numpy as np
from gymnasium import spaces

from dmap import _arenas
from dmap.arenas import bomber as bm

from . import _planes
from ._status import RUNNING, TERMINATED, TRUNCATED

W, H = 12, 10
ANSWERS = ("", "u", "d", "l", "r", "p")
_PLANES = {"ib": 0, "sb": 1, "ob": 2}
_BIG = np.iinfo(np.int32).max
MAX_TICKS = 1800  # the runner's max_iterations
FIRE_TICKS = 36  # the blast plane's T: a bomb first seen after tick t hurts in tick t + 35
PLANE_NAMES = ("metal", "wood", "ore", "ammo", "treasure", "bombs", "self", "opponent", "blast", "dist_self",
               "dist_enemy", "flee", "safe_walk", "ammo_left", "hp", "power", "tick")


class _Later(BaseException):
    """Raised by a learner's seat asked before the environment has its answer: the arena's door
    then leaves the decision owed and asks again at the start of the next tick."""


class _Seat:
    def __init__(self) -> None:
        self.answer: Optional[str] = None

    def __call__(self, view: Tuple[Any, ...]) -> str:
        if self.answer is None:
            raise _Later()
        a, self.answer = self.answer, None
        return a


class BomberCore:
    name = "bomber"

    def __init__(self, seats: Optional[Sequence[Optional[str]]] = None, gym: bool = False) -> None:
        if seats is None:
            seats = [None, "gambit"] if gym else [None, None]
        seats = list(seats)
        if len(seats) != 2:
            raise ValueError("the bomber game has 2 seats, got %d" % len(seats))
        for i, s in enumerate(seats):
            if s is not None and (not isinstance(s, str) or s.split(":")[0] not in bm.C_BOTS):
                raise ValueError("seat %d: None (a learner) or a C bot of %s (or its spec BOT:NAME=VALUE), got %r"
                                 % (i, ", ".join(bm.C_BOTS), s))
        self.seats = seats
        self.learners = [i for i, s in enumerate(seats) if s is None]
        self._agents: List[Any] = [_Seat() if s is None else s for s in seats]
        self.observation_space = spaces.Dict({
            "board": spaces.MultiBinary((8, H, W)),
            "self": spaces.Box(np.array([0, 0, 0, -_BIG, 0, 0]), np.array([W - 1, H - 1, _BIG, 3, _BIG, _BIG]),
                               (6,), np.int64),
            "opponent": spaces.Box(0, np.array([W - 1, H - 1]), (2,), np.int64),
            "tick": spaces.Box(0, _BIG, (1,), np.int64),
            "action_mask": spaces.MultiBinary(6),
        })
        self.action_space = spaces.Discrete(6)
        self.plane_names = list(PLANE_NAMES)
        self.plane_shape = (H, W)
        self._game: Any = None
        self._views: Any = None
        self._blast: Any = None
        self._sightings: List[Any] = []

    def _tick(self) -> None:
        try:
            self._game.tick()
        except _Later:
            pass
        self._views = [self._game.view(p) for p in range(2)]
        # the bombs' sightings, every tick (the planes' blast timing; both views see the same bombs)
        tick, bombs, blocks = self._views[0][1], self._views[0][4], self._views[0][5]
        self._blast, self._sightings = _arenas.bomber_blast(tick, [c for _, c in blocks], bombs, self._sightings)

    def new_game(self, seed: int) -> None:
        for a in self._agents:
            if isinstance(a, _Seat):
                a.answer = None
        self._game = _arenas.BomberGame(self._agents, seed)
        self._sightings = []
        self._tick()

    def step(self, actions: Dict[int, Any]) -> None:
        for seat, a in actions.items():
            self._agents[seat].answer = ANSWERS[a]
        self._tick()

    def alive(self, seat: int) -> bool:
        return cast("bool", self._views[seat][9] > 0)

    def status(self) -> int:
        r = self._game.result()
        if not r["is_over"]:
            return RUNNING
        return TERMINATED if r["reason"] == "death" else TRUNCATED

    def reward(self, seat: int) -> float:
        r = self._game.result()
        if not r["is_over"] or r["winner"] is None:
            return 0
        return 1 if r["winner"] == seat else -1

    def observe(self, seat: int) -> Dict[str, Any]:
        (_, tick, ammo, treasure, bombs, blocks, players, _, ammo_left, hp, (x, y), score,
         power) = self._views[seat]
        board = np.zeros((8, H, W), np.int8)
        for tag, (bx, by) in blocks:
            board[_PLANES[tag], by, bx] = 1
        for plane, cells in ((3, ammo), (4, treasure), (5, bombs)):
            for cx, cy in cells:
                board[plane, cy, cx] = 1
        ox, oy = players[1 - seat][1]
        board[6, y, x] = 1
        board[7, oy, ox] = 1
        mask = _arenas.bomber_action_mask(self._views[seat])  # the arena's bomber_legal_actions
        return {
            "board": board,
            "self": np.array([x, y, ammo_left, hp, power, score], np.int64),
            "opponent": np.array([ox, oy], np.int64),
            "tick": np.array([tick], np.int64),
            "action_mask": mask,
        }

    def planes(self, seat: int, obs: Dict[str, Any]) -> Any:
        """The agent's planes (observation="planes", the module's docstring)."""
        tick, (x, y), (ox, oy) = int(obs["tick"][0]), obs["self"][:2], obs["opponent"]
        ammo, hp, power = obs["self"][2:5]
        board = obs["board"]
        walls = (board[0] | board[1] | board[2] | board[5]).astype(bool)
        D = H + W
        shape = (H, W)
        ticks = (self._blast - tick).astype(np.float64)
        ticks[self._blast >= 1000000] = np.inf  # BLAST_NEVER
        out = np.empty((len(PLANE_NAMES), H, W), np.float32)
        out[:8] = board
        out[8] = _planes.timing(ticks, FIRE_TICKS)
        out[9] = _planes.bfs_plane(walls, [(int(x), int(y))], D)
        out[10] = _planes.bfs_plane(walls, [(int(ox), int(oy))], D)
        out[11] = _planes.flee_plane(walls, [(int(ox), int(oy))])
        out[12] = _planes.safe_plane(walls, ticks, (int(x), int(y)), D)
        out[13] = _planes.constant(ammo, 10, shape)
        out[14] = _planes.constant(hp, 3, shape)
        out[15] = _planes.constant(power, 10, shape)
        out[16] = _planes.constant(tick, MAX_TICKS, shape)
        return out

    def info(self, seat: int) -> Dict[str, Any]:
        r = self._game.result()
        info: Dict[str, Any] = {"tick": r["ticks"], "score": r["scores"][seat]}
        if r["is_over"]:
            info["result"] = "tie" if r["winner"] is None else ("win" if r["winner"] == seat else "loss")
            info["reason"] = r["reason"]
            info["winner"] = r["winner"]
        return info

    def render(self) -> str:
        return "\n".join(self._game.state_lines()) + "\n"
