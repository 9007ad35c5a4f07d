"""dmap.arenas.pommerman.VecEnv: the vectorized Pommerman against the plain game.

The oracle is the single game of the same arena behind the playground's interface
(pommerman.make): every episode of every vectorized game is replayed there from its seed with the
same learner actions and the same C bots, and every observation plane, reward, flag and episode
end must agree. Map planes are recomputed here from the observation with dmap's own functions
(dmap.bfs, dmap.flee) and a plain-Python blast timing; masks are checked against the engine (a
masked-out action plays as Stop); results must not depend on the number of threads."""
import numpy as np
import pytest

import dmap
from dmap.arenas import pommerman as pm

FFA = "PommeFFACompetition-v0"
M64 = (1 << 64) - 1


def splitmix64(z):
    z = (z + 0x9E3779B97F4A7C15) & M64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return z ^ (z >> 31)


def episode_seed(seed, env, episode):
    """The documented formula: kit_episode_seed(seed, env, episode)."""
    seed, env, episode = int(seed), int(env), int(episode)
    game = splitmix64(splitmix64(seed) ^ env)
    return splitmix64(splitmix64(game) ^ episode) & ((1 << 63) - 1)


class Scripted(pm.BaseAgent):
    """Plays whatever the test sets in .next."""

    def __init__(self):
        super().__init__()
        self.next = 0

    def act(self, obs, action_space):
        return self.next


def item(x):
    return x.value if hasattr(x, "value") else int(x)


def planes_from_obs(o):
    """The standard channels (pommerman.h) built from a playground observation dict."""
    board = np.asarray(o["board"]).astype(np.int64)
    size = board.shape[0]
    p = np.zeros((19, size, size), np.uint8)
    for v in range(9):
        p[v] = board == v
    me = 10 + o["_id"]
    p[9] = board == me
    mate = item(o["teammate"])
    if mate != 9:
        p[10] = board == mate
    for e in o["enemies"]:
        if item(e) != 9:
            p[11] |= (board == item(e)).astype(np.uint8)
    p[12] = o["bomb_blast_strength"]
    p[13] = o["bomb_life"]
    p[14] = o["bomb_moving_direction"]
    p[15] = o["flame_life"]
    p[16] = min(255, o["ammo"])
    p[17] = min(255, o["blast_strength"])
    p[18] = 1 if o["can_kick"] else 0
    return p


def oracle_game(config, seats, seed):
    """The plain game of one episode: scripted agents in learner seats, C bots elsewhere."""
    agents = [Scripted() if s in (None, "learner") else s for s in seats]
    env = pm.make(config, agents)
    env._seed = seed  # env.seed() also seeds the action space, which takes 32 bits only
    obs = env.reset()
    return env, agents, obs


def learner_seats(seats, nagents):
    return [i for i in range(nagents) if seats is None or seats[i] in (None, "learner")]


def random_legal(rng, masks):
    """One legal action per learner, uniformly among the mask's ones."""
    r = rng.random(masks.shape)
    r[masks == 0] = -1
    return r.argmax(axis=-1).astype(np.int32)


