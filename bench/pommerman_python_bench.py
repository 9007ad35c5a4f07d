"""pommerman_python_bench.py — what Python costs in a Pommerman game of dmap.arenas.pommerman,
side by side in one run:

  * a step with four C bots driven from Python (env.play_step() in a Python loop) against the
    same games played in C (env.run(): the extension's own loop, the arena's decide-and-step),
    with four `simple` bots and with four `stop` bots (where the engine alone costs little,
    so Python's share shows);
  * a Python agent's decision: games of four Python agents that answer Stop at once against the
    same games with four C `stop` bots, per decision; and the observation it is handed
    (env.get_observations(), per agent), which is what the playground builds in about 175 us
    per step.

Times are the thread's CPU time (time.thread_time), so a busy machine's preemptions do not
count. Each case runs in rounds, interleaved (a, b, b, a); a round's ratio is taken within the round, so ratios
hold on a busy machine while absolute times drift. Prints a Markdown table: medians and the
spread (min..max over rounds).

Run: bench/pommerman_python.sh [--quick]
"""
import argparse
import statistics
import time

from dmap.arenas import pommerman as pm


class Stop(pm.BaseAgent):
    def act(self, obs, action_space):
        return 0


def play_python_loop(env, seeds):
    steps = 0
    t0 = time.thread_time()
    for s in seeds:
        env.seed(s)
        env.reset()
        while not env.play_step():
            pass
        steps += env._step_count
    return time.thread_time() - t0, steps


def play_in_c(env, seeds):
    steps = 0
    t0 = time.thread_time()
    for s in seeds:
        env.seed(s)
        env.reset()
        env.run()
        steps += env._step_count
    return time.thread_time() - t0, steps


def decisions_of(env, seeds):
    """Seconds and decisions of whole games played with env.run()."""
    t0 = time.thread_time()
    decisions = 0
    for s in seeds:
        env.seed(s)
        env.reset()
        env.run()
        decisions += env._step_count * 4  # stop agents never die: four decisions a step
    return time.thread_time() - t0, decisions


def observation_cost(env, seed, reps):
    env.seed(seed)
    env.reset()
    for _ in range(40):
        env.step([1, 2, 3, 5])
    t0 = time.thread_time()
    for _ in range(reps):
        env.get_observations()
    return (time.thread_time() - t0) / (reps * 4)


def abba(a, b, *args):
    """Runs a, b, b, a and returns each one's summed (seconds, count): order effects cancel."""
    ta1, na1 = a(*args)
    tb1, nb1 = b(*args)
    tb2, nb2 = b(*args)
    ta2, na2 = a(*args)
    return (ta1 + ta2, na1 + na2), (tb1 + tb2, nb1 + nb2)


def spread(xs, fmt="%.3f"):
    return (fmt + " (" + fmt + ".." + fmt + ")") % (statistics.median(xs), min(xs), max(xs))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--rounds", type=int, default=0)
    args = ap.parse_args()
    rounds = args.rounds or (3 if args.quick else 9)
    seeds = list(range(1, 9 if args.quick else 41))
    bots = ["simple", "simple", "simple", "simple"]
    env_c = pm.make("PommeFFACompetition-v0", bots)
    env_stop = pm.make("PommeFFACompetition-v0", ["stop"] * 4)
    env_py = pm.make("PommeFFACompetition-v0", [Stop() for _ in range(4)])

    step_c, step_py, extra, ratio = [], [], [], []
    stop_c, stop_py, stop_extra, stop_ratio = [], [], [], []
    dec_c, dec_py, dec_extra, obs_us = [], [], [], []
    for _ in range(rounds):
        (tc, n1), (tp, n2) = abba(play_in_c, play_python_loop, env_c, seeds)
        assert n1 == n2, "the same games"
        step_c.append(tc / n1 * 1e6)
        step_py.append(tp / n2 * 1e6)
        extra.append(step_py[-1] - step_c[-1])
        ratio.append(step_py[-1] / step_c[-1])
        (tc, n1), (tp, n2) = abba(play_in_c, play_python_loop, env_stop, seeds[:4])
        stop_c.append(tc / n1 * 1e6)
        stop_py.append(tp / n2 * 1e6)
        stop_extra.append(stop_py[-1] - stop_c[-1])
        stop_ratio.append(stop_py[-1] / stop_c[-1])
        (ts, d1), (tq, d2) = abba(lambda: decisions_of(env_stop, seeds[:4]), lambda: decisions_of(env_py, seeds[:4]))
        assert d1 == d2
        dec_c.append(ts / d1 * 1e6)
        dec_py.append(tq / d2 * 1e6)
        dec_extra.append(dec_py[-1] - dec_c[-1])
        obs_us.append(observation_cost(env_stop, 1, 200 if args.quick else 2000) * 1e6)

    print("Pommerman from Python (FFA 11x11, %d games of 4 x simple, %d rounds; median (min..max))" % (len(seeds), rounds))
    print()
    print("| case | us | target |")
    print("|---|---|---|")
    print("| step, 4 x simple, played in C (env.run) | %s | |" % spread(step_c))
    print("| step, 4 x simple, driven from Python (env.play_step loop) | %s | |" % spread(step_py))
    print("| Python's cost per step (difference) | %s | <= 2 us: %s |" % (spread(extra), "met" if statistics.median(extra) <= 2 else "MISSED"))
    print("| ratio Python-driven / C | %s | |" % spread(ratio))
    print("| step, 4 x stop, played in C (env.run) | %s | |" % spread(stop_c))
    print("| step, 4 x stop, driven from Python (env.play_step loop) | %s | |" % spread(stop_py))
    print("| Python's cost per step (difference) | %s | <= 2 us: %s |" % (spread(stop_extra), "met" if statistics.median(stop_extra) <= 2 else "MISSED"))
    print("| ratio Python-driven / C | %s | |" % spread(stop_ratio))
    print("| decision, C stop bot (per decision, whole games) | %s | |" % spread(dec_c))
    print("| decision, Python agent answering Stop (per decision) | %s | |" % spread(dec_py))
    print("| Python agent's cost per decision beyond its own (difference) | %s | <= 3 us: %s |" % (spread(dec_extra), "met" if statistics.median(dec_extra) <= 3 else "MISSED"))
    print("| observation dict, per agent (get_observations) | %s | playground ~175 us/step |" % spread(obs_us))


if __name__ == "__main__":
    main()
