/* batch.c — the batch functions in Python: dmap.Pool (a caller-made thread pool),
 * dmap.bfs_batch and dmap.field_batch over stacked (N, H, W) NumPy arrays. Walls of uint8 or
 * bool, C-contiguous, are read in place; the output is written in place into out= (or a new
 * array); the GIL is released while the library runs. */
#include "pydmap.h"

/* ---- Pool ------------------------------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    dmap_pool *pool;
} PoolObject;

static PyObject *pool_new(PyTypeObject *type, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"threads", NULL};
    int threads = 1;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "i:Pool", kwlist, &threads)) return NULL;
    PoolObject *self = (PoolObject *)type->tp_alloc(type, 0);
    if (!self) return NULL;
    int rc = dmap_pool_new(&self->pool, threads);
    if (rc != DMAP_OK) {
        Py_DECREF(self);
        return pydmap_raise(rc, "Pool", "threads must be 1..256");
    }
    return (PyObject *)self;
}

static void pool_dealloc(PoolObject *self) {
    dmap_pool_free(self->pool);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *pool_threads(PoolObject *self, void *unused) {
    (void)unused;
    return PyLong_FromLong(dmap_pool_threads(self->pool));
}

static PyGetSetDef pool_getset[] = {
    {"threads", (getter)pool_threads, NULL, "the thread count, the calling thread included",
     NULL},
    {NULL, NULL, NULL, NULL, NULL}};

PyDoc_STRVAR(pool_doc,
"Pool(threads)\n--\n\n"
"A pool of threads for bfs_batch and field_batch: threads - 1 threads that sleep between\n"
"calls (the calling thread works too). The results do not depend on the thread count.");

PyTypeObject pydmap_PoolType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "dmap.Pool",
    .tp_basicsize = sizeof(PoolObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = pool_doc,
    .tp_new = pool_new,
    .tp_dealloc = (destructor)pool_dealloc,
    .tp_getset = pool_getset,
};

/* ---- arguments -------------------------------------------------------------------------------- */

/* Stacked walls: an (N, H, W) array, read in place when it is C-contiguous uint8 or bool,
 * else converted (nonzero = wall) with a copy. New reference or NULL. */
static PyArrayObject *walls_in(PyObject *obj, dmap_boards *b) {
    PyArrayObject *a = NULL;
    if (PyArray_Check(obj) && PyArray_IS_C_CONTIGUOUS((PyArrayObject *)obj) &&
        PyArray_ISALIGNED((PyArrayObject *)obj) &&
        (PyArray_TYPE((PyArrayObject *)obj) == NPY_UINT8 ||
         PyArray_TYPE((PyArrayObject *)obj) == NPY_BOOL)) {
        Py_INCREF(obj);
        a = (PyArrayObject *)obj;
    } else {
        PyObject *any = PyArray_FROM_OTF(obj, NPY_NOTYPE, NPY_ARRAY_IN_ARRAY);
        if (!any) return NULL;
        a = (PyArrayObject *)PyArray_FROM_OTF(any, NPY_BOOL,
                                              NPY_ARRAY_IN_ARRAY | NPY_ARRAY_FORCECAST);
        Py_DECREF(any);
        if (!a) return NULL;
    }
    if (PyArray_NDIM(a) != 3 || PyArray_DIM(a, 1) < 1 || PyArray_DIM(a, 2) < 1 ||
        PyArray_DIM(a, 1) > INT32_MAX || PyArray_DIM(a, 2) > INT32_MAX) {
        PyErr_SetString(PyExc_ValueError, "walls must be an (N, H, W) array of boards");
        Py_DECREF(a);
        return NULL;
    }
    b->n = (size_t)PyArray_DIM(a, 0);
    b->h = (int)PyArray_DIM(a, 1);
    b->w = (int)PyArray_DIM(a, 2);
    b->walls = PyArray_DATA(a);
    return a;
}

