"""The environments of dmap.rl, one class each for PettingZoo's Parallel API and Gymnasium's Env,
over an arena's core (dmap/rl/_<arena>.py): the core plays one game, the classes here do the
APIs' bookkeeping (agents, seeds, ends, errors), so every arena follows the same rules:

- agents are "player_<seat>" for the learners' seats, in seat order; a learner leaves
  `env.agents` on the step its game ends for it: terminated when it died (or was ended) or the
  game reached its outcome, truncated when the game's clock ran out (its step or turn limit);
- a step's dicts cover the agents that were in the game at the start of that step; the
  observation of a leaving agent is its last view of the game;
- reset(seed=S) seeds the environment's generator, which draws each game's seed (so a reset
  without a seed continues the sequence): the same S gives the same games, bots included;
- bad input raises before the game is touched: an action that is not an int (or a NumPy
  integer of shape ()) in the action space, an action for an agent that left or does not exist,
  a missing action, a step after the game ended;
- an environment pickles, cloudpickles and deep-copies at any point, its game included: the
  copy holds the arena's options, the game's seed and the actions played since its reset, and
  plays them again into a game of its own (the games are a function of the seed and the
  actions, bots included), so that it goes on exactly as the original would;
- render modes "ansi", "human" and "rgb_array" (a picture of the board, _render.py),
  observation="flat" (one Box, the action mask in the info, _flat.py) and observation="planes"
  (one (C, H, W) image of the board's layers and dmap's maps, the action mask in the info,
  _planes.py; env.plane_names names its channels), the same in every class.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, List, Optional, Sequence, Tuple, Union, cast

import numpy as np
from gymnasium import Env, spaces
from pettingzoo import ParallelEnv
from pettingzoo.utils.conversions import parallel_to_aec_wrapper
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from ._flat import FlatObservation, check_observation
from ._planes import PlaneObservation
from ._render import rgb_array
from ._status import RUNNING, TERMINATED, TRUNCATED

# An agent's observation: a dict of NumPy arrays, each of at least one dimension (its legal
# actions in "action_mask", one flat mask in every config).
Observation = Dict[str, Any]
# An action: an int (Discrete spaces) or a sequence of ints (MultiDiscrete spaces).
Action = Any

if TYPE_CHECKING:  # the generic bases, subscripted for the type checker only
    _ParallelBase = ParallelEnv[str, Observation, Action]
    _GymBase = Env[Observation, Action]
    _AECBase = parallel_to_aec_wrapper[str, Observation, Action]
else:
    _ParallelBase, _GymBase, _AECBase = ParallelEnv, Env, parallel_to_aec_wrapper


def check_discrete(action: Any, n: int, who: str) -> int:
    """action as a plain int in 0..n-1, or TypeError/ValueError naming `who`."""
    if isinstance(action, np.ndarray):
        if action.shape != ():
            raise ValueError("%s: an action is one integer, got an array of shape %s" % (who, action.shape))
        action = action[()]
    if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
        raise TypeError("%s: an action is an int in 0..%d, got %r" % (who, n - 1, action))
    if not 0 <= action < n:
        raise ValueError("%s: action %d out of range 0..%d" % (who, action, n - 1))
    return int(action)


def check_multi(action: Any, nvec: Sequence[int], who: str) -> Tuple[int, ...]:
    """action as a tuple of ints within nvec (a MultiDiscrete action), or TypeError/ValueError."""
    if isinstance(action, (str, bytes)) or not hasattr(action, "__len__"):
        raise TypeError("%s: an action is a sequence of %d ints, got %r" % (who, len(nvec), action))
    if len(action) != len(nvec):
        raise ValueError("%s: an action is %d ints, got %d" % (who, len(nvec), len(action)))
    return tuple(check_discrete(a, n, who) for a, n in zip(action, nvec))


def check_action(action: Any, space: Any, who: str) -> Union[int, Tuple[int, ...]]:
    if isinstance(space, spaces.Discrete):
        return check_discrete(action, int(space.n), who)
    return check_multi(action, [int(n) for n in space.nvec], who)


def learner_name(seat: int) -> str:
    return "player_%d" % seat


# render modes: "ansi" returns the board as text, "human" prints it, "rgb_array" returns its
# picture (H x W x 3 uint8, dmap/rl/_render.py); render_fps is the pace a video of the pictures
# plays at (RecordVideo)
RENDER_MODES = ["ansi", "rgb_array", "human"]
RENDER_FPS = 8


def check_render_mode(render_mode: Optional[str]) -> None:
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError("render_mode: None, %s, got %r" % (", ".join(repr(m) for m in RENDER_MODES), render_mode))


def render_core(core: Any, render_mode: Optional[str]) -> Any:
    if render_mode == "rgb_array":
        return rgb_array(core)
    if render_mode in ("ansi", "human"):
        text = str(core.render())
        if render_mode == "ansi":
            return text
        print(text, end="")
    return None


class _Looks:
    """What an agent is given: the core's observation (observation="dict"), its flat Box
    (observation="flat", dmap/rl/_flat.py) or its planes (observation="planes",
    dmap/rl/_planes.py), these two with the action mask in the info."""

    core: Any
    _flat: Optional[FlatObservation]
    _planes: Optional[PlaneObservation]

    def _looks(self, observation: str) -> Any:
        """Sets how agents look for observation ("dict", "flat" or "planes"); returns the space
        of an agent's observation."""
        check_observation(observation)
        self._flat = FlatObservation(self.core.observation_space) if observation == "flat" else None
        self._planes = PlaneObservation(self.core) if observation == "planes" else None
        if self._flat is not None:
            return self._flat.space
        if self._planes is not None:
            return self._planes.space
        return self.core.observation_space

    @property
    def plane_names(self) -> List[str]:
        """The name of each channel of observation="planes", in order (the arena's module says
        what each holds); ValueError for the other observations."""
        if self._planes is None:
            raise ValueError("plane_names: the environment was made without observation='planes'")
        return list(self._planes.names)

    def _look(self, seat: int) -> Tuple[Any, Dict[str, Any]]:
        obs, info = self.core.observe(seat), self.core.info(seat)
        if self._flat is None and self._planes is None:
            return obs, info
        info["action_mask"] = obs["action_mask"]
        if self._planes is not None:
            return self._planes(self.core, seat, obs), info
        assert self._flat is not None
        return self._flat(obs), info


