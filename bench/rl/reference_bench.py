"""reference_bench.py — agent-steps per second of the vectorized Pommerman against the
environments an RL user would otherwise reach for, side by side in one run (one thread each,
thread CPU time, contenders alternated round after round, random actions):

  * dmap.arenas.pommerman.VecEnv: N self-play FFA games per call, the standard observation;
  * dmap.rl.parallel_env("pommerman"): the same game one at a time behind PettingZoo's
    Parallel API (observation dicts, action masks), what a PettingZoo user gets from dmap;
  * the original playground (--playground DIR, a checkout of MultiAgentLearning/playground,
    imported by arenas/pommerman/tools/record_trace.py's loader; nothing of it is in this
    repository): env.step with its observation dicts, four agents;
  * PettingZoo's own SISL pursuit_v5 (a 16 x 16 grid, 8 pursuers, 30 evaders: a reference
    environment of similar size), when importable (it needs pygame, pymunk and scipy, which the
    tests' virtual environment does not pin: `pip install pygame==2.6.1 pymunk==7.3.1
    scipy==1.17.1` in a virtual environment of its own).

Each contender's episodes end and restart as its API does (VecEnv by itself, the others by
reset()). Prints a Markdown table: agent-steps per second, median [min-max] over rounds, and
each one's ratio to VecEnv in the same round.

    PYTHONPATH=<built package> python3 bench/rl/reference_bench.py [--playground DIR] [--rounds 5]
"""
import argparse
import os
import random
import statistics
import sys
import time

import numpy as np

from dmap.arenas import pommerman as pm

HERE = os.path.dirname(os.path.abspath(__file__))


def vec_contender(steps):
    env = pm.VecEnv("PommeFFACompetition-v0", 64, None, seed=1, threads=1)
    env.reset()
    table = np.random.default_rng(7).integers(0, 6, size=(steps, 64, 4)).astype(np.int32)

    def run():
        t0 = time.thread_time()
        for k in range(steps):
            env.step(table[k])
        return steps * 64 * 4, time.thread_time() - t0
    return run


def parallel_api_contender(env, nactions, steps):
    """A PettingZoo Parallel environment stepped with random actions, reset when it ends."""
    env.reset(seed=1)
    rng = np.random.default_rng(7)

    def run():
        n = 0
        t0 = time.thread_time()
        for _ in range(steps):
            if not env.agents:
                env.reset()
            acts = {a: int(rng.integers(nactions)) for a in env.agents}
            env.step(acts)
            n += len(acts)
        return n, time.thread_time() - t0
    return run


def rl_parallel_contender(steps):
    import dmap.rl
    return parallel_api_contender(dmap.rl.parallel_env("pommerman", config="PommeFFACompetition-v0"), 6, steps)


def playground_contender(root, steps):
    sys.path.insert(0, os.path.join(HERE, "..", "..", "arenas", "pommerman", "tools"))
    import record_trace
    constants, configs, _, BaseAgent = record_trace.load_playground(root)
    random.sample = record_trace._sample
    cfg = record_trace.registry(configs)["PommeFFACompetition-v0"]
    env = cfg["env"](**cfg["env_kwargs"])

    class Idle(BaseAgent):
        def act(self, obs, action_space):
            return 0
    agents = [Idle() for _ in range(4)]
    for i, a in enumerate(agents):
        a.init_agent(i, constants.GameType.FFA)
    env.set_agents(agents)
    env.set_init_game_state(None)
    random.seed(1)
    np.random.seed(1)
    env.reset()
    rng = np.random.default_rng(7)

    def run():
        n = 0
        t0 = time.thread_time()
        for _ in range(steps):
            alive = sum(1 for a in agents if a.is_alive)
            _, _, done, _ = env.step([int(x) for x in rng.integers(6, size=4)])
            n += alive
            if done:
                env.reset()
        return n, time.thread_time() - t0
    return run


def sisl_pursuit_contender(steps):
    from pettingzoo.sisl import pursuit_v5
    return parallel_api_contender(pursuit_v5.parallel_env(), 5, steps)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--playground", help="a checkout of MultiAgentLearning/playground")
    ap.add_argument("--rounds", type=int, default=5)
    a = ap.parse_args()
    contenders = [("dmap VecEnv, 64 self-play FFA games per call, standard obs", vec_contender(200)),
                  ("dmap.rl.parallel_env('pommerman'), FFA, PettingZoo Parallel API", rl_parallel_contender(2000))]
    if a.playground:
        contenders.append(("the playground, PommeFFACompetition-v0, env.step", playground_contender(a.playground, 500)))
    try:
        contenders.append(("PettingZoo SISL pursuit_v5 (16x16, 8 pursuers), Parallel API", sisl_pursuit_contender(100)))
    except ImportError as e:
        print("(PettingZoo's SISL pursuit not timed: %s)" % e)
    rates = {name: [] for name, _ in contenders}
    ratios = {name: [] for name, _ in contenders}
    for r in range(a.rounds):
        order = contenders if r % 2 == 0 else contenders[::-1]
        got = {}
        for name, run in order:
            n, dt = run()
            got[name] = n / dt
        base = got[contenders[0][0]]
        for name, _ in contenders:
            rates[name].append(got[name])
            ratios[name].append(base / got[name])
    with open("/proc/loadavg") as f:
        load = " ".join(f.read().split()[:3])
    print("agent-steps per second, one thread, thread CPU time, %d rounds, load average %s" % (a.rounds, load))
    print()
    print("| environment | agent-steps/s, median [min-max] | VecEnv / this, median [min-max] |")
    print("|---|---|---|")
    for name, _ in contenders:
        xs, rs = rates[name], ratios[name]
        print("| %s | %s [%s-%s] | %s [%s-%s] |" % (name, fmt(statistics.median(xs)), fmt(min(xs)), fmt(max(xs)),
                                                    ratio(statistics.median(rs)), ratio(min(rs)), ratio(max(rs))))


def fmt(x):
    return "%.2fM" % (x / 1e6) if x >= 1e6 else "%.1fk" % (x / 1e3)


def ratio(x):
    return "%.0f" % x if x >= 10 else "%.2f" % x


if __name__ == "__main__":
    main()
