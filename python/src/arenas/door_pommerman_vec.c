/* door_pommerman_vec.c — dmap._arenas.PommermanVec (dmap.arenas.pommerman.VecEnv): the arena's
 * vectorized games (pommerman.h, vec.c) over NumPy arrays. The object owns its output arrays
 * (obs, rewards, terminated, truncated, masks; any may be replaced by a caller's array of the
 * same shape and dtype) and a dmap_pool of `threads` threads; reset and step write into the
 * arrays in place with the GIL released. Bad input is refused with ValueError or TypeError
 * before any game moves. */
#include "door_vec.h"

#include <stdio.h>
#include <string.h>

#include "kit/param.h"
#include "pommerman.h"

/* gymnasium's AutoresetMode values; SAME_STEP is this type's own first behaviour */
enum { AUTORESET_SAME_STEP, AUTORESET_NEXT_STEP, AUTORESET_DISABLED };
static const char *const mode_names[] = {"SameStep", "NextStep", "Disabled"};

static const char *const out_names[PYVEC_NOUT] = {"obs", "rewards", "terminated", "truncated", "masks"};

typedef struct PmVec {
    pyvec base; /* first: the common head (door_vec.h) */
    pm_vec *vec;
    const pm_config *cfg;
    int channels;
    unsigned planes;
    int mode;        /* AUTORESET_* */
    PyObject *names; /* list of str: the name of each channel */
    const kit_bot_info *specs[PM_MAX_AGENTS]; /* the seats of bot specs, freed with the games */
} PmVec;

/* Whether arr fits output k exactly: a writeable, aligned, C-contiguous ndarray of its shape
 * and dtype. Sets TypeError or ValueError when not. */
static int check_out(const PmVec *v, int k, PyObject *arr) {
    npy_intp dims[5];
    int type, nd = pyvec_out_shape(&v->base, k, dims, &type);
    if (!PyArray_Check(arr)) {
        PyErr_Format(PyExc_TypeError, "%s must be a numpy.ndarray", out_names[k]);
        return -1;
    }
    PyArrayObject *a = (PyArrayObject *)arr;
    if (PyArray_TYPE(a) != type) {
        PyObject *want = (PyObject *)PyArray_DescrFromType(type);
        PyErr_Format(PyExc_TypeError, "%s must have dtype %S, got %S", out_names[k], want,
                     (PyObject *)PyArray_DESCR(a));
        Py_XDECREF(want);
        return -1;
    }
    int same = PyArray_NDIM(a) == nd;
    for (int d = 0; same && d < nd; d++) same = PyArray_DIM(a, d) == dims[d];
    if (!same) {
        PyObject *shape = PyTuple_New(nd);
        for (int d = 0; shape && d < nd; d++) PyTuple_SET_ITEM(shape, d, PyLong_FromSsize_t(dims[d]));
        if (shape) PyErr_Format(PyExc_ValueError, "%s must have shape %S", out_names[k], shape);
        Py_XDECREF(shape);
        return -1;
    }
    if (!PyArray_ISCARRAY(a)) {
        PyErr_Format(PyExc_ValueError, "%s must be a writeable, aligned, C-contiguous array", out_names[k]);
        return -1;
    }
    /* each output is written on its own: one sharing memory with another would mix them */
    const char *p = PyArray_BYTES(a);
    for (int o = 0; o < PYVEC_NOUT; o++) {
        PyArrayObject *other = (PyArrayObject *)v->base.out[o];
        if (o == k || !other) continue;
        const char *q = PyArray_BYTES(other);
        if (p < q + PyArray_NBYTES(other) && q < p + PyArray_NBYTES(a)) {
            PyErr_Format(PyExc_ValueError, "%s must not share memory with %s", out_names[k], out_names[o]);
            return -1;
        }
    }
    return 0;
}

/* ---- construction ----------------------------------------------------------------------- */

/* seats: None (every seat a learner) or one entry per seat: None or "learner", or a bot name
 * or spec (kept in specs to be freed). */
