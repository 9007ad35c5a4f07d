"""pommerman_pg.py — a policy that learns Pommerman one-vs-one (OneVsOne-v0) with NumPy alone:
REINFORCE on dmap.rl's Gymnasium environment, against a curriculum of the arena's C bots (`stop`,
which stands still and must be hunted, then `random`, then both), and its learning curve as a PNG.

The policy scores each action with a linear function of a few features of the observation (what
the action leads to: flames and the bombs' timing on the target cell, whether a safe cell is
still reachable from it, whether it closes in on the enemy, whether a bomb there would reach the
enemy; for Bomb: whether the blast would reach the enemy or wood, whether an escape remains, and
both at once), softmax over the legal actions of the
observation's action_mask. Rewards are the environment's (+1 for a win, -1 for a loss or a tie)
plus a potential-based shaping on the distance to the enemy (which leaves the best policy as it
is); advantages are the returns normalised against each opponent's own games. Training games
stop after --max-steps steps (200; a game cut short scores as the tie it would be), which gives
more games per update; the evaluation plays whole games (800 steps).

    PYTHONPATH=... python3 examples/rl/pommerman_pg.py [--updates N] [--steps S] [--eval E]
                                                       [--png PATH] [--seed SEED]

prints the win rates of the learned policy and of a uniformly random legal policy against each
bot, and writes the learning curve (the win rate of each update's games, per phase) to --png.
"""
import argparse
import sys
import time
from collections import deque

import numpy as np

import dmap.rl
from curve_png import draw_line, draw_text, rate_canvas, save_png

N = 8  # OneVsOne-v0's board
RIGID, WOOD, BOMB, FLAMES = 1, 2, 3, 4
PASSABLE = np.zeros(14, bool)
PASSABLE[[0, 4, 6, 7, 8]] = True  # passage, flames, power-ups
MOVES = ((0, 0), (-1, 0), (1, 0), (0, -1), (0, 1))  # Stop, Up, Down, Left, Right as (dr, dc)
NMOVE, NBOMB = 10, 8  # features of a move (Stop included) and of Bomb


def blast_cells(board, r, c, strength):
    """The cells a bomb at (r, c) of this strength burns: its own and a cross stopped by rigid
    walls (a wood block burns and stops it)."""
    cells = [(r, c)]
    for dr, dc in MOVES[1:]:
        for k in range(1, int(strength)):
            rr, cc = r + dr * k, c + dc * k
            if not (0 <= rr < N and 0 <= cc < N) or board[rr, cc] == RIGID:
                break
            cells.append((rr, cc))
            if board[rr, cc] == WOOD:
                break
    return cells


def danger_map(board, life, strength):
    """For every cell the fewest steps until a bomb's blast reaches it (inf: none)."""
    d = np.full((N, N), np.inf)
    for r, c in zip(*np.nonzero(life)):
        for rr, cc in blast_cells(board, r, c, strength[r, c]):
            d[rr, cc] = min(d[rr, cc], life[r, c])
    return d


def can_escape(free, danger, start, extra=()):
    """Whether a cell that no blast reaches (nor the `extra` cells) can be reached from start in
    fewer steps than the blast threatening it takes."""
    extra = set(extra)
    seen = {start}
    q = deque([(start, 0)])
    while q:
        (r, c), k = q.popleft()
        if danger[r, c] == np.inf and (r, c) not in extra:
            return True
        if k >= 8:
            continue
        for dr, dc in MOVES[1:]:
            rr, cc = r + dr, c + dc
            if 0 <= rr < N and 0 <= cc < N and free[rr, cc] and (rr, cc) not in seen and k + 1 < danger[rr, cc]:
                seen.add((rr, cc))
                q.append(((rr, cc), k + 1))
    return False


def distances(board, target):
    """Steps from every cell to target, through passable cells and wood (rigid walls block)."""
    d = np.full((N, N), 99.0)
    if target is None:
        return d
    d[target] = 0
    q = deque([target])
    while q:
        r, c = q.popleft()
        for dr, dc in MOVES[1:]:
            rr, cc = r + dr, c + dc
            if 0 <= rr < N and 0 <= cc < N and board[rr, cc] != RIGID and d[rr, cc] > d[r, c] + 1:
                d[rr, cc] = d[r, c] + 1
                q.append((rr, cc))
    return d


