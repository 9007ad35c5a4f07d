"""The Python code blocks of README.md and python/README.md run as written."""
import os
import re

import pytest

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
DOCS = [os.path.join(ROOT, "README.md"), os.path.join(ROOT, "python", "README.md")]


def blocks():
    for path in DOCS:
        text = open(path, encoding="utf-8").read()
        for i, code in enumerate(re.findall(r"```python\n(.*?)```", text, re.S)):
            yield pytest.param(code, id=f"{os.path.basename(os.path.dirname(path))}-{i}")


def test_there_are_blocks():
    assert len(list(blocks())) >= 2


@pytest.mark.parametrize("code", list(blocks()))
def test_block_runs(code, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # a block may write files (the Pommerman replay)
    exec(compile(code, "<readme>", "exec"), {})
    out = capsys.readouterr().out
    assert "Dir." in out or "Result." in out or "'winner'" in out or "'scores'" in out
    # a printed dict shown in a comment (`print(x)   # {...}`) is printed as shown, up to an
    # elision ("..." or "[...]")
    for shown in re.findall(r"^print\(.*?\)\s+# (\{.*)$", code, re.M):
        assert re.split(r"\[\.\.\.\]|\.\.\.", shown)[0] in out


def test_the_vecenv_fragment_runs():
    # python/README.md's VecEnv example is an indented fragment (np and pommerman imported
    # above it in the text): it runs as written and its arrays have the shapes it states
    text = open(DOCS[1], encoding="utf-8").read()
    lines = re.search(r"\n((?:    .*\n)*    env = pommerman\.VecEnv\((?:.*\n)*?)\n(?!    )", text).group(1)
    code = "\n".join(line[4:] for line in lines.splitlines())
    scope = {}
    exec(compile("import numpy as np\nfrom dmap.arenas import pommerman\n" + code, "<readme>", "exec"), scope)
    shown = re.search(r"# obs uint8 \((\d+), (\d+), (\d+), (\d+), (\d+)\)", code)
    assert scope["obs"].dtype.name == "uint8"
    assert scope["obs"].shape == tuple(int(n) for n in shown.groups())
    assert len(scope["env"].plane_names) == scope["obs"].shape[2]
