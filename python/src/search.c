/* search.c — the searches of the extension: BFS reachability and trees, dead-end burying,
 * threat and timing maps, the safe walk, parent-tree paths and the state-layered search with a
 * Python transition callable. Grid searches run with the GIL released; the layered search
 * holds it (its callback is Python). */
#include "pydmap.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* A list of (x, y) cells as a malloc'ed index array (*cells NULL when empty). 0 or -1. */
static int cells_from_list(PyObject *obj, const dmap_grid *g, const char *name, int **cells, size_t *n) {
    *cells = NULL;
    *n = 0;
    PyObject *seq = PySequence_Fast(obj, "expected a list of (x, y) cells");
    if (!seq) return -1;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(seq);
    int *buf = count ? malloc((size_t)count * sizeof *buf) : NULL;
    if (count && !buf) {
        Py_DECREF(seq);
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        if (pydmap_cell(PySequence_Fast_GET_ITEM(seq, i), g, name, &buf[i]) < 0) {
            free(buf);
            Py_DECREF(seq);
            return -1;
        }
    }
    Py_DECREF(seq);
    *cells = buf;
    *n = (size_t)count;
    return 0;
}

/* A read-only int32 array (any shape, converted with a copy when needed). New reference. */
static PyArrayObject *int_array_in(PyObject *obj, const char *name) {
    PyArrayObject *a = (PyArrayObject *)PyArray_FROMANY(obj, NPY_INT32, 0, 0, NPY_ARRAY_IN_ARRAY);
    if (!a) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "%s must be an array of int32 values", name);
    }
    return a;
}

PyObject *pydmap_can_move_to(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    static char *kwlist[] = {"walls", "start", "goal", "moves", "workspace", NULL};
    PyObject *walls, *start_obj, *goal_obj, *moves_obj = NULL, *ws_obj = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OOO|$OO:can_move_to", kwlist, &walls, &start_obj,
                                     &goal_obj, &moves_obj, &ws_obj))
        return NULL;
    dmap_moves m;
    if (pydmap_moves(moves_obj, &m) < 0) return NULL;
    grid_arg ga;
    if (pydmap_grid(walls, NULL, &ga) < 0) return NULL;
    int from, to, reach = 0, rc;
    ws_lease lease;
    if (pydmap_cell(start_obj, &ga.g, "start", &from) < 0 || pydmap_cell(goal_obj, &ga.g, "goal", &to) < 0 ||
        pydmap_ws_take(ws_obj, &lease) < 0) {
        pydmap_grid_release(&ga);
        return NULL;
    }
    Py_BEGIN_ALLOW_THREADS
    rc = dmap_can_move_to(&ga.g, &m, from, to, &reach, lease.ws);
    Py_END_ALLOW_THREADS
    pydmap_ws_return(&lease);
    pydmap_grid_release(&ga);
    if (rc != DMAP_OK) return pydmap_raise(rc, "can_move_to", NULL);
    return PyBool_FromLong(reach);
}

PyObject *pydmap_reachable(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    static char *kwlist[] = {"walls", "start", "moves", "workspace", NULL};
    PyObject *walls, *start_obj, *moves_obj = NULL, *ws_obj = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OO|$OO:reachable", kwlist, &walls, &start_obj,
                                     &moves_obj, &ws_obj))
        return NULL;
    dmap_moves m;
    if (pydmap_moves(moves_obj, &m) < 0) return NULL;
    grid_arg ga;
    if (pydmap_grid(walls, NULL, &ga) < 0) return NULL;
    int from, rc;
    ws_lease lease;
    PyArrayObject *out = NULL;
    if (pydmap_cell(start_obj, &ga.g, "start", &from) < 0 ||
        !(out = pydmap_map_out(NULL, &ga.g, NPY_BOOL)) || pydmap_ws_take(ws_obj, &lease) < 0) {
        Py_XDECREF(out);
        pydmap_grid_release(&ga);
        return NULL;
    }
    unsigned char *reached = PyArray_DATA(out);
    Py_BEGIN_ALLOW_THREADS
    rc = dmap_reachable(&ga.g, &m, from, reached, NULL, lease.ws);
    Py_END_ALLOW_THREADS
    pydmap_ws_return(&lease);
    pydmap_grid_release(&ga);
    if (rc != DMAP_OK) {
        Py_DECREF(out);
        return pydmap_raise(rc, "reachable", NULL);
    }
    return (PyObject *)out;
}

