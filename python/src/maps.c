/* maps.c — the map functions of the extension: field (goals as pairs, triples or masks), scan
 * in place (zero-copy) or on a copy, flee, the algebra, downhill options and paths, single
 * steps, and the benchmark's C-side timer. Scans run with the GIL released. */
#include "pydmap.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>


enum { GOALS_ON_STACK = 32 };

/* Goals as a list of (x, y) / (x, y, value): checked (with the offending goal named) and
 * stored in *goals (stack buffer or malloc'ed: free when != stack). */
static int goals_from_list(PyObject *obj, const dmap_grid *g, double ceiling, dmap_goal *stack,
                           dmap_goal **goals, size_t *n) {
    PyObject *seq = PySequence_Fast(obj, "goals must be a list of (x, y[, value]) or an (H, W) mask");
    if (!seq) return -1;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(seq);
    dmap_goal *buf = stack;
    if (count > GOALS_ON_STACK) {
        buf = malloc((size_t)count * sizeof *buf);
        if (!buf) {
            Py_DECREF(seq);
            PyErr_NoMemory();
            return -1;
        }
    }
    char detail[120];
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *item = PySequence_Fast_GET_ITEM(seq, i);
        Py_ssize_t len = PyTuple_Check(item) ? PyTuple_GET_SIZE(item) : -1;
        PyObject *t = NULL;
        if (len < 0) {
            t = PySequence_Tuple(item);
            if (!t) goto bad_item;
            item = t;
            len = PyTuple_GET_SIZE(item);
        }
        long x = -1, y = -1;
        double v = 0.0;
        if (len == 2 || len == 3) {
            x = PyLong_AsLong(PyTuple_GET_ITEM(item, 0));
            if (!PyErr_Occurred()) y = PyLong_AsLong(PyTuple_GET_ITEM(item, 1));
            if (!PyErr_Occurred() && len == 3) v = PyFloat_AsDouble(PyTuple_GET_ITEM(item, 2));
        }
        Py_XDECREF(t);
        if ((len != 2 && len != 3) || PyErr_Occurred()) goto bad_item;
        int code = DMAP_OK;
        if (x < 0 || y < 0 || x >= g->w || y >= g->h) code = DMAP_ERR_RANGE;
        else if (g->wall[y * g->w + x]) code = DMAP_ERR_WALL;
        else if (!isfinite(v)) code = DMAP_ERR_VALUE;
        else if (!(v < ceiling)) code = DMAP_ERR_CEILING;
        if (code != DMAP_OK) {
            snprintf(detail, sizeof detail, "goal %ld at (%ld, %ld) value %g", (long)i, x, y, v);
            pydmap_raise(code, "field", detail);
            goto fail;
        }
        buf[i].x = (int)x;
        buf[i].y = (int)y;
        buf[i].value = v;
    }
    Py_DECREF(seq);
    *goals = buf;
    *n = (size_t)count;
    return 0;
bad_item:
    PyErr_Clear();
    PyErr_SetString(PyExc_TypeError, "each goal must be (x, y) or (x, y, value) with int x, y");
fail:
    if (buf != stack) free(buf);
    Py_DECREF(seq);
    return -1;
}

/* Goals as an (H, W) mask: bool (True = goal at 0) or float (finite = goal at that value). The
 * map is filled with the ceiling and seeded; nothing is written before every goal is checked. */