@pytest.mark.parametrize("config,seats", [
    (FFA, ["learner", "simple", "learner", "random"]),
    ("OneVsOne-v0", None),
    ("PommeTeamCompetition-v0", ["learner", "simple", "simple", "learner"]),
    ("PommeFFA-v1", ["simple", "learner", "simple", "simple"]),
])
def test_equals_the_single_game_step_for_step(config, seats):
    n, seed = 3, 11
    vec = pm.VecEnv(config, n, seats, seed=seed, threads=2)
    nagents = len(seats) if seats else 2
    learners = learner_seats(seats, nagents)
    assert vec.learner_seats == tuple(learners)
    obs, masks = vec.reset()
    rng = np.random.default_rng(5)
    games = [oracle_game(config, seats or [None] * nagents, episode_seed(seed, i, 0)) for i in range(n)]
    team = config.startswith("PommeTeam") or config.startswith("PommeRadio")
    ended = 0
    for t in range(260):
        for i, (env, agents, o) in enumerate(games):
            for l, seat in enumerate(learners):
                o[seat]["_id"] = seat
                assert np.array_equal(obs[i, l], planes_from_obs(o[seat])), (t, i, l)
        actions = random_legal(rng, masks)
        in_episode = [[(10 + s) in o[s]["alive"] for s in learners] for env, _, o in games]
        obs, rewards, term, trunc, masks = vec.step(actions)
        episodes, seeds, _ = vec.episodes()
        for i, (env, agents, o) in enumerate(games):
            for l, seat in enumerate(learners):
                agents[seat].next = int(actions[i, l])
            acts = env.act(o)
            o, reward, done, info = env.step(acts)
            games[i] = (env, agents, o)
            for l, seat in enumerate(learners):
                if in_episode[i][l]:
                    assert rewards[i, l] == reward[seat], (t, i, l)
                    alive = set(o[seat]["alive"])
                    dead = (10 + seat) not in alive
                    natural = len(alive) <= 1 or (team and (alive <= {10, 12} or alive <= {11, 13}))
                    assert term[i, l] == (dead or (done and natural)), (t, i, l)
                    assert trunc[i, l] == (not dead and done and not natural), (t, i, l)
            all_learners_dead = seats is not None and all((10 + s) not in o[s]["alive"] for s in learners)
            if done or all_learners_dead:
                ended += 1
                assert seeds[i] == episode_seed(seed, i, episodes[i])
                games[i] = oracle_game(config, seats or [None] * nagents, int(seeds[i]))
            assert not done or episodes[i] > 0
    assert ended > 0


def run_steps(config, seats, threads, planes, steps, n=6, seed=3):
    vec = pm.VecEnv(config, n, seats, seed=seed, threads=threads, planes=planes)
    obs, masks = vec.reset()
    rng = np.random.default_rng(1)
    out = [obs.copy(), masks.copy()]
    for _ in range(steps):
        res = vec.step(random_legal(rng, masks))
        masks = res[4]
        out.extend(a.copy() for a in res)
    out.extend(vec.episodes())
    return out


@pytest.mark.parametrize("config,seats", [(FFA, ["learner", "simple", "simple", "dmap"]),
                                          ("PommeRadioCompetition-v2", None)])
def test_same_for_any_thread_count(config, seats):
    one = run_steps(config, seats, 1, "all", 150)
    for threads in (2, 3):
        other = run_steps(config, seats, threads, "all", 150)
        assert len(one) == len(other)
        for a, b in zip(one, other):
            assert np.array_equal(a, b)


def test_opponent_seats_take_bot_specs():
    """An opponent may be a bot spec "BOT:NAME=VALUE..."; the defaults spelled out play the same
    games, other values others."""
    def observations(opponent):
        vec = pm.VecEnv("1v1", 4, ["learner", opponent], seed=5)
        obs, masks = vec.reset()
        rng = np.random.default_rng(3)
        out = [obs.copy()]
        for _ in range(120):
            obs, _, _, _, masks = vec.step(random_legal(rng, masks))
            out.append(obs.copy())
        return out
    default = observations("dmap")
    spelled = observations("dmap:powerup=12:trap_enemy=40")
    changed = observations("dmap:powerup=0:wood_base=0:wood_each=0:bomb_wood=0")
    assert all(np.array_equal(a, b) for a, b in zip(default, spelled))
    assert not all(np.array_equal(a, b) for a, b in zip(default, changed))
    for spec, line in [("dmap:nope=1", "seat 1: unknown parameter 'nope' of bot dmap"),
                       ("simple:x=1", "seat 1: bot simple has no parameters"),
                       ("nobody", "seat 1: unknown bot 'nobody'")]:
        with pytest.raises(ValueError, match=line):
            pm.VecEnv("1v1", 2, ["learner", spec])


