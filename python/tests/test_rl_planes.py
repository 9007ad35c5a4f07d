"""dmap.rl's observation="planes" on every arena: one float32 (C, H, W) Box in [0, 1] per agent,
env.plane_names naming its channels, the action mask in the info. Checked: every observation of
whole games in its declared space, in the Parallel, AEC and Gymnasium environments; the planes
against independent oracles (the board's layers against the dict observation, every distance
plane against a breadth-first search written here, the Pommerman planes byte for byte against
the vectorized Pommerman playing the same game, the safe walk's cells reached before the
threat, the bomber blast timing against the bombs' first sightings); the official checkers
(Gymnasium's check_env, PettingZoo's parallel_api_test and api_test); SuperSuit's wrappers and
vec-env pipeline; pickling and deep copies in the middle of a game."""
import collections
import copy
import os
import pickle
import warnings

import numpy as np
import pytest

from conftest import data_path, legal_action

os.environ.setdefault("DMAP_KUTULU_MAPS", data_path("arenas", "kutulu", "data", "maps"))

import dmap.rl as rl  # noqa: E402
from dmap.rl._envs import ArenaParallelEnv  # noqa: E402
from dmap.rl._pommerman import PommermanCore  # noqa: E402
import supersuit as ss  # noqa: E402
from dmap.arenas import pommerman as pm  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, parallel_api_test  # noqa: E402

CASES = [("pommerman", {"config": c}) for c in ("PommeFFACompetition-v0", "OneVsOne-v0", "PommeTeam-v0",
                                                 "PommeRadioCompetition-v2")] + [
    ("bomber", {}), ("kutulu", {}), ("pursuit", {}), ("pursuit", {"size": 11, "walls": 0.3, "clocks": 40})]
IDS = [kw.get("config", a) if a == "pommerman" else "%s-%d" % (a, i) for i, (a, kw) in enumerate(CASES)]


@pytest.fixture(autouse=True)
def quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


def bfs(walls, sources):
    """Breadth-first steps from the sources (x, y) over walls (H, W bools; a source's cell is
    open), 4-connected; -1 unreached. The oracle of every distance plane."""
    h, w = walls.shape
    depth = np.full((h, w), -1, np.int64)
    queue = collections.deque()
    for x, y in sources:
        if depth[y, x] < 0:
            depth[y, x] = 0
            queue.append((x, y))
    while queue:
        x, y = queue.popleft()
        for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
            nx, ny = x + dx, y + dy
            if 0 <= nx < w and 0 <= ny < h and not walls[ny, nx] and depth[ny, nx] < 0:
                depth[ny, nx] = depth[y, x] + 1
                queue.append((nx, ny))
    return depth


def distance(depth, D):
    """The documented scaling of a distance plane."""
    return np.where(depth < 0, 1.0, np.minimum(depth, D) / D).astype(np.float32)


def play(env, seed, steps, check):
    """Plays a Parallel environment with legal actions, calling check(env, agent, planes, dict
    observation) on every agent's observation of every step."""
    obs, infos = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        for a, o in obs.items():
            check(env, a, o, env.core.observe(env._seat[a]))
            assert np.array_equal(infos[a]["action_mask"], env.core.observe(env._seat[a])["action_mask"])
        if not env.agents:
            return
        obs, _, _, _, infos = env.step({a: legal_action(env.action_space(a), infos[a]["action_mask"], rng)
                                        for a in env.agents})


@pytest.mark.parametrize("arena,kw", CASES, ids=IDS)
def test_every_observation_is_in_its_space(arena, kw):
    env = rl.parallel_env(arena, observation="planes", **kw)
    space = env.observation_space(env.possible_agents[0])
    assert space.dtype == np.float32 and len(space.shape) == 3
    assert len(env.plane_names) == space.shape[0] == len(set(env.plane_names))
    assert np.all(space.low == 0) and np.all(space.high == 1)

    def check(env, agent, planes, obs):
        assert planes.dtype == np.float32 and planes.shape == space.shape and space.contains(planes)

    play(env, 1, 300, check)


# ---- the board's layers and the distance planes against the oracles ------------------------------