PyObject *pydmap_bfs(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    static char *kwlist[] = {"walls", "sources", "moves", "max_depth", "parents", "workspace", NULL};
    PyObject *walls, *sources_obj, *moves_obj = NULL, *ws_obj = NULL;
    int max_depth = -1, want_parents = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OO|$OipO:bfs", kwlist, &walls, &sources_obj,
                                     &moves_obj, &max_depth, &want_parents, &ws_obj))
        return NULL;
    dmap_moves m;
    if (pydmap_moves(moves_obj, &m) < 0) return NULL;
    grid_arg ga;
    if (pydmap_grid(walls, NULL, &ga) < 0) return NULL;
    int *sources = NULL, rc;
    size_t n = 0;
    ws_lease lease;
    PyArrayObject *depth = NULL, *parent = NULL;
    PyObject *result = NULL;
    if (cells_from_list(sources_obj, &ga.g, "source", &sources, &n) < 0) goto done;
    if (!(depth = pydmap_map_out(NULL, &ga.g, NPY_INT32))) goto done;
    if (want_parents && !(parent = pydmap_map_out(NULL, &ga.g, NPY_INT32))) goto done;
    if (pydmap_ws_take(ws_obj, &lease) < 0) goto done;
    int *pd = PyArray_DATA(depth), *pp = parent ? PyArray_DATA(parent) : NULL;
    Py_BEGIN_ALLOW_THREADS
    rc = dmap_bfs(&ga.g, &m, sources, n, max_depth, pd, pp, lease.ws);
    Py_END_ALLOW_THREADS
    pydmap_ws_return(&lease);
    if (rc != DMAP_OK) {
        pydmap_raise(rc, "bfs", NULL);
        goto done;
    }
    result = parent ? Py_BuildValue("(OO)", depth, parent) : (Py_INCREF(depth), (PyObject *)depth);
done:
    free(sources);
    Py_XDECREF(depth);
    Py_XDECREF(parent);
    pydmap_grid_release(&ga);
    return result;
}

PyObject *pydmap_bfs_path(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    static char *kwlist[] = {"depth", "parent", "to", NULL};
    PyObject *depth_obj, *parent_obj, *to_obj;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OOO:bfs_path", kwlist, &depth_obj, &parent_obj, &to_obj))
        return NULL;
    PyArrayObject *depth = int_array_in(depth_obj, "depth"), *parent = NULL;
    PyObject *result = NULL;
    int *path = NULL;
    if (!depth || !(parent = int_array_in(parent_obj, "parent"))) goto done;
    if (PyArray_NDIM(depth) != 2 || !PyArray_SAMESHAPE(depth, parent)) {
        PyErr_SetString(PyExc_ValueError, "bfs_path: depth and parent must be (H, W) arrays of one shape");
        goto done;
    }
    dmap_grid g = {(int)PyArray_DIM(depth, 1), (int)PyArray_DIM(depth, 0), NULL, NULL};
    int to;
    if (pydmap_cell(to_obj, &g, "to", &to) < 0) goto done;
    size_t len = 0;
    int rc = dmap_bfs_path(&g, PyArray_DATA(depth), PyArray_DATA(parent), to, NULL, 0, &len);
    if (rc == DMAP_ERR_LIMIT) {
        path = malloc(len * sizeof *path);
        if (!path) {
            PyErr_NoMemory();
            goto done;
        }
        rc = dmap_bfs_path(&g, PyArray_DATA(depth), PyArray_DATA(parent), to, path, len, &len);
    }
    result = rc == DMAP_OK ? pydmap_xy_list(&g, path, len) : pydmap_raise(rc, "bfs_path", NULL);
done:
    free(path);
    Py_XDECREF(depth);
    Py_XDECREF(parent);
    return result;
}

