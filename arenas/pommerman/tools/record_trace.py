#!/usr/bin/env python3
"""record_trace.py — record games from the ORIGINAL Pommerman environment in the trace formats v1
and v2 of data/README.md (in arenas/pommerman), so that `pommerman replay TRACE --agents` can check
the C engine and SimpleAgent port on games beyond the recorded ones, in every config.

This file holds none of the original's code: it imports the game logic, the environments and the
config registry from a checkout of MultiAgentLearning/playground given with --playground (files
pommerman/constants.py, utility.py, characters.py, forward_model.py, configs.py, envs/v0.py,
envs/v1.py, envs/v2.py, agents/base_agent.py, agents/simple_agent.py), builds the registry's
environment for the config id and plays it as cli/run_battle.py does (seeding, env.reset(), then
env.step with every living agent's act). gym, jsonmerge, ruamel.yaml and the pyglet viewer,
which those modules import but a game never uses, are replaced by empty stand-ins, so only
numpy is needed (Debian: python3-numpy). On CPython 3.11+ random.sample no longer takes a set;
the set is turned into a tuple first, which is what CPython 3.8-3.10 did inside random.sample.

RandomAgents (kind R) draw from numpy's generator seeded with the game seed (the original's
RandomAgent is not reproducible from a seed, see the trace README); their actions are logged,
and in radio games they also send two uniform words, logged in the R lines.

usage: record_trace.py --playground DIR --config ID --agents S,R,... --seed N [--out FILE]
       (ID: a config id of the registry, or ffa / 1v1)
"""
import argparse
import os
import random
import sys
import tempfile
import types


def stub_modules():
    """Empty stand-ins for the modules the environment imports but a game never uses: gym (the
    env's base class and its action/observation space objects, which nothing here samples),
    jsonmerge, ruamel.yaml (configs.py saves configs with it) and the pyglet viewer."""
    class Space:
        def __init__(self, *args, **kwargs):
            pass

    gym = types.ModuleType("gym")
    gym.Env = object
    gym.spaces = types.SimpleNamespace(Discrete=Space, Box=Space, Tuple=Space)
    gym.utils = types.ModuleType("gym.utils")
    gym.utils.seeding = types.SimpleNamespace(np_random=lambda seed=None: (None, seed))
    gym.utils.reraise = None
    sys.modules["gym"] = gym
    sys.modules["gym.utils"] = gym.utils
    jm = types.ModuleType("jsonmerge")
    jm.Merger = object
    sys.modules["jsonmerge"] = jm
    ruamel = types.ModuleType("ruamel")
    ruamel.yaml = types.ModuleType("ruamel.yaml")
    sys.modules["ruamel"] = ruamel
    sys.modules["ruamel.yaml"] = ruamel.yaml


def load_playground(root):
    """Imports the game-logic modules, the environments (envs/v0, v1, v2) and the config registry
    (configs.py) as the package `pommerman` from root/pommerman, with a minimal agents package
    (BaseAgent and SimpleAgent only) and no viewer."""
    stub_modules()
    pkg = types.ModuleType("pommerman")
    pkg.__path__ = [os.path.join(root, "pommerman")]
    sys.modules["pommerman"] = pkg
    agents = types.ModuleType("pommerman.agents")
    agents.__path__ = [os.path.join(root, "pommerman", "agents")]
    sys.modules["pommerman.agents"] = agents
    sys.modules["pommerman.graphics"] = types.ModuleType("pommerman.graphics")
    import importlib
    base = importlib.import_module("pommerman.agents.base_agent")
    agents.BaseAgent = base.BaseAgent
    simple = importlib.import_module("pommerman.agents.simple_agent")
    return (importlib.import_module("pommerman.constants"), importlib.import_module("pommerman.configs"),
            simple.SimpleAgent, base.BaseAgent)


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


SHORT_NAMES = {"ffa": "PommeFFACompetition-v0", "1v1": "OneVsOne-v0"}


def registry(configs):
    """The playground's config registry: every configs.*_env() by its env_id."""
    out = {}
    for name in dir(configs):
        if name.endswith("_env"):
            c = getattr(configs, name)()
            out[c["env_id"]] = c
    return out


def state_lines(env, radio):
    """The state lines B, M, F, G after a step, and I's payload (written only when it changed)."""
    lines = ["B %s\n" % board_text(env._board),
             "M %s\n" % (" ".join("%d,%d,%d,%d,%d,%d" % (b.position[0], b.position[1], b.bomber.agent_id, b.life,
                                                          b.blast_strength,
                                                          b.moving_direction.value if b.moving_direction else 0)
                                  for b in env._bombs) or "-"),
             "F %s\n" % (" ".join("%d,%d,%d" % (f.position[0], f.position[1], f.life) for f in env._flames) or "-"),
             "G %s\n" % agents_text(env._agents)]
    return lines, items_text(env._items)


