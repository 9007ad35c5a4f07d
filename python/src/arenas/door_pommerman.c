/* door_pommerman.c — the Pommerman door: the game type dmap._arenas.PommermanGame over the arena's
 * contract (pm_state, pm_view, pm_step, the bot table), the observation as the playground's
 * forward_model.get_observations builds it (a dict key for key, type for type), and the
 * Python agent as a bot of the kit's interface that calls agent.act(obs, action_space).
 *
 * Errors are values: an agent's act() that raises an Exception, answers something that is not
 * an action, or answers later than the time limit plays Stop for that decision (as the
 * playground's DockerAgent plays Stop on a timeout); the error goes to `errors` and is warned
 * once per seat, and the game and the other seats carry on. Decisions come before the step,
 * so an exception that must propagate (KeyboardInterrupt) leaves the state as it was. */
#include "door.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h" /* pm_render and the replay lines of the arena's program */
#include "kit/html_replay.h"
#include "kit/param.h"
#include "kit/replay.h"
#include "pommerman.h"

typedef struct PmGame PmGame;

/* The state of a Python agent's adapter bot: the game it plays in and its seat. */
typedef struct py_seat {
    PmGame *game;
    int seat;
} py_seat;

struct PmGame {
    PyObject_HEAD
    const pm_config *cfg;
    pm_game game;   /* the stepper: state, shared stream, seed */
    pm_state start; /* the state after reset: the replay's first state */
    int has_state;
    const pm_bot *bots[PM_MAX_AGENTS];
    kit_seats driver; /* the seats' bots (kit/seats.h): C bots and the Python agents' adapters */
    PyObject *agents[PM_MAX_AGENTS]; /* the Python agents; NULL for C bots */
    pm_bot py_bots[PM_MAX_AGENTS];   /* their adapters */
    py_seat seats[PM_MAX_AGENTS];
    PyObject *action_space;
    PyObject *game_env;  /* str, obs['game_env'] */
    PyObject *game_type; /* int, obs['game_type'] */
    PyObject *items;     /* tuple: the Item member of each value 0..13 */
    PyObject *ints[PM_MAX_SIZE]; /* numpy.int64 0..size-1: the position's coordinates */
    PyObject *errors;    /* list of (step, seat, kind, message) */
    int reported[PM_MAX_AGENTS];
    double time_limit; /* seconds; 0 = none */
    PyObject *given_obs; /* during act(obs): the caller's observations (borrowed) */
    int busy;
    unsigned char *history; /* the actions of every step, nagents per step */
    size_t nhistory, caphistory;
    /* v2's radio: the words each seat answered in its last decision (0,0 for a plain action
     * and for the C bots), and whether it answered a sequence (act() then hands it back as
     * (action, word, word), as the playground hands back what an agent answered) */
    int words[PM_MAX_AGENTS][2];
    int spoke[PM_MAX_AGENTS];
};

/* ---- interned names ------------------------------------------------------------------------ */

enum {
    K_ALIVE, K_BOARD, K_BS, K_BL, K_BD, K_FL, K_GAME_TYPE, K_GAME_ENV, K_POSITION, K_BLAST,
    K_CAN_KICK, K_TEAMMATE, K_AMMO, K_ENEMIES, K_STEP_COUNT, K_MESSAGE, K_ACT, NKEYS
};
static const char *const key_names[NKEYS] = {
    "alive", "board", "bomb_blast_strength", "bomb_life", "bomb_moving_direction", "flame_life",
    "game_type", "game_env", "position", "blast_strength", "can_kick", "teammate", "ammo",
    "enemies", "step_count", "message", "act"};
static PyObject *keys[NKEYS];

static int intern_keys(void) {
    for (int k = 0; k < NKEYS; k++)
        if (!keys[k] && !(keys[k] = PyUnicode_InternFromString(key_names[k]))) return -1;
    return 0;
}

/* ---- the observation ----------------------------------------------------------------------- */

static int is_radio(const pm_config *cfg) { return cfg->radio_num_words > 0; }

static PyObject *board_array(const unsigned char *v, int n) {
    npy_intp dims[2] = {n, n};
    PyObject *a = PyArray_SimpleNew(2, dims, NPY_UINT8);
    if (a) memcpy(PyArray_DATA((PyArrayObject *)a), v, (size_t)(n * n));
    return a;
}

static PyObject *float_map(const unsigned char *v, int n) {
    npy_intp dims[2] = {n, n};
    PyObject *a = PyArray_SimpleNew(2, dims, NPY_DOUBLE);
    if (!a) return NULL;
    double *d = PyArray_DATA((PyArrayObject *)a);
    for (int i = 0; i < n * n; i++) d[i] = v[i];
    return a;
}

static int set_new(PyObject *d, int key, PyObject *v) {
    if (!v) return -1;
    int rc = PyDict_SetItem(d, keys[key], v);
    Py_DECREF(v);
    return rc;
}

static PyObject *item(PmGame *g, int value) {
    PyObject *it = PyTuple_GET_ITEM(g->items, value);
    Py_INCREF(it);
    return it;
}

/* forward_model.get_observations for one agent (fog, when the config has it, is in pm_obs
 * already), then v0's step_count and, in radio games, v2's message: the teammate's last words
 * as a tuple of two ints, the key last, as v2 adds it. */
static PyObject *build_obs(PmGame *g, const pm_obs *o) {
    PyObject *d = PyDict_New();
    if (!d) return NULL;
    int n = o->size;
    PyObject *alive = PyList_New(o->alive_count);
    if (alive)
        for (int i = 0; i < o->alive_count; i++) PyList_SET_ITEM(alive, i, PyLong_FromLong(o->alive[i]));
    PyObject *enemies = PyList_New(o->nenemies);
    if (enemies)
        for (int i = 0; i < o->nenemies; i++) PyList_SET_ITEM(enemies, i, item(g, o->enemies[i]));
    Py_INCREF(g->game_type);
    Py_INCREF(g->game_env);
    if (set_new(d, K_ALIVE, alive) || set_new(d, K_BOARD, board_array(o->board, n)) ||
        set_new(d, K_BS, float_map(o->bomb_blast_strength, n)) ||
        set_new(d, K_BL, float_map(o->bomb_life, n)) ||
        set_new(d, K_BD, float_map(o->bomb_moving_direction, n)) ||
        set_new(d, K_FL, float_map(o->flame_life, n)) || set_new(d, K_GAME_TYPE, g->game_type) ||
        set_new(d, K_GAME_ENV, g->game_env) ||
        set_new(d, K_POSITION, PyTuple_Pack(2, g->ints[o->r], g->ints[o->c])) ||
        set_new(d, K_BLAST, PyLong_FromLong(o->blast_strength)) ||
        set_new(d, K_CAN_KICK, PyBool_FromLong(o->can_kick)) ||
        set_new(d, K_TEAMMATE, item(g, o->teammate)) || set_new(d, K_AMMO, PyLong_FromLong(o->ammo)) ||
        set_new(d, K_ENEMIES, enemies) || set_new(d, K_STEP_COUNT, PyLong_FromLong(o->step_count)) ||
        (is_radio(g->cfg) && set_new(d, K_MESSAGE, Py_BuildValue("(ii)", o->message[0], o->message[1])))) {
        Py_DECREF(d);
        return NULL;
    }
    return d;
}

