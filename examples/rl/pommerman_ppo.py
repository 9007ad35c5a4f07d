"""pommerman_ppo.py — what dmap's maps are for in learning: PPO (PyTorch, on the CPU) trains a
Pommerman one-vs-one (OneVsOne-v0) policy against the playground's SimpleAgent (`simple`), with
dmap's map planes and a safety mask from the safe walk (--maps on) or without them (--maps off,
the ablation: the same network and budget on the board's planes and the legal-action mask only).

The games are dmap.arenas.pommerman.VecEnv's (vectorized in C, `simple` deciding in C), the
learner in seat 0. Its observation is the VecEnv's byte planes, each scaled to 0..1; with maps on,
the map planes come after them (dist_self, dist_enemy, dist_enemy0: BFS steps; danger: in how
many steps a cell burns; flee: dmap_flee of the enemy distance) and the action mask keeps, of
the legal actions, the safe ones: those after which dmap.safe_walk still finds a walk to a cell
no bomb will ever burn, entering each cell strictly before it burns (for Bomb, the walk runs on
the timing with the new bomb added, chains resolved). When no action is safe the legal ones stay
(a filter that would remove every action has no opinion).

The learner: PPO with clipped objective and generalised advantage estimation (one file, in the
manner of CleanRL), a small convolutional network (two 3x3 convolutions, one hidden layer, a
policy and a value head), masked logits (a masked action has probability 0 and is never chosen).
Rewards are the game's: +1 for a win, -1 for a loss or a tie. Training stops at --cpu-minutes of
this process's CPU time or --steps environment steps, whichever comes first; then the policy
(sampling) plays --eval whole games against `simple` from seeds of their own, the same games for
every run, and the script prints its wins, ties and losses with a 95% Wilson interval, the
games' mean length, the bombs it laid per game (and the share of them near the enemy) and the
number of masked actions it chose (0).

    PYTHONPATH=... python3 examples/rl/pommerman_ppo.py --maps on --seed 1 --cpu-minutes 10 \\
        --eval 200 --log run.json --png curve.png
    python3 examples/rl/pommerman_ppo.py --plot run1.json run2.json ... --png curves.png
    python3 examples/rl/pommerman_ppo.py --maps on --policy uniform --eval 200   # a baseline
    python3 examples/rl/pommerman_ppo.py --maps on --load run.pt --eval 200      # evaluate only

Needs torch (CPU) besides dmap and NumPy: python/requirements-learner.txt. One thread
(torch.set_num_threads(1)); the same seed gives the same run.
"""
import argparse
import json
import math
import sys
import time

import numpy as np

from dmap.arenas import pommerman as pm
import dmap
from curve_png import draw_line, draw_text, rate_canvas, save_png

CONFIG = "OneVsOne-v0"
N = 8                                    # the board
STD = list(pm.VEC_STD_PLANES)            # 19 channels
MAPS = ["dist_self", "dist_enemy", "dist_each_enemy", "danger", "flee"]
RIGID, WOOD, BOMB, SELF = STD.index("rigid"), STD.index("wood"), STD.index("bomb"), STD.index("self")
ENEMIES = STD.index("enemies")
B_STRENGTH, B_LIFE = STD.index("bomb_blast_strength"), STD.index("bomb_life")
STRENGTH = STD.index("blast_strength")
NEW_BOMB_LIFE = 10                       # a bomb placed now burns 10 steps from now
MOVES = ((0, 0), (-1, 0), (1, 0), (0, -1), (0, 1))   # Stop, Up, Down, Left, Right as (dr, dc)
# each channel's cap: a byte b becomes min(b, cap) / cap (255: never / unreached -> 1)
CAPS = {"bomb_blast_strength": 10, "bomb_life": 10, "bomb_moving_direction": 4, "flame_life": 3,
        "ammo": 5, "blast_strength": 10, "dist_self": 16, "dist_enemy": 16, "dist_enemy0": 16,
        "danger": 10, "flee": 255}


def blast(board_walls, wood, r, c, strength):
    """The cells a bomb at (r, c) of this blast strength burns: its own and a cross that rigid
    walls stop and a wood block ends (it burns)."""
    cells = [(r, c)]
    for dr, dc in MOVES[1:]:
        for k in range(1, int(strength)):
            rr, cc = r + dr * k, c + dc * k
            if not (0 <= rr < N and 0 <= cc < N) or board_walls[rr, cc]:
                break
            cells.append((rr, cc))
            if wood[rr, cc]:
                break
    return cells


