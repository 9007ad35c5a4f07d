"""dmap.arenas.kutulu, Code of Kutulu with Python objects in its seats: an object answering WAIT
plays the built-in `wait` bot's games in any seat, it gets the protocol's text a program reads,
the referee judges and times its line as a program's, errors are rejected lines."""
import warnings

import pytest

from conftest import data_path

from dmap.arenas import kutulu

MAPS = data_path("arenas", "kutulu", "data", "maps")
LINEUPS = [["wait", "postmortem", "random", "initial"], ["random", "wait", "postmortem", "wait"],
           ["postmortem", "random", "wait", "postmortem"]]


class Waiter:
    def __init__(self):
        self.inits, self.turns = [], []

    def answer(self, init, turn):
        self.inits.append(init)
        self.turns.append(turn)
        return "WAIT"


def game(seats, seed, **kw):
    return kutulu.Game(seats, seed, maps=MAPS, first_limit=60, limit=60, **kw)


@pytest.mark.parametrize("lineup", LINEUPS)
def test_python_wait_equals_the_wait_bot(lineup):
    for seed in (1, 2, 3):
        ref = game(lineup, seed, bot_seed=seed).run()
        seats = [Waiter() if s == "wait" else s for s in lineup]
        r = game(seats, seed, bot_seed=seed).run()
        assert r["players"] == ["python" if s == "wait" else s for s in lineup]
        for k in ("turns", "map", "scores", "ranks", "timeouts", "ended"):
            assert r[k] == ref[k], k


def test_the_protocol_text():
    w = Waiter()
    r = game([w, "wait", "wait", "wait"], 5).run()
    assert r["scores"] != [-1, -1, -1, -1]
    init = w.inits[0].split("\n")
    width, height = int(init[0]), int(init[1])
    assert all(len(row) == width for row in init[2:2 + height])
    assert len(init[2 + height].split()) == 4 and init[3 + height] == ""
    assert all(i is None for i in w.inits[1:])
    assert len(w.turns) <= r["turns"] + 1
    for t in w.turns:
        lines = t.split("\n")
        count = int(lines[0])
        assert len(lines) == count + 2 and lines[-1] == ""
        me = lines[1].split()
        assert me[0] == "EXPLORER" and int(me[1]) == 0


@pytest.mark.parametrize("answer", ["", "JUMP", "MOVE 1", None, 3])
def test_a_rejected_line_ends_the_player(answer):
    class Bad:
        def answer(self, init, turn):
            return answer

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        g = game([Bad(), "wait", "postmortem", "random"], 4)
        r = g.run()
    assert r["ended"][0] == "invalid" and r["timeouts"][0] == 1 and r["scores"][0] == -1
    assert bool(g.errors) == (not isinstance(answer, str))


def test_a_message_after_the_action_is_fine():
    class Talker:
        def answer(self, init, turn):
            return "WAIT hello there\n"

    r = game([Talker(), "wait", "wait", "wait"], 3).run()
    ref = game(["wait"] * 4, 3).run()
    assert r["scores"] == ref["scores"] and r["ended"] == [None] * 4


def test_raise_is_an_empty_line_warned_once():
    class Raiser:
        def answer(self, init, turn):
            raise ValueError("lost in the dark")

    g = game(["wait", Raiser(), "wait", "wait"], 2)
    with pytest.warns(RuntimeWarning, match="seat 1: answer raised"):
        r = g.run()
    assert r["ended"][1] == "invalid"
    assert len(g.errors) == 1 and g.errors[0][:3] == (0, 1, "answer raised")
    assert "lost in the dark" in g.errors[0][3]


def test_a_late_answer_ends_the_player():
    class Slow:
        def answer(self, init, turn):
            return "WAIT"

    # a limit of 1 ns: no answer is in time
    g = kutulu.Game([Slow(), "wait", "wait", "wait"], 2, maps=MAPS, first_limit=1e-9, limit=1e-9)
    r = g.run()
    assert r["ended"][0] == "timeout" and r["scores"][0] == -1


def test_interrupt_propagates():
    class Stop:
        def answer(self, init, turn):
            raise KeyboardInterrupt

    g = game([Stop(), "wait", "wait", "wait"], 2)
    with pytest.raises(KeyboardInterrupt):
        g.run()
    with pytest.raises(RuntimeError):
        g.run()


def test_bad_arguments():
    with pytest.raises(ValueError):
        game(["wait"] * 3, 1)
    with pytest.raises(ValueError, match="unknown bot"):
        game(["wait", "nobody", "wait", "wait"], 1)
    with pytest.raises(TypeError):
        game(["wait", object(), "wait", "wait"], 1)
    with pytest.raises(ValueError, match="maps"):
        kutulu.Game(["wait"] * 4, 1, maps="/nonexistent")
    assert "wait" in kutulu.BOTS and "postmortem" in kutulu.BOTS


def test_a_game_that_was_not_made_refuses_politely():
    g = kutulu._arenas.KutuluGame.__new__(kutulu._arenas.KutuluGame)
    with pytest.raises(RuntimeError):
        g.run()
    with pytest.raises(ValueError):
        g.__init__(["wait"] * 4, "/nonexistent", 1)
    with pytest.raises(RuntimeError, match="not made"):
        g.run()
    assert g.errors == [] and g.result is None


def test_numpy_integer_seeds_play_the_games_of_ints():
    import numpy as np
    from dmap import _arenas

    lineup = ["postmortem", "random", "wait", "initial"]
    assert (game(lineup, np.int64(3), bot_seed=np.uint32(2)).run()["scores"]
            == game(lineup, 3, bot_seed=2).run()["scores"])
    turns = _arenas.KutuluTurns([None, "random", "wait", "random"], MAPS, 3, bot_seed=np.int64(2))
    again = _arenas.KutuluTurns([None, "random", "wait", "random"], MAPS, 3, bot_seed=2)
    assert turns.state() == again.state()
    with pytest.raises(TypeError):
        game(lineup, 3, bot_seed=2.0)


def test_seats_take_bot_specs():
    """A seat may be a bot spec with parameters, as `kutulu match --bots` takes it: the defaults
    spelled out play the same game, other values another; a bad spec is a ValueError."""
    lineup = ["random", "dmapbot", "wait", "postmortem"]
    spelled = ["random", "dmapbot:room_cap=4", "wait", "postmortem:next_turn=2"]
    changed = ["random", "dmapbot:next_turn=0:room_cap=1", "wait", "postmortem:next_turn=0:yell_hit=0"]
    keys = ("turns", "scores", "ranks")
    for seed in (1, 2):
        ref = game(lineup, seed, bot_seed=seed).run()
        same = game(spelled, seed, bot_seed=seed).run()
        assert same["players"] == spelled
        assert [same[k] for k in keys] == [ref[k] for k in keys]
    assert any([game(changed, s, bot_seed=s).run()[k] for k in keys] != [game(lineup, s, bot_seed=s).run()[k] for k in keys]
               for s in (1, 2))
    for spec, line in [("lookahead:nope=1", "seat 1: unknown parameter 'nope'"),
                       ("lookahead:depth=9", "seat 1: parameter depth: 9 is out of range"),
                       ("wait:x=1", "seat 1: bot wait has no parameters"),
                       ("nobody:x=1", "seat 1: unknown bot 'nobody'")]:
        with pytest.raises(ValueError, match=line):
            game(["random", spec, "wait", "wait"], 1)
