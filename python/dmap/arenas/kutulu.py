"""dmap.arenas.kutulu — the Code of Kutulu arena (CodinGame's 2018 contest, turn-exact with its
referee) with Python objects in its seats, each playing as a CodinGame program plays.

    from dmap.arenas import kutulu

    class Waiter:                      # a player: the protocol's text in, one line out
        def answer(self, init, turn):  # init: the init lines on the first turn, else None
            return "WAIT"

    game = kutulu.Game([Waiter(), "postmortem", "random", "wait"], seed=7)
    print(game.run())   # {'turns': ..., 'map': ..., 'scores': [...], 'ranks': [...], ...}

A seat is a built-in bot's name (BOTS) or spec ("postmortem:next_turn=3") or an object with answer(init, turn): init is the text a
program reads first (width, height, the maze's rows, the parameters line; on the first turn,
else None), turn the text of the turn's input (the entity count and entity lines), each line
ending in a newline; it returns the answer line ("MOVE x y [message]", "WAIT", "PLAN",
"LIGHT", "YELL"). The referee times and judges it as it times and judges a program's line:
the wall clock against the referee's limits (1 s on the first turn, 50 ms after; first_limit
and limit change them), and a late answer or a line its grammar rejects ends the player
(score -1, result["ended"] says why). seed is the referee's seed, bot_seed seeds the built-in
bots (seat i gets bot_seed * 4 + i + 1), map forces a league map (0..15) instead of the drawn
one: the same arguments play the game `kutulu match --seed --bot-seed` plays.

Errors are values, as the referee treats a program that fails: an object whose answer raises an
Exception or returns anything but a string answers an empty line, which the referee rejects.
Each error is listed in game.errors as (turn, seat, kind, message) and warned once per seat. A
KeyboardInterrupt ends the game and propagates.
"""
from __future__ import annotations

import os
from typing import Any, cast, Dict, Iterable, List, Optional, Tuple, Union

try:
    from .. import _arenas
except ImportError as e:  # a copy of python/ without the arenas' sources
    raise ImportError("dmap.arenas.kutulu needs the extension dmap._arenas, built when the "
                      "repository's arenas/ folder is beside python/") from e

__all__ = ["Game", "BOTS", "default_maps"]

# The arena's built-in bots, by the names seats take.
BOTS: Tuple[str, ...] = tuple(_arenas.KUTULU_BOTS)


def default_maps() -> str:
    """The league maps' folder: $DMAP_KUTULU_MAPS, else the copy an installed package carries
    (data/kutulu_maps), else the repository's arenas/kutulu/data/maps beside the package's
    sources."""
    env = os.environ.get("DMAP_KUTULU_MAPS")
    if env:
        return env
    here = os.path.dirname(os.path.abspath(__file__))
    installed = os.path.join(here, "data", "kutulu_maps")
    if os.path.isdir(installed):
        return installed
    for root in (os.environ.get("DMAP_SOURCE"), os.path.join(here, "..", "..", "..")):
        if root:
            path = os.path.join(root, "arenas", "kutulu", "data", "maps")
            if os.path.isdir(path):
                return path
    raise FileNotFoundError("the Kutulu league maps: give maps=DIR (arenas/kutulu/data/maps) or "
                            "set DMAP_KUTULU_MAPS")


class Game:
    """A game of Code of Kutulu: four seats (built-in bot names or objects with answer(init,
    turn)), the referee's seed, the bots' seed, an optional forced map."""

    def __init__(self, seats: Iterable[Any], seed: int, bot_seed: int = 1, map: int = -1,
                 maps: Optional[Union[str, "os.PathLike[str]"]] = None,
                 first_limit: float = 1.0, limit: float = 0.05) -> None:
        seats = list(seats)
        self._game = _arenas.KutuluGame(seats, os.fspath(maps) if maps is not None else default_maps(),
                                        seed, bot_seed=bot_seed, map=map,
                                        first_limit_ns=int(round(first_limit * 1e9)),
                                        limit_ns=int(round(limit * 1e9)))

    @property
    def errors(self) -> List[Tuple[int, int, str, str]]:
        """The Python seats' errors: (turn, seat, kind, message), in order."""
        return cast("List[Tuple[int, int, str, str]]", self._game.errors)

    @property
    def result(self) -> Optional[Dict[str, Any]]:
        """After run(): turns, map (index), scores, ranks, timeouts (1: the player was ended),
        ended (why: 'timeout', 'invalid', ... or None), players (names; 'python')."""
        return cast("Dict[str, Any] | None", self._game.result)

    def run(self) -> Dict[str, Any]:
        """Plays the game (once); returns the result."""
        return cast("Dict[str, Any]", self._game.run())
