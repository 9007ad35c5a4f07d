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
import sys
from typing import Any, List, Optional, Sequence

from . import bomber
from ._coderone_namespace import agent_module_name, import_agent_module, install

__all__ = ["install", "load_agent", "import_agent_module", "agent_module_name", "main"]


def load_agent(path: str, force: bool = False) -> Any:
    """The agent of a CoderOne bot (a module file or a package folder): the namespace installed
    (see install), the module imported as the original's runner imports it, then module.agent()
    or module.Agent(), found by dmap.arenas.bomber_seat.load_factory. Errors: FileNotFoundError
    (no such path), ImportError when the module does not import or has neither."""
    from . import bomber_seat
    return bomber_seat.load_factory(path, force)()


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
