"""record_original.py — record random-vs-random games of the ORIGINAL engine in the trace format
of data/README.md, to check the C engine on more seeds than the recorded games in data/traces:

    python3 record_original.py ORIGINAL_REPO FIRST LAST OUTDIR
    for f in OUTDIR/seed_*.trace; do build/arenas/bomber/bomber replay $f; done

ORIGINAL_REPO is a checkout of CoderOneHQ/dungeons-and-data-structures at db81855 (its
`coderone/dungeon/game.py` is imported as is; nothing of it is copied here). Every draw of the
engine comes from random.Random(seed) (its module-level `random` replaced by that generator,
counting the 32-bit words drawn); the players' answers come from random.Random(100*seed+20+pid)
over every kind of answer (seeds >= 1000 place bombs rarely, so games last longer). The bots
are driven by enqueue_action in pid order for living players, as Game.tick's agent loop does.
PARAMS and RNG lines are left out (the replay does not need them).
"""
import os
import random
import sys

sys.path.insert(0, os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else ".")
import coderone.dungeon.game as G  # noqa: E402
from coderone.dungeon.game import Game  # noqa: E402

class Counting(random.Random):
    words = 0
    def getrandbits(self, k):
        Counting.words += (k + 31) // 32
        return super().getrandbits(k)

def state_lines(g):
    out = []
    for pid, p in g.players.items():
        out.append(f"  P {pid} {p.pos[0]} {p.pos[1]} {p.hp} {p.ammo} {p.reward} {p.power}")
    out.append("  B" + "".join(f" {b.pos[0]},{b.pos[1]},{b.owner_id},{b._ttl}" for b in g.bomb_list))
    out.append("  F" + "".join(f" {f.pos[0]},{f.pos[1]},{f.owner_id}" for f in g.fire_list))
    out.append("  V" + "".join(f" {b.pos[0]},{b.pos[1]},{'s' if b.Tag == 'sb' else 'o'},{b.hp}" for b in g.value_block_list))
    out.append("  M" + "".join(f" {a.pos[0]},{a.pos[1]},{a._ttl}" for a in g.ammunition_list))
    out.append("  C" + "".join(f" {t.pos[0]},{t.pos[1]}" for t in g.treasure_list))
    out.append("  E" + "".join(f" {e.effect.value},{e._ttl}" for e in g._delayed_effects))
    return out

def record(seed, out):
    rng = Counting(seed)
    G.random = rng
    g = Game(row_count=10, column_count=12, max_iterations=1800)
    g.add_player("a"); g.add_player("b")
    Counting.words = 0
    g.generate_map()
    bots = [random.Random(100 * seed + 20 + p) for p in (0, 1)]
    w = out.write
    w("# bomber-ref trace v1 (format: README.md)\n")
    w(f"GAME seed {seed} cols 12 rows 10 max_iterations 1800 tick_step 0.1 p0 random p1 random\n")
    w(f"INIT rng {Counting.words}\n")
    w("  I" + "".join(f" {b.pos[0]},{b.pos[1]}" for b in g.static_block_list) + "\n")
    for l in state_lines(g): w(l + "\n")
    applied, events = [], []
    orig_apply, orig_fire = g._apply_action, g._start_fire
    orig_sa, orig_st = g._spawn_ammo, g._spawn_treasure
    def apply(pid, action):
        r = orig_apply(pid, action); applied.append((pid, action.value, r)); return r
    def fire(owner, loc, power):
        events.append(f"boom:{loc[0]},{loc[1]},{owner}"); return orig_fire(owner, loc, power)
    def sa():
        n = len(g.ammunition_list); r = orig_sa()
        events.append(f"spawn:a:{g.ammunition_list[-1].pos[0]},{g.ammunition_list[-1].pos[1]}" if len(g.ammunition_list) > n else "spawn:a:-"); return r
    def st():
        n = len(g.treasure_list); r = orig_st()
        events.append(f"spawn:t:{g.treasure_list[-1].pos[0]},{g.treasure_list[-1].pos[1]}" if len(g.treasure_list) > n else "spawn:t:-"); return r
    g._apply_action, g._start_fire, g._spawn_ammo, g._spawn_treasure = apply, fire, sa, st
    choices = ['u', 'd', 'l', 'r', 'b', 'p', '', None, 'u', 'd', 'l', 'r'] if seed < 1000 else ['u', 'd', 'l', 'r', '', None] * 8 + ['b']
    t = 0
    while not g.is_over:
        answers = []
        for pid, p in g.players.items():
            if not p.is_alive: answers.append('-'); continue
            a = None if t == 0 else bots[pid].choice(choices)
            answers.append('~' if a is None else '_' if a == '' else a)
            if a:
                g.enqueue_action(pid, G.Game.ACTION_CODES[a])
        applied.clear(); events.clear()
        ammo_before = list(g.ammunition_list); tre_before = list(g.treasure_list)
        alive_before = [p.is_alive for p in g.players.values()]
        Counting.words = 0
        g.tick(0.1)
        x = []
        for a in ammo_before:
            if a.value == 0:
                pid = next(pid for pid, p in g.players.items() if p.pos == a.pos)
                x.append(f"pick:a:{pid}:{a.pos[0]},{a.pos[1]}")
            if a._ttl == 0: x.append(f"perish:{a.pos[0]},{a.pos[1]}")
        for tr in tre_before:
            if tr.value == 0:
                pid = next(pid for pid, p in g.players.items() if p.pos == tr.pos)
                x.append(f"pick:t:{pid}:{tr.pos[0]},{tr.pos[1]}")
        for (pid, p), was in zip(g.players.items(), alive_before):
            if was and not p.is_alive: x.append(f"dead:{pid}")
        x += events
        q = " ".join(f"{pid}{code}{'+' if r else '-'}" for pid, code, r in applied) or "-"
        w(f"T {t} A {answers[0]} {answers[1]} Q {q} R {Counting.words}\n")
        for l in state_lines(g): w(l + "\n")
        w("  X" + "".join(" " + e for e in x) + "\n")
        t += 1
    alive = [p.is_alive for p in g.players.values()]
    win = "none" if g.winner is None else str(g.winner[0])
    ps = list(g.players.values())
    w(f"END ticks {t} winner {win} reason {'death' if sum(alive) <= 1 else 'timeout'} scores {ps[0].reward} {ps[1].reward} hp {ps[0].hp} {ps[1].hp}\n")

if __name__ == "__main__":
    if len(sys.argv) != 5:
        sys.exit("usage: record_original.py ORIGINAL_REPO FIRST LAST OUTDIR")
    for s in range(int(sys.argv[2]), int(sys.argv[3])):
        with open(f"{sys.argv[4]}/seed_{s}.trace", "w") as f:
            record(s, f)
