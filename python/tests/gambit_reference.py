"""gambit_reference.py — an independent plain-Python model of the bomber bot's map building
(arenas/bomber/RULES.md), used as the oracle of examples/gambit_maps.py. It shares no code with the
example or with dmap: maps are lists indexed [x][y] like the original bot's, scanned by the original
bot's literal sweep ("while a cell is above lowest + 1, drop it", lowest = min of 100, the cell and
its passable 4 neighbours), walls NaN, goals on walls dropped."""
import math

W, H = 12, 10
NAN = float("nan")
RAYS = ((0, 1), (0, -1), (1, 0), (-1, 0))
NEIGHBOURS = ((0, -1), (-1, 0), (1, 0), (0, 1), (0, 0))


class SeedMap:
    def __init__(self, walls=()):
        self.walls = set(walls)
        self.goals = []
        self.tiles = [[100.0] * H for _ in range(W)]
        for x, y in self.walls:
            if 0 <= x < W and 0 <= y < H:
                self.tiles[x][y] = NAN

    def add_goal(self, x, y, value):
        if (x, y) not in self.walls:
            self.goals.append((x, y, value))

    def passable(self, x, y):
        return 0 <= x < W and 0 <= y < H and (x, y) not in self.walls

    def lowest(self, x, y):
        low = 100.0
        for dx, dy in NEIGHBOURS:
            if self.passable(x + dx, y + dy):
                low = min(low, self.tiles[x + dx][y + dy])
        return low

    def recalculate(self, clear=True):
        if clear:
            self.tiles = [[100.0] * H for _ in range(W)]
            for x, y, v in self.goals:
                self.tiles[x][y] = v
            for x, y in self.walls:
                if 0 <= x < W and 0 <= y < H:
                    self.tiles[x][y] = NAN
        changed = True
        while changed:
            changed = False
            for x in range(W):
                for y in range(H):
                    if (x, y) in self.walls:
                        continue
                    low = self.lowest(x, y)
                    if self.tiles[x][y] > low + 1:
                        self.tiles[x][y] = low + 1
                        changed = True
        return self

    def scaled(self, k):
        out = SeedMap(self.walls)
        out.tiles = [[self.tiles[x][y] * k for y in range(H)] for x in range(W)]
        return out


def blast_tiles(bombs, stops, include_hit):
    tiles = set()
    for bx, by in bombs:
        tiles.add((bx, by))
        for dx, dy in RAYS:
            for k in (1, 2):
                t = (bx + k * dx, by + k * dy)
                if t in stops:
                    if include_hit:
                        tiles.add(t)
                    break
                tiles.add(t)
    return tiles


def score_at(board, x, y, few):
    def value(cx, cy):
        if not (0 <= cx < W and 0 <= cy < H):
            return 0.0
        return board[cx][cy]

    total = 0.0
    if few:
        for dx, dy in ((-1, 0), (0, -1), (0, 1), (1, 0)):
            v = value(x + dx, y + dy)
            total += 0.0 if math.isnan(v) else v
        return total
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        for k in (1, 2):
            v = value(x + k * dx, y + k * dy)
            if math.isnan(v):
                break
            if v != 0:
                total += v * (1 if k == 1 else 0.95)
                break
    return total


