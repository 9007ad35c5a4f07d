"""dmap.arenas.pommerman, the Pommerman arena behind the playground's interface: observations
equal to the arena's own (key for key, type for type), the recorded games of the original
environment in every config (FFA, one-vs-one, teams, fog, the collapsing board, radio) replayed
through the Python environment step for step, Python agents against the C bots, radio words
between Python agents, errors as values, the playground's side methods."""
import glob
import gzip
import json
import os
import random
import time

import numpy as np
import pytest

from conftest import data_path

from dmap.arenas import pommerman as pm

OBS_KEYS = ["alive", "board", "bomb_blast_strength", "bomb_life", "bomb_moving_direction",
            "flame_life", "game_type", "game_env", "position", "blast_strength", "can_kick",
            "teammate", "ammo", "enemies", "step_count"]
MAPS = {"bs": "bomb_blast_strength", "bl": "bomb_life", "bd": "bomb_moving_direction", "fl": "flame_life"}


TEAM_CONFIGS = [c for c, v in pm.CONFIGS.items() if v[0] in (pm.GameType.Team, pm.GameType.TeamRadio)]


def traces():
    folder = data_path("arenas", "pommerman", "data", "traces")
    return sorted(glob.glob(os.path.join(folder, "*", "*.txt")) + glob.glob(os.path.join(folder, "*", "*.txt.gz")))


def kinds_of(path):
    """The agent kinds of a recorded game's folder name (<config>-<kinds>)."""
    return os.path.basename(os.path.dirname(path)).rsplit("-", 1)[1]


def trace_id(path):
    return "/".join(path.split(os.sep)[-2:])


def read_trace(path):
    """The header and the steps of a recorded game (data/README.md, formats v1 and v2: one O
    line, or one per agent with fog; R, the radio's words; C, a collapse after the step)."""
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt") as f:
        lines = [ln.rstrip("\n") for ln in f if not ln.startswith("#")]
    game = lines[0].split()
    head = {"config": game[2], "seed": int(game[4]), "agents": game[8].split(","), "mtskip": int(game[10])}
    for ln in lines[1:4]:
        head[ln[0]] = ln[2:]
    steps, cur, end = [], None, None
    for ln in lines[4:]:
        tag, _, rest = ln.partition(" ")
        if tag == "T":
            cur = {"t": int(rest), "D": [], "O": []}
            steps.append(cur)
        elif tag == "O":
            cur["O"].append(rest)
        elif tag == "D":
            cur["D"].append(rest.split())
        elif tag == "R":
            cur["R"] = [tuple(int(w) for w in pair.split(",")) for pair in rest.split()]
        elif tag == "C":
            cur["C"] = int(rest)
        elif tag == "A":
            cur["A"] = [int(a) for a in rest.split()]
        elif tag == "END":
            f = rest.split()
            end = {"steps": int(f[1]), "result": f[3], "winners": f[5], "rewards": [int(r) for r in f[7].split(",")]}
        else:
            cur[tag] = rest
    return head, steps, end


def board_of(text, n):
    return np.array([int(ch, 16) for ch in text], dtype=np.uint8).reshape(n, n)


def sparse_map(text, n):
    m = np.zeros((n, n))
    if text != "-":
        for entry in text.split(";"):
            cell, v = entry.split(":")
            r, c = cell.split(",")
            m[int(r), int(c)] = float(v)
    return m


def check_obs_line(obs, line, n):
    """obs equals a trace's O line: step count, alive, board, the four maps, the message."""
    f = line.split()
    assert obs["step_count"] == int(f[0])
    assert obs["alive"] == ([] if f[1] == "-" else [int(a) for a in f[1].split(",")])
    assert np.array_equal(obs["board"], board_of(f[2], n))
    for part in f[3:]:
        name, _, text = part.partition("=")
        if name == "msg":
            assert obs["message"] == tuple(int(w) for w in text.split(","))
        else:
            assert np.array_equal(obs[MAPS[name]], sparse_map(text, n)), name


