"""dmap.rl's Pommerman environments on the vectorized games' C path (dmap/rl/_pommerman_c.py:
a one-game VecEnv, observations and Parallel steps built in C) against the same environments
over the Python door's game (dmap/rl/_pommerman.py's PommermanCore, the playground-style
observation dicts turned into arrays): every config, learners with and without bots, random
actions with many Stops (so that some games reach max_steps), the same seeds: the same agents,
observations (values and dtypes), rewards, ends and infos at every step, and the same board."""
import numpy as np
import pytest

import dmap.rl as rl
from dmap import _arenas
from dmap.arenas import pommerman as pm
from dmap.rl._envs import ArenaParallelEnv
from dmap.rl._pommerman import PommermanCore
from dmap.rl._pommerman_c import PommermanCCore


def seat_sets(config):
    n = _arenas.POMMERMAN_CONFIGS[config]["num_agents"]
    return [[None] * n, [None] + ["simple"] * (n - 1), ["random", None] + [None, "stop"][:n - 2]]


def same(a, b):
    assert type(a) is type(b)
    if isinstance(a, dict):
        assert list(a) == list(b)
        for k in a:
            same(a[k], b[k])
    elif isinstance(a, (tuple, list)):
        assert len(a) == len(b)
        for x, y in zip(a, b):
            same(x, y)
    elif isinstance(a, np.ndarray):
        assert a.dtype == b.dtype and a.shape == b.shape and np.array_equal(a, b)
    else:
        assert a == b


@pytest.mark.parametrize("config", list(pm.CONFIGS))
def test_c_path_equals_python_door(config):
    for seats in seat_sets(config):
        old = ArenaParallelEnv(PommermanCore(config, seats))
        new = rl.parallel_env("pommerman", config=config, seats=seats)
        assert type(new.core) is PommermanCCore  # the C path, its one-call step (turn)
        rng = np.random.default_rng(len(config))
        truncated = 0
        for game in range(3):
            same(old.reset(seed=game), new.reset(seed=game))
            stop = (1.0, 0.97, 0.7)[game]  # the first games run long: to max_steps with all Stop
            while old.agents:
                assert old.agents == new.agents
                acts = {}
                for a in old.agents:
                    move = int(rng.integers(6)) * (rng.random() > stop)
                    acts[a] = (move, int(rng.integers(8)), int(rng.integers(8))) if old.core.radio else move
                out = old.step(acts)
                same(out, new.step(acts))
                truncated += sum(out[3].values())
            assert not new.agents
            assert old.core.render() == new.core.render()
        # no bot to end the all-Stop game (and no collapsing ring, the v1 configs): it ran out of steps
        if all(s in (None, "stop") for s in seats) and not config.endswith("-v1"):
            assert truncated


def test_c_path_numpy_actions_and_errors():
    env = rl.parallel_env("pommerman", config="OneVsOne-v0")
    env.reset(seed=3)
    obs, rew, term, trunc, info = env.step({"player_0": np.int64(1), "player_1": 2})
    assert set(obs) == {"player_0", "player_1"}
    with pytest.raises(ValueError):
        env.step({"player_0": 0})
    with pytest.raises(ValueError):
        env.step({"player_0": 0, "player_1": 6})
    with pytest.raises(TypeError):
        env.step({"player_0": 0, "player_1": 1.5})
