/* door_kutulu_turns.c — Code of Kutulu turn by turn: the game type dmap._arenas.KutuluTurns,
 * a loop over the arena's stepper (arenas/kutulu/game.c: kt_match_open, kt_match_decide,
 * kt_match_step, as kt_play_match) so that a caller gives the lines of its seats one turn at a
 * time and reads the state between turns. Built-in bots fill the other seats and answer in C
 * as in kt_play_match (the same input text, seeds and limits);
 * the caller's lines are judged by the referee's grammar (kt_parse_action): a line it rejects
 * ends that player (score -1), as it ends a program. The state is handed out as plain tuples
 * (dmap.rl turns them into observation arrays). */
#include "door.h"

#include <stdlib.h>
#include <string.h>

#include "dmap.h"
#include "kutulu.h"

typedef struct KutuluTurns {
    PyObject_HEAD
    kt_mapset *maps;
    kt_match m; /* the stepper: the game, its limits, the protocol's texts */
    int has_game;
    int tried; /* __init__ ran (once only: a second call would leak the first one's bots) */
    kt_player *bots[KT_PLAYERS]; /* NULL: the caller's seat */
} KutuluTurns;

static void end_bots(KutuluTurns *k) {
    for (int i = 0; i < KT_PLAYERS; i++) {
        if (k->bots[i]) kt_player_end(k->bots[i]);
        kt_player_free(k->bots[i]);
        k->bots[i] = NULL;
    }
}

static void game_release(KutuluTurns *k) {
    end_bots(k);
    if (k->has_game) kt_match_close(&k->m);
    PyMem_Free(k->maps);
}

#define GAME_REFS(k, X) (void)(k) /* no Python objects */
PYARENAS_GAME_GC(KutuluTurns, GAME_REFS)

/* KutuluTurns(seats, maps, seed, *, bot_seed=1, map=-1): seats are built-in bot names or None
 * (the caller's seats); the game of `kutulu match --seed seed --bot-seed bot_seed`. */
static int game_init(KutuluTurns *k, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"seats", "maps", "seed", "bot_seed", "map", NULL};
    PyObject *seats;
    const char *maps_dir;
    long long seed;
    unsigned long long bot_seed = 1;
    int map = -1;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OsL|$O&i:KutuluTurns", kwlist, &seats, &maps_dir, &seed,
                                     pyarenas_seed_arg, &bot_seed, &map))
        return -1;
    if (k->tried) {
        PyErr_SetString(PyExc_RuntimeError, "KutuluTurns is initialised once");
        return -1;
    }
    k->tried = 1;
    if (map < -1 || map >= KT_LEAGUE_MAPS) {
        PyErr_SetString(PyExc_ValueError, "map -1 (drawn) or 0..15");
        return -1;
    }
    PyObject *list = pyarenas_seats(seats, KT_PLAYERS, "Code of Kutulu", "");
    if (!list) return -1;
    char err[256] = "";
    for (int i = 0; i < KT_PLAYERS; i++) {
        PyObject *a = PySequence_Fast_GET_ITEM(list, i);
        if (a == Py_None) continue;
        const char *name = PyUnicode_Check(a) ? PyUnicode_AsUTF8(a) : NULL;
        if (!name) { /* a built-in bot only: no program is started */
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_ValueError, "seat %d: a built-in bot's name or spec, or None, got %R", i, a);
            Py_DECREF(list);
            return -1;
        }
        if (pyarenas_bot_spec_check(&kt_bot_table, name, i)) { /* "cmd:" is no bot of the table */
            Py_DECREF(list);
            return -1;
        }
        if (!(k->bots[i] = kt_player_new(name, err, sizeof err))) {
            PyErr_Format(PyExc_RuntimeError, "seat %d: %s", i, err);
            Py_DECREF(list);
            return -1;
        }
        kt_player_seed(k->bots[i], bot_seed * 4 + (uint64_t)i + 1);
    }
    Py_DECREF(list);
    if (!(k->maps = PyMem_Calloc(1, sizeof *k->maps))) {
        PyErr_NoMemory();
        return -1;
    }
    if (kt_mapset_load(maps_dir, k->maps, err, sizeof err)) {
        PyErr_Format(PyExc_ValueError, "maps: %s", err);
        return -1;
    }
    kt_match_config cfg = {seed, map, bot_seed, 1000000000LL, 50000000LL};
    if (kt_match_open(&k->m, k->maps, &cfg, err, sizeof err)) {
        PyErr_Format(PyExc_RuntimeError, "kutulu: %s", err);
        return -1;
    }
    k->has_game = 1;
    return 0;
}

static int check_game(KutuluTurns *k) {
    if (!k->has_game) {
        PyErr_SetString(PyExc_RuntimeError, "the game was not made (its KutuluTurns() failed)");
        return -1;
    }
    return 0;
}

/* The line of a caller's seat: a str, its first line counting as a program's. 0, or -1 with a
 * TypeError. */
static int caller_line(PyObject *v, int seat, char *line, size_t cap) {
    if (!PyUnicode_Check(v)) {
        PyErr_Format(PyExc_TypeError, "step: seat %d plays: a line (str), got %R", seat, v);
        return -1;
    }
    const char *text = PyUnicode_AsUTF8(v);
    if (!text) return -1;
    size_t len = strcspn(text, "\n");
    if (len >= cap) len = cap - 1;
    memcpy(line, text, len);
    line[len] = '\0';
    return 0;
}

/* step(lines): one turn. lines[i] is the line of the caller's seat i (a str; read only while
 * that explorer is in the game); the bots' entries are ignored. Returns whether the game is
 * over. */
