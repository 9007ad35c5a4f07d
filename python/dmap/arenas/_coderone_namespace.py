"""dmap.arenas._coderone_namespace — CoderOne's `coderone.dungeon.agent` namespace on dmap's bomber
arena (install) and the original runner's import of an agent path (agent_module_name,
import_agent_module): what both dmap.arenas.coderone (the runner, load_agent) and
dmap.arenas.bomber_seat (the bridge to the bomber CLI) load agents with. dmap.arenas.coderone
re-exports it; its docstring tells the whole story.
"""
from __future__ import annotations

import importlib
import importlib.util
import os
import sys
import types
from typing import List

from . import bomber

__all__ = ["install", "agent_module_name", "import_agent_module"]


def _namespace() -> List[types.ModuleType]:
    agent = types.ModuleType("coderone.dungeon.agent",
                             "CoderOne's agent interface (dmap.arenas.bomber's classes).")
    for name in ("GameState", "PlayerState", "EntityTags", "Agent", "Point", "PID"):
        setattr(agent, name, getattr(bomber, name))
    dungeon = types.ModuleType("coderone.dungeon", "CoderOne's dungeon game, on dmap's bomber arena.")
    dungeon.__path__ = []  # a package for the import system
    dungeon.agent = agent  # type: ignore[attr-defined]
    top = types.ModuleType("coderone", "CoderOne's namespace, on dmap (dmap.arenas.coderone).")
    top.__path__ = []
    top.dungeon = dungeon  # type: ignore[attr-defined]
    return [top, dungeon, agent]


_MODULES = _namespace()


def install(force: bool = False) -> bool:
    """Make `from coderone.dungeon.agent import GameState, PlayerState, EntityTags` import
    dmap.arenas.bomber's classes. True when installed; False, changing nothing, when a real
    coderone is importable (or imported) and force is not set."""
    current = sys.modules.get("coderone")
    if current is _MODULES[0]:
        return True
    if not force and (current is not None or importlib.util.find_spec("coderone") is not None):
        return False
    for name in [n for n in sys.modules if n == "coderone" or n.startswith("coderone.")]:
        del sys.modules[name]
    for m in _MODULES:
        sys.modules[m.__name__] = m
    return True


def agent_module_name(path: str) -> str:
    """The original runner's import of an agent path: the dotted module name of a module file or
    package folder (climbing while the folder above holds an __init__.py); the folder above the
    outermost package goes first on sys.path."""
    path = os.path.realpath(path)
    stem, ext = os.path.splitext(path)
    if ext == ".py":
        path = stem
    if os.path.basename(path) == "__init__":
        path = os.path.dirname(path)
    names = []
    while True:
        path, name = os.path.split(path)
        names.append(name)
        if not os.path.exists(os.path.join(path, "__init__.py")):
            break
    if not sys.path or sys.path[0] != path:
        sys.path.insert(0, path)
    return ".".join(reversed(names))


def import_agent_module(path: str) -> types.ModuleType:
    """The module of a CoderOne bot (a module file or a package folder), imported as the
    original's runner imports it (agent_module_name). The namespace is not installed here."""
    return importlib.import_module(agent_module_name(path))
