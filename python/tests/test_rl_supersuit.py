"""SuperSuit (pinned in requirements-test.txt) on dmap.rl's environments, every arena: its
observation wrappers flatten_v0, dtype_v0, frame_stack_v1 and black_death_v3 (which take one Box
observation: observation="flat", the action mask then in the info) on the Parallel, AEC and
Gymnasium environments, and its vec-env pipeline, pettingzoo_env_to_vec_env_v1 then
concat_vec_envs_v1 (copies of the environment made by cloudpickle; in worker processes with
num_cpus > 0), playing whole games with legal actions: every observation in its space, the
stacked frames the last ones seen, games ending and starting again in the pipeline, and the
pipeline's worker processes playing the same games as its copies in this process."""
import os
import warnings

import numpy as np
import pytest

from conftest import data_path, legal_action

os.environ.setdefault("DMAP_KUTULU_MAPS", data_path("arenas", "kutulu", "data", "maps"))

import dmap.rl as rl  # noqa: E402
import supersuit as ss  # noqa: E402

CASES = [("pommerman", {"config": "PommeFFACompetition-v0"}), ("pommerman", {"config": "OneVsOne-v0"}),
         ("pommerman", {"config": "PommeRadioCompetition-v2"}), ("bomber", {}), ("kutulu", {}), ("pursuit", {}),
         ("pommerman", {"config": "PommeTeam-v0", "seats": [None, "simple", None, "random"]}),
         ("kutulu", {"seats": [None, "wait", None, "random"]})]
IDS = ["%s-%d" % (a, i) for i, (a, _) in enumerate(CASES)]
STACK = 3


@pytest.fixture(autouse=True)
def quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


def wrapped(env):
    env = ss.flatten_v0(env)
    env = ss.dtype_v0(env, np.float32)
    env = ss.frame_stack_v1(env, STACK)
    return env


@pytest.mark.parametrize("arena,kw", CASES, ids=IDS)
def test_parallel_wrappers(arena, kw):
    base = rl.parallel_env(arena, observation="flat", **kw)
    flat = base.observation_space(base.possible_agents[0]).shape[0]
    env = ss.black_death_v3(wrapped(base))
    rng = np.random.default_rng(1)
    obs, infos = env.reset(seed=1)
    seen = {a: [] for a in env.possible_agents}
    for step in range(400):
        for a, o in obs.items():
            space = env.observation_space(a)
            assert space.shape == (flat * STACK,) and o.dtype == np.float32 and space.contains(o)
            if not o.any():  # black death: zeros for an agent whose game is over
                assert a not in base.agents
                continue
            seen[a].append(o[-flat:].copy())  # the wrapper hands out its own stack, which it updates
            last = seen[a][-STACK:]
            np.testing.assert_array_equal(o[(STACK - len(last)) * flat:], np.concatenate(last))
        if not env.agents:
            break
        # black death keeps every agent in the game (zeros for the dead; no mask in their info)
        actions = {a: legal_action(env.action_space(a), infos[a].get("action_mask", base_mask(env, a)), rng)
                   for a in env.agents}
        obs, rewards, terms, truncs, infos = env.step(actions)
        assert set(obs) == set(env.possible_agents) or not env.agents


def base_mask(env, agent):
    # an agent black death keeps after its end has no mask in the info: any action is taken
    space = env.action_space(agent)
    n = int(space.n) if hasattr(space, "n") else int(np.sum(space.nvec))
    return np.ones(n, np.int8)


@pytest.mark.parametrize("arena,kw", CASES[:1] + CASES[3:6], ids=IDS[:1] + IDS[3:6])
def test_aec_and_gym_wrappers(arena, kw):
    env = wrapped(rl.aec_env(arena, observation="flat", **kw))
    env.reset(seed=2)
    rng = np.random.default_rng(2)
    for n, agent in enumerate(env.agent_iter(200)):
        obs, _, term, trunc, info = env.last()
        assert env.observation_space(agent).contains(obs)
        env.step(None if term or trunc else legal_action(env.action_space(agent), info["action_mask"], rng))
    env = wrapped(rl.gym_env(arena, observation="flat"))
    obs, info = env.reset(seed=2)
    for _ in range(200):
        assert env.observation_space.contains(obs)
        obs, _, term, trunc, info = env.step(legal_action(env.action_space, info["action_mask"], rng))
        if term or trunc:
            obs, info = env.reset()


def vec(arena, kw, copies, cpus):
    env = ss.black_death_v3(ss.dtype_v0(rl.parallel_env(arena, observation="flat", **kw), np.float32))
    return env, ss.concat_vec_envs_v1(ss.pettingzoo_env_to_vec_env_v1(env), copies, num_cpus=cpus,
                                      base_class="gymnasium")


@pytest.mark.parametrize("arena,kw", CASES, ids=IDS)
def test_vec_pipeline(arena, kw):
    env, venv = vec(arena, kw, 2, 0)
    n = len(env.possible_agents)
    assert venv.num_envs == 2 * n
    obs, infos = venv.reset(seed=3)
    assert obs.shape == (2 * n,) + env.observation_space(env.possible_agents[0]).shape
    one = env.observation_space(env.possible_agents[0])
    rng = np.random.default_rng(3)
    ends = 0
    for step in range(3000):  # the bomber game's 1800 ticks at most, Pommerman's 800 steps
        masks = [i.get("action_mask", base_mask(env, env.possible_agents[0])) for i in infos]
        space = env.action_space(env.possible_agents[0])
        obs, rew, term, trunc, infos = venv.step(np.array([legal_action(space, m, rng) for m in masks]))
        assert obs.shape[0] == 2 * n and obs.dtype == np.float32
        assert all(one.contains(o) for o in obs)
        ends += int(np.sum(term | trunc))
        if ends and step >= 300:
            break
    assert ends > 0  # games ended and the pipeline reset them
    venv.close()


@pytest.mark.parametrize("arena,kw", [CASES[1], CASES[3], CASES[4], CASES[5]], ids=[IDS[1], IDS[3], IDS[4], IDS[5]])
def test_vec_pipeline_processes_play_as_in_process(arena, kw):
    # the same actions in worker processes (the environment cloudpickled into them) and in this one
    outs = []
    for cpus in (0, 2):
        env, venv = vec(arena, kw, 2, cpus)
        obs, infos = venv.reset(seed=4)
        got = [obs.copy()]
        rng = np.random.default_rng(4)
        space = env.action_space(env.possible_agents[0])
        for _ in range(60):
            actions = [int(rng.integers(space.n)) for _ in range(venv.num_envs)]
            obs, rew, term, trunc, infos = venv.step(np.array(actions))
            got.append(obs.copy())
            got.append(np.asarray(rew, np.float64))
        venv.close()
        outs.append(got)
    for a, b in zip(*outs):
        np.testing.assert_array_equal(a, b)