/* ---- errors as values ------------------------------------------------------------------------ */

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Records an agent's error and warns the first time the seat errs, saying what the seat plays
 * instead; PYARENAS_ABORT when the warning itself raised (warnings as errors), else DMAP_OK. */
static int record_error_playing(PmGame *g, int seat, const char *kind, PyObject *message, const char *plays) {
    int first = pyarenas_note_error(g->errors, g->reported, g->game.s.step, seat, kind, message);
    if (first <= 0) return first < 0 ? PYARENAS_ABORT : DMAP_OK;
    if (PyErr_WarnFormat(PyExc_RuntimeWarning, 1,
                         "pommerman: agent %d: %s at step %d (%S): it plays %s; later errors "
                         "of this agent go to env.errors only",
                         seat, kind, g->game.s.step + 1, message ? message : Py_None, plays) < 0)
        return PYARENAS_ABORT;
    return DMAP_OK;
}

static int record_error(PmGame *g, int seat, const char *kind, PyObject *message) {
    return record_error_playing(g, seat, kind, message, "Stop");
}

/* The pending exception as its repr, cleared (NULL when even that fails). */
PyObject *pyarenas_take_exception(void) {
    PyObject *type, *value, *tb;
    PyErr_Fetch(&type, &value, &tb);
    PyErr_NormalizeException(&type, &value, &tb);
    PyObject *r = value ? PyObject_Repr(value) : NULL;
    if (!r) PyErr_Clear();
    Py_XDECREF(type);
    Py_XDECREF(value);
    Py_XDECREF(tb);
    return r;
}

/* An int-like lo..hi (Action members included; bool and float are not): 1 with *out set, or 0
 * (no exception left pending). */
static int small_int(PyObject *o, int lo, int hi, int *out) {
    if (PyBool_Check(o) || PyFloat_Check(o)) return 0;
    long v = lo - 1;
    PyObject *ix = PyNumber_Index(o);
    if (ix) {
        v = PyLong_AsLong(ix);
        Py_DECREF(ix);
    }
    if (PyErr_Occurred()) {
        PyErr_Clear();
        return 0;
    }
    if (v < lo || v > hi) return 0;
    *out = (int)v;
    return 1;
}

/* Element i of a list or tuple as small_int reads it (the sequence may change under __index__,
 * so its size is read again for each element). */
static int seq_int(PyObject *seq, Py_ssize_t i, int lo, int hi, int *out) {
    if (i >= PySequence_Fast_GET_SIZE(seq)) return 0;
    PyObject *o = PySequence_Fast_GET_ITEM(seq, i);
    Py_INCREF(o);
    int ok = small_int(o, lo, hi, out);
    Py_DECREF(o);
    return ok;
}

/* What an answer of act() is: not an action; a plain action (an int-like 0..5, or a sequence of
 * one); in radio games an action with its two words (a list or tuple (action, word, word), as
 * v2 reads it); or an action whose words are not two words of the vocabulary. */
enum { ANSWER_BAD, ANSWER_PLAIN, ANSWER_SPOKE, ANSWER_BAD_WORDS };

/* Reads an answer: *action, and words[] (0,0 unless ANSWER_SPOKE); vocab is the radio's
 * vocabulary size, 0 in the configs without radio (their sequences' words are ignored). */
static int read_answer(PyObject *res, int vocab, int *action, int words[2]) {
    words[0] = words[1] = 0;
    if (!PyList_Check(res) && !PyTuple_Check(res))
        return small_int(res, 0, PM_NUM_ACTIONS - 1, action) ? ANSWER_PLAIN : ANSWER_BAD;
    if (!seq_int(res, 0, 0, PM_NUM_ACTIONS - 1, action)) return ANSWER_BAD;
    if (!vocab || PySequence_Fast_GET_SIZE(res) == 1) return ANSWER_PLAIN;
    int w[2];
    if (!seq_int(res, 1, 0, vocab - 1, &w[0]) || !seq_int(res, 2, 0, vocab - 1, &w[1])) return ANSWER_BAD_WORDS;
    words[0] = w[0];
    words[1] = w[1];
    return ANSWER_SPOKE;
}

/* ---- the Python agent as a bot of the kit's interface ------------------------------------------ */

static int py_decide(void *state, const pm_view *view, pm_action *action) {
    py_seat *seat = state;
    PmGame *g = seat->game;
    *action = PM_STOP;
    PyObject *obs = g->given_obs ? PySequence_GetItem(g->given_obs, seat->seat) : build_obs(g, &view->obs);
    if (!obs) return PYARENAS_ABORT;
    double t0 = now_s();
    PyObject *res = PyObject_CallMethodObjArgs(g->agents[seat->seat], keys[K_ACT], obs, g->action_space, NULL);
    double dt = now_s() - t0;
    Py_DECREF(obs);
    if (!res) {
        if (!PyErr_ExceptionMatches(PyExc_Exception)) return PYARENAS_ABORT;
        PyObject *msg = pyarenas_take_exception();
        int rc = record_error(g, seat->seat, "act raised", msg);
        Py_XDECREF(msg);
        return rc;
    }
    int a, w[2];
    int kind = read_answer(res, g->cfg->radio_vocab_size, &a, w);
    if (kind == ANSWER_BAD) {
        PyObject *msg = PyObject_Repr(res);
        if (!msg) PyErr_Clear();
        Py_DECREF(res);
        int rc = record_error(g, seat->seat, "not an action", msg);
        Py_XDECREF(msg);
        return rc;
    }
    if (g->time_limit > 0 && dt > g->time_limit) {
        Py_DECREF(res);
        PyObject *msg = PyUnicode_FromFormat("%d ms", (int)(dt * 1000));
        int rc = record_error(g, seat->seat, "timeout", msg);
        Py_XDECREF(msg);
        return rc;
    }
    *action = a;
    if (kind == ANSWER_BAD_WORDS) { /* the action is played, the words are 0,0 */
        PyObject *msg = PyObject_Repr(res);
        if (!msg) PyErr_Clear();
        Py_DECREF(res);
        int rc = record_error_playing(g, seat->seat, "not a message", msg, "its action with the words 0,0");
        Py_XDECREF(msg);
        return rc;
    }
    Py_DECREF(res);
    g->words[seat->seat][0] = w[0];
    g->words[seat->seat][1] = w[1];
    g->spoke[seat->seat] = kind == ANSWER_SPOKE;
    return DMAP_OK;
}

/* No init (the state stays the seat the door presets: kit_seats_preset) and nothing to release. */
static const pm_bot pm_bot_python = {{"python", "a Python agent (act(obs, action_space))"}, NULL, py_decide,
                                     NULL, NULL};

/* ---- the game ------------------------------------------------------------------------------------ */

