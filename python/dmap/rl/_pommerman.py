"""Pommerman for dmap.rl: one game of the arena (dmap.arenas.pommerman, any config of CONFIGS)
with learners in some seats and the arena's C bots in the others.

Observation (a dict; `n` the board's size, 11, or 8 in OneVsOne-v0), the playground's
observation of that agent as arrays:
  board                  uint8 (n, n), the playground's Item values, indexed [row, col]
                         (Fog 5 outside the view in the Competition configs)
  bomb_blast_strength,   float32 (n, n): the playground's bomb maps and flame map
  bomb_life, bomb_moving_direction, flame_life
  position               int64 (2,): (row, col)
  state                  int64 (4,): ammo, blast_strength, can_kick (0/1), step_count
  alive                  int8 (A,): 1 where agent i is alive
  teammate               int64 (1,): the teammate's Item value (AgentDummy 9 without one)
  enemies                int64 (A-1,): the enemies' Item values (AgentDummy 9 fills)
  message                int64 (2,): the teammate's last words (radio configs only)
  action_mask            int8 (6,): 1 for the actions that do something: Stop; a move onto the
                         board that is not Rigid, Wood or (without kick) a bomb, also one under
                         an agent; Bomb with ammo left and no bomb under the agent; Stop only for
                         a dead agent. The arena's one mask (pm_legal_actions), the same as
                         VecEnv's. Masked actions are still accepted (the engine plays them as
                         Stop). In the radio configs int8 (22,): that mask, then 8 ones for each
                         of the two words (every word is legal), end to end, the form
                         MaskablePPO takes for a MultiDiscrete action; the action space's
                         sample(mask=) takes it too.
Actions: Discrete(6) (Stop, Up, Down, Left, Right, Bomb); in the radio configs
MultiDiscrete([6, 8, 8]): the action and two words for the teammate.
Planes (observation="planes", float32 (C, n, n) in [0, 1], indexed [row, col]; dmap/rl/_planes.py
says the scaling): the vectorized Pommerman's planes of the observation (VecEnv(planes="all"),
the arena's pm_vec_obs_planes through the door's pommerman_planes: the same C code), each scaled:
  passage, rigid, wood, bomb, flames, fog, extra_bomb, incr_range, kick
                         presence: 1 where the board shows the item (fog in the Competition
                         configs; an agent's cell shows the agent)
  self, teammate, enemies  presence: the agent's cell (none once dead), its teammate's, its
                         enemies'
  bomb_blast_strength    the bombs' blast strengths / the largest blast strength
  bomb_life              the bombs' life / 9
  bomb_moving_direction  the bombs' direction (0 still, 1..4 up, down, left, right) / 4
  flame_life             the flames' life / 3
  ammo, blast_strength, can_kick  scalars: the agent's ammo / (1 + items), blast strength / the
                         largest, can_kick (0/1)
  dist_self              distance (D = 2n) from the agent's cell over the walls rigid, wood,
                         bombs and fog (agents and flames passable); all 1 once it is dead
  dist_enemy             distance from the nearest living enemy it sees (the same walls)
  dist_enemy0, ...       distance from each enemy of the config (FFA 3, teams 2, 1v1 1), in
                         the order of obs["enemies"]; all 1 when it is dead or unseen
  danger                 timing (T = 10): in how many steps flames cover the cell (0 flames
                         now; a bomb's chain of explosions, rays stopped by rigid walls and at
                         wood); 1 never
  flee                   flee from the nearest enemy's distance (the rule of _planes.py)
  step                   scalar: step_count / max_steps
  message0, message1     (radio configs) scalars: the teammate's last words / 7
Rewards are the playground's reward of the step an agent leaves (FFA: -1 when it dies, +1 to
the last one alive; teams: +1 to both members of the team left alive, 0 to a member that dies
before the end; -1 to all when all are dead or the steps run out), 0 before. An agent leaves
terminated when it dies or the game has its outcome (a winner, or no one alive), truncated when
the max_steps run out.
"""
from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, cast

import numpy as np
from gymnasium import spaces

from dmap import _arenas
from dmap.arenas import pommerman as pm

from ._status import RUNNING, TERMINATED, TRUNCATED

