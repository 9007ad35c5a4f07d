"""parallel_env_bench.py — agent-steps per second of dmap.rl.parallel_env("pommerman") (PettingZoo's
Parallel API, every seat a learner, PommeFFACompetition-v0), the way reference_bench.py times
it (random actions, reset() when the game is over, one thread, thread CPU time) but with the
actions drawn beforehand, so that the loop times the environment and not NumPy's generator.
Prints one line: the median [min-max] over rounds. Run it on two builds (PYTHONPATH) to compare
them; bench/rl/README.md has the figures.

    PYTHONPATH=<built package> python3 bench/rl/parallel_env_bench.py [--steps 20000] [--rounds 5]
"""
import argparse
import statistics
import time

import numpy as np

import dmap.rl


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--steps", type=int, default=20000)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--config", default="PommeFFACompetition-v0")
    a = ap.parse_args()
    env = dmap.rl.parallel_env("pommerman", config=a.config)
    table = np.random.default_rng(7).integers(0, 6, size=(a.steps, len(env.possible_agents))).tolist()
    rates = []
    for _ in range(a.rounds):
        env.reset(seed=1)
        n = 0
        t0 = time.thread_time()
        for k in range(a.steps):
            if not env.agents:
                env.reset()
            row = table[k]
            acts = {ag: row[i] for i, ag in enumerate(env.agents)}
            env.step(acts)
            n += len(acts)
        rates.append(n / (time.thread_time() - t0))
    with open("/proc/loadavg") as f:
        load = " ".join(f.read().split()[:3])
    print("parallel_env('pommerman', config=%s): %.1fk agent-steps/s, median [%.1fk-%.1fk] of %d rounds x %d steps, "
          "load average %s" % (a.config, statistics.median(rates) / 1e3, min(rates) / 1e3, max(rates) / 1e3,
                               a.rounds, a.steps, load))


if __name__ == "__main__":
    main()