static PyTypeObject PmGameType;

static void release_bots(PmGame *g) { kit_seats_close(&g->driver); }

static int check_idle(PmGame *g, int need_state) {
    if (g->busy) {
        PyErr_SetString(PyExc_RuntimeError, "the game is deciding: an agent may not drive it from act()");
        return -1;
    }
    if (need_state && !g->has_state) {
        PyErr_SetString(PyExc_RuntimeError, "reset() the game first");
        return -1;
    }
    return 0;
}

static void game_release(PmGame *g) {
    release_bots(g);
    for (int i = 0; i < PM_MAX_AGENTS; i++)
        if (g->bots[i]) kit_param_seat_free(&g->bots[i]->info); /* only the seats of specs */
    Py_CLEAR(g->game_env);
    Py_CLEAR(g->game_type);
    for (int i = 0; i < PM_MAX_SIZE; i++) Py_CLEAR(g->ints[i]);
    free(g->history);
}

#define GAME_REFS(g, X)                                                  \
    do {                                                                 \
        for (int i_ = 0; i_ < PM_MAX_AGENTS; i_++) X((g)->agents[i_]);   \
        X((g)->action_space);                                            \
        X((g)->items);                                                   \
        X((g)->errors);                                                  \
    } while (0)
PYARENAS_GAME_GC(PmGame, GAME_REFS)

/* numpy.int64(v), as the playground's positions hold them (np.where's results). */
static PyObject *np_int64(long v) {
    npy_int64 x = v;
    return PyArray_Scalar(&x, PyArray_DescrFromType(NPY_INT64), NULL);
}

/* PommermanGame(config, seats, items, game_env, game_type, action_space): seats hold C bot names
 * or Python agents; items the Item members by value. */
static int game_init(PmGame *g, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"config", "seats", "items", "game_env", "game_type", "action_space", NULL};
    const char *config;
    PyObject *seats, *items, *game_env, *game_type, *action_space;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "sOO!UO!O:PommermanGame", kwlist, &config, &seats,
                                     &PyTuple_Type, &items, &game_env, &PyLong_Type, &game_type,
                                     &action_space))
        return -1;
    if (g->cfg) {
        PyErr_SetString(PyExc_RuntimeError, "PommermanGame is initialised once");
        return -1;
    }
    const pm_config *cfg = pm_config_find(config);
    if (!cfg) {
        PyErr_Format(PyExc_ValueError, "unknown Pommerman configuration '%s'", config);
        return -1;
    }
    if (PyTuple_GET_SIZE(items) < PM_AGENT0 + PM_MAX_AGENTS) {
        PyErr_SetString(PyExc_ValueError, "items: one Item per value 0..13");
        return -1;
    }
    PyObject *list = pyarenas_seats(seats, cfg->num_agents, cfg->name, " agents");
    if (!list) return -1;
    for (int i = 0; i < cfg->num_agents; i++) {
        PyObject *a = PySequence_Fast_GET_ITEM(list, i);
        if (PyUnicode_Check(a)) {
            const char *name = PyUnicode_AsUTF8(a);
            const kit_bot_info *b = name ? pyarenas_bot_spec(&pm_bot_table, name, i) : NULL;
            if (!b) {
                Py_DECREF(list);
                return -1;
            }
            g->bots[i] = (const pm_bot *)b; /* a spec's seat is freed with the game */
        } else {
            /* the adapter named after the agent's class (replays show it); the agent keeps its
             * type, and so the name, alive */
            g->py_bots[i] = pm_bot_python;
            g->py_bots[i].info.name = Py_TYPE(a)->tp_name;
            g->bots[i] = &g->py_bots[i];
            Py_INCREF(a);
            g->agents[i] = a;
        }
        g->seats[i].game = g;
        g->seats[i].seat = i;
    }
    Py_DECREF(list);
    for (int v = 0; v < cfg->size; v++)
        if (!(g->ints[v] = np_int64(v))) return -1;
    if (!(g->errors = PyList_New(0))) return -1;
    Py_INCREF(items);
    g->items = items;
    Py_INCREF(game_env);
    g->game_env = game_env;
    Py_INCREF(game_type);
    g->game_type = game_type;
    Py_INCREF(action_space);
    g->action_space = action_space;
    const kit_bot_info *info[PM_MAX_AGENTS];
    for (int i = 0; i < cfg->num_agents; i++) info[i] = &g->bots[i]->info;
    int rc = kit_seats_open(&g->driver, &pm_seat_ops, KIT_CLOCK_NONE, info, cfg->num_agents);
    if (rc != DMAP_OK) {
        pyarenas_raise(rc, "seating the bots");
        return -1;
    }
    for (int i = 0; i < cfg->num_agents; i++)
        if (g->agents[i]) kit_seats_preset(&g->driver, i, &g->seats[i]);
    g->cfg = cfg;
    return 0;
}

static PyObject *mt_state_tuple(const kit_pyrandom *r) {
    PyObject *t = PyTuple_New(625);
    if (!t) return NULL;
    for (int i = 0; i < 624; i++) PyTuple_SET_ITEM(t, i, PyLong_FromUnsignedLong(r->mt[i]));
    PyTuple_SET_ITEM(t, 624, PyLong_FromLong(r->index));
    return t;
}

static int load_mt_state(kit_pyrandom *r, PyObject *state) {
    PyObject *t = PySequence_Fast(state, "state: random.getstate()[1], 625 ints");
    if (!t) return -1;
    if (PySequence_Fast_GET_SIZE(t) != 625) {
        Py_DECREF(t);
        PyErr_SetString(PyExc_ValueError, "state: random.getstate()[1], 625 ints");
        return -1;
    }
    for (int i = 0; i < 625; i++) {
        unsigned long v = PyLong_AsUnsignedLong(PySequence_Fast_GET_ITEM(t, i));
        if (PyErr_Occurred() || (i == 624 && v > 624)) {
            Py_DECREF(t);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "state: index above 624");
            return -1;
        }
        if (i < 624) r->mt[i] = (uint32_t)v;
        else r->index = (int)v;
    }
    Py_DECREF(t);
    return 0;
}

/* Initialises the seats' bots on the first observation (the seat driver: a Python agent's
 * adapter finds its seat as the preset); releases them again on failure. */
static PyObject *init_bots(PmGame *g) {
    int rc = pm_game_init_seats(&g->game, &g->driver);
    if (rc != DMAP_OK) {
        int i = 0;
        while (i < g->driver.n - 1 && g->driver.seat[i].ready) i++; /* the seat that failed */
        release_bots(g);
        g->has_state = 0;
        return pyarenas_raise(rc, g->bots[i]->info.name);
    }
    Py_RETURN_NONE;
}

/* reset(seed=None, state=None): the board from random.Random(seed), or from the generator state
 * random.getstate()[1] (then returns the state after the board, for random.setstate). */
