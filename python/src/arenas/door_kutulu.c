/* door_kutulu.c — the Code of Kutulu door: the game type dmap._arenas.KutuluGame over the Kutulu
 * arena's referee (kt_play_match), its four seats built-in bots by name or Python objects. A
 * Python object plays as a CodinGame program does: its answer(init, turn) gets the protocol's
 * text (the init lines on the first turn, else None; then the turn's input) and returns one
 * line, timed and judged by the referee as a program's line: the object is an adapter bot of
 * the kit's interface seated by the kit's seat driver (kt_player_new_caller), as the other
 * doors seat theirs; the same limits on the wall clock, a late answer or a line the referee
 * rejects ends the player.
 *
 * Errors are values, as the referee treats a program that fails: an object that raises an
 * Exception or returns anything but a string answers an empty line, which the referee rejects
 * (the player is ended). Each error goes to `errors` and the first one of a seat is warned. A
 * decision that aborts (an exception that is not an Exception, such as KeyboardInterrupt) ends
 * the game and propagates. */
#include "door.h"

#include <string.h>

#include "dmap.h"
#include "kutulu.h"

typedef struct KutuluGame KutuluGame;

/* A Python seat: the game and the seat index, the context of its adapter bot. */
typedef struct kutulu_py_seat {
    KutuluGame *game;
    int seat;
    int turn; /* the turns it answered */
} kutulu_py_seat;

struct KutuluGame {
    PyObject_HEAD
    PyObject *seats_arg; /* the four seats as given */
    PyObject *errors;    /* list of (turn, seat, kind, message) */
    PyObject *result;    /* the result dict after run() */
    kutulu_py_seat seats[KT_PLAYERS];
    int reported[KT_PLAYERS];
    kt_mapset *maps;
    kt_match_config cfg;
    int ready; /* __init__ succeeded */
    int busy;
};

/* ---- errors as values ------------------------------------------------------------------------- */

static int record_error(KutuluGame *k, int seat, int turn, const char *kind, PyObject *message) {
    int first = pyarenas_note_error(k->errors, k->reported, turn, seat, kind, message);
    if (first <= 0) return first;
    return PyErr_WarnFormat(PyExc_RuntimeWarning, 1,
                            "kutulu: seat %d: %s on turn %d (%S): an empty line, which ends the "
                            "player; later errors of this seat go to game.errors only",
                            seat, kind, turn, message ? message : Py_None);
}

/* ---- the Python object as a bot of the kit's interface ------------------------------------------- */

/* answer(init, turn) on the protocol's text; its first line is the seat's line. */
static int py_decide(void *state, const kt_view *view, kt_action *action) {
    kt_caller_seat *caller = state;
    kutulu_py_seat *s = caller->ctx;
    KutuluGame *k = s->game;
    int turn = s->turn++;
    char *line = caller->line;
    size_t cap = sizeof caller->line;
    (void)action; /* the line is judged, as a program's */
    line[0] = '\0';
    char text[KT_VIEW_TEXT_MAX + 1]; /* the init lines (on the first decision), NUL, the turn's input */
    size_t init = turn == 0 ? kt_format_view_init(view, text, KT_VIEW_TEXT_MAX) : 0;
    if (init >= KT_VIEW_TEXT_MAX) return DMAP_ERR_ARG; /* not a view the referee can write */
    text[init] = '\0';
    char *turn_text = text + init + 1;
    if (kt_format_view_turn(view, turn_text, KT_VIEW_TEXT_MAX - init) >= KT_VIEW_TEXT_MAX - init)
        return DMAP_ERR_ARG;
    PyObject *agent = PySequence_Fast_GET_ITEM(k->seats_arg, s->seat);
    PyObject *res = PyObject_CallMethod(agent, "answer", "zs", turn == 0 ? text : NULL, turn_text);
    PyObject *msg = NULL;
    const char *kind = NULL;
    if (!res) {
        if (!PyErr_ExceptionMatches(PyExc_Exception)) return PYARENAS_ABORT;
        msg = pyarenas_take_exception();
        kind = "answer raised";
    } else if (!PyUnicode_Check(res)) {
        msg = PyObject_Repr(res);
        if (!msg) PyErr_Clear();
        kind = "not a string";
    } else {
        Py_ssize_t n;
        const char *text = PyUnicode_AsUTF8AndSize(res, &n);
        if (!text) {
            PyErr_Clear();
            kind = "not UTF-8";
        } else {
            /* the first line, as a program's line is read; a longer one is cut, and then
               rejected by the referee's grammar only if the cut part is not a message */
            size_t len = strcspn(text, "\n");
            if (len >= cap) len = cap - 1;
            memcpy(line, text, len);
            line[len] = '\0';
            if (len && line[len - 1] == '\r') line[len - 1] = '\0';
        }
    }
    Py_XDECREF(res);
    if (kind) {
        int rc = record_error(k, s->seat, turn, kind, msg);
        Py_XDECREF(msg);
        if (rc < 0) return PYARENAS_ABORT;
    }
    return DMAP_OK;
}