def check_types(obs, n, agent, config):
    """The playground's keys, types and per-config values (v0.py, v1.py, v2.py, characters.py)."""
    game_type, game_env = pm.CONFIGS[config]
    radio = game_type is pm.GameType.TeamRadio
    assert list(obs) == OBS_KEYS + (["message"] if radio else [])
    assert obs["board"].dtype == np.uint8 and obs["board"].shape == (n, n)
    for k in MAPS.values():
        assert obs[k].dtype == np.float64 and obs[k].shape == (n, n)
    assert type(obs["position"]) is tuple and all(type(v) is np.int64 for v in obs["position"])
    for k in ("blast_strength", "ammo", "step_count", "game_type"):
        assert type(obs[k]) is int, k
    assert type(obs["can_kick"]) is bool
    if config in TEAM_CONFIGS:
        mate = (agent + 2) % 4
        assert obs["teammate"] is pm.Item(10 + mate)
        assert obs["enemies"] == [pm.Item(10 + i) for i in range(4) if i not in (agent, mate)] + [pm.Item.AgentDummy]
    else:
        assert obs["teammate"] is pm.Item.AgentDummy
        nagents = 4 if config != "OneVsOne-v0" else 2
        assert obs["enemies"] == [pm.Item(10 + i) for i in range(nagents) if i != agent]
    assert all(type(a) is int for a in obs["alive"])
    assert obs["game_env"] == game_env
    assert obs["game_type"] == game_type.value
    if radio:
        assert type(obs["message"]) is tuple and len(obs["message"]) == 2
        assert all(type(w) is int for w in obs["message"])
    view = pm._arenas.POMMERMAN_CONFIGS[config]["view_size"]
    if view:  # fog: every cell whose row or column lies farther than the view from the agent
        r, c = (int(v) for v in obs["position"])
        rows, cols = np.indices((n, n))
        out = (abs(rows - r) > view) | (abs(cols - c) > view)
        assert (obs["board"][out] == pm.Item.Fog.value).all() and (obs["board"][~out] != pm.Item.Fog.value).all()
        for k in MAPS.values():
            assert (obs[k][out] == 0).all()


class Replayer(pm.BaseAgent):
    """Plays given actions (or radio answers), one per call; remembers what it was shown."""

    def __init__(self, actions=None):
        super().__init__()
        self.actions = actions
        self.seen = []
        self.ended = None

    def act(self, obs, action_space):
        self.seen.append(obs)
        return self.actions[obs["step_count"]]

    def episode_end(self, reward):
        self.ended = reward


@pytest.mark.parametrize("path", traces(), ids=trace_id)
def test_recorded_game_replays_through_the_environment(path):
    """Every recorded game of every config: the observations each agent is handed (fog, teammate,
    message), who is asked to act (not the dead, not those the collapsing ring kills), the
    state after every step, the collapses, rewards, done and info."""
    head, steps, end = read_trace(path)
    n = int(len(head["B"]) ** 0.5)
    nagents = len(head["agents"])
    radio = pm.CONFIGS[head["config"]][0] is pm.GameType.TeamRadio

    def answer(s, i):  # RandomAgents speak in radio games; SimpleAgents answer plain actions
        if radio and head["agents"][i] == "R":
            return (s["A"][i],) + s["R"][i]
        return s["A"][i]

    agents = [Replayer([answer(s, i) for s in steps]) for i in range(nagents)]
    env = pm.make(head["config"], agents)
    env.seed(head["seed"])
    obs = env.reset()
    lines = env._game.state_lines()
    assert lines["B"] == head["B"] and lines["I"] == head["I"] and lines["G"] == head["G"]
    items = head["I"]
    done = False
    for s in steps:
        assert not done
        for i in range(nagents):
            check_obs_line(obs[i], s["O"][i if len(s["O"]) > 1 else 0], n)
            check_types(obs[i], n, i, head["config"])
        for d in s["D"]:
            o = obs[int(d[0])]
            r, c = (int(v) for v in d[1].split(","))
            assert (o["position"], o["ammo"], o["blast_strength"], o["can_kick"]) == ((r, c), int(d[2]), int(d[3]), d[4] == "1")
        asked_before = [len(a.seen) for a in agents]
        actions = env.act(obs)
        asked = [len(a.seen) > k for a, k in zip(agents, asked_before)]
        # SimpleAgents asked are those with D lines; RandomAgents (no collapse in radio games) the living
        simple_asked = {int(d[0]) for d in s["D"]}
        alive = set(obs[0]["alive"])
        assert asked == [i in simple_asked if head["agents"][i] == "S" else 10 + i in alive for i in range(nagents)], s["t"]
        assert actions == [answer(s, i) if asked[i] else 0 for i in range(nagents)], s["t"]
        obs, reward, done, info = env.step(actions)
        lines = env._game.state_lines()
        items = s.get("I", items)
        assert (lines["B"], lines["M"], lines["F"], lines["G"], lines["I"]) == (s["B"], s["M"], s["F"], s["G"], items), s["t"]
        assert env._step_count == s["t"]
        if "C" in s:
            assert env.collapses[s["C"]] == s["t"]
        elif env.collapses:
            assert s["t"] not in env.collapses
    assert done and env._step_count == end["steps"]
    assert reward == end["rewards"]
    assert info["result"] is getattr(pm.Result, end["result"])
    if end["result"] == "Win":
        assert info["winners"] == [int(w) for w in end["winners"].split(",")]
    assert [a.ended for a in agents] == end["rewards"]
    assert env.errors == []


