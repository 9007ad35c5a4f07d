"""dmap.rl's spaces in the shapes the training libraries take, for every arena and every Pommerman
config, on observations played out of each environment:

- Stable-Baselines3's MultiInputPolicy takes a Dict of flat spaces and reads every entry's
  shape as a batch of at least one dimension: no Box or MultiBinary of shape () (its
  preprocessing indexes the dimension after the batch one), no Dict or Tuple inside the Dict
  ("Nested observation spaces are not supported"), every entry a Box, MultiBinary, Discrete or
  MultiDiscrete;
- gymnasium's flatten_space / flatten (the FlattenObservation wrapper, MlpPolicy on it) give a
  1-d Box of the flat size with every observation inside;
- the action mask is one flat int8 array of 0/1 that the action space's sample(mask=) obeys, in
  the radio configs too (MultiDiscrete([6, 8, 8]) with the three masks end to end, 22 entries,
  the form MaskablePPO takes).

Stable-Baselines3 itself needs PyTorch, too heavy for the tests' environment: this checks the
properties its preprocessing relies on, directly."""
import os

import numpy as np
import pytest
from gymnasium import spaces

from conftest import data_path

os.environ.setdefault("DMAP_KUTULU_MAPS", data_path("arenas", "kutulu", "data", "maps"))

import dmap.rl as rl  # noqa: E402
from dmap.arenas import pommerman  # noqa: E402

CASES = [("pommerman", {"config": c}) for c in pommerman.CONFIGS] + [
    ("bomber", {}), ("kutulu", {}), ("pursuit", {}), ("pursuit", {"size": 10, "walls": 0.1, "clocks": 40})]
IDS = [kw.get("config", arena) + ("-%d" % i if arena == "pursuit" else "") for i, (arena, kw) in enumerate(CASES)]
FLAT = (spaces.Box, spaces.MultiBinary, spaces.Discrete, spaces.MultiDiscrete)


def observations(env, steps=40, seed=3):
    """The observations of a game of env (Parallel API) under random legal actions: the first
    and every step's, each agent's."""
    obs, _ = env.reset(seed=seed)
    seen = list(obs.items())
    for _ in range(steps):
        if not env.agents:
            break
        actions = {a: env.action_space(a).sample(mask=obs[a]["action_mask"]) for a in env.agents}
        obs, *_ = env.step(actions)
        seen += list(obs.items())
    return seen


@pytest.mark.parametrize("arena,kw", CASES, ids=IDS)
def test_spaces_are_flat_and_at_least_1d(arena, kw):
    env = rl.parallel_env(arena, **kw)
    for agent in env.possible_agents:
        space = env.observation_space(agent)
        assert isinstance(space, spaces.Dict)
        for key, sub in space.spaces.items():
            assert isinstance(sub, FLAT), "%s: %s is a %s inside the Dict" % (agent, key, type(sub).__name__)
            if isinstance(sub, (spaces.Box, spaces.MultiBinary)):
                assert len(sub.shape) >= 1 and all(d > 0 for d in sub.shape), "%s: %s has shape %s" % (agent, key, sub.shape)
        mask_space = space["action_mask"]
        action_space = env.action_space(agent)
        assert isinstance(mask_space, spaces.MultiBinary) and len(mask_space.shape) == 1
        want = action_space.n if isinstance(action_space, spaces.Discrete) else int(np.sum(action_space.nvec))
        assert mask_space.shape == (want,)
    for agent, o in observations(env):
        space = env.observation_space(agent)
        assert set(o) == set(space.spaces)
        for key, value in o.items():
            assert isinstance(value, np.ndarray) and value.ndim >= 1, "%s: %s is %r" % (agent, key, value)
            assert value.shape == space[key].shape and value.dtype == space[key].dtype, key
        assert space.contains(o)
        flat_space = spaces.flatten_space(space)
        flat = spaces.flatten(space, o)
        assert isinstance(flat_space, spaces.Box) and flat.shape == flat_space.shape == (spaces.flatdim(space),)
        assert flat_space.contains(flat.astype(flat_space.dtype))


@pytest.mark.parametrize("arena,kw", CASES, ids=IDS)
def test_the_gym_env_has_the_same_spaces(arena, kw):
    genv = rl.gym_env(arena, **kw)
    penv = rl.parallel_env(arena, **kw)
    assert genv.observation_space == penv.observation_space(penv.possible_agents[0])
    obs, _ = genv.reset(seed=5)
    assert all(np.asarray(v).ndim >= 1 for v in obs.values()) and genv.observation_space.contains(obs)


@pytest.mark.parametrize("config", [c for c in pommerman.CONFIGS if "Radio" in c])
def test_radio_flat_mask_is_obeyed(config):
    env = rl.parallel_env("pommerman", config=config)
    space = env.action_space(env.possible_agents[0])
    assert list(space.nvec) == [6, 8, 8]
    rng = np.random.default_rng(1)
    for _ in range(50):
        mask = np.zeros(22, np.int8)
        legal = [rng.integers(0, 6), 6 + rng.integers(0, 8), 14 + rng.integers(0, 8)]
        mask[legal] = 1
        a = space.sample(mask=mask)
        assert [a[0], 6 + a[1], 14 + a[2]] == legal
    # gymnasium's own tuple of masks still works
    a = space.sample(mask=(np.eye(6, dtype=np.int8)[2], np.eye(8, dtype=np.int8)[7], np.eye(8, dtype=np.int8)[0]))
    assert list(a) == [2, 7, 0]
    obs, _ = env.reset(seed=2)
    for o in obs.values():
        assert o["action_mask"].shape == (22,) and o["action_mask"][6:].all()
