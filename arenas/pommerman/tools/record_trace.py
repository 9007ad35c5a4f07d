#!/usr/bin/env python3
"""record_trace.py — record games from the ORIGINAL Pommerman environment in the trace format v1
of data/README.md (in arenas/pommerman), so that `pommerman replay TRACE --agents` can check the C
engine and SimpleAgent port on games beyond the recorded ones.

This file holds none of the original's code: it imports the game-logic modules from a checkout
of MultiAgentLearning/playground given with --playground (files pommerman/constants.py,
utility.py, characters.py, forward_model.py, agents/base_agent.py, agents/simple_agent.py) and
drives them the way envs/v0.py does (reset: make_board then make_items; step: the forward model,
the step count incremented before the done test). gym and jsonmerge, which utility.py imports
but the game logic never uses, are replaced by empty stand-ins, so only numpy is needed
(Debian: python3-numpy). On CPython 3.11+ random.sample no longer takes a set; the set is turned
into a tuple first, which is what CPython 3.8-3.10 did inside random.sample.

RandomAgents (kind R) draw from numpy's generator seeded with the game seed (the original's
RandomAgent is not reproducible from a seed, see the trace README); their actions are logged.

usage: record_trace.py --playground DIR --config ffa|1v1 --agents S,S,S,S --seed N [--out FILE]
"""
import argparse
import os
import random
import sys
import tempfile
import types


def stub_modules():
    """Empty stand-ins for the modules utility.py imports but the game logic never calls."""
    gym = types.ModuleType("gym")
    gym.spaces = types.SimpleNamespace()
    sys.modules["gym"] = gym
    jm = types.ModuleType("jsonmerge")
    jm.Merger = object
    sys.modules["jsonmerge"] = jm


def load_playground(root):
    """Imports the game-logic modules as the package `pommerman` from root/pommerman, with a
    minimal agents package (BaseAgent and SimpleAgent only)."""
    stub_modules()
    pkg = types.ModuleType("pommerman")
    pkg.__path__ = [os.path.join(root, "pommerman")]
    sys.modules["pommerman"] = pkg
    agents = types.ModuleType("pommerman.agents")
    agents.__path__ = [os.path.join(root, "pommerman", "agents")]
    sys.modules["pommerman.agents"] = agents
    import importlib
    base = importlib.import_module("pommerman.agents.base_agent")
    agents.BaseAgent = base.BaseAgent
    simple = importlib.import_module("pommerman.agents.simple_agent")
    return (importlib.import_module("pommerman.constants"), importlib.import_module("pommerman.utility"),
            importlib.import_module("pommerman.forward_model"), simple.SimpleAgent, base.BaseAgent)


_orig_sample = random.sample


def _sample(population, k, **kw):
    if isinstance(population, (set, frozenset)):
        population = tuple(population)
    return _orig_sample(population, k, **kw)


class DrawLog:
    """Logs SimpleAgent's random.random() and random.choice() calls in the D-line notation,
    drawing exactly what the originals draw (choice = seq[_randbelow(len(seq))])."""

    def __init__(self):
        self.tokens = []
        self.on = False

    def random(self):
        v = random._inst.random()
        if self.on:
            bit = "1" if v < 0.5 else "0"
            if self.tokens and self.tokens[-1][0] in "01":
                self.tokens[-1] += bit
            else:
                self.tokens.append(bit)
        return v

    def choice(self, seq):
        i = random._inst._randbelow(len(seq))
        if self.on:
            self.tokens.append("c%d.%d" % (len(seq), i))
        return seq[i]

    def text(self):
        return ",".join(self.tokens) if self.tokens else "-"


def cell_char(v):
    return "0123456789abcd"[int(v)]


def board_text(board):
    return "".join(cell_char(v) for row in board for v in row)


def sparse(m):
    out = []
    for r in range(m.shape[0]):
        for c in range(m.shape[1]):
            if m[r, c]:
                out.append("%d,%d:%d" % (r, c, int(m[r, c])))
    return ";".join(out) if out else "-"


def items_text(items):
    return " ".join("%d,%d:%d" % (r, c, items[(r, c)]) for (r, c) in sorted(items)) if items else "-"