@pytest.mark.parametrize("kind", ["C", "Python"])
@pytest.mark.parametrize("path", [p for p in traces() if "R" not in kinds_of(p)], ids=trace_id)
def test_simple_agents_play_the_recorded_games(path, kind):
    """Seats named "simple", and our Python SimpleAgent-style agents drawing from env.random,
    play the playground's SimpleAgent games in every config: every action of the recorded game."""
    from simple_agent import SimpleStyleAgent
    head, steps, end = read_trace(path)
    n = len(head["agents"])
    agents = ["simple"] * n if kind == "C" else [SimpleStyleAgent() for _ in range(n)]
    env = pm.make(head["config"], agents)
    for a in agents:
        if not isinstance(a, str):
            a.rng = env.random
    env.seed(head["seed"])
    obs = env.reset()
    for s in steps:
        actions = env.act(obs)
        assert actions == s["A"], s["t"]
        obs, reward, done, info = env.step(actions)
    assert done and reward == end["rewards"]


def test_global_random_is_drawn_as_the_playground_draws_it():
    head, _, _ = read_trace(traces()[0])
    env = pm.make(head["config"], ["stop"] * len(head["agents"]))
    random.seed(head["seed"])
    env.reset()
    assert env._game.state_lines()["B"] == head["B"]
    # the global generator is left after the board: random.Random(seed) advanced by mtskip words
    ref = random.Random(head["seed"])
    for _ in range(head["mtskip"]):
        ref.getrandbits(32)
    assert random.random() == ref.random()
    # env.seed leaves the global generator alone
    state = random.getstate()
    env.seed(head["seed"])
    env.reset()
    assert random.getstate() == state and env._game.state_lines()["B"] == head["B"]


@pytest.mark.parametrize("config,seed", [("PommeFFACompetition-v0", 5), ("OneVsOne-v0", 7), ("PommeFFACompetition-v0", 11),
                                         ("PommeTeam-v0", 5), ("PommeTeamCompetition-v0", 6), ("PommeFFA-v1", 7),
                                         ("PommeTeamCompetition-v1", 8), ("PommeRadio-v2", 9)])
def test_observations_equal_the_arenas_own(config, seed):
    """Every observation dict, every step, equals the C arena's view of the same state."""
    nseats = 2 if config == "OneVsOne-v0" else 4
    env = pm.make(config, ["dmap", "simple", "tutorial", "simple"][:nseats])
    env.seed(seed)
    obs = env.reset()
    n = obs[0]["board"].shape[0]
    done = False
    while True:
        lines = env._game.state_lines()
        g = [[int(v) for v in a.split(",")] for a in lines["G"].split()]
        for i in range(nseats):
            check_types(obs[i], n, i, config)
            check_obs_line(obs[i], env._game.obs_line(i), n)
            r, c, ammo, blast, kick, _ = g[i]
            assert (obs[i]["position"], obs[i]["ammo"], obs[i]["blast_strength"], obs[i]["can_kick"]) == ((r, c), ammo, blast, bool(kick))
        if done:
            break
        obs, _, done, _ = env.step(env.act(obs))
    assert env._step_count > 10


def play_c(config, bots, seed):
    env = pm.make(config, bots)
    env.seed(seed)
    obs = env.reset()
    states, actions, done = [env._game.state_lines()], [], False
    while not done:
        a = env.act(obs)
        actions.append(a)
        obs, reward, done, info = env.step(a)
        states.append(env._game.state_lines())
    return states, actions, reward, info


@pytest.mark.parametrize("seed", [3, 8])
def test_python_agents_replaying_the_c_bots_give_the_same_game(seed):
    states, actions, reward, info = play_c("PommeFFACompetition-v0", ["simple"] * 4, seed)
    agents = [Replayer([a[i] for a in actions]) for i in range(4)]
    env = pm.make("PommeFFACompetition-v0", agents)
    env.seed(seed)
    obs = env.reset()
    got, done = [env._game.state_lines()], False
    while not done:
        obs, r, done, inf = env.step(env.act(obs))
        got.append(env._game.state_lines())
    assert got == states and r == reward and inf == info
    # each agent was asked exactly while alive, with the observation of that step
    for i, a in enumerate(agents):
        assert [o["step_count"] for o in a.seen] == list(range(len(a.seen)))


def test_the_fast_path_plays_the_same_game():
    states, actions, reward, _ = play_c("PommeFFACompetition-v0", ["simple", "dmap", "simple", "tutorial"], 4)
    env = pm.make("PommeFFACompetition-v0", ["simple", "dmap", "simple", "tutorial"])
    env.seed(4)
    env.reset()
    rewards, info = env.run()
    assert env._step_count == len(actions) and rewards == reward
    assert env._game.state_lines() == states[-1]


# ---- errors are values -------------------------------------------------------------------------

