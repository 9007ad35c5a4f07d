"""The playground's environment and make() on dmap's engine, for dmap.arenas.playground (the
`pommerman` namespace) and its run_battle: dmap.arenas.pommerman's Pomme with the playground's
enums, characters that follow the game, the playground's seeding and save_json."""
from __future__ import annotations

import json
import os
from typing import Any, List, Optional, Sequence

import numpy as np

from . import _pm_agents as agents
from . import _pm_constants as constants
from . import pommerman as _pm

#: The config ids make() knows, as the playground's registry.
REGISTRY: List[str] = list(_pm.CONFIGS)


class Pomme(_pm.Pomme):
    """The playground's environment (envs/v0, v1, v2) in the namespace: dmap.arenas.pommerman's
    with the playground's enums, characters that follow the game, the playground's seeding and
    save_json."""

    _render_fps = constants.RENDER_FPS

    def __init__(self, config_id: str, agent_list: Sequence[Any], **kw: Any) -> None:
        seats = ["simple" if isinstance(a, agents.SimpleAgent) else a for a in agent_list]
        super().__init__(config_id, seats, items=tuple(constants.Item), result=constants.Result, **kw)
        self._players = list(agent_list)
        self.np_random: Optional[np.random.RandomState] = None

    def _python_agents(self) -> List[Any]:
        # every agent object, the SimpleAgents the C bot plays included: their characters too
        # are set up and reset as the playground's
        return [(i, a) for i, a in enumerate(self._players) if not isinstance(a, str)]

    def seed(self, seed: Optional[int] = None) -> List[Optional[int]]:
        """As the playground's: the environment's own np_random (which nothing reads); the board
        of the next reset() comes from the global `random`, as there."""
        self.np_random = np.random.RandomState(None if seed is None else seed % 2**32)
        return [seed]

    def save_json(self, record_json_dir: str) -> None:
        """The state as get_json_info() in record_json_dir/NNN.json (NNN the step count)."""
        path = os.path.join(record_json_dir, "%03d.json" % self._step_count)
        with open(path, "w") as f:
            f.write(json.dumps(self.get_json_info(), sort_keys=True, indent=4))

    def render(self, mode: Optional[str] = None, close: bool = False, record_pngs_dir: Optional[str] = None,
               record_json_dir: Optional[str] = None, do_sleep: bool = True) -> Optional[str]:
        if close:
            return None
        if record_json_dir:
            self.save_json(record_json_dir)
        return super().render(mode=mode)


def make(config_id: str, agent_list: Sequence[Any], game_state_file: Optional[str] = None,
         render_mode: str = "human") -> Pomme:
    """The playground's pommerman.make: each agent gets init_agent(id, game_type) (a
    constants.GameType member), then the environment."""
    if config_id not in REGISTRY:
        raise AssertionError("Unknown configuration '%s'. Possible values: %s" % (config_id, REGISTRY))
    game_type = _pm.CONFIGS[config_id][0]
    for id_, agent in enumerate(agent_list):
        if not isinstance(agent, str):
            agent.init_agent(id_, game_type)
    env = Pomme(config_id, agent_list)
    env.set_init_game_state(game_state_file)
    env.set_render_mode(render_mode)
    return env
