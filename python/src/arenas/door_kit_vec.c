/* door_kit_vec.c — dmap._arenas.KitVec: the vectorized games of the bomber, Kutulu and pursuit
 * arenas (arenas/kit/vec.h, each arena's vec.c) over NumPy arrays, for dmap.rl.vector_env. The
 * object owns its output arrays (obs float32 (n, learners, obs_len), rewards, terminated,
 * truncated, masks) and a dmap_pool; reset and step write them in place with the GIL released.
 * Next-step autoreset (gymnasium's): the step after a game's episode ended starts its next one.
 * Bad input is refused with ValueError or TypeError before any game moves. */
#include "door.h"

#include <string.h>

#include "bomber.h"
#include "kit/vec.h"
#include "kutulu_vec.h"
#include "pursuit.h"

enum { OUT_OBS, OUT_REWARDS, OUT_TERMINATED, OUT_TRUNCATED, OUT_MASKS, NOUT };

typedef struct KitVec {
    PyObject_HEAD
    kit_vec *vec;
    dmap_pool *pool;
    const kit_vec_arena *arena;
    union {
        pursuit_vec_params pursuit;
        kutulu_vec_params kutulu;
    } params;
    kt_mapset *mapset; /* Kutulu's league maps, loaded once */
    long n;
    int nlearners, obs_len, threads;
    int seats[KIT_VEC_MAX_SEATS];
    uint64_t seed;
    int started, busy;
    PyObject *out[NOUT];
    PyObject *actions32;
} KitVec;

static int check_idle(KitVec *v) {
    if (!v->vec) {
        PyErr_SetString(PyExc_RuntimeError, "KitVec is not initialised");
        return -1;
    }
    if (v->busy) {
        PyErr_SetString(PyExc_RuntimeError, "KitVec is stepping in another thread");
        return -1;
    }
    return 0;
}

/* ---- the arenas: their options and seats ------------------------------------------------ */

/* pursuit: size, walls, clocks; seats (predator, prey): None for a learner or a bot's name. */
static int setup_pursuit(KitVec *v, PyObject *kw, const void **bots) {
    v->params.pursuit = (pursuit_vec_params){8, 0.2, 30};
    PyObject *size = kw ? PyDict_GetItemString(kw, "size") : NULL;
    PyObject *walls = kw ? PyDict_GetItemString(kw, "walls") : NULL;
    PyObject *clocks = kw ? PyDict_GetItemString(kw, "clocks") : NULL;
    if (size && (v->params.pursuit.size = (int)PyLong_AsLong(size)) == -1 && PyErr_Occurred()) return -1;
    if (walls && (v->params.pursuit.walls = PyFloat_AsDouble(walls)) == -1.0 && PyErr_Occurred()) return -1;
    if (clocks && (v->params.pursuit.clocks = (int)PyLong_AsLong(clocks)) == -1 && PyErr_Occurred()) return -1;
    if (v->params.pursuit.size < 2 || v->params.pursuit.size > 64 || v->params.pursuit.clocks < 1 ||
        !(v->params.pursuit.walls >= 0 && v->params.pursuit.walls < 1)) {
        PyErr_SetString(PyExc_ValueError, "pursuit: size 2..64, walls in [0, 1), clocks >= 1");
        return -1;
    }
    for (int r = 0; r < 2; r++) {
        const char *name = (const char *)bots[r];
        if (!name) continue;
        const pursuit_bot *b = pursuit_bot_find(name, (pursuit_role)r);
        if (!b) {
            PyErr_Format(PyExc_ValueError, "pursuit seat %d: unknown bot '%s' for that seat", r, name);
            return -1;
        }
        bots[r] = b;
    }
    return 0;
}

/* bomber: no options; seats: None for a learner or a bot's name. */
static int setup_bomber(KitVec *v, PyObject *kw, const void **bots) {
    (void)v;
    (void)kw;
    for (int p = 0; p < BOMBER_PLAYERS; p++) {
        const char *name = (const char *)bots[p];
        if (!name) continue;
        if (!(bots[p] = bomber_find_bot(name))) {
            PyErr_Format(PyExc_ValueError, "bomber seat %d: unknown bot '%s'", p, name);
            return -1;
        }
    }
    return 0;
}

/* kutulu: maps (the folder of the league maps, required), map (-1 drawn, or 0..15); seats:
 * None for a learner or a built-in bot's name. */
