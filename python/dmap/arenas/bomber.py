"""dmap.arenas.bomber — the bomber arena (CoderOne's 2020 "Dungeons & Data Structures" game,
which it plays tick for tick) as a drop-in engine for the original's agent interface.

    from dmap.arenas import bomber

    class Agent:                       # an agent written for CoderOne's game, unchanged
        def next_move(self, game_state, player_state):
            return 'p' if player_state.ammo else ''

    game = bomber.Game([Agent(), "gambit"], seed=1)   # agent objects or the arena's C bots
    game.run()
    print(game.result)    # {'ticks': 1802, 'winner': 1, 'reason': 'timeout', ...}

An agent is any object with the original's next_move(game_state, player_state); it gets
GameState and PlayerState objects with the original's attributes and methods (below) and answers
with the original's action strings: '' or None (nothing), 'u' (y+1), 'd' (y-1), 'l' (x-1),
'r' (x+1), 'b' or 'p' (place a bomb). It runs as the original runner runs its agents: after
every tick each living agent gets the state after it, and its answer is applied
in the next tick (tick 0 has none); after the last tick the living agents still get the final
state (is_over True); like the original engine, the game never calls on_game_over. A seat named
by a string holds the arena's C bot of that name ("gambit", Jfbarr's Gambit bot decision for
decision; "gambit2", "search", "simple", "random"), which decides in C.
The map of a seed is the one the original's generate_map draws from random.Random(seed); the C
bots draw from random.Random(100*seed + 10 + pid), the recordings' rule.

Errors are values, as the original runner handles them: an agent whose next_move raises an
Exception answers None (the runner logs the error and returns None); an answer that is not an
action string is ignored (the engine warns and queues nothing). Each error is listed in
game.errors as (tick, pid, kind, message) and warned once per seat; the game and the other
seat carry on. A KeyboardInterrupt propagates; the game stays consistent and the next tick()
first asks again the agents that still owe an answer to the current state.

Slow agents: the original runs each agent in its own process while the game ticks every
tick_step seconds (0.1 by default); at each tick it takes at most one answer that has arrived
(none: no action), and an agent that finishes late takes the newest state posted by then,
skipping the others. Game(..., tick_seconds=0.1) plays that schedule on a virtual clock: each
next_move call is timed (clock, time.perf_counter by default), an agent given the state after
tick k at time k*tick_seconds (or when it becomes free, if later) answers at that time plus its
own duration, the answer is applied at the first tick after it arrives, one answer a tick in
arrival order, and a busy agent is asked again only with the newest state posted when it
becomes free. An agent that takes under tick_seconds plays exactly as without the option.
The default, tick_seconds=None, gives every agent all the time it needs (reproducible runs);
with a real clock, timings make games vary from run to run, as in the original.
"""
from __future__ import annotations

import math
import time
from collections import deque
from enum import Enum
from typing import Any, Callable, Deque, Dict, Iterable, List, Optional, Tuple, Union, cast

try:
    from .. import _arenas
except ImportError as e:  # a copy of python/ without the arenas' sources
    raise ImportError("dmap.arenas.bomber needs the extension dmap._arenas, built when the "
                      "repository's arenas/ folder is beside python/") from e

__all__ = ["EntityTags", "GameState", "PlayerState", "Agent", "Game", "C_BOTS", "ACTIONS"]

Point = Tuple[int, int]
PID = int

# The arena's C bots, by the names seats take.
C_BOTS: Tuple[str, ...] = tuple(_arenas.BOMBER_BOTS)

# The answers the engine acts on (game.py ACTION_CODES, plus the no-op '').
ACTIONS = ("", "u", "d", "l", "r", "b", "p")


class EntityTags(Enum):
    """The tags of GameState.entity_at (agent.py's EntityTags)."""
    Ammo = "a"
    Treasure = "t"
    Bomb = "b"
    SoftBlock = "sb"
    OreBlock = "ob"
    IndestructibleBlock = "ib"


