"""dmap.rl.vector_env: the vectorized Pommerman as a gymnasium.vector.VectorEnv (dmap/rl/_vector.py
over arenas/pommerman/vec.c). Gymnasium 1.4 has no checker for vector environments, so these are
its contract, checked: the spaces hold every observation and action, next-step autoreset (the
ended game's last observation, then the next episode's first with reward 0 and no flags, its
action ignored), the last observation equal to the one the same game gives without autoreset,
episode statistics equal to the summed rewards and counted steps, the same results for 1 and 3
threads, close() twice, and bad input refused."""
import os

import numpy as np
import pytest

from conftest import data_path

os.environ.setdefault("DMAP_KUTULU_MAPS", data_path("arenas", "kutulu", "data", "maps"))

import dmap.rl as rl  # noqa: E402
from dmap.arenas import pommerman as pm  # noqa: E402
from dmap.rl._vector import NEXT_STEP  # noqa: E402
from gymnasium import spaces  # noqa: E402
from gymnasium.vector import VectorEnv  # noqa: E402

try:  # gymnasium 1.1 and newer (1.0 has next-step autoreset only, unnamed)
    from gymnasium.vector import AutoresetMode
    assert NEXT_STEP is AutoresetMode.NEXT_STEP
except ImportError:
    assert NEXT_STEP == "NextStep"

N = 6
CASES = [dict(config="OneVsOne-v0", seats=[None, "simple"]),
         dict(config="PommeFFACompetition-v0", seats=["random", None, "simple", "stop"], planes="all"),
         dict(config="PommeTeamCompetition-v0", seats=["simple", "simple", None, "random"])]


def play(env, steps, seed=3):
    """Random legal actions (a seeded generator): the list of (obs, rew, term, trunc, info)."""
    rng = np.random.default_rng(seed)
    obs, info = env.reset(seed=11)
    out = [(obs, None, None, None, info)]
    for _ in range(steps):
        mask = info["action_mask"]
        acts = np.array([rng.choice(np.flatnonzero(m)) for m in mask])
        obs, rew, term, trunc, info = env.step(acts)
        out.append((obs, rew, term, trunc, info))
    return out


@pytest.mark.parametrize("kw", CASES)
def test_spaces_hold_every_observation(kw):
    env = rl.vector_env("pommerman", N, **kw)
    assert isinstance(env, VectorEnv)
    assert env.metadata["autoreset_mode"] == NEXT_STEP
    assert env.num_envs == N
    assert isinstance(env.single_action_space, spaces.Discrete) and env.single_action_space.n == 6
    assert env.action_space.shape == (N,)
    assert env.observation_space.shape == (N,) + env.single_observation_space.shape
    assert env.single_observation_space.shape[0] == len(env.plane_names)
    assert env.action_space.contains(env.action_space.sample())
    for obs, _, _, _, info in play(env, 150):
        assert env.observation_space.contains(obs)
        assert all(env.single_observation_space.contains(o) for o in obs)
        assert info["action_mask"].shape == (N, 6) and info["action_mask"][:, 0].all()
    env.close()


@pytest.mark.parametrize("kw", CASES)
def test_next_step_autoreset_and_final_observation(kw):
    """Up to the first step where a game ends, every game equals the same game without
    autoreset (a VecEnv with autoreset=False, the same seed and actions), the ended games' last
    observations and flags included; the step after, those games start their next episode
    (reward 0, no flags, the episode number one up) with the first observation that same-step
    autoreset gives at once, while the others step on."""
    env = rl.vector_env("pommerman", N, **kw)
    planes = kw.get("planes")
    ref = pm.VecEnv(kw["config"], N, kw["seats"], seed=11, planes=planes, autoreset=False)
    same = pm.VecEnv(kw["config"], N, kw["seats"], seed=11, planes=planes, autoreset="SameStep")
    rng = np.random.default_rng(5)
    obs, info = env.reset(seed=11)
    ref.reset()
    same.reset()
    assert np.array_equal(obs, ref.obs[:, 0])
    for _ in range(400):
        acts = np.array([rng.choice(np.flatnonzero(m)) for m in info["action_mask"]])
        obs, rew, term, trunc, info = env.step(acts)
        ref.step(acts.reshape(N, 1))
        same.step(acts.reshape(N, 1))
        assert np.array_equal(obs, ref.obs[:, 0])
        assert np.array_equal(rew, ref.rewards[:, 0]) and np.array_equal(term, ref.terminated[:, 0])
        assert np.array_equal(trunc, ref.truncated[:, 0])
        done = term | trunc
        if done.any():
            break
    assert done.any() and np.array_equal(done, ref.finished())
    before = env.episodes()[0]
    obs2, rew2, term2, trunc2, info2 = env.step(acts)  # the ended games' actions are ignored
    ep = env.episodes()[0]
    for i in np.flatnonzero(done):
        assert ep[i] == before[i] + 1 and rew2[i] == 0 and not term2[i] and not trunc2[i]
        assert np.array_equal(obs2[i], same.obs[i, 0])
        assert np.array_equal(info2["action_mask"][i], same.masks[i, 0])
    assert np.array_equal(ep[~done], before[~done])
    env.close()


ALL = [("pommerman", kw) for kw in CASES] + [
    ("pursuit", dict(seats=[None, "flee"], size=7)), ("pursuit", dict(seats=["chase", None], walls=0.1, clocks=20)),
    ("bomber", dict(seats=[None, "gambit"])), ("kutulu", dict(seats=["random", None, "postmortem", "wait"]))]