/* dtype -> element type; -1 with TypeError for others. */
static int elem_of(PyArray_Descr *d, dmap_elem *t, int *npy) {
    switch (d ? d->type_num : NPY_DOUBLE) {
    case NPY_INT8: *t = DMAP_ELEM_I8, *npy = NPY_INT8; return 0;
    case NPY_INT16: *t = DMAP_ELEM_I16, *npy = NPY_INT16; return 0;
    case NPY_INT32: *t = DMAP_ELEM_I32, *npy = NPY_INT32; return 0;
    case NPY_FLOAT32: *t = DMAP_ELEM_F32, *npy = NPY_FLOAT32; return 0;
    case NPY_FLOAT64: *t = DMAP_ELEM_F64, *npy = NPY_FLOAT64; return 0;
    default:
        PyErr_SetString(PyExc_TypeError, "dtype must be int8, int16, int32, float32 or float64");
        return -1;
    }
}

/* The output: out (an (N, H, W) C-contiguous writeable array of the element type, used as
 * is) or a new array. New reference or NULL. */
static PyArrayObject *stack_out(PyObject *out, const dmap_boards *b, int npy) {
    npy_intp dims[3] = {(npy_intp)b->n, b->h, b->w};
    if (!out || out == Py_None) return (PyArrayObject *)PyArray_SimpleNew(3, dims, npy);
    PyArrayObject *a = (PyArrayObject *)out;
    if (!PyArray_Check(out) || PyArray_TYPE(a) != npy || !PyArray_IS_C_CONTIGUOUS(a) ||
        !PyArray_ISALIGNED(a) || !PyArray_ISWRITEABLE(a) || PyArray_NDIM(a) != 3 ||
        PyArray_DIM(a, 0) != dims[0] || PyArray_DIM(a, 1) != dims[1] ||
        PyArray_DIM(a, 2) != dims[2]) {
        PyErr_SetString(PyExc_ValueError, "out must be a C-contiguous, writeable (N, H, W) array "
                                          "of the dtype asked for (it is written in place)");
        return NULL;
    }
    Py_INCREF(out);
    return a;
}

static dmap_pool *pool_of(PyObject *obj, int *bad) {
    *bad = 0;
    if (!obj || obj == Py_None) return NULL;
    if (!PyObject_TypeCheck(obj, &pydmap_PoolType)) {
        PyErr_SetString(PyExc_TypeError, "pool must be a dmap.Pool or None");
        *bad = 1;
        return NULL;
    }
    return ((PoolObject *)obj)->pool;
}

static int simd_of(const char *s, dmap_simd *out) {
    if (!s || !strcmp(s, "auto")) *out = DMAP_SIMD_AUTO;
    else if (!strcmp(s, "none")) *out = DMAP_SIMD_NONE;
    else if (!strcmp(s, "avx2")) *out = DMAP_SIMD_AVX2;
    else if (!strcmp(s, "avx512")) *out = DMAP_SIMD_AVX512;
    else {
        PyErr_SetString(PyExc_ValueError, "simd must be 'auto', 'none', 'avx2' or 'avx512'");
        return -1;
    }
    return 0;
}

/* Rows of an (K, cols) integer or float array as a contiguous array of `type`. New ref. */
static PyArrayObject *rows_in(PyObject *obj, int type, int cols, const char *name) {
    PyArrayObject *a =
        (PyArrayObject *)PyArray_FROM_OTF(obj, type, NPY_ARRAY_IN_ARRAY | NPY_ARRAY_FORCECAST);
    if (!a) return NULL;
    if (PyArray_NDIM(a) != 2 || PyArray_DIM(a, 1) != cols) {
        PyErr_Format(PyExc_ValueError, "%s must be a (K, %d) array", name, cols);
        Py_DECREF(a);
        return NULL;
    }
    return a;
}

/* The number of columns of a 2-D array of rows (0 for other shapes), or -1 with an error. */
static int row_width(PyObject *obj) {
    PyArrayObject *a =
        (PyArrayObject *)PyArray_FROM_OTF(obj, NPY_DOUBLE, NPY_ARRAY_IN_ARRAY | NPY_ARRAY_FORCECAST);
    if (!a) return -1;
    int cols = PyArray_NDIM(a) == 2 ? (int)PyArray_DIM(a, 1) : 0;
    Py_DECREF(a);
    return cols;
}