static int setup_kutulu(KitVec *v, PyObject *kw, const void **bots) {
    PyObject *maps = kw ? PyDict_GetItemString(kw, "maps") : NULL, *map = kw ? PyDict_GetItemString(kw, "map") : NULL;
    const char *dir = maps && PyUnicode_Check(maps) ? PyUnicode_AsUTF8(maps) : NULL;
    if (!dir) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "kutulu: maps, the folder of the league maps (str)");
        return -1;
    }
    int m = -1;
    if (map && (m = (int)PyLong_AsLong(map)) == -1 && PyErr_Occurred()) return -1;
    if (m < -1 || m >= KT_LEAGUE_MAPS) {
        PyErr_SetString(PyExc_ValueError, "kutulu: map -1 (drawn) or 0..15");
        return -1;
    }
    for (int i = 0; i < KT_PLAYERS; i++) {
        const char *name = (const char *)bots[i];
        if (!name) continue;
        if (!(bots[i] = kt_bot_find(name))) {
            PyErr_Format(PyExc_ValueError, "kutulu seat %d: unknown built-in bot '%s'", i, name);
            return -1;
        }
    }
    if (!(v->mapset = PyMem_Calloc(1, sizeof *v->mapset))) {
        PyErr_NoMemory();
        return -1;
    }
    char err[256] = "";
    if (kt_mapset_load(dir, v->mapset, err, sizeof err)) {
        PyErr_Format(PyExc_ValueError, "kutulu: maps: %s", err);
        return -1;
    }
    v->params.kutulu = (kutulu_vec_params){v->mapset, m};
    return 0;
}

typedef struct arena_entry {
    const char *name;
    const kit_vec_arena *arena;
    const char *const *options; /* the keyword options it takes */
    int (*setup)(KitVec *v, PyObject *kw, const void **bots);
} arena_entry;

static const char *const pursuit_options[] = {"size", "walls", "clocks", NULL};
static const char *const no_options[] = {NULL};
static const char *const kutulu_options[] = {"maps", "map", NULL};
static const arena_entry arenas[] = {
    {"bomber", &bomber_vec_arena, no_options, setup_bomber},
    {"kutulu", &kutulu_vec_arena, kutulu_options, setup_kutulu},
    {"pursuit", &pursuit_vec_arena, pursuit_options, setup_pursuit},
};

/* ---- construction ----------------------------------------------------------------------- */

static int out_shape(const KitVec *v, int k, npy_intp *dims, int *type) {
    dims[0] = v->n;
    dims[1] = v->nlearners;
    switch (k) {
    case OUT_OBS:
        dims[2] = v->obs_len;
        *type = NPY_FLOAT32;
        return 3;
    case OUT_REWARDS:
        *type = NPY_FLOAT32;
        return 2;
    case OUT_MASKS:
        dims[2] = v->arena->nactions;
        *type = NPY_UINT8;
        return 3;
    default:
        *type = NPY_BOOL;
        return 2;
    }
}

