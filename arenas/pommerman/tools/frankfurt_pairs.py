#!/usr/bin/env python3
"""frankfurt_pairs.py — paired boards of this arena's bots against the 2019 competition's
winner ("frankfurt", gorogm/pommerman_cpp through gorogm/pommerman_python's FrankfurtAgent),
and the table the arena README prints from them.

Frankfurt is outside code: it is built outside this repository and reached through the paths
given here (its pommerman_cpp checkout, where its agent loads cmake-build-debug/libpommerman.so
from, and a folder holding the shim package `pommerman` the README describes); nothing of it is
in this file. Why paired boards: the game's randomness is the board of `random.seed(g)`, so
every spec plays the same boards in the same seats, and a board-by-board sign test removes the
boards' own spread from the comparison.

Play (one JSON line per game appended to OUT; a game already in OUT is not played again, so a
stopped run goes on where it stopped):

    python3 frankfurt_pairs.py play --frankfurt PM_CPP --shim SHIM --pylib BUILD/python/lib \
        --specs search:tree=6:tree_threat=0.5,SPEC --first 741 --seeds 10 --out OUT.jsonl

Order: for each seed g, each config, both seatings (frankfurt in seats 1, 3, then in 0, 2),
each spec in turn: the specs share the machine's load as evenly as a run can.

Table (the README's: wins and ties per config and spec with Wilson 95% intervals, each spec
game by game against the first, two-sided sign test; only boards every spec played):

    python3 frankfurt_pairs.py table OUT.jsonl [--specs A,B,...]
"""
import argparse
import json
import os
import random
import sys
import time
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "kit"))
from pairstats import sign_test, wilson  # noqa: E402 (the kit's statistics, shared by the tools)

CONFIGS = ("PommeRadioCompetition-v2", "PommeTeamCompetition-v0")


def frankfurt_seats(swap):
    """Seats of frankfurt's team: 1, 3 in the first seating, 0, 2 in the second."""
    return (0, 2) if swap else (1, 3)


def play_game(pm, agent_class, config, spec, seed, swap):
    """One game on random.seed(seed); returns its record (winner side, deaths, steps)."""
    ff = frankfurt_seats(swap)
    seats = [agent_class() if i in ff else spec for i in range(4)]
    env = pm.make(config, seats)
    random.seed(seed)
    obs = env.reset()
    done, steps, death = False, 0, {}
    reward, info = None, {}
    t0 = time.time()
    while not done:
        obs, reward, done, info = env.step(env.act(obs))
        steps += 1
        alive = set(int(a) - 10 for a in obs[0]["alive"])
        for i in range(4):
            if i not in alive and i not in death:
                death[i] = steps
    winners = sorted(int(w) for w in info.get("winners", []) or [])
    if winners and all(w in ff for w in winners):
        winner = "frankfurt"
    elif winners:
        winner = "search"
    else:
        winner = "tie"
    return {"seed": seed, "config": config, "swap": swap, "spec": spec,
            "frankfurt_seats": list(ff), "winner": winner, "winners": winners,
            "steps": steps, "deaths": {str(k): v for k, v in sorted(death.items())},
            "seconds": round(time.time() - t0, 1), "load": round(os.getloadavg()[0], 2),
            "ended": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}


def done_keys(path):
    """The (seed, config, swap, spec) of every game already in the output."""
    keys = set()
    if os.path.exists(path):
        for r in read_records(path):
            keys.add((r["seed"], r["config"], r["swap"], r["spec"]))
    return keys


def cmd_play(a):
    out = os.path.abspath(a.out)
    sys.path[:0] = [os.path.abspath(a.shim), os.path.abspath(a.pylib)]
    os.chdir(a.frankfurt)  # its agent looks for ./cmake-build-debug/libpommerman.so
    from pommerman.agents import FrankfurtAgent
    import dmap.arenas.pommerman as pm
    specs = a.specs.split(",")
    configs = a.configs.split(",")
    have = done_keys(out)
    quiet = None
    if not a.verbose:  # frankfurt's library prints every turn on the process's stdout
        sys.stdout.flush()
        quiet = os.dup(1)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
    for g in range(a.first, a.first + a.seeds):
        for config in configs:
            for swap in (0, 1):
                for spec in specs:
                    if (g, config, swap, spec) in have:
                        continue
                    rec = play_game(pm, FrankfurtAgent, config, spec, g, swap)
                    with open(out, "a") as f:
                        f.write(json.dumps(rec) + "\n")
                    print("%s seed %d %s swap %d %s: %s at step %d (%.0f s, load %.1f)" % (
                        rec["ended"], g, config, swap, spec, rec["winner"], rec["steps"],
                        rec["seconds"], rec["load"]), file=sys.stderr, flush=True)
    if quiet is not None:
        os.dup2(quiet, 1)


def read_records(path):
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def score(r):
    """A game from our side: a win over a tie over a loss."""
    return {"search": 1, "tie": 0, "frankfurt": -1}[r["winner"]]


def seeds_text(seeds):
    lo, hi = min(seeds), max(seeds)
    return str(lo) if lo == hi else "%d–%d" % (lo, hi)


