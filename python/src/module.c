/* module.c — the extension module dmap._dmap: its error mapping, the Moves, Workspace and Rng
 * types, the default workspace lease, and the method table with every function's docstring
 * (the C header's contract, in Python terms). The functions themselves live in maps.c,
 * search.c, choice.c and readers.c. */
#define PYDMAP_MODULE_MAIN
#include "pydmap.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

PyObject *pydmap_Error;

/* ---- errors ------------------------------------------------------------------------------------ */

PyObject *pydmap_raise(int code, const char *what, const char *detail) {
    char msg[400];
    snprintf(msg, sizeof msg, "%s%s%s%s%s", what ? what : "", what ? ": " : "",
             dmap_strerror(code), detail && *detail ? ": " : "", detail ? detail : "");
    if (code == DMAP_ERR_NOMEM) return PyErr_NoMemory();
    if (code == DMAP_ERR_IO) {
        PyErr_SetString(PyExc_OSError, msg);
        return NULL;
    }
    PyObject *args = Py_BuildValue("(s)", msg);
    PyObject *exc = args ? PyObject_Call(pydmap_Error, args, NULL) : NULL;
    Py_XDECREF(args);
    if (!exc) return NULL;
    PyObject *c = PyLong_FromLong(code);
    if (c) PyObject_SetAttrString(exc, "code", c);
    Py_XDECREF(c);
    PyErr_SetObject(pydmap_Error, exc);
    Py_DECREF(exc);
    return NULL;
}

PyObject *pydmap_raise_diag(int code, const char *what, const dmap_diag *diag) {
    char detail[200];
    detail[0] = '\0';
    if (diag && diag->message[0]) {
        if (diag->line > 0) snprintf(detail, sizeof detail, "line %d: %s", diag->line, diag->message);
        else snprintf(detail, sizeof detail, "%s", diag->message);
    }
    return pydmap_raise(code, what, detail);
}

/* ---- Moves ----------------------------------------------------------------------------------- */

static PyObject *moves_new(PyTypeObject *type, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"connectivity", "cardinal", "diagonal", "corners", NULL};
    dmap_moves m = dmap_moves_4();
    int corners = DMAP_CORNERS_CUT;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|iddi:Moves", kwlist, &m.connectivity,
                                     &m.cardinal, &m.diagonal, &corners))
        return NULL;
    if (corners != DMAP_CORNERS_CUT && corners != DMAP_CORNERS_STRICT) {
        PyErr_SetString(pydmap_Error, "Moves: corners must be CORNERS_CUT (0) or CORNERS_STRICT (1)");
        return NULL;
    }
    m.corners = (dmap_corners)corners;
    if (dmap_moves_check(&m) != DMAP_OK)
        return pydmap_raise(DMAP_ERR_ARG, "Moves",
                            "connectivity must be 4 or 8 and weights finite and > 0");
    MovesObject *self = (MovesObject *)type->tp_alloc(type, 0);
    if (self) self->m = m;
    return (PyObject *)self;
}

static PyObject *moves_from(dmap_moves m) {
    MovesObject *self = PyObject_New(MovesObject, &pydmap_MovesType);
    if (self) self->m = m;
    return (PyObject *)self;
}

static PyObject *moves_repr(MovesObject *self) {
    char buf[160];
    snprintf(buf, sizeof buf, "Moves(connectivity=%d, cardinal=%.17g, diagonal=%.17g, corners=%s)",
             self->m.connectivity, self->m.cardinal, self->m.diagonal,
             self->m.corners == DMAP_CORNERS_STRICT ? "CORNERS_STRICT" : "CORNERS_CUT");
    return PyUnicode_FromString(buf);
}

static PyObject *moves_richcompare(PyObject *a, PyObject *b, int op) {
    if (!PyObject_TypeCheck(b, &pydmap_MovesType) || (op != Py_EQ && op != Py_NE))
        Py_RETURN_NOTIMPLEMENTED;
    const dmap_moves *x = &((MovesObject *)a)->m, *y = &((MovesObject *)b)->m;
    int eq = x->connectivity == y->connectivity && x->cardinal == y->cardinal &&
             x->diagonal == y->diagonal && x->corners == y->corners;
    if ((op == Py_EQ) == eq) Py_RETURN_TRUE;
    Py_RETURN_FALSE;
}

static PyObject *moves_get(MovesObject *self, void *which) {
    switch ((int)(intptr_t)which) {
    case 0: return PyLong_FromLong(self->m.connectivity);
    case 1: return PyFloat_FromDouble(self->m.cardinal);
    case 2: return PyFloat_FromDouble(self->m.diagonal);
    default: return PyLong_FromLong(self->m.corners);
    }
}

static PyGetSetDef moves_getset[] = {
    {"connectivity", (getter)moves_get, NULL, "4 or 8 neighbours", (void *)0},
    {"cardinal", (getter)moves_get, NULL, "weight of a cardinal step", (void *)1},
    {"diagonal", (getter)moves_get, NULL, "weight of a diagonal step (8-connected only)", (void *)2},
    {"corners", (getter)moves_get, NULL, "CORNERS_CUT (0) or CORNERS_STRICT (1)", (void *)3},
    {NULL, NULL, NULL, NULL, NULL}};