static int parse_seats(const pm_config *cfg, PyObject *seats, pm_vec_spec *spec,
                       const kit_bot_info **specs) {
    if (seats == Py_None) return 0;
    if (PyUnicode_Check(seats)) {
        PyErr_SetString(PyExc_TypeError, "seats must be a sequence of bot names, 'learner' or None");
        return -1;
    }
    const char *names[PM_MAX_AGENTS];
    PyObject *list = pyvec_seat_names(seats, cfg->num_agents, cfg->name, "a bot name, 'learner' or None", names);
    if (!list) return -1;
    int rc = 0;
    for (int i = 0; rc == 0 && i < cfg->num_agents; i++) {
        if (!names[i] || strcmp(names[i], "learner") == 0) continue;
        const kit_bot_info *b = pyarenas_bot_spec(&pm_bot_table, names[i], i);
        if (!b) {
            rc = -1;
        } else {
            kit_param_seat_free(specs[i]);
            spec->seats[i] = (const pm_bot *)b;
            specs[i] = b;
        }
    }
    Py_DECREF(list);
    return rc;
}

/* planes: a sequence of map plane names (or "all"); the planes come in their fixed order. */
static int parse_planes(PyObject *planes, unsigned *bits) {
    *bits = 0;
    if (planes == Py_None) return 0;
    if (PyUnicode_Check(planes)) {
        if (PyUnicode_CompareWithASCIIString(planes, "all") == 0) {
            *bits = PM_VEC_ALL_PLANES;
            return 0;
        }
        PyErr_SetString(PyExc_TypeError, "planes must be a sequence of plane names or 'all'");
        return -1;
    }
    PyObject *list = PySequence_Fast(planes, "planes must be a sequence of plane names or 'all'");
    if (!list) return -1;
    int rc = 0;
    for (Py_ssize_t i = 0; rc == 0 && i < PySequence_Fast_GET_SIZE(list); i++) {
        PyObject *p = PySequence_Fast_GET_ITEM(list, i);
        const char *name = PyUnicode_Check(p) ? PyUnicode_AsUTF8(p) : NULL;
        unsigned bit = name ? pm_vec_plane_bit(name) : 0;
        if (!bit) {
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_ValueError, "unknown plane %R (known: dist_self, dist_enemy, "
                             "dist_each_enemy, danger, flee)", p);
            rc = -1;
        }
        *bits |= bit;
    }
    Py_DECREF(list);
    return rc;
}

static const char *const std_names[PM_VEC_STD_CHANNELS] = {
    "passage", "rigid", "wood", "bomb", "flames", "fog", "extra_bomb", "incr_range", "kick",
    "self", "teammate", "enemies", "bomb_blast_strength", "bomb_life", "bomb_moving_direction",
    "flame_life", "ammo", "blast_strength", "can_kick"};

static int add_name(PyObject *list, const char *name) {
    PyObject *s = PyUnicode_FromString(name);
    int rc = s ? PyList_Append(list, s) : -1;
    Py_XDECREF(s);
    return rc;
}

static PyObject *channel_names(const PmVec *v) {
    PyObject *l = PyList_New(0);
    if (!l) return NULL;
    for (int c = 0; c < PM_VEC_STD_CHANNELS; c++)
        if (add_name(l, std_names[c]) < 0) goto fail;
    for (unsigned bit = 1; bit <= PM_VEC_ALL_PLANES; bit <<= 1) {
        if (!(v->planes & bit)) continue;
        if (bit == PM_VEC_DIST_EACH_ENEMY) {
            int ne = v->channels - PM_VEC_STD_CHANNELS;
            for (unsigned other = 1; other <= PM_VEC_ALL_PLANES; other <<= 1)
                if (other != bit && (v->planes & other)) ne--;
            for (int e = 0; e < ne; e++) {
                char name[32];
                snprintf(name, sizeof name, "dist_enemy%d", e);
                if (add_name(l, name) < 0) goto fail;
            }
        } else if (add_name(l, pm_vec_plane_name(bit)) < 0) {
            goto fail;
        }
    }
    return l;
fail:
    Py_DECREF(l);
    return NULL;
}

/* ---- the engine ------------------------------------------------------------------------- */

static int pm_run(pyvec *b, int kind, const int32_t *actions, const int32_t *words, uint64_t seed, void *const *out) {
    PmVec *v = (PmVec *)b;
    pm_vec_out o = PYVEC_OUT(pm_vec_out, out);
    return kind == PYVEC_STEP   ? pm_vec_step_words(v->vec, actions, words, b->pool, &o)
           : kind == PYVEC_NEXT ? pm_vec_next(v->vec, b->pool, &o)
                                : pm_vec_reset(v->vec, seed, b->pool, &o);
}

