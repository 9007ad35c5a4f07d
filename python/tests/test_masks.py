"""One action mask per game, in C: dmap.rl's observations, Pommerman's VecEnv and the
dmap._arenas mask functions give the same masks on many random reachable states, and those
masks equal oracles written here from each game's rules (arenas/<game>/RULES.md), including
Pommerman's bomb under an agent (the board shows the agent, bomb_life the bomb)."""
import numpy as np
import pytest

from dmap import _arenas
from dmap.arenas import pommerman as pm

rl = pytest.importorskip("dmap.rl")
from dmap.rl._pommerman import PommermanCore  # noqa: E402

RIGID, WOOD, BOMB = pm.Item.Rigid.value, pm.Item.Wood.value, pm.Item.Bomb.value
AGENT0 = pm.Item.Agent0.value
MOVES = ((-1, 0), (1, 0), (0, -1), (0, 1))  # Up, Down, Left, Right as (row, col)


def pommerman_oracle(o, agent):
    """RULES.md: a move onto a cell off the board, Rigid or Wood does nothing, so does one onto a
    bomb (on the board, or under an agent: seen in bomb_life) without kick; Bomb needs ammo and
    no bomb on the agent's cell; a dead agent does nothing."""
    mask = np.zeros(6, np.int8)
    mask[0] = 1
    if AGENT0 + agent not in [int(v) for v in o["alive"]]:
        return mask, 0
    board, life = np.asarray(o["board"]), np.asarray(o["bomb_life"])
    n = board.shape[0]
    r, c = (int(v) for v in o["position"])
    under_agent = 0
    for k, (dr, dc) in enumerate(MOVES):
        rr, cc = r + dr, c + dc
        if not (0 <= rr < n and 0 <= cc < n) or board[rr, cc] in (RIGID, WOOD):
            continue
        bomb = board[rr, cc] == BOMB or life[rr, cc] > 0
        mask[1 + k] = not bomb or bool(o["can_kick"])
        under_agent += bool(bomb and board[rr, cc] >= AGENT0 and not o["can_kick"])
    mask[5] = o["ammo"] > 0 and life[r, c] == 0
    return mask, under_agent


def start(core, seed):
    """The core's game of seed (VecEnv's 63-bit episode seeds: env.seed() also seeds the action
    space, which takes 32 bits only, so the board seed is set as the core's reset would)."""
    core.new_game(0)
    core._env._seed = seed
    core._obs = core._env.reset()


@pytest.mark.parametrize("config", ["PommeFFACompetition-v0", "PommeTeam-v0", "OneVsOne-v0", "PommeFFA-v1"])
def test_pommerman_masks_agree(config):
    """Learners in seats 0 (and 2) beside the C SimpleAgent, which lays bombs next to its enemies
    and stands on them: dmap.rl's mask, VecEnv's and the C function's equal the oracle, for the
    learners and (the C function) for every agent's observation."""
    seats = [None, "simple"] if config == "OneVsOne-v0" else [None, "simple", None, "simple"]
    nagents, learners = len(seats), [i for i, s in enumerate(seats) if s is None]
    vec = pm.VecEnv(config, 1, seats, seed=5, autoreset=False)
    core = PommermanCore(config, seats)  # the C path's core equals it step for step: test_rl_cpath
    rng = np.random.default_rng(3)
    states = under_agent = learner_under_agent = 0
    for game in range(40):
        obs, masks = vec.reset(seed=100 + game)
        start(core, int(vec.episodes()[1][0]))
        masks = masks.copy()
        for step in range(400):
            actions = np.zeros((1, len(learners)), np.int32)
            for seat in range(nagents):
                o = core._obs[seat]
                want, u = pommerman_oracle(o, seat)
                from_c = _arenas.pommerman_action_mask(o, seat)
                assert from_c.dtype == np.int8 and from_c.shape == (6,)
                assert np.array_equal(from_c, want), (game, step, seat)
                states += 1
                under_agent += u
                if seat in learners:
                    l = learners.index(seat)
                    learner_under_agent += u
                    assert np.array_equal(core.observe(seat)["action_mask"], want), (game, step, seat)
                    assert np.array_equal(masks[0, l], want), (game, step, seat)
                    actions[0, l] = chase(o, want, rng)
            obs, rewards, term, trunc, masks = vec.step(actions)
            masks = masks.copy()
            core.step({s: int(actions[0, l]) for l, s in enumerate(learners)})
            if vec.finished()[0]:
                break
    assert states > 1000
    # a move onto a bomb under an agent: the case where the board alone (the Item Bomb) says free
    assert under_agent > 0 and learner_under_agent > 0


def chase(o, legal, rng):
    """Stop now and then, else mostly a legal move towards the nearest other agent it sees (so
    that agents meet, lay bombs and stand on them), else any legal action."""
    u = rng.random()
    if u < 0.2:
        return 0
    board = np.asarray(o["board"])
    r, c = (int(v) for v in o["position"])
    others = [(rr, cc) for rr, cc in zip(*np.nonzero(board >= AGENT0)) if (rr, cc) != (r, c)]
    if others and u < 0.7:
        tr, tc = min(others, key=lambda p: abs(p[0] - r) + abs(p[1] - c))
        best = [1 + k for k, (dr, dc) in enumerate(MOVES)
                if legal[1 + k] and abs(r + dr - tr) + abs(c + dc - tc) < abs(r - tr) + abs(c - tc)]
        if best:
            return int(rng.choice(best))
    return int(rng.choice(np.flatnonzero(legal)))


