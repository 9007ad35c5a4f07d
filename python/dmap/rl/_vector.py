"""Gymnasium vector environments over the arenas' vectorized games in C: num_envs games stepped
per call on a thread pool (dmap.arenas.pommerman.VecEnv, arenas/pommerman/vec.c), one learner
seat per game, the arena's C bots in the others.

    env = dmap.rl.vector_env("pommerman", 64, config="OneVsOne-v0", seats=[None, "simple"], threads=2)
    obs, info = env.reset(seed=1)              # obs uint8 (64, channels, n, n); info["action_mask"]
    obs, rew, term, trunc, info = env.step(env.action_space.sample())

- Spaces: single_observation_space Box(0, 255, (channels, n, n), uint8), the learner's byte
  planes (arenas/pommerman/README.md, "Vectorized games"; `planes=` adds the map planes);
  single_action_space Discrete(6); observation_space and action_space their batches. The
  legal actions are in info["action_mask"] (int8, (num_envs, 6)) at every reset and step.
- Autoreset: gymnasium's next-step mode (metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP;
  gymnasium 1.0, which names no modes, has only this one):
  the step where a game ends returns its last observation with terminated or truncated; the
  next step starts that game's next episode instead of stepping it (its action is ignored) and
  returns the new episode's first observation with reward 0, both flags False. Done in C.
- Episode statistics: on the step an episode ends, info["episode"] = {"r": return, "l":
  length} (0 where no episode ended) and info["_episode"] marks the games whose episode ended,
  as gymnasium's RecordEpisodeStatistics writes them (without its wall-clock "t"); stats_key
  renames the key, None leaves them out.
- Seeds: episode e of game i is played from kit_episode_seed(seed, i, e) (bots included), so the
  results are the same for any number of threads. reset(seed=S) starts episode 0 of every game
  from S; reset() without a seed starts every game's next episode.
- close() frees the games (it may be called again); a step or reset after it raises.
"""
from __future__ import annotations

from typing import Any, Dict, Optional, Sequence, Tuple

import numpy as np
from numpy.typing import NDArray
from gymnasium import spaces
from gymnasium.vector import VectorEnv
from gymnasium.vector.utils import batch_space

try:  # gymnasium 1.1 and newer name the modes; 1.0 has next-step autoreset only, unnamed
    from gymnasium.vector import AutoresetMode  # type: ignore[attr-defined, unused-ignore]
    NEXT_STEP: Any = AutoresetMode.NEXT_STEP
except ImportError:  # pragma: no cover (gymnasium 1.0)
    NEXT_STEP = "NextStep"

from dmap import _arenas
from dmap.arenas import pommerman as pm


class _CVectorEnv(VectorEnv):  # type: ignore[type-arg, unused-ignore]
    """The gymnasium side of a C vectorized game with one learner per game (self._vec: a
    PommermanVec or a KitVec in next-step autoreset): spaces, reset, step, statistics, close."""

    metadata: Dict[str, Any] = {"autoreset_mode": NEXT_STEP, "render_modes": []}
    _vec: Any

    def _setup(self, single_observation_space: spaces.Space, nactions: int, copy: bool,  # type: ignore[type-arg]
               stats_key: Optional[str]) -> None:
        self.num_envs = int(self._vec.num_envs)
        self.single_observation_space = single_observation_space
        self.single_action_space = spaces.Discrete(nactions)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self.render_mode = None
        self.copy = copy
        self.stats_key = stats_key
        self._returns = np.zeros(self.num_envs, np.float64)
        self._lengths = np.zeros(self.num_envs, np.int64)
        self._autoreset = np.zeros(self.num_envs, bool)
        self._started = False

    def _live(self) -> Any:
        if self._vec is None:
            raise RuntimeError("the vector environment is closed")
        return self._vec

    def _obs(self) -> NDArray[Any]:
        obs: NDArray[Any] = self._vec.obs[:, 0]
        return obs.copy() if self.copy else obs

    def _info(self) -> Dict[str, Any]:
        return {"action_mask": self._vec.masks[:, 0].astype(np.int8)}

    def reset(self, *, seed: Optional[int] = None,
              options: Optional[Dict[str, Any]] = None) -> Tuple[NDArray[Any], Dict[str, Any]]:
        vec = self._live()
        if seed is not None:
            if not isinstance(seed, (int, np.integer)) or isinstance(seed, bool):
                raise TypeError("reset: seed is an int (one seed for every game) or None, got %r" % (seed,))
            vec.reset(seed=int(seed))
        else:
            vec.reset()
        self._returns[:] = 0
        self._lengths[:] = 0
        self._autoreset[:] = False
        self._started = True
        return self._obs(), self._info()

    def step(self, actions: Any) -> Tuple[NDArray[Any], NDArray[Any], NDArray[Any], NDArray[Any], Dict[str, Any]]:
        vec = self._live()
        if not self._started:
            raise RuntimeError("step before reset(): call reset() first")
        a = np.asarray(actions)
        if a.shape != (self.num_envs,):
            raise ValueError("step: actions of shape (%d,), one per game, got %s" % (self.num_envs, a.shape))
        vec.step(a.reshape(self.num_envs, 1))
        rewards = vec.rewards[:, 0].astype(np.float64)
        term = vec.terminated[:, 0].copy()
        trunc = vec.truncated[:, 0].copy()
        # the games that started an episode in this step count from here
        playing = ~self._autoreset
        self._returns = np.where(playing, self._returns + rewards, 0.0)
        self._lengths = np.where(playing, self._lengths + 1, 0)
        done = term | trunc
        info = self._info()
        if self.stats_key is not None and done.any():
            info[self.stats_key] = {"r": np.where(done, self._returns, 0.0), "l": np.where(done, self._lengths, 0)}
            info["_" + self.stats_key] = done
        self._autoreset = done
        return self._obs(), rewards, term, trunc, info

    def close_extras(self, **kwargs: Any) -> None:
        self._vec = None  # the games and the thread pool go with the object

    def episodes(self) -> Tuple[NDArray[Any], NDArray[Any], NDArray[Any]]:
        """Per game: its episode number, the episode's seed and its step count now."""
        return self._live().episodes()  # type: ignore[no-any-return]


