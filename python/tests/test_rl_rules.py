"""dmap.rl's rules beyond the checkers: the optional dependency, observations that are the
arena's own, action masks that tell the truth, how each game ends (terminated or truncated, with
which rewards), dead agents leaving, seeds, and bad input (a clear exception, the game
unharmed)."""
import os
import subprocess
import sys
import warnings

import numpy as np
import pytest

from conftest import data_path

os.environ.setdefault("DMAP_KUTULU_MAPS", data_path("arenas", "kutulu", "data", "maps"))

import dmap.rl as rl  # noqa: E402
from dmap.arenas import pommerman  # noqa: E402

ARENA_GYM = [("pommerman", {"config": "OneVsOne-v0", "seats": [None, "random"]}),
             ("pommerman", {"config": "PommeRadio-v2", "seats": [None, "simple", "simple", "simple"]}),
             ("bomber", {"seats": [None, "random"]}),
             ("kutulu", {"seats": [None, "random", "random", "random"]}),
             ("pursuit", {"seats": ["random", None]})]


def sample(env_space, obs, rng):
    """A legal action of the observation's mask."""
    mask = obs["action_mask"]
    if hasattr(env_space, "nvec"):  # MultiDiscrete (radio): the parts' masks end to end
        return [int(rng.choice(np.flatnonzero(m))) for m in np.split(mask, np.cumsum(env_space.nvec)[:-1])]
    return int(rng.choice(np.flatnonzero(mask)))


def trajectory(env, seed, steps, rng_seed=0):
    rng = np.random.default_rng(rng_seed)
    obs, _ = env.reset(seed=seed)
    out = [obs]
    for _ in range(steps):
        obs, r, term, trunc, info = env.step(sample(env.action_space, obs, rng))
        out.append((obs, r, term, trunc))
        if term or trunc:
            obs, _ = env.reset()
            out.append(obs)
    return out


def same(a, b):
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, (tuple, list)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return np.array_equal(a, b)


