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
import json
import os
import runpy
import sys
import types
from typing import Any, List, Optional, Sequence

import numpy as np

from . import _pm_agents as agents
from . import _pm_characters as characters
from . import _pm_constants as constants
from . import _pm_helpers as helpers
from . import _pm_run_battle as run_battle
from . import _pm_utility as utility
from . import pommerman as _pm

__all__ = ["make", "REGISTRY", "agents", "characters", "constants", "helpers", "utility", "cli", "install",
           "Pomme"]

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
