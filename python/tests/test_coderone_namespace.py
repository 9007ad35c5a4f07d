"""CoderOne's namespace on dmap (dmap.arenas.coderone): bot folders written here as the 2020
challenge's bots are written (a package whose __init__ has agent(), a module file with class
Agent; `from coderone.dungeon.agent import GameState, PlayerState, EntityTags`; tags compared
by value) load as the original runner loads them and play recorded games of the original engine
(arenas/bomber/data/traces) line for line, seeing the recorded state through the namespace's
classes."""
import io
import json
import os
import subprocess
import sys
import textwrap

import pytest

from dmap.arenas import bomber
from test_bomber import ANSWER, data_path, expected_view, play_against_trace, read_trace

BOT = '''
from coderone.dungeon.agent import GameState, PlayerState, EntityTags


class {cls}:
    """Replays the answers it is given and notes what it sees, the way CoderOne bots look."""

    def __init__(self):
        self.answers = []
        self.seen = []

    def next_move(self, game_state, player_state):
        assert isinstance(game_state, GameState) and isinstance(player_state, PlayerState)
        w, h = game_state.size
        cells = [(x, y) for x in range(w) for y in range(h)]
        bombs = sorted(c for c in cells if game_state.entity_at(c) == EntityTags.Bomb.value)
        metal = sorted(c for c in cells if game_state.entity_at(c) == EntityTags.IndestructibleBlock.value)
        wood = sorted(c for c in cells if game_state.entity_at(c) == EntityTags.SoftBlock.value)
        ore = sorted(c for c in cells if game_state.entity_at(c) == EntityTags.OreBlock.value)
        self.seen.append((game_state.tick_number, player_state.id, player_state.location, player_state.ammo,
                          player_state.hp, bombs, metal, wood, ore))
        t = game_state.tick_number
        return self.answers[t + 1] if t + 1 < len(self.answers) else None
'''


def write_bots(root):
    """A package bot (agent() in __init__, the class in a submodule) and a module-file bot (class
    Agent), as CoderOne's starter kit lays them out."""
    pkg = root / "pkgbot"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("from . import my_agent\n\n\ndef agent():\n    return my_agent.Bot()\n")
    (pkg / "my_agent.py").write_text(BOT.format(cls="Bot"))
    (root / "filebot.py").write_text(BOT.format(cls="Agent"))
    return str(pkg), str(root / "filebot.py")


@pytest.fixture
def clean_modules():
    saved = dict(sys.modules)
    path = list(sys.path)
    yield
    for n in [n for n in sys.modules if n not in saved]:
        del sys.modules[n]
    sys.modules.update(saved)
    sys.path[:] = path


def seen_in_recording(metal, state, pid):
    want = expected_view(metal, state, pid)
    tags = want["map"]
    by = lambda tag: sorted(c for c, v in tags.items() if v == tag)
    pid_, ammo, hp, loc, _, _ = want["me"]
    return (pid_, loc, ammo, hp, by("b"), by("ib"), by("sb"), by("ob"))


@pytest.mark.parametrize("name", ["random-random/seed_1", "gambit-random/seed_1"])
def test_bot_folders_replay_recorded_games(tmp_path, clean_modules, name):
    from dmap.arenas import coderone
    seed, metal, init, ticks, end = read_trace(data_path("arenas", "bomber", "data", "traces", name + ".trace.gz"))
    pkg, mod = write_bots(tmp_path)
    bots = [coderone.load_agent(pkg), coderone.load_agent(mod)]
    assert type(bots[0]).__name__ == "Bot" and type(bots[1]).__name__ == "Agent"
    assert type(bots[0]).__module__ == "pkgbot.my_agent" and type(bots[1]).__module__ == "filebot"
    for pid, b in enumerate(bots):
        b.answers = [None] + [ANSWER.get(rec["A"][pid], rec["A"][pid]) for rec in ticks[1:]]
    game = bomber.Game(bots, seed=seed)
    play_against_trace(game, init, ticks, end)
    assert game.errors == []
    for pid, b in enumerate(bots):
        assert len(b.seen) > 10
        for t, *rest in b.seen:
            assert tuple(rest) == seen_in_recording(metal, ticks[t]["state"], pid), (t, pid)


def test_the_namespace_is_the_games_classes(clean_modules):
    from dmap.arenas import coderone
    assert coderone.install()
    from coderone.dungeon.agent import EntityTags, GameState, PlayerState
    import coderone.dungeon.agent as agent
    assert (GameState, PlayerState, EntityTags) == (bomber.GameState, bomber.PlayerState, bomber.EntityTags)
    assert agent.Agent is bomber.Agent
    assert [t.value for t in EntityTags] == ["a", "t", "b", "sb", "ob", "ib"]