static int pm_episode(const pyvec *b, long i, long *episode, uint64_t *seed, int *steps) {
    return pm_vec_episode(((const PmVec *)b)->vec, i, episode, seed, steps);
}

static const pyvec_ops pm_ops = {"PommermanVec", "VecEnv", pm_run, pm_episode};

/* ---- construction ----------------------------------------------------------------------- */

static int game_init(PmVec *v, PyObject *args, PyObject *kw) {
    v->base.ops = &pm_ops;
    static char *kwlist[] = {"config", "n", "seats", "seed", "threads", "planes", "autoreset", NULL};
    const char *config;
    Py_ssize_t n;
    PyObject *seats = Py_None, *seed_obj = NULL, *planes = Py_None, *autoreset = Py_True;
    int threads = 1;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "sn|O$OiOO:VecEnv", kwlist, &config, &n, &seats,
                                     &seed_obj, &threads, &planes, &autoreset))
        return -1;
    /* autoreset: True (same step), False (none), or gymnasium's AutoresetMode value by name */
    int mode = -1;
    if (PyBool_Check(autoreset)) mode = autoreset == Py_True ? AUTORESET_SAME_STEP : AUTORESET_DISABLED;
    else if (PyUnicode_Check(autoreset))
        for (int m = 0; m < 3; m++)
            if (PyUnicode_CompareWithASCIIString(autoreset, mode_names[m]) == 0) mode = m;
    if (mode < 0) {
        PyErr_SetString(PyExc_ValueError, "autoreset: True, False, 'SameStep', 'NextStep' or 'Disabled'");
        return -1;
    }
    if (v->vec) {
        PyErr_SetString(PyExc_RuntimeError, "PommermanVec is initialised once");
        return -1;
    }
    pm_vec_spec spec = {0};
    if (!(spec.cfg = pm_config_find(config))) {
        PyErr_Format(PyExc_ValueError, "unknown Pommerman configuration '%s'", config);
        return -1;
    }
    if (pyvec_limits(n, threads) < 0) return -1;
    spec.nenvs = (long)n;
    spec.no_autoreset = mode == AUTORESET_DISABLED;
    spec.next_step = mode == AUTORESET_NEXT_STEP;
    v->mode = mode;
    if ((seed_obj && pyvec_seed(seed_obj, &spec.seed) < 0) || parse_seats(spec.cfg, seats, &spec, v->specs) < 0 ||
        parse_planes(planes, &spec.planes) < 0)
        return -1;
    int rc = pm_vec_new(&spec, &v->vec);
    if (rc != DMAP_OK) {
        pyarenas_raise(rc, "VecEnv");
        return -1;
    }
    v->cfg = spec.cfg;
    v->planes = spec.planes;
    v->channels = pm_vec_channels(v->vec);
    if (!(v->names = channel_names(v))) return -1;
    pyvec *b = &v->base;
    b->n = spec.nenvs;
    b->nlearners = pm_vec_learners(v->vec, b->seats);
    b->nactions = PM_NUM_ACTIONS;
    b->obs_nd = 3;
    b->obs_dims[0] = v->channels;
    b->obs_dims[1] = b->obs_dims[2] = v->cfg->size;
    b->obs_type = NPY_UINT8;
    return pyvec_start(b, threads, spec.seed);
}

static void game_release(PmVec *v) {
    pyvec_release(&v->base);
    pm_vec_free(v->vec);
    for (int i = 0; i < PM_MAX_AGENTS; i++) kit_param_seat_free(v->specs[i]);
}

#define GAME_REFS(v, X)                 \
    do {                                \
        PYVEC_REFS(&(v)->base, X);      \
        X((v)->names);                  \
    } while (0)
PYARENAS_GAME_GC(PmVec, GAME_REFS)

/* ---- step ------------------------------------------------------------------------------- */

/* The radio words of step_words: integers of shape (n, learners, 2) (or (n, 2) with one
 * learner), each 0 .. vocabulary - 1, as int32 in a new array held in *hold. */