def table_rows(recs, specs, configs):
    """The table's rows: per config (then both pooled), per spec, on the boards all specs played."""
    by = {}
    for r in recs:
        by[(r["seed"], r["config"], r["swap"], r["spec"])] = r
    rows = []
    for cfg in list(configs) + ["both"]:
        cfgs = configs if cfg == "both" else [cfg]
        boards = sorted({(s, c, w) for (s, c, w, p) in by if c in cfgs})
        boards = [b for b in boards if all(b + (p,) in by for p in specs)]
        for j, spec in enumerate(specs):
            games = [by[b + (spec,)] for b in boards]
            n = len(games)
            ff = sum(1 for r in games if r["winner"] == "frankfurt")
            us = sum(1 for r in games if r["winner"] == "search")
            ties = n - ff - us
            ties800 = sum(1 for r in games if r["winner"] == "tie" and r["steps"] >= 800)
            cmp = ""
            if j > 0 and n:
                base = [by[b + (specs[0],)] for b in boards]
                better = sum(1 for x, y in zip(games, base) if score(x) > score(y))
                worse = sum(1 for x, y in zip(games, base) if score(x) < score(y))
                wa = sum(1 for x, y in zip(games, base) if x["winner"] == "search" != y["winner"])
                wb = sum(1 for x, y in zip(games, base) if y["winner"] == "search" != x["winner"])
                cmp = "better %d, worse %d (p = %.2f; wins alone %d against %d, p = %.2f)" % (
                    better, worse, sign_test(better, worse), wa, wb, sign_test(wa, wb))
            seeds = seeds_text([b[0] for b in boards]) if boards and cfg != "both" else ""
            rows.append((cfg, spec, seeds, n, ff, us, ties, ties800, cmp))
    return rows


EARLY = 150  # a death before this step: the close-quarters deaths of the opening


def ours_early(r):
    """Our agents (the seats frankfurt does not hold) dead before step EARLY in game r."""
    ff = frankfurt_seats(r["swap"])
    return sum(1 for seat, step in r["deaths"].items() if int(seat) not in ff and step < EARLY)


def early_deaths(recs, specs):
    """Per spec, our early deaths on the boards every spec played; after the first, board by
    board fewer and more than the first spec's, with the sign test."""
    by = {(r["seed"], r["config"], r["swap"], r["spec"]): r for r in recs if "deaths" in r}
    boards = sorted({k[:3] for k in by})
    boards = [b for b in boards if all(b + (p,) in by for p in specs)]
    if not boards:
        return []
    out = []
    base = [ours_early(by[b + (specs[0],)]) for b in boards]
    for j, spec in enumerate(specs):
        mine = [ours_early(by[b + (spec,)]) for b in boards]
        text = "`%s` %d" % (spec, sum(mine))
        if j > 0:
            fewer = sum(1 for x, y in zip(mine, base) if x < y)
            more = sum(1 for x, y in zip(mine, base) if x > y)
            text += " (fewer on %d boards, more on %d, p = %.2f)" % (fewer, more, sign_test(fewer, more))
        out.append(text)
    return out


def cell(k, n):
    lo, hi = wilson(k, n)
    return "%d (%.1f%%, %.1f–%.1f%%)" % (k, 100.0 * k / n if n else 0.0, lo, hi)


def cmd_table(a):
    recs = read_records(a.out)
    specs = a.specs.split(",") if a.specs else list(dict.fromkeys(r["spec"] for r in recs))
    configs = [c for c in CONFIGS if any(r["config"] == c for r in recs)]
    print("| config | spec | seeds | games | frankfurt wins | `search` wins | ties (at step 800) |"
          " game by game against the base |")
    print("|---|---|---|---|---|---|---|---|")
    for cfg, spec, seeds, n, ff, us, ties, t800, cmp in table_rows(recs, specs, configs):
        print("| %s | `%s`%s | %s | %d | %s | %s | %d (%d) | %s |" % (
            cfg, spec, " (the base)" if spec == specs[0] else "", seeds, n, cell(ff, n), cell(us, n),
            ties, t800, cmp))
    early = early_deaths(recs, specs)
    if early:
        print("\nour agents' deaths before step %d on those boards: %s" % (EARLY, "; ".join(early)))
    loads = [r["load"] for r in recs if r["spec"] in specs]
    if loads:
        print("\nload average after each game: %.1f–%.1f; games ended %s to %s" % (
            min(loads), max(loads), min(r["ended"] for r in recs), max(r["ended"] for r in recs)))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("play", help="play paired boards, appending JSON lines")
    p.add_argument("--frankfurt", required=True, help="the pommerman_cpp checkout (built)")
    p.add_argument("--shim", required=True, help="folder holding the shim package pommerman")
    p.add_argument("--pylib", required=True, help="dmap's built Python package (BUILD/python/lib)")
    p.add_argument("--specs", required=True, help="comma-separated bot specs, the base first")
    p.add_argument("--first", type=int, required=True, help="first seed")
    p.add_argument("--seeds", type=int, required=True, help="number of seeds")
    p.add_argument("--configs", default=",".join(CONFIGS))
    p.add_argument("--out", required=True, help="JSON lines file (appended)")
    p.add_argument("--verbose", action="store_true", help="keep frankfurt's own printing")
    t = sub.add_parser("table", help="print the README's table from a JSON lines file")
    t.add_argument("out")
    t.add_argument("--specs", help="comma-separated specs, the base first (default: file order)")
    a = ap.parse_args(argv)
    (cmd_play if a.cmd == "play" else cmd_table)(a)


if __name__ == "__main__":
    main()
