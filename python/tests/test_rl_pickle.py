"""dmap.rl's environments pickle, cloudpickle and deep-copy at any point of a game (what vector-env
pipelines such as SuperSuit's and Stable-Baselines3's SubprocVecEnv do with them): the copy goes
on exactly as the original does, step for step under the same actions, and copying leaves the
original's game as it was (it plays on as an environment that was never copied)."""
import copy
import os
import pickle

import cloudpickle
import numpy as np
import pytest

from conftest import data_path, legal_action

os.environ.setdefault("DMAP_KUTULU_MAPS", data_path("arenas", "kutulu", "data", "maps"))

import dmap.rl as rl  # noqa: E402

CASES = [("pommerman", {"config": "PommeFFACompetition-v0"}), ("pommerman", {"config": "PommeRadio-v2"}),
         ("pommerman", {"config": "OneVsOne-v0", "seats": [None, "simple"]}),
         ("bomber", {}), ("kutulu", {"seats": [None, "random", None, "wait"]}), ("pursuit", {})]
IDS = [kw.get("config", arena) for arena, kw in CASES]
COPIES = {"pickle": lambda e: pickle.loads(pickle.dumps(e)), "cloudpickle": lambda e: cloudpickle.loads(cloudpickle.dumps(e)),
          "deepcopy": copy.deepcopy}


def same(a, b):
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, np.ndarray):
        return isinstance(b, np.ndarray) and a.dtype == b.dtype and np.array_equal(a, b)
    return a == b


def play_parallel(env, obs, rng, steps):
    out = []
    for _ in range(steps):
        if not env.agents:
            break
        r = env.step({a: legal_action(env.action_space(a), obs[a]["action_mask"], rng) for a in env.agents})
        obs = r[0]
        out.append(r)
    return obs, out


@pytest.mark.parametrize("how", list(COPIES))
@pytest.mark.parametrize("arena,kw", CASES, ids=IDS)
def test_parallel_copy_goes_on_as_the_original(arena, kw, how):
    env = rl.parallel_env(arena, **kw)
    fresh = COPIES[how](env)  # never reset: a copy of the environment alone
    assert same(fresh.reset(seed=7), env.reset(seed=7))
    obs, _ = env.reset(seed=7)
    rng = np.random.default_rng(1)
    # a pursuit game on seed 7 under these moves lasts 4 steps (the prey rests every third clock)
    first = 2 if arena == "pursuit" else 8
    obs, head = play_parallel(env, obs, rng, first)
    other = COPIES[how](env)  # in the middle of a game
    assert other.agents == env.agents
    state = rng.bit_generator.state
    _, rest = play_parallel(env, obs, rng, 60)
    rng.bit_generator.state = state
    _, rest_copy = play_parallel(other, obs, rng, 60)
    assert rest and same(rest, rest_copy)
    # the original played as one never copied plays
    twin = rl.parallel_env(arena, **kw)
    trng = np.random.default_rng(1)
    tobs, thead = play_parallel(twin, twin.reset(seed=7)[0], trng, first)
    assert same(head, thead) and same(rest, play_parallel(twin, tobs, trng, 60)[1])
    # the copy's generator of game seeds went on too: its next reset is the original's
    assert same(env.reset(), other.reset())


@pytest.mark.parametrize("how", list(COPIES))
@pytest.mark.parametrize("arena,kw", [(a, dict(kw, seats=None)) for a, kw in CASES[:2]] + [("bomber", {}), ("pursuit", {})],
                         ids=["pommerman", "radio", "bomber", "pursuit"])
def test_gym_copy_goes_on_as_the_original(arena, kw, how):
    kw = {k: v for k, v in kw.items() if v is not None}
    env = rl.gym_env(arena, **kw)
    obs, _ = env.reset(seed=3)
    rng = np.random.default_rng(2)
    for _ in range(15):
        obs, r, term, trunc, info = env.step(legal_action(env.action_space, obs["action_mask"], rng))
        if term or trunc:
            obs, _ = env.reset()
    other = COPIES[how](env)
    state = rng.bit_generator.state
    runs = []
    for e in (env, other):
        rng.bit_generator.state = state
        o, run = obs, []
        for _ in range(40):
            step = e.step(legal_action(e.action_space, o["action_mask"], rng))
            run.append(step)
            o = step[0]
            if step[2] or step[3]:
                o, info = e.reset()
                run.append((o, info))
        runs.append(run)
    assert same(runs[0], runs[1])


def test_aec_copy_goes_on_as_the_original():
    env = rl.aec_env("pommerman", config="OneVsOne-v0")
    env.reset(seed=5)
    rng = np.random.default_rng(0)
    for agent in env.agent_iter(10):
        obs, r, term, trunc, info = env.last()
        env.step(None if term or trunc else legal_action(env.action_space(agent), obs["action_mask"], rng))
    other = copy.deepcopy(env)
    state = rng.bit_generator.state
    runs = []
    for e in (env, other):
        rng.bit_generator.state = state
        run = []
        for agent in e.agent_iter(60):
            obs, r, term, trunc, info = e.last()
            run.append((agent, obs, r, term, trunc, info))
            e.step(None if term or trunc else legal_action(e.action_space(agent), obs["action_mask"], rng))
        runs.append(run)
    assert len(runs[0]) > 10 and same(runs[0], runs[1])


def test_a_core_made_elsewhere_refuses_to_pickle():
    from dmap.rl._envs import ArenaParallelEnv
    from dmap.rl._pursuit import PursuitCore
    env = ArenaParallelEnv(PursuitCore())
    with pytest.raises(TypeError, match="outside dmap.rl"):
        pickle.dumps(env)