class _Replayed:
    """Pickling and deep copies of an environment over an arena's core (the C game behind it
    does not pickle): the state keeps, instead of the core, how to make it (the arena and its
    options, which _core records), the seed of the game and the actions played since, and
    __setstate__ makes a new core and plays them again."""

    core: Any
    _game_seed: Optional[int]
    _played: List[Dict[int, Any]]

    def _new_game(self, seed: int) -> None:
        self.core.new_game(seed)
        self._game_seed, self._played = seed, []

    def _play(self, decided: Dict[int, Any]) -> None:
        self.core.step(decided)
        self._played.append(decided)

    def __getstate__(self) -> Dict[str, Any]:
        make = getattr(self.core, "_dmap_make", None)
        if make is None:
            raise TypeError("cannot pickle an environment over a core made outside dmap.rl "
                            "(make it with dmap.rl.parallel_env, aec_env or gym_env)")
        state = dict(self.__dict__)
        state["core"] = make
        return state

    def __setstate__(self, state: Dict[str, Any]) -> None:
        arena, kw = state["core"]
        self.__dict__.update(state)
        self.core = _core(arena, **kw)
        if self._game_seed is not None:
            self.core.new_game(self._game_seed)
            for decided in self._played:
                self.core.step(decided)


class ArenaParallelEnv(_Replayed, _Looks, _ParallelBase):
    """PettingZoo's Parallel API over an arena's core: one agent per learner seat."""

    def __init__(self, core: Any, render_mode: Optional[str] = None, observation: str = "dict") -> None:
        check_render_mode(render_mode)
        check_observation(observation)
        if not core.learners:
            raise ValueError("no learner seat: give seats with None where a learner plays")
        self.core = core
        # the flat Box's and the planes' points are arrays, not the Observation dicts the base
        # classes are typed with
        space: Any = self._looks(observation)
        self.render_mode = render_mode
        self.metadata: Dict[str, Any] = {"name": "dmap_" + core.name, "render_modes": list(RENDER_MODES),
                                         "render_fps": RENDER_FPS, "is_parallelizable": True}
        self.possible_agents: List[str] = [learner_name(s) for s in core.learners]
        self._seat: Dict[str, int] = dict(zip(self.possible_agents, core.learners))
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: core.action_space for a in self.possible_agents}
        self.agents: List[str] = []
        self._rng: Optional[np.random.Generator] = None
        self._game_seed, self._played = None, []

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: Optional[int] = None,
              options: Optional[Dict[str, Any]] = None
              ) -> Tuple[Dict[str, Observation], Dict[str, Dict[str, Any]]]:
        if seed is not None or self._rng is None:
            self._rng = np.random.default_rng(seed)
        self._new_game(int(self._rng.integers(0, 2**31 - 1)))
        self.agents = list(self.possible_agents)
        looks = {a: self._look(self._seat[a]) for a in self.agents}
        return {a: o for a, (o, _) in looks.items()}, {a: i for a, (_, i) in looks.items()}

    def step(self, actions: Dict[str, Action]) -> Tuple[Dict[str, Observation], Dict[str, float], Dict[str, bool],
                                                        Dict[str, bool], Dict[str, Dict[str, Any]]]:
        turn = getattr(self.core, "turn", None)  # a core's whole step in one call, where it can
        if turn is not None and self._flat is None and self._planes is None:
            out = turn(actions, self.agents, self.possible_agents)
            if out is not None:
                self._played.append({self._seat[a]: actions[a] for a in self.agents})
                self.agents = [a for a in self.agents if not (out[2][a] or out[3][a])]
                return out  # type: ignore[no-any-return]
        if not self.agents:
            raise RuntimeError("step: the game is over (or was never started): call reset() first")
        if not isinstance(actions, dict):
            raise TypeError("step: a dict {agent: action}, got %s" % type(actions).__name__)
        for a in actions:
            if a not in self._seat:
                raise ValueError("step: no agent %r in this environment (agents: %s)" % (a, ", ".join(self.possible_agents)))
            if a not in self.agents:
                raise ValueError("step: %s has left the game (terminated or truncated): no action for it" % a)
        missing = [a for a in self.agents if a not in actions]
        if missing:
            raise ValueError("step: no action for %s" % ", ".join(missing))
        decided = {self._seat[a]: check_action(actions[a], self.action_spaces[a], "step: " + a) for a in self.agents}
        self._play(decided)
        status = self.core.status()
        obs: Dict[str, Observation] = {}
        rew: Dict[str, float] = {}
        term: Dict[str, bool] = {}
        trunc: Dict[str, bool] = {}
        info: Dict[str, Dict[str, Any]] = {}
        for a in self.agents:
            s = self._seat[a]
            obs[a], info[a] = self._look(s)
            rew[a] = float(self.core.reward(s))
            term[a] = status == TERMINATED or (status == RUNNING and not self.core.alive(s))
            trunc[a] = status == TRUNCATED and not term[a]
            if status == TRUNCATED and not self.core.alive(s):
                term[a], trunc[a] = True, False  # died on the last step: its end is its death
        self.agents = [a for a in self.agents if not (term[a] or trunc[a])]
        return obs, rew, term, trunc, info

    def render(self) -> Any:
        return render_core(self.core, self.render_mode)

    def close(self) -> None:
        pass