class GameState:
    """The state of the game as an agent sees it (agent.py's GameState): is_over, tick_number
    (the tick just played), size (columns, rows), the positions of ammo, treasure and bombs in
    the engine's list order, the blocks (metal first), the players (pid, position)."""

    def __init__(self, is_over: bool, tick_number: int, size: Point, game_map: Dict[int, Dict[int, object]],
                 ammo: List[Point], treasure: List[Point], bombs: List[Point],
                 blocks: List[Tuple[str, Point]], players: List[Tuple[PID, Point]]) -> None:
        self.is_over = is_over
        self.tick_number = tick_number
        self._size = size
        self._game_map = game_map
        self._treasure = treasure
        self._ammo = ammo
        self._bombs = bombs
        self._blocks = blocks
        self._players = players

    @property
    def size(self) -> Point:
        return self._size

    @property
    def ammo(self) -> List[Point]:
        return self._ammo

    @property
    def treasure(self) -> List[Point]:
        return self._treasure

    @property
    def bombs(self) -> List[Point]:
        return self._bombs

    @property
    def all_blocks(self) -> List[Point]:
        return [pos for tag, pos in self._blocks]

    @property
    def indestructible_blocks(self) -> List[Point]:
        return [pos for tag, pos in self._blocks if tag == "ib"]

    @property
    def soft_blocks(self) -> List[Point]:
        return [pos for tag, pos in self._blocks if tag == "sb"]

    @property
    def ore_blocks(self) -> List[Point]:
        return [pos for tag, pos in self._blocks if tag == "ob"]

    def is_in_bounds(self, location: Point) -> bool:
        return 0 <= location[0] < self.size[0] and 0 <= location[1] < self.size[1]

    def _has_occupancy(self, location: Point) -> bool:
        return location[0] in self._game_map and location[1] in self._game_map[location[0]]

    def entity_at(self, location: Point) -> Optional[Union[PID, str]]:
        """What occupies a cell: a player's pid, or a tag ('ib', 'sb', 'ob', 'a', 't', 'b';
        later entries win as in the original: a player on a bomb reads 'b'); None when empty
        or off the board."""
        if not self.is_in_bounds(location):
            return None
        return cast("Optional[Union[PID, str]]",
                    self._game_map[location[0]][location[1]] if self._has_occupancy(location) else None)

    def is_occupied(self, location: Point) -> bool:
        return self.entity_at(location) is not None

    def opponents(self, excluding_player_pid: Optional[PID] = None) -> List[Point]:
        """The players' positions, all of them or all but excluding_player_pid's (dead
        players too, as in the original)."""
        return [pos for pid, pos in self._players
                if excluding_player_pid is None or pid != excluding_player_pid]


class PlayerState:
    """The agent's own state (agent.py's PlayerState): id, ammo, hp, location, reward (the
    score), power (the blast radius)."""

    def __init__(self, id: PID, ammo: int, hp: int, location: Point, reward: int, power: int) -> None:
        self.id = id
        self.ammo = ammo
        self.hp = hp
        self.location = location
        self.reward = reward
        self.power = power


class Agent:
    """The original's agent interface: subclass it and write next_move."""

    def next_move(self, game_state: GameState, player_state: PlayerState) -> Optional[str]:
        pass

    def on_game_over(self, game_state: GameState, player_state: PlayerState) -> None:
        pass


def _game_map(blocks: List[Tuple[str, Point]], ammo: List[Point], treasure: List[Point],
              bombs: List[Point], players: List[Tuple[PID, Point]]) -> Dict[int, Dict[int, object]]:
    """game.py _serialize_map: a dict of columns of dicts, players written first, then
    metal, wood and ore, ammo, treasure and bombs."""
    m: Dict[int, Dict[int, object]] = {}
    for pid, (x, y) in players:
        m.setdefault(x, {})[y] = pid
    for tag, (x, y) in blocks:
        m.setdefault(x, {})[y] = tag
    for (x, y) in ammo:
        m.setdefault(x, {})[y] = "a"
    for (x, y) in treasure:
        m.setdefault(x, {})[y] = "t"
    for (x, y) in bombs:
        m.setdefault(x, {})[y] = "b"
    return m


def states_of(view: Tuple[Any, ...]) -> Tuple[GameState, PlayerState]:
    """GameState and PlayerState of a view tuple of the engine (BomberGame.view)."""
    (is_over, tick, ammo, treasure, bombs, blocks, players, pid, ammo_left, hp, loc, reward,
     power) = view
    gs = GameState(is_over, tick, (12, 10), _game_map(blocks, ammo, treasure, bombs, players),
                   ammo, treasure, bombs, blocks, players)
    return gs, PlayerState(pid, ammo_left, hp, loc, reward, power)


def _seat(agent: Any) -> Callable[[Tuple[Any, ...]], Any]:
    """The callable the engine calls for a Python agent: view tuple -> answer."""
    next_move = agent.next_move

    def decide(view: Tuple[Any, ...]) -> Any:
        gs, ps = states_of(view)
        return next_move(gs, ps)
    return decide