static int seed_from_mask(PyArrayObject *mask, const dmap_grid *g, double ceiling, double *values) {
    size_t n = (size_t)g->w * (size_t)g->h;
    int is_bool = PyArray_TYPE(mask) == NPY_BOOL;
    const unsigned char *b = is_bool ? (const unsigned char *)PyArray_DATA(mask) : NULL;
    const double *f = is_bool ? NULL : (const double *)PyArray_DATA(mask);
    char detail[120];
    for (size_t i = 0; i < n; i++) {
        int goal = is_bool ? b[i] != 0 : !(isnan(f[i]) || f[i] == INFINITY);
        if (!goal) continue;
        double gv = is_bool ? 0.0 : f[i];
        int code = g->wall[i] ? DMAP_ERR_WALL : !isfinite(gv) ? DMAP_ERR_VALUE
                 : !(gv < ceiling) ? DMAP_ERR_CEILING : DMAP_OK;
        if (code != DMAP_OK) {
            snprintf(detail, sizeof detail, "goal mask at (%d, %d)", (int)(i % (size_t)g->w),
                     (int)(i / (size_t)g->w));
            pydmap_raise(code, "field", detail);
            return -1;
        }
    }
    for (size_t i = 0; i < n; i++) {
        int goal = is_bool ? b[i] != 0 : !(isnan(f[i]) || f[i] == INFINITY);
        values[i] = goal ? (is_bool ? 0.0 : f[i]) : ceiling; /* checked: below the ceiling */
    }
    return 0;
}

static int ceiling_arg(PyObject *obj, double *ceiling) {
    if (!obj || obj == Py_None) {
        *ceiling = DMAP_NO_CEILING;
        return 0;
    }
    if (pydmap_double(obj, "ceiling", ceiling) < 0) return -1;
    if (isnan(*ceiling) || *ceiling == -INFINITY) {
        pydmap_raise(DMAP_ERR_VALUE, "field", "ceiling must be a number or +inf (None)");
        return -1;
    }
    return 0;
}

PyObject *pydmap_field(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    static char *kwlist[] = {"walls", "goals", "ceiling", "moves", "costs", "workspace", "out", NULL};
    PyObject *walls, *goals_obj, *ceiling_obj = NULL, *moves_obj = NULL, *costs = NULL,
             *ws_obj = NULL, *out_obj = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OO|O$OOOO:field", kwlist, &walls, &goals_obj,
                                     &ceiling_obj, &moves_obj, &costs, &ws_obj, &out_obj))
        return NULL;
    double ceiling = DMAP_NO_CEILING; /* like the CLI: no ceiling unless one is given */
    if (ceiling_obj && ceiling_arg(ceiling_obj, &ceiling) < 0) return NULL;
    dmap_moves m;
    if (pydmap_moves(moves_obj, &m) < 0) return NULL;
    grid_arg ga;
    if (pydmap_grid(walls, costs, &ga) < 0) return NULL;
    PyArrayObject *out = NULL, *mask = NULL;
    dmap_goal stack[GOALS_ON_STACK], *goals = NULL;
    size_t ngoals = 0;
    ws_lease lease = {0};
    int rc;
    if (PyArray_Check(goals_obj) && PyArray_NDIM((PyArrayObject *)goals_obj) == 2) {
        PyArrayObject *ga_ = (PyArrayObject *)goals_obj;
        if (PyArray_TYPE(ga_) == NPY_BOOL) {
            if (pydmap_mask_in(goals_obj, &ga.g, "goals", &mask) < 0) goto fail;
        } else if (!PyArray_ISFLOAT(ga_)) {
            /* An int mask is ambiguous (0/1 flags or values?): say which kinds there are. */
            PyErr_SetString(PyExc_TypeError,
                            "a goals mask must be bool (True = goal at 0) or float (NaN = no goal); "
                            "goals as cells are a list of (x, y[, value]) (an int array: .tolist())");
            goto fail;
        } else {
            mask = pydmap_map_in(goals_obj, &ga.g, "goals");
            if (!mask) goto fail;
        }
    } else if (goals_from_list(goals_obj, &ga.g, ceiling, stack, &goals, &ngoals) < 0) {
        goto fail;
    }
    out = pydmap_map_out(out_obj, &ga.g, NPY_DOUBLE);
    if (!out || pydmap_grid_unshare(&ga, out) < 0 || pydmap_unshare(&mask, out, 1) < 0) goto fail;
    if (pydmap_ws_take(ws_obj, &lease) < 0) goto fail;
    double *values = (double *)PyArray_DATA(out);
    if (mask) {
        rc = dmap_moves_check(&m);
        if (rc == DMAP_OK && seed_from_mask(mask, &ga.g, ceiling, values) < 0) {
            pydmap_ws_return(&lease);
            goto fail;
        }
        if (rc == DMAP_OK) {
            Py_BEGIN_ALLOW_THREADS
            rc = dmap_scan(&ga.g, &m, values, lease.ws);
            Py_END_ALLOW_THREADS
        }
    } else {
        Py_BEGIN_ALLOW_THREADS
        rc = dmap_field(&ga.g, &m, goals, ngoals, ceiling, values, lease.ws);
        Py_END_ALLOW_THREADS
    }
    pydmap_ws_return(&lease);
    if (rc != DMAP_OK) {
        pydmap_raise(rc, "field", NULL);
        goto fail;
    }
    if (goals != stack) free(goals);
    Py_XDECREF(mask);
    pydmap_grid_release(&ga);
    return (PyObject *)out;
