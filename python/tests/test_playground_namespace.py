"""The playground's `pommerman` namespace on dmap (dmap.arenas.playground): agents written here in
the playground's idioms (enum comparisons, character fields, the run_battle loop and its
seeding, JSON state records) play recorded games of the original environment
(arenas/pommerman/data/traces, MultiAgentLearning/playground 5315f6d) and see what they saw
there; the opt-in leaves a real playground alone."""
import datetime
import json
import os
import random
import subprocess
import sys

import numpy as np
import pytest

from test_pommerman import board_of, read_trace, data_path


@pytest.fixture
def pommerman():
    """`import pommerman` as the namespace for one test, removed afterwards."""
    from dmap.arenas import playground
    saved = {n: m for n, m in sys.modules.items() if n == "pommerman" or n.startswith("pommerman.")}
    assert playground.install()
    import pommerman as ns
    yield ns
    for n in [n for n in sys.modules if n == "pommerman" or n.startswith("pommerman.")]:
        del sys.modules[n]
    sys.modules.update(saved)


def trace(name):
    return read_trace(data_path("arenas", "pommerman", "data", "traces", *name.split("/")))


def agents_line(text):
    """A G line: per agent (position, ammo, blast_strength, can_kick, is_alive)."""
    out = []
    for a in text.split():
        r, c, ammo, blast, kick, alive = (int(v) for v in a.split(","))
        out.append(((r, c), ammo, blast, bool(kick), bool(alive)))
    return out


def idiom_agent_class(pommerman):
    """An agent written for the playground: plays given actions and, at every call, checks what
    such agents rely on (its character's fields, the enums of the observation), noting each
    mismatch (an exception in act() would only be an error value)."""
    from pommerman import agents, constants, utility

    class IdiomAgent(agents.BaseAgent):
        def __init__(self, actions):
            super().__init__()
            self.actions, self.k, self.wrong, self.calls = actions, 0, [], 0

        def init_agent(self, id_, game_type):
            super().init_agent(id_, game_type)
            self.game_type_seen = game_type

        def act(self, obs, action_space):
            self.calls += 1
            me = getattr(constants.Item, "Agent%d" % self.agent_id)
            checks = {
                "position": self.position == tuple(obs["position"]),
                "ammo": self.ammo == obs["ammo"],
                "blast_strength": self.blast_strength == obs["blast_strength"],
                "can_kick": self.can_kick == obs["can_kick"],
                "is_alive": self.is_alive and me.value in obs["alive"],
                "teammate": self.teammate == obs["teammate"] and isinstance(obs["teammate"], constants.Item),
                "enemies": self.enemies == list(obs["enemies"]),
                "on its cell": constants.Item(obs["board"][self.position]) == me,
                "utility": utility.position_is_agent(obs["board"], self.position)
                and utility.position_on_board(obs["board"], self.position),
            }
            if self._character._game_type == constants.GameType.FFA:
                checks["ffa"] = (obs["teammate"] == constants.Item.AgentDummy
                                 and constants.Item.AgentDummy not in obs["enemies"] and len(obs["enemies"]) == 3)
            self.wrong += [(obs["step_count"], k) for k, ok in checks.items() if not ok]
            a = self.actions[self.k]
            self.k += 1
            return constants.Action(a).value

    return IdiomAgent