def test_auto_reset_seeds_follow_the_formula():
    vec = pm.VecEnv("1v1", 4, ["learner", "simple"], seed=99)
    _, masks = vec.reset()
    rng = np.random.default_rng(2)
    seen = set()
    for _ in range(400):
        _, _, _, _, masks = vec.step(random_legal(rng, masks))
        episodes, seeds, steps = vec.episodes()
        for i in range(4):
            assert seeds[i] == episode_seed(99, i, episodes[i])
            seen.add((i, int(episodes[i])))
    assert max(e for _, e in seen) >= 2
    # reset() starts every game's next episode, reset(seed) episode 0 of that seed
    before = vec.episodes()[0].copy()
    vec.reset()
    episodes, seeds, steps = vec.episodes()
    assert list(episodes) == list(before + 1) and list(steps) == [0] * 4
    assert [int(s) for s in seeds] == [episode_seed(99, i, int(before[i]) + 1) for i in range(4)]
    vec.reset(seed=7)
    episodes, seeds, steps = vec.episodes()
    assert list(episodes) == [0] * 4 and list(steps) == [0] * 4
    assert [int(s) for s in seeds] == [episode_seed(7, i, 0) for i in range(4)]


def test_without_autoreset_an_ended_game_waits():
    """autoreset=False: a game that ends keeps its last observation, stepping refuses with a
    ValueError (nothing moves), reset() starts every game's next episode; the episodes are the
    autoreset ones."""
    n, seats = 3, ["learner", "simple"]
    vec = pm.VecEnv("1v1", n, seats, seed=12, autoreset=False)
    twin = pm.VecEnv("1v1", n, seats, seed=12)
    obs, masks = vec.reset()
    twin.reset()
    rng = np.random.default_rng(9)
    ended = None
    for _ in range(300):
        actions = random_legal(rng, masks)
        obs, rewards, term, trunc, masks = vec.step(actions)
        t_obs, t_rewards, t_term, t_trunc, _ = twin.step(actions)
        assert np.array_equal(rewards, t_rewards) and np.array_equal(term, t_term)
        finished = vec.finished()
        if finished.any():
            ended = int(np.argmax(finished))
            break
        assert np.array_equal(obs, t_obs)
    assert ended is not None and (term[ended].any() or trunc[ended].any())
    assert vec.episodes()[0][ended] == 0 and twin.episodes()[0][ended] == 1
    frozen = [a.copy() for a in (vec.obs, vec.masks)] + list(vec.episodes())
    with pytest.raises(ValueError, match="game %d" % ended):
        vec.step(np.zeros((n, 1), np.int32))
    for a, b in zip(frozen, [vec.obs, vec.masks] + list(vec.episodes())):
        assert np.array_equal(a, b)
    vec.reset()
    assert not vec.finished().any()
    episodes, seeds, steps = vec.episodes()
    assert list(episodes) == [1] * n and list(steps) == [0] * n
    assert [int(s) for s in seeds] == [episode_seed(12, i, 1) for i in range(n)]
    for i in range(n):  # each game's first observation of episode 1, as the single game has it
        _, _, o = oracle_game("OneVsOne-v0", seats, int(seeds[i]))
        o[0]["_id"] = 0
        assert np.array_equal(vec.obs[i, 0], planes_from_obs(o[0]))


def json_state(env):
    info = env.get_json_info()
    return {k: info[k] for k in ("board", "agents", "bombs", "flames", "items")}


def test_masked_out_actions_play_as_stop():
    """Every action a mask forbids leaves the next state as Stop would (the engine, via the
    single game's saved and restored states)."""
    vec = pm.VecEnv(FFA, 4, None, seed=21)
    obs, masks = vec.reset()
    rng = np.random.default_rng(3)
    games = [oracle_game(FFA, [None] * 4, episode_seed(21, i, 0)) for i in range(4)]
    checked = 0
    for t in range(120):
        actions = random_legal(rng, masks)
        for i, (env, agents, o) in enumerate(games):
            if vec.episodes()[0][i] != 0:
                continue
            saved = env.get_json_info()
            for seat in range(4):
                for a in range(6):
                    if masks[i, seat, a]:
                        continue
                    after = []
                    for tried in (a, 0):
                        env.set_json_info(saved)
                        for s in range(4):
                            agents[s].next = int(actions[i, s]) if s != seat else tried
                        env.step([ag.next for ag in agents])
                        after.append(json_state(env))
                    assert after[0] == after[1], (t, i, seat, a)
                    checked += 1
            env.set_json_info(saved)
            for s in range(4):
                agents[s].next = int(actions[i, s])
            o, _, done, _ = env.step([ag.next for ag in agents])
            games[i] = (env, agents, o)
        obs, _, _, _, masks = vec.step(actions)
    assert checked > 100