fail:
    if (goals && goals != stack) free(goals);
    Py_XDECREF(mask);
    Py_XDECREF(out);
    pydmap_grid_release(&ga);
    return NULL;
}

PyObject *pydmap_scan(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    static char *kwlist[] = {"walls", "values", "moves", "costs", "workspace", "copy", NULL};
    PyObject *walls, *values_obj, *moves_obj = NULL, *costs = NULL, *ws_obj = NULL;
    int copy = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OO|$OOOp:scan", kwlist, &walls, &values_obj,
                                     &moves_obj, &costs, &ws_obj, &copy))
        return NULL;
    dmap_moves m;
    if (pydmap_moves(moves_obj, &m) < 0) return NULL;
    grid_arg ga;
    if (pydmap_grid(walls, costs, &ga) < 0) return NULL;
    PyArrayObject *values = NULL;
    if (copy) {
        PyArrayObject *in = pydmap_map_in(values_obj, &ga.g, "values");
        if (in) values = (PyArrayObject *)PyArray_NewCopy(in, NPY_CORDER);
        Py_XDECREF(in);
    } else if (pydmap_map_inplace(values_obj, &ga.g, "values") == 0) {
        Py_INCREF(values_obj);
        values = (PyArrayObject *)values_obj;
    }
    ws_lease lease;
    if (!values || pydmap_grid_unshare(&ga, values) < 0 || pydmap_ws_take(ws_obj, &lease) < 0) {
        Py_XDECREF(values);
        pydmap_grid_release(&ga);
        return NULL;
    }
    int rc;
    double *v = (double *)PyArray_DATA(values);
    Py_BEGIN_ALLOW_THREADS
    rc = dmap_scan(&ga.g, &m, v, lease.ws);
    Py_END_ALLOW_THREADS
    pydmap_ws_return(&lease);
    pydmap_grid_release(&ga);
    if (rc != DMAP_OK) {
        Py_DECREF(values);
        return pydmap_raise(rc, "scan", NULL);
    }
    return (PyObject *)values;
}

/* out=None: a copy of first (so wall cells keep first's values, as computed in place). */
static PyArrayObject *out_like(PyObject *out_obj, const dmap_grid *g, PyArrayObject *first) {
    if (out_obj && out_obj != Py_None) return pydmap_map_out(out_obj, g, NPY_DOUBLE);
    return (PyArrayObject *)PyArray_NewCopy(first, NPY_CORDER);
}