# ---- bomber, Kutulu, pursuit: dmap.rl's mask against oracles of the rules ----------------------

def bomber_oracle(view):
    """RULES.md (Actions): a move onto the board into no block, bomb or player (dead ones too);
    a bomb with ammo and none on the cell; a dead player's actions are ignored."""
    (_, _, _, _, bombs, blocks, players, _, ammo_left, hp, (x, y), _, _) = view
    mask = np.zeros(6, np.int8)
    mask[0] = 1
    if hp <= 0:
        return mask
    taken = {c for _, c in blocks} | set(bombs) | {c for _, c in players}
    for k, (dx, dy) in enumerate(((0, 1), (0, -1), (-1, 0), (1, 0))):
        nx, ny = x + dx, y + dy
        mask[1 + k] = 0 <= nx < 12 and 0 <= ny < 10 and (nx, ny) not in taken
    mask[5] = ammo_left > 0 and (x, y) not in set(bombs)
    return mask


def kutulu_oracle(state, seat):
    _, _, _, w, h, cells, ex, _, _ = state
    mask = np.zeros(8, np.int8)
    mask[0] = 1
    x, y, _, plans, lights, active, _ = ex[seat]
    if not active:
        return mask
    for k, (dx, dy) in enumerate(((0, -1), (1, 0), (0, 1), (-1, 0))):
        nx, ny = x + dx, y + dy
        mask[1 + k] = 0 <= nx < w and 0 <= ny < h and cells[ny * w + nx] != ord("#")
    mask[5], mask[6] = plans > 0, lights > 0
    mask[7] = any(e[5] and i != seat and abs(e[0] - x) + abs(e[1] - y) <= 1 for i, e in enumerate(ex))
    return mask


def pursuit_oracle(view):
    """RULES.md: a move off the grid or into an obstacle stays; the prey rests on clocks 3, 6, ..."""
    w, h = view["size"]
    x, y = view[view["role"]]
    mask = np.zeros(5, np.int8)
    mask[0] = 1
    if view["role"] == "prey" and view["clock"] % 3 == 0:
        return mask
    for k, (dx, dy) in enumerate(((0, -1), (0, 1), (-1, 0), (1, 0))):
        nx, ny = x + dx, y + dy
        mask[1 + k] = 0 <= nx < w and 0 <= ny < h and not view["walls"][ny * w + nx]
    return mask


@pytest.mark.parametrize("arena,kw,oracle", [
    ("bomber", {"seats": [None, None]}, lambda core, s: bomber_oracle(core._views[s])),
    ("kutulu", {"seats": [None, None, None, "random"]}, lambda core, s: kutulu_oracle(core._state, s)),
    ("pursuit", {"seats": [None, None], "walls": 0.3}, lambda core, s: pursuit_oracle(core._game.view(s))),
], ids=["bomber", "kutulu", "pursuit"])
def test_masks_equal_the_rules(arena, kw, oracle):
    env = rl.parallel_env(arena, **kw)
    rng = np.random.default_rng(11)
    states = blocked = 0
    seen_actions = np.zeros(8, int)
    for game in range(20):
        obs, _ = env.reset(seed=game)
        for _ in range(400):
            if not env.agents:
                break
            for a in env.agents:
                s = int(a.split("_")[1])
                mask = obs[a]["action_mask"]
                assert mask.dtype == np.int8
                assert np.array_equal(mask, oracle(env.core, s)), (game, a)
                states += 1
                blocked += int((mask == 0).sum())
                seen_actions[:len(mask)] += mask
            acts = {a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]))) if rng.random() < 0.8
                    else int(rng.integers(len(obs[a]["action_mask"]))) for a in env.agents}
            obs, *_ = env.step(acts)
    assert states > 500 and blocked > 0
    assert (seen_actions[:len(mask)] > 0).all()  # every action was legal somewhere


def test_mask_functions_refuse_bad_views():
    with pytest.raises((TypeError, KeyError)):
        _arenas.pommerman_action_mask({}, 0)
    with pytest.raises(ValueError):
        _arenas.pommerman_action_mask({"board": np.zeros((11, 11)), "bomb_life": np.zeros((11, 11)),
                                       "position": (11, 0), "ammo": 1, "can_kick": False, "alive": [10]}, 0)
    with pytest.raises(ValueError):
        _arenas.pommerman_action_mask({"board": np.zeros((11, 11)), "bomb_life": np.zeros((11, 11)),
                                       "position": (1, 0), "ammo": 1, "can_kick": False, "alive": [10]}, 7)
    with pytest.raises((TypeError, ValueError)):
        _arenas.bomber_action_mask((1, 2, 3))
    with pytest.raises((TypeError, ValueError)):
        _arenas.kutulu_action_mask((0, 0, 0, 2, 2, b"....", (), (), ()), 0)
    with pytest.raises((TypeError, ValueError)):
        _arenas.pursuit_action_mask({"size": (2, 2), "walls": [0, 0, 0], "predator": (0, 0), "prey": (1, 1),
                                     "clock": 1, "role": "prey"})
    # a good view gives a mask: stay and the two moves onto the open 2x2 grid
    m = _arenas.pursuit_action_mask({"size": (2, 2), "walls": [0, 0, 0, 0], "predator": (0, 0), "prey": (1, 1),
                                     "clock": 1, "role": "predator"})
    assert m.tolist() == [1, 0, 1, 0, 1]