/* KitVec(arena, n, seats, *, seed=0, threads=1, **options) */
static int game_init(KitVec *v, PyObject *args, PyObject *kw) {
    if (v->vec) {
        PyErr_SetString(PyExc_RuntimeError, "KitVec is initialised once");
        return -1;
    }
    const char *name;
    Py_ssize_t n;
    PyObject *seats;
    if (!PyArg_ParseTuple(args, "snO:KitVec", &name, &n, &seats)) return -1;
    const arena_entry *a = NULL;
    for (size_t i = 0; i < sizeof arenas / sizeof arenas[0]; i++)
        if (!strcmp(arenas[i].name, name)) a = &arenas[i];
    if (!a) {
        PyErr_Format(PyExc_ValueError, "KitVec: no vectorized games of arena '%s'", name);
        return -1;
    }
    v->arena = a->arena;
    int threads = 1;
    uint64_t seed = 0;
    /* the common keywords, then the arena's own; anything else is refused */
    Py_ssize_t pos = 0;
    PyObject *key, *value;
    while (kw && PyDict_Next(kw, &pos, &key, &value)) {
        const char *k = PyUnicode_AsUTF8(key);
        if (!k) return -1;
        if (!strcmp(k, "seed")) {
            long long s = PyLong_AsLongLong(value);
            if (s == -1 && PyErr_Occurred()) return -1;
            if (s < 0) {
                PyErr_SetString(PyExc_ValueError, "seed must be in 0 .. 2**63 - 1");
                return -1;
            }
            seed = (uint64_t)s;
        } else if (!strcmp(k, "threads")) {
            threads = (int)PyLong_AsLong(value);
            if (threads == -1 && PyErr_Occurred()) return -1;
        } else {
            int known = 0;
            for (const char *const *o = a->options; *o; o++) known |= !strcmp(*o, k);
            if (!known) {
                PyErr_Format(PyExc_TypeError, "KitVec(%s): unexpected option '%s'", name, k);
                return -1;
            }
        }
    }
    if (n < 1 || n > (1 << 24)) {
        PyErr_SetString(PyExc_ValueError, "n must be in 1 .. 2**24");
        return -1;
    }
    if (threads < 1 || threads > 256) {
        PyErr_SetString(PyExc_ValueError, "threads must be in 1 .. 256");
        return -1;
    }
    PyObject *list = PySequence_Fast(seats, "seats must be a sequence of bot names or None");
    if (!list) return -1;
    const void *bots[KIT_VEC_MAX_SEATS] = {NULL};
    int ok = PySequence_Fast_GET_SIZE(list) == v->arena->nseats;
    if (!ok) PyErr_Format(PyExc_ValueError, "%s has %d seats, got %zd", name, v->arena->nseats, PySequence_Fast_GET_SIZE(list));
    for (int s = 0; ok && s < v->arena->nseats; s++) {
        PyObject *o = PySequence_Fast_GET_ITEM(list, s);
        if (o == Py_None) continue;
        if (!PyUnicode_Check(o) || !(bots[s] = PyUnicode_AsUTF8(o))) {
            if (!PyErr_Occurred()) PyErr_Format(PyExc_TypeError, "seat %d: a bot name or None", s);
            ok = 0;
        }
    }
    /* the names stay valid while list holds the strings: setup turns them into bots */
    if (ok && a->setup(v, kw, bots) < 0) ok = 0;
    Py_DECREF(list);
    if (!ok) return -1;
    int rc = kit_vec_new(v->arena, &v->params, bots, (long)n, &v->vec);
    if (rc == DMAP_OK) rc = dmap_pool_new(&v->pool, threads);
    if (rc != DMAP_OK) {
        kit_vec_free(v->vec);
        v->vec = NULL;
        pyarenas_raise(rc, "KitVec");
        return -1;
    }
    v->n = (long)n;
    v->seed = seed;
    v->threads = threads;
    v->nlearners = kit_vec_learners(v->vec, v->seats);
    v->obs_len = kit_vec_obs_len(v->vec);
    for (int k = 0; k < NOUT; k++) {
        npy_intp dims[3];
        int type, nd = out_shape(v, k, dims, &type);
        if (!(v->out[k] = PyArray_ZEROS(nd, dims, type, 0))) return -1;
    }
    npy_intp na = (npy_intp)v->n * v->nlearners;
    if (!(v->actions32 = PyArray_ZEROS(1, &na, NPY_INT32, 0))) return -1;
    return 0;
}

static int game_traverse(KitVec *v, visitproc visit, void *arg) {
    for (int k = 0; k < NOUT; k++) Py_VISIT(v->out[k]);
    Py_VISIT(v->actions32);
    return 0;
}

static int game_clear(KitVec *v) {
    for (int k = 0; k < NOUT; k++) Py_CLEAR(v->out[k]);
    Py_CLEAR(v->actions32);
    return 0;
}

static void game_dealloc(KitVec *v) {
    PyObject_GC_UnTrack(v);
    game_clear(v);
    kit_vec_free(v->vec);
    dmap_pool_free(v->pool);
    PyMem_Free(v->mapset);
    Py_TYPE(v)->tp_free((PyObject *)v);
}

/* ---- reset and step --------------------------------------------------------------------- */

enum { RUN_RESET, RUN_NEXT, RUN_STEP };

static int run_unlocked(KitVec *v, int kind, const int32_t *actions, uint64_t seed) {
    kit_vec_out o = {
        .obs = PyArray_DATA((PyArrayObject *)v->out[OUT_OBS]),
        .masks = PyArray_DATA((PyArrayObject *)v->out[OUT_MASKS]),
        .rewards = PyArray_DATA((PyArrayObject *)v->out[OUT_REWARDS]),
        .terminated = PyArray_DATA((PyArrayObject *)v->out[OUT_TERMINATED]),
        .truncated = PyArray_DATA((PyArrayObject *)v->out[OUT_TRUNCATED]),
    };
    int rc;
    v->busy = 1;
    Py_BEGIN_ALLOW_THREADS
    rc = kind == RUN_STEP   ? kit_vec_step(v->vec, actions, v->pool, &o)
         : kind == RUN_NEXT ? kit_vec_next(v->vec, v->pool, &o)
                            : kit_vec_reset(v->vec, seed, v->pool, &o);
    Py_END_ALLOW_THREADS
    v->busy = 0;
    return rc;
}