def burn_times(board, life, blast):
    """When each cell burns: chains resolved by a fixed point, rays stopped at rigid walls and
    after wood (the engine's rules, written plainly)."""
    size = board.shape[0]
    bombs = [(r, c, int(life[r, c]), int(blast[r, c])) for r in range(size) for c in range(size) if blast[r, c]]

    def cells(r0, c0, strength):
        out = {(r0, c0)}
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            for k in range(1, strength):
                r, c = r0 + dr * k, c0 + dc * k
                if not (0 <= r < size and 0 <= c < size) or board[r, c] == 1:
                    break
                out.add((r, c))
                if board[r, c] == 2:
                    break
        return out

    times = {(r, c): t for r, c, t, _ in bombs}
    changed = True
    while changed:
        changed = False
        for r, c, _, s in bombs:
            for cell in cells(r, c, s):
                if cell in times and times[cell] > times[(r, c)]:
                    times[cell] = times[(r, c)]
                    changed = True
    burn = np.full((size, size), 255, np.int64)
    for r, c, _, s in bombs:
        for rr, cc in cells(r, c, s):
            burn[rr, cc] = min(burn[rr, cc], times[(r, c)])
    return burn


def test_map_planes_equal_an_independent_computation():
    config = "PommeTeamCompetition-v0"  # fog and teams
    vec = pm.VecEnv(config, 4, ["learner", "simple", "learner", "simple"], seed=5, planes="all")
    names = vec.plane_names
    assert names[19:] == ["dist_self", "dist_enemy", "dist_enemy0", "dist_enemy1", "danger", "flee"]
    obs, masks = vec.reset()
    rng = np.random.default_rng(4)
    compared = bombs_seen = 0
    for t in range(150):
        for i in range(4):
            for l in range(2):
                p = obs[i, l].astype(np.int64)
                board = sum(v * p[v] for v in range(9)) + 10 * p[9] + 10 * p[10] + 10 * p[11]
                walls = (p[1] | p[2] | p[3] | p[5] | (p[13] > 0)).astype(bool)
                me = np.argwhere(p[9])

                def bfs(cells):
                    if not cells:
                        return np.full(walls.shape, 255)
                    w = walls.copy()
                    for r, c in cells:
                        w[r, c] = False
                    d = dmap.bfs(w, [(c, r) for r, c in cells])
                    return np.where(d < 0, 255, d)

                mine = bfs([tuple(x) for x in me])
                assert np.array_equal(p[19], mine)
                # the enemies it sees: the enemies plane, split per enemy by the channel order
                enemies = [tuple(x) for x in np.argwhere(p[11])]
                nearest = bfs(enemies)
                assert np.array_equal(p[20], nearest)
                each = sorted(p[21:23].reshape(2, -1).tolist())
                want = sorted(bfs([e]).reshape(-1).tolist() for e in enemies)
                want += [[255] * p[0].size] * (2 - len(enemies))
                assert each == sorted(want)
                burn = burn_times(board, p[13], p[12])
                burn[p[15] > 0] = 0
                assert np.array_equal(p[23], burn)
                bombs_seen += int((p[12] > 0).sum())
                src = np.where(nearest == 255, np.inf, nearest).astype(float)
                flee = dmap.flee(walls, src, -2.0)
                want_flee = np.where(walls | ~np.isfinite(flee), 255, np.clip(flee + 128, 0, 254))
                assert np.array_equal(p[24], want_flee.astype(np.int64))
                compared += 1
        obs, _, _, _, masks = vec.step(random_legal(rng, masks))
    assert compared == 150 * 4 * 2 and bombs_seen > 50


