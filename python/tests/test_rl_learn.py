"""examples/rl/pommerman_pg.py, the NumPy policy gradient on dmap.rl's Pommerman one-vs-one, runs:
a few short updates through every phase of its curriculum, the win rates printed and the
learning curve written as a PNG (the full run and its result are in docs/rl.md; no training of
any length here)."""
import os
import struct
import subprocess
import sys
import zlib

EXAMPLE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples", "rl", "pommerman_pg.py")


def test_the_learning_example_runs(tmp_path):
    png = tmp_path / "curve.png"
    r = subprocess.run([sys.executable, EXAMPLE, "--updates", "3", "--steps", "200", "--eval", "4",
                        "--no-check", "--png", str(png)], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    assert [line.split()[3] for line in r.stdout.splitlines() if line.startswith("update")] == \
        ["stop", "random", "stop+random"]
    assert "vs stop  : learned policy wins" in r.stdout and "vs random: learned policy wins" in r.stdout
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    # one IDAT chunk: the filter byte and the RGB pixels of every row
    n = struct.unpack(">I", data[33:37])[0]
    assert data[37:41] == b"IDAT"
    assert len(zlib.decompress(data[41:41 + n])) == height * (1 + 3 * width)