class SeedBot:
    """The bot's memory, desires and maps, call by call (no bomb check, no actions beyond the
    tied best moves: those are compared separately)."""

    def __init__(self):
        self.desire = {"safe": 3, "flee": 0.35, "reward": 2, "ammo": 1, "treasure": 0, "centre": 0, "run": 0}
        self.tick = 0
        self.current = []  # (x, y, first call)
        self.previous = set()
        self.explosions = []
        self.high = SeedMap()

    def call(self, v):
        self.tick += 1
        for b in v.bombs:
            if b not in [(c[0], c[1]) for c in self.current]:
                self.current.append((b[0], b[1], self.tick))
        self.current = [c for c in self.current if (c[0], c[1]) in v.bombs]
        blocks = v.metal + v.wood + v.ore
        new = set(v.bombs) - self.previous
        for bx, by in new:
            for dx, dy in RAYS:
                for k in (1, 2):
                    t = (bx + k * dx, by + k * dy)
                    self.explosions.append(t)
                    if t in blocks + v.bombs:
                        break
        d = self.desire
        if not v.wood and not v.ore:
            d["centre"], d["run"], d["treasure"], d["reward"] = 1, 0.25, 5, 0
        if v.my_ammo <= 1:
            d["ammo"] = 9
            d["reward"] = 0.5 if v.my_ammo == 0 else 2
        else:
            d["ammo"] = 1.4
        d["safe"] = 8 if v.my_hp == 1 else 1
        opp = [v.opponent] if v.opponent else []
        walls = blocks + v.bombs + opp
        maps = {}
        # reward
        hot = blast_tiles(v.bombs, set(blocks + v.bombs), True)
        board = [[0.0] * H for _ in range(W)]
        for x, y in v.wood:
            board[x][y] = 0.0 if (x, y) in hot else 2.0
        for x, y in v.ore:
            n = self.explosions.count((x, y))
            board[x][y] = 0.5 if n == 0 else 3.0 if n == 1 else 11.0
        for x, y in v.metal:
            board[x][y] = NAN
        few = len(v.wood) + len(v.ore) < 5
        r = SeedMap(walls)
        for x in range(W):
            for y in range(H):
                s = score_at(board, x, y, few)
                if s != 0:
                    r.add_goal(x, y, -s)
        maps["reward"] = r.recalculate()
        f = SeedMap(blocks)
        for x, y in v.bombs:
            f.add_goal(x, y, -1)
        maps["flee"] = f.recalculate().scaled(-1.3).recalculate(clear=False)
        unsafe = blast_tiles(v.bombs, set(blocks + v.bombs), False)
        s = SeedMap(walls)
        for x in range(W):
            for y in range(H):
                if (x, y) not in set(blocks + v.bombs) | unsafe:
                    s.add_goal(x, y, 0)
        maps["safe"] = s.recalculate()
        a = SeedMap(walls)
        for x, y in v.ammo:
            a.add_goal(x, y, -3)
        for x, y in v.treasure:
            a.add_goal(x, y, -2)
        maps["ammo"] = a.recalculate()
        t = SeedMap(walls)
        for x, y in v.treasure:
            t.add_goal(x, y, -2)
        maps["treasure"] = t.recalculate()
        c = SeedMap(blocks + v.bombs)
        for x in range(3, 8):
            for y in range(3, 6):
                c.add_goal(x, y, 0)
        maps["centre"] = c.recalculate()
        rn = SeedMap(blocks)
        for x, y in opp:
            rn.add_goal(x, y, 0)
        maps["run"] = rn.recalculate().scaled(-1.2).recalculate(clear=False)
        order = [(maps["reward"], d["reward"]), (maps["safe"], d["safe"]), (maps["flee"], d["flee"]),
                 (maps["ammo"], d["ammo"]), (self.high, 25), (maps["centre"], d["centre"]),
                 (maps["run"], d["run"]), (maps["treasure"], d["treasure"])]
        goal = [[0.0] * H for _ in range(W)]
        first = True
        for m, k in order:
            for x in range(W):
                for y in range(H):
                    term = m.tiles[x][y] * k
                    goal[x][y] = term if first else goal[x][y] + term
            first = False
        maps["goal"] = goal
        old = [(c[0], c[1]) for c in self.current if self.tick - c[2] > 30]
        hot_old = blast_tiles(old, set(blocks + v.bombs), False)
        hi = SeedMap(walls)
        for x in range(W):
            for y in range(H):
                if (x, y) not in set(blocks + v.bombs) | hot_old:
                    hi.add_goal(x, y, 0)
        self.high = hi.recalculate()
        maps["high_timer"] = self.high
        self.previous = set(v.bombs)
        # The tied best moves: stay, l, r, d, u; value <= 1000, not walls of the reward map.
        best, tied = 1000, []
        me = v.me
        cands = [(0, 0, ""), (-1, 0, "l"), (1, 0, "r"), (0, -1, "d"), (0, 1, "u")]
        vals = {}
        for dx, dy, a in cands:
            x, y = me[0] + dx, me[1] + dy
            if 0 <= x < W and 0 <= y < H and (x, y) not in walls:
                vals[a] = goal[x][y]
                if goal[x][y] <= best:
                    best = goal[x][y]
        tied = [a for a, val in vals.items() if val == best and val <= 1000]
        return maps, tied