static PyObject *game_reset(PmGame *g, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"seed", "state", NULL};
    unsigned long long seed = 0;
    PyObject *state = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|O&O:reset", kwlist, pyarenas_seed_arg, &seed, &state)) return NULL;
    if (check_idle(g, 0)) return NULL;
    if (state != Py_None && load_mt_state(&g->game.shared, state)) return NULL;
    release_bots(g);
    /* v2 never resets its radio (_radio_from_agent): a game's first observations carry the
     * words of the previous game's last step */
    int carried[PM_MAX_AGENTS][2];
    memcpy(carried, g->game.s.message, sizeof carried);
    if (state == Py_None) {
        pm_game_open(&g->game, g->cfg, seed);
    } else { /* the board from the stream as given; the bots' generators from the stream after it */
        pm_reset(&g->game.s, g->cfg, &g->game.shared);
        g->game.seed = (uint64_t)g->game.shared.mt[0] << 32 | g->game.shared.mt[1];
    }
    if (g->has_state && is_radio(g->cfg)) memcpy(g->game.s.message, carried, sizeof carried);
    g->start = g->game.s;
    g->nhistory = 0;
    g->has_state = 1;
    PyObject *r = init_bots(g);
    if (!r) return NULL;
    Py_DECREF(r);
    if (state != Py_None) return mt_state_tuple(&g->game.shared);
    Py_RETURN_NONE;
}

static PyObject *game_observations(PmGame *g, PyObject *noargs) {
    (void)noargs;
    if (check_idle(g, 1)) return NULL;
    PyObject *list = PyList_New(g->game.s.nagents);
    if (!list) return NULL;
    pm_obs o;
    for (int i = 0; i < g->game.s.nagents; i++) {
        pm_observe(&g->game.s, i, &o);
        PyObject *d = build_obs(g, &o);
        if (!d) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, i, d);
    }
    return list;
}

/* Every living seat decides in id order (pm_game_decide, the arena's one round of decisions);
 * dead seats, and in the collapsing configs the seats the ring due now kills (pm_agent_acts),
 * play Stop and say nothing. A C bot that said words in a radio game answers (action, word,
 * word) as a Python agent that spoke. */
static int decide_all(PmGame *g, int *actions) {
    g->busy = 1;
    memset(g->words, 0, sizeof g->words);
    memset(g->spoke, 0, sizeof g->spoke);
    int rc = pm_game_decide(&g->game, &g->driver, actions, NULL);
    g->busy = 0;
    for (int i = 0; rc == DMAP_OK && i < g->game.s.nagents; i++)
        if (!g->spoke[i] && (g->game.said[i][0] || g->game.said[i][1])) {
            memcpy(g->words[i], g->game.said[i], sizeof g->words[i]);
            g->spoke[i] = 1;
        }
    return rc;
}

/* A decision that stopped the loop: a Python exception that must propagate, or a C bot's
 * error (its game cannot go on). */
static PyObject *decide_error(int rc) {
    if (rc == PYARENAS_ABORT) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_RuntimeError, "a decision was aborted");
        return NULL;
    }
    return pyarenas_raise(rc, "a bot's decision");
}

static int log_actions(PmGame *g, const int *actions) {
    size_t n = (size_t)g->game.s.nagents;
    if (g->nhistory + n > g->caphistory) {
        size_t cap = g->caphistory ? 2 * g->caphistory : 1024;
        unsigned char *h = realloc(g->history, cap);
        if (!h) return -1;
        g->history = h;
        g->caphistory = cap;
    }
    for (size_t i = 0; i < n; i++) g->history[g->nhistory++] = (unsigned char)actions[i];
    return 0;
}

/* One step with the actions and, in radio games, the words (NULL: all 0,0). */
static int take_step(PmGame *g, int *actions, const int (*words)[2]) {
    for (int i = 0; i < g->game.s.nagents; i++)
        if (actions[i] < 0 || actions[i] >= PM_NUM_ACTIONS) actions[i] = PM_STOP;
    if (log_actions(g, actions)) {
        PyErr_NoMemory();
        return -1;
    }
    pm_game_step(&g->game, actions, is_radio(g->cfg) ? words : NULL);
    return 0;
}

static PyObject *actions_list(const int *actions, int n) {
    PyObject *l = PyList_New(n);
    if (l)
        for (int i = 0; i < n; i++) PyList_SET_ITEM(l, i, PyLong_FromLong(actions[i]));
    return l;
}

/* The seats' answers as act() returns them: ints, and in radio games (action, word, word) for
 * the seats that answered with words, as the playground returns each agent's own answer. */
static PyObject *answers_list(PmGame *g, const int *actions) {
    int n = g->game.s.nagents;
    PyObject *l = PyList_New(n);
    if (!l) return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *v = g->spoke[i] ? Py_BuildValue("(iii)", actions[i], g->words[i][0], g->words[i][1])
                                  : PyLong_FromLong(actions[i]);
        if (!v) {
            Py_DECREF(l);
            return NULL;
        }
        PyList_SET_ITEM(l, i, v);
    }
    return l;
}

/* act(obs=None): the seats' actions for the current state; Python agents get obs[i] when the
 * caller gives the observations, else their own, built now. */
static PyObject *game_act(PmGame *g, PyObject *args) {
    PyObject *obs = Py_None;
    if (!PyArg_ParseTuple(args, "|O:act", &obs)) return NULL;
    if (check_idle(g, 1)) return NULL;
    if (obs != Py_None && PySequence_Size(obs) < g->game.s.nagents) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "act: one observation per agent");
        return NULL;
    }
    int actions[PM_MAX_AGENTS];
    g->given_obs = obs == Py_None ? NULL : obs;
    int rc = decide_all(g, actions);
    g->given_obs = NULL;
    if (rc != DMAP_OK) return decide_error(rc);
    return answers_list(g, actions);
}

/* step(actions): ForwardModel.step and the step count; actions are ints or radio-style lists
 * (action, word, word), whose words go to the teammate's next observation in radio games (a
 * dead agent's, and words outside the vocabulary, are 0,0). */
static PyObject *game_step(PmGame *g, PyObject *arg) {
    if (check_idle(g, 1)) return NULL;
    PyObject *list = PySequence_Fast(arg, "step: a sequence of actions");
    if (!list) return NULL;
    if (PySequence_Fast_GET_SIZE(list) != g->game.s.nagents) {
        PyErr_Format(PyExc_ValueError, "step: %d actions expected, got %zd", g->game.s.nagents,
                     PySequence_Fast_GET_SIZE(list));
        Py_DECREF(list);
        return NULL;
    }
    int actions[PM_MAX_AGENTS], words[PM_MAX_AGENTS][2];
    for (int i = 0; i < g->game.s.nagents; i++) {
        PyObject *answer = PySequence_Fast_GET_ITEM(list, i);
        Py_INCREF(answer);
        if (read_answer(answer, g->cfg->radio_vocab_size, &actions[i], words[i]) == ANSWER_BAD) actions[i] = PM_STOP;
        Py_DECREF(answer);
    }
    Py_DECREF(list);
    if (take_step(g, actions, (const int (*)[2])words)) return NULL;
    Py_RETURN_NONE;
}