# the standard planes of the vectorized Pommerman (pommerman.h), then its map planes
_STANDARD = ("passage", "rigid", "wood", "bomb", "flames", "fog", "extra_bomb", "incr_range", "kick",
             "self", "teammate", "enemies", "bomb_blast_strength", "bomb_life", "bomb_moving_direction",
             "flame_life", "ammo", "blast_strength", "can_kick")


class _Seat:
    """A learner's seat in the game: answers the action the environment was given."""

    def __init__(self) -> None:
        self.answer: Any = 0

    def act(self, obs: Dict[str, Any], action_space: Any) -> Any:
        return self.answer


class FlatMaskMultiDiscrete(spaces.MultiDiscrete):
    """The radio configs' action space, MultiDiscrete([6, 8, 8]), whose sample(mask=) also takes
    the observation's flat action_mask (the parts' masks end to end, sum(nvec) entries: the form
    libraries that want a flat observation, such as MaskablePPO, take) besides gymnasium's tuple
    of masks."""

    def sample(self, mask: Any = None, *args: Any, **kw: Any) -> Any:
        flat = np.asarray(mask) if mask is not None and not isinstance(mask, tuple) else None
        if flat is not None and flat.shape == (int(np.sum(self.nvec)),):
            mask = tuple(np.split(flat.astype(np.int8), np.cumsum(self.nvec)[:-1]))
        return super().sample(mask, *args, **kw)



