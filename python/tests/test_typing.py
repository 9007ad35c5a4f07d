"""mypy --strict on a user script that calls dmap's typed API (the READMEs' snippets: dmap,
dmap.arenas.*, dmap.rl), with the package's sources on MYPYPATH so that mypy checks the
package's own files too (dmap/__init__.pyi, dmap/_arenas.pyi and every module of dmap.arenas and
dmap.rl, annotated). Needs mypy (pinned in requirements-test.txt); without it the test fails.

PettingZoo ships no py.typed marker: the config lets mypy follow it
(follow_untyped_imports), so that dmap.rl's classes have its classes as bases, as a user's
mypy gets them with the same setting (without it PettingZoo's names are Any)."""
import os
import subprocess
import sys

import pytest

PYTHON_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The package's files that mypy checks as well, besides the user script.
PACKAGE_FILES = ["dmap/__init__.pyi", "dmap/_arenas.pyi"] + [
    os.path.join("dmap", sub, name) for sub in ("arenas", "rl")
    for name in sorted(os.listdir(os.path.join(PYTHON_DIR, "dmap", sub))) if name.endswith(".py")]

USER_SCRIPT = '''
from typing import Any, Dict, List, Optional, Tuple

import numpy as np
import numpy.typing as npt

import dmap
import dmap.rl
from dmap.arenas import bomber, kutulu, pommerman, pursuit

walls = np.zeros((10, 12), dtype=np.uint8)
v: npt.NDArray[np.float64] = dmap.field(walls, [(0, 0), (11, 9, -2.0)])
dirs: List[dmap.Dir] = dmap.downhill_options(walls, v, (5, 5))


class Waiter:
    def answer(self, init: Optional[str], turn: str) -> str:
        return "WAIT"


game = kutulu.Game([Waiter(), "postmortem", "random", "wait"], seed=7)
result: Dict[str, Any] = game.run()
errors: List[Tuple[int, int, str, str]] = game.errors
maps: str = kutulu.default_maps()
bots: Tuple[str, ...] = kutulu.BOTS


def prey(view: Dict[str, Any]) -> str:
    return "s"


chase = pursuit.Game("chase", prey, random=5)
over: bool = chase.clock()
moves: List[str] = chase.moves
where: Tuple[int, int] = pursuit.step(chase.view("prey"), chase.positions[1], "u")
final: Dict[str, Any] = chase.run()


class Still(pommerman.BaseAgent):
    def act(self, obs: Dict[str, Any], action_space: Any) -> Any:
        return pommerman.Action.Stop.value


env = pommerman.make("PommeFFACompetition-v0", [Still(), "simple", "simple", "simple"])
env.seed(1)
obs: List[Dict[str, Any]] = env.reset()
done = False
while not done:
    obs, rewards, done, info = env.step(env.act(obs))
scores: List[int] = rewards
env.close()


class Bomber(bomber.Agent):
    def next_move(self, game_state: bomber.GameState, player_state: bomber.PlayerState) -> Optional[str]:
        return "b" if game_state.is_occupied(player_state.location) else None


duel = bomber.Game([Bomber(), "random"], seed=3)
outcome: Dict[str, Any] = duel.run()
winner: Optional[int] = duel.winner

par = dmap.rl.parallel_env("pommerman", config="PommeTeamCompetition-v0")
observations, infos = par.reset(seed=7)
while par.agents:
    actions = {a: par.action_space(a).sample() for a in par.agents}
    observations, rew, term, trunc, infos = par.step(actions)
reward_sum: float = sum(rew.values())

gym = dmap.rl.gym_env("pommerman", config="OneVsOne-v0", seats=[None, "simple"])
first, first_info = gym.reset(seed=1)
mask: npt.NDArray[Any] = first["action_mask"]
_, r, terminated, truncated, _ = gym.step(0)
ended: bool = terminated or truncated

aec = dmap.rl.aec_env("kutulu", seats=[None, None, "wait", "postmortem"])
aec.reset(seed=2)
arenas: Tuple[str, ...] = dmap.rl.ARENAS
'''

CONFIG = """[mypy]
strict = True
[mypy-pettingzoo.*]
follow_untyped_imports = True
"""


def test_mypy_strict(tmp_path):
    try:
        import mypy.api  # noqa: F401
    except ImportError:
        pytest.fail("mypy is not installed: pip install -r python/requirements-test.txt", pytrace=False)
    script = tmp_path / "user_script.py"
    script.write_text(USER_SCRIPT)
    config = tmp_path / "mypy.ini"
    config.write_text(CONFIG)
    args = [sys.executable, "-m", "mypy", "--config-file", str(config),
            "--cache-dir", str(tmp_path / "cache"), str(script)]
    args += [os.path.join(PYTHON_DIR, path) for path in PACKAGE_FILES]
    env = dict(os.environ, MYPYPATH=PYTHON_DIR)
    env.pop("PYTHONPATH", None)
    run = subprocess.run(args, capture_output=True, text=True, env=env, cwd=str(tmp_path))
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Success: no issues found" in run.stdout
