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
