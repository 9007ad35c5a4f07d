"""gambit_maps.py — the map building of the Gambit Dijkstra-map bomber bot (CoderOne's
2020 "Dungeons & Data Structures" challenge), written on `import dmap`.

What it shows: a whole bot's tick of Dijkstra maps — reward, bomb-flee (x -1.3 and rescanned),
safe, high-timer safe, ammo, treasure, centre and run (x -1.2 and rescanned) — combined with
desire weights into one goal map with dmap.weighted_sum, and the move chosen among every tied
best option (dmap.downhill_options). The rules it follows are in arenas/bomber/RULES.md
(the game, and facts about the original bot); the code is ours.

Conventions: the board is 12 x 10, positions (x, y), arrays (H, W) = (10, 12) indexed [y, x].
Actions use the original engine's letters, where 'u' is y + 1 and 'd' is y - 1 ('' stays, 'b' places
a bomb). Maps follow the Gambit bot's DijkstraMap: default 100, goals on walls dropped, walls NaN
(NaN survives scaling and sums, so a wall of any component is NaN in the goal map).

Run: python3 examples/gambit_maps.py [seed]   (prints one board, its goal map and the action)
"""
import random
import sys
from dataclasses import dataclass, field as dc_field
from typing import Dict, List, Optional, Tuple

import numpy as np

import dmap

W, H = 12, 10
CEILING = 100.0  # the Gambit bot's default value
RAYS = ((0, 1), (0, -1), (1, 0), (-1, 0))  # the order the bot walks a bomb's blast rays
REWARD_RAYS = ((1, 0), (-1, 0), (0, 1), (0, -1))  # right, left, up (y+1), down: scoring order
MOVES = ((0, 0, ""), (-1, 0, "l"), (1, 0, "r"), (0, -1, "d"), (0, 1, "u"))  # the bot's order
Cell = Tuple[int, int]


@dataclass
class View:
    """What the agent sees in one tick (arenas/bomber/RULES.md, "What an agent sees")."""

    metal: List[Cell] = dc_field(default_factory=list)
    wood: List[Cell] = dc_field(default_factory=list)
    ore: List[Cell] = dc_field(default_factory=list)
    bombs: List[Cell] = dc_field(default_factory=list)
    ammo: List[Cell] = dc_field(default_factory=list)
    treasure: List[Cell] = dc_field(default_factory=list)
    me: Cell = (0, 0)
    opponent: Optional[Cell] = None
    my_ammo: int = 3
    my_hp: int = 3

    @property
    def blocks(self) -> List[Cell]:
        return self.metal + self.wood + self.ore


def on_board(c: Cell) -> bool:
    return 0 <= c[0] < W and 0 <= c[1] < H


def mask(cells) -> np.ndarray:
    m = np.zeros((H, W), bool)
    for x, y in cells:
        if on_board((x, y)):
            m[y, x] = True
    return m


def blast(bombs, stops, include_hit: bool) -> set:
    """Cells a bomb's fire reaches: the bomb and up to 2 cells per ray, a ray ending at the
    first block or bomb (that cell included when include_hit, as for the reward map)."""
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


def bot_map(walls: np.ndarray, goals, ws=None) -> np.ndarray:
    """The Gambit bot's DijkstraMap: goals (x, y, value) not on walls, ceiling 100, walls NaN."""
    kept = [(x, y, v) for x, y, v in goals if not walls[y, x]]
    v = dmap.field(walls, kept, CEILING, workspace=ws)
    v[walls] = np.nan
    return v


def block_values(view: View, ore_hits: Dict[Cell, int]) -> np.ndarray:
    """Points a cell's block is worth to the reward map: wood 2 (0 in a visible bomb's blast),
    ore 0.5 / 3 / 11 by how often the bot saw a new bomb's ray reach it, metal NaN."""
    board = np.zeros((H, W))
    hot = blast(view.bombs, set(view.blocks) | set(view.bombs), include_hit=True)
    for x, y in view.wood:
        board[y, x] = 0.0 if (x, y) in hot else 2.0
    for x, y in view.ore:
        n = ore_hits.get((x, y), 0)
        board[y, x] = 0.5 if n == 0 else 3.0 if n == 1 else 11.0
    for x, y in view.metal:
        board[y, x] = np.nan
    return board


def reward_scores(board: np.ndarray, few_blocks: bool) -> np.ndarray:
    """Each cell's score for a bomb placed there: per ray, the first non-zero cell of the next
    2 (x 0.95 at distance 2), metal stops the ray; with few blocks left, the plain sum of the
    4 neighbours' values."""
    score = np.zeros((H, W))
    for y in range(H):
        for x in range(W):
            total = 0.0
            if few_blocks:
                for dx, dy in ((-1, 0), (0, -1), (0, 1), (1, 0)):
                    if on_board((x + dx, y + dy)) and not np.isnan(board[y + dy, x + dx]):
                        total += board[y + dy, x + dx]
            else:
                for dx, dy in REWARD_RAYS:
                    for k in (1, 2):
                        tx, ty = x + k * dx, y + k * dy
                        if not on_board((tx, ty)):
                            continue  # off the board counts as empty
                        b = board[ty, tx]
                        if np.isnan(b):
                            break
                        if b != 0:
                            total += b * (1.0 if k == 1 else 0.95)
                            break
            score[y, x] = total
    return score