PyObject *pydmap_flee(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    static char *kwlist[] = {"walls", "src", "factor", "moves", "costs", "workspace", "out", NULL};
    PyObject *walls, *src_obj, *moves_obj = NULL, *costs = NULL, *ws_obj = NULL, *out_obj = NULL;
    double factor = DMAP_FLEE_FACTOR;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OO|d$OOOO:flee", kwlist, &walls, &src_obj, &factor,
                                     &moves_obj, &costs, &ws_obj, &out_obj))
        return NULL;
    dmap_moves m;
    if (pydmap_moves(moves_obj, &m) < 0) return NULL;
    grid_arg ga;
    if (pydmap_grid(walls, costs, &ga) < 0) return NULL;
    PyArrayObject *src = pydmap_map_in(src_obj, &ga.g, "src"), *out = NULL;
    ws_lease lease;
    if (!src || !(out = out_like(out_obj, &ga.g, src)) || pydmap_grid_unshare(&ga, out) < 0 ||
        pydmap_unshare(&src, out, 1) < 0 || pydmap_ws_take(ws_obj, &lease) < 0) {
        Py_XDECREF(src);
        Py_XDECREF(out);
        pydmap_grid_release(&ga);
        return NULL;
    }
    int rc;
    const double *s = (const double *)PyArray_DATA(src);
    double *d = (double *)PyArray_DATA(out);
    Py_BEGIN_ALLOW_THREADS
    rc = dmap_flee(&ga.g, &m, s, factor, d, lease.ws);
    Py_END_ALLOW_THREADS
    pydmap_ws_return(&lease);
    Py_DECREF(src);
    pydmap_grid_release(&ga);
    if (rc != DMAP_OK) {
        Py_DECREF(out);
        return pydmap_raise(rc, "flee", rc == DMAP_ERR_ARG ? "factor must be < 0" : NULL);
    }
    return (PyObject *)out;
}

/* ---- algebra ---------------------------------------------------------------------------------- */

typedef int (*binary_op)(const dmap_grid *, const double *, const double *, double *);

static PyObject *algebra_call(const char *name, PyObject *walls, PyObject *a_obj, PyObject *b_obj,
                              PyObject *out_obj, binary_op op2, double k1, double k2, int kind) {
    grid_arg ga;
    if (pydmap_grid(walls, NULL, &ga) < 0) return NULL;
    PyArrayObject *a = pydmap_map_in(a_obj, &ga.g, "a"), *b = NULL, *out = NULL;
    if (a && b_obj) b = pydmap_map_in(b_obj, &ga.g, "b");
    if (!a || (b_obj && !b) || !(out = out_like(out_obj, &ga.g, a)) ||
        pydmap_grid_unshare(&ga, out) < 0 || pydmap_unshare(&a, out, 1) < 0 ||
        pydmap_unshare(&b, out, 1) < 0) {
        Py_XDECREF(a);
        Py_XDECREF(b);
        pydmap_grid_release(&ga);
        return NULL;
    }
    const double *pa = PyArray_DATA(a), *pb = b ? PyArray_DATA(b) : NULL;
    double *po = PyArray_DATA(out);
    int rc;
    Py_BEGIN_ALLOW_THREADS
    if (kind == 0) rc = op2(&ga.g, pa, pb, po);
    else if (kind == 1) rc = dmap_scale(&ga.g, pa, k1, po);
    else rc = dmap_clamp(&ga.g, pa, k1, k2, po);
    Py_END_ALLOW_THREADS
    Py_DECREF(a);
    Py_XDECREF(b);
    pydmap_grid_release(&ga);
    if (rc != DMAP_OK) {
        Py_DECREF(out);
        return pydmap_raise(rc, name, NULL);
    }
    return (PyObject *)out;
}

/* add, minimum and maximum: one parser, three thin entries that pick the operation. */
static PyObject *binary(PyObject *args, PyObject *kw, const char *fmt, const char *name, binary_op op) {
    static char *kwlist[] = {"walls", "a", "b", "out", NULL};
    PyObject *walls, *a, *b, *out = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kw, fmt, kwlist, &walls, &a, &b, &out)) return NULL;
    return algebra_call(name, walls, a, b, out, op, 0, 0, 0);
}
PyObject *pydmap_add(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    return binary(args, kw, "OOO|$O:add", "add", dmap_add);
}
PyObject *pydmap_minimum(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    return binary(args, kw, "OOO|$O:minimum", "minimum", dmap_min);
}
PyObject *pydmap_maximum(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    return binary(args, kw, "OOO|$O:maximum", "maximum", dmap_max);
}

PyObject *pydmap_scale(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    static char *kwlist[] = {"walls", "src", "factor", "out", NULL};
    PyObject *walls, *src, *out = NULL;
    double factor;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OOd|$O:scale", kwlist, &walls, &src, &factor, &out))
        return NULL;
    return algebra_call("scale", walls, src, NULL, out, NULL, factor, 0, 1);
}