def features(obs):
    """(6, F) features: rows 0..4 the moves (Stop first), row 5 Bomb; a move's features sit in
    columns 0..NMOVE-1, Bomb's in NMOVE.. (one linear score per action)."""
    board, life = obs["board"], obs["bomb_life"]
    strength = obs["bomb_blast_strength"]
    r, c = (int(v) for v in obs["position"])
    ammo, blast = int(obs["state"][0]), int(obs["state"][1])
    enemy = np.argwhere(board == int(obs["enemies"][0]))
    enemy = tuple(enemy[0]) if len(enemy) else None
    danger = danger_map(board, life, strength)
    free = PASSABLE[board]
    free[r, c] = True
    dist = distances(board, enemy)
    phi = np.zeros((6, NMOVE + NBOMB))
    mask = obs["action_mask"]
    for a, (dr, dc) in enumerate(MOVES):
        if not mask[a]:
            continue
        t = (r + dr, c + dc)
        f = phi[a]
        f[0] = a == 0
        f[1] = board[t] == FLAMES
        f[2] = danger[t] <= 2
        f[3] = danger[t] <= 4
        f[4] = danger[t] < np.inf
        f[5] = can_escape(free, danger, t)
        f[6] = dist[t] < dist[r, c]
        f[7] = dist[t] > dist[r, c]
        f[8] = a != 0 and board[t] in (6, 7, 8)  # a power-up
        f[9] = enemy is not None and enemy in blast_cells(board, t[0], t[1], blast)  # a bomb there would reach it
    if mask[5]:
        cross = blast_cells(board, r, c, blast)
        f = phi[5, NMOVE:]
        f[0] = 1
        f[1] = enemy is not None and enemy in cross
        f[2] = enemy is not None and abs(enemy[0] - r) + abs(enemy[1] - c) <= 2
        f[3] = sum(board[x] == WOOD for x in cross) / 2.0
        f[4] = can_escape(free, danger, (r, c), extra=cross)
        f[5] = danger[r, c] < np.inf
        f[6] = f[1] * f[4]  # the enemy in the blast, and a way out
        f[7] = (f[3] > 0) * f[4]  # wood in the blast, and a way out
    return phi


def potential(obs):
    """Minus the steps to the enemy (through wood; 0 when it is gone): the shaping potential."""
    board = obs["board"]
    enemy = np.argwhere(board == int(obs["enemies"][0]))
    if not len(enemy):
        return 0.0
    d = distances(board, tuple(enemy[0]))[tuple(int(v) for v in obs["position"])]
    return -min(d, 20.0)


def policy(w, phi, mask):
    logits = phi @ w
    logits = np.where(mask.astype(bool), logits, -np.inf)
    p = np.exp(logits - logits.max())
    return p / p.sum()


def play(env, choose, episodes):
    """Episodes of choose(obs) -> action; returns the wins."""
    wins = 0
    for _ in range(episodes):
        obs, _ = env.reset()
        while True:
            obs, r, term, trunc, _ = env.step(choose(obs))
            if term or trunc:
                wins += r > 0
                break
    return wins