static const int32_t *words_of(PmVec *v, PyObject *obj, PyObject **hold) {
    PyArrayObject *a = (PyArrayObject *)PyArray_FROM_O(obj);
    if (!a) return NULL;
    int kind = PyArray_DESCR(a)->kind, nd = PyArray_NDIM(a);
    int ok = (kind == 'i' || kind == 'u') &&
             ((nd == 3 && PyArray_DIM(a, 0) == v->base.n && PyArray_DIM(a, 1) == v->base.nlearners && PyArray_DIM(a, 2) == 2) ||
              (nd == 2 && v->base.nlearners == 1 && PyArray_DIM(a, 0) == v->base.n && PyArray_DIM(a, 1) == 2));
    if (!ok) {
        Py_DECREF(a);
        PyErr_Format(PyExc_ValueError, "words must be integers of shape (%ld, %d, 2)", v->base.n, v->base.nlearners);
        return NULL;
    }
    PyArrayObject *wide = (PyArrayObject *)PyArray_FROM_OTF((PyObject *)a, NPY_INT64, NPY_ARRAY_CARRAY_RO | NPY_ARRAY_FORCECAST);
    Py_DECREF(a);
    if (!wide) return NULL;
    npy_intp total = (npy_intp)v->base.n * v->base.nlearners * 2;
    int vocab = v->cfg->radio_vocab_size > 0 ? v->cfg->radio_vocab_size : 1;
    const int64_t *w = PyArray_DATA(wide);
    for (npy_intp k = 0; k < total; k++)
        if (w[k] < 0 || w[k] >= vocab) {
            PyErr_Format(PyExc_ValueError, "words: %lld is not a word 0 .. %d", (long long)w[k], vocab - 1);
            Py_DECREF(wide);
            return NULL;
        }
    PyArrayObject *w32 = (PyArrayObject *)PyArray_FROM_OTF((PyObject *)wide, NPY_INT32, NPY_ARRAY_CARRAY | NPY_ARRAY_FORCECAST | NPY_ARRAY_ENSURECOPY);
    Py_DECREF(wide);
    if (!w32) return NULL;
    *hold = (PyObject *)w32;
    return PyArray_DATA(w32);
}

static PyObject *do_step(PmVec *v, PyObject *actions_obj, PyObject *words_obj) {
    if (pyvec_step_ready(&v->base) < 0) return NULL;
    for (long i = 0; i < v->base.n; i++)
        if (pm_vec_finished(v->vec, i) == 1) {
            PyErr_Format(PyExc_ValueError, "game %ld has ended its episode (autoreset=False): "
                         "reset() starts the next", i);
            return NULL;
        }
    PyObject *hold = NULL, *hold_words = NULL;
    const int32_t *actions = pyvec_actions(&v->base, actions_obj, &hold);
    const int32_t *words = actions && words_obj && words_obj != Py_None ? words_of(v, words_obj, &hold_words) : NULL;
    PyObject *r = actions && (!words_obj || words_obj == Py_None || words) ? pyvec_step_run(&v->base, actions, words) : NULL;
    Py_XDECREF(hold);
    Py_XDECREF(hold_words);
    return r;
}

static PyObject *vec_step(PmVec *v, PyObject *actions_obj) { return do_step(v, actions_obj, NULL); }

static PyObject *vec_step_words(PmVec *v, PyObject *args) {
    PyObject *actions, *words;
    if (!PyArg_ParseTuple(args, "OO:step_words", &actions, &words)) return NULL;
    return do_step(v, actions, words);
}

static PyObject *vec_finished(PmVec *v, PyObject *unused) {
    (void)unused;
    if (pyvec_check_idle(&v->base) < 0) return NULL;
    npy_intp n = v->base.n;
    PyObject *f = PyArray_ZEROS(1, &n, NPY_BOOL, 0);
    if (!f) return NULL;
    for (long i = 0; i < v->base.n; i++)
        ((npy_bool *)PyArray_DATA((PyArrayObject *)f))[i] = pm_vec_finished(v->vec, i) == 1;
    return f;
}

/* ---- one game at a time (dmap.rl's Pommerman environments) --------------------------------- */

static int game_index(PmVec *v, Py_ssize_t i) {
    if (i < 0 || i >= v->base.n) {
        PyErr_Format(PyExc_IndexError, "game %zd out of range 0 .. %ld", i, v->base.n - 1);
        return -1;
    }
    return 0;
}

