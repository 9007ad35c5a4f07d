/* convert.c — Python arguments to library arguments: walls and costs arrays to a dmap_grid
 * (zero-copy when they already have the library's layout), read-only maps, maps the library
 * writes into (never copied: checked and rejected instead), masks, (x, y) cells and text. */
#include "pydmap.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>

static int is_c_array(PyObject *obj, int type) {
    if (!PyArray_Check(obj)) return 0;
    PyArrayObject *a = (PyArrayObject *)obj;
    return PyArray_TYPE(a) == type && PyArray_NDIM(a) == 2 && PyArray_IS_C_CONTIGUOUS(a) &&
           PyArray_ISALIGNED(a) && PyArray_ISNOTSWAPPED(a);
}

int pydmap_grid(PyObject *walls, PyObject *costs, grid_arg *out) {
    out->walls = NULL;
    out->costs = NULL;
    out->g.w = out->g.h = 0;
    out->g.wall = NULL;
    out->g.cost = NULL;
    if (is_c_array(walls, NPY_BOOL) || is_c_array(walls, NPY_UINT8)) {
        Py_INCREF(walls);
        out->walls = (PyArrayObject *)walls;
    } else {
        /* Documented copy: any array-like, nonzero = wall. */
        out->walls = (PyArrayObject *)PyArray_FROMANY(walls, NPY_BOOL, 0, 0,
                                                      NPY_ARRAY_IN_ARRAY | NPY_ARRAY_FORCECAST);
        if (!out->walls) return -1;
        if (PyArray_NDIM(out->walls) != 2) {
            PyErr_Format(PyExc_ValueError, "walls must be a 2-D (H, W) array, got %d dimensions",
                         PyArray_NDIM(out->walls));
            goto fail;
        }
    }
    npy_intp h = PyArray_DIM(out->walls, 0), w = PyArray_DIM(out->walls, 1);
    if (h <= 0 || w <= 0 || h > INT_MAX || w > INT_MAX || (int64_t)h * (int64_t)w > DMAP_MAX_CELLS) {
        char detail[80];
        snprintf(detail, sizeof detail, "walls shape (%ld, %ld)", (long)h, (long)w);
        pydmap_raise(DMAP_ERR_SIZE, NULL, detail);
        goto fail;
    }
    out->g.w = (int)w;
    out->g.h = (int)h;
    out->g.wall = (unsigned char *)PyArray_DATA(out->walls);
    if (costs && costs != Py_None) {
        out->costs = pydmap_map_in(costs, &out->g, "costs");
        if (!out->costs) goto fail;
        out->g.cost = (double *)PyArray_DATA(out->costs);
    }
    return 0;
fail:
    pydmap_grid_release(out);
    return -1;
}

void pydmap_grid_release(grid_arg *ga) {
    Py_CLEAR(ga->walls);
    Py_CLEAR(ga->costs);
}

static int check_shape(PyArrayObject *a, const dmap_grid *g, const char *name) {
    if (PyArray_NDIM(a) != 2 || PyArray_DIM(a, 0) != g->h || PyArray_DIM(a, 1) != g->w) {
        if (PyArray_NDIM(a) == 2)
            PyErr_Format(PyExc_ValueError, "%s has shape (%ld, %ld), the grid is (%d, %d)", name,
                         (long)PyArray_DIM(a, 0), (long)PyArray_DIM(a, 1), g->h, g->w);
        else
            PyErr_Format(PyExc_ValueError, "%s must be a 2-D (H, W) array, got %d dimensions", name,
                         PyArray_NDIM(a));
        return -1;
    }
    return 0;
}

PyArrayObject *pydmap_map_in(PyObject *obj, const dmap_grid *g, const char *name) {
    PyArrayObject *a;
    if (is_c_array(obj, NPY_DOUBLE)) {
        Py_INCREF(obj);
        a = (PyArrayObject *)obj;
    } else {
        /* Documented copy; only safe casts (ints, float32 to float64). */
        a = (PyArrayObject *)PyArray_FROMANY(obj, NPY_DOUBLE, 0, 0, NPY_ARRAY_IN_ARRAY);
        if (!a) return NULL;
    }
    if (check_shape(a, g, name) < 0) {
        Py_DECREF(a);
        return NULL;
    }
    return a;
}

int pydmap_map_inplace(PyObject *obj, const dmap_grid *g, const char *name) {
    if (!PyArray_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "%s must be a numpy.ndarray of float64 (written in place)", name);
        return -1;
    }
    PyArrayObject *a = (PyArrayObject *)obj;
    if (PyArray_TYPE(a) != NPY_DOUBLE || !PyArray_ISNOTSWAPPED(a)) {
        PyErr_Format(PyExc_TypeError,
                     "%s must have dtype float64 to be written in place (use copy=True or "
                     "numpy.ascontiguousarray(a, dtype=float))", name);
        return -1;
    }
    if (!PyArray_IS_C_CONTIGUOUS(a) || !PyArray_ISALIGNED(a)) {
        PyErr_Format(PyExc_ValueError,
                     "%s must be C-contiguous and aligned to be written in place (use copy=True "
                     "or numpy.ascontiguousarray)", name);
        return -1;
    }
    if (!PyArray_ISWRITEABLE(a)) {
        PyErr_Format(PyExc_ValueError, "%s is read-only", name);
        return -1;
    }
    return check_shape(a, g, name);
}

