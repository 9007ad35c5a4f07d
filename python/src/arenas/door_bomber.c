/* door_bomber.c — the bomber door: the game type dmap._arenas.BomberGame over the bomber arena
 * (bomber_game, bomber_tick, bomber_make_view, the bot table), run as the original runs its
 * agents: after every tick each living seat decides on the state after it and its answer is
 * applied in the next tick (tick 0 has none; after the last tick the living seats still get
 * the final state). A Python agent is a bot of the kit's interface whose decide calls a Python
 * function with the view as plain tuples (dmap/arenas/bomber.py turns them into CoderOne's
 * GameState and PlayerState and calls next_move).
 *
 * Errors are values, as CoderOne's runner handles them: an agent that raises an Exception
 * answers None (the runner's AgentProxy logs the error and returns None); an answer that is not
 * one of the game's action strings is ignored (the engine warns and queues nothing); a falsy
 * answer is a no-op. Each error goes to `errors` and the first one of a seat is warned; the
 * game and the other seat carry on. Decisions are made after a tick; when one aborts (an
 * exception that is not an Exception, such as KeyboardInterrupt) it propagates, and the next
 * tick() first completes the decisions still owed on the same state. */
#include "door.h"

#include <stdio.h>
#include <string.h>

#include "bomber.h"
#include "dmap.h"
#include "kit/param.h"
#include "trace.h"

typedef struct BomberGame BomberGame;

/* The state of a Python agent's adapter bot: the game it plays in and its seat. */
typedef struct bomber_py_seat {
    BomberGame *game;
    int pid;
} bomber_py_seat;

struct BomberGame {
    PyObject_HEAD
    bomber_game g;
    int64_t seed;
    int has_game;
    const bomber_bot *bots[BOMBER_PLAYERS];
    kit_seats driver; /* the seats' bots (kit/seats.h): C bots and the Python agents' adapters */
    PyObject *agents[BOMBER_PLAYERS]; /* Python callables: view -> answer; NULL for C bots */
    bomber_bot py_bots[BOMBER_PLAYERS];
    bomber_py_seat seats[BOMBER_PLAYERS];
    bomber_answer answers[BOMBER_PLAYERS]; /* decided on the current state, applied next tick */
    unsigned char owed[BOMBER_PLAYERS];    /* decisions still to make on the current state */
    bomber_tick_log log;                   /* of the last tick */
    int have_log;
    bomber_answer applied[BOMBER_PLAYERS]; /* the answers of the last tick; -1: not asked */
    PyObject *errors;                      /* list of (tick, pid, kind, message) */
    int reported[BOMBER_PLAYERS];
    int busy;
    PyObject *cells; /* tuple of the 120 (x, y) tuples, index y*12 + x */
    PyObject *tags[BOMBER_TAG_BOMB + 1];
};

/* ---- the view as tuples ---------------------------------------------------------------------- */

static PyObject *cell(BomberGame *b, int x, int y) {
    PyObject *c = PyTuple_GET_ITEM(b->cells, y * BOMBER_W + x);
    Py_INCREF(c);
    return c;
}

static PyObject *xy_list(BomberGame *b, const bomber_xy *xy, int n) {
    PyObject *l = PyList_New(n);
    if (l)
        for (int i = 0; i < n; i++) PyList_SET_ITEM(l, i, cell(b, xy[i].x, xy[i].y));
    return l;
}

/* (is_over, tick_number, ammo, treasure, bombs, blocks [(tag, (x, y))], players [(pid, (x,
 * y))], id, ammo, hp, (x, y), reward, power): GameState's and PlayerState's arguments. */
static PyObject *view_tuple(BomberGame *b, const bomber_view *v) {
    PyObject *blocks = PyList_New(v->nblocks), *players = PyList_New(v->nplayers);
    if (!blocks || !players) goto fail;
    for (int i = 0; i < v->nblocks; i++) {
        PyObject *t = PyTuple_New(2);
        if (!t) goto fail;
        Py_INCREF(b->tags[v->blocks[i].tag]);
        PyTuple_SET_ITEM(t, 0, b->tags[v->blocks[i].tag]);
        PyTuple_SET_ITEM(t, 1, cell(b, v->blocks[i].x, v->blocks[i].y));
        PyList_SET_ITEM(blocks, i, t);
    }
    for (int i = 0; i < v->nplayers; i++) {
        PyObject *t = Py_BuildValue("(iN)", v->players[i].pid, cell(b, v->players[i].x, v->players[i].y));
        if (!t) goto fail;
        PyList_SET_ITEM(players, i, t);
    }
    return Py_BuildValue("(OiNNNNNiiiNii)", v->is_over ? Py_True : Py_False, v->tick_number,
                         xy_list(b, v->ammo, v->nammo), xy_list(b, v->treasure, v->ntreasure),
                         xy_list(b, v->bombs, v->nbombs), blocks, players, v->id, v->ammo_left, v->hp,
                         cell(b, v->x, v->y), v->score, v->power);
fail:
    Py_XDECREF(blocks);
    Py_XDECREF(players);
    return NULL;
}