/* No init (the state stays the kt_caller_seat the player presets) and nothing to release. */
static const kt_bot kutulu_bot_python = {
    {"python", "a Python object (answer(init, turn): the protocol's text, one line)"}, NULL, py_decide, NULL,
    NULL};

/* ---- the game ---------------------------------------------------------------------------------- */

static void game_release(KutuluGame *k) { PyMem_Free(k->maps); }

#define GAME_REFS(k, X)      \
    do {                     \
        X((k)->seats_arg);   \
        X((k)->errors);      \
        X((k)->result);      \
    } while (0)
PYARENAS_GAME_GC(KutuluGame, GAME_REFS)

/* KutuluGame(seats, maps, seed, bot_seed=1, map=-1, first_limit_ns=1e9, limit_ns=5e7): seats
 * four built-in bot names or objects with answer(init, turn); maps the data folder's maps/. */
static int game_init(KutuluGame *k, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"seats", "maps", "seed", "bot_seed", "map", "first_limit_ns", "limit_ns", NULL};
    PyObject *seats;
    const char *maps_dir;
    long long seed, first = 1000000000LL, limit = 50000000LL;
    unsigned long long bot_seed = 1;
    int map = -1;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OsL|$O&iLL:KutuluGame", kwlist, &seats, &maps_dir, &seed,
                                     pyarenas_seed_arg, &bot_seed, &map, &first, &limit))
        return -1;
    if (k->errors) {
        PyErr_SetString(PyExc_RuntimeError, "KutuluGame is initialised once");
        return -1;
    }
    if (map < -1 || map >= KT_LEAGUE_MAPS || first <= 0 || limit <= 0) {
        PyErr_SetString(PyExc_ValueError, "map -1 (drawn) or 0..15; time limits > 0");
        return -1;
    }
    PyObject *list = pyarenas_seats(seats, KT_PLAYERS, "Code of Kutulu", "");
    if (!list) return -1;
    Py_XSETREF(k->seats_arg, list);
    for (int i = 0; i < KT_PLAYERS; i++) {
        PyObject *a = PySequence_Fast_GET_ITEM(list, i);
        if (PyUnicode_Check(a)) {
            const char *name = PyUnicode_AsUTF8(a);
            if (!name) return -1;
            if (pyarenas_bot_spec_check(&kt_bot_table, name, i)) return -1; /* kt_player_new seats it */
        } else {
            PyObject *m = PyObject_GetAttrString(a, "answer");
            int ok = m && PyCallable_Check(m);
            Py_XDECREF(m);
            if (!ok) {
                PyErr_Clear();
                PyErr_Format(PyExc_TypeError, "seat %d: a built-in bot's name or an object with answer(init, turn)", i);
                return -1;
            }
        }
        k->seats[i].game = k;
        k->seats[i].seat = i;
    }
    if (!(k->errors = PyList_New(0))) return -1;
    if (!(k->maps = PyMem_Calloc(1, sizeof *k->maps))) {
        PyErr_NoMemory();
        return -1;
    }
    char err[256];
    if (kt_mapset_load(maps_dir, k->maps, err, sizeof err)) {
        PyErr_Format(PyExc_ValueError, "maps: %s", err);
        return -1;
    }
    k->cfg = (kt_match_config){seed, map, bot_seed, first, limit};
    k->ready = 1;
    return 0;
}

