# outside_protocol.py ARENA PIDFILE IDLE — an outside bot that checks every view line of an
# arena's protocol (the README's keys, and facts the view must agree on: the bot's own position
# on the board, the fixed walls, one more tick or step or clock per line) and answers IDLE. At
# the first view that is wrong it says why on stderr and answers "bad view", which the arena
# rejects (the test then sees the player ended). Run as the platforms run bots: print() without
# flush, no -u, no PYTHONUNBUFFERED.
import json
import os
import sys

arena, pidfile, idle = sys.argv[1], sys.argv[2], sys.argv[3]
with open(pidfile, "a") as f:
    f.write("%d\n" % os.getpid())


def check_bomber(v, last):
    assert v["size"] == [12, 10]
    assert isinstance(v["is_over"], bool)
    assert sum(1 for tag, _ in v["blocks"] if tag == "ib") == 18
    assert all(tag in ("ib", "sb", "ob") for tag, _ in v["blocks"])
    me = v["me"]
    assert set(me) == {"id", "ammo", "hp", "location", "reward", "power"}
    assert [p for p in v["players"] if p[0] == me["id"]][0][1] == me["location"]
    for key in ("ammo", "treasure", "bombs"):
        assert all(0 <= x < 12 and 0 <= y < 10 for x, y in v[key])
    assert last is None or v["tick_number"] == last["tick_number"] + 1
    assert last is not None or v["tick_number"] == 0


def check_pommerman(v, last):
    n = len(v["board"])
    assert n == 11 and all(len(row) == n for row in v["board"])
    for key in ("bomb_blast_strength", "bomb_life", "bomb_moving_direction", "flame_life"):
        assert len(v[key]) == n and all(len(row) == n for row in v[key])
    everyone = set(range(10, 10 + len(v["enemies"]) + 1))
    me = (everyone - set(v["enemies"])).pop()
    r, c = v["position"]
    assert v["board"][r][c] == me and me in v["alive"]
    assert v["game_type"] in (1, 4) and v["teammate"] == 9
    assert isinstance(v["can_kick"], bool) and v["ammo"] >= 0
    assert last is None or v["step_count"] == last["step_count"] + 1


def check_pursuit(v, last):
    w, h = v["size"]
    assert len(v["world"]) == h and all(len(row) == w for row in v["world"])
    (px, py), (qx, qy) = v["predator"], v["prey"]
    assert v["world"][py][px] == 1
    assert v["world"][qy][qx] == (1 if [px, py] == [qx, qy] else 10)
    assert v["role"] in ("predator", "prey") and 1 <= v["clock"] <= v["clocks"]
    assert v["prey_rests"] == (v["clock"] % 3 == 0)
    assert last is None or v["clock"] == last["clock"] + 1
    if last is not None:  # the walls never change
        walls = [[x == -1 for x in row] for row in v["world"]]
        assert walls == [[x == -1 for x in row] for row in last["world"]]


check = {"bomber": check_bomber, "pommerman": check_pommerman, "pursuit": check_pursuit}[arena]
last = None
while True:
    try:
        line = input()
    except EOFError:
        break
    try:
        view = json.loads(line)
        check(view, last)
    except Exception as e:  # noqa: BLE001 - any failure is a wrong view
        print("wrong view %r: %r" % (line[:200], e), file=sys.stderr)
        print("bad view")
        continue
    last = view
    print(idle)
