/* objects.c — the library's stateful objects as Python types: LiveMap (a Dijkstra map updated
 * incrementally by edits), DistanceTable (all-pairs step distances of a small grid) and
 * MapCache (up to K goal maps refreshed lazily). Maps they hand out are copies: the library's
 * own arrays are only valid until its next call. */
#include "pydmap.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- edits ------------------------------------------------------------------------------------ */

static int edit_kind(PyObject *obj, dmap_edit_kind *kind) {
    static const char *names[] = {"wall", "floor", "goal", "ungoal", "cost"};
    if (PyUnicode_Check(obj)) {
        const char *s = PyUnicode_AsUTF8(obj);
        if (!s) return -1;
        for (int k = 0; k < 5; k++)
            if (!strcmp(s, names[k])) {
                *kind = (dmap_edit_kind)k;
                return 0;
            }
    } else {
        long k = PyLong_AsLong(obj);
        if (k >= 0 && k <= 4 && !PyErr_Occurred()) {
            *kind = (dmap_edit_kind)k;
            return 0;
        }
        PyErr_Clear();
    }
    PyErr_SetString(pydmap_Error, "edit kind must be 'wall', 'floor', 'goal', 'ungoal' or 'cost' (or EDIT_*)");
    return -1;
}

/* A list of (kind, x, y[, value]) as a malloc'ed dmap_edit array. */
static int edits_from_list(PyObject *obj, dmap_edit **edits, size_t *n) {
    PyObject *seq = PySequence_Fast(obj, "edits must be a list of (kind, x, y[, value])");
    if (!seq) return -1;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(seq);
    dmap_edit *buf = malloc((size_t)(count ? count : 1) * sizeof *buf);
    if (!buf) {
        Py_DECREF(seq);
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *kind;
        buf[i].value = 0.0;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(seq, i), "Oii|d;an edit is (kind, x, y[, value])", &kind,
                              &buf[i].x, &buf[i].y, &buf[i].value) ||
            edit_kind(kind, &buf[i].kind) < 0) {
            free(buf);
            Py_DECREF(seq);
            return -1;
        }
    }
    Py_DECREF(seq);
    *edits = buf;
    *n = (size_t)count;
    return 0;
}

static PyObject *copy_map(const dmap_grid *g, const double *values) {
    npy_intp dims[2] = {g->h, g->w};
    PyArrayObject *a = (PyArrayObject *)PyArray_SimpleNew(2, dims, NPY_DOUBLE);
    if (a) memcpy(PyArray_DATA(a), values, (size_t)g->w * (size_t)g->h * sizeof(double));
    return (PyObject *)a;
}

static PyObject *copy_walls(const dmap_grid *g) {
    npy_intp dims[2] = {g->h, g->w};
    PyArrayObject *a = (PyArrayObject *)PyArray_SimpleNew(2, dims, NPY_BOOL);
    if (!a) return NULL;
    unsigned char *d = PyArray_DATA(a);
    for (size_t i = 0, n = (size_t)g->w * (size_t)g->h; i < n; i++) d[i] = g->wall[i] != 0;
    return (PyObject *)a;
}

/* Goals (x, y[, value]) for LiveMap: reuses field's parsing rules, no ceiling check. */
static int goal_list(PyObject *obj, const dmap_grid *g, dmap_goal **goals, size_t *n) {
    PyObject *seq = PySequence_Fast(obj, "goals must be a list of (x, y[, value])");
    if (!seq) return -1;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(seq);
    dmap_goal *buf = malloc((size_t)(count ? count : 1) * sizeof *buf);
    if (!buf) {
        Py_DECREF(seq);
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        buf[i].value = 0.0;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(seq, i), "ii|d;a goal is (x, y[, value])", &buf[i].x,
                              &buf[i].y, &buf[i].value)) {
            free(buf);
            Py_DECREF(seq);
            return -1;
        }
    }
    (void)g;
    Py_DECREF(seq);
    *goals = buf;
    *n = (size_t)count;
    return 0;
}

/* ---- one call at a time ------------------------------------------------------------------------ */

/* LiveMap and MapCache change their library object in calls that release the GIL, so two
 * threads could be inside one object at once (the library's objects serve one thread at a
 * time): every call that touches the object holds its lock. A thread that finds it taken waits
 * with the GIL released, so the holder can finish. */
