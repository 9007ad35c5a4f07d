"""dmap.rl — reinforcement-learning environments over the arenas: PettingZoo (Parallel and AEC)
for many learners, Gymnasium for one learner against the arenas' built-in bots.

    import dmap.rl
    env = dmap.rl.parallel_env("pommerman", config="PommeTeamCompetition-v0")   # 4 learners
    env = dmap.rl.aec_env("kutulu", seats=[None, None, "wait", "postmortem"])  # 2 learners
    env = dmap.rl.gym_env("pommerman", config="OneVsOne-v0", seats=[None, "simple"])
    env = dmap.rl.vector_env("pommerman", 64, config="OneVsOne-v0", seats=[None, "simple"])  # C

Arenas: "pommerman" (every config of dmap.arenas.pommerman.CONFIGS), "bomber", "kutulu",
"pursuit". `seats` names each seat's occupant: None for a learner, or a built-in bot's name
or spec with parameters ("gambit:reward=2", as the arenas' --bots lists take it);
learners are the PettingZoo agents "player_<seat>". Observations are dicts of NumPy arrays
with the legal actions in "action_mask"; python/README.md ("Reinforcement learning") and
docs/rl.md describe each arena's spaces, rewards and ends.

Importing dmap.rl registers gymnasium.make ids for the one-learner environments: "dmap/<config>"
for each Pommerman config, "dmap/Bomber-v0", "dmap/Kutulu-v0", "dmap/Pursuit-v0" (GYM_IDS).
render_mode "rgb_array" gives a picture of the board; observation="flat" one flat Box;
observation="planes" one (C, H, W) float32 image of the board's layers and dmap's maps, for
convolutional policies (env.plane_names; dmap/rl/_planes.py and each arena's module say what
each channel holds). Both keep the action mask in the info.

Needs the optional extra `rl` (gymnasium and pettingzoo): pip install "dmap-dijkstra[rl]".
`import dmap` and `import dmap.arenas` never need it.
"""
try:
    import gymnasium  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as e:
    raise ImportError("dmap.rl needs the optional extra 'rl' (gymnasium and pettingzoo): "
                      "pip install 'dmap-dijkstra[rl]', or pip install gymnasium pettingzoo") from e

from typing import Any, Union  # noqa: E402

from ._register import IDS as GYM_IDS, register as _register  # noqa: E402
from ._vector import KitVectorEnv, PommermanVectorEnv  # noqa: E402
from ._envs import (ARENAS, ArenaAECEnv, ArenaGymEnv, ArenaParallelEnv, BomberParallelEnv,  # noqa: E402
                    KutuluParallelEnv, PommermanParallelEnv, PursuitParallelEnv, aec_env, gym_env,
                    parallel_env)

_register()


VECTOR_ARENAS = ("pommerman", "bomber", "kutulu", "pursuit")


def vector_env(arena: str, num_envs: int, **kw: Any) -> Union[PommermanVectorEnv, KitVectorEnv]:
    """A gymnasium.vector.VectorEnv of num_envs games of an arena stepped together in C, one
    learner seat per game (dmap/rl/_vector.py): kw are seats, threads, seed and the arena's
    options (Pommerman: config, planes; Kutulu: map, maps; pursuit: size, walls, clocks)."""
    if arena == "pommerman":
        return PommermanVectorEnv(num_envs, **kw)
    if arena in VECTOR_ARENAS:
        return KitVectorEnv(arena, num_envs, **kw)
    raise ValueError("vector_env: no vectorized games of %r (known: %s)" % (arena, ", ".join(VECTOR_ARENAS)))

__all__ = ["ARENAS", "GYM_IDS", "parallel_env", "vector_env", "VECTOR_ARENAS", "PommermanVectorEnv", "KitVectorEnv", "aec_env", "gym_env",
           "ArenaParallelEnv", "ArenaAECEnv", "ArenaGymEnv", "PommermanParallelEnv", "BomberParallelEnv", "KutuluParallelEnv",
           "PursuitParallelEnv"]
