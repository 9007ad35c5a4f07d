"""dmap.arenas.pursuit, the pursuit arena with Python functions in its seats: a Python function
that replays a C bot's moves plays the C bot's game, a Python port of the `random` bot (and of
the library's seeded generator) plays the C bot's games, the view tells the truth about the
world, errors are stays as the rules treat an invalid move."""
import warnings

import pytest

from conftest import data_path

from dmap.arenas import pursuit

SEEDS = range(1, 13)
PAIRS = [("chase", "naive"), ("intercept", "flee"), ("greedy", "bury"), ("lazy", "buryflee"),
         ("random", "random")]


def replayer(moves, seat):
    """A function answering the recorded moves of a seat, clock by clock."""
    def decide(view):
        return moves[view["clock"] - 1][seat]
    return decide


@pytest.mark.parametrize("pred,prey", PAIRS)
def test_replaying_a_c_bot_plays_its_game(pred, prey):
    for seed in SEEDS:
        c = pursuit.Game(pred, prey, random=seed, seed=seed + 100, time_limit=0)
        rc = c.run()
        assert c.bots == [pred, prey]
        for seat in (0, 1):
            agents = [pred, prey]
            agents[seat] = replayer(c.moves, seat)
            p = pursuit.Game(*agents, random=seed, seed=seed + 100, time_limit=0)
            rp = p.run()
            assert p.bots[seat] == "python"
            assert p.moves == c.moves
            assert (rp["winner"], rp["clock"]) == (rc["winner"], rc["clock"])
            assert p.positions == c.positions
            assert p.errors == []


def test_world_file_games_replay():
    path = data_path("arenas", "pursuit", "data", "battlefield1.dat")
    c = pursuit.Game("intercept", "flee", world=path, clocks=40, time_limit=0)
    rc = c.run()
    p = pursuit.Game("intercept", replayer(c.moves, 1), world=path, clocks=40, time_limit=0)
    assert p.run()["clock"] == rc["clock"] and p.moves == c.moves


# ---- a Python port of `random` ----------------------------------------------------------------

M64 = (1 << 64) - 1


class SplitMix:
    """The library's seeded generator (src/rng.c): splitmix64, the high 32 bits out."""

    def __init__(self, seed):
        self.state = seed & M64

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & M64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
        return (z ^ (z >> 31)) >> 32

    def below(self, n):
        limit = (1 << 32) - ((1 << 32) % n)
        while True:
            x = self.next()
            if x < limit:
                return x % n


def seat_seeds(seed):
    """The referee's two bot seeds from the game's seed (arenas/pursuit/game.c)."""
    master = SplitMix(seed)
    out = []
    for _ in range(2):
        hi = master.next()
        out.append((hi << 32) | master.next())
    return out


def random_bot(seed):
    """`random`: stay or a legal step in the library's direction order (up, right, down,
    left), drawn uniformly; no draw when staying is the only option."""
    rng = SplitMix(seed)

    def decide(view):
        me = view[view["role"]]
        options = ["s"] + [m for m in "urdl" if pursuit.step(view, me, m) != me]
        return options[0 if len(options) == 1 else rng.below(len(options))]
    return decide


@pytest.mark.parametrize("seat,other", [(0, "naive"), (0, "flee"), (1, "chase"), (1, "intercept")])
def test_python_random_equals_the_c_bot(seat, other):
    for seed in SEEDS:
        agents = ["random", other] if seat == 0 else [other, "random"]
        c = pursuit.Game(*agents, random=seed * 7, seed=seed, time_limit=0)
        rc = c.run()
        agents[seat] = random_bot(seat_seeds(seed)[seat])
        p = pursuit.Game(*agents, random=seed * 7, seed=seed, time_limit=0)
        rp = p.run()
        assert p.moves == c.moves
        assert (rp["winner"], rp["clock"]) == (rc["winner"], rc["clock"])


# ---- the view ----------------------------------------------------------------------------------

def test_view_follows_the_game():
    seen = []

    def prey(view):
        seen.append(view)
        return "s"

    g = pursuit.Game("chase", prey, random=3, clocks=12, time_limit=0)
    while not g.is_over:
        before = g.positions
        assert g.view(1)["predator"] == before[0] and g.view(1)["prey"] == before[1]
        g.clock()
    assert len(seen) == len(g.moves)
    for i, v in enumerate(seen):
        assert v["clock"] == i + 1 and v["clocks"] == 12 and v["role"] == "prey"
        w, h = v["size"]
        assert (w, h) == (8, 8) and len(v["walls"]) == 64
        for who in ("predator", "prey"):
            x, y = v[who]
            assert not v["walls"][y * w + x]
    # the prey stayed all game: it never moved
    assert all(v["prey"] == seen[0]["prey"] for v in seen)
    with pytest.raises(RuntimeError):
        g.clock()


