"""dmap.arenas.bomber_seat — an agent written for CoderOne's 2020 "Dungeons & Data Structures"
game (the original's next_move(game_state, player_state) interface) as the outside program of a
`cmd:` seat of the bomber CLI, so that it plays in `bomber match`, `tournament`, `league` and
`sprt` unchanged:

    bomber league --bots "search,gambit2,cmd:python3 -m dmap.arenas.bomber_seat bots/my_bot.py" ...
    python3 -m dmap.arenas.bomber_seat [--seed S] [--force] PATH[:NAME]

PATH is what the original's runner takes, a module file (my_bot.py) or a package folder
(my_bot/), imported as the runner imports it (dmap.arenas.coderone.load_agent: the folder above
the outermost package first on sys.path, CoderOne's `coderone.dungeon.agent` namespace
installed). The agent is module.NAME() when NAME is given (a class or any factory), else
module.agent() or, failing that, module.Agent().

The protocol is the bomber CLI's (arenas/bomber/README.md, "Outside programs"): a JSON view line
in after every tick, one answer line out; each view becomes the GameState and PlayerState
objects dmap.arenas.bomber hands a Python agent (bomber.states_of), so an agent plays the same
game through this program as inside bomber.Game. An answer that is not an action string, and an
exception in next_move, are answered with an empty line (no action), as the original runner
answers None; the exception is one line on stderr. The program's stdout carries the answers
only: file descriptor 1 is pointed at stderr before the agent is imported, so whatever the
agent prints (print, a C extension, a child process) goes to stderr.

Randomness: public bots draw from the module-level generators of `random` and NumPy. Both are
seeded before the module is imported (with S, or 0) and again when the first view arrives, just
before the agent is made: with S when --seed S is given, else with the CRC-32 of the first view
line (the map and the seat: a deterministic seed that differs from game to game and seat to
seat, so the same game plays the same way every time).

Bad input (no such file, a module that fails to import, no such NAME) is one line on stderr
and exit 2, before any view is read.
"""
from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import sys
import zlib
from typing import Any, Callable, List, Optional, Sequence, TextIO, cast

from . import bomber
from ._coderone_namespace import import_agent_module, install

__all__ = ["view_of_json", "seed_generators", "load_factory", "serve", "main"]


def view_of_json(line: str) -> Any:
    """The engine's view tuple (as BomberGame.view gives it) of one line of the bomber CLI's
    outside-program protocol."""
    v = json.loads(line)
    me = v["me"]

    def cells(key: str) -> List[Any]:
        return [tuple(c) for c in v[key]]
    return (v["is_over"], v["tick_number"], cells("ammo"), cells("treasure"), cells("bombs"),
            [(tag, tuple(c)) for tag, c in v["blocks"]], [(pid, tuple(c)) for pid, c in v["players"]],
            me["id"], me["ammo"], me["hp"], tuple(me["location"]), me["reward"], me["power"])


def seed_generators(seed: int) -> None:
    """Seed Python's `random` and, when NumPy is installed, numpy.random's global generator."""
    random.seed(seed)
    try:
        import numpy
    except ImportError:
        return
    numpy.random.seed(seed % (2 ** 32))


def line_seed(line: str) -> int:
    """The seed of a game's first view line: its CRC-32 (whitespace at the ends left out)."""
    return zlib.crc32(line.strip().encode("utf-8"))


def load_factory(spec: str, force: bool = False) -> Callable[[], Any]:
    """The agent factory of PATH[:NAME] (a module file or package folder, and an attribute of
    it): module.NAME, else module.agent or module.Agent. Errors: FileNotFoundError (no such
    PATH), ImportError (the module fails to import, or has no such attribute), and whatever the
    module's import raises."""
    path, name = spec, None
    if ":" in os.path.basename(spec):
        head, _, name = spec.rpartition(":")
        path = head
        if not name.isidentifier():
            raise ImportError("%s: NAME must be an attribute name, got %r" % (spec, name))
    if not os.path.exists(path):
        raise FileNotFoundError("%s: no such module file or package folder" % path)
    install(force)
    module = import_agent_module(path)
    for factory in ([name] if name else ["agent", "Agent"]):
        f = getattr(module, factory, None)
        if callable(f):
            return cast("Callable[[], Any]", f)
    raise ImportError("%s: module %s has no %s" % (
        path, module.__name__, name if name else "agent() or Agent"))


def serve(factory: Callable[[], Any], stdin: TextIO, stdout: TextIO, seed: Optional[int] = None,
          name: str = "agent") -> int:
    """Play one game as a `cmd:` seat's program: the agent made by factory() once the first view
    has arrived (the generators seeded just before, see the module's text), then one answer line
    per view line. Returns 0 at the end of the input."""
    agent = None
    for line in stdin:
        if not line.strip():
            continue
        with contextlib.redirect_stdout(sys.stderr):
            if agent is None:
                seed_generators(line_seed(line) if seed is None else seed)
                try:
                    agent = factory()
                    next_move = agent.next_move
                except Exception as e:  # the original's runner cannot load such a bot
                    print("dmap.arenas.bomber_seat: %s: making the agent raised %s: %s"
                          % (name, type(e).__name__, e), file=sys.stderr)
                    return 1
            gs, ps = bomber.states_of(view_of_json(line))
            try:
                answer = next_move(gs, ps)
            except Exception as e:  # the original's runner logs it and answers None
                print("%s: next_move raised %s: %s" % (name, type(e).__name__, e), file=sys.stderr)
                answer = None
        stdout.write((answer if isinstance(answer, str) and answer in bomber.ACTIONS else "") + "\n")
        stdout.flush()
    return 0


@contextlib.contextmanager
def _stdout_to_stderr() -> Any:
    """Yields a text stream on the real stdout; meanwhile file descriptor 1 and sys.stdout
    write to stderr."""
    sys.stdout.flush()
    answers = os.fdopen(os.dup(1), "w", buffering=1)
    os.dup2(2, 1)
    saved = sys.stdout
    sys.stdout = sys.stderr
    try:
        yield answers
    finally:
        sys.stdout = saved
        answers.close()


def main(argv: Optional[Sequence[str]] = None) -> int:
    p = argparse.ArgumentParser(
        prog="python3 -m dmap.arenas.bomber_seat",
        description="A CoderOne bomber agent (module file or package folder, the original's "
                    "next_move interface) as the program of a `cmd:` seat of the bomber CLI: JSON "
                    "view lines in, answers out.")
    p.add_argument("agent", metavar="PATH[:NAME]",
                   help="the agent's module or package; NAME: the class or factory in it "
                        "(default: agent, else Agent)")
    p.add_argument("--seed", type=int, default=None,
                   help="seed random and NumPy with S (default: the CRC-32 of the first view line)")
    p.add_argument("--force", action="store_true",
                   help="use dmap's coderone namespace even beside a real coderone package")
    args = p.parse_args(argv)
    with _stdout_to_stderr() as answers:
        seed_generators(0 if args.seed is None else args.seed)
        try:
            factory = load_factory(args.agent, args.force)
        except Exception as e:  # one clear line, as the original's runner logs a bot that fails to load
            print("dmap.arenas.bomber_seat: %s: %s" % (type(e).__name__, e), file=sys.stderr)
            return 2
        return serve(factory, sys.stdin, answers, args.seed, args.agent)


if __name__ == "__main__":
    sys.exit(main())