/* ---- errors as values --------------------------------------------------------------------------- */

/* Records an agent's error and warns the first time the seat errs; PYARENAS_ABORT when the
 * warning itself raised (warnings as errors), else DMAP_OK. */
static int record_error(BomberGame *b, int pid, const char *kind, PyObject *message) {
    int tick = b->g.tick - 1;
    int first = pyarenas_note_error(b->errors, b->reported, tick, pid, kind, message);
    if (first <= 0) return first < 0 ? PYARENAS_ABORT : DMAP_OK;
    if (PyErr_WarnFormat(PyExc_RuntimeWarning, 1,
                         "bomber: agent %d: %s on the state after tick %d (%S): no action; later "
                         "errors of this agent go to game.errors only",
                         pid, kind, tick, message ? message : Py_None) < 0)
        return PYARENAS_ABORT;
    return DMAP_OK;
}

/* The engine's reading of an answer (game.py _get_agent_input and ACTION_CODES): None and
 * falsy values queue nothing; 'u' 'd' 'l' 'r', 'b' 'p' 'can_haz_boom'; anything else is
 * unexpected (1 returned, *a = NONE). */
static int read_answer(PyObject *res, bomber_answer *a) {
    *a = BOMBER_ANS_NONE;
    if (res == Py_None) return 0;
    if (PyUnicode_Check(res)) {
        Py_ssize_t n;
        const char *s = PyUnicode_AsUTF8AndSize(res, &n);
        if (!s) return PyErr_Clear(), 1;
        if (n == 0) return *a = BOMBER_ANS_EMPTY, 0;
        if (n == 1) {
            const char *at = strchr("udlrbp", s[0]);
            if (at && s[0]) return *a = (bomber_answer)(BOMBER_ANS_U + (at - "udlrbp")), 0;
        }
        if (!strcmp(s, "can_haz_boom")) return *a = BOMBER_ANS_B, 0;
        return 1;
    }
    int truth = PyObject_IsTrue(res);
    if (truth < 0) return PyErr_Clear(), 1;
    return truth; /* a falsy value is a no-op, anything else unexpected */
}

/* ---- the Python agent as a bot of the kit's interface --------------------------------------------- */

static int py_decide(void *state, const bomber_view *view, bomber_answer *answer) {
    bomber_py_seat *seat = state;
    BomberGame *b = seat->game;
    *answer = BOMBER_ANS_NONE;
    PyObject *v = view_tuple(b, view);
    if (!v) return PYARENAS_ABORT;
    PyObject *res = PyObject_CallOneArg(b->agents[seat->pid], v);
    Py_DECREF(v);
    if (!res) {
        if (!PyErr_ExceptionMatches(PyExc_Exception)) return PYARENAS_ABORT;
        PyObject *msg = pyarenas_take_exception();
        int rc = record_error(b, seat->pid, "next_move raised", msg);
        Py_XDECREF(msg);
        return rc;
    }
    int bad = read_answer(res, answer);
    int rc = DMAP_OK;
    if (bad) {
        PyObject *msg = PyObject_Repr(res);
        if (!msg) PyErr_Clear();
        rc = record_error(b, seat->pid, "unexpected move", msg);
        Py_XDECREF(msg);
    }
    Py_DECREF(res);
    return rc;
}

/* No init (the state stays the seat the door presets: kit_seats_preset) and nothing to release. */
static const bomber_bot bomber_bot_python = {
    {"python", "a Python agent (next_move(game_state, player_state))"}, NULL, py_decide, NULL, NULL};

/* ---- the game ------------------------------------------------------------------------------------- */

static void release_bots(BomberGame *b) { kit_seats_close(&b->driver); }

static void game_release(BomberGame *b) {
    release_bots(b);
    for (int i = 0; i < BOMBER_PLAYERS; i++)
        if (b->bots[i]) kit_param_seat_free(&b->bots[i]->info); /* only the seats of specs */
    Py_CLEAR(b->cells);
    for (int i = 0; i <= BOMBER_TAG_BOMB; i++) Py_CLEAR(b->tags[i]);
}

