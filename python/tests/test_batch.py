"""The batch functions: bfs_batch and field_batch equal bfs and field board by board, for every
dtype (int8 included), pool size and SIMD path; walls are read and out= written in place; errors raise."""
import threading

import numpy as np
import pytest

import dmap

def boards(n, h, w, seed=7, density=0.3):
    rng = np.random.default_rng(seed)
    walls = (rng.random((n, h, w)) < density).astype(np.uint8)
    xs, ys = rng.integers(0, w, n), rng.integers(0, h, n)
    walls[np.arange(n), ys, xs] = 0
    return walls, np.stack([xs, ys], axis=1)


def available_paths():
    """The SIMD paths this processor runs ('avx2', 'avx512' raise dmap.Error where it lacks them)."""
    walls, src = boards(1, 3, 3)
    ok = []
    for path in ("auto", "none", "avx2", "avx512"):
        try:
            dmap.bfs_batch(walls, src, simd=path)
            ok.append(path)
        except dmap.Error:
            pass
    return ok


@pytest.mark.parametrize("h,w", [(11, 11), (64, 64), (9, 70), (1, 1)])
@pytest.mark.parametrize("moves", [4, 8])
def test_bfs_batch_equals_bfs(h, w, moves):
    walls, src = boards(40, h, w)
    want = np.stack([dmap.bfs(walls[b], [tuple(src[b])], moves=moves) for b in range(len(walls))])
    # int8 holds depths up to 127: boards of more than 128 cells run with max_depth 127
    limit = 127 if h * w > 128 else -1
    want8 = np.where(want > 127, -1, want) if limit >= 0 else want
    for dtype in (np.int8, np.int16, np.int32, np.float32, np.float64):
        for threads in (1, 3):
            depth = limit if dtype == np.int8 else -1
            got = dmap.bfs_batch(walls, src, moves=moves, dtype=dtype, max_depth=depth,
                                 pool=dmap.Pool(threads))
            assert got.dtype == dtype and got.shape == walls.shape
            assert np.array_equal(got, (want8 if dtype == np.int8 else want).astype(dtype))
    for simd in available_paths():
        assert np.array_equal(dmap.bfs_batch(walls, src, moves=moves, simd=simd), want)
        got = dmap.bfs_batch(walls, src, moves=moves, dtype=np.int8, max_depth=limit, simd=simd)
        assert got.dtype == np.int8 and np.array_equal(got, want8)


@pytest.mark.parametrize("h,w", [(12, 11), (64, 64), (9, 70), (16, 32)])
def test_int8_needs_depth_limit_above_128_cells(h, w):
    """int8 holds depths up to 127: boards of more than 128 cells need max_depth 0..127."""
    walls, src = boards(33, h, w, density=0.1)
    walls[:, 1::2, 1:] = 1  # winding corridors: depths beyond 127 on the larger boards
    walls[:, 3::4, 1:] = 0
    walls[:, 3::4, :-1] = 1
    walls[np.arange(33), src[:, 1], src[:, 0]] = 0
    with pytest.raises(dmap.Error):
        dmap.bfs_batch(walls, src, dtype=np.int8)
    with pytest.raises(dmap.Error):
        dmap.bfs_batch(walls, src, dtype=np.int8, max_depth=128)
    want = dmap.bfs_batch(walls, src, max_depth=127)
    for simd in available_paths():
        got = dmap.bfs_batch(walls, src, dtype=np.int8, max_depth=127, simd=simd,
                             pool=dmap.Pool(2))
        assert np.array_equal(got, want)


def test_several_sources_and_max_depth():
    walls, src = boards(5, 11, 11, seed=3)
    rows = np.array([[0, *src[0]], [0, 0, 0], [2, *src[2]], [4, *src[4]]])
    walls[0, 0, 0] = 0
    got = dmap.bfs_batch(walls, rows, max_depth=4, dtype=np.int32)
    assert np.all(got[1] == -1) and np.all(got[3] == -1)  # boards without a source
    want0 = dmap.bfs(walls[0], [tuple(src[0]), (0, 0)], max_depth=4)
    assert np.array_equal(got[0], want0)


def test_field_batch_equals_field():
    walls, src = boards(30, 12, 10, seed=11)
    goals = np.column_stack([src, np.arange(30) % 4]).astype(float)
    for ceiling in (None, 40.0):
        want = np.stack([dmap.field(walls[b], [(int(g[0]), int(g[1]), g[2])], ceiling)
                         for b, g in enumerate(goals)])
        assert np.array_equal(dmap.field_batch(walls, goals, ceiling, pool=dmap.Pool(2)), want)
    got = dmap.field_batch(walls, goals, 40.0, dtype=np.int16)
    assert got.dtype == np.int16 and np.array_equal(got, want.astype(np.int16))
    with pytest.raises(dmap.Error):  # no ceiling: infinity does not fit an int16
        dmap.field_batch(walls, goals, None, dtype=np.int16)
    got = dmap.field_batch(walls, goals, 40.0, dtype=np.int8)
    assert got.dtype == np.int8 and np.array_equal(got, want.astype(np.int8))
    assert dmap.field_batch(walls, goals, 127.0, dtype=np.int8).max() == 127
    with pytest.raises(dmap.Error):  # walls get the ceiling, and 128 does not fit an int8
        dmap.field_batch(walls, goals, 128.0, dtype=np.int8)
    low = goals.copy()
    low[:, 2] = -128
    assert dmap.field_batch(walls, low, 0.0, dtype=np.int8).min() == -128
    low[0, 2] = -129
    with pytest.raises(dmap.Error):
        dmap.field_batch(walls, low, 0.0, dtype=np.int8)


def test_zero_copy_out_and_walls():
    walls, src = boards(8, 11, 11)
    out = np.zeros(walls.shape, np.int16)
    got = dmap.bfs_batch(walls, src, out=out)
    assert got is out and out[0, src[0, 1], src[0, 0]] == 0
    with pytest.raises(ValueError):
        dmap.bfs_batch(walls, src, out=np.zeros(walls.shape, np.int32))  # dtype int16 wanted
    small = np.zeros(walls.shape, np.int8)
    got8 = dmap.bfs_batch(walls, src, dtype=np.int8, out=small)
    assert got8 is small and np.array_equal(small, got)
    with pytest.raises(ValueError):
        dmap.bfs_batch(walls, src, dtype=np.int8, out=np.zeros(walls.shape, np.uint8))
    as_bool = dmap.bfs_batch(walls.astype(bool), src)
    assert np.array_equal(as_bool, got)


def test_errors():
    walls, src = boards(4, 5, 5)
    with pytest.raises(ValueError):
        dmap.bfs_batch(walls[0], src)  # not (N, H, W)
    with pytest.raises(ValueError):
        dmap.bfs_batch(walls, src[:3])  # one row per board
    with pytest.raises(dmap.Error):
        dmap.bfs_batch(walls, src + 10)  # outside the board
    with pytest.raises(TypeError):
        dmap.bfs_batch(walls, src, dtype=np.uint8)
    with pytest.raises(ValueError):
        dmap.bfs_batch(walls, src, simd="sse9")
    with pytest.raises(dmap.Error):
        dmap.Pool(0)
    assert dmap.Pool(3).threads == 3


def test_gil_released_threads_agree():
    walls, src = boards(2000, 11, 11)
    want = dmap.bfs_batch(walls, src)
    got = [None] * 4

    def run(i):
        got[i] = dmap.bfs_batch(walls, src, dtype=np.int8 if i % 2 else np.int16)

    ts = [threading.Thread(target=run, args=(i,)) for i in range(4)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert all(np.array_equal(g, want) for g in got)
