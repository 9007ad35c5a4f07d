"""versus.py — paired games of `search` specs against one opponent (a built-in bot or a `cmd:`
program such as a Python bot through dmap.arenas.bomber_seat), and their comparison.

    python3 versus.py play --bomber BIN --against OPP --specs A,B,... --games K0 K1 --out FILE
                           [--limit MS] [--first-limit MS]
    python3 versus.py sum FILE... [--base SPEC]

play: game k is `BIN match --seed k//2 + 1` (the map of that seed), the spec in seat k % 2 and
OPP in the other, every spec on game k before game k+1 (specs interleaved game by game, so a run
stopped early leaves complete pairs). One JSON line a game and spec is appended to FILE; games
already in FILE are skipped, so a run can be resumed. From the `--replay` file each line counts
the points by kind for both players (search first, then the opponent): ore, wood, treasure and
hits (RULES.md, Scoring: the fire of the end of tick t hits in tick t+1, fire by fire; each fire
that leaves a block at HP <= 0 pays its owner), the bombs placed, the ammo picked up and the HP lost.

sum: a table per spec (games, wins, draws, Wilson 95% of the win rate, mean scores, points by
kind, bombs, HP lost) and, against the base spec (default: the first spec of the first line),
the games both played: better and worse by result (win > draw > loss), the two-sided sign test,
and the mean change of the score margin with its 95% interval.
"""
import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "kit"))
from pairstats import sign_test, wilson  # noqa: E402 (the kit's statistics, shared by the tools)


def cells(items):
    return {(it[0], it[1]): it for it in items}


def count_replay(path):
    """Points by kind, bombs placed, ammo picked up, for pid 0 and 1, from a replay file."""
    with open(path) as f:
        lines = [json.loads(x) for x in f if x.strip()]
    head, ticks, result = lines[0], [x for x in lines if "turn" in x], lines[-1]["result"]
    c = {k: [0, 0] for k in ("ore", "wood", "treasure", "hits", "bombs", "ammo")}
    prev = None
    for t in ticks:
        s = t["state"]
        if prev is not None:
            blocks = cells(s["blocks"])
            for b in prev["blocks"]:
                if (b[0], b[1]) in blocks:
                    continue
                hp = b[3]
                for f in prev["fire"]:
                    if (f[0], f[1]) == (b[0], b[1]):
                        hp -= 1
                        if hp <= 0:
                            c["ore" if b[2] == "o" else "wood"][f[2]] += 10 if b[2] == "o" else 2
            for p in (0, 1):
                me, pm = s["players"][p], prev["players"][p]
                foe = s["players"][1 - p]
                for f in prev["fire"]:
                    if f[2] == p and pm["hp"] > 0 and (f[0], f[1]) == (foe["x"], foe["y"]) \
                            and prev["players"][1 - p]["hp"] > 0:
                        c["hits"][p] += 25
                if me["ammo"] > pm["ammo"] and me["hp"] > 0:
                    c["ammo"][p] += me["ammo"] - pm["ammo"]
            now_t = {(x[0], x[1]) for x in s["treasure"]}
            for tr in prev["treasure"]:
                if (tr[0], tr[1]) not in now_t:
                    for p in (0, 1):
                        me = s["players"][p]
                        if (me["x"], me["y"]) == (tr[0], tr[1]) and me["hp"] > 0:
                            c["treasure"][p] += 1
        old = cells(prev["bombs"]) if prev is not None else {}
        for b in s["bombs"]:
            if (b[0], b[1]) not in old or old[(b[0], b[1])][3] < b[3]:
                c["bombs"][b[2]] += 1
        prev = s
    scores = result["scores"]
    for p in (0, 1):
        kinds = c["ore"][p] + c["wood"][p] + c["treasure"][p] + c["hits"][p]
        if kinds != scores[p]:
            c.setdefault("unsplit", [0, 0])[p] = scores[p] - kinds
    return head, result, c


def play_one(args, k, spec):
    seed, seat = k // 2 + 1, k % 2
    bots = [spec, args.against] if seat == 0 else [args.against, spec]
    fd, rep = tempfile.mkstemp(suffix=".jsonl")
    os.close(fd)
    try:
        cmd = [args.bomber, "match", "--seed", str(seed), "--bots", ",".join(bots),
               "--first-limit", str(args.first_limit), "--limit", str(args.limit),
               "--bot-stderr", "discard", "--replay", rep]
        out = subprocess.run(cmd, capture_output=True, text=True)
        if out.returncode != 0:
            raise SystemExit("versus: %s: exit %d: %s" % (" ".join(cmd), out.returncode,
                                                           out.stderr.strip()))
        _, result, c = count_replay(rep)
    finally:
        os.unlink(rep)
    me, op = seat, 1 - seat
    w = result["winner"]
    line = {"game": k, "seed": seed, "seat": seat, "spec": spec, "against": args.against,
            "result": "win" if w == me else ("loss" if w == op else "draw"),
            "reason": result["reason"], "ticks": result["ticks"],
            "score": [result["scores"][me], result["scores"][op]],
            "hp": [result["hp"][me], result["hp"][op]],
            "ended": [x for x in out.stdout.splitlines() if x.startswith("ended:")]}
    for key, v in c.items():
        line[key] = [v[me], v[op]]
    return line


