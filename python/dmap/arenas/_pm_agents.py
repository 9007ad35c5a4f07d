"""pommerman.agents of the playground namespace (dmap.arenas.playground): BaseAgent as the
playground's (its character, a characters.Bomber made by init_agent, answers for the attributes
the agent lacks: self.position, self.ammo, self.enemies, ...), RandomAgent, and SimpleAgent,
which the namespace's make() seats as the arena's C `simple` bot (the playground's SimpleAgent
step for step). The agents that need the playground's servers, Docker, a keyboard or
TensorForce are names that refuse to be made."""
from __future__ import annotations

from typing import Any, List

from . import _pm_characters as characters

# pommerman.agents is a package for the import system: install(agents_dirs=...) (the runner's
# --agents-dir) lists folders here, so agent files written to sit in the playground's
# pommerman/agents/ folder (`from . import BaseAgent`, `from .. import constants`) import as
# pommerman.agents.<file> unedited
__path__: List[str] = []

__all__ = ["BaseAgent", "RandomAgent", "SimpleAgent", "PlayerAgent", "PlayerAgentBlocking",
           "DockerAgent", "HttpAgent", "TensorForceAgent"]


class BaseAgent:
    """The playground's BaseAgent: subclass it and write act(obs, action_space)."""

    def __init__(self, character: Any = characters.Bomber) -> None:
        self._character = character

    def __getattr__(self, attr: str) -> Any:
        if attr == "_character":  # not set yet (an __init__ that skipped ours)
            raise AttributeError(attr)
        return getattr(self._character, attr)

    def act(self, obs: Any, action_space: Any) -> Any:
        raise NotImplementedError()

    def episode_end(self, reward: int) -> None:
        pass

    def init_agent(self, id_: int, game_type: Any) -> None:
        self._character = self._character(id_, game_type)

    @staticmethod
    def has_user_input() -> bool:
        return False

    def shutdown(self) -> None:
        pass


class RandomAgent(BaseAgent):
    """Samples the action space."""

    def act(self, obs: Any, action_space: Any) -> Any:
        return action_space.sample()


class SimpleAgent(BaseAgent):
    """The playground's SimpleAgent: make() seats it as the arena's C `simple` bot, which plays
    it step for step (drawing from the game's copy of the global random stream, in agent order,
    as the playground's SimpleAgents draw from the global generator)."""

    def act(self, obs: Any, action_space: Any) -> Any:
        raise NotImplementedError("SimpleAgent decides in the environment of pommerman.make (the C `simple` bot)")


class _Unavailable(BaseAgent):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise NotImplementedError("%s is not available on dmap's engine (it needs the playground's "
                                  "servers, Docker, a keyboard or TensorForce)" % type(self).__name__)


class PlayerAgent(_Unavailable):
    pass


class PlayerAgentBlocking(_Unavailable):
    pass


class DockerAgent(_Unavailable):
    pass


class HttpAgent(_Unavailable):
    pass


class TensorForceAgent(_Unavailable):
    pass