class ArenaGymEnv(_Replayed, _Looks, _GymBase):
    """Gymnasium's Env over an arena's core with exactly one learner seat; built-in bots play the
    others. The episode ends for the learner as it would in the Parallel environment."""

    metadata: Dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": RENDER_FPS}

    def __init__(self, core: Any, render_mode: Optional[str] = None, observation: str = "dict") -> None:
        check_render_mode(render_mode)
        check_observation(observation)
        if len(core.learners) != 1:
            raise ValueError("a Gymnasium environment has one learner: exactly one seat None, got %d"
                             % len(core.learners))
        self.core = core
        self.seat: int = core.learners[0]
        self.render_mode = render_mode
        self.observation_space = self._looks(observation)
        self.action_space = core.action_space
        self._playing = False
        self._game_seed, self._played = None, []

    def reset(self, *, seed: Optional[int] = None,
              options: Optional[Dict[str, Any]] = None) -> Tuple[Observation, Dict[str, Any]]:
        super().reset(seed=seed)
        self._new_game(int(self.np_random.integers(0, 2**31 - 1)))
        self._playing = True
        return self._look(self.seat)

    def step(self, action: Action) -> Tuple[Observation, float, bool, bool, Dict[str, Any]]:
        if not self._playing:
            raise RuntimeError("step: the episode is over (or was never started): call reset() first")
        self._play({self.seat: check_action(action, self.action_space, "step")})
        status = self.core.status()
        alive = self.core.alive(self.seat)
        terminated = bool(status == TERMINATED or not alive)
        truncated = bool(status == TRUNCATED and not terminated)
        self._playing = not (terminated or truncated)
        obs, info = self._look(self.seat)
        return obs, float(self.core.reward(self.seat)), terminated, truncated, info

    # gymnasium 1.0 types Env.render's result with a type variable the class does not bind, which
    # mypy takes as incompatible with str; gymnasium 1.1 and newer accept it (hence unused-ignore)
    def render(self) -> Any:  # type: ignore[override, unused-ignore]
        return render_core(self.core, self.render_mode)


