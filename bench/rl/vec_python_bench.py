"""vec_python_bench.py — dmap.arenas.pommerman.VecEnv driven from Python: agent-steps per second
of self-play (every seat a learner) with the standard observation, with every map plane, and
against three `simple` bots, actions read from a table of random actions drawn once (so the
loop times the environment, not a policy). Contenders alternate round after round; thread CPU
time of the calling thread with threads=1 (one core), wall time with threads=2.

    PYTHONPATH=<built package> python3 bench/rl/vec_python_bench.py [--envs 256] [--steps 200] [--rounds 7]
"""
import argparse
import time

import numpy as np

from dmap.arenas import pommerman as pm


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--envs", type=int, default=256)
    ap.add_argument("--steps", type=int, default=200)
    ap.add_argument("--rounds", type=int, default=7)
    a = ap.parse_args()
    n = a.envs
    cases = [
        ("self-play FFA, standard obs, 1 thread", dict(seats=None, planes=None, threads=1), "cpu"),
        ("self-play FFA, standard + every map plane, 1 thread", dict(seats=None, planes="all", threads=1), "cpu"),
        ("learner vs 3 simple, standard obs, 1 thread", dict(seats=["learner", "simple", "simple", "simple"],
                                                          planes=None, threads=1), "cpu"),
        ("self-play FFA, standard obs, 2 threads (wall)", dict(seats=None, planes=None, threads=2), "wall"),
    ]
    envs = []
    for name, kw, clock in cases:
        e = pm.VecEnv("PommeFFACompetition-v0", n, kw["seats"], seed=1, threads=kw["threads"], planes=kw["planes"])
        e.reset()
        rng = np.random.default_rng(7)
        table = rng.integers(0, 6, size=(a.steps, n, e.num_learners)).astype(np.int32)
        envs.append((name, e, table, clock))
    rates = {name: [] for name, _, _, _ in envs}
    for _ in range(a.rounds):
        for name, e, table, clock in envs:
            clockf = time.thread_time if clock == "cpu" else time.perf_counter
            t0 = clockf()
            for k in range(a.steps):
                e.step(table[k])
            dt = clockf() - t0
            rates[name].append(a.steps * n * e.num_learners / dt)
    with open("/proc/loadavg") as f:
        load = f.read().split()[:3]
    print("%d games x %d steps x %d rounds, random actions, load average %s" % (n, a.steps, a.rounds, " ".join(load)))
    print("| case | learner agent-steps/s, median [min-max] |")
    print("|---|---|")
    for name, _, _, _ in envs:
        r = sorted(rates[name])
        print("| %s | %.2fM [%.2f-%.2f] |" % (name, r[len(r) // 2] / 1e6, r[0] / 1e6, r[-1] / 1e6))


if __name__ == "__main__":
    main()