/* first[] offsets from the board column of (board, ...) rows sorted by board; -1 on error. */
static int offsets_from_boards(const double *rows, int cols, size_t k, size_t n, size_t **first) {
    *first = malloc((n + 1) * sizeof **first);
    if (!*first) {
        PyErr_NoMemory();
        return -1;
    }
    size_t b = 0;
    (*first)[0] = 0;
    for (size_t i = 0; i < k; i++) {
        double v = rows[i * (size_t)cols];
        if (!(v >= (double)b && v < (double)n) || v != (double)(size_t)v) {
            PyErr_SetString(PyExc_ValueError, "rows must be sorted by board, boards 0..N-1");
            free(*first);
            *first = NULL;
            return -1;
        }
        while (b < (size_t)v) (*first)[++b] = i;
    }
    while (b < n) (*first)[++b] = k;
    return 0;
}

/* ---- bfs_batch, field_batch ---------------------------------------------------------------- */

PyObject *pydmap_bfs_batch(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    static char *kwlist[] = {"walls", "sources", "moves", "max_depth", "dtype", "out", "pool",
                             "simd", NULL};
    PyObject *walls_obj, *src_obj, *moves_obj = NULL, *out_obj = NULL, *pool_obj = NULL;
    PyArray_Descr *dtype = NULL;
    int max_depth = -1;
    const char *simd_name = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OO|$OiO&OOz:bfs_batch", kwlist, &walls_obj,
                                     &src_obj, &moves_obj, &max_depth, PyArray_DescrConverter2,
                                     &dtype, &out_obj, &pool_obj, &simd_name))
        return NULL;
    dmap_moves m;
    dmap_elem type = DMAP_ELEM_I16;
    int npy = NPY_INT16, bad;
    dmap_simd simd;
    dmap_boards b;
    if (dtype && elem_of(dtype, &type, &npy) < 0) {
        Py_DECREF(dtype);
        return NULL;
    }
    Py_XDECREF(dtype);
    if (pydmap_moves(moves_obj, &m) < 0 || simd_of(simd_name, &simd) < 0) return NULL;
    dmap_pool *pool = pool_of(pool_obj, &bad);
    if (bad) return NULL;
    PyArrayObject *walls = walls_in(walls_obj, &b), *rows = NULL, *out = NULL;
    if (!walls) return NULL;
    PyObject *result = NULL;
    int *sources = NULL;
    size_t *first = NULL, k = 0;
    /* (N, 2) rows of (x, y): one source per board; (K, 3) rows of (board, x, y) */
    int cols = row_width(src_obj);
    if (cols < 0) goto done;
    if (cols != 2 && cols != 3) {
        PyErr_SetString(PyExc_ValueError, "sources must be (N, 2) rows of (x, y) or (K, 3) rows "
                                          "of (board, x, y) sorted by board");
        goto done;
    }
    if (!(rows = rows_in(src_obj, NPY_DOUBLE, cols, "sources"))) goto done;
    k = (size_t)PyArray_DIM(rows, 0);
    if (cols == 2 && k != b.n) {
        PyErr_SetString(PyExc_ValueError, "sources: one (x, y) row per board");
        goto done;
    }
    const double *r = PyArray_DATA(rows);
    if (cols == 3 && offsets_from_boards(r, 3, k, b.n, &first) < 0) goto done;
    if (!(sources = malloc((k ? k : 1) * sizeof *sources))) {
        PyErr_NoMemory();
        goto done;
    }
    for (size_t i = 0; i < k; i++) {
        const double *row = r + i * (size_t)cols;
        double x = row[cols - 2], y = row[cols - 1];
        if (!(x >= 0 && x < b.w && y >= 0 && y < b.h) || x != (double)(int)x ||
            y != (double)(int)y) {
            pydmap_raise(DMAP_ERR_RANGE, "bfs_batch", "a source outside its board");
            goto done;
        }
        sources[i] = (int)y * b.w + (int)x;
    }
    if (!(out = stack_out(out_obj, &b, npy))) goto done;
    int rc;
    void *o = PyArray_DATA(out);
    Py_BEGIN_ALLOW_THREADS
    rc = dmap_bfs_batch(&b, &m, sources, first, max_depth, type, o, pool, simd);
    Py_END_ALLOW_THREADS
    if (rc != DMAP_OK) {
        pydmap_raise(rc, "bfs_batch", NULL);
        goto done;
    }
    result = (PyObject *)out;
    out = NULL;