PyDoc_STRVAR(moves_doc,
"Moves(connectivity=4, cardinal=1.0, diagonal=1.0, corners=CORNERS_CUT)\n--\n\n"
"How an agent moves: 4 or 8 neighbours, the weight of a cardinal and of a diagonal step\n"
"(entering cell c by a step costs weight * cost[c]) and the corner rule for diagonals\n"
"(CORNERS_CUT: may pass walls; CORNERS_STRICT: both orthogonal neighbours must be free).\n"
"Immutable. Presets: MOVES_4 (the classic map's), MOVES_8 (Chebyshev), MOVES_OCTILE (Moving AI:\n"
"1 and sqrt(2), strict corners). Every function's moves= also takes None (MOVES_4), 4 or 8.\n"
"Raises dmap.Error for connectivity other than 4/8 or weights not finite and > 0.");

PyTypeObject pydmap_MovesType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "dmap.Moves",
    .tp_basicsize = sizeof(MovesObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = moves_doc,
    .tp_new = moves_new,
    .tp_repr = (reprfunc)moves_repr,
    .tp_richcompare = moves_richcompare,
    .tp_getset = moves_getset,
};

int pydmap_moves(PyObject *obj, dmap_moves *out) {
    if (obj == NULL || obj == Py_None) {
        *out = dmap_moves_4();
        return 0;
    }
    if (PyObject_TypeCheck(obj, &pydmap_MovesType)) {
        *out = ((MovesObject *)obj)->m;
        return 0;
    }
    if (PyIndex_Check(obj) && !PyBool_Check(obj)) { /* an int, NumPy's integers included */
        long c = PyLong_AsLong(obj);
        if (c == -1 && PyErr_Occurred()) PyErr_Clear();
        if (c == 4 || c == 8) {
            *out = c == 4 ? dmap_moves_4() : dmap_moves_8();
            return 0;
        }
    }
    PyErr_SetString(PyExc_TypeError, "moves must be a dmap.Moves, 4, 8 or None");
    return -1;
}

/* ---- Workspace ---------------------------------------------------------------------------------- */

static dmap_workspace *default_ws; /* the module's workspace for calls without workspace= */
static int default_ws_busy;        /* read and written only with the GIL held */

static PyObject *workspace_new(PyTypeObject *type, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kw, ":Workspace", kwlist)) return NULL;
    WorkspaceObject *self = (WorkspaceObject *)type->tp_alloc(type, 0);
    if (!self) return NULL;
    if (dmap_workspace_new(&self->ws) != DMAP_OK) {
        Py_DECREF(self);
        return PyErr_NoMemory();
    }
    return (PyObject *)self;
}