/* open_game(i, seed, keep_words=False): game i starts an episode from exactly this seed. */
static PyObject *vec_open_game(PmVec *v, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"i", "seed", "keep_words", NULL};
    Py_ssize_t i;
    PyObject *seed_obj;
    int keep = 0;
    uint64_t seed;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "nO|p:open_game", kwlist, &i, &seed_obj, &keep) || pyvec_check_idle(&v->base) < 0 ||
        game_index(v, i) < 0 || pyvec_seed(seed_obj, &seed) < 0)
        return NULL;
    int rc = pm_vec_open_game(v->vec, (long)i, seed, keep);
    v->base.started = pm_vec_ready(v->vec);
    if (rc != DMAP_OK) return pyarenas_raise(rc, "VecEnv.open_game");
    Py_RETURN_NONE;
}

static PyObject *obs_keys[12]; /* the keys of observation(), made once */
static const char *const obs_key_names[12] = {
    "board", "bomb_blast_strength", "bomb_life", "bomb_moving_direction", "flame_life", "position",
    "state", "alive", "teammate", "enemies", "action_mask", "message"};

static PyObject *new_array(int nd, npy_intp *dims, int type) { return PyArray_SimpleNew(nd, dims, type); }

static PyObject *int64_array(const int64_t *x, npy_intp n) {
    PyObject *a = new_array(1, &n, NPY_INT64);
    if (a) memcpy(PyArray_DATA((PyArrayObject *)a), x, sizeof(int64_t) * (size_t)n);
    return a;
}

static PyObject *float_plane(const unsigned char *x, int size) {
    npy_intp dims[2] = {size, size};
    PyObject *a = new_array(2, dims, NPY_FLOAT32);
    if (a) {
        float *f = PyArray_DATA((PyArrayObject *)a);
        for (int c = 0; c < size * size; c++) f[c] = x[c];
    }
    return a;
}

/* observation(i, seat) -> dict: seat's observation in game i as dmap.rl's Pommerman
 * environments give it (dmap/rl/_pommerman.py): the arrays built here from pm_observe. */
static PyObject *build_observation(PmVec *v, const pm_state *s, int seat) {
    pm_obs o;
    pm_observe(s, seat, &o);
    int n = o.size, radio = v->cfg->radio_vocab_size > 0;
    npy_intp dims[2] = {n, n};
    PyObject *vals[12] = {NULL};
    vals[0] = new_array(2, dims, NPY_UINT8);
    if (vals[0]) memcpy(PyArray_DATA((PyArrayObject *)vals[0]), o.board, (size_t)(n * n));
    vals[1] = float_plane(o.bomb_blast_strength, n);
    vals[2] = float_plane(o.bomb_life, n);
    vals[3] = float_plane(o.bomb_moving_direction, n);
    vals[4] = float_plane(o.flame_life, n);
    int64_t pos[2] = {o.r, o.c}, st[4] = {o.ammo, o.blast_strength, o.can_kick ? 1 : 0, o.step_count};
    int64_t mate = o.teammate, en[PM_MAX_AGENTS], msg[2] = {o.message[0], o.message[1]};
    for (int e = 0; e < o.nenemies; e++) en[e] = o.enemies[e];
    vals[5] = int64_array(pos, 2);
    vals[6] = int64_array(st, 4);
    npy_intp na = s->nagents, nm = radio ? PM_NUM_ACTIONS + 2 * v->cfg->radio_vocab_size : PM_NUM_ACTIONS;
    vals[7] = new_array(1, &na, NPY_INT8);
    if (vals[7]) {
        int8_t *al = PyArray_DATA((PyArrayObject *)vals[7]);
        memset(al, 0, (size_t)na);
        for (int k = 0; k < o.alive_count; k++) al[o.alive[k] - PM_AGENT0] = 1;
    }
    vals[8] = int64_array(&mate, 1);
    vals[9] = int64_array(en, o.nenemies);
    vals[10] = new_array(1, &nm, NPY_INT8);
    if (vals[10]) {
        int8_t *m = PyArray_DATA((PyArrayObject *)vals[10]);
        unsigned char legal[PM_NUM_ACTIONS];
        pm_legal_actions(&o, legal);
        for (int a = 0; a < PM_NUM_ACTIONS; a++) m[a] = (int8_t)legal[a];
        for (npy_intp a = PM_NUM_ACTIONS; a < nm; a++) m[a] = 1; /* every word is legal */
    }
    if (radio) vals[11] = int64_array(msg, 2);
    int nkeys = radio ? 12 : 11;
    PyObject *d = PyDict_New();
    for (int k = 0; k < nkeys; k++)
        if (!d || !vals[k] || PyDict_SetItem(d, obs_keys[k], vals[k]) < 0) Py_CLEAR(d);
    for (int k = 0; k < nkeys; k++) Py_XDECREF(vals[k]);
    return d;
}