static PyObject *result_dict(const kt_match_result *r, kt_player *const players[KT_PLAYERS]) {
    static const char *const ended[] = {"", "timeout", "crash", "exit", "closed", "too long", "invalid"};
    PyObject *l[5];
    for (int j = 0; j < 5; j++)
        if (!(l[j] = PyList_New(KT_PLAYERS))) {
            for (int i = 0; i < j; i++) Py_DECREF(l[i]);
            return NULL;
        }
    for (int i = 0; i < KT_PLAYERS; i++) {
        kit_end e = r->ended[i];
        PyList_SET_ITEM(l[0], i, PyLong_FromLong(r->score[i]));
        PyList_SET_ITEM(l[1], i, PyLong_FromLong(r->rank[i]));
        PyList_SET_ITEM(l[2], i, PyLong_FromLong(r->timeouts[i]));
        PyList_SET_ITEM(l[3], i, e > KIT_END_NONE && e <= KIT_END_INVALID ? PyUnicode_FromString(ended[e])
                                                                          : (Py_INCREF(Py_None), Py_None));
        PyList_SET_ITEM(l[4], i, PyUnicode_FromString(kt_player_name(players[i])));
    }
    return Py_BuildValue("{s:i,s:i,s:N,s:N,s:N,s:N,s:N}", "turns", r->turns, "map", r->map_index, "scores", l[0],
                         "ranks", l[1], "timeouts", l[2], "ended", l[3], "players", l[4]);
}

/* run(): the whole game; returns the result (turns, map, scores, ranks, timeouts, ended,
 * players). A game runs once. */
static PyObject *game_run(KutuluGame *k, PyObject *noargs) {
    (void)noargs;
    if (k->busy || k->result || !k->ready) {
        PyErr_SetString(PyExc_RuntimeError, k->busy     ? "the game is being played"
                                            : !k->ready ? "the game was not made (its KutuluGame() failed)"
                                                        : "a game runs once");
        return NULL;
    }
    kt_player *players[KT_PLAYERS] = {0};
    char err[256] = "";
    PyObject *out = NULL;
    for (int i = 0; i < KT_PLAYERS; i++) {
        PyObject *a = PySequence_Fast_GET_ITEM(k->seats_arg, i);
        players[i] = PyUnicode_Check(a) ? kt_player_new(PyUnicode_AsUTF8(a), err, sizeof err)
                                        : kt_player_new_caller(&kutulu_bot_python, &k->seats[i], err, sizeof err);
        if (!players[i]) {
            PyErr_Format(PyExc_RuntimeError, "seat %d: %s", i, err);
            goto done;
        }
    }
    kt_match_result res;
    k->busy = 1;
    int rc = kt_play_match(players, k->maps, &k->cfg, NULL, NULL, &res, err, sizeof err);
    k->busy = 0;
    if (rc) {
        if (!PyErr_Occurred()) PyErr_Format(PyExc_RuntimeError, "kutulu: %s", err);
        k->result = Py_None, Py_INCREF(Py_None); /* the game cannot go on */
        goto done;
    }
    if ((k->result = result_dict(&res, players))) out = (Py_INCREF(k->result), k->result);
done:
    for (int i = 0; i < KT_PLAYERS; i++) kt_player_free(players[i]);
    return out;
}

static PyObject *game_get_errors(KutuluGame *k, void *closure) {
    (void)closure;
    if (!k->errors) return PyList_New(0);
    Py_INCREF(k->errors);
    return k->errors;
}

static PyObject *game_get_result(KutuluGame *k, void *closure) {
    (void)closure;
    PyObject *r = k->result ? k->result : Py_None;
    Py_INCREF(r);
    return r;
}

static PyGetSetDef game_getset[] = {
    {"errors", (getter)game_get_errors, NULL, "the Python seats' errors: (turn, seat, kind, message)", NULL},
    {"result", (getter)game_get_result, NULL, "the result after run(), else None", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyMethodDef game_methods[] = {
    {"run", (PyCFunction)game_run, METH_NOARGS, "play the game; returns the result"},
    {NULL, NULL, 0, NULL}};

PYARENAS_GAME_TYPE(KutuluGameType, KutuluGame, "KutuluGame",
                   "KutuluGame(seats, maps, seed, *, bot_seed=1, map=-1, first_limit_ns=10**9, "
                   "limit_ns=5*10**7): the Code of Kutulu referee with built-in bots and Python "
                   "objects in its four seats (dmap.arenas.kutulu wraps it)");

/* The module's Kutulu constants: the built-in bots' names. */
static int kutulu_add(PyObject *m) {
    if (pyarenas_add_kutulu_turns(m) < 0) return -1;
    return pyarenas_add_bot_names(m, "KUTULU_BOTS", &kt_bot_table);
}

const pyarena_door pyarena_kutulu = {"kutulu", &KutuluGameType, kutulu_add};
