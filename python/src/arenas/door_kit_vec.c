/* door_kit_vec.c — dmap._arenas.KitVec: the vectorized games of the bomber, Kutulu and pursuit
 * arenas (arenas/kit/vec.h, each arena's vec.c) over NumPy arrays, for dmap.rl.vector_env. The
 * object owns its output arrays (obs float32 (n, learners, obs_len), rewards, terminated,
 * truncated, masks) and a dmap_pool; reset and step write them in place with the GIL released.
 * Next-step autoreset (gymnasium's): the step after a game's episode ended starts its next one.
 * Bad input is refused with ValueError or TypeError before any game moves. */
#include "door_vec.h"

#include <string.h>

#include "bomber.h"
#include "kit/bot.h"
#include "kit/param.h"
#include "kit/vec.h"
#include "kutulu_vec.h"
#include "pursuit.h"

_Static_assert(KIT_VEC_MAX_SEATS <= PYVEC_MAX_SEATS, "a KitVec's seats fit the common head");

typedef struct KitVec {
    pyvec base; /* first: the common head (door_vec.h) */
    kit_vec *vec;
    const kit_vec_arena *arena;
    union {
        pursuit_vec_params pursuit;
        kutulu_vec_params kutulu;
    } params;
    kt_mapset *mapset; /* Kutulu's league maps, loaded once */
    const kit_bot_info *specs[KIT_VEC_MAX_SEATS]; /* the seats' bots; those of specs freed at release */
} KitVec;

/* ---- the arenas: their options and seats ------------------------------------------------ */

/* pursuit: size, walls, clocks; seats (predator, prey), each with its own bots. */
static int setup_pursuit(KitVec *v, PyObject *kw) {
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
    return 0;
}

static const kit_bot_table *pursuit_bots(int seat) { return pursuit_seat_bots((pursuit_role)seat); }

/* bomber: no options. */
static int setup_bomber(KitVec *v, PyObject *kw) {
    (void)v;
    (void)kw;
    return 0;
}

static const kit_bot_table *bomber_bots(int seat) {
    (void)seat;
    return &bomber_bot_table;
}

