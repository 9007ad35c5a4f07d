"""dmap.rl against the official checkers, for every arena and every Pommerman config: PettingZoo's
parallel_api_test, api_test (the AEC environment), parallel_seed_test and seed_test, and
Gymnasium's check_env on the one-learner environment with bots in the other seats. gymnasium and
pettingzoo are pinned in python/requirements-test.txt; without them these tests fail."""
import functools
import os
import warnings

import pytest

from conftest import data_path

os.environ.setdefault("DMAP_KUTULU_MAPS", data_path("arenas", "kutulu", "data", "maps"))

import dmap.rl as rl  # noqa: E402
from dmap.arenas import pommerman  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test  # noqa: E402

# (arena, options of the PettingZoo environments, options of the Gymnasium environment)
CASES = [("pommerman", {"config": c}, {"config": c}) for c in pommerman.CONFIGS] + [
    ("pommerman", {"config": "PommeFFACompetition-v0", "seats": [None, "simple", None, "random"]},
     {"config": "PommeTeamCompetition-v0", "seats": ["simple", "stop", None, "random"]}),
    ("bomber", {}, {"seats": [None, "gambit"]}),
    ("bomber", {"seats": ["random", None]}, {"seats": ["simple", None]}),
    ("kutulu", {}, {"seats": [None, "wait", "postmortem", "random"]}),
    ("kutulu", {"seats": ["initial", None, None, "dmapbot"]}, {"seats": ["random", "random", "random", None]}),
    ("pursuit", {}, {"seats": [None, "flee"]}),
    ("pursuit", {"size": 10, "walls": 0.1, "clocks": 40}, {"seats": ["chase", None], "size": 6}),
]
IDS = ["%s-%d" % (c[0], i) if c[0] != "pommerman" or i >= len(pommerman.CONFIGS) else c[1]["config"]
       for i, c in enumerate(CASES)]


@pytest.fixture(autouse=True)
def quiet():
    # the checkers warn about Dict observations (their advice, not a failure)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize("arena,kw,gkw", CASES, ids=IDS)
def test_parallel_api(arena, kw, gkw):
    parallel_api_test(rl.parallel_env(arena, **kw), num_cycles=300)


@pytest.mark.parametrize("arena,kw,gkw", CASES, ids=IDS)
def test_aec_api(arena, kw, gkw):
    api_test(rl.aec_env(arena, **kw), num_cycles=300)


@pytest.mark.parametrize("arena,kw,gkw", CASES, ids=IDS)
def test_seeds(arena, kw, gkw):
    parallel_seed_test(functools.partial(rl.parallel_env, arena, **kw), num_cycles=200)
    seed_test(functools.partial(rl.aec_env, arena, **kw), num_cycles=200)


@pytest.mark.parametrize("arena,kw,gkw", CASES, ids=IDS)
def test_gymnasium_check_env(arena, kw, gkw):
    env = rl.gym_env(arena, **gkw)
    check_env(env, skip_render_check=True)
    env = rl.gym_env(arena, render_mode="ansi", **gkw)
    env.reset(seed=1)
    assert isinstance(env.render(), str) and env.render()
