"""gymnasium.make ids of dmap.rl (registered when dmap.rl is imported): every id makes its arena's
one-learner environment, which resets, steps and passes Gymnasium's check_env; make's keyword
arguments reach the environment; the "module:id" form imports dmap.rl itself."""
import os
import subprocess
import sys
import warnings

import numpy as np
import pytest

from conftest import data_path

os.environ.setdefault("DMAP_KUTULU_MAPS", data_path("arenas", "kutulu", "data", "maps"))

import gymnasium  # noqa: E402
import dmap.rl as rl  # noqa: E402
from dmap.arenas import pommerman  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402


@pytest.fixture(autouse=True)
def quiet():
    # the checkers' advice on Dict observations; make's note that a Pommerman config of an older
    # version exists (PommeTeamCompetition-v0 beside -v1: two variants, not an outdated one)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        warnings.simplefilter("ignore", DeprecationWarning)
        yield


def test_ids():
    want = {"dmap/" + c for c in pommerman.CONFIGS} | {"dmap/Bomber-v0", "dmap/Kutulu-v0", "dmap/Pursuit-v0"}
    assert set(rl.GYM_IDS) == want
    assert want <= set(gymnasium.registry)


@pytest.mark.parametrize("env_id", sorted(rl.GYM_IDS))
def test_make(env_id):
    env = gymnasium.make(env_id)
    base = env.unwrapped
    assert isinstance(base, rl.ArenaGymEnv)
    arena = rl.GYM_IDS[env_id]["arena"]
    assert base.core.name == arena
    if arena == "pommerman":
        assert base.core.config == rl.GYM_IDS[env_id]["config"]
    obs, info = env.reset(seed=3)
    env.action_space.seed(3)
    assert env.observation_space.contains(obs)
    for _ in range(20):
        action = env.action_space.sample(mask=obs["action_mask"])
        obs, reward, terminated, truncated, info = env.step(action)
        assert env.observation_space.contains(obs)
        if terminated or truncated:
            obs, info = env.reset()
    check_env(base, skip_render_check=False)
    check_env(gymnasium.make(env_id, render_mode="rgb_array").unwrapped, skip_render_check=False)


def test_make_same_game_as_gym_env():
    made = gymnasium.make("dmap/Pursuit-v0", seats=["chase", None], size=6).unwrapped
    direct = rl.gym_env("pursuit", seats=["chase", None], size=6)
    assert made.seat == direct.seat == 1
    a, _ = made.reset(seed=5)
    b, _ = direct.reset(seed=5)
    for _ in range(10):
        for k in a:
            np.testing.assert_array_equal(a[k], b[k])
        act = int(np.flatnonzero(a["action_mask"])[-1])
        a, ra, ta, ua, _ = made.step(act)
        b, rb, tb, ub, _ = direct.step(act)
        assert (ra, ta, ua) == (rb, tb, ub)
        if ta or ua:
            break


def test_make_options_reach_env():
    env = gymnasium.make("dmap/OneVsOne-v0", seats=["random", None], render_mode="ansi",
                         observation="flat").unwrapped
    assert env.seat == 1 and env.render_mode == "ansi"
    assert isinstance(env.observation_space, gymnasium.spaces.Box)
    with pytest.raises(ValueError):
        gymnasium.make("dmap/Bomber-v0", seats=[None, "nobody"])


SPEC_CASES = [("pommerman", dict(config="OneVsOne-v0"), 1, "dmap", "dmap:powerup=12",
               "dmap:powerup=0:wood_base=0:wood_each=0:bomb_wood=0"),
              ("bomber", {}, 1, "gambit", "gambit:reward=2", "gambit:reward=0:ammo=0:ammo_low=0"),
              ("pursuit", {}, 1, "flee", "flee:factor=-1.2", "flee:factor=-5"),
              ("kutulu", {}, 2, "dmapbot", "dmapbot:room_cap=4", "dmapbot:next_turn=0:room_cap=1")]


@pytest.mark.parametrize("arena,options,seat,bot,spelled,changed", SPEC_CASES,
                         ids=["%s-%d" % (c[0], c[2]) for c in SPEC_CASES])
def test_seats_take_bot_specs(arena, options, seat, bot, spelled, changed):
    """A bot's seat may be a bot spec with parameters, as the arenas' --bots take it: the
    defaults spelled out play the same game, other values another; a bad spec is a ValueError.
    The same for the vectorized games (rl.vector_env) of every arena."""
    nseats = 4 if arena == "kutulu" else 2
    learner = 0

    def lineup(occupant):
        seats = ["wait"] * nseats if arena == "kutulu" else [None] * nseats
        seats[learner], seats[seat] = None, occupant
        return seats

    def observations(occupant):
        env = rl.gym_env(arena, seats=lineup(occupant), observation="flat", **options)
        obs, _ = env.reset(seed=3)
        out = [np.asarray(obs).copy()]
        for t in range(60):
            obs, _, term, trunc, _ = env.step(t % 4)  # the learner wanders, so the bot must answer
            out.append(np.asarray(obs).copy())
            if term or trunc:
                break
        return out

    def vector(occupant):
        env = rl.vector_env(arena, 3, seats=lineup(occupant), **options)
        obs, _ = env.reset(seed=3)
        out = [obs.copy()]
        for t in range(40):
            obs = env.step(np.full(3, t % 4))[0]
            out.append(obs.copy())
        env.close()
        return out

    default = observations(bot)
    assert all(np.array_equal(a, b) for a, b in zip(default, observations(spelled)))
    other = observations(changed)
    assert len(other) != len(default) or not all(np.array_equal(a, b) for a, b in zip(default, other))
    vdefault = vector(bot)
    assert all(np.array_equal(a, b) for a, b in zip(vdefault, vector(spelled)))
    assert not all(np.array_equal(a, b) for a, b in zip(vdefault, vector(changed)))
    for make in (observations, vector):
        with pytest.raises(ValueError, match="nope"):
            make(bot + ":nope=1")
        with pytest.raises(ValueError, match="spec"):
            make("nobody:x=1")


def test_module_prefix_imports_dmap_rl():
    # a fresh interpreter that never imported dmap.rl: "dmap.rl:<id>" imports it, then makes the id
    code = ("import gymnasium, sys; env = gymnasium.make('dmap.rl:dmap/Pursuit-v0'); "
            "env.reset(seed=1); assert 'dmap.rl' in sys.modules; print(type(env.unwrapped).__name__)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=os.environ.copy())
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ArenaGymEnv"
