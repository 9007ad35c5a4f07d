"""dmap.arenas.pursuit — the pursuit arena (a predator–prey game on a square grid,
arenas/pursuit/RULES.md) with Python functions in its seats.

    from dmap.arenas import pursuit

    def prey(view):                    # a Python function is a bot: view -> move letter
        return "s"

    game = pursuit.Game("chase", prey, random=5)       # C bots by name in the other seat
    print(game.run())    # {'winner': 'predator', 'clock': 4, 'decisions': [4, 4], ...}

A seat is a C bot's name (PREDATORS for the predator's seat, PREYS for the prey's) or spec
("flee:factor=-2"), or a callable
f(view) -> move. The view is what a bot of the arena sees before each clock's moves, a dict:
size (w, h), walls (a tuple of booleans, index y*w + x), predator and prey ((x, y) each), clock
(1-based, the clock being decided), clocks (the game's length) and role ('predator' or 'prey').
The move is a letter: 'u' (y-1), 'd' (y+1), 'l' (x-1), 'r' (x+1), 's' (stay); the first
character of the answer counts, and any other character is a stay, as the rules say. The prey
rests on clocks divisible by 3. The referee times every decision against the time limit (1 s
by default; a late answer is a stay), a Python one as well as a C one.

The world is a world file (world=PATH, the arena's format; data/ holds the game's four) or a
seeded random world (random=SEED, size and walls as `pursuit match --random SEED --size --walls`);
seed seeds the C bots as `pursuit match --seed` does, so the same arguments play the game that
`pursuit match` plays.

Errors are values, as the rules treat an invalid move: a function that raises an Exception or
answers with anything but a non-empty string stays. Each error is listed in game.errors as
(clock, role, kind, message) and warned once per seat; the game carries on. A KeyboardInterrupt
propagates, and that game cannot go on.
"""
from __future__ import annotations

import os
from typing import Any, Callable, cast, Dict, List, Mapping, Optional, Tuple, Union

try:
    from .. import _arenas
except ImportError as e:  # a copy of python/ without the arenas' sources
    raise ImportError("dmap.arenas.pursuit needs the extension dmap._arenas, built when the "
                      "repository's arenas/ folder is beside python/") from e

__all__ = ["Game", "PREDATORS", "PREYS", "MOVES", "step"]

# The arena's C bots of each seat, by the names seats take (`random` plays both).
PREDATORS: Tuple[str, ...] = tuple(_arenas.PURSUIT_PREDATORS)
PREYS: Tuple[str, ...] = tuple(_arenas.PURSUIT_PREYS)

# The moves and where they lead: (dx, dy).
MOVES: Dict[str, Tuple[int, int]] = {"u": (0, -1), "d": (0, 1), "l": (-1, 0), "r": (1, 0), "s": (0, 0)}
ROLES: Dict[str, int] = {"predator": 0, "prey": 1}


def step(view: Mapping[str, Any], at: Tuple[int, int], move: str) -> Tuple[int, int]:
    """The cell (x, y) an agent on `at` reaches with `move` in the view's world: as the referee
    reads an answer, its first character counts ("up" moves as "u"); off the grid, into an
    obstacle or any letter but u/d/l/r stays."""
    w, h = view["size"]
    dx, dy = MOVES.get(move[:1] if isinstance(move, str) else None, (0, 0))
    x, y = at[0] + dx, at[1] + dy
    if not (0 <= x < w and 0 <= y < h) or view["walls"][y * w + x]:
        return at
    return (x, y)


class Game:
    """A game of the pursuit arena: predator and prey (C bot names or callables view -> move),
    on a world file (world=PATH) or a seeded random world (random=SEED)."""

    def __init__(self, predator: Union[str, Callable[[Dict[str, Any]], str]],
                 prey: Union[str, Callable[[Dict[str, Any]], str]],
                 world: Optional[Union[str, "os.PathLike[str]"]] = None, random: Optional[int] = None,
                 size: int = 8, walls: float = 0.2, clocks: int = 30, seed: int = 1,
                 time_limit: float = 1.0) -> None:
        if (world is None) == (random is None):
            raise ValueError("give exactly one of world (a world file's path) and random (a seed)")
        text = None
        if world is not None:
            with open(os.fspath(world)) as f:
                text = f.read()
        if time_limit < 0:
            raise ValueError("time_limit: seconds >= 0 (0: no limit)")
        self._game = _arenas.PursuitGame(predator, prey, world=text, random=random, size=size,
                                         walls=walls, clocks=clocks, seed=seed,
                                         time_limit_ns=int(round(time_limit * 1e9)))

    @property
    def is_over(self) -> bool:
        return bool(self._game.is_over)

    @property
    def errors(self) -> List[Tuple[int, str, str, str]]:
        """The agents' errors: (clock, role, kind, message), in order."""
        return cast("List[Tuple[int, str, str, str]]", self._game.errors)

    @property
    def moves(self) -> List[str]:
        """Each clock's moves as chosen, 'PQ' (the predator's letter, the prey's)."""
        return list(self._game.moves)

    @property
    def positions(self) -> Tuple[Tuple[int, int], Tuple[int, int]]:
        """The predator's and the prey's (x, y) now."""
        return cast("Tuple[Tuple[int, int], Tuple[int, int]]", self._game.positions)

    @property
    def bots(self) -> Tuple[str, str]:
        """The seats' bot names ('python' for a Python function)."""
        return cast("Tuple[str, str]", self._game.bots)

    @property
    def result(self) -> Dict[str, Any]:
        """winner ('predator', 'prey', None while running), clock (of the capture, or the
        clocks played), decisions, timeouts and decide_s (seconds deciding) per seat."""
        return cast("Dict[str, Any]", self._game.result())

    def view(self, role: Union[int, str]) -> Dict[str, Any]:
        """The view seat role (0 or 'predator', 1 or 'prey') gets now."""
        return cast("Dict[str, Any]", self._game.view(ROLES.get(role, -1) if isinstance(role, str) else role))

    def clock(self) -> bool:
        """One clock; returns whether the game is over."""
        return bool(self._game.clock())

    def run(self) -> Dict[str, Any]:
        """Plays until the game is over; returns the result."""
        return cast("Dict[str, Any]", self._game.run())