class Raises(pm.BaseAgent):
    def act(self, obs, action_space):
        raise ValueError("broken agent")


class Garbage(pm.BaseAgent):
    def __init__(self, answers):
        super().__init__()
        self.answers = answers
        self.k = 0

    def act(self, obs, action_space):
        self.k += 1
        return self.answers[self.k % len(self.answers)]


class Slow(pm.BaseAgent):
    def act(self, obs, action_space):
        time.sleep(0.003)
        return pm.Action.Up.value


def same_as_stop_seat(agent, seat=1, seed=2, time_limit=None):
    """A game with agent in seat plays exactly as one with the C bot 'stop' there."""
    bots = ["simple"] * 4
    ref_states, _, ref_reward, _ = play_c("PommeFFACompetition-v0", bots[:seat] + ["stop"] + bots[seat + 1:], seed)
    env = pm.make("PommeFFACompetition-v0", bots[:seat] + [agent] + bots[seat + 1:], time_limit=time_limit)
    env.seed(seed)
    obs = env.reset()
    states, done = [env._game.state_lines()], False
    with pytest.warns(RuntimeWarning) as warned:
        while not done:
            obs, reward, done, _ = env.step(env.act(obs))
            states.append(env._game.state_lines())
    assert states == ref_states and reward == ref_reward
    assert len([w for w in warned if "agent %d" % seat in str(w.message)]) == 1  # reported once
    assert env.errors and all(e[1] == seat for e in env.errors)
    return env


def test_an_agent_that_raises_plays_stop():
    env = same_as_stop_seat(Raises())
    assert env.errors[0][2] == "act raised" and "broken agent" in env.errors[0][3]
    assert [e[0] for e in env.errors] == list(range(len(env.errors)))  # every decision, in order


def test_an_agent_that_answers_garbage_plays_stop():
    env = same_as_stop_seat(Garbage(["up", None, 7, -1, 2.0, [], object(), True]))
    assert {e[2] for e in env.errors} == {"not an action"}


def test_an_agent_too_slow_plays_stop():
    env = same_as_stop_seat(Slow(), time_limit=0.001)
    assert {e[2] for e in env.errors} == {"timeout"}


def test_answers_the_playground_accepts():
    answers = [pm.Action.Left, np.int64(2), [3, 1, 2], (4,), 5]
    agents = [Garbage(answers)] + ["stop"] * 3
    env = pm.make("PommeFFACompetition-v0", agents)
    env.seed(1)
    obs = env.reset()
    got = [env.act(obs)[0] for _ in range(5)]
    # returned as given, as the playground's forward_model.act does; step() reads each
    assert [type(a) for a in got] == [np.int64, list, tuple, int, pm.Action]
    assert got == [2, [3, 1, 2], (4,), 5, pm.Action.Left]
    assert env.errors == []


class Interrupts(pm.BaseAgent):
    def __init__(self):
        super().__init__()
        self.calls = 0

    def act(self, obs, action_space):
        self.calls += 1
        if self.calls == 3:
            raise KeyboardInterrupt
        return 0


def test_an_interrupt_leaves_the_game_as_it_was():
    agent = Interrupts()
    env = pm.make("PommeFFACompetition-v0", ["simple", agent, "simple", "simple"])
    env.seed(6)
    env.reset()
    env.play_step()
    env.play_step()
    before = env._game.state_lines()
    with pytest.raises(KeyboardInterrupt):
        env.play_step()
    assert env._game.state_lines() == before and env._step_count == 2
    assert env.play_step() is False and env._step_count == 3
    assert env.errors == []


class Reenters(pm.BaseAgent):
    def __init__(self):
        super().__init__()
        self.env = None

    def act(self, obs, action_space):
        self.env.step([0, 0, 0, 0])
        return 0


def test_an_agent_may_not_drive_the_game_from_act():
    agent = Reenters()
    env = pm.make("PommeFFACompetition-v0", [agent, "stop", "stop", "stop"])
    agent.env = env
    env.seed(1)
    obs = env.reset()
    with pytest.warns(RuntimeWarning):
        obs, _, _, _ = env.step(env.act(obs))
    assert env._step_count == 1 and env.errors[0][2] == "act raised" and "RuntimeError" in env.errors[0][3]


def test_agent_callbacks_that_raise_are_errors_too():
    class Bad(pm.BaseAgent):
        def act(self, obs, action_space):
            return 0

        def episode_end(self, reward):
            raise RuntimeError("end")

        def shutdown(self):
            raise RuntimeError("down")

    env = pm.make("OneVsOne-v0", [Bad(), "simple"])
    env.seed(3)
    obs, done = env.reset(), False
    with pytest.warns(RuntimeWarning):
        while not done:
            obs, _, done, _ = env.step(env.act(obs))
        env.close()
    assert [e[2] for e in env.errors] == ["episode_end raised", "shutdown raised"]