def danger_of(planes, extra_bomb=None):
    """In how many steps each cell burns (inf: never) from the bombs on the planes (255-free
    bytes), plus extra_bomb (r, c, strength, life) if given; chains resolved: a bomb in an earlier
    blast goes off with it. The same numbers as the VecEnv's danger plane where that is not 0."""
    rigid, wood = planes[RIGID] == 1, planes[WOOD] == 1
    bombs = [[r, c, planes[B_STRENGTH, r, c], float(planes[B_LIFE, r, c])]
             for r, c in zip(*np.nonzero(planes[BOMB] | (planes[B_LIFE] > 0)))]
    if extra_bomb is not None:
        bombs.append(list(extra_bomb))
    crosses = [blast(rigid, wood, r, c, s) for r, c, s, _ in bombs]
    changed = True
    while changed:  # a bomb goes off when the first blast that covers it does
        changed = False
        for i, cells in enumerate(crosses):
            for j, (r, c, _, life) in enumerate(bombs):
                if j != i and (r, c) in cells and bombs[i][3] < life:
                    bombs[j][3] = bombs[i][3]
                    changed = True
    d = np.full((N, N), np.inf)
    for (_, _, _, life), cells in zip(bombs, crosses):
        for r, c in cells:
            d[r, c] = min(d[r, c], life)
    return d


def safe_mask(planes, legal, danger_plane):
    """Of the legal actions (6 bytes), those after which a safe walk to a never-burning cell
    remains (see the module); all the legal ones when none is safe or the learner is dead.
    planes: one learner's byte planes (channels, N, N); danger_plane: its danger map plane."""
    me = np.argwhere(planes[SELF])
    if len(me) == 0:
        return legal
    r, c = int(me[0][0]), int(me[0][1])
    # walls: rigid, wood, bombs (one under an agent too) and the enemy; the target cell is open
    walls = (planes[RIGID] | planes[WOOD] | planes[BOMB] | (planes[B_LIFE] > 0) | planes[ENEMIES]).astype(np.uint8)
    danger = danger_plane.astype(np.float64)
    danger[danger_plane == 255] = np.inf
    out = np.zeros(6, np.uint8)
    for a in range(6):
        if not legal[a]:
            continue
        timing = danger
        tr, tc = r, c
        if a == 5:
            timing = np.minimum(danger, danger_of(planes, (r, c, planes[STRENGTH, r, c],
                                                           min(NEW_BOMB_LIFE, danger[r, c]))))
        elif a > 0:
            tr, tc = r + MOVES[a][0], c + MOVES[a][1]
            if walls[tr, tc]:    # a kick or a bump: its outcome is not proven here
                continue
        if not 1 < timing[tr, tc]:
            continue
        w = walls.copy()
        w[tr, tc] = 0
        arrival, _, _ = dmap.safe_walk(w, timing, (tc, tr), 1.0)
        if np.any(np.isfinite(arrival) & np.isinf(timing)):
            out[a] = 1
    return out if out.any() else legal


class Games:
    """n VecEnv games against `simple`, the learner in seat 0: scaled float observations, masks
    (with maps: the safe ones), rewards and episode ends (autoreset: an ended game's next episode
    starts in the same step)."""

    def __init__(self, n, maps, seed, autoreset=True, opponent="simple"):
        self.maps = maps
        self.env = pm.VecEnv(CONFIG, n, [None, opponent], seed=seed, threads=1,
                             planes=MAPS if maps else None, autoreset=autoreset)
        self.names = list(self.env.plane_names)
        caps = np.array([CAPS.get(name, 1) for name in self.names], np.float32)
        self.scale = np.zeros((256, len(self.names)), np.float32)  # byte -> value, per channel
        for ch, cap in enumerate(caps):
            self.scale[:, ch] = np.minimum(np.arange(256), cap) / cap
        self.danger = self.names.index("danger") if maps else None
        self.n = n

    def _out(self, obs, masks):
        planes = obs[:, 0]                                          # (n, C, N, N) bytes
        x = self.scale[planes, np.arange(len(self.names))[None, :, None, None]]
        m = masks[:, 0].copy()
        if self.maps:
            for i in range(self.n):
                m[i] = safe_mask(planes[i], m[i], planes[i, self.danger])
        return x, m

    def reset(self, seed):
        obs, masks = self.env.reset(seed=seed)
        return self._out(obs, masks)

    def step(self, actions):
        obs, rew, term, trunc, masks = self.env.step(np.asarray(actions, np.int32).reshape(self.n, 1))
        x, m = self._out(obs, masks)
        return x, m, rew[:, 0].copy(), (term[:, 0] | trunc[:, 0]).copy()


