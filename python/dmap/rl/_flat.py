"""observation="flat" for dmap.rl's environments: each observation as one flat float32 Box (the
Dict's entries but the action mask, flattened in the Dict's key order, end to end), the form
wrappers written for one Box take (SuperSuit's flatten_v0, dtype_v0, frame_stack_v1,
black_death_v3; Stable-Baselines3's MlpPolicy); the action mask then travels beside it, in the
step's and reset's info as info["action_mask"] (PettingZoo's convention for masks outside the
observation)."""
from __future__ import annotations

from typing import Any, Dict, List

import numpy as np
from gymnasium import spaces

OBSERVATIONS = ("dict", "flat", "planes")  # "planes": dmap/rl/_planes.py


def _bounds(space: Any) -> Any:
    if isinstance(space, spaces.MultiBinary):
        shape = space.shape
        return np.zeros(shape, np.float32).ravel(), np.ones(shape, np.float32).ravel()
    if isinstance(space, spaces.Box):
        return np.asarray(space.low, np.float32).ravel(), np.asarray(space.high, np.float32).ravel()
    raise TypeError("observation='flat': an entry of %s cannot be flattened" % type(space).__name__)


class FlatObservation:
    """The flat Box of a Dict observation space without its "action_mask", and the map from an
    observation of that Dict to a point of the Box."""

    def __init__(self, space: spaces.Dict) -> None:
        self.keys: List[str] = [k for k in space.spaces if k != "action_mask"]
        lows, highs = zip(*(_bounds(space[k]) for k in self.keys))
        self.space = spaces.Box(np.concatenate(lows), np.concatenate(highs), dtype=np.float32)

    def __call__(self, obs: Dict[str, Any]) -> Any:
        return np.concatenate([np.asarray(obs[k], np.float32).ravel() for k in self.keys])


def check_observation(observation: str) -> None:
    if observation not in OBSERVATIONS:
        raise ValueError("observation: 'dict', 'flat' or 'planes', got %r" % (observation,))