/* play_step(): every seat decides and the step is taken, with no observation leaving C unless a
 * Python agent needs one; returns whether the game is done. */
static PyObject *game_play_step(PmGame *g, PyObject *noargs) {
    (void)noargs;
    if (check_idle(g, 1)) return NULL;
    int actions[PM_MAX_AGENTS];
    int rc = decide_all(g, actions);
    if (rc != DMAP_OK) return decide_error(rc);
    if (take_step(g, actions, (const int (*)[2])g->words)) return NULL;
    return PyBool_FromLong(pm_done(&g->game.s));
}

/* run(): play_step until done; returns the step count. */
static PyObject *game_run(PmGame *g, PyObject *noargs) {
    (void)noargs;
    if (check_idle(g, 1)) return NULL;
    while (!pm_done(&g->game.s)) {
        int actions[PM_MAX_AGENTS];
        int rc = decide_all(g, actions);
        if (rc != DMAP_OK) return decide_error(rc);
        if (take_step(g, actions, (const int (*)[2])g->words)) return NULL;
    }
    return PyLong_FromLong(g->game.s.step);
}

static PyObject *game_done(PmGame *g, PyObject *noargs) {
    (void)noargs;
    if (check_idle(g, 1)) return NULL;
    return PyBool_FromLong(pm_done(&g->game.s));
}

static PyObject *game_rewards(PmGame *g, PyObject *noargs) {
    (void)noargs;
    if (check_idle(g, 1)) return NULL;
    int r[PM_MAX_AGENTS];
    pm_rewards(&g->game.s, r);
    return actions_list(r, g->game.s.nagents);
}

/* outcome(): (0 incomplete, 1 win, 2 tie; the winners' ids). */
static PyObject *game_outcome(PmGame *g, PyObject *noargs) {
    (void)noargs;
    if (check_idle(g, 1)) return NULL;
    unsigned w = 0;
    pm_result res = pm_outcome(&g->game.s, &w);
    PyObject *winners = pyarenas_seat_list(w, g->game.s.nagents);
    return winners ? Py_BuildValue("(iN)", (int)res, winners) : NULL;
}

static PyObject *game_alive(PmGame *g, PyObject *noargs) {
    (void)noargs;
    if (check_idle(g, 1)) return NULL;
    PyObject *l = PyList_New(g->game.s.nagents);
    if (l)
        for (int i = 0; i < g->game.s.nagents; i++) PyList_SET_ITEM(l, i, PyBool_FromLong(g->game.s.agents[i].alive));
    return l;
}

/* state_lines(): the state in the recorded games' notation: {"B", "M", "F", "G", "I"}. */
static PyObject *game_state_lines(PmGame *g, PyObject *noargs) {
    (void)noargs;
    if (check_idle(g, 1)) return NULL;
    static char buf[5][8192];
    pm_format_board(g->game.s.board, g->game.s.size, buf[0]);
    pm_format_bombs(&g->game.s, buf[1]);
    pm_format_flames(&g->game.s, buf[2]);
    pm_format_agents(&g->game.s, buf[3]);
    pm_format_items(&g->game.s, buf[4]);
    return Py_BuildValue("{s:s,s:s,s:s,s:s,s:s}", "B", buf[0], "M", buf[1], "F", buf[2], "G", buf[3],
                         "I", buf[4]);
}

/* obs_line(i): the observation of agent i as the recorded games' O line. */
static PyObject *game_obs_line(PmGame *g, PyObject *arg) {
    if (check_idle(g, 1)) return NULL;
    long i = PyLong_AsLong(arg);
    if (PyErr_Occurred()) return NULL;
    if (i < 0 || i >= g->game.s.nagents) {
        PyErr_SetString(PyExc_IndexError, "obs_line: no such agent");
        return NULL;
    }
    pm_obs o;
    static char buf[16384];
    pm_observe(&g->game.s, (int)i, &o);
    pm_format_obs(&o, buf);
    return PyUnicode_FromString(buf);
}

/* render_text(): the arena's text picture of the board (pommerman match --render). */
static PyObject *game_render_text(PmGame *g, PyObject *noargs) {
    (void)noargs;
    if (check_idle(g, 1)) return NULL;
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f) return PyErr_NoMemory();
    pm_render(f, &g->game.s);
    if (fclose(f) != 0) {
        free(text);
        return PyErr_NoMemory();
    }
    PyObject *r = PyUnicode_FromStringAndSize(text, (Py_ssize_t)len);
    free(text);
    return r;
}

/* Replays the game's history from its start into a replay file (the arena's replay lines). */
static int write_replay(PmGame *g, const char *path, char *err, size_t errlen) {
    kit_replay r;
    int e = kit_replay_open(&r, path);
    if (e) {
        snprintf(err, errlen, "%s: %s", path, strerror(e));
        return -1;
    }
    pm_state *s = malloc(sizeof *s);
    if (!s) {
        kit_replay_abort(&r);
        snprintf(err, errlen, "%s: out of memory", path);
        return -1;
    }
    *s = g->start;
    int rc = pm_replay_header(&r, g->cfg, g->bots, g->game.seed, s);
    size_t n = (size_t)s->nagents;
    for (size_t k = 0; rc == 0 && k + n <= g->nhistory; k += n) {
        int actions[PM_MAX_AGENTS];
        for (size_t i = 0; i < n; i++) actions[i] = g->history[k + i];
        pm_step(s, actions);
        rc = pm_replay_turn(&r, s, actions, NULL);
    }
    if (rc == 0 && pm_done(s)) {
        pm_game_result res;
        memset(&res, 0, sizeof res);
        res.result = pm_outcome(s, &res.winners);
        res.steps = s->step;
        pm_rewards(s, res.rewards);
        rc = pm_replay_result(&r, g->cfg, &res);
    }
    free(s);
    if (rc != 0) {
        kit_replay_abort(&r);
        snprintf(err, errlen, "%s: cannot write the replay", path);
        return -1;
    }
    if ((e = kit_replay_close(&r)) != 0) {
        snprintf(err, errlen, "%s: %s", path, strerror(e));
        return -1;
    }
    return 0;
}

/* save_replay(path, html=False): the game so far as a JSON Lines replay, or as the viewer's
 * standalone HTML page. */
static PyObject *game_save_replay(PmGame *g, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"path", "html", NULL};
    PyObject *pathobj;
    int html = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O&|p:save_replay", kwlist, PyUnicode_FSConverter,
                                     &pathobj, &html))
        return NULL;
    if (check_idle(g, 1)) {
        Py_DECREF(pathobj);
        return NULL;
    }
    const char *path = PyBytes_AS_STRING(pathobj);
    char err[600];
    int rc;
    if (!html) {
        rc = write_replay(g, path, err, sizeof err);
    } else {
        char scratch[4200];
        rc = kit_html_replay_scratch(path, scratch, sizeof scratch, err, sizeof err);
        if (rc == 0) {
            rc = write_replay(g, scratch, err, sizeof err);
            if (rc == 0) rc = kit_html_replay_from_file(path, scratch, err, sizeof err);
            remove(scratch);
        }
    }
    Py_DECREF(pathobj);
    if (rc != 0) {
        PyErr_SetString(PyExc_OSError, err);
        return NULL;
    }
    Py_RETURN_NONE;
}

