"""bomber_python_bench.py — ticks per second of dmap.arenas.bomber with an agent written in
CoderOne's style (next_move(game_state, player_state) on the state objects), side by side in
one run:

  * `random` as a Python agent (the arena's `random` bot in CoderOne's style, drawing from
    random.Random(100*S + 10 + pid) as the C bot does) against the C `gambit`;
  * the same games with the C `random` in its seat (so the difference is what Python costs:
    the state objects and the agent's own time);
  * a Python agent that answers '' at once against the C `gambit`;
  * the door's cost per decision: the view as tuples and GameState and PlayerState built from
    it (what every Python decision pays before the agent's own time), on the states of a game;
  * with --original DIR (a checkout of CoderOne's engine at db81855, DIR holding
    coderone/dungeon/game.py): the same Python `random` agents in the original engine, driven
    in-process one tick late as its runner drives them (both seats Python; the arena plays the
    same pairing for the ratio). The engine is loaded from DIR at run time, nothing of it is here.

Times are the thread's CPU time (time.thread_time); cases run in interleaved rounds and a
ratio is taken within a round. Prints a Markdown table: medians and the spread over rounds.

Run: bench/bomber_python.sh [--quick] [--original DIR]
"""
import argparse
import importlib
import random
import statistics
import sys
import time

from dmap.arenas import bomber


class PyRandom:
    """The arena's `random` bot as a CoderOne agent."""

    def __init__(self, seed, pid):
        self.rng = random.Random(100 * seed + 10 + pid)

    def next_move(self, game_state, player_state):
        x, y = player_state.location

        def free(c):
            return game_state.is_in_bounds(c) and game_state.entity_at(c) in (None, "a", "t")
        opts = [""] + [a for a, c in (("u", (x, y + 1)), ("d", (x, y - 1)), ("l", (x - 1, y)),
                                        ("r", (x + 1, y))) if free(c)]
        if player_state.ammo > 0 and game_state.entity_at((x, y)) != "b":
            opts.append("b")
        return self.rng.choice(opts)


class Idle:
    def next_move(self, game_state, player_state):
        return ""


def arena(seats_of, seeds):
    ticks = 0
    t0 = time.thread_time()
    for s in seeds:
        g = bomber.Game(seats_of(s), seed=s)
        g.run()
        ticks += g.tick_number
    return time.thread_time() - t0, ticks


def original(game_cls, seeds):
    """The original engine, two Python `random` agents, one tick late (update posts the state,
    the agent answers it, next_move hands the answer over at the next tick)."""
    class Drive:
        def __init__(self, agent):
            self.agent, self.answer = agent, None

        def update(self, gs, ps):
            self.answer = self.agent.next_move(gs, ps)

        def next_move(self):
            a, self.answer = self.answer, None
            return a
    ticks = 0
    t0 = time.thread_time()
    for s in seeds:
        random.seed(s)
        g = game_cls(row_count=10, column_count=12, max_iterations=1800)
        for p in range(2):
            g.add_agent(Drive(PyRandom(s, p)), None)
        g.generate_map()
        while not g.is_over:
            g.tick(0.1)
            ticks += 1
    return time.thread_time() - t0, ticks


def door_cost():
    """Median over rounds of the microseconds to build one decision's state objects, over the
    states of a game of C bots."""
    per = []
    for _ in range(5):
        g = bomber.Game(["random", "gambit"], seed=3)
        n = 0
        t = 0.0
        while not g.is_over:
            g.tick()
            t0 = time.thread_time()
            for _ in range(20):
                bomber.states_of(g._game.view(0))
            t += time.thread_time() - t0
            n += 20
        per.append(1e6 * t / n)
    return statistics.median(per)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--original", metavar="DIR")
    args = ap.parse_args()
    games, rounds = (2, 3) if args.quick else (6, 5)
    cases = {
        "C random vs C gambit": lambda s: ["random", "gambit"],
        "Python random vs C gambit": lambda s: [PyRandom(s, 0), "gambit"],
        "Python '' vs C gambit": lambda s: [Idle(), "gambit"],
        "Python random vs Python random": lambda s: [PyRandom(s, 0), PyRandom(s, 1)],
    }
    orig = None
    if args.original:
        sys.path.insert(0, args.original)
        orig = importlib.import_module("coderone.dungeon.game").Game
    rates = {k: [] for k in cases}
    if orig:
        rates["original engine, Python random vs Python random"] = []
    for r in range(rounds):
        seeds = range(100 * r + 1, 100 * r + 1 + games)
        order = list(cases) if r % 2 == 0 else list(reversed(cases))
        for k in order:
            dt, ticks = arena(cases[k], seeds)
            rates[k].append(ticks / dt)
        if orig:
            dt, ticks = original(orig, seeds)
            rates["original engine, Python random vs Python random"].append(ticks / dt)
    print("| case | ticks/s (median) | spread |")
    print("|---|---|---|")
    for k, v in rates.items():
        print("| %s | %.0f | %.0f..%.0f |" % (k, statistics.median(v), min(v), max(v)))
    if orig:
        ratio = [a / b for a, b in zip(rates["Python random vs Python random"],
                                       rates["original engine, Python random vs Python random"])]
        print("\narena / original engine, same agents: %.1fx (%.1f..%.1f)" % (
            statistics.median(ratio), min(ratio), max(ratio)))
    print("\nthe door's cost per decision (view tuple, GameState and PlayerState): %.1f us"
          % door_cost())


if __name__ == "__main__":
    main()
