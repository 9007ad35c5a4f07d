"""examples/rl/pommerman_ppo.py, PPO in PyTorch on Pommerman one-vs-one against `simple`, with and
without dmap's map planes and safety mask: two updates of each (no training of any length here;
the runs and their results are in docs/rl.md), the printed results, the learning-curve PNG, the
run's log, the same run twice the same; and the safety mask itself: its timing equals the C
danger plane, it keeps only legal actions, and a policy that plays only its actions never dies
against `stop` (the uniform legal policy does)."""
import json
import os
import re
import struct
import subprocess
import sys
import zlib

import numpy as np

EXAMPLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples", "rl")
EXAMPLE = os.path.join(EXAMPLES, "pommerman_ppo.py")
sys.path.insert(0, EXAMPLES)
import pommerman_ppo as ppo  # noqa: E402

SHORT = ["--envs", "8", "--rollout", "32", "--minibatch", "64", "--epochs", "2", "--steps", "512",
         "--eval", "6"]


def run(*args):
    r = subprocess.run([sys.executable, EXAMPLE, *SHORT, *args], capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    return r.stdout


def png_size(path):
    """The PNG's width and height, after checking its signature, its chunks' CRCs and that its
    image data holds every row (the filter byte and the RGB pixels)."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, size = 8, b"", None
    while pos < len(data):
        n = struct.unpack(">I", data[pos:pos + 4])[0]
        tag, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + n]
        assert struct.unpack(">I", data[pos + 8 + n:pos + 12 + n])[0] == zlib.crc32(tag + body) & 0xFFFFFFFF
        if tag == b"IHDR":
            size = struct.unpack(">II", body[:8])
        elif tag == b"IDAT":
            idat += body
        pos += 12 + n
    assert tag == b"IEND" and size is not None
    width, height = size
    assert len(zlib.decompress(idat)) == height * (1 + 3 * width)
    return width, height


def test_two_updates_with_maps_and_without(tmp_path):
    logs = []
    for maps in ("on", "off"):
        log, png = tmp_path / ("%s.json" % maps), tmp_path / ("%s.png" % maps)
        weights = tmp_path / ("%s.pt" % maps)
        out = run("--maps", maps, "--seed", "3", "--log", str(log), "--png", str(png), "--save", str(weights))
        updates = re.findall(r"^update +(\d+) steps +(\d+)", out, re.M)
        assert updates == [("1", "256"), ("2", "512")], out
        m = re.search(r"^vs simple: wins (\d+) ties (\d+) losses (\d+) of 6 games, win rate ([\d.]+) "
                      r"\(95% Wilson ([\d.]+)-([\d.]+)\)$", out, re.M)
        assert m, out
        w, t, l = (int(m.group(k)) for k in (1, 2, 3))
        assert w + t + l == 6 and float(m.group(4)) == round(w / 6, 3)
        assert float(m.group(5)) <= w / 6 <= float(m.group(6))
        assert "masked actions chosen: 0" in out
        assert re.search(r"^games: mean length [\d.]+ steps, [\d.]+ bombs laid per game, [\d.]+% of them within 3 cells "
                         r"of the enemy$", out, re.M), out
        assert png_size(png) == (700, 340)
        run_log = json.loads(log.read_text())
        assert run_log["maps"] == maps and run_log["steps"] == 512 and len(run_log["curve"]) == 2
        assert (run_log["wins"], run_log["ties"], run_log["losses"]) == (w, t, l)
        logs.append(str(log))
        # the saved weights, loaded, play the same evaluation games the same way
        again = run("--maps", maps, "--seed", "3", "--load", str(weights))
        assert not re.search(r"^update", again, re.M) and m.group(0) in again
    uniform = tmp_path / "uniform.json"      # the untrained baseline, drawn as a dotted line
    out = run("--maps", "on", "--policy", "uniform", "--log", str(uniform))
    assert not re.search(r"^update", out, re.M) and "masked actions chosen: 0" in out
    assert json.loads(uniform.read_text())["steps"] == 0
    both = tmp_path / "both.png"
    r = subprocess.run([sys.executable, EXAMPLE, "--plot", *logs, str(uniform), "--png", str(both)],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert png_size(both) == (700, 340)


def test_the_same_seed_trains_the_same_policy(tmp_path):
    # everything printed but the CPU times
    outs = [re.sub(r"cpu +[\d.]+ s|in [\d.]+ CPU minutes", "", run("--maps", "off", "--seed", "5")) for _ in range(2)]
    assert outs[0] == outs[1]
    assert "update    2" in outs[0] and "vs simple" in outs[0]


def test_bad_options_are_refused():
    r = subprocess.run([sys.executable, EXAMPLE, "--maps", "maybe"], capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "--maps" in r.stderr
    r = subprocess.run([sys.executable, EXAMPLE, "--eval", "0"], capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "--eval" in r.stderr


def uniform_games(maps, opponent, n, steps, seed):
    """n games of the uniform policy over the masks (maps: the safe ones, else the legal ones)
    against opponent, `steps` steps each; yields each step's raw planes, legal masks, masks, and
    then the rewards and ends."""
    games = ppo.Games(n, maps, seed=seed, opponent=opponent)
    _, m = games.reset(seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        raw, legal = games.env.obs[:, 0].copy(), games.env.masks[:, 0].copy()
        a = np.array([rng.choice(np.flatnonzero(mi)) for mi in m])
        _, m2, r, d = games.step(a)
        yield raw, legal, m, a, r, d, games.env.truncated[:, 0].copy()
        m = m2


def test_the_safety_mask_keeps_legal_actions_and_its_timing_is_the_danger_plane():
    names = list(ppo.pm.VEC_STD_PLANES) + ["dist_self", "dist_enemy", "dist_enemy0", "danger", "flee"]
    danger, flames = names.index("danger"), names.index("flames")
    compared = removed = 0
    for raw, legal, mask, a, *_ in uniform_games(True, "simple", 8, 150, 11):
        assert ((mask == 0) | (legal == 1)).all()        # only legal actions
        assert mask.any(axis=1).all()                   # never empty
        removed += int((legal.astype(int) - mask).sum())
        assert (mask[np.arange(8), a] == 1).all()
        for planes in raw:
            mine = ppo.danger_of(planes)
            plane = planes[danger].astype(float)
            plane[plane == 255] = np.inf
            keep = planes[flames] == 0
            assert np.array_equal(mine[keep], plane[keep])
            compared += int(np.isfinite(plane[keep]).sum())
    assert compared > 100 and removed > 100             # bombs were on the board; actions were removed


def test_a_policy_within_the_safety_mask_never_dies_against_stop():
    def deaths(maps):
        n = 0
        for *_, r, d, trunc in uniform_games(maps, "stop", 16, 300, 5):
            n += int((d & (r < 0) & ~trunc).sum())
        return n
    assert deaths(True) == 0
    assert deaths(False) > 5   # the legal moves alone walk into the blasts