#define GAME_REFS(b, X)                                                    \
    do {                                                                   \
        for (int i_ = 0; i_ < BOMBER_PLAYERS; i_++) X((b)->agents[i_]);    \
        X((b)->errors);                                                    \
    } while (0)
PYARENAS_GAME_GC(BomberGame, GAME_REFS)

static int check_idle(BomberGame *b) {
    if (b->busy) {
        PyErr_SetString(PyExc_RuntimeError, "the game is deciding: an agent may not drive it from next_move");
        return -1;
    }
    if (!b->has_game) {
        PyErr_SetString(PyExc_RuntimeError, "the game cannot go on: a C bot or the engine failed");
        return -1;
    }
    return 0;
}

static PyObject *raise_bot_error(int rc, const char *name) {
    if (rc == PYARENAS_ABORT) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_RuntimeError, "a decision was aborted");
        return NULL;
    }
    return pyarenas_raise(rc, name);
}

/* The decisions still owed on the current state, in pid order (bomber_game_decide, the
 * arena's one round of decisions: the order the original posts the state to its agents); an
 * interrupted round resumes where it stopped. */
static int decide_owed(BomberGame *b) {
    b->busy = 1;
    int rc = bomber_game_decide(&b->g, &b->driver, b->owed, b->answers, NULL);
    if (rc != DMAP_OK && rc != PYARENAS_ABORT) b->has_game = 0; /* a C bot's error ends its game */
    b->busy = 0;
    return rc;
}

/* BomberGame(seats, seed): seats hold C bot names or Python callables (view tuple -> answer);
 * the map of `seed`, each C bot seeded 100*seed + 10 + pid. */
static int game_init(BomberGame *b, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"seats", "seed", NULL};
    PyObject *seats;
    long long seed = 1;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|L:BomberGame", kwlist, &seats, &seed)) return -1;
    if (b->errors) {
        PyErr_SetString(PyExc_RuntimeError, "BomberGame is initialised once");
        return -1;
    }
    if (seed < 0) {
        PyErr_SetString(PyExc_ValueError, "seed: 0 .. 2**63-1");
        return -1;
    }
    PyObject *list = pyarenas_seats(seats, BOMBER_PLAYERS, "the bomber game", " agents");
    if (!list) return -1;
    for (int i = 0; i < BOMBER_PLAYERS; i++) {
        PyObject *a = PySequence_Fast_GET_ITEM(list, i);
        if (PyUnicode_Check(a)) {
            const char *name = PyUnicode_AsUTF8(a);
            const kit_bot_info *bot = name ? pyarenas_bot_spec(&bomber_bot_table, name, i) : NULL;
            if (!bot) {
                Py_DECREF(list);
                return -1;
            }
            b->bots[i] = (const bomber_bot *)bot; /* a spec's seat is freed with the game */
        } else if (PyCallable_Check(a)) {
            b->py_bots[i] = bomber_bot_python;
            b->bots[i] = &b->py_bots[i];
            Py_INCREF(a);
            b->agents[i] = a;
        } else {
            PyErr_Format(PyExc_TypeError, "seat %d: a C bot's name or a callable", i);
            Py_DECREF(list);
            return -1;
        }
        b->seats[i].game = b;
        b->seats[i].pid = i;
    }
    Py_DECREF(list);
    if (!(b->errors = PyList_New(0)) || !(b->cells = PyTuple_New(BOMBER_CELLS))) return -1;
    for (int c = 0; c < BOMBER_CELLS; c++) {
        PyObject *t = Py_BuildValue("(ii)", c % BOMBER_W, c / BOMBER_W);
        if (!t) return -1;
        PyTuple_SET_ITEM(b->cells, c, t);
    }
    static const char *const tag_names[] = {[BOMBER_TAG_METAL] = "ib", [BOMBER_TAG_WOOD] = "sb",
                                            [BOMBER_TAG_ORE] = "ob", [BOMBER_TAG_AMMO] = "a",
                                            [BOMBER_TAG_TREASURE] = "t", [BOMBER_TAG_BOMB] = "b"};
    for (int t = BOMBER_TAG_METAL; t <= BOMBER_TAG_BOMB; t++)
        if (!(b->tags[t] = PyUnicode_InternFromString(tag_names[t]))) return -1;
    if (bomber_game_open(&b->g, seed) != DMAP_OK) {
        PyErr_NoMemory();
        return -1;
    }
    b->seed = seed;
    const kit_bot_info *info[BOMBER_PLAYERS] = {&b->bots[0]->info, &b->bots[1]->info};
    int rc = kit_seats_open(&b->driver, &bomber_seat_ops, KIT_CLOCK_NONE, info, BOMBER_PLAYERS);
    for (int p = 0; rc == DMAP_OK && p < BOMBER_PLAYERS; p++)
        if (b->agents[p]) kit_seats_preset(&b->driver, p, &b->seats[p]);
    if (rc == DMAP_OK) rc = bomber_game_init_seats(&b->g, &b->driver, seed, 0);
    if (rc != DMAP_OK) {
        int p = b->driver.seat[0].ready ? 1 : 0; /* the seat that failed */
        release_bots(b);
        pyarenas_raise(rc, b->bots[p]->info.name);
        return -1;
    }
    b->has_game = 1;
    return 0;
}