@pytest.mark.parametrize("arena,kw", ALL)
def test_episode_statistics_and_threads(arena, kw):
    """info["episode"] on the step an episode ends: the summed rewards and the steps; the same
    for 1 and 3 threads, observation for observation; the spaces hold every observation."""
    steps = 1850 if arena == "bomber" else 400  # a bomber game lasts up to 1800 ticks
    runs = [play(rl.vector_env(arena, N, threads=t, **kw), steps) for t in (1, 3)]
    space = rl.vector_env(arena, N, **kw).observation_space
    assert all(space.contains(r[0]) for r in runs[0])
    for a, b in zip(*runs):
        assert np.array_equal(a[0], b[0])
        for k in (1, 2, 3):
            assert (a[k] is None and b[k] is None) or np.array_equal(a[k], b[k])
        assert a[4].keys() == b[4].keys()
    ret, length, pending, ends = np.zeros(N), np.zeros(N, int), np.zeros(N, bool), 0
    for _, rew, term, trunc, info in runs[0][1:]:
        ret = np.where(pending, 0.0, ret + rew)
        length = np.where(pending, 0, length + 1)
        done = term | trunc
        if done.any():
            assert np.array_equal(info["_episode"], done)
            assert np.array_equal(info["episode"]["r"], np.where(done, ret, 0))
            assert np.array_equal(info["episode"]["l"], np.where(done, length, 0))
            ends += int(done.sum())
        else:
            assert "episode" not in info
        pending = done
    assert ends >= N  # every game ended an episode


@pytest.mark.parametrize("arena", ["pommerman", "bomber", "kutulu", "pursuit"])
def test_close_and_bad_input(arena):
    env = rl.vector_env(arena, 2)
    with pytest.raises(RuntimeError):
        env.step(np.zeros(2, int))
    env.reset(seed=1)
    with pytest.raises(ValueError):
        env.step(np.zeros(3, int))
    with pytest.raises(ValueError):
        env.step(np.array([0, 99]))
    with pytest.raises(TypeError):
        env.step(np.array([0.5, 1.0]))
    env.close()
    env.close()
    assert env.closed
    with pytest.raises(RuntimeError):
        env.reset()
    with pytest.raises(ValueError):
        rl.vector_env("pommerman", 2, config="OneVsOne-v0", seats=[None, None])
    with pytest.raises(ValueError):
        rl.vector_env("pursuit", 2, seats=[None, None])
    with pytest.raises(ValueError):
        rl.vector_env("chess", 2)


# ---- the other arenas: kit/vec.h's vectorized games ------------------------------------------

KIT_CASES = [("pursuit", dict(seats=[None, "flee"], size=7)), ("pursuit", dict(seats=["chase", None], walls=0.1, clocks=20)),
             ("bomber", dict(seats=[None, "random"])), ("bomber", dict(seats=["simple", None])),
             ("kutulu", dict(seats=[None, "random", "wait", "postmortem"])),
             ("kutulu", dict(seats=["initial", "random", None, "lookahead"], map=3))]


def core_of(arena, kw):
    from dmap.rl._envs import _core
    return _core(arena, gym=True, **kw)


@pytest.mark.parametrize("arena,kw", KIT_CASES)
def test_kit_same_games_as_the_environment(arena, kw):
    """Game i's episode e is dmap.rl's game of the episode's seed, step for step: the vector
    environment's observation is that game's observation="flat" one, with the same mask,
    rewards and ends (ArenaGymEnv's)."""
    from dmap.rl._flat import FlatObservation
    env = rl.vector_env(arena, N, **kw)
    assert isinstance(env, VectorEnv) and env.metadata["autoreset_mode"] == NEXT_STEP
    cores = [core_of(arena, kw) for _ in range(N)]
    flat = FlatObservation(cores[0].observation_space)
    seat = env.learner_seat
    obs, info = env.reset(seed=4)
    rng = np.random.default_rng(9)
    fresh, ended = np.ones(N, bool), np.zeros(N, bool)
    episodes = 0
    for _ in range(1850 if arena == "bomber" else 150):  # a bomber game lasts up to 1800 ticks
        seeds = env.episodes()[1]
        for i in np.flatnonzero(fresh):
            cores[i].new_game(int(seeds[i]))
        fresh[:] = False
        for i in range(N):
            assert np.array_equal(obs[i], flat(cores[i].observe(seat))), i
            assert np.array_equal(info["action_mask"][i], cores[i].observe(seat)["action_mask"])
        acts = np.array([rng.choice(np.flatnonzero(m)) for m in info["action_mask"]])
        obs, rew, term, trunc, info = env.step(acts)
        for i in range(N):
            if ended[i]:  # this step started the next episode
                assert rew[i] == 0 and not term[i] and not trunc[i]
                fresh[i] = True
                continue
            cores[i].step({seat: int(acts[i])})
            st, alive = cores[i].status(), cores[i].alive(seat)
            assert rew[i] == cores[i].reward(seat)
            assert term[i] == (st == 1 or not alive) and trunc[i] == (st == 2 and not term[i])
        ended = term | trunc
        episodes += int(ended.sum())
        assert env.observation_space.contains(obs)
    assert episodes >= N
    env.close()
