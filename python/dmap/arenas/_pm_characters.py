"""pommerman.characters of the playground namespace (dmap.arenas.playground): Bomber, the state
of an agent as the playground keeps it on the agent object (its BaseAgent reads its attributes
through the character), and the Bomb and Flame containers. The environment of the namespace
writes each agent's Bomber after reset() and after every step (position, ammo, blast_strength,
can_kick, is_alive), so an agent reading self.position reads the game, as in the playground."""
from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

from . import _pm_constants as constants
from . import _pm_utility as utility


class Bomber:
    """An agent's state: id, teammate and enemies (Item members), position (row, col), ammo,
    blast_strength, can_kick, is_alive."""

    def __init__(self, agent_id: Optional[int] = None, game_type: Any = None) -> None:
        self._game_type = game_type
        self.ammo = 1
        self.is_alive = True
        self.blast_strength = constants.DEFAULT_BLAST_STRENGTH
        self.can_kick = False
        if agent_id is not None:
            self.set_agent_id(agent_id)

    def set_agent_id(self, agent_id: int) -> None:
        self.agent_id = agent_id
        item = constants.Item
        if self._game_type in (constants.GameType.FFA, constants.GameType.OneVsOne):
            n = 2 if self._game_type == constants.GameType.OneVsOne else 4
            self.teammate = item.AgentDummy
            self.enemies: List[Any] = [item(item.Agent0.value + i) for i in range(n) if i != agent_id]
        else:  # the team games: teams {0, 2} and {1, 3}, the enemies ending with AgentDummy
            mate = (agent_id + 2) % 4
            self.teammate = item(item.Agent0.value + mate)
            self.enemies = [item(item.Agent0.value + i) for i in range(4) if i not in (agent_id, mate)]
            self.enemies.append(item.AgentDummy)

    def maybe_lay_bomb(self) -> Optional["Bomb"]:
        if self.ammo <= 0:
            return None
        self.ammo -= 1
        return Bomb(self, self.position, constants.DEFAULT_BOMB_LIFE + 1, self.blast_strength)

    def incr_ammo(self) -> None:
        self.ammo = min(self.ammo + 1, 10)

    def get_next_position(self, direction: Any) -> Tuple[int, int]:
        return utility.get_next_position(self.position, constants.Action(direction))

    def move(self, direction: Any) -> None:
        self.position = self.get_next_position(direction)

    def stop(self) -> None:
        pass

    def in_range(self, exploded_map: Any) -> bool:
        row, col = self.position
        return bool(exploded_map[row][col] == 1)

    def die(self) -> None:
        self.is_alive = False

    def set_start_position(self, start_position: Tuple[int, int]) -> None:
        self.start_position = start_position

    def reset(self, ammo: int = 1, is_alive: bool = True, blast_strength: Optional[int] = None,
              can_kick: bool = False) -> None:
        self.position = self.start_position
        self.ammo = ammo
        self.is_alive = is_alive
        self.blast_strength = blast_strength or constants.DEFAULT_BLAST_STRENGTH
        self.can_kick = can_kick

    def pick_up(self, item: Any, max_blast_strength: int) -> None:
        if item == constants.Item.ExtraBomb:
            self.incr_ammo()
        elif item == constants.Item.IncrRange:
            self.blast_strength = min(self.blast_strength + 1, max_blast_strength)
        elif item == constants.Item.Kick:
            self.can_kick = True

    def to_json(self) -> Dict[str, Any]:
        return {"agent_id": self.agent_id, "is_alive": self.is_alive, "position": self.position,
                "ammo": self.ammo, "blast_strength": self.blast_strength, "can_kick": self.can_kick}


class Bomb:
    """A bomb: its bomber, position, life (steps left), blast_strength, moving_direction."""

    def __init__(self, bomber: Any, position: Tuple[int, int], life: int, blast_strength: int,
                 moving_direction: Any = None) -> None:
        self.bomber = bomber
        self.position = position
        self.life = life
        self.blast_strength = blast_strength
        self.moving_direction = moving_direction

    def tick(self) -> None:
        self.life -= 1

    def fire(self) -> None:
        self.life = 0

    def move(self) -> None:
        if self.is_moving():
            self.position = utility.get_next_position(self.position, self.moving_direction)

    def stop(self) -> None:
        self.moving_direction = None

    def exploded(self) -> bool:
        return self.life == 0

    def explode(self) -> Dict[str, Any]:
        """The cells the blast reaches from the bomb, per direction, as the playground lists
        them (its 'down' ray starts at the bomb's own cell)."""
        row, col = self.position
        bs = self.blast_strength
        return {"up": ([row - i, col] for i in range(1, bs)), "down": ([row + i, col] for i in range(bs)),
                "left": ([row, col - i] for i in range(1, bs)), "right": ([row, col + i] for i in range(1, bs))}

    def is_moving(self) -> bool:
        return self.moving_direction is not None

    def in_range(self, exploded_map: Any) -> bool:
        row, col = self.position
        return bool(exploded_map[row][col] == 1)

    def to_json(self) -> Dict[str, Any]:
        return {"position": self.position, "bomber_id": self.bomber.agent_id, "life": self.life,
                "blast_strength": self.blast_strength, "moving_direction": self.moving_direction}


class Flame:
    """A burning cell: position and life (steps left)."""

    def __init__(self, position: Tuple[int, int], life: int = 2) -> None:
        self.position = position
        self.life = life

    def tick(self) -> None:
        self.life -= 1

    def is_dead(self) -> bool:
        return self.life == 0

    def to_json(self) -> Dict[str, Any]:
        return {"position": self.position, "life": self.life}