def expected_mask(p):
    """The documented mask from one observation's planes."""
    mask = np.zeros(6, np.uint8)
    mask[0] = 1
    me = np.argwhere(p[9])
    if len(me) == 0:
        return mask
    (r, c), size = me[0], p.shape[1]
    for a, (dr, dc) in zip(range(1, 5), ((-1, 0), (1, 0), (0, -1), (0, 1))):
        rr, cc = r + dr, c + dc
        if not (0 <= rr < size and 0 <= cc < size) or p[1, rr, cc] or p[2, rr, cc]:
            continue
        bomb = p[3, rr, cc] or p[13, rr, cc]
        mask[a] = 0 if bomb and not p[18, 0, 0] else 1
    mask[5] = 1 if p[16, 0, 0] > 0 and p[13, r, c] == 0 else 0
    return mask


def test_masks_follow_the_rules_on_the_observation():
    vec = pm.VecEnv(FFA, 4, ["learner", "learner", "simple", "learner"], seed=8)
    obs, masks = vec.reset()
    rng = np.random.default_rng(6)
    counts = np.zeros(6, np.int64)
    for _ in range(300):
        for i in range(4):
            for l in range(3):
                assert np.array_equal(masks[i, l], expected_mask(obs[i, l]))
        counts += masks.reshape(-1, 6).sum(axis=0).astype(np.int64)
        obs, _, _, _, masks = vec.step(random_legal(rng, masks))
    assert (counts > 0).all() and counts[5] < counts[0]  # every action legal sometimes, bombs not always


# ---- bad input: a clear exception, nothing moves ---------------------------------------------

def test_bad_construction():
    with pytest.raises(ValueError):
        pm.VecEnv("NoSuchConfig-v0", 2)
    with pytest.raises(ValueError):
        pm.VecEnv(FFA, 0)
    with pytest.raises(ValueError):
        pm.VecEnv(FFA, 2, ["learner", "nobody", "simple", "simple"])
    with pytest.raises(ValueError):
        pm.VecEnv(FFA, 2, ["learner", "simple"])
    with pytest.raises(TypeError):
        pm.VecEnv(FFA, 2, [1, 2, 3, 4])
    with pytest.raises(ValueError):
        pm.VecEnv(FFA, 2, planes=["dist_self", "nothing"])
    with pytest.raises(ValueError):
        pm.VecEnv(FFA, 2, seed=-1)
    with pytest.raises(ValueError):
        pm.VecEnv(FFA, 2, seed=1 << 63)
    with pytest.raises(TypeError):
        pm.VecEnv(FFA, 2, seed=1.5)
    with pytest.raises(ValueError):
        pm.VecEnv(FFA, 2, threads=0)


def test_bad_actions_leave_every_game_as_it_was():
    vec = pm.VecEnv(FFA, 3, ["learner", "simple", "learner", "simple"], seed=4, planes=["danger"])
    with pytest.raises(RuntimeError):
        vec.step(np.zeros((3, 2), np.int32))  # before reset
    vec.reset()
    good = np.zeros((3, 2), np.int32)
    vec.step(good)
    before = [a.copy() for a in (vec.obs, vec.masks)] + list(vec.episodes())
    bad = [
        (np.zeros((3, 3), np.int32), ValueError),
        (np.zeros((2, 2), np.int32), ValueError),
        (np.zeros(6, np.int32), ValueError),
        (np.full((3, 2), 6, np.int32), ValueError),
        (np.full((3, 2), -1, np.int64), ValueError),
        (np.full((3, 2), 2**40, np.int64), ValueError),
        (np.full((3, 2), 2**64 - 1, np.uint64), ValueError),
        (np.zeros((3, 2), np.float32), TypeError),
        (np.full((3, 2), np.nan), TypeError),
        (np.zeros((3, 2), bool), TypeError),
        ([["a", "b"]] * 3, TypeError),
        (None, TypeError),
    ]
    for actions, error in bad:
        with pytest.raises(error):
            vec.step(actions)
    one_bad = good.copy()
    one_bad[2, 1] = 9
    with pytest.raises(ValueError, match=r"actions\[2, 1\]"):
        vec.step(one_bad)
    after = [a.copy() for a in (vec.obs, vec.masks)] + list(vec.episodes())
    for a, b in zip(before, after):
        assert np.array_equal(a, b)
    # other integer types and lists play like int32
    twin = pm.VecEnv(FFA, 3, ["learner", "simple", "learner", "simple"], seed=4, planes=["danger"])
    twin.reset()
    twin.step(good.astype(np.int8))
    acts = np.array([[1, 4], [2, 3], [5, 0]])
    vec.step(acts.astype(np.int32))
    twin.step(acts.tolist())
    assert np.array_equal(vec.obs, twin.obs) and np.array_equal(vec.rewards, twin.rewards)