# ---- the playground's side of things -----------------------------------------------------------

def test_constants_have_the_playgrounds_names_and_values():
    assert [(i.name, i.value) for i in pm.Item][:4] == [("Passage", 0), ("Rigid", 1), ("Wood", 2), ("Bomb", 3)]
    assert pm.Item.AgentDummy.value == 9 and pm.Item.Agent3.value == 13 and pm.Item.Kick.value == 8
    assert [a.name for a in pm.Action] == ["Stop", "Up", "Down", "Left", "Right", "Bomb"]
    assert (pm.GameType.FFA.value, pm.GameType.Team.value, pm.GameType.TeamRadio.value, pm.GameType.OneVsOne.value) == (1, 2, 3, 4)
    assert (pm.Result.Win.value, pm.Result.Loss.value, pm.Result.Tie.value, pm.Result.Incomplete.value) == (0, 1, 2, 3)
    assert set(pm.C_BOTS) >= {"simple", "dmap", "random", "stop", "tutorial"}


def test_make_checks_its_arguments():
    with pytest.raises(ValueError):
        pm.make("NoSuchEnv-v0", ["stop"] * 4)
    with pytest.raises(ValueError):
        pm.make("PommeRadioCompetition-v2", ["stop"] * 2)
    with pytest.raises(ValueError):
        pm.make("PommeFFACompetition-v0", ["stop"] * 3)
    with pytest.raises(ValueError):
        pm.make("PommeFFACompetition-v0", ["stop", "nobody", "stop", "stop"])
    env = pm.make("PommeFFACompetition-v0", ["stop"] * 4)
    with pytest.raises(RuntimeError):
        env.act(None)  # before reset
    env.seed(1)
    env.reset()
    with pytest.raises(ValueError):
        env.step([0, 0])


def test_seats_take_bot_specs_with_parameters():
    """A seat may be a bot spec "BOT:NAME=VALUE..." as the arena's --bots lists take it."""
    others = ["simple", "simple", "simple"]
    default = play_c("PommeFFACompetition-v0", ["dmap"] + others, 4)
    spelled = play_c("PommeFFACompetition-v0", ["dmap:powerup=12:trap_enemy=40"] + others, 4)
    assert spelled[0] == default[0] and spelled[1] == default[1]  # the defaults spelled out
    changed = play_c("PommeFFACompetition-v0", ["dmap:powerup=0:wood_base=0:wood_each=0:bomb_wood=0"] + others, 4)
    assert changed[1] != default[1]  # the values reach the bot
    env = pm.make("PommeFFACompetition-v0", ["dmap:powerup=0"] + others)
    assert env._game.bots[0] == "dmap:powerup=0"
    for spec, line in [("nobody:x=1", "seat 0: unknown bot 'nobody'"),
                       ("nobody", "seat 0: unknown bot 'nobody'"),
                       ("dmap:nope=1", "seat 0: unknown parameter 'nope' of bot dmap"),
                       ("dmap:powerup=1000", "out of range"),
                       ("dmap:powerup=x", "is not a number"),
                       ("simple:x=1", "seat 0: bot simple has no parameters")]:
        with pytest.raises(ValueError, match=line):
            pm.make("PommeFFACompetition-v0", [spec] + others)


def test_init_agent_gets_the_seat_and_game_type():
    a, b = pm.BaseAgent(), pm.RandomAgent()
    pm.make("OneVsOne-v0", [a, b])
    assert (a.agent_id, a.game_type, b.agent_id) == (0, pm.GameType.OneVsOne, 1)


class TheirConstants:
    """A constants module of an agent's own, as an agent written for the playground imports
    the playground's: a plain Enum of the same names and values, not dmap's."""
    import enum as _enum
    Item = _enum.Enum("Item", [(n, v) for n, v in ((m.name, m.value) for m in pm.Item)])


class TheirCharacter:
    """What the playground's agents hold: a character whose reset() reads the start position
    the environment gave it."""

    def set_start_position(self, start_position):
        self.start_position = start_position

    def reset(self, is_alive=True):
        self.position = self.start_position
        self.is_alive = is_alive


class PlaygroundStyleAgent(TheirCharacter):
    """Reads enemies and the board through its own constants, as the playground's SimpleAgent
    does (constants.Item(e) for e in obs['enemies']); stops."""

    def __init__(self):
        self.seen = []

    def act(self, obs, action_space):
        enemies = [TheirConstants.Item(e) for e in obs["enemies"]]
        here = TheirConstants.Item(obs["board"][tuple(obs["position"])])
        self.seen.append((enemies, here, self.position))
        return 0