class Gambit:
    """The bot's memory across calls and its map building. decide(view) returns an action;
    maps(view) builds this call's maps (also called by decide)."""

    def __init__(self, seed: int = 0):
        self.random = random.Random(seed)  # ties, as the bot's random.choice
        self.ws = dmap.Workspace()
        self.desire = {"safe": 3.0, "flee": 0.35, "reward": 2.0, "ammo": 1.0, "treasure": 0.0,
                       "centre": 0.0, "run": 0.0}
        self.calls = 0
        self.first_seen: Dict[Cell, int] = {}  # bomb -> the call it was first seen in
        self.previous_bombs: set = set()
        self.ore_hits: Dict[Cell, int] = {}
        self.high_timer = np.full((H, W), CEILING)  # last call's map; wall-less 100s at first
        self.last_move: Optional[str] = None
        self.last_location: Optional[Cell] = None
        self.last_call = 0

    # -- memory --------------------------------------------------------------------------------
    def remember(self, view: View) -> None:
        for b in view.bombs:
            self.first_seen.setdefault(b, self.calls)
        self.first_seen = {b: t for b, t in self.first_seen.items() if b in view.bombs}
        stops = set(view.blocks) | set(view.bombs)
        for bx, by in set(view.bombs) - self.previous_bombs:
            for dx, dy in RAYS:
                for k in (1, 2):
                    t = (bx + k * dx, by + k * dy)
                    if t in stops:
                        self.ore_hits[t] = self.ore_hits.get(t, 0) + 1
                        break

    def update_desires(self, view: View) -> None:
        d = self.desire
        if not view.wood and not view.ore:
            d.update(centre=1.0, run=0.25, treasure=5.0, reward=0.0)
        if view.my_ammo <= 1:
            d["ammo"] = 9.0
            d["reward"] = 0.5 if view.my_ammo == 0 else 2.0
        else:
            d["ammo"] = 1.4
        d["safe"] = 8.0 if view.my_hp == 1 else 1.0

    # -- maps ---------------------------------------------------------------------------------
    def maps(self, view: View) -> Dict[str, np.ndarray]:
        blocks = set(view.blocks)
        opp = [view.opponent] if view.opponent else []
        walls_all = mask(view.blocks + view.bombs + opp)  # reward, safe, ammo, treasure
        walls_blocks = mask(view.blocks)  # bomb-flee, run
        walls_centre = mask(view.blocks + view.bombs)
        ws = self.ws
        m = {}
        few = len(view.wood) + len(view.ore) < 5
        score = reward_scores(block_values(view, self.ore_hits), few)
        m["reward"] = bot_map(walls_all, [(x, y, -score[y, x]) for y in range(H) for x in range(W)
                                           if score[y, x] != 0], ws)
        towards_bombs = bot_map(walls_blocks, [(x, y, -1.0) for x, y in view.bombs], ws)
        m["flee"] = dmap.flee(walls_blocks, towards_bombs, -1.3, workspace=ws)
        unsafe = blast(view.bombs, blocks | set(view.bombs), include_hit=False)
        m["safe"] = bot_map(walls_all, [(x, y, 0.0) for y in range(H) for x in range(W)
                                         if (x, y) not in unsafe], ws)
        m["ammo"] = bot_map(walls_all, [(x, y, -3.0) for x, y in view.ammo] +
                             [(x, y, -2.0) for x, y in view.treasure], ws)
        m["treasure"] = bot_map(walls_all, [(x, y, -2.0) for x, y in view.treasure], ws)
        m["centre"] = bot_map(walls_centre, [(x, y, 0.0) for x in range(3, 8) for y in range(3, 6)], ws)
        towards_opp = bot_map(walls_blocks, [(x, y, 0.0) for x, y in opp], ws)
        m["run"] = dmap.flee(walls_blocks, towards_opp, -1.2, workspace=ws)
        m["high_timer_used"] = self.high_timer
        d = self.desire
        order = [("reward", d["reward"]), ("safe", d["safe"]), ("flee", d["flee"]), ("ammo", d["ammo"]),
                 ("high_timer_used", 25.0), ("centre", d["centre"]), ("run", d["run"]),
                 ("treasure", d["treasure"])]
        # No walls given: every cell is summed, so NaN walls of any component stay NaN.
        m["goal"] = dmap.weighted_sum(np.zeros((H, W), bool), [m[k] for k, _ in order],
                                      [w for _, w in order])
        old = [b for b, t in self.first_seen.items() if self.calls - t > 30]
        hot = blast(old, blocks | set(view.bombs), include_hit=False)
        m["high_timer"] = bot_map(walls_all, [(x, y, 0.0) for y in range(H) for x in range(W)
                                               if (x, y) not in hot], ws)
        return m

    # -- the move -------------------------------------------------------------------------------
    def choose(self, view: View, goal: np.ndarray, walls: np.ndarray) -> str:
        """Lowest value <= 1000 among stay/l/r/d/u (not walls of the reward map), ties at random
        in that order. dmap.downhill_options gives every tied best neighbour."""
        x, y = view.me
        v = goal.copy()
        if walls[y, x] or np.isnan(v[y, x]):  # standing on my own bomb: staying is no candidate
            walls = walls.copy()
            walls[y, x] = False
            v[y, x] = np.inf
        v[v > 1000] = np.inf  # the bot's "best starts at 1000"
        best = dmap.downhill_options(walls, v, (x, y))
        dx, dy = best[0].offset  # every option in best has the same value
        if v[y + dy, x + dx] == np.inf:
            return ""  # no candidate qualifies: stay, no draw
        letters = {dmap.Dir.STAY: "", dmap.Dir.LEFT: "l", dmap.Dir.RIGHT: "r",
                   dmap.Dir.UP: "d", dmap.Dir.DOWN: "u"}  # dmap's UP is y - 1, the bot's 'd'
        tied = [letters[d] for d in best]
        return self.random.choice([a for _, _, a in MOVES if a in tied])

    def should_bomb(self, view: View) -> bool:
        """Place a bomb when staying: the location check below, and ammo left."""
        return self.bomb_location_ok(view) and view.my_ammo > 0

    def bomb_location_ok(self, view: View) -> bool:
        """The bot's check_bomb_location: the cell scores (wood 2 / ore 10 in reach) and a safe
        cell is near (lowest neighbour < 50 on a safe map counting the new bomb too)."""
        board = np.zeros((H, W))
        for x, y in view.wood:
            board[y, x] = 2.0
        for x, y in view.ore:
            board[y, x] = 10.0
        for x, y in view.metal:
            board[y, x] = np.nan
        x, y = view.me
        if reward_scores(board, False)[y, x] <= 0:
            return False
        opp = [view.opponent] if view.opponent else []
        walls = mask(view.blocks + view.bombs + opp)
        hot = blast(view.bombs + [view.me], set(view.blocks + view.bombs + opp), include_hit=False)
        safe = bot_map(walls, [(cx, cy, 0.0) for cy in range(H) for cx in range(W)
                                if (cx, cy) not in hot], self.ws)
        near = [CEILING, safe[y, x]] + [safe[y + dy, x + dx] for dx, dy, _ in MOVES[1:]
                                         if on_board((x + dx, y + dy)) and not walls[y + dy, x + dx]]
        return min(near) < 50

    def decide(self, view: View) -> Optional[str]:
        self.calls += 1
        if (self.last_location == view.me and self.last_move in ("l", "r", "d", "u")
                and self.calls - self.last_call <= 2):
            return None  # the desync guard: a move that did not happen
        self.remember(view)
        self.update_desires(view)
        m = self.maps(view)
        opp = [view.opponent] if view.opponent else []
        action = self.choose(view, m["goal"], mask(view.blocks + view.bombs + opp))
        self.high_timer = m["high_timer"]
        self.previous_bombs = set(view.bombs)
        if action == "" and self.should_bomb(view):
            action = "b"
        self.last_move, self.last_location, self.last_call = action, view.me, self.calls
        return action