def pm_walls(o):
    """The walls of the Pommerman map planes: rigid, wood, bombs, fog."""
    return np.isin(o["board"], (1, 2, 3, 5)) | (o["bomb_life"] > 0)


def check_pommerman(env, agent, planes, obs):
    names, n = env.plane_names, env.core.size
    p = dict(zip(names, planes))
    board = obs["board"]
    for item, name in enumerate(("passage", "rigid", "wood", "bomb", "flames", "fog")):
        assert np.array_equal(p[name], board == item), name
    seat = env._seat[agent]
    o = env.core._obs[seat]
    alive = (10 + seat) in o["alive"]
    walls = pm_walls(obs)
    r, c = obs["position"]
    me = bfs(walls, [(c, r)] if alive else [])
    np.testing.assert_array_equal(p["dist_self"], distance(me, 2 * n))
    seen = [tuple(np.argwhere(board == e)[0][::-1]) for e in obs["enemies"] if e != 9 and np.any(board == e)]
    np.testing.assert_array_equal(p["dist_enemy"], distance(bfs(walls, seen), 2 * n))
    assert np.array_equal(p["self"], (board == 10 + seat) & alive)
    ammo = env.core._plane_scale[16, 0, 0]
    assert ammo == 1 + pm._arenas.POMMERMAN_CONFIGS[env.core.config]["num_items"]
    np.testing.assert_array_equal(p["ammo"], np.float32(min(obs["state"][0] / ammo, 1)))
    assert p["step"][0, 0] == pytest.approx(obs["state"][3] / env.core.max_steps)


def check_bomber(env, agent, planes, obs):
    p = dict(zip(env.plane_names, planes))
    for k, name in enumerate(("metal", "wood", "ore", "ammo", "treasure", "bombs", "self", "opponent")):
        assert np.array_equal(p[name], obs["board"][k]), name
    walls = obs["board"][0] | obs["board"][1] | obs["board"][2] | obs["board"][5]
    x, y = obs["self"][:2]
    ox, oy = obs["opponent"]
    np.testing.assert_array_equal(p["dist_self"], distance(bfs(walls, [(x, y)]), 22))
    np.testing.assert_array_equal(p["dist_enemy"], distance(bfs(walls, [(ox, oy)]), 22))
    # every bomb's cell burns at the latest 35 ticks after the bomb was first seen; fire only
    # reaches cells within 2 of a bomb (chains: of a bomb) in a row or column
    first = {(s[0], s[1]): s[2] for s in env.core._sightings if s[3] < 0}
    tick = obs["tick"][0]
    for (bx, by), t in first.items():
        assert p["blast"][by, bx] <= (t + 35 - tick) / 36 + 1e-6
    near = np.zeros_like(walls, bool)
    for bx, by in [(s[0], s[1]) for s in env.core._sightings]:
        near[by, max(bx - 2, 0):bx + 3] = True
        near[max(by - 2, 0):by + 3, bx] = True
    assert np.all(p["blast"][~near] == 1)
    assert p["hp"][0, 0] == pytest.approx(obs["self"][3] / 3)
    check_safe(p, walls, (x, y))


def check_safe(p, walls, me):
    """The safe walk's cells are reached by a walk from the agent and entered before the threat:
    each is no nearer than its BFS distance, and the agent's own cell is one."""
    safe = p["safe_walk"] < 1
    assert safe[me[1], me[0]] and p["safe_walk"][me[1], me[0]] == 0
    assert np.all(p["safe_walk"][safe] >= p["dist_self"][safe])
    assert not np.any(safe & walls.astype(bool) & (p["dist_self"] == 1))


