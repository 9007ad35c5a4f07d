"""dmap.arenas.bomber, the bomber arena behind CoderOne's agent interface: agents written in
CoderOne's style (next_move(game_state, player_state) on GameState and PlayerState objects)
replay the recorded games of the original engine tick for tick, their state objects equal the
recorded state at every tick, a Python agent that replays a C bot's answers plays the C bot's
game, a Python port of the `random` bot plays the C bot's games, errors as values."""
import glob
import gzip
import os
import random
import warnings

import pytest

from conftest import data_path

from dmap.arenas import bomber

TAGS = {"s": "sb", "o": "ob"}
ANSWER = {"~": None, "_": "", "-": None}


def traces():
    return sorted(glob.glob(os.path.join(data_path("arenas", "bomber", "data", "traces"), "*", "*.trace.gz")))


def read_trace(path):
    """seed, metal cells, the state lines before tick 0, the ticks (T line, answers, the
    state's lines, X line) and the END line of a recorded game (data/README.md, trace v1)."""
    with gzip.open(path, "rt") as f:
        lines = [ln.rstrip("\n") for ln in f if not ln.startswith("#")]
    seed = int(lines[0].split()[2])
    at = next(i for i, ln in enumerate(lines) if ln.startswith("INIT"))
    metal = [tuple(int(v) for v in c.split(",")) for c in lines[at + 1].split()[1:]]
    init = lines[at + 2:at + 10]
    ticks, i = [], at + 10
    while not lines[i].startswith("END"):
        t = lines[i].split()
        ticks.append({"T": lines[i], "A": (t[3], t[4]), "state": lines[i + 1:i + 9], "X": lines[i + 9]})
        i += 10
    return seed, metal, init, ticks, lines[i]


def cells(text):
    return [tuple(int(v) for v in c.split(",")[:2]) for c in text.split()[1:]]


def expected_view(metal, state, pid):
    """GameState's and PlayerState's values as the original builds them from the recorded state
    lines (game.py _serialize_state, _serialize_map, _player_state)."""
    players = [tuple(int(v) for v in ln.split()[1:]) for ln in state[:2]]
    wood_ore = [(TAGS[c.split(",")[2]], tuple(int(v) for v in c.split(",")[:2])) for c in state[4].split()[1:]]
    blocks = [("ib", m) for m in metal] + wood_ore
    ammo, treasure, bombs = cells(state[5]), cells(state[6]), cells(state[2])
    game_map = {}
    for p in players:
        game_map[(p[1], p[2])] = p[0]
    for tag, pos in blocks:
        game_map[pos] = tag
    for tag, lst in (("a", ammo), ("t", treasure), ("b", bombs)):
        for pos in lst:
            game_map[pos] = tag
    me = players[pid]
    return {"ammo": ammo, "treasure": treasure, "bombs": bombs, "blocks": blocks,
            "players": [(p[0], (p[1], p[2])) for p in players], "map": game_map,
            "me": (pid, me[4], me[3], (me[1], me[2]), me[5], me[6])}


def check_states(gs, ps, want, tick, over):
    """The state objects against expected_view: every attribute and method of the original."""
    assert gs.tick_number == tick and gs.is_over == over and gs.size == (12, 10)
    assert gs.ammo == want["ammo"] and gs.treasure == want["treasure"] and gs.bombs == want["bombs"]
    assert gs.all_blocks == [p for _, p in want["blocks"]]
    for tag, attr in (("ib", "indestructible_blocks"), ("sb", "soft_blocks"), ("ob", "ore_blocks")):
        assert getattr(gs, attr) == [p for t, p in want["blocks"] if t == tag]
    positions = [pos for _, pos in want["players"]]
    assert gs.opponents() == positions
    assert gs.opponents(ps.id) == [pos for pid, pos in want["players"] if pid != ps.id]
    for x in range(-1, 13):
        for y in range(-1, 11):
            inside = 0 <= x < 12 and 0 <= y < 10
            assert gs.is_in_bounds((x, y)) == inside
            assert gs.entity_at((x, y)) == (want["map"].get((x, y)) if inside else None)
            assert gs.is_occupied((x, y)) == (inside and (x, y) in want["map"])
    assert (ps.id, ps.ammo, ps.hp, ps.location, ps.reward, ps.power) == want["me"]
    assert all(isinstance(p, tuple) for p in gs.ammo + gs.bombs + gs.treasure + [ps.location])