/* kutulu: maps (the folder of the league maps, required), map (-1 drawn, or 0..15). */
static int setup_kutulu(KitVec *v, PyObject *kw) {
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

static const kit_bot_table *kutulu_bots(int seat) {
    (void)seat;
    return &kt_bot_table;
}

typedef struct arena_entry {
    const char *name;
    const kit_vec_arena *arena;
    const char *const *options; /* the keyword options it takes */
    int (*setup)(KitVec *v, PyObject *kw);        /* reads the options into v->params */
    const kit_bot_table *(*bots)(int seat);       /* the bots a seat may take */
} arena_entry;

static const char *const pursuit_options[] = {"size", "walls", "clocks", NULL};
static const char *const no_options[] = {NULL};
static const char *const kutulu_options[] = {"maps", "map", NULL};
static const arena_entry arenas[] = {
    {"bomber", &bomber_vec_arena, no_options, setup_bomber, bomber_bots},
    {"kutulu", &kutulu_vec_arena, kutulu_options, setup_kutulu, kutulu_bots},
    {"pursuit", &pursuit_vec_arena, pursuit_options, setup_pursuit, pursuit_bots},
};

/* ---- the engine ------------------------------------------------------------------------- */

static int kit_run(pyvec *b, int kind, const int32_t *actions, const int32_t *words, uint64_t seed, void *const *out) {
    (void)words;
    KitVec *v = (KitVec *)b;
    kit_vec_out o = PYVEC_OUT(kit_vec_out, out);
    return kind == PYVEC_STEP   ? kit_vec_step(v->vec, actions, b->pool, &o)
           : kind == PYVEC_NEXT ? kit_vec_next(v->vec, b->pool, &o)
                                : kit_vec_reset(v->vec, seed, b->pool, &o);
}

static int kit_episode(const pyvec *b, long i, long *episode, uint64_t *seed, int *steps) {
    return kit_vec_episode(((const KitVec *)b)->vec, i, episode, seed, steps);
}

static const pyvec_ops kit_ops = {"KitVec", "KitVec", kit_run, kit_episode};

/* ---- construction ----------------------------------------------------------------------- */

/* KitVec(arena, n, seats, *, seed=0, threads=1, **options) */
static int game_init(KitVec *v, PyObject *args, PyObject *kw) {
    pyvec *b = &v->base;
    b->ops = &kit_ops;
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
            if (pyvec_seed(value, &seed) < 0) return -1;
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
    if (pyvec_limits(n, threads) < 0 || a->setup(v, kw) < 0) return -1;
    /* seats: None for a learner or a bot spec of the seat's table, "NAME" or "NAME:PARAM=VALUE" */
    const void *bots[KIT_VEC_MAX_SEATS] = {NULL};
    const char *names[KIT_VEC_MAX_SEATS] = {NULL};
    PyObject *list = pyvec_seat_names(seats, v->arena->nseats, name, "a bot spec or None", names);
    if (!list) return -1;
    int ok = 1;
    for (int s = 0; ok && s < v->arena->nseats; s++)
        if (names[s] && !(bots[s] = v->specs[s] = pyarenas_bot_spec(a->bots(s), names[s], s))) ok = 0;
    Py_DECREF(list);
    if (!ok) return -1;
    int rc = kit_vec_new(v->arena, &v->params, bots, (long)n, &v->vec);
    if (rc != DMAP_OK) {
        pyarenas_raise(rc, "KitVec");
        return -1;
    }
    b->n = (long)n;
    b->nlearners = kit_vec_learners(v->vec, b->seats);
    b->nactions = v->arena->nactions;
    b->obs_nd = 1;
    b->obs_dims[0] = kit_vec_obs_len(v->vec);
    b->obs_type = NPY_FLOAT32;
    return pyvec_start(b, threads, seed);
}

static void game_release(KitVec *v) {
    pyvec_release(&v->base);
    kit_vec_free(v->vec);
    for (int s = 0; s < KIT_VEC_MAX_SEATS; s++) {
        kit_param_seat_free(v->specs[s]);
        v->specs[s] = NULL;
    }
    PyMem_Free(v->mapset);
}

#define GAME_REFS(v, X) PYVEC_REFS(&(v)->base, X)
PYARENAS_GAME_GC(KitVec, GAME_REFS)

/* ---- methods and attributes ------------------------------------------------------------- */

static PyMethodDef game_methods[] = {
    PYVEC_RESET_METHOD,
    {"step", (PyCFunction)pyvec_step, METH_O,
     "step(actions) -> (obs, rewards, terminated, truncated, masks): actions (n, learners); a game "
     "whose episode ended in the last step starts its next one instead (its actions ignored)."},
    PYVEC_EPISODES_METHOD,
    {NULL, NULL, 0, NULL}};

static PyObject *get_obs_len(KitVec *v, void *u) { (void)u; return PyLong_FromLong((long)v->base.obs_dims[0]); }
static PyObject *get_nactions(KitVec *v, void *u) { (void)u; return PyLong_FromLong(v->arena->nactions); }
static PyObject *get_arena(KitVec *v, void *u) { (void)u; return PyUnicode_FromString(v->arena->name); }

static PyGetSetDef game_getset[] = {
    PYVEC_OUT_GETSET(NULL, "float32 (n, learners, obs_len): the observations", "uint8 (n, learners, actions): the legal actions"),
    PYVEC_COUNTS_GETSET,
    {"obs_len", (getter)get_obs_len, NULL, "floats per observation", NULL},
    {"num_actions", (getter)get_nactions, NULL, "actions per learner", NULL},
    {"arena", (getter)get_arena, NULL, "the arena's name", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

PYARENAS_GAME_TYPE(KitVecType, KitVec, "KitVec",
                   "KitVec(arena, n, seats, *, seed=0, threads=1, **options): n games of an arena (bomber, kutulu, pursuit) "
                   "stepped together in C with next-step autoreset (dmap.rl.vector_env).");

int pyarenas_add_kit_vec(PyObject *m) { return pyarenas_add_type(m, &KitVecType); }