PyObject *pydmap_bury_dead_ends(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    static char *kwlist[] = {"walls", "protect", "edge_wall", "inplace", "workspace", NULL};
    PyObject *walls_obj, *protect_obj = NULL, *ws_obj = NULL;
    int edge_wall = 0, inplace = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|O$ppO:bury_dead_ends", kwlist, &walls_obj,
                                     &protect_obj, &edge_wall, &inplace, &ws_obj))
        return NULL;
    PyArrayObject *walls;
    if (inplace) {
        if (!PyArray_Check(walls_obj) ||
            (PyArray_TYPE((PyArrayObject *)walls_obj) != NPY_BOOL &&
             PyArray_TYPE((PyArrayObject *)walls_obj) != NPY_UINT8) ||
            !PyArray_IS_C_CONTIGUOUS((PyArrayObject *)walls_obj) ||
            !PyArray_ISWRITEABLE((PyArrayObject *)walls_obj)) {
            PyErr_SetString(PyExc_TypeError,
                            "bury_dead_ends(inplace=True) needs a C-contiguous writeable bool or uint8 array");
            return NULL;
        }
        Py_INCREF(walls_obj);
        walls = (PyArrayObject *)walls_obj;
    } else {
        walls = (PyArrayObject *)PyArray_FROMANY(walls_obj, NPY_BOOL, 0, 0,
                                                 NPY_ARRAY_CARRAY | NPY_ARRAY_ENSURECOPY | NPY_ARRAY_FORCECAST);
        if (!walls) return NULL;
    }
    grid_arg ga;
    if (pydmap_grid((PyObject *)walls, NULL, &ga) < 0) {
        Py_DECREF(walls);
        return NULL;
    }
    int *protect = NULL, rc;
    size_t nprotect = 0, nburied = 0;
    ws_lease lease;
    PyArrayObject *buried = NULL;
    PyObject *result = NULL;
    if (protect_obj && cells_from_list(protect_obj, &ga.g, "protect", &protect, &nprotect) < 0) goto done;
    if (!(buried = pydmap_map_out(NULL, &ga.g, NPY_BOOL))) goto done;
    if (pydmap_ws_take(ws_obj, &lease) < 0) goto done;
    unsigned char *pb = PyArray_DATA(buried);
    Py_BEGIN_ALLOW_THREADS
    rc = dmap_bury_dead_ends(&ga.g, protect, nprotect, edge_wall ? DMAP_BURY_EDGE_WALL : 0u, pb,
                             &nburied, lease.ws);
    Py_END_ALLOW_THREADS
    pydmap_ws_return(&lease);
    if (rc != DMAP_OK) {
        pydmap_raise(rc, "bury_dead_ends", NULL);
        goto done;
    }
    result = Py_BuildValue("(OO)", walls, buried);
done:
    free(protect);
    Py_XDECREF(buried);
    Py_DECREF(walls);
    pydmap_grid_release(&ga);
    return result;
}

PyObject *pydmap_threat_map(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    static char *kwlist[] = {"walls", "enemy", "delay", "cutoff", "moves", "costs", "workspace", "out", NULL};
    PyObject *walls, *enemy_obj, *moves_obj = NULL, *costs = NULL, *ws_obj = NULL, *out_obj = NULL;
    double delay = 0.0, cutoff = INFINITY;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OO|dd$OOOO:threat_map", kwlist, &walls, &enemy_obj,
                                     &delay, &cutoff, &moves_obj, &costs, &ws_obj, &out_obj))
        return NULL;
    dmap_moves m;
    if (pydmap_moves(moves_obj, &m) < 0) return NULL;
    grid_arg ga;
    if (pydmap_grid(walls, costs, &ga) < 0) return NULL;
    int from, rc;
    ws_lease lease;
    PyArrayObject *out = NULL;
    if (pydmap_cell(enemy_obj, &ga.g, "enemy", &from) < 0 || !(out = pydmap_map_out(out_obj, &ga.g, NPY_DOUBLE)) ||
        pydmap_grid_unshare(&ga, out) < 0 || pydmap_ws_take(ws_obj, &lease) < 0) {
        Py_XDECREF(out);
        pydmap_grid_release(&ga);
        return NULL;
    }
    double *t = PyArray_DATA(out);
    Py_BEGIN_ALLOW_THREADS
    rc = dmap_threat_map(&ga.g, &m, from, delay, cutoff, t, lease.ws);
    Py_END_ALLOW_THREADS
    pydmap_ws_return(&lease);
    pydmap_grid_release(&ga);
    if (rc != DMAP_OK) {
        Py_DECREF(out);
        return pydmap_raise(rc, "threat_map", NULL);
    }
    return (PyObject *)out;
}