static PyObject *vec_observation(PmVec *v, PyObject *args) {
    Py_ssize_t i;
    int seat;
    if (!PyArg_ParseTuple(args, "ni:observation", &i, &seat) || pyvec_check_idle(&v->base) < 0 || game_index(v, i) < 0) return NULL;
    const pm_state *s = pm_vec_state(v->vec, (long)i);
    if (seat < 0 || seat >= s->nagents) {
        PyErr_Format(PyExc_IndexError, "seat %d out of range 0 .. %d", seat, s->nagents - 1);
        return NULL;
    }
    return build_observation(v, s, seat);
}

/* The info dict of seat in game i (dmap/rl/_pommerman.py's): the step, and once the game is
 * done its result for the seat ("win", "loss", "tie") and the winners. */
static PyObject *seat_info(const pm_state *s, int seat, PyObject *step) {
    PyObject *d = PyDict_New();
    if (!d || PyDict_SetItemString(d, "step", step) < 0) goto fail;
    if (pm_done(s)) {
        unsigned w = 0;
        pm_result res = pm_outcome(s, &w);
        PyObject *winners = pyarenas_seat_list(w, s->nagents);
        if (!winners) goto fail;
        const char *r = (w & (1u << seat)) ? "win" : res == 1 ? "loss" : "tie";
        PyObject *rs = PyUnicode_FromString(r);
        int bad = !rs || PyDict_SetItemString(d, "result", rs) < 0 || PyDict_SetItemString(d, "winners", winners) < 0;
        Py_XDECREF(rs);
        Py_DECREF(winners);
        if (bad) goto fail;
    }
    return d;
fail:
    Py_XDECREF(d);
    return NULL;
}

/* turn(i, actions, names) -> (obs, rewards, terminated, truncated, infos): one step of game i
 * for PettingZoo's Parallel API (dmap.rl's Pommerman environment): actions one int 0..5 per
 * learner (those out of the episode are not played), names the learners' agent names; the
 * dicts cover the learners that were in the episode before the step, keyed by name, with the
 * rewards, terminated and truncated flags this type writes for them (vec.c's rule). */
static PyObject *vec_turn(PmVec *v, PyObject *args) {
    Py_ssize_t i;
    PyObject *acts, *names;
    if (!PyArg_ParseTuple(args, "nOO!:turn", &i, &acts, &PyTuple_Type, &names) || pyvec_check_idle(&v->base) < 0 ||
        game_index(v, i) < 0)
        return NULL;
    if (!v->base.started || pm_vec_finished(v->vec, i) == 1) {
        PyErr_SetString(PyExc_RuntimeError, "turn: the game is over (or was never started)");
        return NULL;
    }
    if (v->base.n != 1 || PyTuple_GET_SIZE(names) != v->base.nlearners) {
        PyErr_Format(PyExc_ValueError, "turn: one game, and one name per learner (%d)", v->base.nlearners);
        return NULL;
    }
    PyObject *list = PySequence_Fast(acts, "turn: a sequence of actions");
    if (!list) return NULL;
    int32_t *a32 = PyArray_DATA((PyArrayObject *)v->base.actions32);
    int ok = PySequence_Fast_GET_SIZE(list) == v->base.nlearners;
    for (int l = 0; ok && l < v->base.nlearners; l++) {
        long x = PyLong_AsLong(PySequence_Fast_GET_ITEM(list, l));
        if ((x == -1 && PyErr_Occurred()) || x < 0 || x >= PM_NUM_ACTIONS) ok = 0;
        else a32[l] = (int32_t)x;
    }
    Py_DECREF(list);
    if (!ok) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "turn: one action 0..5 per learner");
        return NULL;
    }
    int playing[PM_MAX_AGENTS];
    for (int l = 0; l < v->base.nlearners; l++) playing[l] = pm_vec_playing(v->vec, (long)i, l);
    int rc = pyvec_run(&v->base, PYVEC_STEP, a32, NULL, 0);
    if (rc != DMAP_OK) {
        v->base.started = 0;
        return pyarenas_raise(rc, "turn");
    }
    const pm_state *s = pm_vec_state(v->vec, (long)i);
    const float *rew = PyArray_DATA((PyArrayObject *)v->base.out[PYVEC_REWARDS]);
    const npy_bool *term = PyArray_DATA((PyArrayObject *)v->base.out[PYVEC_TERMINATED]);
    const npy_bool *trunc = PyArray_DATA((PyArrayObject *)v->base.out[PYVEC_TRUNCATED]);
    PyObject *od = PyDict_New(), *rd = PyDict_New(), *td = PyDict_New(), *ud = PyDict_New(), *id = PyDict_New();
    PyObject *step = PyLong_FromLong(s->step);
    if (!od || !rd || !td || !ud || !id || !step) goto fail;
    for (int l = 0; l < v->base.nlearners; l++) {
        if (!playing[l]) continue;
        PyObject *name = PyTuple_GET_ITEM(names, l);
        int seat = v->base.seats[l];
        PyObject *o = build_observation(v, s, seat), *inf = o ? seat_info(s, seat, step) : NULL;
        PyObject *r = inf ? PyFloat_FromDouble(rew[l]) : NULL;
        int bad = !r || PyDict_SetItem(od, name, o) < 0 || PyDict_SetItem(rd, name, r) < 0 ||
                  PyDict_SetItem(td, name, term[l] ? Py_True : Py_False) < 0 ||
                  PyDict_SetItem(ud, name, trunc[l] ? Py_True : Py_False) < 0 || PyDict_SetItem(id, name, inf) < 0;
        Py_XDECREF(o);
        Py_XDECREF(inf);
        Py_XDECREF(r);
        if (bad) goto fail;
    }
    Py_DECREF(step);
    return Py_BuildValue("(NNNNN)", od, rd, td, ud, id);