@pytest.mark.parametrize("name", ["ffa-SRSR/seed_1.txt", "ffa-SRSR/seed_2.txt"])
def test_run_battle_loop_replays_the_recorded_game(pommerman, name, tmp_path):
    """run_battle's seeding and loop with SimpleAgents and, in the RandomAgents' seats, agents in
    the playground's idioms playing the recorded actions: the same board, actions, characters
    after every step (the G lines), result enum and JSON record."""
    from pommerman import agents, constants, utility
    head, steps, end = trace(name)
    IdiomAgent = idiom_agent_class(pommerman)
    players = [agents.SimpleAgent() if k == "S" else IdiomAgent([s["A"][i] for s in steps])
               for i, k in enumerate(head["agents"])]
    env = pommerman.make(head["config"], players)
    assert all(p.game_type_seen is constants.GameType.FFA for p in players if isinstance(p, IdiomAgent))
    seed = head["seed"]
    np.random.seed(seed)
    random.seed(seed)
    env.seed(seed)
    record = tmp_path / "json"
    record.mkdir()
    obs = env.reset()
    n = len(obs[0]["board"])
    assert np.array_equal(obs[0]["board"], board_of(head["B"], n))
    want = agents_line(head["G"])
    done, t = False, 0
    while not done:
        env.save_json(str(record))
        for i, p in enumerate(players):
            assert (p.position, p.ammo, p.blast_strength, p.can_kick, p.is_alive) == want[i], (t, i)
        actions = env.act(obs)
        assert actions == steps[t]["A"], t
        obs, reward, done, info = env.step(actions)
        want = agents_line(steps[t]["G"])
        t += 1
    for i, p in enumerate(players):
        assert (p.position, p.ammo, p.blast_strength, p.can_kick, p.is_alive) == want[i]
    env.save_json(str(record))
    assert t == end["steps"]
    assert info["result"] is getattr(constants.Result, end["result"])
    for p in players:
        if isinstance(p, IdiomAgent):
            assert p.wrong == [] and p.calls > 10
    utility.join_json_state(str(record), ["simple::", "test::agents.IdiomAgent"] * 2, "now", head["config"], info)
    merged = json.loads((record / "game_state.json").read_text())
    assert os.listdir(record) == ["game_state.json"]
    assert merged["result"] == {"name": end["result"], "id": getattr(constants.Result, end["result"]).value}
    assert ("winners" in merged) == (end["result"] != "Tie")
    assert [json.loads(s["step_count"]) for s in merged["state"]] == list(range(end["steps"] + 1))
    last = np.array(json.loads(merged["state"][-1]["board"]))
    assert np.array_equal(last, board_of(steps[-1]["B"], n))


def test_seed_is_the_playgrounds(pommerman):
    """env.seed(S) does not choose the board (the playground's seeds only its np_random): the
    global random does, so a later env.seed(other) changes nothing."""
    from pommerman import agents
    head, _, _ = trace("ffa-SSSS/seed_1.txt")
    env = pommerman.make(head["config"], [agents.SimpleAgent() for _ in range(4)])
    random.seed(1)
    env.seed(987654321)
    obs = env.reset()
    assert np.array_equal(obs[0]["board"], board_of(head["B"], 11))
    after = random.random()
    random.seed(1)
    env2 = pommerman.make(head["config"], [agents.SimpleAgent() for _ in range(4)])
    env2.reset()
    assert random.random() == after  # the global generator is left where the playground leaves it


@pytest.mark.parametrize("config,mates", [("PommeTeamCompetition-v0", {0: 2, 1: 3, 2: 0, 3: 1}),
                                          ("OneVsOne-v0", {0: None, 1: None}),
                                          ("PommeRadio-v2", {0: 2, 1: 3, 2: 0, 3: 1})])
def test_characters_and_enums_in_every_game_type(pommerman, config, mates):
    from pommerman import agents, constants
    IdiomAgent = idiom_agent_class(pommerman)
    rng = np.random.default_rng(4)
    n = len(mates)
    players = [IdiomAgent([int(rng.integers(6)) for _ in range(800)]) if i % 2 == 0 else agents.SimpleAgent()
               for i in range(n)]
    env = pommerman.make(config, players)
    random.seed(2)
    obs = env.reset()
    for _ in range(120):
        obs, _, done, _ = env.step(env.act(obs))
        if done:
            break
    for i, p in enumerate(players):
        mate = mates[i]
        assert p.teammate is (constants.Item.AgentDummy if mate is None else getattr(constants.Item, "Agent%d" % mate))
        assert p.teammate is obs[i]["teammate"]
        assert p.enemies == list(obs[i]["enemies"])
        assert p.is_alive == (constants.Item(10 + i).value in obs[i]["alive"])
        if p.is_alive:
            assert p.position == tuple(obs[i]["position"]) and p.ammo == obs[i]["ammo"]
        if isinstance(p, IdiomAgent):
            assert p.wrong == [] and p.calls > 0
    assert players[0].game_type_seen is {"PommeTeamCompetition-v0": constants.GameType.Team,
                                         "OneVsOne-v0": constants.GameType.OneVsOne,
                                         "PommeRadio-v2": constants.GameType.TeamRadio}[config]


AGENT_FILE = """
from . import BaseAgent
from .. import constants
from .. import utility


class EdgeAgent(BaseAgent):
    \"\"\"Written to sit in the playground's pommerman/agents/ folder.\"\"\"

    def act(self, obs, action_space):
        for a in (constants.Action.Up, constants.Action.Left, constants.Action.Down, constants.Action.Right):
            if utility.is_valid_direction(obs["board"], obs["position"], a.value):
                return a.value
        return constants.Action.Stop.value
"""