def obs_text(o, radio):
    alive = ",".join(str(v) for v in o["alive"]) or "-"
    text = "%d %s %s bs=%s bl=%s bd=%s fl=%s" % (o["step_count"], alive, board_text(o["board"]),
                                                 sparse(o["bomb_blast_strength"]), sparse(o["bomb_life"]),
                                                 sparse(o["bomb_moving_direction"]), sparse(o["flame_life"]))
    if radio:
        text += " msg=%d,%d" % tuple(int(w) for w in o["message"])
    return text


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--playground", required=True)
    ap.add_argument("--config", default="ffa", help="a config id of the registry, or ffa / 1v1")
    ap.add_argument("--agents", default=None)
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--out", default="-")
    a = ap.parse_args()
    constants, configs, SimpleAgent, BaseAgent = load_playground(a.playground)
    import numpy as np
    random.sample = _sample

    reg = registry(configs)
    name = SHORT_NAMES.get(a.config, a.config)
    if name not in reg:
        sys.exit("record_trace.py: unknown config %s (known: %s)" % (a.config, ", ".join(sorted(reg))))
    cfg = reg[name]
    kw = cfg["env_kwargs"]
    game_type = cfg["game_type"]
    n_agents = 2 if game_type == constants.GameType.OneVsOne else 4
    partial = bool(kw.get("is_partially_observable"))
    radio = game_type == constants.GameType.TeamRadio
    kinds = (a.agents or ",".join(["S"] * n_agents)).split(",")
    if len(kinds) != n_agents or any(k not in ("S", "R") for k in kinds):
        sys.exit("record_trace.py: --agents needs %d of S or R" % n_agents)

    class NumpyRandomAgent(BaseAgent):
        """Uniform actions from numpy's generator; in radio games also two uniform words."""

        def act(self, obs, action_space):
            act = int(np.random.randint(6))
            if radio:
                return [act, int(np.random.randint(kw["radio_vocab_size"])),
                        int(np.random.randint(kw["radio_vocab_size"]))]
            return act

    env = cfg["env"](**kw)
    agents = [SimpleAgent() if k == "S" else NumpyRandomAgent() for k in kinds]
    for i, ag in enumerate(agents):
        ag.init_agent(i, game_type)
    env.set_agents(agents)
    env.set_init_game_state(None)
    # run_battle.py's seeding, then env.reset()
    np.random.seed(a.seed)
    random.seed(a.seed)
    obs = env.reset()
    probe = random.Random(a.seed)
    mtskip = 0
    while probe.getstate() != random.getstate():
        probe.getrandbits(32)
        mtskip += 1
        if mtskip > 10 ** 6:
            sys.exit("record_trace.py: cannot count the generator's words")
    log = DrawLog()
    random.random = log.random
    random.choice = log.choice
    # v1 collapses a ring after the step's observations were made: the state lines of that step
    # are the state before the collapse (what the agents observe), and a C line names the ring.
    collapsed = {}
    if hasattr(env, "_collapse_board"):
        collapse_board = env._collapse_board

        def collapse_logged(ring):
            collapsed["lines"] = state_lines(env, radio)
            collapsed["ring"] = ring
            return collapse_board(ring)
        env._collapse_board = collapse_logged

    out = sys.stdout if a.out == "-" else open(a.out, "w")
    w = out.write
    version = "v2" if (partial or radio or "first_collapse" in kw or game_type == constants.GameType.Team) else "v1"
    w("# pommerman-ref trace %s (format: see README.md)\n" % version)
    w("GAME config %s seed %d size %d agents %s mtskip %d\n" % (name, a.seed, kw["board_size"], ",".join(kinds),
                                                                mtskip))
    w("B %s\n" % board_text(env._board))
    w("I %s\n" % items_text(env._items))
    w("G %s\n" % agents_text(env._agents))
    last_items = items_text(env._items)
    while True:
        w("T %d\n" % (env._step_count + 1))
        for o in (obs if partial else obs[:1]):
            w("O %s\n" % obs_text(o, radio))
        actions, words = [], []
        for i, ag in enumerate(agents):
            if not ag.is_alive:
                act = constants.Action.Stop.value
            else:
                log.tokens, log.on = [], kinds[i] == "S"
                act = ag.act(obs[i], action_space=env.action_space)
                log.on = False
            actions.append(act)
            plain = act if isinstance(act, int) else act[0]
            words.append("0,0" if isinstance(act, int) else "%d,%d" % (act[1], act[2]))
            if kinds[i] == "S" and ag.is_alive:
                oi = obs[i]
                w("D %d %d,%d %d %d %d %d %s\n" % (i, oi["position"][0], oi["position"][1], oi["ammo"],
                  oi["blast_strength"], int(oi["can_kick"]), int(plain), log.text()))
        if radio:
            w("R %s\n" % " ".join(words))
        w("A %s\n" % " ".join(str(x if isinstance(x, int) else x[0]) for x in actions))
        collapsed.clear()
        obs, rewards, done, info = env.step(actions)
        lines, it = collapsed["lines"] if collapsed else state_lines(env, radio)
        for line in lines:
            w(line)
        if it != last_items:
            w("I %s\n" % it)
            last_items = it
        if collapsed:
            w("C %d\n" % collapsed["ring"])
        if done:
            break
    winners = ",".join(str(x) for x in info.get("winners", [])) or "-"
    w("END steps %d result %s winners %s rewards %s\n" % (env._step_count, info["result"].name, winners,
                                                          ",".join(str(int(r)) for r in rewards)))
    if out is not sys.stdout:
        out.close()


if __name__ == "__main__":
    main()