PyObject *pydmap_clamp(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    static char *kwlist[] = {"walls", "src", "lo", "hi", "out", NULL};
    PyObject *walls, *src, *out = NULL;
    double lo, hi;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OOdd|$O:clamp", kwlist, &walls, &src, &lo, &hi, &out))
        return NULL;
    return algebra_call("clamp", walls, src, NULL, out, NULL, lo, hi, 2);
}

PyObject *pydmap_weighted_sum(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    static char *kwlist[] = {"walls", "maps", "weights", "out", NULL};
    PyObject *walls, *maps_obj, *weights_obj, *out_obj = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OOO|$O:weighted_sum", kwlist, &walls, &maps_obj,
                                     &weights_obj, &out_obj))
        return NULL;
    grid_arg ga;
    if (pydmap_grid(walls, NULL, &ga) < 0) return NULL;
    PyObject *maps = PySequence_Fast(maps_obj, "maps must be a sequence of (H, W) arrays");
    PyObject *weights = maps ? PySequence_Fast(weights_obj, "weights must be a sequence of numbers") : NULL;
    PyArrayObject **arrays = NULL, *out = NULL;
    const double **ptrs = NULL;
    double *w = NULL;
    Py_ssize_t n = 0, got = 0;
    PyObject *result = NULL;
    if (!weights) goto done;
    n = PySequence_Fast_GET_SIZE(maps);
    if (PySequence_Fast_GET_SIZE(weights) != n) {
        PyErr_SetString(PyExc_ValueError, "weighted_sum: maps and weights differ in length");
        goto done;
    }
    if (n == 0) {
        pydmap_raise(DMAP_ERR_ARG, "weighted_sum", "no maps");
        goto done;
    }
    arrays = calloc((size_t)n, sizeof *arrays);
    ptrs = calloc((size_t)n, sizeof *ptrs);
    w = calloc((size_t)n, sizeof *w);
    if (!arrays || !ptrs || !w) {
        PyErr_NoMemory();
        goto done;
    }
    for (; got < n; got++) {
        arrays[got] = pydmap_map_in(PySequence_Fast_GET_ITEM(maps, got), &ga.g, "maps[k]");
        if (!arrays[got]) goto done;
        ptrs[got] = PyArray_DATA(arrays[got]);
        if (pydmap_double(PySequence_Fast_GET_ITEM(weights, got), "weights[k]", &w[got]) < 0) {
            got++;
            goto done;
        }
    }
    out = out_like(out_obj, &ga.g, arrays[0]);
    if (!out || pydmap_grid_unshare(&ga, out) < 0) goto done;
    for (Py_ssize_t k = 0; k < n; k++) {
        if (pydmap_unshare(&arrays[k], out, 1) < 0) goto done;
        ptrs[k] = PyArray_DATA(arrays[k]);
    }
    int rc;
    double *po = PyArray_DATA(out);
    Py_BEGIN_ALLOW_THREADS
    rc = dmap_weighted_sum(&ga.g, ptrs, w, (size_t)n, po);
    Py_END_ALLOW_THREADS
    if (rc != DMAP_OK) {
        pydmap_raise(rc, "weighted_sum", NULL);
        goto done;
    }
    result = (PyObject *)out;
    out = NULL;
done:
    for (Py_ssize_t i = 0; arrays && i < got; i++) Py_XDECREF(arrays[i]);
    free(arrays);
    free(ptrs);
    free(w);
    Py_XDECREF(out);
    Py_XDECREF(maps);
    Py_XDECREF(weights);
    pydmap_grid_release(&ga);
    return result;
}

/* ---- downhill ------------------------------------------------------------------------------------ */

static PyObject *options_list(unsigned options) {
    PyObject *list = PyList_New(0);
    for (int d = 0; list && d < DMAP_DIR_COUNT; d++) {
        if (!(options & (1u << d))) continue;
        PyObject *o = pydmap_dir(d);
        if (!o || PyList_Append(list, o) < 0) Py_CLEAR(list);
        Py_XDECREF(o);
    }
    return list;
}