fail:
    Py_XDECREF(od);
    Py_XDECREF(rd);
    Py_XDECREF(td);
    Py_XDECREF(ud);
    Py_XDECREF(id);
    Py_XDECREF(step);
    return NULL;
}

/* game_info(i) -> (step, done, result, winners, rewards, alive): game i now. */
static PyObject *vec_game_info(PmVec *v, PyObject *arg) {
    Py_ssize_t i = PyNumber_AsSsize_t(arg, PyExc_IndexError);
    if ((i == -1 && PyErr_Occurred()) || pyvec_check_idle(&v->base) < 0 || game_index(v, i) < 0) return NULL;
    const pm_state *s = pm_vec_state(v->vec, (long)i);
    unsigned w = 0;
    pm_result res = pm_outcome(s, &w);
    int r[PM_MAX_AGENTS];
    pm_rewards(s, r);
    PyObject *winners = pyarenas_seat_list(w, s->nagents), *rewards = PyList_New(s->nagents),
             *alive = PyList_New(s->nagents);
    if (!winners || !rewards || !alive) goto fail;
    for (int k = 0; k < s->nagents; k++) {
        PyList_SET_ITEM(rewards, k, PyLong_FromLong(r[k]));
        PyList_SET_ITEM(alive, k, PyBool_FromLong(s->agents[k].alive));
    }
    return Py_BuildValue("(iNiNNN)", s->step, PyBool_FromLong(pm_done(s)), (int)res, winners, rewards, alive);
fail:
    Py_XDECREF(winners);
    Py_XDECREF(rewards);
    Py_XDECREF(alive);
    return NULL;
}

static PyMethodDef game_methods[] = {
    PYVEC_RESET_METHOD,
    {"step", (PyCFunction)vec_step, METH_O,
     "step(actions) -> (obs, rewards, terminated, truncated, masks): one step of every game; "
     "actions: integers 0..5 of shape (n, learners). Games that end start their next episode "
     "(obs and masks are then the new episode's first)."},
    {"step_words", (PyCFunction)vec_step_words, METH_VARARGS,
     "step_words(actions, words) -> step's outputs: step(actions) with the learners' radio words, "
     "integers 0..vocabulary-1 of shape (n, learners, 2) (the radio configs; ignored in the others)."},
    {"open_game", (PyCFunction)(void (*)(void))vec_open_game, METH_VARARGS | METH_KEYWORDS,
     "open_game(i, seed, keep_words=False): game i starts an episode from exactly this seed (the game "
     "pommerman.make's reset plays after seed(seed)); keep_words keeps the last step's radio words. "
     "Writes no arrays: read observation() and game_info()."},
    {"observation", (PyCFunction)vec_observation, METH_VARARGS,
     "observation(i, seat) -> dict: seat's observation in game i as dmap.rl's Pommerman environments "
     "give it (board, bomb maps, position, state, alive, teammate, enemies, action_mask, message)."},
    {"turn", (PyCFunction)vec_turn, METH_VARARGS,
     "turn(i, actions, names) -> (obs, rewards, terminated, truncated, infos): one step of game i "
     "(a one-game VecEnv without autoreset) as PettingZoo's Parallel API returns it, dicts keyed by "
     "the learners' names for those in the episode before the step."},
    {"game_info", (PyCFunction)vec_game_info, METH_O,
     "game_info(i) -> (step, done, result, winners, rewards, alive): game i now (result 0 running, "
     "1 win, 2 tie; rewards the environment's of this state, per seat)."},
    {"finished", (PyCFunction)vec_finished, METH_NOARGS,
     "finished() -> bool array (n,): the games whose episode has ended and wait for reset() "
     "(autoreset=False; always False with autoreset)."},
    PYVEC_EPISODES_METHOD,
    {NULL, NULL, 0, NULL}};