static PyThread_type_lock new_lock(void) {
    PyThread_type_lock lock = PyThread_allocate_lock();
    if (!lock) PyErr_NoMemory();
    return lock;
}

static void take_turn(PyThread_type_lock lock) {
    if (PyThread_acquire_lock(lock, NOWAIT_LOCK)) return;
    Py_BEGIN_ALLOW_THREADS
    PyThread_acquire_lock(lock, WAIT_LOCK);
    Py_END_ALLOW_THREADS
}

/* ---- LiveMap ----------------------------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    dmap_live *lm;
    PyThread_type_lock lock;
} LiveObject;

static PyObject *live_new(PyTypeObject *type, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"walls", "goals", "ceiling", "moves", "costs", "start", NULL};
    PyObject *walls, *goals_obj = NULL, *ceiling_obj = Py_None, *moves_obj = NULL, *costs = NULL, *start_obj = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|OO$OOO:LiveMap", kwlist, &walls, &goals_obj, &ceiling_obj,
                                     &moves_obj, &costs, &start_obj))
        return NULL;
    double ceiling = DMAP_NO_CEILING;
    if (ceiling_obj != Py_None && pydmap_double(ceiling_obj, "ceiling", &ceiling) < 0) return NULL;
    dmap_moves m;
    if (pydmap_moves(moves_obj, &m) < 0) return NULL;
    grid_arg ga;
    if (pydmap_grid(walls, costs, &ga) < 0) return NULL;
    PyArrayObject *start = NULL;
    dmap_goal *goals = NULL;
    size_t ngoals = 0;
    LiveObject *self = NULL;
    if (start_obj != Py_None && !(start = pydmap_map_in(start_obj, &ga.g, "start"))) goto done;
    if (goals_obj && goal_list(goals_obj, &ga.g, &goals, &ngoals) < 0) goto done;
    dmap_live *lm = NULL;
    int rc;
    const double *ps = start ? PyArray_DATA(start) : NULL;
    Py_BEGIN_ALLOW_THREADS
    rc = dmap_live_new(&ga.g, &m, goals, ngoals, ceiling, ps, &lm);
    Py_END_ALLOW_THREADS
    if (rc != DMAP_OK) {
        pydmap_raise(rc, "LiveMap", NULL);
        goto done;
    }
    self = (LiveObject *)type->tp_alloc(type, 0);
    if (!self) {
        dmap_live_free(lm);
    } else {
        self->lm = lm;
        if (!(self->lock = new_lock())) Py_CLEAR(self);
    }
done:
    free(goals);
    Py_XDECREF(start);
    pydmap_grid_release(&ga);
    return (PyObject *)self;
}

static void live_dealloc(LiveObject *self) {
    dmap_live_free(self->lm);
    if (self->lock) PyThread_free_lock(self->lock);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *live_apply(LiveObject *self, PyObject *arg) {
    dmap_edit *edits = NULL;
    size_t n = 0, touched = 0;
    if (edits_from_list(arg, &edits, &n) < 0) return NULL;
    int rc;
    take_turn(self->lock);
    Py_BEGIN_ALLOW_THREADS
    rc = dmap_live_apply(self->lm, edits, n, &touched);
    Py_END_ALLOW_THREADS
    PyThread_release_lock(self->lock);
    free(edits);
    if (rc != DMAP_OK) return pydmap_raise(rc, "LiveMap.apply", NULL);
    return PyLong_FromSize_t(touched);
}

static PyObject *live_values(LiveObject *self, void *unused) {
    (void)unused;
    take_turn(self->lock);
    PyObject *a = copy_map(dmap_live_grid(self->lm), dmap_live_values(self->lm));
    PyThread_release_lock(self->lock);
    return a;
}
static PyObject *live_start(LiveObject *self, void *unused) {
    (void)unused;
    take_turn(self->lock);
    PyObject *a = copy_map(dmap_live_grid(self->lm), dmap_live_start(self->lm));
    PyThread_release_lock(self->lock);
    return a;
}
static PyObject *live_walls(LiveObject *self, void *unused) {
    (void)unused;
    take_turn(self->lock);
    PyObject *a = copy_walls(dmap_live_grid(self->lm));
    PyThread_release_lock(self->lock);
    return a;
}

static PyMethodDef live_methods[] = {
    {"apply", (PyCFunction)live_apply, METH_O,
     "apply(edits)\n--\n\n"
     "Apply edits in order and update the map incrementally: edits is a list of\n"
     "(kind, x, y) or (kind, x, y, value) with kind 'wall', 'floor', 'goal' (start value =\n"
     "value), 'ungoal' (back to the default) or 'cost' (entry cost = value). A later edit of a\n"
     "cell overrides an earlier one. The batch is checked first: on a bad edit nothing changes\n"
     "and dmap.Error is raised. Returns the number of cells whose value was recomputed."},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef live_getset[] = {
    {"values", (getter)live_values, NULL, "the current map (a copy; walls at their start value)", NULL},
    {"start", (getter)live_start, NULL, "the start values (a copy)", NULL},
    {"walls", (getter)live_walls, NULL, "the walls as edited (a bool copy)", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

PyTypeObject pydmap_LiveType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "dmap.LiveMap",
    .tp_basicsize = sizeof(LiveObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "LiveMap(walls, goals=(), ceiling=None, *, moves=None, costs=None, start=None)\n--\n\n"
              "A Dijkstra map kept up to date incrementally: built like field() (start values from\n"
              "start, else the ceiling everywhere; None = no ceiling, +inf), then apply(edits) changes\n"
              "walls, goals and costs and recomputes only the cells that depend on them. The object\n"
              "owns copies of its inputs. values gives the current map (a copy). Calls from several\n"
              "threads take turns.",
    .tp_new = live_new,
    .tp_dealloc = (destructor)live_dealloc,
    .tp_methods = live_methods,
    .tp_getset = live_getset,
};

/* ---- DistanceTable ------------------------------------------------------------------------------ */