class ArenaAECEnv(_AECBase):
    """PettingZoo's AEC API over an arena's Parallel environment (PettingZoo's own
    parallel_to_aec wrapper), an action checked when it is given: a bad one raises at once and
    is not kept, so the turn can be taken again with a good one."""

    def step(self, action: Optional[Action]) -> None:
        if not getattr(self, "agents", None):
            raise RuntimeError("step: the game is over (or was never started): call reset() first")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise ValueError("step: %s has left the game: its only action is None" % agent)
        else:
            action = check_action(action, self.action_space(agent),  # type: ignore[no-untyped-call]
                                  "step: " + agent)
        super().step(action)

    @property
    def plane_names(self) -> List[str]:
        """The Parallel environment's plane_names (observation="planes")."""
        return list(cast(ArenaParallelEnv, self.env).plane_names)


def _core(arena: str, **kw: Any) -> Any:
    if arena not in ARENAS:
        raise ValueError("unknown arena %r (known: %s)" % (arena, ", ".join(ARENAS)))
    C: Any
    if arena == "pommerman":
        from ._pommerman_c import PommermanCCore as C
    elif arena == "bomber":
        from ._bomber import BomberCore as C
    elif arena == "kutulu":
        from ._kutulu import KutuluCore as C
    else:
        from ._pursuit import PursuitCore as C
    core = C(**kw)
    core._dmap_make = (arena, dict(kw))  # how to make it again: _Replayed
    return core


ARENAS: Tuple[str, ...] = ("pommerman", "bomber", "kutulu", "pursuit")


def parallel_env(arena: str, render_mode: Optional[str] = None, observation: str = "dict",
                 **kw: Any) -> ArenaParallelEnv:
    """The PettingZoo Parallel environment of an arena; kw are its core's options (seats, ...);
    observation "flat" gives one flat Box, "planes" one (C, H, W) image (env.plane_names), each
    with the action mask in the info."""
    return ArenaParallelEnv(_core(arena, **kw), render_mode=render_mode, observation=observation)


def aec_env(arena: str, render_mode: Optional[str] = None, observation: str = "dict",
            **kw: Any) -> OrderEnforcingWrapper[str, Observation, Optional[Action]]:
    """The PettingZoo AEC environment of an arena: its Parallel one turned to turns as PettingZoo's
    own parallel_to_aec turns it (agents act one after another, the step is taken once the last
    living one has acted), each action checked when it is given (ArenaAECEnv)."""
    return OrderEnforcingWrapper(ArenaAECEnv(parallel_env(arena, render_mode=render_mode,
                                                          observation=observation, **kw)))


def gym_env(arena: str, render_mode: Optional[str] = None, observation: str = "dict",
            **kw: Any) -> ArenaGymEnv:
    """The Gymnasium environment of an arena: one learner seat (None in seats), bots elsewhere."""
    return ArenaGymEnv(_core(arena, gym=True, **kw), render_mode=render_mode, observation=observation)


class PommermanParallelEnv(ArenaParallelEnv):
    """parallel_env("pommerman", ...): config (a CONFIGS id), seats (None: a learner)."""

    def __init__(self, render_mode: Optional[str] = None, observation: str = "dict", **kw: Any) -> None:
        super().__init__(_core("pommerman", **kw), render_mode=render_mode, observation=observation)


class BomberParallelEnv(ArenaParallelEnv):
    """parallel_env("bomber", ...): seats (two; None: a learner)."""

    def __init__(self, render_mode: Optional[str] = None, observation: str = "dict", **kw: Any) -> None:
        super().__init__(_core("bomber", **kw), render_mode=render_mode, observation=observation)


class KutuluParallelEnv(ArenaParallelEnv):
    """parallel_env("kutulu", ...): seats (four; None: a learner), map, maps."""

    def __init__(self, render_mode: Optional[str] = None, observation: str = "dict", **kw: Any) -> None:
        super().__init__(_core("kutulu", **kw), render_mode=render_mode, observation=observation)


class PursuitParallelEnv(ArenaParallelEnv):
    """parallel_env("pursuit", ...): seats (predator, prey; None: a learner), size, walls, clocks."""

    def __init__(self, render_mode: Optional[str] = None, observation: str = "dict", **kw: Any) -> None:
        super().__init__(_core("pursuit", **kw), render_mode=render_mode, observation=observation)