PyObject *pydmap_timing_map(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    static char *kwlist[] = {"walls", "enemies", "moves", "costs", "workspace", "out", NULL};
    PyObject *walls, *enemies_obj, *moves_obj = NULL, *costs = NULL, *ws_obj = NULL, *out_obj = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OO|$OOOO:timing_map", kwlist, &walls, &enemies_obj,
                                     &moves_obj, &costs, &ws_obj, &out_obj))
        return NULL;
    dmap_moves m;
    if (pydmap_moves(moves_obj, &m) < 0) return NULL;
    grid_arg ga;
    if (pydmap_grid(walls, costs, &ga) < 0) return NULL;
    PyObject *seq = PySequence_Fast(enemies_obj, "enemies must be a list of (x, y[, delay[, cutoff]])");
    dmap_enemy *enemies = NULL;
    PyArrayObject *out = NULL;
    PyObject *result = NULL;
    ws_lease lease;
    int rc;
    if (!seq) goto done;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    enemies = malloc((size_t)(n ? n : 1) * sizeof *enemies);
    if (!enemies) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *t = PySequence_Tuple(PySequence_Fast_GET_ITEM(seq, i));
        if (!t) goto done;
        Py_ssize_t len = PyTuple_GET_SIZE(t);
        enemies[i].delay = 0.0;
        enemies[i].cutoff = INFINITY;
        int ok = len >= 2 && len <= 4;
        if (ok) {
            PyObject *xy = PyTuple_GetSlice(t, 0, 2);
            ok = xy && pydmap_cell(xy, &ga.g, "enemy", &enemies[i].cell) == 0;
            Py_XDECREF(xy);
            if (!ok) {
                Py_DECREF(t);
                goto done;
            }
            if (len >= 3) ok = pydmap_double(PyTuple_GET_ITEM(t, 2), "delay", &enemies[i].delay) == 0;
            if (ok && len == 4) ok = pydmap_double(PyTuple_GET_ITEM(t, 3), "cutoff", &enemies[i].cutoff) == 0;
            Py_DECREF(t);
            if (!ok) goto done;
        } else {
            Py_DECREF(t);
            PyErr_SetString(PyExc_TypeError, "each enemy must be (x, y), (x, y, delay) or (x, y, delay, cutoff)");
            goto done;
        }
    }
    if (!(out = pydmap_map_out(out_obj, &ga.g, NPY_DOUBLE)) || pydmap_grid_unshare(&ga, out) < 0 ||
        pydmap_ws_take(ws_obj, &lease) < 0)
        goto done;
    double *t = PyArray_DATA(out);
    Py_BEGIN_ALLOW_THREADS
    rc = dmap_timing_map(&ga.g, &m, enemies, (size_t)n, t, lease.ws);
    Py_END_ALLOW_THREADS
    pydmap_ws_return(&lease);
    if (rc != DMAP_OK) {
        pydmap_raise(rc, "timing_map", NULL);
        goto done;
    }
    result = (PyObject *)out;
    out = NULL;
done:
    free(enemies);
    Py_XDECREF(seq);
    Py_XDECREF(out);
    pydmap_grid_release(&ga);
    return result;
}