/* tick(): the decisions still owed on the current state, then one tick with the answers
 * decided on the state before it, then every living seat decides on the new state. Returns
 * whether the game is over. */
static PyObject *game_tick(BomberGame *b, PyObject *noargs) {
    (void)noargs;
    if (check_idle(b)) return NULL;
    int rc = decide_owed(b);
    if (rc != DMAP_OK) return raise_bot_error(rc, "a bot's decision");
    if (b->g.over) {
        PyErr_SetString(PyExc_RuntimeError, "the game is over");
        return NULL;
    }
    for (int p = 0; p < BOMBER_PLAYERS; p++)
        b->applied[p] = bomber_alive(&b->g, p) ? b->answers[p] : (bomber_answer)-1;
    int failed = bomber_game_step(&b->g, b->answers, &b->log);
    for (int p = 0; p < BOMBER_PLAYERS; p++) b->answers[p] = BOMBER_ANS_NONE;
    if (failed) {
        b->has_game = 0;
        PyErr_SetString(PyExc_RuntimeError, "the engine refused the tick (a list overflowed)");
        return NULL;
    }
    b->have_log = 1;
    for (int p = 0; p < BOMBER_PLAYERS; p++) b->owed[p] = bomber_alive(&b->g, p);
    rc = decide_owed(b);
    if (rc != DMAP_OK) return raise_bot_error(rc, "a bot's decision");
    return PyBool_FromLong(b->g.over);
}

/* run(): tick until the game is over; returns the number of ticks played. */
static PyObject *game_run(BomberGame *b, PyObject *noargs) {
    if (check_idle(b)) return NULL;
    while (!b->g.over) {
        PyObject *r = game_tick(b, noargs);
        if (!r) return NULL;
        Py_DECREF(r);
    }
    int rc = decide_owed(b);
    if (rc != DMAP_OK) return raise_bot_error(rc, "a bot's decision");
    return PyLong_FromLong(b->g.tick);
}

/* view(pid): the view tuple that pid gets of the current state (see view_tuple). */
static PyObject *game_view(BomberGame *b, PyObject *arg) {
    long pid = PyLong_AsLong(arg);
    if (pid == -1 && PyErr_Occurred()) return NULL;
    if (pid < 0 || pid >= BOMBER_PLAYERS) {
        PyErr_SetString(PyExc_ValueError, "view: pid 0 or 1");
        return NULL;
    }
    bomber_view v;
    bomber_make_view(&b->g, (int)pid, &v);
    return view_tuple(b, &v);
}

/* game_map(pid): the view's 120 tags (BOMBER_TAG_*: -1 empty, 0/1 a pid, 2 metal, 3 wood,
 * 4 ore, 5 ammo, 6 treasure, 7 bomb), index y*12 + x. */
static PyObject *game_game_map(BomberGame *b, PyObject *noargs) {
    (void)noargs;
    bomber_view v;
    bomber_make_view(&b->g, 0, &v);
    PyObject *l = PyList_New(BOMBER_CELLS);
    if (l)
        for (int c = 0; c < BOMBER_CELLS; c++) PyList_SET_ITEM(l, c, PyLong_FromLong(v.game_map[c]));
    return l;
}

static PyObject *game_state_lines(BomberGame *b, PyObject *noargs) {
    (void)noargs;
    static char lines[BOMBER_STATE_LINES][BOMBER_LINE_MAX];
    bomber_format_state(&b->g, lines);
    PyObject *l = PyList_New(BOMBER_STATE_LINES);
    if (l)
        for (int i = 0; i < BOMBER_STATE_LINES; i++) PyList_SET_ITEM(l, i, PyUnicode_FromString(lines[i]));
    return l;
}

/* tick_lines(): the last tick's "T t A a0 a1 Q ... R n" and "  X ..." lines (None before the
 * first tick). */
static PyObject *game_tick_lines(BomberGame *b, PyObject *noargs) {
    (void)noargs;
    if (!b->have_log) Py_RETURN_NONE;
    static char t[BOMBER_LINE_MAX], x[BOMBER_LINE_MAX];
    bomber_format_tick(b->g.tick - 1, b->applied, &b->log, t, sizeof t);
    bomber_format_events(&b->log, x, sizeof x);
    return Py_BuildValue("(ss)", t, x);
}

