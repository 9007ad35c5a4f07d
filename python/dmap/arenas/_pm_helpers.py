"""pommerman.helpers of the playground namespace (dmap.arenas.playground): make_agent_from_string
as run_battle reads --agents ("simple::", "random::", "test::agents.SimpleAgent"; the kinds that
need a server, Docker, a keyboard or TensorForce are refused)."""
from __future__ import annotations

from typing import Any, Dict, Optional

from . import _pm_agents as agents


def make_agent_from_string(agent_string: str, agent_id: int, docker_env_dict: Optional[Dict[str, Any]] = None) -> Any:
    kind, control = agent_string.split("::")
    if kind == "simple":
        return agents.SimpleAgent()
    if kind == "random":
        return agents.RandomAgent()
    if kind == "test":  # a class path under the namespace, as the playground evaluates it
        obj: Any = agents if control.startswith("agents.") else None
        if obj is None:
            raise ValueError("test::%s: only agents.<Name> is known here" % control)
        for part in control.split(".")[1:]:
            obj = getattr(obj, part)
        return obj()
    if kind in ("player", "playerblock", "docker", "http", "tensorforce"):
        raise NotImplementedError("%s agents are not available on dmap's engine" % kind)
    raise ValueError("unknown agent kind %r" % kind)