def test_agent_files_of_the_playgrounds_agents_folder(tmp_path):
    """--agents-dir: a file written for pommerman/agents/ (relative imports of BaseAgent and
    constants) imports as pommerman.agents.<file>, unedited."""
    folder = tmp_path / "agents"
    folder.mkdir()
    (folder / "edge_agent.py").write_text(AGENT_FILE)
    script = tmp_path / "run.py"
    script.write_text("import random, pommerman\n"
                      "from pommerman import agents\n"
                      "from pommerman.agents.edge_agent import EdgeAgent\n"
                      "env = pommerman.make('OneVsOne-v0', [EdgeAgent(), agents.SimpleAgent()])\n"
                      "random.seed(5)\n"
                      "obs = env.reset()\n"
                      "for _ in range(30):\n"
                      "    obs, r, done, info = env.step(env.act(obs))\n"
                      "print(type(env._players[0]).__module__, len(env.errors), env._players[0].position != (1, 1))\n")
    r = subprocess.run([sys.executable, "-m", "dmap.arenas.playground", "--agents-dir", str(folder), str(script)],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["pommerman.agents.edge_agent", "0", "True"]


SCRIPT = """
import random
import pommerman
from pommerman import agents, constants

class Mine(agents.BaseAgent):
    def act(self, obs, action_space):
        return constants.Action.Stop.value

env = pommerman.make("OneVsOne-v0", [Mine(), agents.SimpleAgent()])
random.seed(3)
env.seed(3)
obs = env.reset()
done = False
while not done:
    obs, reward, done, info = env.step(env.act(obs))
print(pommerman.__name__, info["result"] in (constants.Result.Win, constants.Result.Tie), env._step_count > 0)
"""


def test_runner_opts_in_and_leaves_a_real_playground_alone(tmp_path):
    script = tmp_path / "battle.py"
    script.write_text(SCRIPT)
    env = dict(os.environ)
    run = lambda *args, **kw: subprocess.run([sys.executable, *args], capture_output=True, text=True, timeout=120, **kw)
    # without the opt-in there is no pommerman
    r = run("-c", "import pommerman", env=env)
    assert r.returncode != 0 and "No module named 'pommerman'" in r.stderr
    r = run("-m", "dmap.arenas.playground", str(script), env=env)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["dmap.arenas.playground", "True", "True"]
    # a real playground beside it: left alone unless forced
    fake = tmp_path / "real" / "pommerman"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text("REAL = True\n")
    env["PYTHONPATH"] = str(tmp_path / "real") + os.pathsep + env.get("PYTHONPATH", "")
    r = run("-m", "dmap.arenas.playground", str(script), env=env)
    assert r.returncode == 2 and "a real playground" in r.stderr
    r = run("-c", "import dmap.arenas.playground as p; print(p.install()); import pommerman; print(pommerman.REAL)", env=env)
    assert r.stdout.split() == ["False", "True"], r.stderr
    r = run("-m", "dmap.arenas.playground", "--force", str(script), env=env)
    assert r.returncode == 0 and r.stdout.split()[0] == "dmap.arenas.playground", r.stderr


FAKE_CONSTANTS = """
from enum import Enum
class Item(Enum):
    Passage = 0; Rigid = 1; Wood = 2; Bomb = 3; Flames = 4; Fog = 5; ExtraBomb = 6; IncrRange = 7; Kick = 8
    AgentDummy = 9; Agent0 = 10; Agent1 = 11; Agent2 = 12; Agent3 = 13
class GameType(Enum):
    FFA = 1; Team = 2; TeamRadio = 3; OneVsOne = 4
class Action(Enum):
    Stop = 0; Up = 1; Down = 2; Left = 3; Right = 4; Bomb = 5
class Result(Enum):
    Win = 0; Loss = 1; Tie = 2; Incomplete = 3
"""

FAKE_AGENT = """
import random
import pommerman.constants as constants
from dmap.arenas import pommerman as dm

class Character:
    # a character as the playground's Bomber sets it up (teammate, enemies by game type)
    def __init__(self, agent_id, game_type):
        self.agent_id, self._game_type = agent_id, game_type
        self.ammo, self.is_alive, self.blast_strength, self.can_kick = 1, True, 2, False
        if game_type == constants.GameType.FFA:
            self.teammate = constants.Item.AgentDummy
            self.enemies = [constants.Item(10 + i) for i in range(4) if i != agent_id]
        else:
            self.teammate = constants.Item(10 + (agent_id + 2) % 4)
            self.enemies = [constants.Item(10 + i) for i in range(4) if i not in (agent_id, (agent_id + 2) % 4)]
            self.enemies.append(constants.Item.AgentDummy)
    def set_start_position(self, p):
        self.start_position = p
    def reset(self):
        self.position = self.start_position

class Agent:
    # an agent of the real playground's shape: its state in its character
    def __init__(self):
        self._character = Character
        self.wrong = 0
    def __getattr__(self, a):
        if a == "_character":
            raise AttributeError(a)
        return getattr(self._character, a)
    def init_agent(self, id_, game_type):
        self._character = self._character(id_, game_type)
    def act(self, obs, action_space):
        self.wrong += (obs["teammate"] != self.teammate or list(obs["enemies"]) != self.enemies
                       or tuple(obs["position"]) != self.position or obs["ammo"] != self.ammo)
        return random.randrange(6)

for config in ("PommeFFACompetition-v0", "PommeTeam-v0"):
    a = Agent()
    env = dm.make(config, [a, "simple", "simple", "simple"])
    random.seed(1)
    obs = env.reset()
    done = False
    while not done:
        obs, r, done, info = env.step(env.act(obs))
    print(config, a.wrong, type(info["result"]) is constants.Result, a.teammate is obs[0]["teammate"], a.is_alive == (10 in obs[0]["alive"]))
"""


def test_dmap_env_hands_a_real_playgrounds_enums_and_characters(tmp_path):
    """dmap.arenas.pommerman.make with a real playground loaded beside it (a stand-in with the
    playground's enums here): the agents get its GameType, its Item members and Result, and
    their characters follow the game."""
    pkg = tmp_path / "real" / "pommerman"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("from . import constants\n")
    (pkg / "constants.py").write_text(FAKE_CONSTANTS)
    script = tmp_path / "run.py"
    script.write_text(FAKE_AGENT)
    env = dict(os.environ, PYTHONPATH=str(tmp_path / "real") + os.pathsep + os.environ.get("PYTHONPATH", ""))
    r = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=300)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split("\n")[:2] == ["PommeFFACompetition-v0 0 True True True", "PommeTeam-v0 0 True True True"]