class PommermanVectorEnv(_CVectorEnv):
    """num_envs Pommerman games of one config, one learner seat each (see the module)."""

    def __init__(self, num_envs: int, config: str = "OneVsOne-v0", seats: Optional[Sequence[Optional[str]]] = None,
                 planes: Any = None, threads: int = 1, seed: int = 0, copy: bool = True,
                 stats_key: Optional[str] = "episode") -> None:
        if config not in pm.CONFIGS:
            raise ValueError("unknown Pommerman config %r (known: %s)" % (config, ", ".join(pm.CONFIGS)))
        nagents = _arenas.POMMERMAN_CONFIGS[config]["num_agents"]
        if seats is None:
            seats = [None] + ["simple"] * (nagents - 1)
        seats = list(seats)
        if len(seats) != nagents:
            raise ValueError("%s has %d seats, got %d" % (config, nagents, len(seats)))
        if sum(s is None for s in seats) != 1:
            raise ValueError("a vector environment has one learner per game: exactly one seat None, got %d"
                             % sum(s is None for s in seats))
        for i, s in enumerate(seats):
            if s is not None and (not isinstance(s, str) or s.split(":")[0] not in pm.C_BOTS):
                raise ValueError("seat %d: None (the learner) or a C bot of %s (or its spec BOT:NAME=VALUE), got %r"
                                 % (i, ", ".join(pm.C_BOTS), s))
        self.seats = seats
        self.config = config
        self._vec = pm.VecEnv(config, num_envs, seats, seed=seed, threads=threads, planes=planes,
                              autoreset="NextStep")
        self.learner_seat = seats.index(None)
        self.plane_names = self._vec.plane_names
        self._setup(spaces.Box(0, 255, tuple(self._vec.obs_shape), np.uint8), 6, copy, stats_key)


class KitVectorEnv(_CVectorEnv):
    """num_envs games of the bomber, Kutulu or pursuit arena (kit/vec.h), one learner seat each: the observation
    is dmap.rl's observation="flat" of the same game (its float32 Box), the mask in the info."""

    def __init__(self, arena: str, num_envs: int, seats: Optional[Sequence[Optional[str]]] = None,
                 threads: int = 1, seed: int = 0, copy: bool = True, stats_key: Optional[str] = "episode",
                 **options: Any) -> None:
        from ._envs import _core
        from ._flat import FlatObservation
        core = _core(arena, seats=seats, gym=True, **options)  # checks the seats and options
        if len(core.learners) != 1:
            raise ValueError("a vector environment has one learner per game: exactly one seat None, got %d"
                             % len(core.learners))
        self.arena = arena
        self.seats = list(core.seats)
        self.learner_seat = core.learners[0]
        flat = FlatObservation(core.observation_space)
        if arena == "kutulu":  # the maps the environment found, the map it plays
            options = dict(options, maps=core.maps, map=core.map)
        self._vec = _arenas.KitVec(arena, num_envs, self.seats, seed=seed, threads=threads, **options)
        if self._vec.obs_len != flat.space.shape[0]:
            raise RuntimeError("%s: the C observation has %d floats, the flat one %d"
                               % (arena, self._vec.obs_len, flat.space.shape[0]))
        self._setup(flat.space, int(core.action_space.n), copy, stats_key)