class PommermanCore:
    name = "pommerman"

    def __init__(self, config: str = "PommeFFACompetition-v0", seats: Optional[Sequence[Optional[str]]] = None,
                 gym: bool = False) -> None:
        if config not in pm.CONFIGS:
            raise ValueError("unknown Pommerman config %r (known: %s)" % (config, ", ".join(pm.CONFIGS)))
        numbers = _arenas.POMMERMAN_CONFIGS[config]
        nagents = numbers["num_agents"]
        if seats is None:
            seats = [None] + ["simple"] * (nagents - 1) if gym else [None] * nagents
        seats = list(seats)
        if len(seats) != nagents:
            raise ValueError("%s has %d seats, got %d" % (config, nagents, len(seats)))
        for i, s in enumerate(seats):
            if s is not None and (not isinstance(s, str) or s.split(":")[0] not in pm.C_BOTS):
                raise ValueError("seat %d: None (a learner) or a C bot of %s (or its spec BOT:NAME=VALUE), got %r"
                                 % (i, ", ".join(pm.C_BOTS), s))
        self.config = config
        self.seats = seats
        self.learners = [i for i, s in enumerate(seats) if s is None]
        self._agents: List[Any] = [_Seat() if s is None else s for s in seats]
        self._env = pm.make(config, self._agents)
        self.radio = numbers["radio_num_words"] > 0
        self.max_steps = numbers["max_steps"]
        n = self.size = numbers["size"]
        items = numbers["num_items"]
        blast = max(numbers["max_blast"], pm.DEFAULT_BLAST_STRENGTH + items)
        grid: Callable[[float], spaces.Box] = lambda high: spaces.Box(0.0, float(high), (n, n), np.float32)
        obs: Dict[str, Any] = {
            "board": spaces.Box(0, 13, (n, n), np.uint8),
            "bomb_blast_strength": grid(blast),
            "bomb_life": grid(pm.DEFAULT_BOMB_LIFE),
            "bomb_moving_direction": grid(4),
            "flame_life": grid(3),
            "position": spaces.Box(0, n - 1, (2,), np.int64),
            "state": spaces.Box(0, np.array([1 + items, blast, 1, self.max_steps]), (4,), np.int64),
            "alive": spaces.MultiBinary(nagents),
            "teammate": spaces.Box(0, 13, (1,), np.int64),
            "enemies": spaces.Box(0, 13, (nagents - 1,), np.int64),
            "action_mask": spaces.MultiBinary(6),
        }
        if self.radio:
            obs["message"] = spaces.Box(0, pm.RADIO_VOCAB_SIZE - 1, (2,), np.int64)
            obs["action_mask"] = spaces.MultiBinary(6 + 2 * pm.RADIO_VOCAB_SIZE)
            self._words_mask = np.ones(2 * pm.RADIO_VOCAB_SIZE, np.int8)
        self.observation_space = spaces.Dict(obs)
        nenemies = 2 if numbers["game_type"] in (pm.GameType.Team.value, pm.GameType.TeamRadio.value) else nagents - 1
        self.plane_names = (list(_STANDARD) + ["dist_self", "dist_enemy"] + ["dist_enemy%d" % e for e in range(nenemies)]
                            + ["danger", "flee", "step"] + (["message0", "message1"] if self.radio else []))
        self.plane_shape = (n, n)
        # the divisor of each of the door's byte planes (255, unreached or never, gives 1)
        scale = [1.0] * 12 + [blast, pm.DEFAULT_BOMB_LIFE, 4, 3, 1 + items, blast, 1]
        scale += [2 * n] * (2 + nenemies) + [pm.DEFAULT_BOMB_LIFE + 1, 255]
        self._plane_scale = np.array(scale, np.float32)[:, None, None]
        self.action_space = FlatMaskMultiDiscrete([6, 8, 8]) if self.radio else spaces.Discrete(6)
        self._obs: Any = None
        self._rewards = [0] * nagents

    def new_game(self, seed: int) -> None:
        self._env.seed(seed)
        self._obs = self._env.reset()
        self._rewards = [0] * len(self.seats)

    def step(self, actions: Dict[int, Any]) -> None:
        for seat, a in actions.items():
            self._agents[seat].answer = a
        self._env.play_step()
        self._obs = self._env.get_observations()
        self._rewards = self._env._get_rewards()

    def alive(self, seat: int) -> bool:
        return cast("bool", self._env._game.alive()[seat])

    def status(self) -> int:
        if not self._env._get_done():
            return RUNNING
        code, _ = self._env._game.outcome()
        if code == 1 or not any(self._env._game.alive()):
            return TERMINATED
        return TRUNCATED

    def reward(self, seat: int) -> float:
        return self._rewards[seat]

    def observe(self, seat: int) -> Dict[str, Any]:
        o = self._obs[seat]
        board = np.asarray(o["board"], np.uint8)
        life = np.asarray(o["bomb_life"], np.float32)
        r, c = int(o["position"][0]), int(o["position"][1])
        mask = _arenas.pommerman_action_mask(o, seat)  # the arena's pm_legal_actions, VecEnv's masks
        alive = np.zeros(len(self.seats), np.int8)
        for v in o["alive"]:
            alive[v - pm.Item.Agent0.value] = 1
        out: Dict[str, Any] = {
            "board": board,
            "bomb_blast_strength": np.asarray(o["bomb_blast_strength"], np.float32),
            "bomb_life": life,
            "bomb_moving_direction": np.asarray(o["bomb_moving_direction"], np.float32),
            "flame_life": np.asarray(o["flame_life"], np.float32),
            "position": np.array([r, c], np.int64),
            "state": np.array([o["ammo"], o["blast_strength"], int(o["can_kick"]), o["step_count"]], np.int64),
            "alive": alive,
            "teammate": np.array([o["teammate"].value], np.int64),
            "enemies": np.array([e.value for e in o["enemies"]], np.int64),
            "action_mask": mask,
        }
        if self.radio:
            out["message"] = np.array(o["message"], np.int64)
            out["action_mask"] = np.concatenate((mask, self._words_mask))
        return out

    def planes(self, seat: int, obs: Dict[str, Any]) -> Any:
        """The agent's planes (observation="planes"): the door's byte planes, scaled, then the
        scalars the C planes leave out."""
        o = self._obs[seat]
        raw = _arenas.pommerman_planes(o, seat)
        n = self.size
        out = np.empty((len(self.plane_names), n, n), np.float32)
        k = raw.shape[0]
        np.minimum(raw / self._plane_scale, 1.0, out=out[:k], casting="unsafe")
        out[k] = min(o["step_count"] / self.max_steps, 1.0)
        if self.radio:
            for i in range(2):
                out[k + 1 + i] = min(max(int(o["message"][i]), 0) / (pm.RADIO_VOCAB_SIZE - 1), 1.0)
        return out

    def info(self, seat: int) -> Dict[str, Any]:
        info: Dict[str, Any] = {"step": self._env._step_count}
        if self._env._get_done():
            code, winners = self._env._game.outcome()
            info["result"] = "win" if seat in winners else ("loss" if code == 1 else "tie")
            info["winners"] = winners
        return info

    def render(self) -> str:
        return cast(str, self._env.render(mode="ansi"))