def train(args):
    rng = np.random.default_rng(args.seed)
    w = np.zeros(NMOVE + NBOMB)
    m = np.zeros_like(w)
    v = np.zeros_like(w)
    envs = {bot: dmap.rl.gym_env("pommerman", config="OneVsOne-v0", seats=[None, bot]) for bot in ("stop", "random")}
    for i, env in enumerate(envs.values()):
        env.reset(seed=args.seed + i)
    # the curriculum: 40 % of the updates against stop (hunting), 20 % against random (staying
    # alive against bombs), the rest against both
    n_stop, n_random = max(1, args.updates * 2 // 5), max(1, args.updates // 5)
    phases = [("stop",)] * n_stop + [("random",)] * n_random + [("stop", "random")] * (args.updates - n_stop - n_random)
    curve = []
    for u, bots in enumerate(phases):
        grads, advs, wins, games = {b: [] for b in bots}, {b: [] for b in bots}, 0, 0
        steps = 0
        while steps < args.steps:
            bot = bots[games % len(bots)]
            obs, _ = envs[bot].reset()
            traj, rewards = [], []
            near = potential(obs)
            while True:
                phi = features(obs)
                p = policy(w, phi, obs["action_mask"])
                a = int(rng.choice(6, p=p))
                traj.append(phi[a] - p @ phi)  # the gradient of log p(a)
                obs, r, term, trunc, _ = envs[bot].step(a)
                # potential-based shaping (it leaves the best policy unchanged): closing in on
                # the enemy pays args.shaping per step of distance, and moving away costs it
                after = potential(obs)
                if len(traj) >= args.max_steps and not (term or trunc):
                    r, trunc = -1.0, True  # a training game cut short counts as the tie it would be
                rewards.append(r + args.shaping * (args.gamma * after - near))
                near = after
                if term or trunc:
                    break
            steps += len(traj)
            games += 1
            wins += r > 0
            grads[bot].append(np.array(traj))
            returns = np.zeros(len(rewards))
            g = 0.0
            for t in range(len(rewards) - 1, -1, -1):
                g = rewards[t] + args.gamma * g
                returns[t] = g
            advs[bot].append(returns)
        # advantages: the returns normalised against each opponent's own games (one opponent's
        # easy wins must not teach the policy to play the other's games as they were played)
        grad = np.zeros_like(w)
        for bot in bots:
            if not advs[bot]:
                continue
            adv = np.concatenate(advs[bot])
            adv = (adv - adv.mean()) / (adv.std() + 1e-8)
            grad += (np.concatenate(grads[bot]) * adv[:, None]).sum(axis=0)
        grad /= steps
        # Adam, ascending
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad * grad
        w += args.lr * (m / (1 - 0.9 ** (u + 1))) / (np.sqrt(v / (1 - 0.999 ** (u + 1))) + 1e-8)
        curve.append((2 if len(bots) > 1 else ("stop", "random").index(bots[0]), wins / games))
        print("update %3d vs %-11s games %4d win rate %.2f" % (u, "+".join(bots), games, wins / games), flush=True)
    return w, curve


def write_png(path, curve, baselines, width=660, height=320):
    """The learning curve as a PNG (no plotting library): the win rate of each update's games,
    coloured by phase (stop: blue, random: orange, both: green), on a grid at 0, 0.25 .. 1; the
    random policy's win rates as dashed lines of the same colours."""
    left, right, top, bottom = 40, width - 30, 10, height - 20
    img, ys = rate_canvas(width, height, left, right, top, bottom)
    colours = [(31, 119, 180), (255, 127, 14), (44, 160, 44)]
    for k, rate in enumerate(baselines):
        y = ys(rate)
        for x in range(left, right, 8):
            img[max(y - 1, 0):y + 1, x:x + 4] = colours[k]
    n = len(curve)
    xs = lambda i: int(round(left + (i + 0.5) * (right - left) / max(n, 1)))
    for i in range(n):
        phase, rate = curve[i]
        x, y = xs(i), ys(rate)
        img[y - 2:y + 3, x - 2:x + 3] = colours[phase]
        if i:
            x0, y0 = xs(i - 1), ys(curve[i - 1][1])
            draw_line(img, x0, y0, x, y, colours[phase])
    for i in range(0, n + 1, 10):  # the update numbers
        draw_text(img, str(i), int(round(left + i * (right - left) / max(n, 1))) - 3, bottom + 5)
    save_png(path, img)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--updates", type=int, default=60)
    ap.add_argument("--steps", type=int, default=4000, help="environment steps per update")
    ap.add_argument("--eval", type=int, default=200, help="games per win rate at the end")
    ap.add_argument("--lr", type=float, default=0.1)
    ap.add_argument("--gamma", type=float, default=0.99)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-steps", type=int, default=200,
                    help="training games are cut after this many steps (a tie); evaluation plays whole games")
    ap.add_argument("--shaping", type=float, default=0.02, help="the weight of the distance shaping")
    ap.add_argument("--png", default=None)
    ap.add_argument("--min-gain", type=float, default=0.1,
                    help="fail unless the learned policy wins more often than random against every bot, "
                         "and this much more on average")
    ap.add_argument("--no-check", action="store_true", help="exit 0 whatever the result (a short trial)")
    args = ap.parse_args()
    t0 = time.time()
    w, curve = train(args)
    rng = np.random.default_rng(args.seed + 100)
    learned = lambda obs: int(rng.choice(6, p=policy(w, features(obs), obs["action_mask"])))
    uniform = lambda obs: int(rng.choice(np.flatnonzero(obs["action_mask"])))
    rates = {}
    for i, bot in enumerate(("stop", "random")):
        env = dmap.rl.gym_env("pommerman", config="OneVsOne-v0", seats=[None, bot])
        env.reset(seed=10_000 + i)
        rates[bot] = (play(env, learned, args.eval) / args.eval, play(env, uniform, args.eval) / args.eval)
    minutes = (time.time() - t0) / 60
    print("weights", np.round(w, 2).tolist())
    for bot, (mine, base) in rates.items():
        print("vs %-6s: learned policy wins %.3f, random legal policy %.3f (%d games each)" % (bot, mine, base, args.eval))
    print("minutes %.1f" % minutes)
    if args.png:
        both = (rates["stop"][1] + rates["random"][1]) / 2
        write_png(args.png, curve, (rates["stop"][1], rates["random"][1], both))
    # the example checks its own result: clearly better than the random legal policy
    # against every bot, and by --min-gain on average over the bots
    gains = [mine - base for mine, base in rates.values()]
    ok = args.no_check or (all(g > 0 for g in gains) and np.mean(gains) >= args.min_gain)
    if not ok:
        print("the learned policy is not clearly better than random", file=sys.stderr)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