def test_dmap_imports_without_the_rl_extra():
    code = ("import sys; sys.modules['gymnasium'] = None; sys.modules['pettingzoo'] = None\n"
            "import dmap, dmap.arenas\nfrom dmap.arenas import pommerman, bomber, kutulu, pursuit\n"
            "try:\n    import dmap.rl\nexcept ImportError as e:\n    print('RL', e)\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert "RL dmap.rl needs the optional extra 'rl'" in r.stdout


@pytest.mark.parametrize("arena,kw", ARENA_GYM, ids=lambda v: v if isinstance(v, str) else "")
def test_gym_seed_gives_the_same_games(arena, kw):
    a = trajectory(rl.gym_env(arena, **kw), 7, 300)
    b = trajectory(rl.gym_env(arena, **kw), 7, 300)
    c = trajectory(rl.gym_env(arena, **kw), 8, 300)
    assert same(a, b)
    assert not same(a, c)


def test_pommerman_observation_is_the_playground_observation():
    env = rl.parallel_env("pommerman", config="PommeTeamCompetition-v0")
    obs, _ = env.reset(seed=3)
    rng = np.random.default_rng(1)
    for _ in range(40):
        if not env.agents:
            break
        play = env.core._env.get_observations()
        for agent, o in obs.items():
            p = play[int(agent.split("_")[1])]
            assert np.array_equal(o["board"], p["board"])
            assert np.array_equal(o["bomb_life"], p["bomb_life"].astype(np.float32))
            assert tuple(o["position"]) == tuple(int(v) for v in p["position"])
            assert o["state"].tolist() == [p["ammo"], p["blast_strength"], int(p["can_kick"]), p["step_count"]]
            assert o["teammate"] == p["teammate"].value
            assert (o["board"] == pommerman.Item.Fog.value).any()  # a Competition config: fog
        obs, *_ = env.step({a: sample(None, obs[a], rng) for a in env.agents})


@pytest.mark.parametrize("arena,kw", [("pommerman", {"config": "OneVsOne-v0", "seats": [None, "stop"]}),
                                      ("bomber", {"seats": [None, "random"]}),
                                      ("kutulu", {"seats": [None, "wait", "wait", "wait"]}),
                                      ("pursuit", {"seats": ["lazy", None]})],
                         ids=["pommerman", "bomber", "kutulu", "pursuit"])
def test_masked_moves_do_not_move(arena, kw):
    """A move the mask rules out leaves the agent where it is; Stop/nothing is always legal."""
    env = rl.gym_env(arena, **kw)
    rng = np.random.default_rng(5)
    where = {"pommerman": lambda o: tuple(o["position"]), "bomber": lambda o: tuple(o["self"][:2]),
             "kutulu": lambda o: tuple(o["explorers"][0, 1:3]), "pursuit": lambda o: tuple(o["position"])}[arena]
    moves = {"pommerman": range(1, 5), "bomber": range(1, 5), "kutulu": range(1, 5), "pursuit": range(1, 5)}[arena]
    obs, _ = env.reset(seed=2)
    tried = 0
    for _ in range(200):
        assert obs["action_mask"][0] == 1
        blocked = [a for a in moves if not obs["action_mask"][a]]
        if blocked and rng.random() < 0.5:
            before = where(obs)
            obs, _, term, trunc, _ = env.step(int(rng.choice(blocked)))
            if not (term or trunc):
                assert where(obs) == before
                tried += 1
        else:
            legal = [a for a in moves if obs["action_mask"][a]] or [0]
            obs, _, term, trunc, _ = env.step(int(rng.choice(legal)))
        if term or trunc:
            obs, _ = env.reset()
    assert tried > 20


def test_pommerman_bomb_mask():
    env = rl.gym_env("pommerman", config="OneVsOne-v0", seats=[None, "stop"])
    obs, _ = env.reset(seed=4)
    assert obs["action_mask"][5] == 1 and obs["state"][0] == 1
    obs, *_ = env.step(5)  # the only bomb: none left, one under the agent
    assert obs["action_mask"][5] == 0 and obs["state"][0] == 0
    assert obs["bomb_life"][tuple(obs["position"])] > 0


def test_pommerman_ends():
    # stop against stop: the steps run out, a truncation with the playground's -1
    env = rl.gym_env("pommerman", config="OneVsOne-v0", seats=[None, "stop"])
    env.reset(seed=1)
    for step in range(1, 801):
        obs, r, term, trunc, info = env.step(0)
        if term or trunc:
            break
    assert (step, term, trunc, r, info["result"]) == (800, False, True, -1.0, "tie")
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    # a bomb under a standing agent: it dies, terminated with -1
    env.reset(seed=1)
    obs, r, term, trunc, info = env.step(5)
    while not (term or trunc):
        obs, r, term, trunc, info = env.step(0)
    assert (term, trunc, r, info["result"]) == (True, False, -1.0, "loss")


def test_pommerman_dead_agents_leave():
    env = rl.parallel_env("pommerman", config="PommeFFACompetition-v0")
    obs, _ = env.reset(seed=11)
    rng = np.random.default_rng(3)
    left = []
    while env.agents:
        before = list(env.agents)
        obs, rew, term, trunc, info = env.step({a: sample(None, obs[a], rng) for a in env.agents})
        assert set(obs) == set(rew) == set(term) == set(trunc) == set(info) == set(before)
        for a in before:
            alive = env.core.alive(int(a.split("_")[1]))
            if not alive:
                assert term[a] and not trunc[a] and a not in env.agents
                if not info[a].get("result") == "win":
                    assert rew[a] == -1.0  # FFA: a dead agent's reward
                left.append(a)
            else:
                assert (a in env.agents) == (not (term[a] or trunc[a]))
        if left and env.agents:
            with pytest.raises(ValueError, match="left the game"):
                env.step({**{a: 0 for a in env.agents}, left[0]: 0})
    assert left


def test_pursuit_ends():
    # two learners standing still: the prey survives the clocks (a truncation, the prey's win)
    env = rl.parallel_env("pursuit", clocks=5)
    obs, _ = env.reset(seed=3)
    for _ in range(5):
        obs, rew, term, trunc, info = env.step({a: 0 for a in env.agents})
    assert trunc == {"player_0": True, "player_1": True} and not any(term.values())
    assert rew == {"player_0": -1.0, "player_1": 1.0} and env.agents == []
    # a prey that walks into the predator: captured, terminated
    env = rl.gym_env("pursuit", seats=["chase", None], clocks=60)
    obs, _ = env.reset(seed=3)
    for _ in range(60):
        obs, r, term, trunc, info = env.step(0)
        if term or trunc:
            break
    assert term and not trunc and r == -1.0 and info["result"] == "loss"


def test_bomber_ends():
    env = rl.gym_env("bomber", seats=[None, "random"])
    obs, info = env.reset(seed=2)
    assert obs["tick"] == 0 and info["tick"] == 1  # tick 0 (no answers) is played by reset()
    done = False
    while not done:  # a bomb under an agent that stays: it loses hp until it dies
        obs, r, term, trunc, info = env.step(5 if obs["action_mask"][5] else 0)
        done = term or trunc
    assert info["reason"] in ("death", "timeout")
    assert term == (info["reason"] == "death") and trunc == (info["reason"] == "timeout")
    assert r == {"win": 1.0, "loss": -1.0, "tie": 0.0}[info["result"]]


def test_bomber_two_hits_in_one_tick_stay_in_the_space():
    """Two fires on a player's cell in one tick take 2 hp, so hp 1 becomes -1 (the original
    engine's rule): that observation is still in the space. Seeded random games until one does
    it (game 31 of these does); every observation on the way is checked."""
    env = rl.parallel_env("bomber")
    below = []
    for g in range(64):
        rng = np.random.default_rng(g)
        obs, _ = env.reset(seed=g)
        while env.agents and not below:
            obs, _, _, _, _ = env.step({a: int(rng.integers(6)) for a in env.agents})
            for a, o in obs.items():
                assert env.observation_space(a).contains(o), (g, a, o["self"])
                if o["self"][3] < 0:
                    below.append((g, a))
        if below:
            break
    assert below, "no game took a player's hp below 0"


def test_kutulu_ends_and_rewards():
    env = rl.parallel_env("kutulu", seats=[None, None, "wait", "wait"])
    obs, _ = env.reset(seed=4)
    total = {a: 0.0 for a in env.possible_agents}
    rng = np.random.default_rng(0)
    while env.agents:
        obs, rew, term, trunc, info = env.step({a: sample(None, obs[a], rng) for a in env.agents})
        for a, r in rew.items():
            total[a] += r
            if term[a] or trunc[a]:
                assert "score" in info[a]
    # an explorer earns 1 per turn it stays in the game; its score counts the turns it survived
    state = env.core._state
    for a in env.possible_agents:
        assert total[a] <= state[0]
    assert state[1]  # the game is over


# ---- bad input ------------------------------------------------------------------------------------

@pytest.mark.parametrize("arena,kw", ARENA_GYM, ids=lambda v: v if isinstance(v, str) else "")
def test_gym_bad_actions(arena, kw):
    env = rl.gym_env(arena, **kw)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    obs, _ = env.reset(seed=1)
    radio = not hasattr(env.action_space, "n")  # MultiDiscrete([6, 8, 8]), a flat mask of 22
    n = int(env.action_space.nvec[0]) if radio else len(obs["action_mask"])
    bad = [(TypeError, 1.5), (TypeError, "0"), (TypeError, None), (TypeError, True)]
    if radio:
        bad += [(ValueError, [0, 1]), (ValueError, [n, 0, 0]), (ValueError, [0, 8, 0]), (ValueError, [0, -1, 0]),
                (TypeError, [0.5, 0, 0]), (TypeError, 3)]
    else:
        bad += [(ValueError, n), (ValueError, -1), (ValueError, np.array([0, 1])), (TypeError, np.float64(1)),
                (ValueError, 2**70)]
    for exc, a in bad:
        with pytest.raises(exc):
            env.step(a)
    # the game is unharmed: it plays on as an environment that never saw the bad actions
    fresh = rl.gym_env(arena, **kw)
    fresh.reset(seed=1)
    good = [0, 0, 0] if radio else np.int64(0)
    assert same(env.step(good)[:4], fresh.step(good)[:4])


def test_parallel_bad_input():
    env = rl.parallel_env("pursuit")
    with pytest.raises(RuntimeError, match="reset"):
        env.step({"player_0": 0, "player_1": 0})
    env.reset(seed=1)
    for exc, actions in [(TypeError, [0, 0]), (ValueError, {"player_0": 0}),
                         (ValueError, {"player_0": 0, "player_1": 0, "player_7": 0}),
                         (ValueError, {"player_0": 0, "player_1": 5}), (TypeError, {"player_0": 0, "player_1": "s"})]:
        with pytest.raises(exc):
            env.step(actions)
    assert env.step({"player_0": 0, "player_1": 0})[0]


@pytest.mark.parametrize("arena,kw", [
    ("pommerman", {"config": "PommeNope-v0"}), ("pommerman", {"config": "OneVsOne-v0", "seats": [None]}),
    ("pommerman", {"seats": [None, "nobot", None, None]}), ("bomber", {"seats": [None, None, None]}),
    ("bomber", {"seats": [None, "chase"]}), ("kutulu", {"seats": [None, "cmd:/bin/true", None, None]}),
    ("pursuit", {"seats": ["flee", None]}), ("pursuit", {"size": 1}), ("nowhere", {}),
    ("pursuit", {"seats": ["chase", "flee"]})])
def test_bad_construction(arena, kw):
    with pytest.raises(ValueError):
        rl.parallel_env(arena, **kw)


def test_gym_needs_one_learner():
    with pytest.raises(ValueError, match="one learner"):
        rl.gym_env("bomber", seats=[None, None])
    with pytest.raises(ValueError):
        rl.gym_env("pursuit", seats=["chase", "flee"])
    with pytest.raises(ValueError, match="render_mode"):
        rl.gym_env("bomber", render_mode="video")


def test_aec_dead_agent_steps_none():
    """The AEC environment takes None for an agent that has left, as PettingZoo asks."""
    env = rl.aec_env("pommerman", config="OneVsOne-v0")
    env.reset(seed=2)
    rng = np.random.default_rng(0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for agent in env.agent_iter(2000):
            obs, r, term, trunc, info = env.last()
            env.step(None if term or trunc else sample(None, obs, rng))
    assert env.agents == []


@pytest.mark.parametrize("seed", [1, 2, 5])
def test_kutulu_turns_plays_the_referees_game(seed):
    """KutuluTurns, the door Kutulu is stepped through: the caller's seats answering WAIT play the
    game of the built-in `wait` bot in those seats (kutulu.Game, the referee's whole loop)."""
    from dmap import _arenas
    from dmap.arenas import kutulu
    maps = os.environ["DMAP_KUTULU_MAPS"]
    bots = ["postmortem", "random", "initial"]
    want = kutulu.Game(["wait"] + bots, seed, bot_seed=seed + 3, maps=maps, first_limit=60, limit=60).run()
    game = _arenas.KutuluTurns([None] + bots, maps, seed, bot_seed=seed + 3)
    turns = 0
    while not game.step(["WAIT", None, None, None]):
        turns += 1
    turn, over, map_index, *_, explorers, _, _ = game.state()
    assert (turn, map_index, [e[6] for e in explorers]) == (want["turns"], want["map"], want["scores"])
    with pytest.raises(RuntimeError, match="over"):
        game.step(["WAIT"] * 4)
    with pytest.raises(ValueError):
        _arenas.KutuluTurns([None, "cmd:/bin/true", None, None], maps, 1)
    g = _arenas.KutuluTurns([None] * 4, maps, 1)
    for bad in (["WAIT"] * 3, [1, "WAIT", "WAIT", "WAIT"], 5):
        with pytest.raises((TypeError, ValueError)):
            g.step(bad)
    assert g.state()[0] == 0  # nothing was played
    g.step(["WAIT", "no such line", "WAIT", "WAIT"])  # the referee ends the player of a bad line
    assert [e[5] for e in g.state()[6]] == [1, 0, 1, 1]


def test_aec_bad_input():
    """The AEC environment checks an action when it is given and keeps none that is bad: the turn
    is taken again with a good one and the game is the one that never saw the bad action."""
    env, fresh = rl.aec_env("pursuit"), rl.aec_env("pursuit")
    with pytest.raises(AssertionError, match="reset"):  # PettingZoo's order-enforcing wrapper
        env.step(0)
    env.reset(seed=3)
    fresh.reset(seed=3)
    for exc, a in [(ValueError, 5), (TypeError, "s"), (TypeError, None), (ValueError, np.array([1, 2]))]:
        with pytest.raises(exc):
            env.step(a)
    assert env.agent_selection == "player_0"
    for _ in range(200):
        if not env.agents:
            break
        for e in (env, fresh):
            obs, r, term, trunc, info = e.last()
            e.step(None if term or trunc else 1)
        assert env.agents == fresh.agents
        if env.agents:
            assert same(env.last()[:4], fresh.last()[:4])
        if env.agents and not (env.terminations[env.agent_selection] or env.truncations[env.agent_selection]):
            with pytest.raises(ValueError):
                env.step(-1)
    assert env.agents == []
    env.step(0)  # after the end PettingZoo's order-enforcing wrapper only logs a warning
    assert env.agents == []
