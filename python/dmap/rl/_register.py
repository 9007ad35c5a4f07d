"""gymnasium.make ids of dmap.rl's one-learner environments, registered when dmap.rl is imported
(gymnasium.make("dmap.rl:dmap/Bomber-v0") imports it first): "dmap/<config>" for every Pommerman
config of dmap.arenas.pommerman.CONFIGS ("dmap/OneVsOne-v0", "dmap/PommeRadio-v2", ...), and
"dmap/Bomber-v0", "dmap/Kutulu-v0", "dmap/Pursuit-v0". Each makes gym_env(arena, ...) with the
arena's default seats (the learner in seat 0 against the built-in bots); make's keyword arguments
(seats, render_mode, observation, an arena's options) go to gym_env."""
from __future__ import annotations

from typing import Any, Dict, List

import gymnasium

from dmap.arenas import pommerman

from ._envs import ArenaGymEnv, gym_env

ENTRY_POINT = "dmap.rl._register:make_gym_env"


class _GymEnvMaker:
    """gym_env with the environments' metadata beside it: make reads the render modes there
    (and so wraps "rgb_array_list" in its RenderCollection)."""

    metadata: Dict[str, Any] = ArenaGymEnv.metadata

    def __call__(self, arena: str, **kw: Any) -> ArenaGymEnv:
        return gym_env(arena, **kw)


make_gym_env = _GymEnvMaker()


def _ids() -> Dict[str, Dict[str, Any]]:
    ids: Dict[str, Dict[str, Any]] = {"dmap/" + c: {"arena": "pommerman", "config": c} for c in pommerman.CONFIGS}
    for arena in ("bomber", "kutulu", "pursuit"):
        ids["dmap/%s-v0" % arena.capitalize()] = {"arena": arena}
    return ids


IDS: Dict[str, Dict[str, Any]] = _ids()


def register() -> List[str]:
    """Registers every id not yet in gymnasium's registry; returns the ids."""
    for env_id, kwargs in IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point=ENTRY_POINT, kwargs=dict(kwargs))
    return list(IDS)