done:
    free(sources);
    free(first);
    Py_XDECREF(rows);
    Py_XDECREF(out);
    Py_DECREF(walls);
    return result;
}

PyObject *pydmap_field_batch(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    static char *kwlist[] = {"walls", "goals", "ceiling", "moves", "dtype", "out", "pool", NULL};
    PyObject *walls_obj, *goals_obj, *ceiling_obj = NULL, *moves_obj = NULL, *out_obj = NULL,
                                     *pool_obj = NULL;
    PyArray_Descr *dtype = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OO|O$OO&OO:field_batch", kwlist, &walls_obj,
                                     &goals_obj, &ceiling_obj, &moves_obj, PyArray_DescrConverter2,
                                     &dtype, &out_obj, &pool_obj))
        return NULL;
    dmap_moves m;
    dmap_elem type = DMAP_ELEM_F64;
    int npy = NPY_FLOAT64, bad;
    double dflt = DMAP_NO_CEILING;
    dmap_boards b;
    if (dtype && elem_of(dtype, &type, &npy) < 0) {
        Py_DECREF(dtype);
        return NULL;
    }
    Py_XDECREF(dtype);
    if (pydmap_moves(moves_obj, &m) < 0) return NULL;
    if (ceiling_obj && ceiling_obj != Py_None) {
        dflt = PyFloat_AsDouble(ceiling_obj);
        if (dflt == -1.0 && PyErr_Occurred()) return NULL;
    }
    dmap_pool *pool = pool_of(pool_obj, &bad);
    if (bad) return NULL;
    PyArrayObject *walls = walls_in(walls_obj, &b), *rows = NULL, *out = NULL;
    if (!walls) return NULL;
    PyObject *result = NULL;
    dmap_goal *goals = NULL;
    size_t *first = NULL, k = 0;
    int cols = row_width(goals_obj);
    if (cols < 0) goto done;
    if (cols != 3 && cols != 4) {
        PyErr_SetString(PyExc_ValueError, "goals must be (N, 3) rows of (x, y, value) or (K, 4) "
                                          "rows of (board, x, y, value) sorted by board");
        goto done;
    }
    if (!(rows = rows_in(goals_obj, NPY_DOUBLE, cols, "goals"))) goto done;
    k = (size_t)PyArray_DIM(rows, 0);
    if (cols == 3 && k != b.n) {
        PyErr_SetString(PyExc_ValueError, "goals: one (x, y, value) row per board");
        goto done;
    }
    const double *r = PyArray_DATA(rows);
    if (cols == 4 && offsets_from_boards(r, 4, k, b.n, &first) < 0) goto done;
    if (!(goals = malloc((k ? k : 1) * sizeof *goals))) {
        PyErr_NoMemory();
        goto done;
    }
    for (size_t i = 0; i < k; i++) {
        const double *g = r + i * (size_t)cols + (size_t)cols - 3;
        if (!(g[0] >= -1 && g[0] <= INT32_MAX && g[1] >= -1 && g[1] <= INT32_MAX) ||
            g[0] != (double)(int)g[0] || g[1] != (double)(int)g[1]) {
            pydmap_raise(DMAP_ERR_RANGE, "field_batch", "a goal outside its board");
            goto done;
        }
        goals[i].x = (int)g[0];
        goals[i].y = (int)g[1];
        goals[i].value = g[2];
    }
    if (!(out = stack_out(out_obj, &b, npy))) goto done;
    int rc;
    void *o = PyArray_DATA(out);
    Py_BEGIN_ALLOW_THREADS
    rc = dmap_field_batch(&b, &m, goals, first, dflt, type, o, pool);
    Py_END_ALLOW_THREADS
    if (rc != DMAP_OK) {
        pydmap_raise(rc, "field_batch", NULL);
        goto done;
    }
    result = (PyObject *)out;
    out = NULL;
done:
    free(goals);
    free(first);
    Py_XDECREF(rows);
    Py_XDECREF(out);
    Py_DECREF(walls);
    return result;
}
