"""Pommerman for dmap.rl on the vectorized games' C path: PommermanCore's game, spaces,
observations, rewards and ends (dmap/rl/_pommerman.py), played by a one-game
dmap.arenas.pommerman.VecEnv (arenas/pommerman/vec.c: the stepper and the kit's seat driver) in
which the learners' seats are empty and the bots decide in C. A step is one call into C with the
learners' actions; an observation dict is built in C from the game's state. Nothing calls back
into Python while the game steps.

The game is the one pommerman.make plays after seed(seed) and reset() (the same board, the bots
seeded alike), so the observations, rewards and ends are PommermanCore's, step for step. The
Python environment of pommerman.make (`_env`, with the playground's observation dicts in `_obs`)
is kept as a mirror that catches up with the actions played only when something reads it (the
renderers, the ANSI board).
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Tuple

import numpy as np

from dmap import _arenas

from ._pommerman import PommermanCore
from ._status import RUNNING, TERMINATED, TRUNCATED


class PommermanCCore(PommermanCore):
    def __init__(self, config: str = "PommeFFACompetition-v0", seats: Optional[Sequence[Optional[str]]] = None,
                 gym: bool = False) -> None:
        self._synced = -1  # mirror steps played (-1: the mirror is not on this game)
        self._actions: List[Any] = []  # per step: {seat: action}, or the learners' actions in seat order
        self._seed: Optional[int] = None
        super().__init__(config=config, seats=seats, gym=gym)
        self._vec = _arenas.PommermanVec(config, 1, list(self.seats), autoreset=False)
        self._nl = len(self.learners)
        self._act = np.zeros((1, self._nl), np.int32)
        self._words = np.zeros((1, self._nl, 2), np.int32)
        self._info: Any = None

    # the mirror: pommerman.make's environment, brought up to the game on demand
    @property
    def _env(self) -> Any:
        mirror = self.__dict__["_mirror"]
        if self._seed is None:
            return mirror
        if self._synced < 0:
            mirror.seed(self._seed)
            mirror.reset()
            self._synced = 0
        for decided in self._actions[self._synced:]:
            items = decided.items() if isinstance(decided, dict) else zip(self.learners, decided)
            for seat, a in items:
                self._agents[seat].answer = a
            mirror.play_step()
        self._synced = len(self._actions)
        return mirror

    @_env.setter
    def _env(self, env: Any) -> None:
        self.__dict__["_mirror"] = env

    @property
    def _obs(self) -> Any:
        if self._seed is None:
            return None
        return self._env.get_observations()

    @_obs.setter
    def _obs(self, value: Any) -> None:
        if value is not None:  # PommermanCore.__init__ sets None; the mirror holds the observations
            raise AttributeError("the C path's observations are the mirror's: new_game starts a game")

    def new_game(self, seed: int) -> None:
        # the radio configs' environment carries the last step's words into the next game
        self._vec.open_game(0, seed, keep_words=self.radio)
        self._seed, self._actions, self._synced = seed, [], -1
        self._info = self._vec.game_info(0)
        self._rewards = self._info[4]

    def step(self, actions: Dict[int, Any]) -> None:
        act, words = self._act, self._words
        for l, seat in enumerate(self.learners):
            a = actions.get(seat)  # a learner without an action does not act (it left the game)
            if a is None:
                act[0, l] = 0
                words[0, l] = 0
            elif self.radio:
                act[0, l] = a[0]
                words[0, l, 0], words[0, l, 1] = a[1], a[2]
            else:
                act[0, l] = a
        if self.radio:
            self._vec.step_words(act, words)
        else:
            self._vec.step(act)
        self._actions.append(dict(actions))
        self._info = self._vec.game_info(0)
        self._rewards = self._info[4]

    def turn(self, actions: Any, agents: List[str], names: Sequence[str]) -> Optional[Tuple[Dict[str, Any], ...]]:
        """A Parallel step (ArenaParallelEnv.step) in one call into C (VecEnv.turn: the same
        observations, rewards, ends and infos, vec.c's rule for the ends), with the agents still
        in the game and every learner's name in seat order; None where the step needs the
        generic path: anything but plain ints for exactly those agents (its checks and errors,
        NumPy integers), the radio configs."""
        if (self.radio or not agents or type(actions) is not dict
                or len(actions) != len(agents)
                or not all(type(actions.get(a)) is int and 0 <= actions[a] < 6 for a in agents)):
            return None
        played = [actions.get(n, 0) for n in names]
        out = self._vec.turn(0, played, tuple(names))
        self._actions.append(played)  # the mirror's (as a list: _env turns it into a dict)
        self._info = None  # game_info(0) when asked (_game_info)
        return out  # type: ignore[no-any-return]

    def _game_info(self) -> Any:
        if self._info is None:
            self._info = self._vec.game_info(0)
            self._rewards = self._info[4]
        return self._info

    def alive(self, seat: int) -> bool:
        return bool(self._game_info()[5][seat])

    def reward(self, seat: int) -> float:
        return self._game_info()[4][seat]  # type: ignore[no-any-return]

    def status(self) -> int:
        _, done, code, _, _, alive = self._game_info()
        if not done:
            return RUNNING
        if code == 1 or not any(alive):
            return TERMINATED
        return TRUNCATED

    def observe(self, seat: int) -> Dict[str, Any]:
        return self._vec.observation(0, seat)  # type: ignore[no-any-return]

    def info(self, seat: int) -> Dict[str, Any]:
        step, done, code, winners, _, _ = self._game_info()
        info: Dict[str, Any] = {"step": step}
        if done:
            info["result"] = "win" if seat in winners else ("loss" if code == 1 else "tie")
            info["winners"] = winners
        return info