static PyObject *vec_reset(KitVec *v, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"seed", NULL};
    PyObject *seed_obj = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|O:reset", kwlist, &seed_obj) || check_idle(v) < 0) return NULL;
    uint64_t seed = v->seed;
    if (seed_obj != Py_None) {
        long long s = PyLong_AsLongLong(seed_obj);
        if (s == -1 && PyErr_Occurred()) return NULL;
        if (s < 0) {
            PyErr_SetString(PyExc_ValueError, "seed must be in 0 .. 2**63 - 1");
            return NULL;
        }
        seed = (uint64_t)s;
    }
    int rc = run_unlocked(v, seed_obj == Py_None && v->started ? RUN_NEXT : RUN_RESET, NULL, seed);
    if (rc != DMAP_OK) {
        v->started = 0;
        return pyarenas_raise(rc, "KitVec.reset");
    }
    v->seed = seed;
    v->started = 1;
    return PyTuple_Pack(2, v->out[OUT_OBS], v->out[OUT_MASKS]);
}

static PyObject *vec_step(KitVec *v, PyObject *obj) {
    if (check_idle(v) < 0) return NULL;
    if (!v->started) {
        PyErr_SetString(PyExc_RuntimeError, "KitVec.step before reset(): call reset() first");
        return NULL;
    }
    PyArrayObject *a = (PyArrayObject *)PyArray_FROM_O(obj);
    if (!a) return NULL;
    int kind = PyArray_DESCR(a)->kind, nd = PyArray_NDIM(a);
    if (kind != 'i' && kind != 'u') {
        Py_DECREF(a);
        PyErr_SetString(PyExc_TypeError, "actions must be an array of integers");
        return NULL;
    }
    if (!((nd == 2 && PyArray_DIM(a, 0) == v->n && PyArray_DIM(a, 1) == v->nlearners) ||
          (nd == 1 && v->nlearners == 1 && PyArray_DIM(a, 0) == v->n))) {
        Py_DECREF(a);
        PyErr_Format(PyExc_ValueError, "actions must have shape (%ld, %d), one per game and learner", v->n, v->nlearners);
        return NULL;
    }
    PyArrayObject *wide = (PyArrayObject *)PyArray_FROM_OTF((PyObject *)a, NPY_INT64, NPY_ARRAY_CARRAY_RO | NPY_ARRAY_FORCECAST);
    Py_DECREF(a);
    if (!wide) return NULL;
    const int64_t *w = PyArray_DATA(wide);
    int32_t *dst = PyArray_DATA((PyArrayObject *)v->actions32);
    npy_intp total = (npy_intp)v->n * v->nlearners;
    for (npy_intp k = 0; k < total; k++) {
        if (w[k] < 0 || w[k] >= v->arena->nactions) {
            PyErr_Format(PyExc_ValueError, "actions: %lld is not an action 0 .. %d", (long long)w[k], v->arena->nactions - 1);
            Py_DECREF(wide);
            return NULL;
        }
        dst[k] = (int32_t)w[k];
    }
    Py_DECREF(wide);
    int rc = run_unlocked(v, RUN_STEP, dst, 0);
    if (rc != DMAP_OK) {
        v->started = 0;
        return pyarenas_raise(rc, "KitVec.step");
    }
    return PyTuple_Pack(5, v->out[OUT_OBS], v->out[OUT_REWARDS], v->out[OUT_TERMINATED], v->out[OUT_TRUNCATED],
                        v->out[OUT_MASKS]);
}