def cmd_play(args):
    specs = args.specs.split(",")
    done = set()
    if os.path.exists(args.out):
        with open(args.out) as f:
            for x in f:
                if x.strip():
                    g = json.loads(x)
                    done.add((g["game"], g["spec"], g["against"]))
    with open(args.out, "a") as f:
        for k in range(args.games[0], args.games[1]):
            for spec in specs:
                if (k, spec, args.against) in done:
                    continue
                f.write(json.dumps(play_one(args, k, spec)) + "\n")
                f.flush()


def mean_ci(xs):
    n = len(xs)
    if n == 0:
        return (0.0, 0.0)
    m = sum(xs) / n
    if n < 2:
        return (m, 0.0)
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))
    return (m, 1.96 * sd / math.sqrt(n))


def cmd_sum(args):
    games = []
    for name in args.files:
        with open(name) as f:
            games += [json.loads(x) for x in f if x.strip()]
    if not games:
        raise SystemExit("versus: no games")
    base = args.base or games[0]["spec"]
    by = {}
    for g in games:
        by.setdefault(g["spec"], {})[g["game"]] = g
    rank = {"loss": 0, "draw": 1, "win": 2}
    print("| spec | games | wins | draws | win rate (Wilson 95%%) | mean score search / opp "
          "| better, worse than %s (sign test); margin change (95%%) "
          "| ore, wood, treasure, hits a game (search / opp) | bombs placed, ammo picked up "
          "(search / opp) | HP lost search / opp |" % base)
    print("|---|---|---|---|---|---|---|---|---|---|")
    for spec, gs in by.items():
        v = list(gs.values())
        n = len(v)
        wins = sum(g["result"] == "win" for g in v)
        draws = sum(g["result"] == "draw" for g in v)
        lo, hi = wilson(wins, n)

        def avg(key, i):
            return sum(g[key][i] for g in v) / n
        pair = ""
        if spec != base and base in by:
            common = sorted(set(gs) & set(by[base]))
            b = sum(rank[gs[k]["result"]] > rank[by[base][k]["result"]] for k in common)
            w = sum(rank[gs[k]["result"]] < rank[by[base][k]["result"]] for k in common)
            dm = [(gs[k]["score"][0] - gs[k]["score"][1])
                  - (by[base][k]["score"][0] - by[base][k]["score"][1]) for k in common]
            m, h = mean_ci(dm)
            pair = "%d, %d of %d (p = %.3f); %+.1f ± %.1f" % (b, w, len(common),
                                                               sign_test(b, w), m, h)
        kinds = ", ".join("%.1f / %.1f" % (avg(k, 0), avg(k, 1))
                          for k in ("ore", "wood", "treasure", "hits"))
        print("| `%s` | %d (games %d–%d) | %d | %d | %.1f%% [%.1f, %.1f] | %.1f / %.1f | %s | %s "
              "| %.1f / %.1f, %.1f / %.1f | %d / %d |" % (
                  spec, n, min(gs), max(gs), wins, draws, 100 * wins / n, lo, hi,
                  avg("score", 0), avg("score", 1), pair, kinds, avg("bombs", 0),
                  avg("bombs", 1), avg("ammo", 0), avg("ammo", 1),
                  sum(3 - g["hp"][0] for g in v), sum(3 - g["hp"][1] for g in v)))
    unsplit = sum(1 for g in games if "unsplit" in g)
    ended = sum(len(g["ended"]) for g in games)
    print("\n%d games; %d with points not split by kind; %d seats ended by the runner"
          % (len(games), unsplit, ended))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("play")
    p.add_argument("--bomber", required=True)
    p.add_argument("--against", required=True)
    p.add_argument("--specs", required=True)
    p.add_argument("--games", type=int, nargs=2, required=True, metavar=("K0", "K1"))
    p.add_argument("--out", required=True)
    p.add_argument("--limit", type=int, default=20000)
    p.add_argument("--first-limit", type=int, default=60000)
    s = sub.add_parser("sum")
    s.add_argument("files", nargs="+")
    s.add_argument("--base")
    args = ap.parse_args()
    cmd_play(args) if args.cmd == "play" else cmd_sum(args)


if __name__ == "__main__":
    sys.exit(main())