def check_kutulu(env, agent, planes, obs):
    p = dict(zip(env.plane_names, planes))
    grid = obs["grid"]
    for k, name in ((0, "wall"), (1, "spawn"), (2, "self"), (4, "wanderers"), (5, "slashers")):
        assert np.array_equal(p[name], grid[k]), name
    D = grid.shape[1] + grid.shape[2]
    walls = grid[0] != 0
    rows = obs["explorers"]
    minions = [(m[1], m[2]) for m in env.core._state[7]]
    others = [(r[1], r[2]) for r in rows[1:] if r[0]]
    np.testing.assert_array_equal(p["dist_minion"], distance(bfs(walls, minions), D))
    np.testing.assert_array_equal(p["dist_explorer"], distance(bfs(walls, others), D))
    if rows[0][0]:
        x, y = rows[0][1], rows[0][2]
        np.testing.assert_array_equal(p["dist_self"], distance(bfs(walls, [(x, y)]), D))
        check_safe(p, walls, (x, y))
        # a cell the safe walk enters is entered before any minion can be there
        arrival = p["safe_walk"] * D
        threat = bfs(walls, minions)
        ok = (p["safe_walk"] < 1) & (threat >= 0)
        assert np.all(arrival[ok] < threat[ok] + 1e-4)
    else:
        assert np.all(p["dist_self"] == 1) and np.all(p["safe_walk"] == 1)
    assert p["turn"][0, 0] == pytest.approx(obs["turn"][0] / 200)


def check_pursuit(env, agent, planes, obs):
    p = dict(zip(env.plane_names, planes))
    for k, name in enumerate(("wall", "predator", "prey")):
        assert np.array_equal(p[name], obs["grid"][k]), name
    walls = obs["grid"][0] != 0
    D = 2 * walls.shape[0]
    me, other = tuple(obs["position"]), tuple(obs["other"])
    np.testing.assert_array_equal(p["dist_self"], distance(bfs(walls, [me]), D))
    np.testing.assert_array_equal(p["dist_other"], distance(bfs(walls, [other]), D))
    # the safe walk's cells are the ones the agent reaches strictly before the other seat, and
    # its own cell (where it starts)
    mine, theirs = bfs(walls, [me]), bfs(walls, [other])
    first = (mine >= 0) & ((theirs < 0) | (mine < theirs))
    first[me[1], me[0]] = True
    assert np.all((p["safe_walk"] < 1) <= first)
    np.testing.assert_array_equal(p["safe_walk"][first], distance(mine, D)[first])
    # the flee map is lowest (safest) far from the other seat: no reached cell is lower than
    # the flee value of the farthest cell minus the distances' spread
    assert np.all(p["flee"][walls] == 1)
    assert p["predator_seat"][0, 0] == (1 if agent == "player_0" else 0)
    # buried cells are free cells, never an agent's
    assert not np.any(p["buried"].astype(bool) & walls)
    assert p["buried"][me[1], me[0]] == 0 and p["buried"][other[1], other[0]] == 0


CHECKS = {"pommerman": check_pommerman, "bomber": check_bomber, "kutulu": check_kutulu, "pursuit": check_pursuit}


@pytest.mark.parametrize("arena,kw", CASES, ids=IDS)
def test_planes_equal_the_oracles(arena, kw):
    play(rl.parallel_env(arena, observation="planes", **kw), 5, 200, CHECKS[arena])


@pytest.mark.parametrize("config,nlearners", [("PommeFFACompetition-v0", 4), ("OneVsOne-v0", 2),
                                              ("PommeTeamCompetition-v0", 4)])
def test_pommerman_planes_are_the_vectorized_games(config, nlearners):
    # VecEnv (its own observations in C) and the environment's planes (the door's, from the
    # playground's observation dict) in the same game under the same actions
    vec = pm.VecEnv(config, 1, None, seed=3, planes="all")
    vobs, masks = vec.reset()
    # the Python door's core (the C path's equals it step for step: test_rl_cpath), whose board
    # seed can be set to the VecEnv episode's
    env = ArenaParallelEnv(PommermanCore(config), observation="planes")
    env.reset(seed=0)
    core = env.core
    core._env._seed = int(vec.episodes()[1][0])  # the episode's seed (env.seed() takes 32 bits)
    core._obs = core._env.reset()
    scale = core._plane_scale
    k = len(vec.plane_names)
    assert env.plane_names[:k] == list(vec.plane_names)
    rng = np.random.default_rng(3)
    bombs = 0
    for step in range(120):
        for seat in range(nlearners):
            raw = rl._pommerman._arenas.pommerman_planes(core._obs[seat], seat)
            bombs += int(np.any(raw[env.plane_names.index("danger")] < 255))
            np.testing.assert_array_equal(raw, vobs[0, seat], err_msg="step %d seat %d" % (step, seat))
            planes = core.planes(seat, core.observe(seat))
            np.testing.assert_array_equal(planes[:k], np.minimum(vobs[0, seat] / scale, 1).astype(np.float32))
        # legal actions, a bomb now and then (bombs, flames and their danger planes, agents
        # living long enough to meet)
        actions = np.array([[int(rng.choice(np.flatnonzero(m[:5]))) if rng.random() > 0.04 or not m[5] else 5
                             for m in masks[0]]], np.int32)
        vobs, _, term, trunc, masks = vec.step(actions)
        core.step({s: int(actions[0, s]) for s in range(nlearners)})
        if core.status() != 0:
            break  # the VecEnv has started its next episode
    assert step >= 20 and bombs > 10  # a game of some length was compared, bombs in it