PyArrayObject *pydmap_map_out(PyObject *out, const dmap_grid *g, int npy_type) {
    if (out && out != Py_None) {
        if (pydmap_map_inplace(out, g, "out") < 0) return NULL;
        Py_INCREF(out);
        return (PyArrayObject *)out;
    }
    npy_intp dims[2] = {g->h, g->w};
    return (PyArrayObject *)PyArray_SimpleNew(2, dims, npy_type);
}

static int overlap(PyArrayObject *a, PyArrayObject *b) {
    const char *pa = PyArray_BYTES(a), *pb = PyArray_BYTES(b);
    return pa < pb + PyArray_NBYTES(b) && pb < pa + PyArray_NBYTES(a);
}

int pydmap_unshare(PyArrayObject **in, PyArrayObject *out, int same_ok) {
    if (!*in || !out || !overlap(*in, out)) return 0;
    if (same_ok && PyArray_BYTES(*in) == PyArray_BYTES(out) && PyArray_NBYTES(*in) == PyArray_NBYTES(out))
        return 0;
    PyArrayObject *copy = (PyArrayObject *)PyArray_NewCopy(*in, NPY_CORDER);
    if (!copy) return -1;
    Py_DECREF(*in);
    *in = copy;
    return 0;
}

int pydmap_grid_unshare(grid_arg *ga, PyArrayObject *out) {
    if (pydmap_unshare(&ga->walls, out, 0) < 0 || pydmap_unshare(&ga->costs, out, 0) < 0) return -1;
    ga->g.wall = (unsigned char *)PyArray_DATA(ga->walls);
    ga->g.cost = ga->costs ? (double *)PyArray_DATA(ga->costs) : NULL;
    return 0;
}

int pydmap_mask_in(PyObject *obj, const dmap_grid *g, const char *name, PyArrayObject **mask) {
    *mask = NULL;
    if (!obj || obj == Py_None) return 0;
    PyArrayObject *a;
    if (is_c_array(obj, NPY_BOOL) || is_c_array(obj, NPY_UINT8)) {
        Py_INCREF(obj);
        a = (PyArrayObject *)obj;
    } else {
        a = (PyArrayObject *)PyArray_FROMANY(obj, NPY_BOOL, 0, 0,
                                             NPY_ARRAY_IN_ARRAY | NPY_ARRAY_FORCECAST);
        if (!a) return -1;
    }
    if (check_shape(a, g, name) < 0) {
        Py_DECREF(a);
        return -1;
    }
    *mask = a;
    return 0;
}

int pydmap_cell(PyObject *obj, const dmap_grid *g, const char *name, int *index) {
    long x, y;
    if (PyTuple_Check(obj) && PyTuple_GET_SIZE(obj) == 2) {
        x = PyLong_AsLong(PyTuple_GET_ITEM(obj, 0));
        if (x == -1 && PyErr_Occurred()) goto bad;
        y = PyLong_AsLong(PyTuple_GET_ITEM(obj, 1));
        if (y == -1 && PyErr_Occurred()) goto bad;
    } else {
        PyObject *seq = PySequence_Fast(obj, "");
        if (!seq) goto bad;
        if (PySequence_Fast_GET_SIZE(seq) != 2) {
            Py_DECREF(seq);
            goto bad;
        }
        x = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, 0));
        y = (x == -1 && PyErr_Occurred()) ? -1 : PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, 1));
        Py_DECREF(seq);
        if (PyErr_Occurred()) goto bad;
    }
    if (x < 0 || y < 0 || x >= g->w || y >= g->h) {
        char detail[120];
        snprintf(detail, sizeof detail, "%s (%ld, %ld) outside the %dx%d grid", name, x, y, g->w, g->h);
        pydmap_raise(DMAP_ERR_RANGE, NULL, detail);
        return -1;
    }
    *index = (int)(y * g->w + x);
    return 0;
bad:
    PyErr_Clear();
    PyErr_Format(PyExc_TypeError, "%s must be an (x, y) pair of ints", name);
    return -1;
}

PyObject *pydmap_xy(const dmap_grid *g, int index) {
    return Py_BuildValue("(ii)", index % g->w, index / g->w);
}

PyObject *pydmap_xy_list(const dmap_grid *g, const int *cells, size_t n) {
    PyObject *list = PyList_New((Py_ssize_t)n);
    if (!list) return NULL;
    for (size_t i = 0; i < n; i++) {
        PyObject *xy = pydmap_xy(g, cells[i]);
        if (!xy) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, (Py_ssize_t)i, xy);
    }
    return list;
}

int pydmap_double(PyObject *obj, const char *name, double *out) {
    double v = PyFloat_AsDouble(obj);
    if (v == -1.0 && PyErr_Occurred()) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "%s must be a number", name);
        return -1;
    }
    *out = v;
    return 0;
}

int pydmap_text(PyObject *obj, text_arg *t) {
    t->bytes = NULL;
    t->view.obj = NULL;
    if (PyUnicode_Check(obj)) {
        Py_ssize_t n;
        const char *s = PyUnicode_AsUTF8AndSize(obj, &n);
        if (!s) return -1;
        Py_INCREF(obj);
        t->bytes = obj;
        t->data = s;
        t->len = (size_t)n;
        return 0;
    }
    if (PyObject_GetBuffer(obj, &t->view, PyBUF_SIMPLE) < 0) {
        PyErr_Clear();
        PyErr_SetString(PyExc_TypeError, "text must be str or a bytes-like object");
        return -1;
    }
    t->data = (const char *)t->view.buf;
    t->len = (size_t)t->view.len;
    return 0;
}

void pydmap_text_release(text_arg *t) {
    Py_CLEAR(t->bytes);
    if (t->view.obj) PyBuffer_Release(&t->view);
}