static void workspace_dealloc(WorkspaceObject *self) {
    dmap_workspace_free(self->ws);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *workspace_nbytes(WorkspaceObject *self, void *unused) {
    (void)unused;
    return PyLong_FromSize_t(dmap_workspace_bytes(self->ws));
}

static PyGetSetDef workspace_getset[] = {
    {"nbytes", (getter)workspace_nbytes, NULL, "bytes the workspace holds now", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

PyDoc_STRVAR(workspace_doc,
"Workspace()\n--\n\n"
"Scratch memory reused across calls (pass it as workspace=), so a bot's tick does no\n"
"allocation in steady state. It grows on first use; nbytes tells its size. One thread at a\n"
"time: a call that finds it in use by another thread raises RuntimeError. Calls without\n"
"workspace= share a module-wide one (or a temporary one while another thread holds it).");

PyTypeObject pydmap_WorkspaceType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "dmap.Workspace",
    .tp_basicsize = sizeof(WorkspaceObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = workspace_doc,
    .tp_new = workspace_new,
    .tp_dealloc = (destructor)workspace_dealloc,
    .tp_getset = workspace_getset,
};

int pydmap_ws_take(PyObject *obj, ws_lease *lease) {
    lease->ws = NULL;
    lease->owner = NULL;
    lease->took_default = 0;
    if (obj == NULL || obj == Py_None) {
        if (default_ws && !default_ws_busy) {
            default_ws_busy = 1;
            lease->ws = default_ws;
            lease->took_default = 1;
        }
        return 0;
    }
    if (!PyObject_TypeCheck(obj, &pydmap_WorkspaceType)) {
        PyErr_SetString(PyExc_TypeError, "workspace must be a dmap.Workspace or None");
        return -1;
    }
    WorkspaceObject *w = (WorkspaceObject *)obj;
    if (w->busy) {
        PyErr_SetString(PyExc_RuntimeError, "this dmap.Workspace is in use by another thread");
        return -1;
    }
    w->busy = 1;
    Py_INCREF(w);
    lease->owner = w;
    lease->ws = w->ws;
    return 0;
}

void pydmap_ws_return(ws_lease *lease) {
    if (lease->took_default) default_ws_busy = 0;
    if (lease->owner) {
        lease->owner->busy = 0;
        Py_DECREF(lease->owner);
    }
    lease->owner = NULL;
    lease->ws = NULL;
    lease->took_default = 0;
}

/* ---- Rng ----------------------------------------------------------------------------------------- */

/* A seed: any integer (NumPy's too, through __index__), taken modulo 2**64 as Rng.seed does. */
static int seed_arg(PyObject *obj, void *out) {
    unsigned long long seed = PyLong_AsUnsignedLongLongMask(obj);
    if (seed == (unsigned long long)-1 && PyErr_Occurred()) return 0;
    *(unsigned long long *)out = seed;
    return 1;
}

static PyObject *rng_new(PyTypeObject *type, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"seed", NULL};
    unsigned long long seed = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|O&:Rng", kwlist, seed_arg, &seed)) return NULL;
    RngObject *self = (RngObject *)type->tp_alloc(type, 0);
    if (self) dmap_rng_seed(&self->rng, (uint64_t)seed);
    return (PyObject *)self;
}

static PyObject *rng_seed(RngObject *self, PyObject *arg) {
    unsigned long long seed = PyLong_AsUnsignedLongLongMask(arg);
    if (seed == (unsigned long long)-1 && PyErr_Occurred()) return NULL;
    dmap_rng_seed(&self->rng, (uint64_t)seed);
    Py_RETURN_NONE;
}

static PyObject *rng_next(RngObject *self, PyObject *unused) {
    (void)unused;
    return PyLong_FromUnsignedLong(dmap_rng_next(&self->rng));
}

static PyObject *rng_below(RngObject *self, PyObject *arg) {
    unsigned long n = PyLong_AsUnsignedLong(arg);
    if (PyErr_Occurred()) return NULL;
    if (n > UINT32_MAX) {
        PyErr_SetString(PyExc_OverflowError, "Rng.below: n must be below 2**32");
        return NULL;
    }
    return PyLong_FromUnsignedLong(dmap_rng_below(&self->rng, (uint32_t)n));
}

static PyObject *rng_unit(RngObject *self, PyObject *unused) {
    (void)unused;
    return PyFloat_FromDouble(dmap_rng_unit(&self->rng));
}

static PyObject *rng_getstate(RngObject *self, void *unused) {
    (void)unused;
    return PyLong_FromUnsignedLongLong(self->rng.state);
}

static PyMethodDef rng_methods[] = {
    {"seed", (PyCFunction)rng_seed, METH_O, "seed(seed)\n--\n\nReseed (any 64-bit value)."},
    {"next", (PyCFunction)rng_next, METH_NOARGS, "next()\n--\n\nThe next 32 random bits."},
    {"below", (PyCFunction)rng_below, METH_O,
     "below(n)\n--\n\nA uniform integer in [0, n) without modulo bias; 0 when n is 0."},
    {"unit", (PyCFunction)rng_unit, METH_NOARGS, "unit()\n--\n\nA uniform float in [0, 1)."},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef rng_getset[] = {
    {"state", (getter)rng_getstate, NULL, "the 64-bit state (read-only)", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

PyDoc_STRVAR(rng_doc,
"Rng(seed=0)\n--\n\n"
"dmap's seeded generator (the only randomness in dmap: same seed, same result). The same\n"
"sequence as the C library's dmap_rng for the same seed. Used by pick_option and\n"
"downhill_path to break ties.");

PyTypeObject pydmap_RngType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "dmap.Rng",
    .tp_basicsize = sizeof(RngObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = rng_doc,
    .tp_new = rng_new,
    .tp_methods = rng_methods,
    .tp_getset = rng_getset,
};

/* ---- directions ------------------------------------------------------------------------------------ */

static PyObject *dir_members; /* tuple of the 9 dmap.Dir members, set by _register_dir */

PyObject *pydmap_dir(int d) {
    if (dir_members && d >= 0 && d < PyTuple_GET_SIZE(dir_members)) {
        PyObject *o = PyTuple_GET_ITEM(dir_members, d);
        Py_INCREF(o);
        return o;
    }
    return PyLong_FromLong(d);
}

static PyObject *register_dir(PyObject *self, PyObject *members) {
    (void)self;
    if (!PyTuple_Check(members) || PyTuple_GET_SIZE(members) != DMAP_DIR_COUNT) {
        PyErr_SetString(PyExc_TypeError, "_register_dir: a tuple of the 9 Dir members");
        return NULL;
    }
    Py_INCREF(members);
    Py_XSETREF(dir_members, members);
    Py_RETURN_NONE;
}

static PyObject *dir_offset(PyObject *self, PyObject *arg) {
    (void)self;
    long d = PyLong_AsLong(arg);
    if (d == -1 && PyErr_Occurred()) return NULL;
    if (d < 0 || d >= DMAP_DIR_COUNT) return pydmap_raise(DMAP_ERR_ARG, "dir_offset", "d outside 0..8");
    return Py_BuildValue("(ii)", dmap_dir_dx((dmap_dir)d), dmap_dir_dy((dmap_dir)d));
}

static PyObject *py_version(PyObject *self, PyObject *unused) {
    (void)self;
    (void)unused;
    return PyUnicode_FromString(dmap_version());
}

static PyObject *py_version_number(PyObject *self, PyObject *unused) {
    (void)self;
    (void)unused;
    return PyLong_FromLong(dmap_version_number());
}

static PyObject *py_strerror(PyObject *self, PyObject *arg) {
    (void)self;
    long c = PyLong_AsLong(arg);
    if (c == -1 && PyErr_Occurred()) return NULL;
    return PyUnicode_FromString(dmap_strerror((int)c));
}

/* ---- the method table ---------------------------------------------------------------------------- */

#define KW (METH_VARARGS | METH_KEYWORDS)
#define FN(name) (PyCFunction)(void (*)(void))pydmap_##name

static PyMethodDef methods[] = {
    {"bfs_batch", FN(bfs_batch), KW,
     "bfs_batch(walls, sources, *, moves=None, max_depth=-1, dtype=None, out=None, pool=None, "
     "simd=None)\n--\n\n"
     "BFS depths of N boards of one size in one call (dmap_bfs_batch): walls is an (N, H, W)\n"
     "array (nonzero = wall; uint8 or bool C-contiguous is read in place, zero-copy), sources\n"
     "(N, 2) rows of (x, y), one per board, or (K, 3) rows of (board, x, y) sorted by board.\n"
     "Returns an (N, H, W) array of dtype (int16 by default; int8, int32, float32, float64)\n"
     "with the steps from the nearest source, -1 for walls and cells unreached or deeper than\n"
     "max_depth; out= is written in place instead. int8 (half the bytes of int16) takes boards\n"
     "of up to 128 cells, larger ones with max_depth 0..127 (else dmap.Error), as int16 boards\n"
     "of up to 32768 cells. The GIL is released; pool (a dmap.Pool) spreads the boards over\n"
     "threads; simd ('auto', 'none', 'avx2', 'avx512') forces a path. The result is the same\n"
     "for any pool and path. Raises dmap.Error (bad sizes, a source outside its board or on a\n"
     "wall, a depth int8 or int16 cannot hold), ValueError/TypeError (shapes, dtypes)."},
    {"field_batch", FN(field_batch), KW,
     "field_batch(walls, goals, ceiling=None, *, moves=None, dtype=None, out=None, pool=None)\n"
     "--\n\n"
     "Dijkstra maps of N boards of one size in one call (dmap_field_batch, unit costs): goals\n"
     "(N, 3) rows of (x, y, value), one per board, or (K, 4) rows of (board, x, y, value) sorted\n"
     "by board; ceiling None for none. Returns an (N, H, W) array of dtype (float64 by default;\n"
     "float32, and int32, int16 or int8 when every value is an integer that fits, else\n"
     "dmap.Error); out= is written in place. The GIL is released; pool spreads the boards over\n"
     "threads. Raises dmap.Error as field() does for each board."},
    {"field", FN(field), KW,
     "field(walls, goals, ceiling=None, *, moves=None, costs=None, workspace=None, out=None)\n--\n\n"
     "A Dijkstra map from scratch: every cell starts at ceiling, each goal cell at its\n"
     "value (the lowest when a cell has several), then the map is scanned to the fixed point\n"
     "of the classic Dijkstra-map rule\n"
     "v(c) = min(v0(c), min over goals s of v0(s) + dist(s, c)). Cells farther than\n"
     "ceiling - goal value from every goal keep the ceiling (the classic map uses 100,\n"
     "DEFAULT_CEILING); pass ceiling=None (NO_CEILING, +inf) for plain distances (+inf where\n"
     "no goal reaches).\n"
     "Every goal must lie strictly below the ceiling (else dmap.Error, ERR_CEILING).\n\n"
     "walls: (H, W) array, nonzero = wall (bool/uint8 used as is, other dtypes copied).\n"
     "goals: a list of (x, y) (value 0) or (x, y, value) tuples, or an (H, W) mask: bool\n"
     "  (True = goal at 0) or float (every finite entry a goal with that value; NaN = none).\n"
     "costs: None (unit) or (H, W) float64 entry costs, finite and > 0 on passable cells.\n"
     "out: an (H, W) float64 C-contiguous array to write into (zero-copy), else a new one.\n"
     "Returns the (H, W) float64 map; walls hold the ceiling.\n"
     "Raises dmap.Error: goal outside the grid (RANGE) or on a wall (WALL), values not\n"
     "finite (VALUE); MemoryError. The GIL is released during the scan.\n"
     "Cost: O(N + S log S) for S goals with unit or few distinct costs, O(N log N) otherwise."},
    {"scan", FN(scan), KW,
     "scan(walls, values, *, moves=None, costs=None, workspace=None, copy=False)\n--\n\n"
     "Scan values in place to the fixed point of the classic Dijkstra-map rule: while a\n"
     "passable cell c has a passable neighbour n with v(n) + step(n->c) < v(c), lower v(c)\n"
     "to that; i.e. v(c) = min(v0(c), min over passable s of v0(s) + dist(s, c)).\n"
     "Walls keep their values.\n"
     "values must be a C-contiguous, aligned, writeable float64 (H, W) ndarray: the library\n"
     "writes into its memory (zero-copy) and it is returned. Anything else raises TypeError\n"
     "or ValueError; with copy=True any array-like is copied first and the copy is scanned\n"
     "and returned (the input is untouched). Rescanning a transformed map (the flee trick)\n"
     "is the same call. Exact: integer inputs give the sweep loop's results bit for bit.\n"
     "Raises dmap.Error (VALUE: a passable cell holds NaN or an infinity, bad costs).\n"
     "The GIL is released during the scan."},
    {"flee", FN(flee), KW,
     "flee(walls, src, factor=-1.2, *, moves=None, costs=None, workspace=None, out=None)\n--\n\n"
     "Flee map: factor * src on passable cells, then scanned. Rolling down the result leads\n"
     "away from src's goals but, unlike the plain negation, out of dead ends towards open\n"
     "regions. src is usually a Dijkstra map of the threats with a ceiling well above its\n"
     "largest distance. factor must be finite and < 0 (seed: -1.2). out may be src (in place);\n"
     "walls of out are not written (a new out holds 0 on walls)."},
    {"add", FN(add), KW,
     "add(walls, a, b, *, out=None)\n--\n\n"
     "a + b on passable cells (walls of out are neither read nor written; a new out holds\n"
     "0 there). NumPy's a + b is the same on passable cells; this keeps wall cells of out."},
    {"minimum", FN(minimum), KW,
     "minimum(walls, a, b, *, out=None)\n--\n\nElement-wise min on passable cells (see add)."},
    {"maximum", FN(maximum), KW,
     "maximum(walls, a, b, *, out=None)\n--\n\nElement-wise max on passable cells (see add)."},
    {"scale", FN(scale), KW,
     "scale(walls, src, factor, *, out=None)\n--\n\n"
     "factor * src on passable cells (factor finite; see add for walls)."},
    {"clamp", FN(clamp), KW,
     "clamp(walls, src, lo, hi, *, out=None)\n--\n\n"
     "src clamped to [lo, hi] on passable cells (lo <= hi, both finite)."},
    {"weighted_sum", FN(weighted_sum), KW,
     "weighted_sum(walls, maps, weights, *, out=None)\n--\n\n"
     "sum of weights[k] * maps[k] over k, accumulated in order k = 0, 1, ... for every\n"
     "passable cell (the desire-driven combination). Runs near memory bandwidth, no\n"
     "temporaries (NumPy's sum of products makes one per term). Walls of out untouched."},
    {"downhill_options", FN(downhill_options), KW,
     "downhill_options(walls, values, cell, *, moves=None, blocked=None)\n--\n\n"
     "Every tied best option from cell (x, y): a list of dmap.Dir (STAY included when the\n"
     "cell itself is lowest), compared exactly. Options are STAY and every step allowed by the\n"
     "move rules into a cell not blocked (blocked: optional (H, W) mask, e.g. an opponent).\n"
     "NaN neighbours are never chosen. Raises dmap.Error: cell outside (RANGE), on a wall\n"
     "(WALL), values[cell] NaN (VALUE). O(1)."},
    {"pick_option", FN(pick_option), KW,
     "pick_option(options, rng)\n--\n\n"
     "One of options (a list of Dir, as from downhill_options) picked uniformly with rng, as\n"
     "the C library's dmap_pick_option does (one rng.below call; none for a single option)."},
    {"downhill_path", FN(downhill_path), KW,
     "downhill_path(walls, values, start, *, moves=None, blocked=None, rng=None)\n--\n\n"
     "Roll downhill from start (x, y): repeatedly take a best option until STAY is among the\n"
     "best ones. Ties are broken by rng (a dmap.Rng) or by the lowest Dir when rng is None.\n"
     "Returns the list of (x, y) cells visited, start and end included. O(length)."},
    {"step", FN(step), KW,
     "step(walls, cell, d, *, moves=None)\n--\n\n"
     "The cell (x, y) reached from cell by direction d under the move rules, or None when the\n"
     "step leaves the grid, enters a wall, is diagonal under 4-connectivity or breaks the\n"
     "corner rule. STAY gives cell itself (when passable)."},
    {"dir_offset", (PyCFunction)dir_offset, METH_O,
     "dir_offset(d)\n--\n\nThe (dx, dy) of direction d (UP is dy = -1)."},
    {"version", (PyCFunction)py_version, METH_NOARGS,
     "version()\n--\n\nThe version of the C library linked in (\"0.2.0\")."},
    {"version_number", (PyCFunction)py_version_number, METH_NOARGS,
     "version_number()\n--\n\nThat version as MAJOR * 10000 + MINOR * 100 + PATCH."},
    {"strerror", (PyCFunction)py_strerror, METH_O,
     "strerror(code)\n--\n\nThe library's sentence for an error code."},
    {"can_move_to", FN(can_move_to), KW,
     "can_move_to(walls, start, goal, *, moves=None, workspace=None)\n--\n\n"
     "True when goal (x, y) can be reached from start (x, y) counting steps (weights and\n"
     "costs ignored); False when goal is a wall. Stops as soon as goal is found."},
    {"reachable", FN(reachable), KW,
     "reachable(walls, start, *, moves=None, workspace=None)\n--\n\n"
     "The (H, W) bool mask of cells reachable from start (x, y), start included."},
    {"bfs", FN(bfs), KW,
     "bfs(walls, sources, *, moves=None, max_depth=-1, parents=False, workspace=None)\n--\n\n"
     "Multi-source breadth-first search (steps, not weights). Returns depth, an (H, W) int32\n"
     "array of steps from the nearest source (0 at sources, -1 unreachable or deeper than\n"
     "max_depth >= 0). With parents=True returns (depth, parent): parent[y, x] is the flat\n"
     "index y*W + x of the cell each reached non-source cell was first reached from, -1\n"
     "elsewhere (read paths with bfs_path). Neighbours are visited in Dir order."},
    {"bfs_path", FN(bfs_path), KW,
     "bfs_path(depth, parent, to)\n--\n\n"
     "The path from the BFS tree's root to cell to (x, y), as (x, y) tuples root first;\n"
     "[] when to was not reached. Raises dmap.Error when the arrays are not a consistent tree."},
    {"bury_dead_ends", FN(bury_dead_ends), KW,
     "bury_dead_ends(walls, protect=(), *, edge_wall=False, inplace=False, workspace=None)\n--\n\n"
     "Fill the dead ends of a grid with walls so that a fleeing agent never runs into one (the\n"
     "pursuit game's burying rule: a free cell with 3 or 4 wall neighbours, or two adjacent\n"
     "ones and the opposite diagonal free, fills; row by row, neighbours re-checked\n"
     "depth-first down, up, right, left). protect: (x, y) cells never filled. edge_wall:\n"
     "cells outside count as walls.\n"
     "Returns (new_walls, buried): the buried walls (a bool copy, or walls itself when\n"
     "inplace=True and walls is a C-contiguous writeable bool/uint8 array) and the (H, W)\n"
     "bool mask of cells this call buried."},
    {"threat_map", FN(threat_map), KW,
     "threat_map(walls, enemy, delay=0.0, cutoff=inf, *, moves=None, costs=None, workspace=None, out=None)\n--\n\n"
     "When one enemy on cell enemy (x, y) can be on each cell at the earliest:\n"
     "delay + dist(enemy, c) where dist <= cutoff, +inf beyond, on unreachable cells and\n"
     "walls. delay finite >= 0; cutoff >= 0 (inf for none). The GIL is released."},
    {"timing_map", FN(timing_map), KW,
     "timing_map(walls, enemies, *, moves=None, costs=None, workspace=None, out=None)\n--\n\n"
     "The element-wise minimum of the enemies' threat maps; enemies: a list of (x, y),\n"
     "(x, y, delay) or (x, y, delay, cutoff) (cutoff default inf). +inf everywhere for none."},
    {"safe_walk", FN(safe_walk), KW,
     "safe_walk(walls, timing, start, start_time=0.0, *, moves=None, costs=None, workspace=None)\n--\n\n"
     "Earliest safe arrival times from start (x, y) left at start_time, where cell c may be\n"
     "entered at time t only if t < timing[c] (strictly). Returns (arrival, parent, nsafe):\n"
     "arrival (H, W) float64 (+inf for unsafe, unreachable and walls; arrival[start] =\n"
     "start_time), parent (H, W) int32 flat indices of the safe shortest-path tree (-1 for\n"
     "start and unreached; read paths with parent_path), nsafe the number of reached cells."},
    {"parent_path", FN(parent_path), KW,
     "parent_path(parent, arrival, to)\n--\n\n"
     "The path from the root of a parent tree (safe_walk, layered_search) to node to, root\n"
     "first. With 2-D (H, W) arrays, to and the result are (x, y) cells; with other shapes\n"
     "they are flat node indices. [] when to is unreached (arrival +inf)."},
    {"layered_search", FN(layered_search), KW,
     "layered_search(ncells, nstates, sources, transitions, *, horizon=inf, parents=False, max_transitions=64, workspace=None)\n--\n\n"
     "Dijkstra over (cell, state) nodes (the Code of Kutulu post-mortem's slasher model).\n"
     "sources: a list of (cell, state, time). transitions(cell, state) -> iterable of\n"
     "(cell, state, duration) with durations finite and >= 0, called once per settled node\n"
     "(at most max_transitions each). Returns arrival, an (nstates, ncells) float64 array\n"
     "(+inf unreached or beyond horizon), or (arrival, parent) with parents=True (parent:\n"
     "flat node indices state*ncells + cell, -1 for sources and unreached). An exception in\n"
     "transitions aborts the search and propagates."},
    {"filter_moves", FN(filter_moves), KW,
     "filter_moves(candidates, filters)\n--\n\n"
     "Apply a chain of filters to candidates (ints): filters is a list of (kind, score) with\n"
     "kind FILTER_KEEP_TRUE, FILTER_KEEP_MAX or FILTER_KEEP_MIN (or 'true', 'max', 'min') and\n"
     "score(candidate) -> float. A filter that would remove every candidate has no opinion\n"
     "and removes none. Returns (kept, removed): the kept candidates in their order and how\n"
     "many each filter removed. Each score is called once per candidate still in the list."},
    {"minimax_moves", FN(minimax_moves), KW,
     "minimax_moves(nmine, nopp_moves, outcome)\n--\n\n"
     "Worst case over all combinations of the opponents' moves: outcome(my_move, opp) -> float\n"
     "(higher is better; opp a tuple of opponents' move indices, the last varying fastest).\n"
     "Returns (worst, average, best): per-move worst and mean outcomes (float64 arrays) and\n"
     "every move index whose worst case is the largest (ascending)."},
    {"read_file", FN(read_file), KW,
     "read_file(path)\n--\n\nThe bytes of a file, read by the library ('-' is standard input).\n"
     "Raises OSError with the library's reason."},
    {"parse_text_map", FN(parse_text_map), KW,
     "parse_text_map(text)\n--\n\n"
     "A plain text map (one row per line, '#' wall, any other printable character floor).\n"
     "Returns (walls, chars): an (H, W) bool array and the (H, W) array of map characters\n"
     "(dtype 'U1', so chars == 'A' finds a marker). Raises dmap.Error ('line N: reason')."},
    {"parse_movingai_map", FN(parse_movingai_map), KW,
     "parse_movingai_map(text)\n--\n\n"
     "A Moving AI .map (type octile; '.', 'G', 'S' passable; '@', 'O', 'T', 'W' blocked) as\n"
     "(walls, chars) like parse_text_map. Raises dmap.Error ('line N: reason')."},
    {"parse_map", FN(parse_map), KW,
     "parse_map(text)\n--\n\nEither map format: Moving AI when the text starts with \"type\", else a text map.\n"
     "Returns (walls, chars) as parse_text_map."},
    {"format_text_map", FN(format_text_map), KW,
     "format_text_map(walls, chars=None)\n--\n\n"
     "A plain text map that parse_text_map reads back to the same walls: '#' walls, floor\n"
     "from chars (an (H, W) array of characters) when given, else '.'. Costs are not written."},
    {"format_values", FN(format_values), KW,
     "format_values(walls, values, fmt='csv')\n--\n\n"
     "A map as text: 'csv' (exact, reads back with parse_values_csv; '#' walls, inf allowed),\n"
     "'grid' (aligned, for people) or 'digits' (one character per cell, values 0..9 only).\n"
     "Raises dmap.Error for NaN values (naming the cell)."},
    {"parse_values_csv", FN(parse_values_csv), KW,
     "parse_values_csv(text)\n--\n\nA CSV values map as (walls, values); walls hold 0 in values."},
    {"parse_scen", FN(parse_scen), KW,
     "parse_scen(text)\n--\n\n"
     "A Moving AI .map.scen as a list of ScenQuery(bucket, map_w, map_h, start, goal,\n"
     "optimal, line) with start and goal (x, y) tuples."},
    {"_time_field", FN(time_field), KW,
     "_time_field(walls, goals, ceiling, reps)\n--\n\n"
     "Benchmark helper: the median seconds of reps calls of dmap_field made from C (no Python\n"
     "in the loop), same workspace reuse as field(). goals: list of (x, y[, value])."},
    {"_register_dir", (PyCFunction)register_dir, METH_O, "internal: the Dir enum members"},
    {NULL, NULL, 0, NULL}};

static void module_free(void *unused) {
    (void)unused;
    dmap_workspace_free(default_ws);
    default_ws = NULL;
    Py_CLEAR(dir_members);
}

static struct PyModuleDef moduledef = {
    PyModuleDef_HEAD_INIT,
    .m_name = "dmap._dmap",
    .m_doc = "The C extension behind the dmap package (import dmap instead).",
    .m_size = -1,
    .m_methods = methods,
    .m_free = module_free,
};

static int add_int(PyObject *m, const char *name, long v) {
    return PyModule_AddIntConstant(m, name, v);
}

PyMODINIT_FUNC PyInit__dmap(void) {
    import_array();
    if (PyType_Ready(&pydmap_MovesType) < 0 || PyType_Ready(&pydmap_WorkspaceType) < 0 ||
        PyType_Ready(&pydmap_RngType) < 0 || PyType_Ready(&pydmap_LiveType) < 0 ||
        PyType_Ready(&pydmap_TableType) < 0 || PyType_Ready(&pydmap_CacheType) < 0 ||
        PyType_Ready(&pydmap_PoolType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&moduledef);
    if (!m) return NULL;
    /* .code defaults to ERR_ARG (for the binding's own argument errors); raises from a
     * library code set it on the instance. */
    PyObject *defaults = Py_BuildValue("{s:i}", "code", DMAP_ERR_ARG);
    pydmap_Error = defaults ? PyErr_NewExceptionWithDoc(
        "dmap.Error",
        "An error reported by the dmap library (a bad argument, size, value, cell, wall, format,\n"
        "capacity or ceiling). A ValueError; .code is the library's negative error code.",
        PyExc_ValueError, defaults) : NULL;
    Py_XDECREF(defaults);
    if (!pydmap_Error || dmap_workspace_new(&default_ws) != DMAP_OK) goto fail;
    Py_INCREF(pydmap_Error);
    if (PyModule_AddObject(m, "Error", pydmap_Error) < 0) goto fail;
    Py_INCREF(&pydmap_MovesType);
    Py_INCREF(&pydmap_WorkspaceType);
    Py_INCREF(&pydmap_RngType);
    if (PyModule_AddObject(m, "Moves", (PyObject *)&pydmap_MovesType) < 0 ||
        PyModule_AddObject(m, "Workspace", (PyObject *)&pydmap_WorkspaceType) < 0 ||
        PyModule_AddObject(m, "Rng", (PyObject *)&pydmap_RngType) < 0)
        goto fail;
    Py_INCREF(&pydmap_LiveType);
    Py_INCREF(&pydmap_TableType);
    Py_INCREF(&pydmap_CacheType);
    if (PyModule_AddObject(m, "LiveMap", (PyObject *)&pydmap_LiveType) < 0 ||
        PyModule_AddObject(m, "DistanceTable", (PyObject *)&pydmap_TableType) < 0 ||
        PyModule_AddObject(m, "MapCache", (PyObject *)&pydmap_CacheType) < 0)
        goto fail;
    Py_INCREF(&pydmap_PoolType);
    if (PyModule_AddObject(m, "Pool", (PyObject *)&pydmap_PoolType) < 0) goto fail;
    if (PyModule_AddObject(m, "MOVES_4", moves_from(dmap_moves_4())) < 0 ||
        PyModule_AddObject(m, "MOVES_8", moves_from(dmap_moves_8())) < 0 ||
        PyModule_AddObject(m, "MOVES_OCTILE", moves_from(dmap_moves_octile())) < 0)
        goto fail;
    if (add_int(m, "CORNERS_CUT", DMAP_CORNERS_CUT) || add_int(m, "CORNERS_STRICT", DMAP_CORNERS_STRICT) ||
        add_int(m, "ERR_ARG", DMAP_ERR_ARG) || add_int(m, "ERR_SIZE", DMAP_ERR_SIZE) ||
        add_int(m, "ERR_NOMEM", DMAP_ERR_NOMEM) || add_int(m, "ERR_VALUE", DMAP_ERR_VALUE) ||
        add_int(m, "ERR_RANGE", DMAP_ERR_RANGE) || add_int(m, "ERR_WALL", DMAP_ERR_WALL) ||
        add_int(m, "ERR_FORMAT", DMAP_ERR_FORMAT) || add_int(m, "ERR_IO", DMAP_ERR_IO) ||
        add_int(m, "ERR_LIMIT", DMAP_ERR_LIMIT) || add_int(m, "ERR_CEILING", DMAP_ERR_CEILING) ||
        add_int(m, "EDIT_WALL", DMAP_EDIT_WALL) || add_int(m, "EDIT_FLOOR", DMAP_EDIT_FLOOR) ||
        add_int(m, "EDIT_GOAL", DMAP_EDIT_GOAL) || add_int(m, "EDIT_UNGOAL", DMAP_EDIT_UNGOAL) ||
        add_int(m, "EDIT_COST", DMAP_EDIT_COST) || add_int(m, "TABLE_MAX_CELLS", DMAP_TABLE_MAX_CELLS) ||
        PyModule_AddObject(m, "NO_CEILING", PyFloat_FromDouble(DMAP_NO_CEILING)) < 0 ||
        /* so that inspect.signature reads the "=inf" defaults of the text signatures */
        PyModule_AddObject(m, "inf", PyFloat_FromDouble(INFINITY)) < 0 ||
        add_int(m, "FILTER_KEEP_TRUE", DMAP_FILTER_KEEP_TRUE) ||
        add_int(m, "FILTER_KEEP_MAX", DMAP_FILTER_KEEP_MAX) ||
        add_int(m, "FILTER_KEEP_MIN", DMAP_FILTER_KEEP_MIN) ||
        add_int(m, "MINIMAX_MAX_OPPONENTS", DMAP_MINIMAX_MAX_OPPONENTS) ||
        PyModule_AddObject(m, "DEFAULT_CEILING", PyFloat_FromDouble(DMAP_DEFAULT_CEILING)) < 0 ||
        PyModule_AddObject(m, "FLEE_FACTOR", PyFloat_FromDouble(DMAP_FLEE_FACTOR)) < 0 ||
        PyModule_AddObject(m, "MAX_CELLS", PyLong_FromLongLong(DMAP_MAX_CELLS)) < 0 ||
        PyModule_AddStringConstant(m, "LIBRARY_VERSION", DMAP_VERSION_STRING) < 0)
        goto fail;
    return m;
fail:
    Py_DECREF(m);
    return NULL;
}
