"""A SimpleAgent-style agent of our own, written in plain Python against the playground's agent
interface (act(obs, action_space) on the observation dict), following the playground's
SimpleAgent as the arena's data/README.md describes it rule by rule: a depth-10 BFS with
coin-flip tie-breaks, then escape from bombs, bomb a neighbouring enemy, chase, power-ups, wood,
and a random valid move. Its draws come from `rng` (the global `random` module by default, as
the playground's agents draw; the environment's shared stream `env.random` in the tests)."""
import queue
import random
from collections import defaultdict

import numpy as np

from dmap.arenas.pommerman import Action, BaseAgent, Item

AGENTS = {Item.Agent0.value, Item.Agent1.value, Item.Agent2.value, Item.Agent3.value}
POWERUPS = {Item.ExtraBomb.value, Item.IncrRange.value, Item.Kick.value}
STEPS = [(-1, 0), (1, 0), (0, -1), (0, 1)]


def on_board(board, p):
    return 0 <= p[0] < len(board) and 0 <= p[1] < len(board[0])


def is_enemy(board, p, enemies):
    return Item(int(board[p])) in enemies


def passable(board, p, enemies):
    v = int(board[p])
    return (v in AGENTS or v in POWERUPS or v == Item.Passage.value) and not is_enemy(board, p, enemies)


def next_position(p, direction):
    x, y = p
    return {Action.Right: (x, y + 1), Action.Left: (x, y - 1), Action.Down: (x + 1, y),
            Action.Up: (x - 1, y), Action.Stop: (x, y)}[direction]


def direction_to(p, q):
    if p[0] == q[0]:
        return Action.Right if p[1] < q[1] else Action.Left
    return Action.Down if p[0] < q[0] else Action.Up