/* The lists of a state as plain Python values (json_state, load_state), by their keys. */
enum { PART_BOARD, PART_AGENTS, PART_BOMBS, PART_FLAMES, PART_ITEMS, NPARTS };
static const char *const part_keys[NPARTS] = {"board", "agents", "bombs", "flames", "items"};

static void drop_parts(PyObject **part) {
    for (int k = 0; k < NPARTS; k++) Py_CLEAR(part[k]);
}

/* json_state(): the environment's state as plain Python values (board rows, agents, bombs,
 * flames, items, step count, and the words each agent sent last, [w, w] per agent), what the
 * playground's get_json_info serialises. */
static PyObject *game_json_state(PmGame *g, PyObject *noargs) {
    (void)noargs;
    if (check_idle(g, 1)) return NULL;
    const pm_state *s = &g->game.s;
    int n = s->size;
    PyObject *part[NPARTS] = {PyList_New(n), PyList_New(s->nagents), PyList_New(s->nbombs), PyList_New(s->nflames),
                              PyList_New(0)};
    PyObject *board = part[PART_BOARD], *agents = part[PART_AGENTS], *bombs = part[PART_BOMBS],
             *flames = part[PART_FLAMES], *items = part[PART_ITEMS];
    for (int k = 0; k < NPARTS; k++)
        if (!part[k]) goto fail;
    for (int r = 0; r < n; r++) {
        PyObject *row = PyList_New(n);
        if (!row) goto fail;
        for (int c = 0; c < n; c++) PyList_SET_ITEM(row, c, PyLong_FromLong(s->board[r * n + c]));
        PyList_SET_ITEM(board, r, row);
    }
    for (int i = 0; i < s->nagents; i++) {
        const pm_agent *a = &s->agents[i];
        PyObject *d = Py_BuildValue("{s:i,s:O,s:[ii],s:i,s:i,s:O}", "agent_id", i, "is_alive",
                                    a->alive ? Py_True : Py_False, "position", a->r, a->c, "ammo",
                                    a->ammo, "blast_strength", a->blast, "can_kick",
                                    a->kick ? Py_True : Py_False);
        if (!d) goto fail;
        PyList_SET_ITEM(agents, i, d);
    }
    for (int b = 0; b < s->nbombs; b++) {
        const pm_bomb *bo = &s->bombs[b];
        PyObject *dir = bo->dir ? PyLong_FromLong(bo->dir) : (Py_INCREF(Py_None), Py_None);
        PyObject *d = dir ? Py_BuildValue("{s:[ii],s:i,s:i,s:i,s:N}", "position", bo->r, bo->c, "bomber_id",
                                          bo->owner, "life", bo->life, "blast_strength", bo->blast,
                                          "moving_direction", dir)
                          : NULL;
        if (!d) goto fail;
        PyList_SET_ITEM(bombs, b, d);
    }
    for (int f = 0; f < s->nflames; f++) {
        PyObject *d = Py_BuildValue("{s:[ii],s:i}", "position", s->flames[f].r, s->flames[f].c, "life",
                                    s->flames[f].life);
        if (!d) goto fail;
        PyList_SET_ITEM(flames, f, d);
    }
    for (int cell = 0; cell < n * n; cell++) {
        if (!s->items[cell]) continue;
        PyObject *e = Py_BuildValue("[[ii]i]", cell / n, cell % n, s->items[cell]);
        if (!e || PyList_Append(items, e) < 0) {
            Py_XDECREF(e);
            goto fail;
        }
        Py_DECREF(e);
    }
    PyObject *messages = PyList_New(s->nagents);
    if (!messages) goto fail;
    for (int i = 0; i < s->nagents; i++) {
        PyObject *w = Py_BuildValue("[ii]", s->message[i][0], s->message[i][1]);
        if (!w) {
            Py_DECREF(messages);
            goto fail;
        }
        PyList_SET_ITEM(messages, i, w);
    }
    PyObject *out = Py_BuildValue("{s:i,s:i}", "board_size", n, "step_count", s->step);
    for (int k = 0; out && k < NPARTS; k++)
        if (PyDict_SetItemString(out, part_keys[k], part[k]) < 0) Py_CLEAR(out);
    if (out && PyDict_SetItemString(out, "messages", messages) < 0) Py_CLEAR(out);
    Py_DECREF(messages);
    drop_parts(part);
    return out;
fail:
    drop_parts(part);
    return NULL;
}

static int get_int(PyObject *d, const char *key, int lo, int hi, int *out) {
    PyObject *v = PyMapping_GetItemString(d, key);
    if (!v) return -1;
    long x = v == Py_None ? 0 : PyLong_AsLong(v);
    Py_DECREF(v);
    if (x == -1 && PyErr_Occurred()) return -1;
    if (x < lo || x > hi) {
        PyErr_Format(PyExc_ValueError, "load_state: %s %ld outside %d..%d", key, x, lo, hi);
        return -1;
    }
    *out = (int)x;
    return 0;
}

static int get_cell(PyObject *d, int n, int *r, int *c) {
    PyObject *p = PyMapping_GetItemString(d, "position");
    if (!p) return -1;
    int ok = PyArg_ParseTuple(p, "ii", r, c);
    if (!ok) {
        PyErr_Clear();
        PyObject *t = PySequence_Tuple(p);
        ok = t && PyArg_ParseTuple(t, "ii", r, c);
        Py_XDECREF(t);
    }
    Py_DECREF(p);
    if (!ok) return -1;
    if (*r < 0 || *r >= n || *c < 0 || *c >= n) {
        PyErr_SetString(PyExc_ValueError, "load_state: position off the board");
        return -1;
    }
    return 0;
}

/* What the engine's fixed-size lists rely on: at most one bomb per cell, and the flames of a
 * cell of different lives (one new flame per cell and step, three steps of life). */
static int engine_invariants_hold(const pm_state *s) {
    unsigned char bombs[PM_MAX_CELLS] = {0}, lives[PM_MAX_CELLS] = {0};
    for (int b = 0; b < s->nbombs; b++) {
        int cell = s->bombs[b].r * s->size + s->bombs[b].c;
        if (bombs[cell]++) return 0;
    }
    for (int f = 0; f < s->nflames; f++) {
        int cell = s->flames[f].r * s->size + s->flames[f].c;
        unsigned char bit = (unsigned char)(1u << s->flames[f].life);
        if (lives[cell] & bit) return 0;
        lives[cell] |= bit;
    }
    return 1;
}

/* The optional "messages" of a state, [w, w] per agent, words of the radio's vocabulary (0,0
 * in the configs without radio); 0, or -1 with an exception set. */
