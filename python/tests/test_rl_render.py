"""render_mode="rgb_array" of dmap.rl's environments (dmap/rl/_render.py): the picture is an
H x W x 3 uint8 array of CELL-pixel squares, one per cell of the whole board, of the same size all
game long; each agent's square shows in its seat's colour inside its cell and walls in the wall
colour, checked against the game's own state; render_fps is declared; Gymnasium's check_env
render check, its rgb_array_list (RenderCollection) and RecordVideo, and PettingZoo's render_test
on the AEC environments pass; deep copies and pickled copies draw the same picture. RecordVideo needs moviepy, which is too heavy for the tests'
environment (ffmpeg, Pillow, imageio): a stand-in moviepy module takes the frames RecordVideo
would encode, so everything but the encoding is RecordVideo's own code."""
import functools
import os
import sys
import types
import warnings

import numpy as np
import pytest

from conftest import data_path

os.environ.setdefault("DMAP_KUTULU_MAPS", data_path("arenas", "kutulu", "data", "maps"))

import gymnasium  # noqa: E402
import dmap.rl as rl  # noqa: E402
from dmap.rl import _render  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import render_test  # noqa: E402

CELL = _render.CELL
CASES = [("pommerman", {"config": "PommeFFACompetition-v0"}), ("pommerman", {"config": "OneVsOne-v0"}),
         ("pommerman", {"config": "PommeRadio-v2"}), ("bomber", {}), ("kutulu", {}), ("pursuit", {}),
         ("pursuit", {"size": 11})]
IDS = ["%s-%d" % (a, i) for i, (a, _) in enumerate(CASES)]


@pytest.fixture(autouse=True)
def quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


def colour(img, r, c, inset):
    # the pixel at (inset, inset) inside cell (r, c): inset 0 is the cell's own colour, inset
    # CELL // 2 inside an agent's square
    return tuple(int(v) for v in img[r * CELL + inset, c * CELL + inset])


def seat_colour(seat):
    return tuple(int(v) for v in _render.PALETTE[_render.AGENT0 + seat])


WALL = tuple(int(v) for v in _render.PALETTE[_render.WALL])


def agents_and_walls(core):
    """(row, col, seat) of the living agents and a bool (H, W) of walls, from the game's state as
    the observations read it, in the picture's rows."""
    if core.name == "pommerman":
        board = np.asarray(core._env._game.json_state()["board"])
        return [(r, c, v - 10) for (r, c), v in np.ndenumerate(board) if v >= 10], board == 1
    if core.name == "bomber":
        o = core.observe(0)
        h = o["board"].shape[1]
        agents = [(h - 1 - int(o["self"][1]), int(o["self"][0]), 0),
                  (h - 1 - int(o["opponent"][1]), int(o["opponent"][0]), 1)]
        return agents, o["board"][0][::-1] == 1
    if core.name == "kutulu":
        o = core.observe(0)
        agents = [(int(y), int(x), i) for i, e in enumerate(core._state[6]) if e[5] for x, y in [e[:2]]]
        return agents, o["grid"][0] == 1
    o = core.observe(0)
    return [(int(o["position"][1]), int(o["position"][0]), 0), (int(o["other"][1]), int(o["other"][0]), 1)], \
        o["grid"][0] == 1