static PyObject *game_step(KutuluTurns *k, PyObject *arg) {
    if (check_game(k)) return NULL;
    if (k->m.g.over) {
        PyErr_SetString(PyExc_RuntimeError, "step: the game is over");
        return NULL;
    }
    PyObject *list = PySequence_Fast(arg, "step: a sequence of 4 lines");
    if (!list) return NULL;
    if (PySequence_Fast_GET_SIZE(list) != KT_PLAYERS) {
        PyErr_Format(PyExc_ValueError, "step: 4 lines expected, got %zd", PySequence_Fast_GET_SIZE(list));
        Py_DECREF(list);
        return NULL;
    }
    kt_action act[KT_PLAYERS];
    unsigned char ok[KT_PLAYERS], played[KT_PLAYERS];
    static char lines[KT_PLAYERS][KT_ANSWER_MAX]; /* the GIL serialises every step */
    for (int i = 0; i < KT_PLAYERS; i++) {
        if (!k->m.g.ex[i].active || k->bots[i]) continue;
        if (caller_line(PySequence_Fast_GET_ITEM(list, i), i, lines[i], KT_ANSWER_MAX)) {
            Py_DECREF(list);
            return NULL;
        }
    }
    Py_DECREF(list);
    char err[256] = "";
    if (kt_match_decide(&k->m, k->bots, lines, act, ok, played, NULL, err, sizeof err)) {
        PyErr_Format(PyExc_RuntimeError, "kutulu: %s", err);
        return NULL;
    }
    int s = kt_game_step(&k->m.g, act, ok);
    if (s) return pyarenas_raise(s == -2 ? DMAP_ERR_NOMEM : DMAP_ERR_ARG, "kutulu: the engine refused the turn");
    kt_match_end_players(&k->m, k->bots);
    return PyBool_FromLong(k->m.g.over);
}

/* state(): (turn, over, map_index, w, h, cells, explorers, minions, effects): cells the maze's
 * characters row by row (bytes), explorers four (x, y, sanity, plans, lights, active, score),
 * minions (type, x, y, state, target) with type 1 wanderer, 2 slasher, effects (type, ticks,
 * caster, receiver, x, y) with type 3 shelter, 4 plan, 5 light, 6 yell (x, y -1 but for
 * shelters). */
static PyObject *game_state(KutuluTurns *k, PyObject *noargs) {
    (void)noargs;
    if (check_game(k)) return NULL;
    const kt_game *g = &k->m.g;
    int w = g->map->w;
    PyObject *ex = PyTuple_New(KT_PLAYERS), *mi = PyTuple_New(g->nminions), *ef = PyTuple_New(g->neffects);
    if (!ex || !mi || !ef) goto fail;
    for (int i = 0; i < KT_PLAYERS; i++) {
        const kt_explorer *e = &g->ex[i];
        PyObject *t = Py_BuildValue("(iiiiiii)", e->cell % w, e->cell / w, e->sanity, e->plans, e->lights,
                                    e->active, e->score);
        if (!t) goto fail;
        PyTuple_SET_ITEM(ex, i, t);
    }
    for (int i = 0; i < g->nminions; i++) {
        const kt_minion *m = &g->minions[i];
        PyObject *t = Py_BuildValue("(iiiii)", (int)m->type, m->cell % w, m->cell / w, (int)m->state, m->target);
        if (!t) goto fail;
        PyTuple_SET_ITEM(mi, i, t);
    }
    for (int i = 0; i < g->neffects; i++) {
        const kt_effect *e = &g->effects[i];
        int shelter = e->type == KT_EFFECT_SHELTER;
        PyObject *t = Py_BuildValue("(iiiiii)", (int)e->type, e->tick, e->caster, e->receiver,
                                    shelter ? e->cell % w : -1, shelter ? e->cell / w : -1);
        if (!t) goto fail;
        PyTuple_SET_ITEM(ef, i, t);
    }
    return Py_BuildValue("(iiiiiy#NNN)", g->turn, g->over, g->map_index, w, g->map->h, g->map->cells,
                         (Py_ssize_t)w * g->map->h, ex, mi, ef);
fail:
    Py_XDECREF(ex);
    Py_XDECREF(mi);
    Py_XDECREF(ef);
    return NULL;
}

/* map_sizes(): the (w, h) of the 16 league maps, in the referee's order. */
static PyObject *game_map_sizes(KutuluTurns *k, PyObject *noargs) {
    (void)noargs;
    if (check_game(k)) return NULL;
    PyObject *l = PyList_New(KT_LEAGUE_MAPS);
    if (l)
        for (int i = 0; i < KT_LEAGUE_MAPS; i++)
            PyList_SET_ITEM(l, i, Py_BuildValue("(ii)", k->maps->maps[i].w, k->maps->maps[i].h));
    return l;
}

static PyGetSetDef game_getset[] = {{NULL, NULL, NULL, NULL, NULL}};

static PyMethodDef game_methods[] = {
    {"step", (PyCFunction)game_step, METH_O, "step(lines): one turn; returns whether the game is over"},
    {"state", (PyCFunction)game_state, METH_NOARGS, "the state as plain tuples"},
    {"map_sizes", (PyCFunction)game_map_sizes, METH_NOARGS, "the league maps' (w, h)"},
    {NULL, NULL, 0, NULL}};

PYARENAS_GAME_TYPE(KutuluTurnsType, KutuluTurns, "KutuluTurns",
                   "KutuluTurns(seats, maps, seed, *, bot_seed=1, map=-1): Code of Kutulu turn by turn, "
                   "built-in bots (names) and the caller's seats (None); step(lines), state()");

int pyarenas_add_kutulu_turns(PyObject *m) { return pyarenas_add_type(m, &KutuluTurnsType); }