static int load_messages(PyObject *d, const pm_config *cfg, pm_state *s) {
    if (!PyMapping_HasKeyString(d, "messages")) return 0;
    PyObject *m = PyMapping_GetItemString(d, "messages");
    if (!m) return -1;
    PyObject *list = PySequence_Fast(m, "load_state: messages is a list of [word, word]");
    Py_DECREF(m);
    if (!list) return -1;
    int ok = PySequence_Fast_GET_SIZE(list) == s->nagents;
    int hi = cfg->radio_vocab_size ? cfg->radio_vocab_size - 1 : 0;
    for (int i = 0; ok && i < s->nagents; i++) {
        PyObject *pair = PySequence_Fast(PySequence_Fast_GET_ITEM(list, i), "");
        ok = pair && PySequence_Fast_GET_SIZE(pair) == 2 && seq_int(pair, 0, 0, hi, &s->message[i][0]) &&
             seq_int(pair, 1, 0, hi, &s->message[i][1]);
        Py_XDECREF(pair);
        if (!pair) PyErr_Clear();
    }
    Py_DECREF(list);
    if (!ok) PyErr_Format(PyExc_ValueError, "load_state: messages: one [word, word] per agent, words 0..%d", hi);
    return ok ? 0 : -1;
}

/* load_state(d): the inverse of json_state (the playground's set_json_info); the seats' bots
 * start again on the loaded state. All or nothing: a bad value raises and leaves the game as
 * it was. */
static PyObject *game_load_state(PmGame *g, PyObject *d) {
    if (check_idle(g, 1)) return NULL;
    pm_state *s = malloc(sizeof *s);
    if (!s) return PyErr_NoMemory();
    memset(s, 0, sizeof *s);
    s->cfg = g->cfg;
    s->size = g->cfg->size;
    s->nagents = g->cfg->num_agents;
    int n = s->size;
    PyObject *part[NPARTS] = {NULL};
    if (get_int(d, "step_count", 0, 1 << 30, &s->step)) goto fail;
    for (int k = 0; k < NPARTS; k++)
        if (!(part[k] = PyMapping_GetItemString(d, part_keys[k]))) goto fail;
    PyObject *board = part[PART_BOARD], *agents = part[PART_AGENTS], *bombs = part[PART_BOMBS],
             *flames = part[PART_FLAMES], *items = part[PART_ITEMS];
    if (PySequence_Size(board) != n) goto shape;
    for (int r = 0; r < n; r++) {
        PyObject *row = PySequence_GetItem(board, r);
        if (!row) goto fail;
        if (PySequence_Size(row) != n) {
            Py_DECREF(row);
            goto shape;
        }
        for (int c = 0; c < n; c++) {
            PyObject *v = PySequence_GetItem(row, c);
            long x = v ? PyLong_AsLong(v) : -1;
            Py_XDECREF(v);
            if (x < 0 || x > PM_AGENT0 + PM_MAX_AGENTS - 1) {
                Py_DECREF(row);
                if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "load_state: a board value outside 0..13");
                goto fail;
            }
            s->board[r * n + c] = (unsigned char)x;
        }
        Py_DECREF(row);
    }
    if (PySequence_Size(agents) != s->nagents) goto shape;
    for (int i = 0; i < s->nagents; i++) {
        PyObject *a = PySequence_GetItem(agents, i);
        pm_agent *ag = &s->agents[i];
        int ok = a && !get_cell(a, n, &ag->r, &ag->c) && !get_int(a, "ammo", 0, PM_MAX_AMMO, &ag->ammo) &&
                 !get_int(a, "blast_strength", 1, 100, &ag->blast) && !get_int(a, "can_kick", 0, 1, &ag->kick) &&
                 !get_int(a, "is_alive", 0, 1, &ag->alive);
        Py_XDECREF(a);
        if (!ok) goto fail;
    }
    Py_ssize_t nb = PySequence_Size(bombs), nf = PySequence_Size(flames), ni = PySequence_Size(items);
    if (nb < 0 || nf < 0 || ni < 0) goto fail;
    if (nb > PM_MAX_BOMBS || nf > PM_MAX_FLAMES) goto shape;
    for (Py_ssize_t b = 0; b < nb; b++) {
        PyObject *o = PySequence_GetItem(bombs, b);
        pm_bomb *bo = &s->bombs[b];
        int ok = o && !get_cell(o, n, &bo->r, &bo->c) && !get_int(o, "bomber_id", 0, s->nagents - 1, &bo->owner) &&
                 !get_int(o, "life", 1, 100, &bo->life) && !get_int(o, "blast_strength", 1, 100, &bo->blast) &&
                 !get_int(o, "moving_direction", 0, 4, &bo->dir);
        Py_XDECREF(o);
        if (!ok) goto fail;
    }
    s->nbombs = (int)nb;
    for (Py_ssize_t f = 0; f < nf; f++) {
        PyObject *o = PySequence_GetItem(flames, f);
        pm_flame *fl = &s->flames[f];
        int ok = o && !get_cell(o, n, &fl->r, &fl->c) && !get_int(o, "life", 0, PM_FLAME_LIFE, &fl->life);
        Py_XDECREF(o);
        if (!ok) goto fail;
    }
    s->nflames = (int)nf;
    if (!engine_invariants_hold(s)) {
        PyErr_SetString(PyExc_ValueError, "load_state: two bombs on one cell, or two flames of one "
                                          "life on one cell (the game never makes them)");
        goto fail;
    }
    for (Py_ssize_t k = 0; k < ni; k++) {
        PyObject *e = PySequence_GetItem(items, k);
        int r, c, v;
        int ok = e && PyArg_ParseTuple(e, "(ii)i", &r, &c, &v);
        if (!ok && e) {
            PyErr_Clear();
            PyObject *t = PySequence_Tuple(e), *cell = t && PyTuple_GET_SIZE(t) == 2 ? PySequence_Tuple(PyTuple_GET_ITEM(t, 0)) : NULL;
            ok = cell && PyArg_ParseTuple(cell, "ii", &r, &c) && (v = (int)PyLong_AsLong(PyTuple_GET_ITEM(t, 1)), !PyErr_Occurred());
            Py_XDECREF(cell);
            Py_XDECREF(t);
            if (!ok && !PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "load_state: an item is [[row, col], value]");
        }
        Py_XDECREF(e);
        if (!ok) goto fail;
        if (r < 0 || r >= n || c < 0 || c >= n || v < PM_EXTRABOMB || v > PM_KICK) {
            PyErr_SetString(PyExc_ValueError, "load_state: an item off the board or not 6, 7 or 8");
            goto fail;
        }
        s->items[r * n + c] = (unsigned char)v;
    }
    if (load_messages(d, g->cfg, s)) goto fail;
    drop_parts(part);
    release_bots(g);
    g->game.s = *s;
    g->start = *s;
    g->nhistory = 0;
    free(s);
    return init_bots(g);
shape:
    PyErr_SetString(PyExc_ValueError, "load_state: a list of the wrong length");
fail:
    drop_parts(part);
    free(s);
    return NULL;
}

/* random(), randbelow(n): draws from the game's shared stream (the playground's global random
 * after the board), for Python agents that play the playground's agents' draws. */
