"""Zero-copy: scan and out= write into the caller's memory; other layouts are converted with a
documented copy (read-only inputs) or rejected with a clear error (arrays written in place)."""
import numpy as np
import pytest

import dmap


def test_scan_writes_into_the_callers_array():
    walls = np.zeros((6, 7), bool)
    values = np.full((6, 7), 100.0)
    values[2, 3] = 0.0
    address = values.__array_interface__["data"][0]
    result = dmap.scan(walls, values)
    assert result is values
    assert values.__array_interface__["data"][0] == address
    assert values[2, 3] == 0.0 and values[0, 0] == 5.0  # scanned in place
    # A view into a bigger buffer: the scan lands in the buffer itself.
    buf = np.full(100, 100.0)
    view = buf[:42].reshape(6, 7)
    view[0, 0] = 0.0
    dmap.scan(walls, view)
    assert buf[41] == 11.0 and np.shares_memory(buf, view)


def test_field_out_and_flee_out_are_written_in_place():
    walls = np.zeros((4, 4), bool)
    out = np.empty((4, 4))
    assert dmap.field(walls, [(0, 0)], out=out) is out
    assert out[3, 3] == 6.0
    dst = np.empty((4, 4))
    assert dmap.flee(walls, out, out=dst) is dst
    for fn, args in ((dmap.add, (out, out)), (dmap.scale, (out, 2.0)), (dmap.clamp, (out, 0.0, 1.0))):
        o = np.empty((4, 4))
        assert fn(walls, *args, out=o) is o


def test_in_place_arrays_of_the_wrong_kind_are_rejected():
    walls = np.zeros((4, 5), bool)
    with pytest.raises(TypeError, match="float64"):
        dmap.scan(walls, np.zeros((4, 5), np.float32))
    with pytest.raises(TypeError, match="ndarray"):
        dmap.scan(walls, [[0.0] * 5] * 4)
    with pytest.raises(ValueError, match="C-contiguous"):
        dmap.scan(walls, np.zeros((5, 4)).T)
    with pytest.raises(ValueError, match="C-contiguous"):
        dmap.scan(walls, np.zeros((4, 10))[:, ::2])
    ro = np.zeros((4, 5))
    ro.flags.writeable = False
    with pytest.raises(ValueError, match="read-only"):
        dmap.scan(walls, ro)
    with pytest.raises(ValueError, match="shape"):
        dmap.scan(walls, np.zeros((5, 4)))
    with pytest.raises(ValueError, match="C-contiguous"):
        dmap.field(walls, [(0, 0)], out=np.zeros((5, 4)).T)


def test_copying_variants_convert_and_leave_the_input_alone():
    walls = np.zeros((3, 3), bool)
    as_list = [[100, 100, 100], [100, 0, 100], [100, 100, 100]]
    got = dmap.scan(walls, as_list, copy=True)
    assert got.dtype == np.float64 and got[0, 0] == 2.0 and as_list[0][0] == 100
    f32 = np.full((3, 3), 100, np.float32)
    f32[0, 0] = 0
    got = dmap.scanned(walls, f32)
    assert got[2, 2] == 4.0 and f32[2, 2] == 100
    strided = np.full((3, 6), 100.0)[:, ::2]
    strided[1, 1] = 0
    got = dmap.scanned(walls, strided)
    assert got[0, 0] == 2.0 and strided[0, 0] == 100.0


def test_read_only_inputs_of_other_layouts_are_converted():
    # walls as ints, lists, a transposed view; costs as ints; all give the same map.
    base = np.zeros((4, 5), bool)
    base[1, 2] = True
    want = dmap.field(base, [(0, 0)])
    for walls in (base.astype(np.int32), base.tolist(), np.ascontiguousarray(base.T).T,
                  base.astype(np.uint8), base.astype(float)):
        assert np.array_equal(dmap.field(walls, [(0, 0)]), want)
    assert np.array_equal(dmap.field(base, [(0, 0)], costs=np.ones((4, 5), int)), want)
    assert np.array_equal(dmap.field(base, [(0, 0)], costs=np.ones((5, 4)).T), want)
    with pytest.raises(ValueError, match="2-D"):
        dmap.field(np.zeros(5, bool), [(0, 0)])


def overlapping(values, shift):
    """values in a buffer, and an (H, W) array of that buffer starting shift cells later: both
    C-contiguous float64, partly the same memory."""
    h, w = values.shape
    buf = np.zeros(h * w + shift)
    a = buf[: h * w].reshape(h, w)
    a[:] = values
    return a, buf[shift:].reshape(h, w)


@pytest.mark.parametrize("shift", [1, 3, 12])
def test_an_out_overlapping_an_input_gets_the_result_of_separate_arrays(shift):
    # The library reads each input while it writes out (it supports out == input, not a
    # partial overlap): an input sharing memory with out is read from a copy.
    rng = np.random.default_rng(shift)
    walls = rng.random((7, 9)) < 0.2
    walls[0, 0] = False
    free = ~walls
    a0 = np.where(walls, 0.0, rng.random((7, 9)) * 10)
    b = rng.random((7, 9)) * 10
    costs0 = rng.integers(1, 5, (7, 9)).astype(float)
    src = dmap.field(walls, [(0, 0)])
    calls = [
        (lambda a, o: dmap.add(walls, a, b, out=o), dmap.add(walls, a0, b)),
        (lambda a, o: dmap.minimum(walls, b, a, out=o), dmap.minimum(walls, b, a0)),
        (lambda a, o: dmap.scale(walls, a, 2.0, out=o), dmap.scale(walls, a0, 2.0)),
        (lambda a, o: dmap.clamp(walls, a, 2.0, 5.0, out=o), dmap.clamp(walls, a0, 2.0, 5.0)),
        (lambda a, o: dmap.weighted_sum(walls, [b, a], [1.0, 2.0], out=o),
         dmap.weighted_sum(walls, [b, a0], [1.0, 2.0])),
        (lambda a, o: dmap.flee(walls, a, out=o), dmap.flee(walls, a0)),
    ]
    for call, expected in calls:
        a, out = overlapping(a0, shift)
        assert np.array_equal(call(a, out)[free], expected[free])
    calls = [  # costs sharing memory with out (the same array, or overlapping)
        (lambda c, o: dmap.field(walls, [(0, 0)], costs=c, out=o), dmap.field(walls, [(0, 0)], costs=costs0)),
        (lambda c, o: dmap.flee(walls, src, costs=c, out=o), dmap.flee(walls, src, costs=costs0)),
        (lambda c, o: dmap.threat_map(walls, (0, 0), costs=c, out=o), dmap.threat_map(walls, (0, 0), costs=costs0)),
        (lambda c, o: dmap.timing_map(walls, [(0, 0)], costs=c, out=o),
         dmap.timing_map(walls, [(0, 0)], costs=costs0)),
    ]
    for call, expected in calls:
        for c, out in (overlapping(costs0, shift), (costs0.copy(),) * 2):
            assert np.array_equal(call(c, out)[free], expected[free])
    # scan(values, costs=values): the costs are the values before the scan
    values = costs0.copy()
    assert np.array_equal(dmap.scan(walls, values, costs=values), dmap.scanned(walls, costs0, costs=costs0))