PyObject *pydmap_safe_walk(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    static char *kwlist[] = {"walls", "timing", "start", "start_time", "moves", "costs", "workspace", NULL};
    PyObject *walls, *timing_obj, *start_obj, *moves_obj = NULL, *costs = NULL, *ws_obj = NULL;
    double start_time = 0.0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OOO|d$OOO:safe_walk", kwlist, &walls, &timing_obj,
                                     &start_obj, &start_time, &moves_obj, &costs, &ws_obj))
        return NULL;
    dmap_moves m;
    if (pydmap_moves(moves_obj, &m) < 0) return NULL;
    grid_arg ga;
    if (pydmap_grid(walls, costs, &ga) < 0) return NULL;
    PyArrayObject *timing = NULL, *arrival = NULL, *parent = NULL;
    PyObject *result = NULL;
    ws_lease lease;
    int start, rc;
    size_t nsafe = 0;
    if (!(timing = pydmap_map_in(timing_obj, &ga.g, "timing")) ||
        pydmap_cell(start_obj, &ga.g, "start", &start) < 0 ||
        !(arrival = pydmap_map_out(NULL, &ga.g, NPY_DOUBLE)) ||
        !(parent = pydmap_map_out(NULL, &ga.g, NPY_INT32)) || pydmap_ws_take(ws_obj, &lease) < 0)
        goto done;
    const double *pt = PyArray_DATA(timing);
    double *pa = PyArray_DATA(arrival);
    int *pp = PyArray_DATA(parent);
    Py_BEGIN_ALLOW_THREADS
    rc = dmap_safe_walk(&ga.g, &m, pt, start, start_time, pa, pp, &nsafe, lease.ws);
    Py_END_ALLOW_THREADS
    pydmap_ws_return(&lease);
    if (rc != DMAP_OK) {
        pydmap_raise(rc, "safe_walk", NULL);
        goto done;
    }
    result = Py_BuildValue("(OOn)", arrival, parent, (Py_ssize_t)nsafe);
done:
    Py_XDECREF(timing);
    Py_XDECREF(arrival);
    Py_XDECREF(parent);
    pydmap_grid_release(&ga);
    return result;
}

PyObject *pydmap_parent_path(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    static char *kwlist[] = {"parent", "arrival", "to", NULL};
    PyObject *parent_obj, *arrival_obj, *to_obj;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OOO:parent_path", kwlist, &parent_obj, &arrival_obj, &to_obj))
        return NULL;
    PyArrayObject *parent = int_array_in(parent_obj, "parent"), *arrival = NULL;
    PyObject *result = NULL;
    int *path = NULL;
    if (!parent) return NULL;
    arrival = (PyArrayObject *)PyArray_FROMANY(arrival_obj, NPY_DOUBLE, 0, 0, NPY_ARRAY_IN_ARRAY);
    if (!arrival) goto done;
    if (!PyArray_SAMESHAPE(parent, arrival)) {
        PyErr_SetString(PyExc_ValueError, "parent_path: parent and arrival differ in shape");
        goto done;
    }
    size_t nnodes = (size_t)PyArray_SIZE(parent), len = 0;
    int grid2d = PyArray_NDIM(parent) == 2 && PyTuple_Check(to_obj);
    dmap_grid g = {grid2d ? (int)PyArray_DIM(parent, 1) : 0, grid2d ? (int)PyArray_DIM(parent, 0) : 0,
                   NULL, NULL};
    int to;
    if (grid2d) {
        if (pydmap_cell(to_obj, &g, "to", &to) < 0) goto done;
    } else {
        long t = PyLong_AsLong(to_obj);
        if (t == -1 && PyErr_Occurred()) goto done;
        if (t < 0 || (size_t)t >= nnodes) {
            pydmap_raise(DMAP_ERR_RANGE, "parent_path", "to outside the nodes");
            goto done;
        }
        to = (int)t;
    }
    const int *pp = PyArray_DATA(parent);
    const double *pa = PyArray_DATA(arrival);
    int rc = dmap_parent_path(pp, pa, nnodes, to, NULL, 0, &len);
    if (rc == DMAP_ERR_LIMIT) {
        path = malloc(len * sizeof *path);
        if (!path) {
            PyErr_NoMemory();
            goto done;
        }
        rc = dmap_parent_path(pp, pa, nnodes, to, path, len, &len);
    }
    if (rc != DMAP_OK) {
        pydmap_raise(rc, "parent_path", NULL);
        goto done;
    }
    if (grid2d) {
        result = pydmap_xy_list(&g, path, len);
    } else {
        result = PyList_New((Py_ssize_t)len);
        for (size_t i = 0; result && i < len; i++) {
            PyObject *v = PyLong_FromLong(path[i]);
            if (!v) Py_CLEAR(result);
            else PyList_SET_ITEM(result, (Py_ssize_t)i, v);
        }
    }
done:
    free(path);
    Py_XDECREF(parent);
    Py_XDECREF(arrival);
    return result;
}

/* ---- layered search: the C callback calls the Python one ------------------------------------- */

typedef struct {
    PyObject *fn;
    int failed; /* the callable raised or returned garbage: the exception is set */
} layered_user;