def test_agents_with_their_own_constants_and_characters_run_unchanged():
    agents = [PlaygroundStyleAgent() for _ in range(4)]
    env = pm.make("PommeFFACompetition-v0", agents)
    env.seed(3)
    obs = env.reset()
    for i, a in enumerate(agents):
        assert a.position == tuple(obs[i]["position"])  # set before reset(), as the playground does
    for _ in range(3):
        env.step(env.act(env.get_observations()))
    assert env.errors == []
    for i, a in enumerate(agents):
        enemies, here, _ = a.seen[-1]
        assert [e.name for e in enemies] == ["Agent%d" % j for j in range(4) if j != i]
        assert all(type(e) is TheirConstants.Item for e in enemies)
        assert here.name == "Agent%d" % i


def test_json_info_round_trip_continues_the_same_game(tmp_path):
    env = pm.make("PommeFFACompetition-v0", ["simple"] * 4)
    env.seed(2)
    obs = env.reset()
    for _ in range(40):
        obs, _, _, _ = env.step(env.act(obs))
    info = env.get_json_info()
    assert set(info) == {"board_size", "step_count", "board", "agents", "bombs", "flames", "items", "intended_actions"}
    assert all(isinstance(v, str) for v in info.values())
    path = tmp_path / "state.json"
    path.write_text(json.dumps(info))
    other = pm.make("PommeFFACompetition-v0", ["stop"] * 4, game_state_file=str(path))
    other.reset()
    assert other._game.state_lines() == env._game.state_lines() and other._step_count == 40
    moves = [[0, 1, 2, 5], [3, 4, 0, 0], [5, 5, 5, 5]]
    for m in moves:
        a = env.step(m)
        b = other.step(m)
        assert env._game.state_lines() == other._game.state_lines() and a[1] == b[1] and a[2] == b[2]
    with pytest.raises(ValueError):
        other.set_json_info(dict(info, board=json.dumps([[0] * 11] * 10)))
    assert other._game.state_lines() == env._game.state_lines()  # all or nothing


def test_render_and_replays(tmp_path, capsys):
    env = pm.make("OneVsOne-v0", [pm.RandomAgent(), "dmap"])
    env.action_space.seed(3)
    env.seed(1)
    obs, done = env.reset(), False
    while not done:
        obs, _, done, _ = env.step(env.act(obs))
    text = env.render(mode="ansi")
    assert text.startswith("step %d\n" % env._step_count) and "agent 1" in text
    env.render()
    assert capsys.readouterr().out == text
    env.save_replay(str(tmp_path / "game.jsonl"))
    lines = (tmp_path / "game.jsonl").read_text().splitlines()
    assert len(lines) == env._step_count + 2 and '"result"' in lines[-1]
    assert json.loads(lines[0])["players"] == ["RandomAgent", "dmap"] == env._game.bots
    env.save_html(str(tmp_path / "game.html"))
    html = (tmp_path / "game.html").read_text()
    assert html.startswith("<!") and "pommerman" in html
    with pytest.raises(OSError):
        env.save_replay(str(tmp_path / "no" / "such" / "dir.jsonl"))


def test_set_json_info_refuses_states_the_game_never_makes():
    env = pm.make("PommeFFACompetition-v0", ["stop"] * 4)
    env.seed(1)
    env.reset()
    good = env.get_json_info()
    bomb = {"position": [1, 1], "bomber_id": 0, "life": 5, "blast_strength": 2, "moving_direction": None}
    flame = {"position": [2, 2], "life": 1}
    bad = [
        {"bombs": json.dumps([bomb, bomb])},
        {"flames": json.dumps([flame, flame])},
        {"bombs": json.dumps([dict(bomb, life=0)])},
        {"bombs": json.dumps([dict(bomb, position=[11, 0])])},
        {"bombs": json.dumps([dict(bomb, bomber_id=4)])},
        {"items": json.dumps([[[0, 0], 3]])},
        {"board": json.dumps([[14] * 11] * 11)},
        {"agents": json.dumps([])},
        {"flames": json.dumps([{"position": "ab", "life": 1}])},
    ]
    before = env._game.state_lines()
    for change in bad:
        with pytest.raises((ValueError, TypeError)):
            env.set_json_info(dict(good, **change))
        assert env._game.state_lines() == before
    env.set_json_info(dict(good, bombs=json.dumps([bomb]), flames=json.dumps([flame, dict(flame, life=2)])))
    assert env._game.state_lines()["M"] == "1,1,0,5,2,0" and env._game.state_lines()["F"] == "2,2,1 2,2,2"
    for _ in range(12):
        env.step([5, 5, 5, 5])