# ---- the checkers, the wrappers, copies --------------------------------------------------------

@pytest.mark.parametrize("arena,kw", CASES, ids=IDS)
def test_checkers(arena, kw):
    parallel_api_test(rl.parallel_env(arena, observation="planes", **kw), num_cycles=200)
    api_test(rl.aec_env(arena, observation="planes", **kw), num_cycles=200)
    env = rl.gym_env(arena, observation="planes", **kw)
    check_env(env, skip_render_check=True)
    names = rl.parallel_env(arena, observation="planes", **kw).plane_names
    assert env.plane_names == rl.aec_env(arena, observation="planes", **kw).plane_names == names


def test_gymnasium_make_takes_planes():
    import gymnasium
    env = gymnasium.make("dmap/Bomber-v0", observation="planes")
    assert env.observation_space.shape == (len(env.get_wrapper_attr("plane_names")), 10, 12)
    obs, info = env.reset(seed=1)
    assert env.observation_space.contains(obs) and info["action_mask"].shape == (6,)


@pytest.mark.parametrize("arena,kw", CASES[:1] + CASES[3:7], ids=IDS[:1] + IDS[3:7])
def test_supersuit_wrappers(arena, kw):
    base = rl.parallel_env(arena, observation="planes", **kw)
    shape = base.observation_space(base.possible_agents[0]).shape
    env = ss.black_death_v3(ss.frame_stack_v1(ss.dtype_v0(base, np.float32), 2, stack_dim=0))
    obs, infos = env.reset(seed=2)
    rng = np.random.default_rng(2)
    for _ in range(100):
        for a, o in obs.items():
            assert o.shape == (2 * shape[0],) + shape[1:] and env.observation_space(a).contains(o)
        if not env.agents:
            break
        obs, _, _, _, infos = env.step({a: legal_action(env.action_space(a), infos[a].get("action_mask", every(
            env.action_space(a))), rng) for a in env.agents})
    flat = ss.flatten_v0(rl.aec_env(arena, observation="planes", **kw))
    flat.reset(seed=2)
    for agent in flat.agent_iter(60):
        o, _, term, trunc, info = flat.last()
        assert o.shape == (int(np.prod(shape)),) and flat.observation_space(agent).contains(o)
        flat.step(None if term or trunc else legal_action(flat.action_space(agent), info["action_mask"], rng))
    # the vec-env pipeline as test_rl_supersuit.py builds it (black death straight over a Parallel
    # environment never ends a game that ends without truncation: SuperSuit's black_death_v3 takes
    # the game as over only when every agent is both terminated and truncated)
    venv = ss.concat_vec_envs_v1(ss.pettingzoo_env_to_vec_env_v1(ss.black_death_v3(ss.dtype_v0(
        rl.parallel_env(arena, observation="planes", **kw), np.float32))), 2, num_cpus=0, base_class="gymnasium")
    obs, infos = venv.reset(seed=3)
    assert obs.shape == (venv.num_envs,) + shape and obs.dtype == np.float32
    space = base.action_space(base.possible_agents[0])
    for _ in range(100):
        obs, _, _, _, infos = venv.step(np.array([legal_action(space, i.get("action_mask", every(space)), rng)
                                                  for i in infos]))
        assert obs.shape == (venv.num_envs,) + shape
    venv.close()