@pytest.mark.parametrize("arena,kw", CASES, ids=IDS)
def test_picture_shows_the_game(arena, kw):
    env = rl.parallel_env(arena, render_mode="rgb_array", **kw)
    assert env.metadata["render_fps"] > 0 and "rgb_array" in env.metadata["render_modes"]
    with pytest.raises(RuntimeError):
        env.render()
    obs, _ = env.reset(seed=7)
    env.action_space(env.possible_agents[0]).seed(7)  # the learners' one space: the actions drawn
    shape = None
    for step in range(60):
        img = env.render()
        assert isinstance(img, np.ndarray) and img.dtype == np.uint8 and img.ndim == 3 and img.shape[2] == 3
        assert img.flags.c_contiguous
        shape = shape or img.shape
        assert img.shape == shape
        agents, walls = agents_and_walls(env.core)
        assert img.shape[:2] == (walls.shape[0] * CELL, walls.shape[1] * CELL)
        shown = {}
        for r, c, seat in sorted(agents, key=lambda a: a[2]):
            shown[r, c] = seat  # agents sharing a cell (a capture, Kutulu's explorers): the last seat shows
        for (r, c), seat in shown.items():
            assert colour(img, r, c, CELL // 2) == seat_colour(seat)
        for r, c in zip(*np.nonzero(walls)):
            assert colour(img, r, c, 0) == WALL
        assert walls.any()
        if not env.agents:
            break
        obs, *_ = env.step({a: env.action_space(a).sample(mask=obs[a]["action_mask"]) for a in env.agents})


def test_palette_distinct():
    rows = {tuple(int(v) for v in row) for row in _render.PALETTE}
    assert len(rows) == len(_render.PALETTE)


@pytest.mark.parametrize("env_id", ["dmap/OneVsOne-v0", "dmap/PommeTeamCompetition-v1", "dmap/Bomber-v0",
                                    "dmap/Kutulu-v0", "dmap/Pursuit-v0"])
def test_gymnasium_render(env_id):
    env = gymnasium.make(env_id, render_mode="rgb_array")
    check_env(env.unwrapped, skip_render_check=False)
    # rgb_array_list: gymnasium's RenderCollection over rgb_array, one frame per reset and step
    env = gymnasium.make(env_id, render_mode="rgb_array_list")
    obs, _ = env.reset(seed=2)
    env.action_space.seed(2)
    for _ in range(5):
        obs, *_ = env.step(env.action_space.sample(mask=obs["action_mask"]))
    frames = env.render()
    assert len(frames) == 6 and all(f.shape == frames[0].shape and f.dtype == np.uint8 for f in frames)


class _Clip:
    """moviepy's ImageSequenceClip as RecordVideo uses it: keeps the frames and writes a file."""
    made = []

    def __init__(self, frames, fps):
        self.frames, self.fps = [np.array(f) for f in frames], fps
        _Clip.made.append(self)

    def write_videofile(self, path, logger=None):
        with open(path, "wb") as f:
            np.save(f, np.stack(self.frames))


@pytest.fixture
def moviepy_standin(monkeypatch):
    mods = {}
    for name in ("moviepy", "moviepy.video", "moviepy.video.io", "moviepy.video.io.ImageSequenceClip"):
        mods[name] = types.ModuleType(name)
        monkeypatch.setitem(sys.modules, name, mods[name])
    mods["moviepy.video.io.ImageSequenceClip"].ImageSequenceClip = _Clip
    _Clip.made = []
    yield _Clip


@pytest.mark.parametrize("env_id", ["dmap/OneVsOne-v0", "dmap/Bomber-v0", "dmap/Kutulu-v0", "dmap/Pursuit-v0"])
def test_record_video(env_id, tmp_path, moviepy_standin):
    from gymnasium.wrappers import RecordVideo
    env = RecordVideo(gymnasium.make(env_id, render_mode="rgb_array"), str(tmp_path),
                      episode_trigger=lambda e: True)
    env.action_space.seed(0)
    for episode in range(2):
        obs, _ = env.reset(seed=episode)
        steps, done = 0, False
        while not done and steps < 40:
            obs, _, terminated, truncated, _ = env.step(env.action_space.sample(mask=obs["action_mask"]))
            steps += 1
            done = terminated or truncated
    env.close()
    clips = moviepy_standin.made
    assert len(clips) == 2
    for clip in clips:
        assert clip.fps == env.unwrapped.metadata["render_fps"]
        assert len(clip.frames) >= 2
        assert all(f.shape == clips[0].frames[0].shape and f.dtype == np.uint8 for f in clip.frames)
        assert any((a != b).any() for a, b in zip(clip.frames, clip.frames[1:]))  # the board moves
    assert len([p for p in os.listdir(tmp_path) if p.endswith(".mp4")]) == 2


@pytest.mark.parametrize("arena,kw", CASES, ids=IDS)
def test_pettingzoo_render_test(arena, kw, capsys):
    render_test(functools.partial(rl.aec_env, arena, **kw))
    assert capsys.readouterr().out  # "human" printed the board


def test_bad_render_mode():
    with pytest.raises(ValueError):
        rl.parallel_env("pursuit", render_mode="rgb")
    with pytest.raises(ValueError):
        rl.gym_env("pursuit", render_mode="video")


@pytest.mark.parametrize("arena,kw", CASES, ids=IDS)
def test_copies_draw_the_same_picture(arena, kw):
    import copy
    import pickle
    env = rl.gym_env(arena, render_mode="rgb_array", observation="flat", **kw)
    obs, info = env.reset(seed=11)
    env.action_space.seed(11)
    for _ in range(6):
        obs, _, term, trunc, info = env.step(env.action_space.sample(mask=info["action_mask"]))
        if term or trunc:
            break
    for twin in (copy.deepcopy(env), pickle.loads(pickle.dumps(env))):
        np.testing.assert_array_equal(twin.render(), env.render())