def make_net(channels):
    import torch.nn as nn
    body = nn.Sequential(nn.Conv2d(channels, 32, 3, padding=1), nn.ReLU(),
                         nn.Conv2d(32, 32, 3, padding=1), nn.ReLU(), nn.Flatten(),
                         nn.Linear(32 * N * N, 256), nn.ReLU())
    return nn.ModuleDict({"body": body, "pi": nn.Linear(256, 6), "v": nn.Linear(256, 1)})


def logits_value(net, x, mask):
    import torch
    h = net["body"](x)
    logits = net["pi"](h).masked_fill(mask == 0, -1e9)
    return logits, net["v"](h).squeeze(-1)


def train(args, log):
    import torch
    torch.set_num_threads(1)
    torch.manual_seed(args.seed)
    games = Games(args.envs, args.maps == "on", seed=args.seed)
    net = make_net(len(games.names))
    opt = torch.optim.Adam(net.parameters(), lr=args.lr, eps=1e-5)
    T, E = args.rollout, args.envs
    x, m = games.reset(args.seed)
    x, m = torch.from_numpy(x), torch.from_numpy(m)
    buf_x = torch.zeros((T, E) + tuple(x.shape[1:]))
    buf_m = torch.zeros((T, E, 6), dtype=torch.uint8)
    buf_a = torch.zeros((T, E), dtype=torch.long)
    buf_lp, buf_r, buf_d, buf_v = (torch.zeros((T, E)) for _ in range(4))
    cpu0 = time.process_time()
    steps, update, masked = 0, 0, 0
    done = torch.zeros(E)
    while True:
        cpu = time.process_time() - cpu0
        if steps >= args.steps or cpu >= 60 * args.cpu_minutes:
            break
        wins = episodes = 0
        for t in range(T):
            with torch.no_grad():
                logits, v = logits_value(net, x, m)
                dist = torch.distributions.Categorical(logits=logits)
                a = dist.sample()
            masked += int((m.gather(1, a[:, None]) == 0).sum())
            buf_x[t], buf_m[t], buf_a[t], buf_lp[t], buf_v[t], buf_d[t] = x, m, a, dist.log_prob(a), v, done
            xn, mn, r, d = games.step(a.numpy())
            buf_r[t] = torch.from_numpy(r)
            episodes += int(d.sum())
            wins += int((d & (r > 0)).sum())
            x, m, done = torch.from_numpy(xn), torch.from_numpy(mn), torch.from_numpy(d.astype(np.float32))
        steps += T * E
        with torch.no_grad():  # generalised advantage estimation; done[t] = the step before t ended a game
            _, next_v = logits_value(net, x, m)
            adv = torch.zeros((T, E))
            last = torch.zeros(E)
            for t in reversed(range(T)):
                nonterminal = 1.0 - (done if t == T - 1 else buf_d[t + 1])
                nv = next_v if t == T - 1 else buf_v[t + 1]
                delta = buf_r[t] + args.gamma * nv * nonterminal - buf_v[t]
                last = delta + args.gamma * args.gae_lambda * nonterminal * last
                adv[t] = last
            ret = adv + buf_v
        bx, bm, ba = buf_x.reshape((T * E,) + tuple(x.shape[1:])), buf_m.reshape(T * E, 6), buf_a.reshape(-1)
        blp, badv, bret = buf_lp.reshape(-1), adv.reshape(-1), ret.reshape(-1)
        for _ in range(args.epochs):
            perm = torch.randperm(T * E)
            for k in range(0, T * E, args.minibatch):
                i = perm[k:k + args.minibatch]
                logits, v = logits_value(net, bx[i], bm[i])
                dist = torch.distributions.Categorical(logits=logits)
                ratio = (dist.log_prob(ba[i]) - blp[i]).exp()
                a_ = badv[i]
                a_ = (a_ - a_.mean()) / (a_.std() + 1e-8)
                pg = torch.max(-a_ * ratio, -a_ * ratio.clamp(1 - args.clip, 1 + args.clip)).mean()
                # the entropy over the allowed actions only (masked ones have probability 0)
                p = dist.probs
                ent = -(p * torch.log(p.clamp_min(1e-12))).sum(-1).mean()
                loss = pg + 0.5 * ((v - bret[i]) ** 2).mean() - args.ent * ent
                opt.zero_grad()
                loss.backward()
                torch.nn.utils.clip_grad_norm_(net.parameters(), 0.5)
                opt.step()
        update += 1
        cpu = time.process_time() - cpu0
        log["curve"].append([steps, round(cpu, 2), wins, episodes])
        print("update %4d steps %8d cpu %6.1f s episodes %4d wins %3d win rate %.2f"
              % (update, steps, cpu, episodes, wins, wins / max(episodes, 1)), flush=True)
    log.update(steps=steps, cpu_minutes=round((time.process_time() - cpu0) / 60, 2), masked_train=masked)
    return net