def agents_text(agents):
    return " ".join("%d,%d,%d,%d,%d,%d" % (a.position[0], a.position[1], a.ammo, a.blast_strength,
                                           int(a.can_kick), int(a.is_alive)) for a in agents)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--playground", required=True)
    ap.add_argument("--config", choices=["ffa", "1v1"], default="ffa")
    ap.add_argument("--agents", default=None)
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--out", default="-")
    a = ap.parse_args()
    constants, utility, fm_mod, SimpleAgent, BaseAgent = load_playground(a.playground)
    import numpy as np
    random.sample = _sample

    ffa = a.config == "ffa"
    name = "PommeFFACompetition-v0" if ffa else "OneVsOne-v0"
    size = constants.BOARD_SIZE if ffa else constants.BOARD_SIZE_ONE_VS_ONE
    n_rigid = constants.NUM_RIGID if ffa else constants.NUM_RIGID_ONE_VS_ONE
    n_wood = constants.NUM_WOOD if ffa else constants.NUM_WOOD_ONE_VS_ONE
    n_items = constants.NUM_ITEMS if ffa else constants.NUM_ITEMS_ONE_VS_ONE
    n_agents = 4 if ffa else 2
    game_type = constants.GameType.FFA if ffa else constants.GameType.OneVsOne
    kinds = (a.agents or ",".join(["S"] * n_agents)).split(",")
    if len(kinds) != n_agents or any(k not in ("S", "R") for k in kinds):
        sys.exit("record_trace.py: --agents needs %d of S or R" % n_agents)

    class NumpyRandomAgent(BaseAgent):
        def act(self, obs, action_space):
            return int(np.random.randint(6))

    # run_battle.py's seeding, then env.reset() as v0 does it
    np.random.seed(a.seed)
    random.seed(a.seed)
    board = utility.make_board(size, n_rigid, n_wood, n_agents)
    items = utility.make_items(board, n_items)
    probe = random.Random(a.seed)
    mtskip = 0
    while probe.getstate() != random.getstate():
        probe.getrandbits(32)
        mtskip += 1
        if mtskip > 10 ** 6:
            sys.exit("record_trace.py: cannot count the generator's words")
    agents = [SimpleAgent() if k == "S" else NumpyRandomAgent() for k in kinds]
    for i, ag in enumerate(agents):
        ag.init_agent(i, game_type)
        pos = np.where(board == utility.agent_value(i))
        ag.set_start_position((int(pos[0][0]), int(pos[1][0])))
        ag.reset()
    bombs, flames = [], []
    model = fm_mod.ForwardModel()
    log = DrawLog()
    random.random = log.random
    random.choice = log.choice

    out = sys.stdout if a.out == "-" else open(a.out, "w")
    w = out.write
    w("# pommerman-ref trace v1 (format: see README.md), recorded by record_trace.py\n")
    w("GAME config %s seed %d size %d agents %s mtskip %d\n" % (name, a.seed, size, ",".join(kinds), mtskip))
    w("B %s\n" % board_text(board))
    w("I %s\n" % items_text(items))
    w("G %s\n" % agents_text(agents))
    step = 0
    last_items = items_text(items)
    while True:
        obs = model.get_observations(board, agents, bombs, flames, False, None, game_type, name)
        for o in obs:
            o["step_count"] = step
        w("T %d\n" % (step + 1))
        o = obs[0]
        alive = ",".join(str(v) for v in o["alive"]) or "-"
        w("O %d %s %s bs=%s bl=%s bd=%s fl=%s\n" % (step, alive, board_text(o["board"]),
          sparse(o["bomb_blast_strength"]), sparse(o["bomb_life"]), sparse(o["bomb_moving_direction"]),
          sparse(o["flame_life"])))
        actions = []
        for i, ag in enumerate(agents):
            if not ag.is_alive:
                actions.append(constants.Action.Stop.value)
                continue
            log.tokens, log.on = [], kinds[i] == "S"
            act = ag.act(obs[i], action_space=None)
            log.on = False
            actions.append(int(act))
            if kinds[i] == "S":
                oi = obs[i]
                w("D %d %d,%d %d %d %d %d %s\n" % (i, oi["position"][0], oi["position"][1], oi["ammo"],
                  oi["blast_strength"], int(oi["can_kick"]), int(act), log.text()))
        w("A %s\n" % " ".join(str(x) for x in actions))
        board, agents, bombs, items, flames = model.step(actions, board, agents, bombs, items, flames,
                                                        max_blast_strength=10)
        step += 1
        w("B %s\n" % board_text(board))
        w("M %s\n" % (" ".join("%d,%d,%d,%d,%d,%d" % (b.position[0], b.position[1], b.bomber.agent_id, b.life,
                                                       b.blast_strength,
                                                       b.moving_direction.value if b.moving_direction else 0)
                               for b in bombs) or "-"))
        w("F %s\n" % (" ".join("%d,%d,%d" % (f.position[0], f.position[1], f.life) for f in flames) or "-"))
        w("G %s\n" % agents_text(agents))
        it = items_text(items)
        if it != last_items:
            w("I %s\n" % it)
            last_items = it
        if model.get_done(agents, step, constants.MAX_STEPS, game_type, None):
            break
    rewards = model.get_rewards(agents, game_type, step, constants.MAX_STEPS)
    info = model.get_info(True, rewards, game_type, agents)
    winners = ",".join(str(x) for x in info.get("winners", [])) or "-"
    w("END steps %d result %s winners %s rewards %s\n" % (step, info["result"].name, winners,
                                                          ",".join(str(int(r)) for r in rewards)))
    if out is not sys.stdout:
        out.close()


if __name__ == "__main__":
    main()