class _LateSeat:
    """The callable for a Python agent under a tick time (the original's multiprocess runner
    on a virtual clock). The engine calls it with the view after tick k (index 1 of the view)
    and applies what it returns at tick k+1, which the original plays at time (k+1)*tick.
    The agent starts on a state when it is posted (time k*tick) or, if busy then, when it
    becomes free and takes the newest state posted by that time; its answer arrives after its
    measured duration; each tick takes the oldest answer that has arrived, if any."""

    def __init__(self, agent: Any, tick_seconds: float, clock: Callable[[], float]) -> None:
        self.decide = _seat(agent)
        self.tick = tick_seconds
        self.clock = clock
        self.free_at = 0.0          # virtual time at which the agent can start again
        self.answers: Deque[Tuple[float, Any]] = deque()      # (arrival time, answer), in arrival order

    def __call__(self, view: Tuple[Any, ...]) -> Any:
        k = view[1]
        posted = k * self.tick
        # Busy past the next post: this state is skipped (a newer one will be posted first).
        if self.free_at < posted + self.tick or view[0]:
            start = max(self.free_at, posted)
            began = self.clock()
            try:
                answer = self.decide(view)
            finally:
                self.free_at = start + max(0.0, self.clock() - began)
            self.answers.append((self.free_at, answer))
        if self.answers and self.answers[0][0] <= posted + self.tick:
            return self.answers.popleft()[1]
        return None


class Game:
    """A game of the bomber arena: the map of `seed`, agents (objects with next_move, or C bot
    names) as pid 0 and pid 1, run one tick late as the original runner runs its agents."""

    def __init__(self, agents: Iterable[Any], seed: int = 1, tick_seconds: Optional[float] = None,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        agents = list(agents)
        if len(agents) != 2:
            raise ValueError("the bomber game has 2 seats, got %d agents" % len(agents))
        for i, a in enumerate(agents):
            if not isinstance(a, str) and not callable(getattr(a, "next_move", None)):
                raise TypeError("seat %d: an object with next_move(game_state, player_state) or a "
                                "C bot name (%s)" % (i, ", ".join(C_BOTS)))
        if tick_seconds is not None:
            if isinstance(tick_seconds, bool) or not isinstance(tick_seconds, (int, float)):
                raise TypeError("tick_seconds: a number of seconds or None")
            if not math.isfinite(tick_seconds) or tick_seconds <= 0:
                raise ValueError("tick_seconds must be a finite number > 0, got %r" % (tick_seconds,))
            if not callable(clock):
                raise TypeError("clock: a function returning seconds (time.perf_counter)")
        self.agents = agents
        self.seed = seed
        self.tick_seconds = tick_seconds

        def seat(a: Any) -> Any:
            if isinstance(a, str):
                return a
            return _seat(a) if tick_seconds is None else _LateSeat(a, float(tick_seconds), clock)
        self._game = _arenas.BomberGame([seat(a) for a in agents], seed)

    @property
    def tick_number(self) -> int:
        """The ticks played so far (the original's tick_counter)."""
        return cast(int, self._game.tick_counter)

    @property
    def is_over(self) -> bool:
        return cast(bool, self._game.is_over)

    @property
    def errors(self) -> List[Tuple[int, int, str, str]]:
        """The agents' errors: (tick, pid, kind, message), in order."""
        return cast("List[Tuple[int, int, str, str]]", self._game.errors)

    @property
    def result(self) -> Dict[str, Any]:
        """ticks, winner (pid or None), reason ('death', 'timeout' or 'running'), scores, hp."""
        return cast("Dict[str, Any]", self._game.result())

    @property
    def winner(self) -> Optional[PID]:
        return cast(Optional[PID], self._game.result()["winner"])

    def state(self, pid: int) -> Tuple[GameState, PlayerState]:
        """(GameState, PlayerState) that pid gets of the current state."""
        return states_of(self._game.view(pid))

    def tick(self) -> bool:
        """One tick; returns whether the game is over."""
        return cast(bool, self._game.tick())

    def run(self) -> Dict[str, Any]:
        """Plays until the game is over; returns the result."""
        self._game.run()
        return self.result

    def state_lines(self) -> List[str]:
        """The state in the recorded games' lines (arenas/bomber/data/README.md): a P line
        per player, then B, F, V, M, C, E."""
        return [ln for part in self._game.state_lines() for ln in part.split("\n")]

    def tick_lines(self) -> Optional[Tuple[str, str]]:
        """The last tick's T and X lines of the recorded games' format (None before tick 0)."""
        return cast("Optional[Tuple[str, str]]", self._game.tick_lines())

    def end_line(self) -> str:
        return cast(str, self._game.end_line())