static PyObject *game_random(PmGame *g, PyObject *noargs) {
    (void)noargs;
    if (!g->has_state) return check_idle(g, 1), NULL;
    return PyFloat_FromDouble(kit_pyrandom_random(&g->game.shared));
}

static PyObject *game_randbelow(PmGame *g, PyObject *arg) {
    if (!g->has_state) return check_idle(g, 1), NULL;
    long long n = PyLong_AsLongLong(arg);
    if (n == -1 && PyErr_Occurred()) return NULL;
    if (n < 1) {
        PyErr_SetString(PyExc_ValueError, "randbelow: n >= 1");
        return NULL;
    }
    return PyLong_FromUnsignedLongLong(kit_pyrandom_randbelow(&g->game.shared, (uint64_t)n));
}

static PyObject *game_get_step_count(PmGame *g, void *closure) {
    (void)closure;
    return PyLong_FromLong(g->has_state ? g->game.s.step : 0);
}

static PyObject *game_get_errors(PmGame *g, void *closure) {
    (void)closure;
    Py_INCREF(g->errors);
    return g->errors;
}

static PyObject *game_get_time_limit(PmGame *g, void *closure) {
    (void)closure;
    if (g->time_limit <= 0) Py_RETURN_NONE;
    return PyFloat_FromDouble(g->time_limit);
}

static int game_set_time_limit(PmGame *g, PyObject *v, void *closure) {
    (void)closure;
    if (!v || v == Py_None) {
        g->time_limit = 0;
        return 0;
    }
    double t = PyFloat_AsDouble(v);
    if (t == -1 && PyErr_Occurred()) return -1;
    if (!(t > 0)) {
        PyErr_SetString(PyExc_ValueError, "time_limit: seconds > 0, or None");
        return -1;
    }
    g->time_limit = t;
    return 0;
}

static PyObject *game_get_config(PmGame *g, void *closure) {
    (void)closure;
    return PyUnicode_FromString(g->cfg->name);
}

static PyObject *game_get_bots(PmGame *g, void *closure) {
    (void)closure;
    PyObject *l = PyList_New(g->cfg->num_agents);
    if (l)
        for (int i = 0; i < g->cfg->num_agents; i++) PyList_SET_ITEM(l, i, PyUnicode_FromString(g->bots[i]->info.name));
    return l;
}

static PyGetSetDef game_getset[] = {
    {"step_count", (getter)game_get_step_count, NULL, "the steps taken so far", NULL},
    {"errors", (getter)game_get_errors, NULL, "the agents' errors: (step, seat, kind, message)", NULL},
    {"time_limit", (getter)game_get_time_limit, (setter)game_set_time_limit,
     "seconds a Python agent's act() may take (None: no limit); a later answer plays Stop", NULL},
    {"config", (getter)game_get_config, NULL, "the arena's configuration name", NULL},
    {"bots", (getter)game_get_bots, NULL, "the seats' bot names (a Python agent's class name)", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyMethodDef game_methods[] = {
    {"reset", (PyCFunction)(void (*)(void))game_reset, METH_VARARGS | METH_KEYWORDS,
     "reset(seed=None, state=None): a new board from random.Random(seed), or from the generator "
     "state random.getstate()[1] (then returns the state after the board)"},
    {"observations", (PyCFunction)game_observations, METH_NOARGS, "every agent's observation dict"},
    {"act", (PyCFunction)game_act, METH_VARARGS, "act(obs=None): the seats' actions"},
    {"step", (PyCFunction)game_step, METH_O, "step(actions): one step of the engine"},
    {"play_step", (PyCFunction)game_play_step, METH_NOARGS, "decide and step; returns done"},
    {"run", (PyCFunction)game_run, METH_NOARGS, "play until done; returns the step count"},
    {"done", (PyCFunction)game_done, METH_NOARGS, "whether the game is over"},
    {"rewards", (PyCFunction)game_rewards, METH_NOARGS, "the rewards of the current state"},
    {"outcome", (PyCFunction)game_outcome, METH_NOARGS, "(0 running, 1 win, 2 tie; winners)"},
    {"alive", (PyCFunction)game_alive, METH_NOARGS, "each agent alive or not"},
    {"state_lines", (PyCFunction)game_state_lines, METH_NOARGS, "the state in the trace notation"},
    {"obs_line", (PyCFunction)game_obs_line, METH_O, "obs_line(i): agent i's observation as a trace O line"},
    {"render_text", (PyCFunction)game_render_text, METH_NOARGS, "the board as text"},
    {"save_replay", (PyCFunction)(void (*)(void))game_save_replay, METH_VARARGS | METH_KEYWORDS,
     "save_replay(path, html=False): the game so far as a replay file or standalone HTML"},
    {"random", (PyCFunction)game_random, METH_NOARGS, "random.random() from the game's shared stream"},
    {"randbelow", (PyCFunction)game_randbelow, METH_O, "random._randbelow(n) from the game's shared stream"},
    {"json_state", (PyCFunction)game_json_state, METH_NOARGS, "the state as plain Python values"},
    {"load_state", (PyCFunction)game_load_state, METH_O, "load_state(d): the inverse of json_state"},
    {NULL, NULL, 0, NULL}};

PYARENAS_GAME_TYPE(PmGameType, PmGame, "PommermanGame",
                   "PommermanGame(config, seats, items, game_env, game_type, action_space): the arena's "
                   "engine with C bots and Python agents in its seats (dmap.arenas.pommerman wraps it)");

/* The module's Pommerman constants: every configuration of the arena (the playground's
 * registry) with its numbers, and the C bots' names. */
static int pommerman_add(PyObject *m) {
    if (intern_keys()) return -1;
    PyObject *configs = PyDict_New();
    if (!configs) goto fail;
    for (int id = 0; id < PM_NUM_CONFIGS; id++) {
        const pm_config *c = pm_config_at(id);
        PyObject *v = Py_BuildValue("{s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:s}", "size", c->size,
                                    "num_rigid", c->num_rigid, "num_wood", c->num_wood, "num_items",
                                    c->num_items, "num_agents", c->num_agents, "max_steps", c->max_steps,
                                    "max_blast", c->max_blast, "game_type", (int)c->game_type, "view_size",
                                    c->view_size, "first_collapse", c->first_collapse, "radio_vocab_size",
                                    c->radio_vocab_size, "radio_num_words", c->radio_num_words, "env", c->env);
        if (!v || PyDict_SetItemString(configs, c->name, v) < 0) {
            Py_XDECREF(v);
            goto fail;
        }
        Py_DECREF(v);
    }
    if (PyModule_AddObject(m, "POMMERMAN_CONFIGS", configs) < 0) goto fail;
    if (pyarenas_add_pommerman_vec(m) < 0) return -1;
    return pyarenas_add_bot_names(m, "POMMERMAN_BOTS", &pm_bot_table);
fail:
    Py_XDECREF(configs);
    return -1;
}

const pyarena_door pyarena_pommerman = {"pommerman", &PmGameType, pommerman_add};