typedef struct {
    PyObject_HEAD
    dmap_table *t;
    int w, h;
} TableObject;

static PyObject *table_new(PyTypeObject *type, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"walls", "moves", NULL};
    PyObject *walls, *moves_obj = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|$O:DistanceTable", kwlist, &walls, &moves_obj)) return NULL;
    dmap_moves m;
    if (pydmap_moves(moves_obj, &m) < 0) return NULL;
    grid_arg ga;
    if (pydmap_grid(walls, NULL, &ga) < 0) return NULL;
    dmap_table *t = NULL;
    int rc;
    Py_BEGIN_ALLOW_THREADS
    rc = dmap_table_new(&ga.g, &m, &t);
    Py_END_ALLOW_THREADS
    int w = ga.g.w, h = ga.g.h;
    pydmap_grid_release(&ga);
    if (rc != DMAP_OK) return pydmap_raise(rc, "DistanceTable", rc == DMAP_ERR_LIMIT ? "more than TABLE_MAX_CELLS passable cells" : NULL);
    TableObject *self = (TableObject *)type->tp_alloc(type, 0);
    if (!self) {
        dmap_table_free(t);
        return NULL;
    }
    self->t = t;
    self->w = w;
    self->h = h;
    return (PyObject *)self;
}

static void table_dealloc(TableObject *self) {
    dmap_table_free(self->t);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int table_cell(TableObject *self, PyObject *obj, const char *name, int *index) {
    dmap_grid g = {self->w, self->h, NULL, NULL};
    return pydmap_cell(obj, &g, name, index);
}

static PyObject *table_dist(TableObject *self, PyObject *args) {
    PyObject *a, *b;
    int from, to;
    if (!PyArg_ParseTuple(args, "OO:dist", &a, &b) || table_cell(self, a, "from", &from) < 0 ||
        table_cell(self, b, "to", &to) < 0)
        return NULL;
    return PyLong_FromLong(dmap_table_dist(self->t, from, to));
}

static PyObject *table_nearest(TableObject *self, PyObject *args) {
    PyObject *a, *cells_obj;
    int from;
    if (!PyArg_ParseTuple(args, "OO:nearest", &a, &cells_obj) || table_cell(self, a, "from", &from) < 0) return NULL;
    PyObject *seq = PySequence_Fast(cells_obj, "cells must be a list of (x, y)");
    if (!seq) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    int *cells = malloc((size_t)(n ? n : 1) * sizeof *cells);
    if (!cells) {
        Py_DECREF(seq);
        return PyErr_NoMemory();
    }
    for (Py_ssize_t i = 0; i < n; i++)
        if (table_cell(self, PySequence_Fast_GET_ITEM(seq, i), "cell", &cells[i]) < 0) {
            free(cells);
            Py_DECREF(seq);
            return NULL;
        }
    int dist = -1, k = dmap_table_nearest(self->t, from, cells, (size_t)n, &dist);
    free(cells);
    Py_DECREF(seq);
    return Py_BuildValue("(ii)", k, dist);
}

static PyObject *table_path(TableObject *self, PyObject *args) {
    PyObject *a, *b;
    int from, to;
    if (!PyArg_ParseTuple(args, "OO:path", &a, &b) || table_cell(self, a, "from", &from) < 0 ||
        table_cell(self, b, "to", &to) < 0)
        return NULL;
    size_t len = 0;
    int rc = dmap_table_path(self->t, from, to, NULL, 0, &len);
    int *path = NULL;
    if (rc == DMAP_ERR_LIMIT) {
        path = malloc(len * sizeof *path);
        if (!path) return PyErr_NoMemory();
        rc = dmap_table_path(self->t, from, to, path, len, &len);
    }
    dmap_grid g = {self->w, self->h, NULL, NULL};
    PyObject *r = rc == DMAP_OK ? pydmap_xy_list(&g, path, len) : pydmap_raise(rc, "DistanceTable.path", NULL);
    free(path);
    return r;
}

static PyObject *table_passable(TableObject *self, void *unused) {
    (void)unused;
    return PyLong_FromSize_t(dmap_table_passable(self->t));
}
static PyObject *table_nbytes(TableObject *self, void *unused) {
    (void)unused;
    return PyLong_FromSize_t(dmap_table_bytes(self->t));
}

static PyMethodDef table_methods[] = {
    {"dist", (PyCFunction)table_dist, METH_VARARGS,
     "dist(a, b)\n--\n\nSteps from cell a to cell b (x, y), or -1 when either is a wall or b is unreachable. O(1)."},
    {"nearest", (PyCFunction)table_nearest, METH_VARARGS,
     "nearest(a, cells)\n--\n\n(k, dist): the index in cells of the first nearest one from a and its distance,\n"
     "or (-1, -1) when none is reachable. O(len(cells))."},
    {"path", (PyCFunction)table_path, METH_VARARGS,
     "path(a, b)\n--\n\nA shortest path from a to b as (x, y) cells, a first; [] when unreachable."},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef table_getset[] = {
    {"passable", (getter)table_passable, NULL, "number of passable cells", NULL},
    {"nbytes", (getter)table_nbytes, NULL, "bytes the table holds", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

PyTypeObject pydmap_TableType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "dmap.DistanceTable",
    .tp_basicsize = sizeof(TableObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "DistanceTable(walls, *, moves=None)\n--\n\n"
              "All-pairs step distances of a small grid (at most TABLE_MAX_CELLS passable cells;\n"
              "16 bits per pair), computed once by bit-parallel BFS: dist, nearest and path are then\n"
              "O(1)-ish lookups. Counts steps (weights ignored); connectivity and corners decide them.",
    .tp_new = table_new,
    .tp_dealloc = (destructor)table_dealloc,
    .tp_methods = table_methods,
    .tp_getset = table_getset,
};

/* ---- MapCache ------------------------------------------------------------------------------------ */

typedef struct {
    PyObject_HEAD
    dmap_cache *c;
    PyThread_type_lock lock;
} CacheObject;

static PyObject *cache_new(PyTypeObject *type, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"walls", "capacity", "ceiling", "moves", "costs", NULL};
    PyObject *walls, *ceiling_obj = Py_None, *moves_obj = NULL, *costs = NULL;
    Py_ssize_t capacity = 16;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|nO$OO:MapCache", kwlist, &walls, &capacity, &ceiling_obj,
                                     &moves_obj, &costs))
        return NULL;
    double ceiling = DMAP_NO_CEILING; /* None, as in field(): plain distances */
    if (ceiling_obj != Py_None && pydmap_double(ceiling_obj, "ceiling", &ceiling) < 0) return NULL;
    dmap_moves m;
    if (pydmap_moves(moves_obj, &m) < 0) return NULL;
    if (capacity < 1) return pydmap_raise(DMAP_ERR_ARG, "MapCache", "capacity must be 1 .. 2**20");
    grid_arg ga;
    if (pydmap_grid(walls, costs, &ga) < 0) return NULL;
    dmap_cache *c = NULL;
    int rc = dmap_cache_new(&ga.g, &m, ceiling, (size_t)capacity, &c);
    pydmap_grid_release(&ga);
    if (rc != DMAP_OK) return pydmap_raise(rc, "MapCache", NULL);
    CacheObject *self = (CacheObject *)type->tp_alloc(type, 0);
    if (!self) {
        dmap_cache_free(c);
    } else {
        self->c = c;
        if (!(self->lock = new_lock())) Py_CLEAR(self);
    }
    return (PyObject *)self;
}

static void cache_dealloc(CacheObject *self) {
    dmap_cache_free(self->c);
    if (self->lock) PyThread_free_lock(self->lock);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *cache_get(CacheObject *self, PyObject *arg) {
    const dmap_grid *g = dmap_cache_grid(self->c);
    int goal;
    if (pydmap_cell(arg, g, "goal", &goal) < 0) return NULL;
    const double *map = NULL;
    int rc;
    take_turn(self->lock);
    Py_BEGIN_ALLOW_THREADS
    rc = dmap_cache_get(self->c, goal, &map);
    Py_END_ALLOW_THREADS
    /* the map lives until the cache's next call: copied before another thread's turn */
    PyObject *a = rc == DMAP_OK ? copy_map(g, map) : pydmap_raise(rc, "MapCache.get", NULL);
    PyThread_release_lock(self->lock);
    return a;
}

static PyObject *cache_edit(CacheObject *self, PyObject *arg) {
    dmap_edit *edits = NULL;
    size_t n = 0;
    if (edits_from_list(arg, &edits, &n) < 0) return NULL;
    take_turn(self->lock);
    int rc = dmap_cache_edit(self->c, edits, n);
    PyThread_release_lock(self->lock);
    free(edits);
    if (rc != DMAP_OK) return pydmap_raise(rc, "MapCache.edit", "only 'wall', 'floor' and 'cost' edits");
    Py_RETURN_NONE;
}

static PyObject *cache_stats(CacheObject *self, void *unused) {
    (void)unused;
    dmap_cache_counters s;
    take_turn(self->lock);
    dmap_cache_stats(self->c, &s);
    PyThread_release_lock(self->lock);
    return Py_BuildValue("{s:n,s:n,s:n,s:n,s:n}", "hits", (Py_ssize_t)s.hits, "misses", (Py_ssize_t)s.misses,
                         "updates", (Py_ssize_t)s.updates, "cells_updated", (Py_ssize_t)s.cells_updated,
                         "evictions", (Py_ssize_t)s.evictions);
}

static PyObject *cache_walls(CacheObject *self, void *unused) {
    (void)unused;
    take_turn(self->lock);
    PyObject *a = copy_walls(dmap_cache_grid(self->c));
    PyThread_release_lock(self->lock);
    return a;
}

static PyMethodDef cache_methods[] = {
    {"get", (PyCFunction)cache_get, METH_O,
     "get(goal)\n--\n\nThe distance map of goal cell (x, y) on the current grid (a copy): a kept map brought up\n"
     "to date, or a new one (evicting the least recently used when full)."},
    {"edit", (PyCFunction)cache_edit, METH_O,
     "edit(edits)\n--\n\nChange the grid with ('wall' | 'floor' | 'cost', x, y[, value]) edits; kept maps catch\n"
     "up lazily when next asked for."},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef cache_getset[] = {
    {"stats", (getter)cache_stats, NULL, "counters: hits, misses, updates, cells_updated, evictions", NULL},
    {"walls", (getter)cache_walls, NULL, "the current walls (a bool copy)", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

PyTypeObject pydmap_CacheType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "dmap.MapCache",
    .tp_basicsize = sizeof(CacheObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "MapCache(walls, capacity=16, ceiling=None, *, moves=None, costs=None)\n--\n\n"
              "Brogue's pattern: up to capacity distance maps, one per goal cell (value 0), refreshed\n"
              "lazily and incrementally after grid edits. ceiling: as in field() (None: +inf, plain\n"
              "distances). Calls from several threads take turns.",
    .tp_new = cache_new,
    .tp_dealloc = (destructor)cache_dealloc,
    .tp_methods = cache_methods,
    .tp_getset = cache_getset,
};
