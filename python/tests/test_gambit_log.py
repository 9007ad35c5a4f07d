"""examples/gambit_maps.py against the original bot itself: the Gambit decision logs recorded
from the original Python bot in the original engine (arenas/bomber/data, format in its
README.md, "Gambit decision log"). Every logged call is replayed through the port in order —
its memory carried from call to call, the desync guard, the desire weights — and the port must
give the very same goal map (exact doubles, NaN walls), the same nine component maps where the
log has them, the same tied best moves and best value, the same bomb check and the same memory
(ore counts, bombs first seen). The port's own random tie-break is not compared (the original's
generator state is not logged); the logged answer drives the next call, as in the game."""
import gzip
import math
import os
import sys

import numpy as np

from conftest import data_path

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "examples"))

import gambit_maps as gm  # noqa: E402

COMPONENTS = {"high_used": "high_timer_used", "flee": "flee", "reward": "reward", "ammo": "ammo",
              "safe": "safe", "centre": "centre", "run": "run", "treasure": "treasure",
              "high_next": "high_timer"}
LETTERS = {"": "s", "l": "l", "r": "r", "d": "d", "u": "u"}


def cells(tokens):
    return [tuple(int(v) for v in t.split(",")) for t in tokens]


def values(tokens):
    return np.array([math.nan if t == "#" else float(t) for t in tokens]).reshape(gm.H, gm.W)


def records(path):
    """Each D record as a dict of its lines' tokens."""
    rec = None
    with gzip.open(path, "rt") as f:
        for line in f:
            tok = line.split()
            if not tok or tok[0] == "#":
                continue
            if tok[0] == "D":
                if rec:
                    yield rec
                rec = {"D": tok, "C": {}}
            elif tok[0] == "C":
                rec["C"][tok[1]] = tok[2:]
            else:
                rec[tok[0]] = tok[1:]
    if rec:
        yield rec


def view_of(rec):
    pid, x, y, hp, ammo = (int(v) for v in rec["O"][:5])
    blocks = {"ib": [], "sb": [], "ob": []}
    for tag, bx, by in (t.split(",") for t in rec["GK"]):
        blocks[tag].append((int(bx), int(by)))
    opp = [(px, py) for p, px, py in cells(rec["GP"]) if p != pid]
    return gm.View(blocks["ib"], blocks["sb"], blocks["ob"], cells(rec["GB"]), cells(rec["GA"]),
                   cells(rec["GT"]), (x, y), opp[0] if opp else None, ammo, hp)


def same_map(got, want):
    return np.array_equal(np.isnan(got), np.isnan(want)) and np.array_equal(got[~np.isnan(got)], want[~np.isnan(want)])


def replay(path, limit=None):
    bot = gm.Gambit(0)
    compared = components = 0
    for n, rec in enumerate(records(path)):
        if limit is not None and n >= limit:
            break
        if rec["D"][1] != "0":
            continue
        view = view_of(rec)
        ret = rec["D"][8]
        where = f"{os.path.basename(path)} call {rec['D'][2]}"
        bot.calls += 1
        guard = (bot.last_location == view.me and bot.last_move in ("l", "r", "d", "u")
                 and bot.calls - bot.last_call <= 2)
        assert guard == (ret == "~"), f"{where}: desync guard"
        if guard:
            continue
        bot.remember(view)
        bot.update_desires(view)
        m = bot.maps(view)
        assert same_map(m["goal"], values(rec["M"])), f"{where}: goal map"
        for name, key in COMPONENTS.items():
            if name in rec["C"]:
                assert same_map(m[key], values(rec["C"][name])), f"{where}: {name} map"
                components += 1
        w = dict(kv.split("=") for kv in rec["W"])
        d = bot.desire
        assert [d["safe"], d["flee"], d["reward"], d["ammo"], d["treasure"], d["centre"], d["run"]] == \
            [float(w[k]) for k in ("safe", "flee", "reward", "ammo", "treasure", "player-aversion", "run")], where
        mem = rec["N"]
        ore = mem[mem.index("ore") + 1:]
        for x, y, count in (cells(ore) if ore != ["-"] else []):
            assert bot.ore_hits.get((x, y), 0) == count, f"{where}: ore count at {(x, y)}"
        bombs = mem[mem.index("bombs") + 1:mem.index("ore")]
        want_bombs = {(x, y): first for x, y, first in (cells(bombs) if bombs != ["-"] else [])}
        assert bot.first_seen == want_bombs, f"{where}: bombs first seen"
        q = rec["Q"]
        ties, best, chk = q[1], float(q[5]), q[7]
        opp = [view.opponent] if view.opponent else []
        walls = gm.mask(view.blocks + view.bombs + opp)
        picks = {LETTERS[bot.choose(view, m["goal"], walls)] for _ in range(12)}
        want_ties = set(ties.split(",")) if ties != "-" else set()
        assert picks <= want_ties if want_ties else picks == {"s"}, f"{where}: ties {ties}, port {picks}"
        finite = [v for v in (m["goal"][y, x] for x, y in
                              [(view.me[0] + dx, view.me[1] + dy) for dx, dy, _ in gm.MOVES]
                              if gm.on_board((x, y)) and not walls[y, x]) if v <= 1000]
        assert (min(finite) if finite else 1000.0) == best, f"{where}: best"
        action = {"_": "", "b": "", "~": None}.get(ret, ret)
        if chk != "-":
            assert bot.bomb_location_ok(view) == (chk == "1"), f"{where}: bomb check"
        bot.high_timer = m["high_timer"]
        bot.previous_bombs = set(view.bombs)
        bot.last_move, bot.last_location, bot.last_call = ("b" if ret == "b" else action), view.me, bot.calls
        compared += 1
    return compared, components


def log_path(name):
    return data_path("arenas", "bomber", "data", "traces", "gambit-random", name)


def test_port_matches_the_original_bot_call_by_call_with_component_maps():
    compared, components = replay(log_path("seed_1.gambit.gz"))
    assert compared > 1700 and components == 9 * compared


def test_port_matches_the_original_bot_on_another_game():
    compared, _ = replay(log_path("seed_3.gambit.gz"))
    assert compared > 1700