@pytest.mark.parametrize("name", ["ffa-SSSS/seed_1.txt", "1v1-SS/seed_1.txt"])
def test_run_battle_plays_the_recorded_game(pommerman, name, tmp_path, capsys):
    """pommerman.cli.run_battle.run with the recording's seed: the recorded game (its steps,
    result and winners), with the JSON record joined into game_state.json."""
    from pommerman.cli import run_battle
    import argparse
    head, steps, end = trace(name)
    n = len(head["agents"])
    args = argparse.Namespace(config=head["config"], agents=",".join(["test::agents.SimpleAgent"] * n),
                              agent_env_vars="", record_pngs_dir=None, record_json_dir=str(tmp_path / "json"),
                              render=False, render_mode="human", game_state_file=None, do_sleep=False)
    infos = run_battle.run(args, num_times=1, seed=head["seed"])
    assert infos[0]["result"].name == end["result"]
    assert (",".join(str(w) for w in infos[0].get("winners", [])) or "-") == end["winners"]
    merged = json.loads((tmp_path / "json" / "1" / "game_state.json").read_text())
    assert len(merged["state"]) == end["steps"] + 1
    size = 11 if n == 4 else 8
    assert np.array_equal(np.array(json.loads(merged["state"][-1]["board"])), board_of(steps[-1]["B"], size))
    assert "Final Result" in capsys.readouterr().out


def test_run_battle_as_a_module(tmp_path):
    r = subprocess.run([sys.executable, "-m", "dmap.arenas.playground", "-m", "pommerman.cli.run_battle",
                        "--config", "OneVsOne-v0", "--agents", "simple::,random::", "--record_json_dir",
                        str(tmp_path)], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    merged = json.loads((tmp_path / "1" / "game_state.json").read_text())
    assert merged["config"] == "OneVsOne-v0" and merged["agents"] == ["simple::", "random::"]
    assert merged["result"]["name"] in ("Win", "Tie") and len(merged["state"]) >= 2