PyObject *pydmap_downhill_options(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    static char *kwlist[] = {"walls", "values", "cell", "moves", "blocked", NULL};
    PyObject *walls, *values_obj, *cell_obj, *moves_obj = NULL, *blocked_obj = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OOO|$OO:downhill_options", kwlist, &walls,
                                     &values_obj, &cell_obj, &moves_obj, &blocked_obj))
        return NULL;
    dmap_moves m;
    if (pydmap_moves(moves_obj, &m) < 0) return NULL;
    grid_arg ga;
    if (pydmap_grid(walls, NULL, &ga) < 0) return NULL;
    PyArrayObject *values = pydmap_map_in(values_obj, &ga.g, "values"), *blocked = NULL;
    int cell;
    PyObject *result = NULL;
    if (values && pydmap_cell(cell_obj, &ga.g, "cell", &cell) == 0 &&
        pydmap_mask_in(blocked_obj, &ga.g, "blocked", &blocked) == 0) {
        unsigned options = 0;
        int rc = dmap_downhill_options(&ga.g, &m, PyArray_DATA(values), cell,
                                       blocked ? PyArray_DATA(blocked) : NULL, &options);
        result = rc == DMAP_OK ? options_list(options) : pydmap_raise(rc, "downhill_options", NULL);
    }
    Py_XDECREF(values);
    Py_XDECREF(blocked);
    pydmap_grid_release(&ga);
    return result;
}

PyObject *pydmap_pick_option(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    static char *kwlist[] = {"options", "rng", NULL};
    PyObject *opts, *rng;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OO!:pick_option", kwlist, &opts, &pydmap_RngType, &rng))
        return NULL;
    PyObject *seq = PySequence_Fast(opts, "options must be a sequence of Dir");
    if (!seq) return NULL;
    unsigned mask = 0;
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(seq); i++) {
        long d = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (d == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return NULL;
        }
        if (d < 0 || d >= DMAP_DIR_COUNT) {
            Py_DECREF(seq);
            return pydmap_raise(DMAP_ERR_ARG, "pick_option", "a direction outside 0..8");
        }
        mask |= 1u << d;
    }
    Py_DECREF(seq);
    dmap_dir dir;
    int rc = dmap_pick_option(mask, &((RngObject *)rng)->rng, &dir);
    if (rc != DMAP_OK) return pydmap_raise(rc, "pick_option", mask ? NULL : "no options");
    return pydmap_dir((int)dir);
}

PyObject *pydmap_downhill_path(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    static char *kwlist[] = {"walls", "values", "start", "moves", "blocked", "rng", NULL};
    PyObject *walls, *values_obj, *start_obj, *moves_obj = NULL, *blocked_obj = NULL, *rng = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OOO|$OOO:downhill_path", kwlist, &walls,
                                     &values_obj, &start_obj, &moves_obj, &blocked_obj, &rng))
        return NULL;
    if (rng != Py_None && !PyObject_TypeCheck(rng, &pydmap_RngType)) {
        PyErr_SetString(PyExc_TypeError, "rng must be a dmap.Rng or None");
        return NULL;
    }
    dmap_moves m;
    if (pydmap_moves(moves_obj, &m) < 0) return NULL;
    grid_arg ga;
    if (pydmap_grid(walls, NULL, &ga) < 0) return NULL;
    PyArrayObject *values = pydmap_map_in(values_obj, &ga.g, "values"), *blocked = NULL;
    int start;
    PyObject *result = NULL;
    if (values && pydmap_cell(start_obj, &ga.g, "start", &start) == 0 &&
        pydmap_mask_in(blocked_obj, &ga.g, "blocked", &blocked) == 0) {
        /* Each step goes strictly lower, so a path visits at most W*H cells. */
        size_t cap = (size_t)ga.g.w * (size_t)ga.g.h, len = 0;
        int *path = malloc(cap * sizeof *path);
        if (!path) {
            PyErr_NoMemory();
        } else {
            int rc = dmap_downhill_path(&ga.g, &m, PyArray_DATA(values), start,
                                        blocked ? PyArray_DATA(blocked) : NULL,
                                        rng == Py_None ? NULL : &((RngObject *)rng)->rng, path, cap, &len);
            result = rc == DMAP_OK ? pydmap_xy_list(&ga.g, path, len)
                                   : pydmap_raise(rc, "downhill_path", NULL);
            free(path);
        }
    }
    Py_XDECREF(values);
    Py_XDECREF(blocked);
    pydmap_grid_release(&ga);
    return result;
}

