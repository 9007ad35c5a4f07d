"""dmap.arenas.coderone — CoderOne's `coderone.dungeon.agent` namespace on dmap's bomber arena and
the original runner's way of loading an agent, so that a bot folder written for the 2020
"Dungeons & Data Structures" challenge plays unedited:

    python -m dmap.arenas.coderone [--seed S] [--force] AGENT AGENT     # a game, its result
    bomber match --bots "cmd:python3 -m dmap.arenas.bomber_seat AGENT,gambit"   # the CLI (also --serve AGENT)

    from dmap.arenas import bomber, coderone
    game = bomber.Game([coderone.load_agent("bots/my_bot"), "gambit"], seed=1)

AGENT is what the original's runner takes: the path of a module (my_bot.py) or of a package
folder (my_bot/, its __init__.py), made importable as the runner makes it (the folder above the
outermost package goes first on sys.path) and imported by its dotted name; the agent is then
module.agent() or, failing that, module.Agent(). The runner also takes the arena's C bots by
name ("gambit", "gambit2", "simple", "random").

The namespace: coderone, coderone.dungeon and coderone.dungeon.agent with GameState,
PlayerState, EntityTags, Agent, Point and PID — dmap.arenas.bomber's classes, the ones the game
hands to next_move. load_agent() (and the runner) install it before importing a bot; install()
does it alone. A real `coderone` package importable beside dmap is left alone unless
install(force=True) (--force): a bot then imports the real classes, and the game's objects
(duck-typed alike) still serve it.

Unlike the original, which runs each agent in its own process, both agents load into one
interpreter: two module files of the same name (or a bot and a module it shadows) meet in
sys.modules, so give them different names.
"""
from __future__ import annotations

import argparse
import importlib
import importlib.util
import os
import sys
import types
from typing import Any, List, Optional, Sequence

from . import bomber

__all__ = ["install", "load_agent", "import_agent_module", "agent_module_name", "main"]


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


def load_agent(path: str, force: bool = False) -> Any:
    """The agent of a CoderOne bot (a module file or a package folder): the namespace installed
    (see install), the module imported as the original's runner imports it, then module.agent()
    or module.Agent(). Errors: ImportError when the module does not import or has neither."""
    install(force)
    module = import_agent_module(path)
    for factory in ("agent", "Agent"):
        if hasattr(module, factory):
            return getattr(module, factory)()
    raise ImportError("%s: no agent() or Agent in module %s" % (path, module.__name__))


def serve(path: str, force: bool = False, stdin: Any = None, stdout: Any = None) -> int:
    """A CoderOne bot as an outside program of the bomber CLI (`cmd:` seats):
    dmap.arenas.bomber_seat.serve on the bot at path (module.agent() or module.Agent()), its
    generators seeded from the first view."""
    from . import bomber_seat
    return bomber_seat.serve(bomber_seat.load_factory(path, force), sys.stdin if stdin is None else stdin,
                             sys.stdout if stdout is None else stdout, name=path)


def main(argv: Optional[Sequence[str]] = None) -> int:
    p = argparse.ArgumentParser(prog="python -m dmap.arenas.coderone",
                                description="A bomber game between two CoderOne agents (module or package "
                                            "paths) or the arena's C bots (%s)." % ", ".join(bomber.C_BOTS))
    p.add_argument("agents", nargs="*", metavar="AGENT")
    p.add_argument("--serve", metavar="PATH", help="be the outside program of a `cmd:` seat of the bomber CLI for "
                                                   "the bot at PATH (JSON view lines in, answers out)")
    p.add_argument("--seed", type=int, default=1, help="the game's seed (default 1)")
    p.add_argument("--force", action="store_true", help="use dmap's coderone namespace even beside a real one")
    args = p.parse_args(argv)
    if args.serve:
        from . import bomber_seat
        return bomber_seat.main([args.serve] + (["--force"] if args.force else []))
    if len(args.agents) != 2:
        p.error("two agents, or --serve PATH")
    seats: List[Any] = []
    for a in args.agents:
        if a in bomber.C_BOTS:
            seats.append(a)
            continue
        try:
            seats.append(load_agent(a, args.force))
        except Exception as e:  # one clear line, as the original's runner logs a bot that fails to load
            print("dmap.arenas.coderone: %s: %s: %s" % (a, type(e).__name__, e), file=sys.stderr)
            return 2
    game = bomber.Game(seats, seed=args.seed)
    r = game.run()
    print("ticks %d winner %s reason %s scores %d %d errors %d" % (
        r["ticks"], "none" if r["winner"] is None else r["winner"], r["reason"], r["scores"][0], r["scores"][1],
        len(game.errors)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