def random_view(rng: random.Random, bombs: int = 3) -> View:
    """A random board in the spirit of the arena's map generation (not its exact draws)."""
    cells = [(x, y) for x in range(W) for y in range(H)]
    rng.shuffle(cells)
    take = iter(cells)
    me, opp = next(take), next(take)
    metal = [next(take) for _ in range(18)]
    wood = [next(take) for _ in range(20)]
    ore = [next(take) for _ in range(5)]
    ammo = [next(take)]
    treasure = [next(take) for _ in range(rng.randint(0, 2))]
    bomb_cells = [next(take) for _ in range(bombs)]
    return View(metal, wood, ore, bomb_cells, ammo, treasure, me, opp, rng.randint(0, 3), rng.randint(1, 3))


def render(view: View, values: np.ndarray) -> str:
    marks = {**{c: "#" for c in view.metal}, **{c: "w" for c in view.wood}, **{c: "o" for c in view.ore},
             **{c: "B" for c in view.bombs}, view.me: "@"}
    if view.opponent:
        marks[view.opponent] = "E"
    rows = []
    for y in range(H - 1, -1, -1):  # 'u' is y + 1: print the top row (largest y) first
        rows.append(" ".join(f"{marks.get((x, y), ''):>1}{'' if np.isnan(values[y, x]) else int(round(values[y, x])):>6}"
                             for x in range(W)))
    return "\n".join(rows)


def main(argv) -> int:
    seed = int(argv[1]) if len(argv) > 1 else 1
    view = random_view(random.Random(seed))
    bot = Gambit(seed)
    action = bot.decide(view)
    goal = bot.maps(view)["goal"]
    print(render(view, goal))
    print(f"me {view.me}, action {action!r}")
    return 0 if action in ("", "l", "r", "u", "d", "b") else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
