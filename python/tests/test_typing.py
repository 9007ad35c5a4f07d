"""mypy --strict on a user script that calls dmap's typed API (the README's snippets), with the
package's sources on MYPYPATH so that mypy checks the package's own files too: the stub of dmap
(dmap/__init__.pyi, dmap/_arenas.pyi) and the annotated modules of dmap.arenas. Needs mypy
(pinned in requirements-test.txt); without it the test fails."""
import os
import subprocess
import sys

import pytest

PYTHON_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The annotated modules whose own files mypy checks as well, besides the user script.
TYPED_MODULES = ("dmap.arenas.kutulu", "dmap.arenas.pursuit")

USER_SCRIPT = '''
from typing import Any, Dict, List, Optional, Tuple

from dmap.arenas import kutulu, pursuit


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
'''

CONFIG = """[mypy]
strict = True
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
    args += [os.path.join(PYTHON_DIR, *module.split(".")) + ".py" for module in TYPED_MODULES]
    env = dict(os.environ, MYPYPATH=PYTHON_DIR)
    env.pop("PYTHONPATH", None)
    run = subprocess.run(args, capture_output=True, text=True, env=env, cwd=str(tmp_path))
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Success: no issues found" in run.stdout