def every(space):
    """The mask of every action (an agent black death keeps after its end has none in its info)."""
    return np.ones(int(space.n) if hasattr(space, "n") else int(np.sum(space.nvec)), np.int8)


COPIES = {"pickle": lambda e: pickle.loads(pickle.dumps(e)), "deepcopy": copy.deepcopy}


@pytest.mark.parametrize("how", list(COPIES))
@pytest.mark.parametrize("arena,kw", [CASES[0], CASES[4], CASES[5], CASES[6]], ids=[IDS[0], IDS[4], IDS[5], IDS[6]])
def test_copies_go_on_as_the_original(arena, kw, how):
    env = rl.parallel_env(arena, observation="planes", **kw)
    obs, infos = env.reset(seed=4)
    rng = np.random.default_rng(4)
    for _ in range(3):
        obs, _, _, _, infos = env.step({a: legal_action(env.action_space(a), infos[a]["action_mask"], rng)
                                        for a in env.agents})
    other = COPIES[how](env)
    assert other.plane_names == env.plane_names
    state = rng.bit_generator.state
    runs = []
    for e in (env, other):
        rng.bit_generator.state = state
        o, i, run = obs, infos, []
        for _ in range(20):
            if not e.agents:
                break
            o, r, t, tr, i = e.step({a: legal_action(e.action_space(a), i[a]["action_mask"], rng) for a in e.agents})
            run.append((o, r))
        runs.append(run)
    assert len(runs[0]) == len(runs[1]) > 0
    for (o1, r1), (o2, r2) in zip(*runs):
        assert r1 == r2 and o1.keys() == o2.keys()
        for a in o1:
            np.testing.assert_array_equal(o1[a], o2[a])


def test_bad_options():
    with pytest.raises(ValueError, match="planes"):
        rl.parallel_env("pursuit", observation="image")
    with pytest.raises(ValueError, match="observation='planes'"):
        rl.parallel_env("pursuit").plane_names
    with pytest.raises(ValueError, match="observation='planes'"):
        rl.gym_env("bomber", observation="flat").plane_names


def test_the_doors_refuse_bad_views():
    from dmap import _arenas
    env = rl.parallel_env("pommerman", config="OneVsOne-v0", observation="planes")
    env.reset(seed=1)
    good = env.core._obs[0]
    assert _arenas.pommerman_planes(good, 0).shape == (24, 8, 8)
    for key, value, error in (("board", np.zeros((12, 12)), ValueError), ("board", np.full((8, 8), 99), ValueError),
                              ("position", (9, 0), ValueError), ("position", (1,), ValueError),
                              ("enemies", [3], ValueError), ("bomb_life", np.full((8, 8), -1.0), ValueError),
                              ("ammo", "two", TypeError)):
        with pytest.raises(error):
            _arenas.pommerman_planes(dict(good, **{key: value}), 0)
    with pytest.raises(KeyError):
        _arenas.pommerman_planes({k: v for k, v in good.items() if k != "flame_life"}, 0)
    with pytest.raises(ValueError):
        _arenas.pommerman_planes(good, 4)
    hurt, memory = _arenas.bomber_blast(3, [(0, 0)], [(2, 2)], [])
    assert memory == [(2, 2, 3, -1)] and hurt[2, 2] == 3 + 35 and hurt.shape == (10, 12)
    hurt, memory = _arenas.bomber_blast(4, [(0, 0)], [], memory)  # the bomb went off: fire next tick
    assert memory == [(2, 2, 3, 4)] and hurt[2, 2] == 5 and hurt[2, 4] == 5 and hurt[2, 5] == 1000000
    for args in ((3, [(12, 0)], [], []), (3, [], [(0, 10)], []), (3, [], [], [(1, 1, 1)]), (3, [], [], [(1, 1, 1, "x")]),
                 (3, [], [(0, 0)] * 1000, []), (3, 5, [], [])):
        with pytest.raises((TypeError, ValueError)):
            _arenas.bomber_blast(*args)
