"""dmap.arenas.playground — the playground's `pommerman` namespace on dmap's Pommerman engine, so
that code written for MultiAgentLearning/playground runs unedited: `import pommerman`,
`pommerman.make`, `pommerman.agents` (BaseAgent with its character, RandomAgent, SimpleAgent),
`pommerman.constants`, `pommerman.characters`, `pommerman.utility` (position helpers,
join_json_state), `pommerman.helpers`, `pommerman.cli.run_battle`, run_battle-style loops and
JSON records.

Opt in, one way or the other (nothing changes for code that does neither):

    python -m dmap.arenas.playground my_battle.py ARGS      # run a script (or -m MODULE ARGS)
    python -m dmap.arenas.playground --agents-dir DIR my_battle.py   # + agent files written for
                                                    # the playground's pommerman/agents/ folder

    import dmap.arenas.playground
    dmap.arenas.playground.install()                        # then: import pommerman

A real playground importable beside dmap is left alone: install() then returns False and
`import pommerman` stays the real one, unless install(force=True) (or the runner's --force).

What the namespace keeps as the playground has it:
- enums: constants.Item is a plain Enum as there; observations carry its members in teammate and
  enemies (obs['teammate'] == constants.Item.AgentDummy), info['result'] is a constants.Result
  member (`is constants.Result.Tie` holds), init_agent(id, game_type) gets a constants.GameType;
- characters: each agent's Bomber follows the game: after reset() and after every step its
  position, ammo, blast_strength, can_kick and is_alive are the game's;
- env.act returns each agent's answer as given; dead agents play Stop (0);
- seeding: env.seed(S) seeds only the environment's own np_random, as the playground's
  (nothing reads it), and reset() draws the board from Python's global `random`, so
  run_battle's `np.random.seed(S); random.seed(S); env.seed(S); env.reset()` gives the
  playground's game for S, the global generator left where the playground leaves it;
- env.save_json(dir) writes the step's get_json_info() as NNN.json, for utility.join_json_state.

pommerman.agents.SimpleAgent seats the arena's C `simple` bot (the playground's SimpleAgent step
for step); the playground's own agents/simple_agent.py, put in an --agents-dir folder, runs as
it is in Python. Not here: the agents that need Docker, HTTP, a keyboard or TensorForce (their
names refuse to be made), the graphics, and the modules envs, forward_model, configs, network.
"""
from __future__ import annotations

import importlib.util
import os
import runpy
import sys
import types
from typing import List, Optional, Sequence

from . import _pm_agents as agents
from . import _pm_characters as characters
from . import _pm_constants as constants
from ._pm_env import REGISTRY, Pomme, make
from . import _pm_helpers as helpers
from . import _pm_run_battle as run_battle
from . import _pm_utility as utility

__all__ = ["make", "REGISTRY", "agents", "characters", "constants", "helpers", "utility", "cli", "install",
           "Pomme"]



# pommerman.cli, a package holding run_battle
cli = types.ModuleType("pommerman.cli", "The playground's command-line runners (run_battle), on dmap.")
cli.__path__ = []
cli.run_battle = run_battle  # type: ignore[attr-defined]

_SUBMODULES = {"agents": agents, "characters": characters, "constants": constants, "helpers": helpers,
               "utility": utility, "cli": cli, "cli.run_battle": run_battle}


def install(force: bool = False, agents_dirs: Sequence[str] = ()) -> bool:
    """Make `import pommerman` (and pommerman.agents, .characters, .constants, .helpers,
    .utility) this namespace. True when it is installed; False, changing nothing, when a real
    playground is importable (or already imported) and force is not set. agents_dirs: folders
    of agent files written for the playground's pommerman/agents/ folder, importable as
    pommerman.agents.<file>."""
    me = sys.modules[__name__]
    current = sys.modules.get("pommerman")
    if current is not me and not force and (current is not None or importlib.util.find_spec("pommerman") is not None):
        return False
    for d in agents_dirs:
        d = os.path.abspath(d)
        if d not in agents.__path__:
            agents.__path__.append(d)
    if current is me:
        return True
    for name in [n for n in sys.modules if n == "pommerman" or n.startswith("pommerman.")]:
        del sys.modules[name]
    sys.modules["pommerman"] = me
    for name, module in _SUBMODULES.items():
        sys.modules["pommerman." + name] = module
    return True


# the namespace is a package for the import system: `import pommerman.constants` finds the
# submodules in sys.modules once install() has put them there
__path__: List[str] = []


def main(argv: Optional[Sequence[str]] = None) -> int:
    """python -m dmap.arenas.playground [--force] [--agents-dir DIR]... SCRIPT [ARGS] | -m MODULE [ARGS]"""
    args = list(sys.argv[1:] if argv is None else argv)
    usage = ("usage: python -m dmap.arenas.playground [--force] [--agents-dir DIR]... SCRIPT [ARGS] | "
             "[--force] [--agents-dir DIR]... -m MODULE [ARGS]")
    force, dirs = False, []
    while args and args[0] in ("--force", "--agents-dir"):
        if args[0] == "--force":
            force, args = True, args[1:]
        elif len(args) > 1:
            dirs.append(args[1])
            args = args[2:]
        else:
            args = []
    if not args or (args[0] == "-m" and len(args) < 2):
        print(usage, file=sys.stderr)
        return 2
    from dmap.arenas import playground as namespace  # the importable module, not __main__
    if not namespace.install(force=force, agents_dirs=dirs):
        print("dmap.arenas.playground: a real playground (pommerman) is importable; "
              "pass --force to run on dmap's engine instead", file=sys.stderr)
        return 2
    if args[0] == "-m":
        sys.argv = [args[1]] + args[2:]
        alias = sys.modules.get(args[1])
        if alias is not None and alias.__name__ != args[1] and callable(getattr(alias, "main", None)):
            alias.main()  # a module of the namespace (pommerman.cli.run_battle): runpy cannot rename it
        else:
            runpy.run_module(args[1], run_name="__main__", alter_sys=True)
    else:
        sys.argv = args
        sys.path.insert(0, os.path.dirname(os.path.abspath(args[0])))
        runpy.run_path(args[0], run_name="__main__")
    return 0


if __name__ == "__main__":
    sys.exit(main())