enum { PYDMAP_ABORT = DMAP_ERR_ARG };

static int layered_next(void *user, int cell, int state, dmap_transition *out, size_t cap) {
    layered_user *u = user;
    PyObject *r = PyObject_CallFunction(u->fn, "ii", cell, state);
    PyObject *seq = r ? PySequence_Fast(r, "transitions must return an iterable of (cell, state, duration)") : NULL;
    Py_XDECREF(r);
    if (!seq) {
        u->failed = 1;
        return PYDMAP_ABORT;
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if ((size_t)n > cap) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_ValueError, "transitions returned %zd transitions, more than max_transitions=%zu",
                     n, cap);
        u->failed = 1;
        return PYDMAP_ABORT;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *t = PySequence_Fast_GET_ITEM(seq, i);
        if (!PyArg_ParseTuple(t, "iid;a transition is (cell, state, duration)", &out[i].cell,
                              &out[i].state, &out[i].duration)) {
            Py_DECREF(seq);
            u->failed = 1;
            return PYDMAP_ABORT;
        }
    }
    Py_DECREF(seq);
    return (int)n;
}

PyObject *pydmap_layered_search(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    static char *kwlist[] = {"ncells", "nstates", "sources", "transitions", "horizon", "parents",
                             "max_transitions", "workspace", NULL};
    int ncells, nstates, want_parents = 0, max_transitions = 64;
    PyObject *sources_obj, *fn, *ws_obj = NULL;
    double horizon = INFINITY;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "iiOO|$dpiO:layered_search", kwlist, &ncells, &nstates,
                                     &sources_obj, &fn, &horizon, &want_parents, &max_transitions, &ws_obj))
        return NULL;
    if (!PyCallable_Check(fn)) {
        PyErr_SetString(PyExc_TypeError, "transitions must be callable");
        return NULL;
    }
    if (ncells < 1 || nstates < 1 || (int64_t)ncells * nstates > DMAP_MAX_CELLS)
        return pydmap_raise(ncells < 1 || nstates < 1 ? DMAP_ERR_ARG : DMAP_ERR_SIZE, "layered_search",
                            "ncells and nstates must be >= 1, their product at most MAX_CELLS");
    PyObject *seq = PySequence_Fast(sources_obj, "sources must be a list of (cell, state, time)");
    if (!seq) return NULL;
    Py_ssize_t ns = PySequence_Fast_GET_SIZE(seq);
    dmap_layer_source *sources = malloc((size_t)(ns ? ns : 1) * sizeof *sources);
    PyArrayObject *arrival = NULL, *parent = NULL;
    PyObject *result = NULL;
    ws_lease lease;
    if (!sources) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < ns; i++)
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(seq, i), "iid;a source is (cell, state, time)",
                              &sources[i].cell, &sources[i].state, &sources[i].time))
            goto done;
    npy_intp dims[2] = {nstates, ncells};
    arrival = (PyArrayObject *)PyArray_SimpleNew(2, dims, NPY_DOUBLE);
    if (!arrival) goto done;
    if (want_parents && !(parent = (PyArrayObject *)PyArray_SimpleNew(2, dims, NPY_INT32))) goto done;
    if (pydmap_ws_take(ws_obj, &lease) < 0) goto done;
    layered_user u = {fn, 0};
    size_t room = max_transitions < 0 ? 0 : (size_t)max_transitions; /* 0: DMAP_ERR_ARG */
    int rc = dmap_layered_search((size_t)ncells, (size_t)nstates, sources, (size_t)ns, layered_next, &u,
                                 room, horizon, PyArray_DATA(arrival), parent ? PyArray_DATA(parent) : NULL,
                                 lease.ws);
    pydmap_ws_return(&lease);
    if (u.failed) goto done; /* the callable's exception is set */
    if (rc != DMAP_OK) {
        pydmap_raise(rc, "layered_search", NULL);
        goto done;
    }
    result = parent ? Py_BuildValue("(OO)", arrival, parent) : (Py_INCREF(arrival), (PyObject *)arrival);
done:
    free(sources);
    Py_DECREF(seq);
    Py_XDECREF(arrival);
    Py_XDECREF(parent);
    return result;
}