/* ---- attributes ------------------------------------------------------------------------- */

static int set_out(PmVec *v, PyObject *value, void *kp) {
    int k = (int)(intptr_t)kp;
    if (!value) {
        PyErr_Format(PyExc_TypeError, "%s cannot be deleted", out_names[k]);
        return -1;
    }
    if (pyvec_check_idle(&v->base) < 0 || check_out(v, k, value) < 0) return -1;
    Py_INCREF(value);
    Py_SETREF(v->base.out[k], value);
    return 0;
}

static PyObject *get_threads(PmVec *v, void *u) { (void)u; return PyLong_FromLong(v->base.threads); }
static PyObject *get_seed(PmVec *v, void *u) { (void)u; return PyLong_FromUnsignedLongLong(v->base.seed); }
static PyObject *get_mode(PmVec *v, void *u) { (void)u; return PyUnicode_FromString(mode_names[v->mode]); }
static PyObject *get_config(PmVec *v, void *u) { (void)u; return PyUnicode_FromString(v->cfg->name); }
static PyObject *get_size(PmVec *v, void *u) { (void)u; return PyLong_FromLong(v->cfg->size); }

static PyObject *get_names(PmVec *v, void *u) {
    (void)u;
    return PyList_GetSlice(v->names, 0, PyList_GET_SIZE(v->names));
}

static PyObject *get_obs_shape(PmVec *v, void *u) {
    (void)u;
    return Py_BuildValue("(iii)", v->channels, v->cfg->size, v->cfg->size);
}

static PyGetSetDef game_getset[] = {
    PYVEC_OUT_GETSET((setter)set_out,
                     "uint8 (n, learners, channels, size, size): the observations (assign an array of the same "
                     "shape and dtype to have them written there)",
                     "uint8 (n, learners, 6): the legal actions"),
    PYVEC_COUNTS_GETSET,
    {"threads", (getter)get_threads, NULL, "the threads a step runs on, the caller's included", NULL},
    {"seed", (getter)get_seed, NULL, "the seed of the episodes", NULL},
    {"autoreset_mode", (getter)get_mode, NULL, "'SameStep', 'NextStep' or 'Disabled' (gymnasium's AutoresetMode values)", NULL},
    {"config", (getter)get_config, NULL, "the config id", NULL},
    {"size", (getter)get_size, NULL, "the board's side", NULL},
    {"plane_names", (getter)get_names, NULL, "the name of each observation channel, in order", NULL},
    {"obs_shape", (getter)get_obs_shape, NULL, "(channels, size, size): one learner's observation", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

PYARENAS_GAME_TYPE(PmVecType, PmVec, "PommermanVec",
                   "PommermanVec(config, n, seats=None, *, seed=0, threads=1, planes=None, autoreset=True): n "
                   "Pommerman games stepped together (dmap.arenas.pommerman.VecEnv).");

int pyarenas_add_pommerman_vec(PyObject *m) {
    PmVecType.tp_flags |= Py_TPFLAGS_BASETYPE; /* dmap.arenas.pommerman.VecEnv documents it */
    for (int k = 0; k < 12; k++)
        if (!obs_keys[k] && !(obs_keys[k] = PyUnicode_InternFromString(obs_key_names[k]))) return -1;
    if (pyarenas_add_type(m, &PmVecType) < 0) return -1;
    return pyarenas_add_kit_vec(m);
}