class ReplayAgent:
    """An agent in CoderOne's style that answers what a recorded game says it answered, and
    checks the state objects it gets against the recorded state of that tick."""

    def __init__(self, pid, metal, init, ticks, check=True):
        self.pid, self.metal, self.init, self.ticks, self.check = pid, metal, init, ticks, check
        self.calls = 0

    def next_move(self, game_state, player_state):
        t = game_state.tick_number
        if self.check:
            want = expected_view(self.metal, self.ticks[t]["state"], self.pid)
            check_states(game_state, player_state, want, t, t == len(self.ticks) - 1)
        self.calls += 1
        if t + 1 >= len(self.ticks):
            return None
        a = self.ticks[t + 1]["A"][self.pid]
        return ANSWER.get(a, a)


def play_against_trace(game, init, ticks, end):
    """Ticks the game and compares every line with the recording."""
    assert game.tick_lines() is None
    assert game.state_lines() == init
    for rec in ticks:
        game.tick()
        assert game.tick_lines() == (rec["T"], rec["X"]), rec["T"]
        assert game.state_lines() == rec["state"], rec["T"]
    assert game.is_over
    assert game.end_line() == end


@pytest.mark.parametrize("path", traces(), ids=lambda p: "/".join(p.split(os.sep)[-2:]))
def test_python_agents_replay_recorded_games(path):
    """Both seats are Python agents answering the recorded answers on the state objects they
    get (checked against the recording at every tick): every line of the game is the original's."""
    seed, metal, init, ticks, end = read_trace(path)
    agents = [ReplayAgent(p, metal, init, ticks) for p in range(2)]
    game = bomber.Game(agents, seed=seed)
    play_against_trace(game, init, ticks, end)
    assert game.errors == []
    alive_calls = [sum(1 for rec in ticks if int(rec["state"][p].split()[4]) > 0) for p in range(2)]
    assert [a.calls for a in agents] == alive_calls
    r = game.result
    f = end.split()
    assert r["ticks"] == int(f[2]) and r["reason"] == f[6] and r["scores"] == [int(f[8]), int(f[9])]
    assert r["winner"] == (None if f[4] == "none" else int(f[4]))


@pytest.mark.parametrize("name", ["gambit-random/seed_1", "gambit-gambit/seed_1"])
def test_c_gambit_beside_a_python_agent(name):
    """The C Gambit in seat 0, a Python agent replaying the recorded seat 1: the recorded game."""
    seed, metal, init, ticks, end = read_trace(data_path("arenas", "bomber", "data", "traces", name + ".trace.gz"))
    game = bomber.Game(["gambit", ReplayAgent(1, metal, init, ticks)], seed=seed)
    assert game._game.bots == ["gambit", "python"]
    play_against_trace(game, init, ticks, end)
    assert game.errors == []


class ScriptAgent:
    """Answers a list of answers given per tick number (the trace letters ~ _ u d l r b p)."""

    def __init__(self, answers):
        self.answers = answers

    def next_move(self, game_state, player_state):
        a = self.answers[game_state.tick_number]
        return ANSWER.get(a, a)


def record_c_game(bots, seed):
    """A game of C bots: the answers each gave to every state and the lines after every tick."""
    game = bomber.Game(bots, seed=seed)
    answers = [[], []]
    lines = []
    while not game.is_over:
        game.tick()
        lines.append((game.tick_lines(), game.state_lines()))
        for p in range(2):
            answers[p].append(game._game.answers[p])
    return answers, lines, game.end_line()


@pytest.mark.parametrize("bots,seed", [(["gambit", "gambit2"], 5), (["simple", "gambit"], 7),
                                       (["random", "gambit"], 117)])
