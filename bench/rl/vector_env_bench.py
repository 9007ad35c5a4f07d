"""vector_env_bench.py — learner steps per second of dmap.rl.vector_env (the arenas' vectorized
games in C behind gymnasium's VectorEnv) against dmap.rl.gym_env (one game per step: the Python
door for bomber, Kutulu and pursuit, the one-game C path for Pommerman) for each arena, the same seats (one learner, a built-in bot in each other seat), actions
from a table of random actions drawn once (masked ones included: the engines take them), one
thread, thread CPU time, contenders alternated round after round. Prints a Markdown table.

    PYTHONPATH=<built package> python3 bench/rl/vector_env_bench.py [--envs 64] [--steps 300] [--rounds 5]
"""
import argparse
import os
import statistics
import time

import numpy as np

import dmap.rl as rl

HERE = os.path.dirname(os.path.abspath(__file__))
os.environ.setdefault("DMAP_KUTULU_MAPS", os.path.join(HERE, "..", "..", "arenas", "kutulu", "data", "maps"))

CASES = [
    ("pommerman", dict(config="OneVsOne-v0", seats=[None, "stop"]), 6),
    ("pommerman", dict(config="OneVsOne-v0", seats=[None, "simple"]), 6),
    ("pommerman", dict(config="PommeFFACompetition-v0", seats=[None, "simple", "simple", "simple"]), 6),
    ("bomber", dict(seats=[None, "random"]), 6),
    ("bomber", dict(seats=[None, "gambit"]), 6),
    ("kutulu", dict(seats=[None, "wait", "wait", "wait"]), 8),
    ("kutulu", dict(seats=[None, "random", "random", "random"]), 8),
    ("pursuit", dict(seats=[None, "random"]), 5),
    ("pursuit", dict(seats=[None, "flee"]), 5),
]


def vector_contender(arena, kw, nactions, envs, steps):
    env = rl.vector_env(arena, envs, **kw)
    env.reset(seed=1)
    table = np.random.default_rng(7).integers(0, nactions, size=(steps, envs))

    def run():
        t0 = time.thread_time()
        for k in range(steps):
            env.step(table[k])
        return steps * envs, time.thread_time() - t0
    return run


def gym_contender(arena, kw, nactions, steps):
    env = rl.gym_env(arena, **kw)
    env.reset(seed=1)
    table = np.random.default_rng(7).integers(0, nactions, size=steps).tolist()

    def run():
        t0 = time.thread_time()
        for k in range(steps):
            _, _, term, trunc, _ = env.step(table[k])
            if term or trunc:
                env.reset()
        return steps, time.thread_time() - t0
    return run


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--envs", type=int, default=64)
    ap.add_argument("--steps", type=int, default=300)
    ap.add_argument("--rounds", type=int, default=5)
    a = ap.parse_args()
    rows = []
    for arena, kw, nactions in CASES:
        name = "%s %s" % (arena, kw.get("config", "")) + " vs " + ",".join(s for s in kw["seats"] if s)
        rows.append((name, vector_contender(arena, kw, nactions, a.envs, a.steps),
                     gym_contender(arena, kw, nactions, a.steps * 4)))
    rates = {name: ([], []) for name, _, _ in rows}
    for r in range(a.rounds):
        for name, vec, gym in rows:
            for k, run in ((0, vec), (1, gym)) if r % 2 == 0 else ((1, gym), (0, vec)):
                n, dt = run()
                rates[name][k].append(n / dt)
    with open("/proc/loadavg") as f:
        load = " ".join(f.read().split()[:3])
    print("learner steps per second, one thread, thread CPU time, %d games per vector env, %d rounds, "
          "load average %s" % (a.envs, a.rounds, load))
    print()
    print("| arena, seats | vector_env (C), median [min-max] | gym_env, median [min-max] | ratio |")
    print("|---|---|---|---|")
    for name, _, _ in rows:
        v, g = rates[name]
        print("| %s | %s [%s-%s] | %s [%s-%s] | %.0f |" % (name, fmt(statistics.median(v)), fmt(min(v)), fmt(max(v)),
                                                          fmt(statistics.median(g)), fmt(min(g)), fmt(max(g)),
                                                          statistics.median(v) / statistics.median(g)))


def fmt(x):
    return "%.2fM" % (x / 1e6) if x >= 1e6 else "%.1fk" % (x / 1e3)


if __name__ == "__main__":
    main()