class SimpleStyleAgent(BaseAgent):
    def __init__(self, rng=random):
        super().__init__()
        self.rng = rng
        self._recent = []
        self._prev_direction = None

    def act(self, obs, action_space):
        me = tuple(obs["position"])
        board = np.array(obs["board"])
        bs = np.array(obs["bomb_blast_strength"])
        bombs = [{"position": (r, c), "blast_strength": int(bs[r, c])} for r, c in zip(*np.where(bs > 0))]
        enemies = [Item(e) for e in obs["enemies"]]
        ammo, blast = int(obs["ammo"]), int(obs["blast_strength"])
        items, dist, prev = self._bfs(board, me, bombs, enemies, 10)

        unsafe = self._threatened(me, bombs, dist)
        if unsafe:
            return self.rng.choice(self._safe_directions(board, me, unsafe, enemies)).value
        if self._adjacent_enemy(items, dist, enemies) and self._bombing_is_safe(ammo, blast, items, dist, me):
            return Action.Bomb.value
        d = self._toward(me, self._nearest(dist, enemies, items, 3), prev)
        if d is not None and (self._prev_direction != d or self.rng.random() < .5):
            self._prev_direction = d
            return d.value
        d = self._toward(me, self._nearest(dist, [Item.ExtraBomb, Item.IncrRange, Item.Kick], items, 2), prev)
        if d is not None:
            return d.value
        if self._toward(me, self._nearest(dist, [Item.Wood], items, 1), prev):
            return (Action.Bomb if self._bombing_is_safe(ammo, blast, items, dist, me) else Action.Stop).value
        d = self._toward(me, self._nearest(dist, [Item.Wood], items, 2), prev)
        if d is not None:
            ds = self._outside_blasts(me, [d], bombs)
            if ds:
                return ds[0].value

        ds = [Action.Stop, Action.Left, Action.Right, Action.Up, Action.Down]
        ds = [d for d in ds if on_board(board, next_position(me, d)) and passable(board, next_position(me, d), enemies)]
        ds = self._outside_blasts(me, ds, bombs)
        fresh = [d for d in ds if next_position(me, d) not in self._recent]
        ds = fresh or ds
        if len(ds) > 1:
            ds = [d for d in ds if d != Action.Stop]
        if not ds:
            ds = [Action.Stop]
        self._recent = (self._recent + [me])[-6:]
        return self.rng.choice(ds).value

    def _bfs(self, board, me, bombs, enemies, depth):
        items, dist, prev = defaultdict(list), {}, {}
        q = queue.Queue()
        x0, y0 = me
        skip = {Item.Fog.value, Item.Rigid.value, Item.Flames.value}
        for r in range(max(0, x0 - depth), min(len(board), x0 + depth)):
            for c in range(max(0, y0 - depth), min(len(board), y0 + depth)):
                p = (r, c)
                if abs(r - x0) + abs(c - y0) > depth or int(board[p]) in skip:
                    continue
                prev[p] = None
                items[Item(int(board[p]))].append(p)
                if p == me:
                    q.put(p)
                    dist[p] = 0
                else:
                    dist[p] = np.inf
        while not q.empty():
            p = q.get()
            if not passable(board, p, enemies):
                continue
            val = dist[p] + 1
            for dr, dc in STEPS:
                n = (p[0] + dr, p[1] + dc)
                if n not in dist:
                    continue
                if val < dist[n]:
                    dist[n], prev[n] = val, p
                    q.put(n)
                elif val == dist[n] and self.rng.random() < .5:
                    prev[n] = p
        return items, dist, prev

    @staticmethod
    def _threatened(me, bombs, dist):
        ret = defaultdict(int)
        x, y = me
        for b in bombs:
            p, s = b["position"], b["blast_strength"]
            d = dist.get(p)
            if d is None or d > s:
                continue
            if p == me:
                dirs = [Action.Right, Action.Left, Action.Up, Action.Down]
            elif x == p[0]:
                dirs = [Action.Right if y < p[1] else Action.Left]
            elif y == p[1]:
                dirs = [Action.Down if x < p[0] else Action.Up]
            else:
                dirs = []
            for k in dirs:
                ret[k] = max(ret[k], s)
        return ret

    @staticmethod
    def _stuck(nxt, strength, board, enemies):
        q = queue.PriorityQueue()
        q.put((0, nxt))
        seen = set()
        while not q.empty():
            d, p = q.get()
            seen.add(p)
            if nxt[0] != p[0] and nxt[1] != p[1]:
                return False
            if d > strength:
                return False
            for dr, dc in STEPS:
                n = (p[0] + dr, p[1] + dc)
                if n in seen or not on_board(board, n) or not passable(board, n, enemies):
                    continue
                q.put((abs(n[0] - nxt[0]) + abs(n[1] - nxt[1]), n))
        return True

    def _safe_directions(self, board, me, unsafe, enemies):
        if len(unsafe) == 4:
            after = board.copy()
            after[me] = Item.Bomb.value
            for d, strength in unsafe.items():
                n = next_position(me, d)
                if not on_board(after, n) or not passable(after, n, enemies):
                    continue
                if not self._stuck(n, strength, after, enemies):
                    return [d]
            return [Action.Stop]
        safe, off = [], []
        for dr, dc in STEPS:
            n = (me[0] + dr, me[1] + dc)
            d = direction_to(me, n)
            if not on_board(board, n):
                off.append(d)
                continue
            if d in unsafe:
                continue
            if passable(board, n, enemies) or int(board[n]) == Item.Fog.value:
                safe.append(d)
        if not safe:
            safe = [k for k in unsafe if k not in off]
        return safe or [Action.Stop]

    @staticmethod
    def _adjacent_enemy(items, dist, enemies):
        return any(dist[p] == 1 for e in enemies for p in items.get(e, []))

    @staticmethod
    def _bombing_is_safe(ammo, blast, items, dist, me):
        if ammo < 1:
            return False
        for p in items.get(Item.Passage) or []:
            if dist[p] == np.inf:
                continue
            if dist[p] > blast or (p[0] != me[0] and p[1] != me[1]):
                return True
        return False

    @staticmethod
    def _nearest(dist, kinds, items, radius):
        nearest, best = None, max(dist.values())
        for k in kinds:
            for p in items.get(k, []):
                if dist[p] <= radius and dist[p] <= best:
                    nearest, best = p, dist[p]
        return nearest

    @staticmethod
    def _toward(me, target, prev):
        if not target:
            return None
        p = target
        while prev[p] != me:
            p = prev[p]
        return direction_to(me, p)

    @staticmethod
    def _outside_blasts(me, directions, bombs):
        ret = []
        for d in directions:
            x, y = next_position(me, d)
            bad = any((x == b["position"][0] and abs(b["position"][1] - y) <= b["blast_strength"])
                      or (y == b["position"][1] and abs(b["position"][0] - x) <= b["blast_strength"]) for b in bombs)
            if not bad:
                ret.append(d)
        return ret