static PyObject *vec_episodes(KitVec *v, PyObject *unused) {
    (void)unused;
    if (check_idle(v) < 0) return NULL;
    npy_intp n = v->n;
    PyObject *ep = PyArray_ZEROS(1, &n, NPY_INT64, 0), *seeds = PyArray_ZEROS(1, &n, NPY_UINT64, 0),
             *steps = PyArray_ZEROS(1, &n, NPY_INT32, 0);
    if (!ep || !seeds || !steps) {
        Py_XDECREF(ep);
        Py_XDECREF(seeds);
        Py_XDECREF(steps);
        return NULL;
    }
    for (long i = 0; i < v->n; i++) {
        long e;
        uint64_t s;
        int st;
        kit_vec_episode(v->vec, i, &e, &s, &st);
        ((int64_t *)PyArray_DATA((PyArrayObject *)ep))[i] = e;
        ((uint64_t *)PyArray_DATA((PyArrayObject *)seeds))[i] = s;
        ((int32_t *)PyArray_DATA((PyArrayObject *)steps))[i] = st;
    }
    return Py_BuildValue("(NNN)", ep, seeds, steps);
}

static PyMethodDef game_methods[] = {
    {"reset", (PyCFunction)(void (*)(void))vec_reset, METH_VARARGS | METH_KEYWORDS,
     "reset(seed=None) -> (obs, masks): reset(seed) starts episode 0 of every game from seed; reset() "
     "the first time from the construction seed, later every game's next episode."},
    {"step", (PyCFunction)vec_step, METH_O,
     "step(actions) -> (obs, rewards, terminated, truncated, masks): actions (n, learners); a game "
     "whose episode ended in the last step starts its next one instead (its actions ignored)."},
    {"episodes", (PyCFunction)vec_episodes, METH_NOARGS,
     "episodes() -> (episode, seed, steps): per game its episode, the episode's seed, its steps."},
    {NULL, NULL, 0, NULL}};

static PyObject *get_out(KitVec *v, void *k) {
    PyObject *a = v->out[(intptr_t)k];
    if (!a) Py_RETURN_NONE;
    Py_INCREF(a);
    return a;
}
static PyObject *get_num_envs(KitVec *v, void *u) { (void)u; return PyLong_FromLong(v->n); }
static PyObject *get_num_learners(KitVec *v, void *u) { (void)u; return PyLong_FromLong(v->nlearners); }
static PyObject *get_obs_len(KitVec *v, void *u) { (void)u; return PyLong_FromLong(v->obs_len); }
static PyObject *get_nactions(KitVec *v, void *u) { (void)u; return PyLong_FromLong(v->arena->nactions); }
static PyObject *get_arena(KitVec *v, void *u) { (void)u; return PyUnicode_FromString(v->arena->name); }
static PyObject *get_learner_seats(KitVec *v, void *u) {
    (void)u;
    PyObject *t = PyTuple_New(v->nlearners);
    for (int l = 0; t && l < v->nlearners; l++) PyTuple_SET_ITEM(t, l, PyLong_FromLong(v->seats[l]));
    return t;
}

static PyGetSetDef game_getset[] = {
    {"obs", (getter)get_out, NULL, "float32 (n, learners, obs_len): the observations", (void *)(intptr_t)OUT_OBS},
    {"rewards", (getter)get_out, NULL, "float32 (n, learners)", (void *)(intptr_t)OUT_REWARDS},
    {"terminated", (getter)get_out, NULL, "bool (n, learners)", (void *)(intptr_t)OUT_TERMINATED},
    {"truncated", (getter)get_out, NULL, "bool (n, learners)", (void *)(intptr_t)OUT_TRUNCATED},
    {"masks", (getter)get_out, NULL, "uint8 (n, learners, actions): the legal actions", (void *)(intptr_t)OUT_MASKS},
    {"num_envs", (getter)get_num_envs, NULL, "the number of games", NULL},
    {"num_learners", (getter)get_num_learners, NULL, "learner seats per game", NULL},
    {"learner_seats", (getter)get_learner_seats, NULL, "the learners' seats, ascending", NULL},
    {"obs_len", (getter)get_obs_len, NULL, "floats per observation", NULL},
    {"num_actions", (getter)get_nactions, NULL, "actions per learner", NULL},
    {"arena", (getter)get_arena, NULL, "the arena's name", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

PYARENAS_GAME_TYPE(KitVecType, KitVec, "KitVec",
                   "KitVec(arena, n, seats, *, seed=0, threads=1, **options): n games of an arena (bomber, kutulu, pursuit) "
                   "stepped together in C with next-step autoreset (dmap.rl.vector_env).");

int pyarenas_add_kit_vec(PyObject *m) {
    if (PyType_Ready(&KitVecType) < 0) return -1;
    Py_INCREF(&KitVecType);
    if (PyModule_AddObject(m, "KitVec", (PyObject *)&KitVecType) < 0) {
        Py_DECREF(&KitVecType);
        return -1;
    }
    return 0;
}
