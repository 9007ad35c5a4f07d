"""dmap.arenas.bomber_seat: an agent of CoderOne's interface as a `cmd:` seat of the bomber CLI.
A scripted agent that draws from `random` and NumPy and prints to stdout plays the same game
through `bomber match` (the bridge a child process) as inside dmap.arenas.bomber.Game with the
generators seeded alike: the same answers tick by tick and the same result. Bad input: one
stderr line and exit 2. The CLI is the ctest build's (DMAP_BOMBER_CLI, set by
python/CMakeLists.txt); the test is skipped where that is not set (the wheel's run)."""
import json
import os
import random
import re
import subprocess
import sys

import numpy as np
import pytest

from dmap.arenas import bomber, bomber_seat

AGENT = '''
import os, random, sys
import numpy as np


class Scripted:
    """Moves from the state and both generators; bombs now and then; prints as bots do."""

    def __init__(self):
        self.first = random.random()          # a draw when the agent is made
        self.trace = open(os.environ["SEAT_TRACE"], "a")

    def next_move(self, game_state, player_state):
        print("thinking", game_state.tick_number)              # sys.stdout
        os.write(1, b"raw bytes on descriptor 1\\n")          # below sys.stdout
        if game_state.tick_number == 7:
            raise ValueError("a bad tick")                    # answered as no action
        x, y = player_state.location
        r = random.random() + float(np.random.rand())
        if player_state.ammo and r > 1.7 and game_state.entity_at((x, y)) != "b":
            a = "p"
        else:
            a = "udlr"[int(r * 1000 + self.first * 10) % 4]
        if game_state.tick_number % 9 == 4:
            a = "nonsense"                                    # not an action: ignored
        self.trace.write("%d %s %s %r\\n" % (game_state.tick_number, player_state.location,
                                             game_state.is_over, a))
        self.trace.flush()
        return a


class Broken:
    def __init__(self):
        raise RuntimeError("cannot start")


agent = Scripted
'''


def cli():
    path = os.environ.get("DMAP_BOMBER_CLI")
    if not path:
        pytest.skip("DMAP_BOMBER_CLI not set (ctest sets it to the bomber CLI)")
    return path


def seat(*args):
    # Under ASan the tests preload the sanitizer's runtime for Python (run.sh); the CLI carries
    # its own and refuses a preloaded one (match), so the seat's Python gets it back here.
    preload = os.environ.get("LD_PRELOAD")
    python = "env LD_PRELOAD=%s %s" % (preload, sys.executable) if preload else sys.executable
    return "cmd:%s -m dmap.arenas.bomber_seat %s" % (python, " ".join(args))