def test_python_agent_replaying_c_answers_plays_the_c_game(bots, seed):
    answers, lines, end = record_c_game(bots, seed)
    for seat in range(2):
        seats = list(bots)
        seats[seat] = ScriptAgent(answers[seat])
        game = bomber.Game(seats, seed=seed)
        got = []
        while not game.is_over:
            game.tick()
            got.append((game.tick_lines(), game.state_lines()))
        assert got == lines
        assert game.end_line() == end
        assert game.errors == []


class PyRandomBot:
    """The arena's `random` bot written as a CoderOne agent: each tick a uniform choice among
    '', the moves into free cells (empty, ammo or treasure) and a bomb when it has ammo and no
    bomb is on its cell, from random.Random(100*seed + 10 + pid) as the C bot draws."""

    def __init__(self, seed, pid):
        self.rng = random.Random(100 * seed + 10 + pid)

    def next_move(self, game_state, player_state):
        x, y = player_state.location

        def free(c):
            return game_state.is_in_bounds(c) and game_state.entity_at(c) in (None, "a", "t")
        opts = [""] + [a for a, c in (("u", (x, y + 1)), ("d", (x, y - 1)), ("l", (x - 1, y)),
                                        ("r", (x + 1, y))) if free(c)]
        if player_state.ammo > 0 and game_state.entity_at((x, y)) != "b":
            opts.append("b")
        return self.rng.choice(opts)


@pytest.mark.parametrize("seed", [1, 2, 117])
def test_python_port_of_random_plays_the_c_bots_game(seed):
    _, lines, end = record_c_game(["random", "gambit"], seed)
    game = bomber.Game([PyRandomBot(seed, 0), "gambit"], seed=seed)
    got = []
    while not game.is_over:
        game.tick()
        got.append((game.tick_lines(), game.state_lines()))
    assert got == lines and game.end_line() == end


