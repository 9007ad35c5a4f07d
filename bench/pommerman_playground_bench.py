"""pommerman_playground_bench.py — dmap.arenas.pommerman beside the original Pommerman
playground (MultiAgentLearning/playground), side by side in one run, on the same seeds:

  * a whole step of run_battle's loop with four of the playground's own SimpleAgents
    (env.act(obs) then env.step(actions)) in the playground, and the same agents, unchanged,
    in dmap's environment;
  * the same games with dmap's C `simple` bots in every seat (env.run, the C loop);
  * the engine with its observations alone: four agents that stop, env.step([0, 0, 0, 0])
    per step (the playground builds every observation dict in step).

The playground is imported from a checkout given with --playground (nothing of it is in this
repository) by the loader of arenas/pommerman/tools/record_trace.py, which needs only NumPy.
Times are thread CPU time; cases run interleaved (a, b, b, a) in rounds and each round's ratio
is taken within the round. Prints a Markdown table: medians (min..max over rounds).

Run: bench/pommerman_python.sh --playground DIR [--games N] [--rounds R]
     (DIR: a checkout of github.com/MultiAgentLearning/playground)
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
sys.path.insert(0, os.path.join(HERE, "..", "arenas", "pommerman", "tools"))
import record_trace  # noqa: E402  (the playground's loader)


def playground_env(pg, agents):
    constants, configs, _, _ = pg
    cfg = record_trace.registry(configs)["PommeFFACompetition-v0"]
    env = cfg["env"](**cfg["env_kwargs"])
    for i, a in enumerate(agents):
        a.init_agent(i, constants.GameType.FFA)
    env.set_agents(agents)
    env.set_init_game_state(None)
    return env


# (side, agents act, seed) -> (steps, rewards) of the first game each side played on a seed:
# the playground's SimpleAgent keeps memories across games, so only the first games of fresh
# agents are the same games on both sides.
ENDINGS = {}


def play_battles(side, env, seeds, fixed_actions=None):
    """run_battle.py's loop on either side (both draw the board and the agents' moves from the
    global generators, seeded as run_battle seeds them); returns (thread seconds, steps)."""
    t, steps = 0.0, 0
    for s in seeds:
        first = steps
        np.random.seed(s)
        random.seed(s)
        obs = env.reset()
        done = False
        t0 = time.thread_time()
        while not done:
            actions = fixed_actions if fixed_actions is not None else env.act(obs)
            obs, rewards, done, _ = env.step(actions)
            steps += 1
        t += time.thread_time() - t0
        ENDINGS.setdefault((side, fixed_actions is None, s), (steps - first, list(rewards)))
    return t, steps


def play_dmap_c(env, seeds):
    t, steps = 0.0, 0
    for s in seeds:
        env.seed(s)
        env.reset()
        t0 = time.thread_time()
        env.run()
        t += time.thread_time() - t0
        steps += env._step_count
    return t, steps


def abba(a, b):
    ta1, na1 = a()
    tb1, nb1 = b()
    tb2, nb2 = b()
    ta2, na2 = a()
    return (ta1 + ta2) / (na1 + na2) * 1e6, (tb1 + tb2) / (nb1 + nb2) * 1e6


def spread(xs, fmt="%.2f"):
    return (fmt + " (" + fmt + ".." + fmt + ")") % (statistics.median(xs), min(xs), max(xs))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--playground", required=True, help="a checkout of MultiAgentLearning/playground")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--stop-steps", type=int, default=800, help="steps of the stop-agent games")
    a = ap.parse_args()
    if not os.path.isfile(os.path.join(a.playground, "pommerman", "forward_model.py")):
        sys.exit("pommerman_playground_bench.py: %s is not a playground checkout "
                 "(no pommerman/forward_model.py)" % a.playground)
    pg = record_trace.load_playground(a.playground)
    random.sample = record_trace._sample
    SimpleAgent, BaseAgent = pg[2], pg[3]
    seeds = list(range(1, a.games + 1))

    class PgStop(BaseAgent):
        def act(self, obs, action_space):
            return 0

    pg_simple = playground_env(pg, [SimpleAgent() for _ in range(4)])
    pg_stop = playground_env(pg, [PgStop() for _ in range(4)])
    dm_simple_py = pm.make("PommeFFACompetition-v0", [SimpleAgent() for _ in range(4)])
    dm_simple_c = pm.make("PommeFFACompetition-v0", ["simple"] * 4)
    dm_stop = pm.make("PommeFFACompetition-v0", ["stop"] * 4)
    stop = [0, 0, 0, 0]

    rows = {k: [] for k in ("pg", "dmpy", "pgr", "dmc", "cr", "pgs", "dms", "sr")}
    for _ in range(a.rounds):
        p, d = abba(lambda: play_battles("playground", pg_simple, seeds),
                    lambda: play_battles("dmap", dm_simple_py, seeds))
        rows["pg"].append(p), rows["dmpy"].append(d), rows["pgr"].append(p / d)
        p, c = abba(lambda: play_battles("playground", pg_simple, seeds[:1]),
                    lambda: play_dmap_c(dm_simple_c, seeds))
        rows["dmc"].append(c), rows["cr"].append(p / c)
        p, s = abba(lambda: play_battles("playground", pg_stop, seeds[:1], stop),
                    lambda: play_battles("dmap", dm_stop, seeds[:1], stop))
        rows["pgs"].append(p), rows["dms"].append(s), rows["sr"].append(p / s)

    print("Pommerman: the playground beside dmap.arenas.pommerman (PommeFFACompetition-v0, %d games, "
          "%d rounds; us per step, median (min..max))" % (len(seeds), a.rounds))
    print()
    print("| case | playground | dmap | playground / dmap |")
    print("|---|---|---|---|")
    print("| step with 4 x the playground's SimpleAgent (run_battle's loop) | %s | %s | %s |"
          % (spread(rows["pg"]), spread(rows["dmpy"]), spread(rows["pgr"])))
    print("| step with 4 x SimpleAgent: the playground's Python vs dmap's C `simple` (env.run) | %s | %s | %s |"
          % (spread(rows["pg"]), spread(rows["dmc"], "%.3f"), spread(rows["cr"], "%.0f")))
    print("| step of the engine and its observations, 4 agents stopping | %s | %s | %s |"
          % (spread(rows["pgs"]), spread(rows["dms"]), spread(rows["sr"], "%.0f")))
    same = [s for s in seeds if ENDINGS[("playground", True, s)] == ENDINGS[("dmap", True, s)]]
    print()
    print("Games with the playground's SimpleAgents that end alike in both (steps and rewards): "
          "%d of %d" % (len(same), len(seeds)))
    for s in seeds:
        print("  seed %d: playground %s, dmap %s" % (s, ENDINGS[("playground", True, s)],
                                                   ENDINGS[("dmap", True, s)]))


if __name__ == "__main__":
    main()