PyObject *pydmap_step(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    static char *kwlist[] = {"walls", "cell", "d", "moves", NULL};
    PyObject *walls, *cell_obj, *moves_obj = NULL;
    int d;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OOi|$O:step", kwlist, &walls, &cell_obj, &d, &moves_obj))
        return NULL;
    dmap_moves m;
    if (pydmap_moves(moves_obj, &m) < 0) return NULL;
    grid_arg ga;
    if (pydmap_grid(walls, NULL, &ga) < 0) return NULL;
    int cell;
    PyObject *result = NULL;
    if (pydmap_cell(cell_obj, &ga.g, "cell", &cell) == 0) {
        if (d < 0 || d >= DMAP_DIR_COUNT) {
            pydmap_raise(DMAP_ERR_ARG, "step", "d outside 0..8");
        } else {
            int to = dmap_step(&ga.g, &m, cell, (dmap_dir)d);
            if (to < 0) {
                Py_INCREF(Py_None);
                result = Py_None;
            } else {
                result = pydmap_xy(&ga.g, to);
            }
        }
    }
    pydmap_grid_release(&ga);
    return result;
}

/* ---- benchmark helper ---------------------------------------------------------------------------- */

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

PyObject *pydmap_time_field(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    static char *kwlist[] = {"walls", "goals", "ceiling", "reps", "moves", NULL};
    PyObject *walls, *goals_obj, *moves_obj = NULL;
    double ceiling;
    int reps;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OOdi|$O:_time_field", kwlist, &walls, &goals_obj,
                                     &ceiling, &reps, &moves_obj))
        return NULL;
    if (reps < 1) return pydmap_raise(DMAP_ERR_ARG, "_time_field", "reps < 1");
    dmap_moves m;
    if (pydmap_moves(moves_obj, &m) < 0) return NULL;
    grid_arg ga;
    if (pydmap_grid(walls, NULL, &ga) < 0) return NULL;
    dmap_goal stack[GOALS_ON_STACK], *goals = NULL;
    size_t ngoals = 0;
    if (goals_from_list(goals_obj, &ga.g, ceiling, stack, &goals, &ngoals) < 0) {
        pydmap_grid_release(&ga);
        return NULL;
    }
    size_t n = (size_t)ga.g.w * (size_t)ga.g.h;
    double *values = malloc(n * sizeof *values), *times = malloc((size_t)reps * sizeof *times);
    dmap_workspace *ws = NULL;
    dmap_workspace_new(&ws);
    PyObject *result = NULL;
    int rc = (!values || !times || !ws) ? DMAP_ERR_NOMEM : DMAP_OK;
    if (rc == DMAP_OK) {
        Py_BEGIN_ALLOW_THREADS
        rc = dmap_field(&ga.g, &m, goals, ngoals, ceiling, values, ws); /* warm-up */
        for (int r = 0; rc == DMAP_OK && r < reps; r++) {
            double t0 = now_seconds();
            rc = dmap_field(&ga.g, &m, goals, ngoals, ceiling, values, ws);
            times[r] = now_seconds() - t0;
        }
        Py_END_ALLOW_THREADS
    }
    if (rc == DMAP_OK) {
        qsort(times, (size_t)reps, sizeof *times, cmp_double);
        result = PyFloat_FromDouble(times[reps / 2]);
    } else {
        pydmap_raise(rc, "_time_field", NULL);
    }
    dmap_workspace_free(ws);
    free(values);
    free(times);
    if (goals != stack) free(goals);
    pydmap_grid_release(&ga);
    return result;
}