def test_state_objects_equal_the_engine_view():
    """At every tick, the state objects of both seats against the arena's own view (its cell
    tags and its state lines)."""
    game = bomber.Game([PyRandomBot(3, 0), "gambit2"], seed=3)
    metal = None
    while True:
        lines = game.state_lines()
        tags = game._game.game_map()
        for pid in range(2):
            gs, ps = game.state(pid)
            if metal is None:
                metal = gs.indestructible_blocks
            check_states(gs, ps, expected_view(metal, lines, pid), game.tick_number - 1, game.is_over)
            for c in range(120):
                want = {-1: None, 0: 0, 1: 1, 2: "ib", 3: "sb", 4: "ob", 5: "a", 6: "t", 7: "b"}[tags[c]]
                assert gs.entity_at((c % 12, c // 12)) == want
        if game.is_over:
            break
        game.tick()


# ---- errors are values -----------------------------------------------------------------------------

class Raises:
    def __init__(self, every=3, exc=ValueError):
        self.every, self.exc, self.inner = every, exc, PyRandomBot(4, 0)

    def next_move(self, game_state, player_state):
        a = self.inner.next_move(game_state, player_state)
        if game_state.tick_number % self.every == 0:
            raise self.exc("no move at tick %d" % game_state.tick_number)
        return a


class Filtered:
    """What Raises answers, without raising: None where Raises raises."""

    def __init__(self, every=3):
        self.every, self.inner = every, PyRandomBot(4, 0)

    def next_move(self, game_state, player_state):
        a = self.inner.next_move(game_state, player_state)
        return None if game_state.tick_number % self.every == 0 else a


def lines_of(game):
    out = []
    while not game.is_over:
        game.tick()
        out.append((game.tick_lines(), game.state_lines()))
    return out


def test_an_agent_that_raises_answers_none_and_the_game_goes_on():
    with pytest.warns(RuntimeWarning, match="next_move raised") as w:
        game = bomber.Game([Raises(), "gambit"], seed=4)
        got = lines_of(game)
    assert len([x for x in w if "bomber" in str(x.message)]) == 1  # warned once per seat
    want = lines_of(bomber.Game([Filtered(), "gambit"], seed=4))
    assert got == want
    ticks = len(got)
    assert len(game.errors) == len([t for t in range(ticks) if t % 3 == 0 and t < ticks])
    t, pid, kind, msg = game.errors[0]
    assert (t, pid, kind) == (0, 0, "next_move raised") and "no move at tick 0" in msg


class Garbage:
    """Answers things that are no action every other tick, else what PyRandomBot answers."""

    JUNK = ["x", "up", 5, ["u"], {"u": 1}, 3.5, object(), b"u", "U"]
    FALSY = [0, [], False, ()]

    def __init__(self, junk):
        self.inner, self.junk = PyRandomBot(6, 1), junk

    def next_move(self, game_state, player_state):
        a = self.inner.next_move(game_state, player_state)
        t = game_state.tick_number
        return self.junk[t // 2 % len(self.junk)] if t % 2 else a


def test_garbage_answers_are_ignored_as_the_engine_ignores_them():
    with pytest.warns(RuntimeWarning, match="unexpected move"):
        game = bomber.Game(["gambit", Garbage(Garbage.JUNK)], seed=6)
        got = lines_of(game)
    want = lines_of(bomber.Game(["gambit", Garbage([None])], seed=6))
    assert got == want
    assert game.errors and all(e[1] == 1 and e[2] == "unexpected move" for e in game.errors)
    assert len(game.errors) == len([t for t in range(len(got)) if t % 2])
    # falsy answers are the engine's no-op: no error
    quiet = bomber.Game(["gambit", Garbage(Garbage.FALSY)], seed=6)
    assert lines_of(quiet) == want and quiet.errors == []


class Aliases:
    def __init__(self, bomb):
        self.bomb, self.inner = bomb, PyRandomBot(8, 0)

    def next_move(self, game_state, player_state):
        a = self.inner.next_move(game_state, player_state)
        return self.bomb if a == "b" else a


def test_bomb_aliases():
    b = lines_of(bomber.Game([Aliases("b"), "simple"], seed=8))
    p = lines_of(bomber.Game([Aliases("p"), "simple"], seed=8))
    boom = lines_of(bomber.Game([Aliases("can_haz_boom"), "simple"], seed=8))
    def strip(lines):
        out = []
        for (t, x), s in lines:
            f = t.split()
            f[3:5] = ["b" if a == "p" else a for a in f[3:5]]
            out.append((" ".join(f), x, s))
        return out
    assert any(" b " in t for (t, _), _ in b)
    assert strip(p) == strip(b) and boom == b


class Interrupts:
    """Raises KeyboardInterrupt once, at one tick; else PyRandomBot."""

    def __init__(self, at):
        self.at, self.inner, self.done = at, PyRandomBot(9, 1), False

    def next_move(self, game_state, player_state):
        if game_state.tick_number == self.at and not self.done:
            self.done = True
            raise KeyboardInterrupt
        return self.inner.next_move(game_state, player_state)


def test_keyboard_interrupt_propagates_and_the_game_goes_on():
    want = lines_of(bomber.Game(["gambit", PyRandomBot(9, 1)], seed=9))
    game = bomber.Game(["gambit", Interrupts(40)], seed=9)
    got = []
    for _ in range(40):
        game.tick()
        got.append((game.tick_lines(), game.state_lines()))
    with pytest.raises(KeyboardInterrupt):
        game.tick()  # tick 40 is played, the decision on its state is interrupted
    got.append((game.tick_lines(), game.state_lines()))
    assert game._game.answers[1] == "-"
    got += lines_of(game)  # the next tick asks again first
    assert got == want and game.errors == []


class Driver:
    def __init__(self):
        self.game = None

    def next_move(self, game_state, player_state):
        self.game.tick()


def test_an_agent_may_not_drive_the_game():
    d = Driver()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        game = bomber.Game([d, "random"], seed=1)
        d.game = game
        game.run()
    assert game.errors and game.errors[0][2] == "next_move raised" and "deciding" in game.errors[0][3]
    assert game.result["ticks"] > 0


def test_warnings_as_errors_abort_without_breaking_the_game():
    game = bomber.Game([Raises(every=1), "gambit"], seed=4)
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        with pytest.raises(RuntimeWarning):
            game.tick()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        game.run()
    assert game.is_over


def test_seats_take_bot_specs_with_parameters():
    """A seat may be a bot spec "BOT:NAME=VALUE..." as the arena's --bots lists take it."""
    default = lines_of(bomber.Game(["gambit", "simple"], seed=5))
    assert lines_of(bomber.Game(["gambit:reward=2:ammo=1.4", "simple"], seed=5)) == default  # the defaults
    assert lines_of(bomber.Game(["gambit:reward=0:ammo=0:ammo_low=0", "simple"], seed=5)) != default
    for spec, line in [("gambit:nope=1", "seat 1: unknown parameter 'nope' of bot gambit"),
                       ("gambit:reward=99", "out of range"),
                       ("nobody:x=1", "seat 1: unknown bot 'nobody'"),
                       ("random:x=1", "seat 1: bot random has no parameters")]:
        with pytest.raises(ValueError, match=line):
            bomber.Game(["simple", spec])


def test_bad_arguments():
    with pytest.raises(ValueError, match="2 seats"):
        bomber.Game(["gambit"])
    with pytest.raises(ValueError, match="unknown bot"):
        bomber.Game(["gambit", "nosuchbot"])
    with pytest.raises(TypeError, match="next_move"):
        bomber.Game(["gambit", object()])
    with pytest.raises(ValueError, match="seed"):
        bomber.Game(["gambit", "random"], seed=-1)
    game = bomber.Game(["random", "random"], seed=117)
    game.run()
    with pytest.raises(RuntimeError, match="over"):
        game.tick()
    assert set(bomber.C_BOTS) == {"gambit", "gambit2", "simple", "random", "search"}


def test_the_final_state_reaches_the_living_agents():
    """After the last tick the living agents get the final state (is_over True), as the
    original sends it; a dead agent is not asked."""
    seen = []

    class Watch(PyRandomBot):
        def next_move(self, gs, ps):
            seen.append((gs.tick_number, gs.is_over))
            return super().next_move(gs, ps)
    game = bomber.Game([Watch(117, 0), "gambit"], seed=117)
    r = game.run()
    if r["hp"][0] > 0:
        assert seen[-1] == (r["ticks"] - 1, True)
    else:
        assert not any(over for _, over in seen)
    assert [t for t, _ in seen] == list(range(len(seen)))


def rss_bytes():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def test_no_leaks():
    """Games made, played a while and dropped, with Python agents, C bots, errors and bad
    arguments: neither Python's memory (tracemalloc) nor the process's (RSS) grows."""
    import gc
    import tracemalloc

    def once():
        g = bomber.Game([PyRandomBot(1, 0), "gambit"], seed=1)
        for _ in range(40):
            g.tick()
        g.state(1), g.state_lines(), g.tick_lines(), g.result, g._game.game_map()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            h = bomber.Game([Garbage(Garbage.JUNK), Raises(every=1)], seed=2)
            for _ in range(20):
                h.tick()
        with pytest.raises(ValueError):
            bomber.Game(["gambit", "nosuchbot"])
    for _ in range(30):
        once()
    gc.collect()
    rss0 = rss_bytes()
    tracemalloc.start()
    snap0 = tracemalloc.get_traced_memory()[0]
    for _ in range(300):
        once()
    gc.collect()
    grown = tracemalloc.get_traced_memory()[0] - snap0
    tracemalloc.stop()
    assert grown < 64 * 1024, grown
    if os.environ.get("DMAP_UNDER_ASAN") != "1":
        assert rss_bytes() - rss0 < 1536 * 1024


class FakeClock:
    """A clock that moves only when an agent says it worked: the virtual seconds of a test."""

    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


class Timed:
    """PyRandomBot's answers, each taking durations[i % len] seconds on the fake clock; logs
    the tick of every state it decided on and its answer."""

    def __init__(self, clock, durations, seed=3):
        self.clock, self.durations, self.inner = clock, durations, PyRandomBot(seed, 0)
        self.seen = []

    def next_move(self, game_state, player_state):
        a = self.inner.next_move(game_state, player_state)
        self.clock.now += self.durations[len(self.seen) % len(self.durations)]
        self.seen.append((game_state.tick_number, a))
        return a


class Schedule:
    """Without a tick time: answers at tick k what `applied` says is applied at tick k+1."""

    def __init__(self, applied):
        self.applied = applied

    def next_move(self, game_state, player_state):
        return self.applied.get(game_state.tick_number + 1)


def test_agents_faster_than_a_tick_play_as_without_a_tick_time():
    clock = FakeClock()
    fast = Timed(clock, [0.25, 0.99, 0.5])
    got = lines_of(bomber.Game([fast, "gambit"], seed=3, tick_seconds=1.0, clock=clock))
    want = lines_of(bomber.Game([PyRandomBot(3, 0), "gambit"], seed=3))
    assert got == want
    assert [t for t, _ in fast.seen][:5] == [0, 1, 2, 3, 4]


def test_a_slow_agent_answers_at_a_later_tick_and_skips_states():
    # Every decision takes 2.5 ticks. The original's schedule (state k posted at time k, an
    # agent free at time f takes the newest state posted by f, an answer arriving at time a is
    # applied by the first tick played at or after a): it decides on the states of ticks
    # 0 (start 0, answer at 2.5), 2 (start 2.5, at 5), 5 (start 5, at 7.5), 7 (7.5, 10), ...,
    # and its answers are applied at ticks 3, 5, 8, 10, ... with no action at the others.
    clock = FakeClock()
    slow = Timed(clock, [2.5])
    game = bomber.Game([slow, "gambit"], seed=3, tick_seconds=1.0, clock=clock)
    got = lines_of(game)
    seen = [t for t, _ in slow.seen if t < len(got) - 1]
    assert seen[:6] == [0, 2, 5, 7, 10, 12]
    assert seen == [t for t in range(len(got) - 1) if t % 5 in (0, 2)][:len(seen)]
    applied = {t + 3: a for t, a in slow.seen}
    assert sorted(applied)[:4] == [3, 5, 8, 10]
    want = lines_of(bomber.Game([Schedule(applied), "gambit"], seed=3))
    assert got == want


def test_answers_queue_one_a_tick_in_arrival_order():
    # Durations 1.9, 0.05, 0.05, repeated: state 0's answer arrives at 1.9; the agent then
    # takes state 1 (the newest posted by 1.9), answers at 1.95; both arrived before tick 2,
    # which takes the first, so the second waits for tick 3, state 2's for tick 4, and so on:
    # every state is decided on and every answer is applied two ticks after its state.
    clock = FakeClock()
    agent = Timed(clock, [1.9, 0.05, 0.05])
    game = bomber.Game([agent, "gambit"], seed=5, tick_seconds=1.0, clock=clock)
    got = lines_of(game)
    seen = [t for t, _ in agent.seen]
    assert seen[:7] == [0, 1, 2, 3, 4, 5, 6]
    applied = {t + 2: a for t, a in agent.seen}
    assert got == lines_of(bomber.Game([Schedule(applied), "gambit"], seed=5))
    assert got != lines_of(bomber.Game([Schedule({t + 1: a for t, a in agent.seen}), "gambit"],
                                       seed=5))


def test_tick_seconds_must_be_a_positive_number():
    for bad in (0, -1, float("nan"), float("inf")):
        with pytest.raises(ValueError, match="tick_seconds"):
            bomber.Game([PyRandomBot(1, 0), "gambit"], tick_seconds=bad)
    for bad in ("0.1", True, [1]):
        with pytest.raises(TypeError, match="tick_seconds"):
            bomber.Game([PyRandomBot(1, 0), "gambit"], tick_seconds=bad)
    with pytest.raises(TypeError, match="clock"):
        bomber.Game([PyRandomBot(1, 0), "gambit"], tick_seconds=0.1, clock=5)
