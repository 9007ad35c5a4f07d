"""Every example in python/examples runs and passes its own check (exit status 0), as the C
examples do."""
import glob
import os
import subprocess
import sys

import pytest

EXAMPLES = sorted(glob.glob(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples", "*.py")))


def test_there_are_examples():
    assert len(EXAMPLES) >= 12


@pytest.mark.parametrize("path", EXAMPLES, ids=os.path.basename)
def test_example(path):
    r = subprocess.run([sys.executable, path], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