def match(tmp_path, seed, bots, trace):
    env = dict(os.environ, SEAT_TRACE=str(trace))
    env.pop("LD_PRELOAD", None)
    r = subprocess.run([cli(), "match", "--seed", str(seed), "--first-limit", "60000", "--limit", "10000",
                        "--bot-stderr", str(tmp_path / "bots.err"), "--bots", bots],
                       capture_output=True, text=True, env=env, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "ended:" not in r.stdout + r.stderr, r.stdout + r.stderr
    return r.stdout.strip().split("\n")[-1]


def parse_result(line):
    """(winner pid or None, reason, ticks, scores, hp) of `match`'s last line."""
    m = re.fullmatch(r"winner: (none|pid (\d) \(.*\)), reason: (\w+) after (\d+) ticks, "
                     r"scores: (-?\d+)-(-?\d+), hp: (-?\d+)-(-?\d+)", line)
    assert m, line
    g = m.groups()
    return (None if g[1] is None else int(g[1]), g[2], int(g[3]), [int(g[4]), int(g[5])], [int(g[6]), int(g[7])])


@pytest.fixture
def agent_file(tmp_path):
    path = tmp_path / "scripted_bot.py"
    path.write_text(AGENT)
    return path


@pytest.mark.parametrize("seed,pid,opponent", [(3, 0, "gambit2"), (5, 1, "simple")])
def test_a_seat_plays_the_game_of_the_python_door(tmp_path, agent_file, seed, pid, opponent):
    via_cli = tmp_path / "cli.trace"
    me = seat("--seed", "11", str(agent_file) + ":Scripted")
    names = [me, opponent] if pid == 0 else [opponent, me]
    line = match(tmp_path, seed, ",".join(names), via_cli)
    # the same agent inside the Python door, the generators seeded as --seed 11 seeds them
    in_door = tmp_path / "door.trace"
    os.environ["SEAT_TRACE"] = str(in_door)
    try:
        ns = {}
        exec(compile(AGENT, str(agent_file), "exec"), ns)
        bomber_seat.seed_generators(11)
        agent = ns["Scripted"]()
        game = bomber.Game([agent, opponent] if pid == 0 else [opponent, agent], seed=seed)
        r = game.run()
        agent.trace.close()
    finally:
        del os.environ["SEAT_TRACE"]
    door_lines = in_door.read_text().split("\n")
    assert len(door_lines) > 500
    assert via_cli.read_text().split("\n") == door_lines
    assert parse_result(line) == (r["winner"], r["reason"], r["ticks"], list(r["scores"]), list(r["hp"])), (line, r)
    assert [e[2] for e in game.errors if e[1] == pid][:2] == ["unexpected move", "next_move raised"]
    err = (tmp_path / "bots.err").read_text()
    assert "thinking 0" in err and "raw bytes on descriptor 1" in err and "ValueError: a bad tick" in err


def test_the_default_seed_is_the_first_views(tmp_path, agent_file):
    """No --seed: the generators are seeded from the first view, the same run after run and
    other draws on another map."""
    traces = []
    for k, seed in enumerate((2, 2, 4)):
        t = tmp_path / ("run%d.trace" % k)
        match(tmp_path, seed, seat(str(agent_file)) + ",random", t)
        traces.append(t.read_text())
    assert traces[0] == traces[1] and traces[0] != traces[2]
    # the seed is the CRC-32 of the first line, whatever the --seed of the match
    line = json.dumps({"tick_number": 0})
    assert bomber_seat.line_seed(line + "\n") == bomber_seat.line_seed(line)
    bomber_seat.seed_generators(bomber_seat.line_seed(line))
    a = (random.random(), float(np.random.rand()))
    bomber_seat.seed_generators(bomber_seat.line_seed(line))
    assert a == (random.random(), float(np.random.rand()))


def run_seat(*args, stdin=""):
    return subprocess.run([sys.executable, "-m", "dmap.arenas.bomber_seat", *args], input=stdin,
                          capture_output=True, text=True, timeout=120)


def test_bad_agents_are_one_line_and_an_exit_status(tmp_path, agent_file):
    (tmp_path / "fails_import.py").write_text("import no_such_module_here\n")
    (tmp_path / "no_agent.py").write_text("x = 1\n")
    for args, word in (([str(tmp_path / "nothere.py")], "nothere.py"),
                       ([str(agent_file) + ":Missing"], "Missing"),
                       ([str(agent_file) + ":not-a-name"], "not-a-name"),
                       ([str(tmp_path / "fails_import.py")], "no_such_module_here"),
                       ([str(tmp_path / "no_agent.py")], "agent() or Agent")):
        r = run_seat(*args)
        assert r.returncode == 2 and r.stdout == "", (args, r)
        assert r.stderr.count("\n") == 1 and word in r.stderr, (args, r.stderr)
    # an agent whose constructor raises: found, but it cannot play; exit 1 on the first view
    game = bomber.Game(["random", "random"], seed=1)
    view = game._game.view(0)
    line = json.dumps({"tick_number": view[1], "is_over": view[0], "size": [12, 10], "ammo": [], "treasure": [],
                       "bombs": [], "blocks": [[t, list(c)] for t, c in view[5]],
                       "players": [[p, list(c)] for p, c in view[6]],
                       "me": {"id": 0, "ammo": 3, "hp": 3, "location": list(view[10]), "reward": 0, "power": 2}})
    env_trace = dict(SEAT_TRACE=str(tmp_path / "x.trace"))
    os.environ.update(env_trace)
    try:
        r = run_seat(str(agent_file) + ":Broken", stdin=line + "\n")
        assert r.returncode == 1 and r.stdout == "" and "cannot start" in r.stderr, r
        r = run_seat(str(agent_file), stdin=line + "\n")
        assert r.returncode == 0 and r.stdout in ("u\n", "d\n", "l\n", "r\n", "p\n"), r
    finally:
        del os.environ["SEAT_TRACE"]
    # usage errors are argparse's: exit 2
    assert run_seat().returncode == 2