class Mixed(pm.BaseAgent):
    """Answers well, raises, answers garbage, in turn."""

    def __init__(self):
        super().__init__()
        self.k = 0

    def act(self, obs, action_space):
        self.k += 1
        if self.k % 3 == 1:
            raise ValueError("x" * 100)
        return [self.k % 6] if self.k % 3 == 2 else "garbage"


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
def test_no_leaks_over_many_decisions():
    """Observations, decisions and error values of 60,000 decisions (10,000 under ASan) do not
    grow the memory Python tracks or (plain build) the resident set."""
    import tracemalloc
    under_asan = os.environ.get("DMAP_UNDER_ASAN") == "1"
    decisions = 10_000 if under_asan else 60_000
    env = pm.make("PommeFFACompetition-v0", [Mixed(), Stop(), "simple", Mixed()])

    def play(n):
        done, k = True, 0
        while k < n:
            if done:
                env.seed(k)
                obs = env.reset()
            obs, _, done, _ = env.step(env.act(obs))
            env.play_step()
            done = env._game.done()
            k += 4
            del env.errors[:]

    def rss():
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")

    play(decisions // 4)
    tracemalloc.start()
    r0, t0 = rss(), tracemalloc.get_traced_memory()[0]
    play(decisions)
    t1 = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    assert t1 - t0 < 200_000, t1 - t0
    if not under_asan:
        assert rss() - r0 < 2_000_000, rss() - r0


class Stop(pm.BaseAgent):
    def act(self, obs, action_space):
        return 0


@pytest.mark.parametrize("config,seats,seed", [
    ("PommeFFACompetition-v0", seats, seed) for seats in ("PPPP", "SPSP", "PSSS") for seed in (1, 2, 9)] + [
    (config, seats, seed) for config in ("PommeTeam-v0", "PommeTeamCompetition-v0", "PommeTeamCompetition-v1",
                                         "PommeFFA-v1", "PommeRadio-v2")
    for seats, seed in (("PPPP", 4), ("SPSP", 5), ("PSPS", 12))])
def test_python_simple_style_agents_play_the_c_simple_bots_game(config, seats, seed):
    """Our own SimpleAgent-style agent in plain Python, drawing from env.random, plays exactly
    the game of the C `simple` bot in its seats, C bots and Python agents mixed, in FFA, team,
    fog, collapsing and radio games."""
    from simple_agent import SimpleStyleAgent
    ref_states, ref_actions, ref_reward, _ = play_c(config, ["simple"] * 4, seed)
    agents = [SimpleStyleAgent() if k == "P" else "simple" for k in seats]
    env = pm.make(config, agents)
    for a in agents:
        if not isinstance(a, str):
            a.rng = env.random
    env.seed(seed)
    obs, done, k = env.reset(), False, 0
    while not done:
        actions = env.act(obs)
        assert actions == ref_actions[k], k
        obs, reward, done, _ = env.step(actions)
        k += 1
        assert env._game.state_lines() == ref_states[k]
    assert reward == ref_reward and env.errors == []


# ---- v2's radio ----------------------------------------------------------------------------------

class Talker(pm.BaseAgent):
    """The SimpleAgent-style agent's action with two words of its own: its seat and the step
    count, each modulo the vocabulary; remembers the messages it was shown."""

    def __init__(self, rng):
        from simple_agent import SimpleStyleAgent
        super().__init__()
        self.inner = SimpleStyleAgent(rng)
        self.heard = []

    def act(self, obs, action_space):
        self.heard.append((obs["step_count"], obs["message"]))
        return [self.inner.act(obs, action_space), self.agent_id, obs["step_count"] % pm.RADIO_VOCAB_SIZE]


@pytest.mark.parametrize("config", ["PommeRadio-v2", "PommeRadioCompetition-v2"])
def test_python_agents_talk_over_the_radio(config):
    """Words answered with act() reach the teammate's next observation, and no one else's; a
    dead agent says 0,0; the game on the board is the one of the C `simple` bots (the words
    change nothing there); act() hands back what each agent answered."""
    seed = 3
    ref_states, ref_actions, ref_reward, _ = play_c(config, ["simple"] * 4, seed)
    agents = [Talker(None) for _ in range(3)] + ["simple"]
    env = pm.make(config, agents)
    for a in agents[:3]:
        a.inner.rng = env.random
    env.seed(seed)
    obs, done, k = env.reset(), False, 0
    assert [o["message"] for o in obs] == [(0, 0)] * 4
    while not done:
        answers = env.act(obs)
        alive = env._game.alive()
        for i in range(3):
            assert answers[i] == ([ref_actions[k][i], i, k % 8] if alive[i] else 0)  # as answered
        assert answers[3] == ref_actions[k][3]  # a plain action: the message 0,0
        obs, reward, done, _ = env.step(answers)
        k += 1
        assert env._game.state_lines() == ref_states[k]
        for i in range(4):
            mate = (i + 2) % 4
            said = (mate, (k - 1) % 8) if mate < 3 and alive[mate] else (0, 0)
            assert obs[i]["message"] == said, (k, i)
            line = env._game.obs_line(i)
            assert line.endswith(" msg=%d,%d" % said)
    assert reward == ref_reward and env.errors == []
    # each Talker heard its teammate's words of the step before
    for i, a in enumerate(agents[:3]):
        mate = (i + 2) % 4
        for t, heard in a.heard[1:]:
            assert heard == ((mate, (t - 1) % 8) if mate < 3 else (0, 0))


def test_c_search_bots_speak_over_the_radio():
    """The C `search` bot says its reports in radio games: act() answers (action, word, word) for
    a C seat that said words other than 0,0, the words reach its teammate's next observation, and
    the game played through act()/step() is the one play_step() plays (which passes the C bots'
    words itself)."""
    config, seats, seed = "PommeRadioCompetition-v2", ["search:radio=1", "simple", "search:radio=1", "simple"], 4
    env = pm.make(config, seats)
    env.seed(seed)
    obs, done, spoke = env.reset(), False, 0
    while not done and env._game.step_count < 120:
        answers = env.act(obs)
        for i in (1, 3):
            assert type(answers[i]) is int
        for i in (0, 2):
            if type(answers[i]) is tuple:
                spoke += 1
                assert len(answers[i]) == 3 and all(0 <= w < pm.RADIO_VOCAB_SIZE for w in answers[i][1:])
                assert answers[i][1:] != (0, 0)
        obs, _, done, _ = env.step(answers)
        for i in (0, 2):
            said = answers[i][1:] if type(answers[i]) is tuple else (0, 0)
            assert obs[(i + 2) % 4]["message"] == said
    assert spoke > 0
    other = pm.make(config, seats)
    other.seed(seed)
    other.reset()
    while other._game.step_count < env._game.step_count:
        other._game.play_step()
    assert other._game.state_lines() == env._game.state_lines()


def test_radio_random_agents_speak_through_the_tuple_action_space():
    env = pm.make("PommeRadio-v2", [pm.RandomAgent(), "simple", pm.RandomAgent(), "simple"])
    assert isinstance(env.action_space, pm.Tuple) and [sp.n for sp in env.action_space.spaces] == [6, 8, 8]
    env.seed(2)
    obs = env.reset()
    answers = env.act(obs)
    assert type(answers[0]) is tuple and len(answers[0]) == 3 and env.action_space.contains(answers[0])
    assert type(answers[1]) is int
    obs, _, _, _ = env.step(answers)
    assert obs[2]["message"] == answers[0][1:] and obs[0]["message"] == answers[2][1:]
    assert obs[1]["message"] == obs[3]["message"] == (0, 0)


def test_words_outside_the_vocabulary_are_errors_the_action_is_played():
    agents = [Garbage([[1, 8, 0], (2, 0), [3, "a", 1], [4, -1, 2]]), "stop", "stop", "stop"]
    env = pm.make("PommeRadio-v2", agents)
    env.seed(1)
    obs = env.reset()
    with pytest.warns(RuntimeWarning, match="its action with the words 0,0"):
        got = [env.act(obs)[0] for _ in range(4)]
    assert got == [2, 3, 4, 1]
    assert [e[2] for e in env.errors] == ["not a message"] * 4
    # step() takes bad words as 0,0 too
    obs, _, _, _ = env.step([(0, 9, 9), 0, (0, 1, 2), 0])
    assert obs[2]["message"] == (0, 0) and obs[0]["message"] == (1, 2)


def test_radio_words_survive_json_info_and_reset_as_in_v2():
    env = pm.make("PommeRadio-v2", ["stop"] * 4)
    env.seed(1)
    env.reset()
    obs, _, _, _ = env.step([(0, 1, 2), (0, 3, 4), (0, 5, 6), (0, 7, 0)])
    info = env.get_json_info()
    assert json.loads(info["radio_from_agent"]) == {"Agent0": [1, 2], "Agent1": [3, 4], "Agent2": [5, 6], "Agent3": [7, 0]}
    assert json.loads(info["radio_vocab_size"]) == 8 and json.loads(info["radio_num_words"]) == 2
    other = pm.make("PommeRadio-v2", ["stop"] * 4)
    other.seed(1)
    other.reset()
    other.set_json_info(info)
    assert [o["message"] for o in other.get_observations()] == [(5, 6), (7, 0), (1, 2), (3, 4)]
    # v2 never clears its radio: the next game starts with the last words
    env.seed(2)
    assert [o["message"] for o in env.reset()] == [(5, 6), (7, 0), (1, 2), (3, 4)]
    v1 = pm.make("PommeFFA-v1", ["stop"] * 4)
    v1.seed(1)
    v1.reset()
    assert json.loads(v1.get_json_info()["collapses"]) == [500, 575, 650, 725]
