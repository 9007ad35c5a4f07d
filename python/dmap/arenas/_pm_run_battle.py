"""pommerman.cli.run_battle of the playground namespace (dmap.arenas.playground): the playground's
battle runner on dmap's engine, with its options (--config, --agents as kind::control strings,
--record_json_dir, --render, --render_mode, --game_state_file, --do_sleep; --record_pngs_dir and
--agent_env_vars are accepted and unused), its seeding (np.random.seed, random.seed and env.seed
with the seed, a random one drawn from the global generator when none is given) and its JSON
records (save_json every step, join_json_state at the end).

    python -m dmap.arenas.playground -m pommerman.cli.run_battle --agents simple::,simple::,random::,random::
"""
from __future__ import annotations

import argparse
import atexit
import os
import random
import time
from datetime import datetime
from typing import Any, Dict, List, Optional

import numpy as np

from . import _pm_helpers as helpers
from . import _pm_utility as utility


def run(args: Any, num_times: int = 1, seed: Optional[int] = None) -> List[Dict[str, Any]]:
    """num_times games of args' config and agents; returns each game's info."""
    from ._pm_env import make
    agents = [helpers.make_agent_from_string(s, i) for i, s in enumerate(args.agents.split(","))]
    env = make(args.config, agents, args.game_state_file, render_mode=args.render_mode)

    def one_game(record_json_dir: Optional[str]) -> Dict[str, Any]:
        print("Starting the Game.")
        if record_json_dir and not os.path.isdir(record_json_dir):
            os.makedirs(record_json_dir)
        obs = env.reset()
        done = False
        info: Dict[str, Any] = {}
        while not done:
            if args.render:
                env.render(record_json_dir=record_json_dir, do_sleep=args.do_sleep)
            elif record_json_dir:
                env.save_json(record_json_dir)
            obs, reward, done, info = env.step(env.act(obs))
        print("Final Result: ", info)
        if args.render:
            env.render(record_json_dir=record_json_dir, do_sleep=args.do_sleep)
        elif record_json_dir:
            env.save_json(record_json_dir)
        if record_json_dir:
            utility.join_json_state(record_json_dir, args.agents.split(","), datetime.now().isoformat(),
                                    args.config, info)
        return info

    if seed is None:
        seed = random.randint(0, np.iinfo(np.int32).max)
    np.random.seed(seed)
    random.seed(seed)
    env.seed(seed)
    infos = []
    for i in range(num_times):
        start = time.time()
        json_dir = args.record_json_dir + "/%d" % (i + 1) if args.record_json_dir else None
        infos.append(one_game(json_dir))
        print("Game Time: ", time.time() - start)
    atexit.register(env.close)
    return infos


def main(argv: Optional[List[str]] = None) -> None:
    p = argparse.ArgumentParser(description="Playground Flags.")
    p.add_argument("--config", default="PommeFFACompetition-v0")
    p.add_argument("--agents", default=",".join(["test::agents.SimpleAgent"] * 4))
    p.add_argument("--agent_env_vars", default="")
    p.add_argument("--record_pngs_dir", default=None)
    p.add_argument("--record_json_dir", default=None)
    p.add_argument("--render", default=False, action="store_true")
    p.add_argument("--render_mode", default="human")
    p.add_argument("--game_state_file", default=None)
    p.add_argument("--do_sleep", default=True)
    run(p.parse_args(argv))


if __name__ == "__main__":
    main()