def test_caller_arrays_are_written_in_place():
    vec = pm.VecEnv("1v1", 2, ["learner", "stop"], seed=2, planes=["dist_self"])
    mine = np.zeros((2, 1) + vec.obs_shape, np.uint8)
    vec.obs = mine
    vec.reset()
    assert vec.obs is mine and mine[:, 0, 9].sum() == 2
    rewards = np.zeros((2, 1), np.float32)
    vec.rewards = rewards
    res = vec.step(np.zeros((2, 1), np.int32))
    assert res[0] is mine and res[1] is rewards
    for name, arr, error in [("obs", np.zeros((2, 1) + vec.obs_shape, np.float32), TypeError),
                             ("obs", np.zeros((3, 1) + vec.obs_shape, np.uint8), ValueError),
                             ("rewards", np.zeros((2, 1), np.float64), TypeError),
                             ("terminated", np.zeros((2, 1), np.uint8), TypeError),
                             ("masks", np.zeros((2, 1, 6), np.uint8)[:, :, ::2], ValueError),
                             ("masks", [[0] * 6], TypeError)]:
        with pytest.raises(error):
            setattr(vec, name, arr)
    frozen = np.zeros((2, 1, 6), np.uint8)
    frozen.flags.writeable = False
    with pytest.raises(ValueError):
        vec.masks = frozen
    with pytest.raises(TypeError):
        del vec.obs


def test_caller_arrays_may_not_share_memory():
    # Each output is written on its own: two sharing memory would mix terminated and truncated
    # (or masks into the observations) without a word.
    vec = pm.VecEnv("PommeFFACompetition-v0", 2, ["learner", "simple", "simple", "simple"], seed=1)
    with pytest.raises(ValueError, match="share memory"):
        vec.terminated = vec.truncated
    n_obs = vec.obs.size
    with pytest.raises(ValueError, match="share memory"):
        vec.masks = vec.obs.reshape(-1)[n_obs - 12:].reshape(2, 1, 6)
    both = np.zeros((2, 2), bool)
    vec.terminated = both[0:1].reshape(2, 1)  # neighbours in one buffer, no byte shared
    vec.truncated = both[1:2].reshape(2, 1)
    vec.terminated = vec.terminated  # an output may be given back its own array
    ref = pm.VecEnv("PommeFFACompetition-v0", 2, ["learner", "simple", "simple", "simple"], seed=1)
    vec.reset()
    ref.reset()
    stop = np.zeros((2, 1), np.int32)
    for _ in range(150):
        for mine, theirs in zip(vec.step(stop), ref.step(stop)):
            assert np.array_equal(mine, theirs)


def test_numpy_integer_seeds_are_seeds():
    seats = ["learner", "simple", "simple", "simple"]
    mine = pm.VecEnv("PommeFFACompetition-v0", 2, seats, seed=np.int64(7))
    ints = pm.VecEnv("PommeFFACompetition-v0", 2, seats, seed=7)
    assert mine.seed == 7
    for seed in (None, np.uint32(9)):
        for a, b in zip(mine.reset(seed=seed), ints.reset(seed=None if seed is None else 9)):
            assert np.array_equal(a, b)
    for bad in (True, 7.0, "7"):
        with pytest.raises(TypeError):
            mine.reset(seed=bad)