def test_runner_and_a_real_coderone(tmp_path):
    pkg, mod = write_bots(tmp_path)
    run = lambda *a, **kw: subprocess.run([sys.executable, "-m", "dmap.arenas.coderone", *a], capture_output=True,
                                          text=True, timeout=120, **kw)
    # the replaying bots answer nothing: a game of 1800 ticks against the C random bot
    r = run(pkg, "random", "--seed", "3")
    assert r.returncode == 0, r.stderr
    f = r.stdout.split()
    assert f[0] == "ticks" and f[-2:] == ["errors", "0"]
    r = run(str(tmp_path / "nothere"), "random")
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "nothere" in r.stderr
    # a real coderone beside it: the bot imports it; the runner still plays (duck-typed objects)
    real = tmp_path / "real" / "coderone" / "dungeon"
    real.mkdir(parents=True)
    (real.parent / "__init__.py").write_text("")
    (real / "__init__.py").write_text("")
    (real / "agent.py").write_text(textwrap.dedent("""
        from enum import Enum
        REAL = True
        class EntityTags(Enum):
            Ammo = "a"; Treasure = "t"; Bomb = "b"; SoftBlock = "sb"; OreBlock = "ob"; IndestructibleBlock = "ib"
        class GameState: pass
        class PlayerState: pass
    """))
    env = dict(os.environ, PYTHONPATH=str(tmp_path / "real") + os.pathsep + os.environ.get("PYTHONPATH", ""))
    code = "from dmap.arenas import coderone; print(coderone.install()); import coderone.dungeon.agent as a; print(a.REAL)"
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60)
    assert r.stdout.split() == ["False", "True"], r.stderr


SERVED = """
from coderone.dungeon.agent import EntityTags


class Agent:
    def next_move(self, game_state, player_state):
        print("thinking", game_state.tick_number)  # a bot's own prints must not reach the protocol
        t = game_state.tick_number
        if t % 11 == 5:
            raise RuntimeError("a bad tick")
        if t % 13 == 0:
            return "not an action"
        x, y = player_state.location
        bombs_near = sum(game_state.entity_at((x + dx, y + dy)) == EntityTags.Bomb.value
                         for dx, dy in ((0, 1), (0, -1), (1, 0), (-1, 0)))
        return "p" if player_state.ammo and not bombs_near and t % 7 == 0 else "udlr"[(t + x + y) % 4]
"""


def expected_answer(view):
    gs, ps = bomber.states_of(view)
    t = gs.tick_number
    if t % 11 == 5 or t % 13 == 0:
        return ""
    x, y = ps.location
    near = sum(gs.entity_at((x + dx, y + dy)) == "b" for dx, dy in ((0, 1), (0, -1), (1, 0), (-1, 0)))
    return "p" if ps.ammo and not near and t % 7 == 0 else "udlr"[(t + x + y) % 4]


def protocol_line(v):
    """arenas/bomber/README.md, "Outside programs": the view as the bomber CLI sends it."""
    (over, tick, ammo, treasure, bombs, blocks, players, pid, ammo_left, hp, loc, reward, power) = v
    return json.dumps({"tick_number": tick, "is_over": over, "size": [12, 10], "ammo": [list(c) for c in ammo],
                       "treasure": [list(c) for c in treasure], "bombs": [list(c) for c in bombs],
                       "blocks": [[t, list(c)] for t, c in blocks], "players": [[p, list(c)] for p, c in players],
                       "me": {"id": pid, "ammo": ammo_left, "hp": hp, "location": list(loc), "reward": reward,
                              "power": power}})


def test_serve_speaks_the_bomber_clis_protocol(tmp_path, clean_modules, capsys):
    """--serve: the bot as a `cmd:` seat's program: protocol lines in, one answer line each out
    (an exception or a non-action: an empty line), its prints kept off the answers."""
    from dmap.arenas import bomber_seat, coderone
    (tmp_path / "served.py").write_text(SERVED)
    game = bomber.Game(["random", "random"], seed=4)
    views = []
    while not game.is_over and len(views) < 300:
        game.tick()
        views.append(game._game.view(1))
    lines = [protocol_line(v) for v in views]
    assert [bomber_seat.view_of_json(ln) for ln in lines] == views
    out = io.StringIO()
    assert coderone.serve(str(tmp_path / "served.py"), stdin=io.StringIO("\n".join(lines) + "\n"), stdout=out) == 0
    assert out.getvalue().split("\n")[:-1] == [expected_answer(v) for v in views]
    err = capsys.readouterr().err
    assert "thinking 0" in err and "a bad tick" in err