def wilson(k, n, z=1.96):
    """The 95% Wilson score interval of k successes in n."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def evaluate(args, net):
    """Plays args.eval whole games against `simple` (episode 0 of each of args.eval games of the
    evaluation seed, the same for every run), the policy sampling from its masked distribution
    (net None: uniformly among the mask's actions); returns the wins, ties, losses, masked actions
    chosen (0: the mask is respected), the games' mean length, the bombs laid per game and the
    share of them laid within 3 cells (Manhattan) of the enemy."""
    import torch
    n = args.eval
    games = Games(n, args.maps == "on", seed=args.eval_seed, autoreset="NextStep")
    x, m = games.reset(args.eval_seed)
    gen = torch.Generator().manual_seed(args.seed + 1_000_000)
    result = [None] * n
    masked = bombs = near = 0
    length = np.zeros(n, np.int64)
    while any(res is None for res in result):
        with torch.no_grad():
            xt, mt = torch.from_numpy(x), torch.from_numpy(m)
            logits = logits_value(net, xt, mt)[0] if net is not None else torch.zeros(n, 6).masked_fill(mt == 0, -1e9)
            a = torch.multinomial(torch.softmax(logits, -1), 1, generator=gen)[:, 0]
        playing = np.array([res is None for res in result])
        masked += int((m[np.arange(n), a.numpy()] == 0)[playing].sum())
        laid = (a.numpy() == 5) & (m[:, 5] == 1) & playing
        bombs += int(laid.sum())
        raw = games.env.obs[:, 0]
        for i in np.flatnonzero(laid):  # how far from the enemy (steps on the grid, walls ignored)
            me, foe = np.argwhere(raw[i, SELF]), np.argwhere(raw[i, ENEMIES])
            near += int(len(foe) > 0 and np.abs(me[0] - foe[0]).sum() <= 3)
        x, m, _, d = games.step(a.numpy())
        for i in np.flatnonzero(d):
            if result[i] is None:
                step, _, code, winners = games.env.game_info(int(i))[:4]
                result[i] = "win" if 0 in winners else ("tie" if code == 2 or not winners else "loss")
                length[i] = step
    return {"wins": result.count("win"), "ties": result.count("tie"), "losses": result.count("loss"),
            "masked_eval": masked, "mean_length": round(float(length.mean()), 1), "bombs_per_game": round(bombs / n, 2),
            "bombs_near_enemy": round(near / max(bombs, 1), 3)}


# ---- the learning curve as a PNG, no plotting library ---------------------------------------------
def smoothed(curve, window=200):
    """(CPU minutes, win rate) per update: the win rate of the last `window` or more training
    episodes ended by that update."""
    out = []
    for i, (_, cpu, _, _) in enumerate(curve):
        wins = eps = 0
        for j in range(i, -1, -1):
            wins += curve[j][2]
            eps += curve[j][3]
            if eps >= window:
                break
        out.append((cpu / 60, wins / max(eps, 1)))
    return out


def write_png(path, runs, width=700, height=340):
    """Every run's smoothed training win rate against `simple` over its CPU minutes: maps on in
    blues, maps off in oranges (one shade per seed); the evaluation win rate of an untrained run
    (--policy uniform) dotted in its variant's colour; the 0.5 target dashed grey; a grid at 0,
    0.25 .. 1 and a tick per CPU minute."""
    left, right, top, bottom = 40, width - 20, 10, height - 24
    img, ys = rate_canvas(width, height, left, right, top, bottom)
    xmax = max([p[0] for run in runs for p in smoothed(run["curve"])] + [1e-9])
    xs = lambda minutes: int(round(left + minutes / xmax * (right - left)))
    for x in range(left, right, 10):
        img[ys(0.5), max(x, left + 1):x + 5] = (120, 120, 120)  # the axis stays black
    step = max(1, int(math.ceil(xmax / 12)))
    for minute in range(0, int(xmax) + 1, step):
        img[bottom:bottom + 4, xs(minute)] = (0, 0, 0)
        draw_text(img, str(minute), xs(minute) - 3, bottom + 7)
    shades = {"on": [(31, 119, 180), (23, 190, 207), (57, 59, 121)],
              "off": [(255, 127, 14), (214, 39, 40), (188, 128, 49)]}
    count = {"on": 0, "off": 0}
    for run in runs:  # an untrained policy's evaluation: a dotted line in its variant's first colour
        if run["policy"] == "uniform":
            y = ys(run["wins"] / (run["wins"] + run["ties"] + run["losses"]))
            for x in range(left + 2, right, 6):
                img[max(y - 1, top):y + 1, x:x + 2] = shades[run["maps"]][0]
    for run in [run for run in runs if run["policy"] != "uniform"]:
        colour = shades[run["maps"]][count[run["maps"]] % 3]
        count[run["maps"]] += 1
        pts = [(xs(mn), ys(rate)) for mn, rate in smoothed(run["curve"])]
        for k, (x, y) in enumerate(pts):
            if k:
                draw_line(img, *pts[k - 1], x, y, colour, thick=2)
    save_png(path, img)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--maps", choices=("on", "off"), default="on",
                    help="on: the map planes and the safety mask; off: the board's planes and the legal mask")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cpu-minutes", type=float, default=10.0, help="training budget in this process's CPU time")
    ap.add_argument("--steps", type=int, default=10 ** 9, help="training budget in environment steps")
    ap.add_argument("--envs", type=int, default=32, help="games played side by side")
    ap.add_argument("--rollout", type=int, default=64, help="steps per game per update")
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--minibatch", type=int, default=512)
    ap.add_argument("--lr", type=float, default=2.5e-4)
    ap.add_argument("--gamma", type=float, default=0.99)
    ap.add_argument("--gae-lambda", type=float, default=0.95)
    ap.add_argument("--clip", type=float, default=0.2)
    ap.add_argument("--ent", type=float, default=0.01, help="entropy bonus")
    ap.add_argument("--eval", type=int, default=200, help="games against simple after training")
    ap.add_argument("--eval-seed", type=int, default=20261129)
    ap.add_argument("--policy", choices=("ppo", "uniform"), default="ppo",
                    help="uniform: no training, the uniform policy over the mask's actions")
    ap.add_argument("--log", help="write the run (options, curve, result) as JSON here")
    ap.add_argument("--save", help="write the trained network's weights here (torch.save)")
    ap.add_argument("--load", help="evaluate these weights (of --save, with the same --maps) instead of training")
    ap.add_argument("--png", help="write the learning curve here (of --plot's runs, else of this run)")
    ap.add_argument("--plot", nargs="+", metavar="RUN.json", help="only draw these runs' curves to --png")
    args = ap.parse_args()
    if args.plot:
        if not args.png:
            ap.error("--plot needs --png")
        runs = []
        for path in args.plot:
            with open(path) as f:
                runs.append(json.load(f))
        write_png(args.png, runs)
        return 0
    if args.eval < 1 or args.envs < 1 or args.rollout < 1 or args.minibatch < 1:
        ap.error("--eval, --envs, --rollout and --minibatch must be at least 1")
    import torch
    torch.set_num_threads(1)
    log = {"maps": args.maps, "seed": args.seed, "policy": args.policy, "curve": [], "steps": 0,
           "cpu_minutes": 0.0, "masked_train": 0, "options": vars(args)}
    if args.load:  # a trained network, evaluated only
        net = make_net(len(Games(1, args.maps == "on", seed=0).names))
        net.load_state_dict(torch.load(args.load))
    else:
        net = train(args, log) if args.policy == "ppo" else None
    if net is not None and args.save:
        torch.save(net.state_dict(), args.save)
    res = evaluate(args, net)
    log.update(res)
    w, t, l, masked = res["wins"], res["ties"], res["losses"], res["masked_eval"]
    lo, hi = wilson(w, args.eval)
    print("policy %s: maps %s seed %d, trained %d steps in %.2f CPU minutes"
          % ("loaded from " + args.load if args.load else args.policy, args.maps, args.seed, log["steps"],
             log["cpu_minutes"]))
    print("vs simple: wins %d ties %d losses %d of %d games, win rate %.3f (95%% Wilson %.3f-%.3f)"
          % (w, t, l, args.eval, w / args.eval, lo, hi))
    print("games: mean length %.1f steps, %.2f bombs laid per game, %.1f%% of them within 3 cells of the enemy"
          % (res["mean_length"], res["bombs_per_game"], 100 * res["bombs_near_enemy"]))
    print("masked actions chosen: %d" % (log["masked_train"] + masked))
    if args.log:
        with open(args.log, "w") as f:
            json.dump(log, f)
    if args.png:
        write_png(args.png, [log])
    return 0


if __name__ == "__main__":
    sys.exit(main())