static PyObject *game_end_line(BomberGame *b, PyObject *noargs) {
    (void)noargs;
    char line[256];
    bomber_format_end(&b->g, line, sizeof line);
    return PyUnicode_FromString(line);
}

static PyObject *game_result(BomberGame *b, PyObject *noargs) {
    (void)noargs;
    int alive = bomber_alive(&b->g, 0) + bomber_alive(&b->g, 1);
    PyObject *winner = b->g.winner < 0 ? Py_None : PyLong_FromLong(b->g.winner);
    if (!winner) return NULL;
    if (winner == Py_None) Py_INCREF(winner);
    return Py_BuildValue("{s:O,s:i,s:N,s:s,s:[ii],s:[ii]}", "is_over", b->g.over ? Py_True : Py_False,
                         "ticks", b->g.tick, "winner", winner, "reason",
                         !b->g.over ? "running" : alive <= 1 ? "death" : "timeout", "scores",
                         b->g.players[0].score, b->g.players[1].score, "hp", b->g.players[0].hp,
                         b->g.players[1].hp);
}

static PyObject *game_get_errors(BomberGame *b, void *closure) {
    (void)closure;
    Py_INCREF(b->errors);
    return b->errors;
}

static PyObject *game_get_tick(BomberGame *b, void *closure) {
    (void)closure;
    return PyLong_FromLong(b->g.tick);
}

static PyObject *game_get_over(BomberGame *b, void *closure) {
    (void)closure;
    return PyBool_FromLong(b->g.over);
}

static PyObject *game_get_bots(BomberGame *b, void *closure) {
    (void)closure;
    return Py_BuildValue("[ss]", b->bots[0]->info.name, b->bots[1]->info.name);
}

/* answers: what each seat decided on the current state (the trace's letters ~ _ u d l r b
 * p; '-' for a seat that was not asked or still owes its decision). */
static PyObject *game_get_answers(BomberGame *b, void *closure) {
    (void)closure;
    char s[BOMBER_PLAYERS + 1] = {0};
    for (int p = 0; p < BOMBER_PLAYERS; p++)
        s[p] = b->owed[p] || (b->have_log && !bomber_alive(&b->g, p)) ? '-' : bomber_answer_char(b->answers[p]);
    return PyUnicode_FromStringAndSize(s, BOMBER_PLAYERS);
}

static PyGetSetDef game_getset[] = {
    {"errors", (getter)game_get_errors, NULL, "the agents' errors: (tick, pid, kind, message)", NULL},
    {"tick_counter", (getter)game_get_tick, NULL, "the ticks played (the original's tick_counter)", NULL},
    {"is_over", (getter)game_get_over, NULL, "whether the game is over", NULL},
    {"bots", (getter)game_get_bots, NULL, "the seats' bot names ('python' for a Python agent)", NULL},
    {"answers", (getter)game_get_answers, NULL, "the seats' answers to the current state, as trace letters", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyMethodDef game_methods[] = {
    {"tick", (PyCFunction)game_tick, METH_NOARGS, "one tick; returns whether the game is over"},
    {"run", (PyCFunction)game_run, METH_NOARGS, "play until the game is over; returns the ticks"},
    {"view", (PyCFunction)game_view, METH_O, "view(pid): the view tuple pid gets of the current state"},
    {"game_map", (PyCFunction)game_game_map, METH_NOARGS, "the view's cell tags, index y*12 + x"},
    {"state_lines", (PyCFunction)game_state_lines, METH_NOARGS, "the state in the trace's seven lines"},
    {"tick_lines", (PyCFunction)game_tick_lines, METH_NOARGS, "the last tick's T and X trace lines"},
    {"end_line", (PyCFunction)game_end_line, METH_NOARGS, "the trace's END line"},
    {"result", (PyCFunction)game_result, METH_NOARGS, "ticks, winner, reason, scores, hp"},
    {NULL, NULL, 0, NULL}};

PYARENAS_GAME_TYPE(BomberGameType, BomberGame, "BomberGame",
                   "BomberGame(seats, seed=1): the bomber arena's engine with C bots and Python agents "
                   "in its seats (dmap.arenas.bomber wraps it)");

/* The module's bomber constants: the C bots' names. */
static int bomber_add(PyObject *m) {
    return pyarenas_add_bot_names(m, "BOMBER_BOTS", &bomber_bot_table);
}

const pyarena_door pyarena_bomber = {"bomber", &BomberGameType, bomber_add};