def test_world_file_view_matches_the_file():
    path = data_path("arenas", "pursuit", "data", "battlefield.dat")
    values = [int(t) for t in open(path).read().split()]
    g = pursuit.Game("chase", "naive", world=path, time_limit=0)
    v = g.view(0)
    w, _ = v["size"]
    assert v["walls"] == tuple(x == -1 for x in values)
    assert v["predator"] == (values.index(1) % w, values.index(1) // w)
    assert v["prey"] == (values.index(10) % w, values.index(10) // w)


# ---- errors as values -----------------------------------------------------------------------------

def stay_game(prey, **kw):
    return pursuit.Game("chase", prey, random=4, seed=2, time_limit=0, **kw)


@pytest.mark.parametrize("answer", [None, 3, "", b"u", "x", "?"])
def test_garbage_is_a_stay(answer):
    ref = stay_game(lambda v: "s")
    ref.run()
    g = stay_game(lambda v: answer)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        g.run()
    assert g.positions == ref.positions and g.result["clock"] == ref.result["clock"]
    want_errors = not isinstance(answer, str) or answer == ""
    assert bool(g.errors) == want_errors
    # the moves as chosen: a letter that is not a move is kept, a non-answer is 's'
    assert all(m[1] == (answer if isinstance(answer, str) and answer else "s") for m in g.moves)


def test_raise_is_a_stay_warned_once():
    ref = stay_game(lambda v: "s")
    ref.run()

    def bad(view):
        raise ValueError("no idea")

    g = stay_game(bad)
    with pytest.warns(RuntimeWarning, match="prey: raised") as rec:
        g.run()
    assert len([w for w in rec if "pursuit" in str(w.message)]) == 1
    assert g.positions == ref.positions
    assert len(g.errors) == len(g.moves)
    clock, role, kind, msg = g.errors[0]
    assert (clock, role, kind) == (1, 1, "raised") and "no idea" in msg


def test_interrupt_propagates_and_ends_the_game():
    def stop(view):
        if view["clock"] == 2:
            raise KeyboardInterrupt
        return "s"

    g = stay_game(stop)
    with pytest.raises(KeyboardInterrupt):
        g.run()
    with pytest.raises(RuntimeError, match="cannot go on"):
        g.clock()


def test_bad_arguments():
    with pytest.raises(ValueError):
        pursuit.Game("chase", "naive")
    with pytest.raises(ValueError, match="unknown bot"):
        pursuit.Game("naive", "chase", random=1)
    with pytest.raises(TypeError):
        pursuit.Game(3, "naive", random=1)
    with pytest.raises(ValueError):
        pursuit.Game("chase", "naive", random=1, clocks=0)
    with pytest.raises(ValueError):
        pursuit.Game("chase", "naive", random=1, walls=1.5)
    assert "chase" in pursuit.PREDATORS and "naive" in pursuit.PREYS
    assert "random" in pursuit.PREDATORS and "random" in pursuit.PREYS


def test_the_referee_times_python_decisions():
    # a limit of 1 ns: every decision is late, so every answer is a stay whatever it was
    g = pursuit.Game("chase", lambda v: "r", random=2, clocks=9, time_limit=1e-9)
    start = g.positions
    r = g.run()
    assert r["winner"] == "prey" and r["timeouts"] == r["decisions"] == [9, 9]
    assert g.positions == start


def test_a_game_that_was_not_made_refuses_politely():
    g = pursuit._arenas.PursuitGame.__new__(pursuit._arenas.PursuitGame)
    for call in (g.run, g.clock, g.result, lambda: g.view(0), lambda: g.positions, lambda: g.bots):
        with pytest.raises(RuntimeError):
            call()
    with pytest.raises(ValueError):
        g.__init__("chase", "naive", world="1 0 0 0")
    with pytest.raises(RuntimeError):
        g.run()


def test_a_bad_random_world_says_its_arguments():
    # the message shows the walls fraction asked for, and what it must be
    with pytest.raises(ValueError, match=r"walls 1\.5: walls must be in 0 \.\. 1"):
        pursuit.Game("chase", "naive", random=1, walls=1.5)
    with pytest.raises(ValueError, match=r"size 0, walls 0\.2\)"):
        pursuit.Game("chase", "naive", random=1, size=0)


def test_step_and_view_read_moves_and_roles_as_the_referee_does():
    # the referee takes a move's first character: "up" moves as "u", "right" as "r"; step()
    # is the rules' move, so it must agree with the game played
    game = pursuit.Game("chase", lambda view: "right", random=5)
    view = game.view("prey")
    assert view == game.view(1) and game.view("predator") == game.view(0)
    with pytest.raises(ValueError):
        game.view("cat")
    at = view["prey"]
    assert pursuit.step(view, at, "right") == pursuit.step(view, at, "r") != at
    assert pursuit.step(view, at, "") == pursuit.step(view, at, "x") == pursuit.step(view, at, None) == at
    for word in ("up", "down", "left", "right"):
        assert pursuit.step(view, at, word) == pursuit.step(view, at, word[0])
    game.clock()
    assert game.positions[1] == pursuit.step(view, at, "right")


def test_numpy_integer_seeds_play_the_games_of_ints():
    import numpy as np

    mine = pursuit.Game("chase", "random", random=np.int64(5), seed=np.uint64(4)).run()
    ints = pursuit.Game("chase", "random", random=5, seed=4).run()
    mine.pop("decide_s"), ints.pop("decide_s")
    assert mine == ints
    with pytest.raises(TypeError):
        pursuit.Game("chase", "random", random=5.0)


def test_seats_take_bot_specs():
    """A C bot's seat may be a bot spec with parameters, as `pursuit match --bots` takes it: the
    defaults spelled out play the same game, other values another; a bad spec is a ValueError."""
    def moves(prey):
        g = pursuit.Game("chase", prey, random=3, seed=3, time_limit=0)
        g.run()
        return g.moves
    assert moves("flee:factor=-1.2") == moves("flee")
    assert moves("flee:factor=-0.1") != moves("flee")
    for prey, line in [("flee:nope=1", "prey: unknown parameter 'nope'"),
                       ("flee:factor=3", "prey: parameter factor: 3 is out of range"),
                       ("naive:x=1", "prey: bot naive has no parameters"),
                       ("chase", "prey: unknown bot 'chase' for this seat")]:
        with pytest.raises(ValueError, match=line):
            pursuit.Game("chase", prey, random=3)
