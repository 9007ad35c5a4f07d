/* door_pursuit.c — the pursuit door: the game type dmap._arenas.PursuitGame over the pursuit arena's
 * referee (pursuit_game_open, pursuit_game_clock, the bot table), each seat a C bot by name or
 * spec ("NAME:PARAM=VALUE", kit/param.h) or a Python callable. A Python agent is a bot of the kit's interface whose decide calls the
 * callable with the view as a dict (size, walls, predator, prey, clock, clocks, role) and reads
 * the first character of the string it returns as the move; the referee times it as it times
 * every bot (a late answer is 's').
 *
 * Errors are values, as the arena's rules treat an invalid move: an agent that raises an
 * Exception, or answers with anything but a non-empty string, stays ('s'; any other character
 * is a stay already by the rules). Each error goes to `errors` and the first one of a seat is
 * warned; the game carries on. A decision that aborts (an exception that is not an Exception,
 * such as KeyboardInterrupt) propagates and the game cannot go on. */
#include "door.h"

#include <stdio.h>
#include <string.h>

#include "dmap.h"
#include "kit/param.h"
#include "pursuit.h"

typedef struct PursuitGame PursuitGame;

/* The state of a Python agent's adapter bot: the game it plays in and its seat. */
typedef struct pursuit_py_seat {
    PursuitGame *game;
    int role;
} pursuit_py_seat;

struct PursuitGame {
    PyObject_HEAD
    pursuit_world world;
    pursuit_game g;
    int open;     /* the referee's game is open (its bots initialised) */
    int has_game; /* the game can go on */
    int busy;
    PyObject *agents[2]; /* Python callables: view -> move; NULL for C bots */
    pursuit_bot py_bots[2];
    pursuit_py_seat seats[2];
    const kit_bot_info *specs[2]; /* the C bots' seats; those of specs freed at release */
    PyObject *walls;  /* tuple of bools, index y*w + x */
    PyObject *moves;  /* list of the clocks' moves as chosen, "pq" strings */
    PyObject *errors; /* list of (clock, role, kind, message) */
    int reported[2];
};

static const char *const role_names[2] = {"predator", "prey"};

/* ---- the view as a dict ---------------------------------------------------------------------- */

static PyObject *xy(const dmap_grid *g, int cell) { return Py_BuildValue("(ii)", cell % g->w, cell / g->w); }

/* {size: (w, h), walls, predator: (x, y), prey: (x, y), clock, clocks, role}. */
static PyObject *view_dict(PursuitGame *p, const pursuit_view *v) {
    return Py_BuildValue("{s:(ii),s:O,s:N,s:N,s:i,s:i,s:s}", "size", v->grid->w, v->grid->h, "walls",
                         p->walls, "predator", xy(v->grid, v->predator), "prey", xy(v->grid, v->prey),
                         "clock", v->clock, "clocks", v->clocks, "role", role_names[v->role]);
}

/* ---- errors as values ------------------------------------------------------------------------- */

/* Records an agent's error and warns the first time the seat errs; PYARENAS_ABORT when the
 * warning itself raised (warnings as errors), else DMAP_OK. */
static int record_error(PursuitGame *p, int role, int clock, const char *kind, PyObject *message) {
    int first = pyarenas_note_error(p->errors, p->reported, clock, role, kind, message);
    if (first <= 0) return first < 0 ? PYARENAS_ABORT : DMAP_OK;
    if (PyErr_WarnFormat(PyExc_RuntimeWarning, 1,
                         "pursuit: %s: %s on clock %d (%S): stays; later errors of this agent go "
                         "to game.errors only",
                         role_names[role], kind, clock, message ? message : Py_None) < 0)
        return PYARENAS_ABORT;
    return DMAP_OK;
}

/* ---- the Python agent as a bot of the kit's interface ----------------------------------------------- */

static int py_decide(void *state, const pursuit_view *view, pursuit_action *move) {
    pursuit_py_seat *seat = state;
    PursuitGame *p = seat->game;
    *move = 's';
    PyObject *v = view_dict(p, view);
    if (!v) return PYARENAS_ABORT;
    PyObject *res = PyObject_CallOneArg(p->agents[seat->role], v);
    Py_DECREF(v);
    if (!res) {
        if (!PyErr_ExceptionMatches(PyExc_Exception)) return PYARENAS_ABORT;
        PyObject *msg = pyarenas_take_exception();
        int rc = record_error(p, seat->role, view->clock, "raised", msg);
        Py_XDECREF(msg);
        return rc;
    }
    const char *s = PyUnicode_Check(res) ? PyUnicode_AsUTF8(res) : NULL;
    if (!s) PyErr_Clear();
    int rc = DMAP_OK;
    if (s && s[0]) {
        *move = s[0];
    } else {
        PyObject *msg = PyObject_Repr(res);
        if (!msg) PyErr_Clear();
        rc = record_error(p, seat->role, view->clock, "not a move", msg);
        Py_XDECREF(msg);
    }
    Py_DECREF(res);
    return rc;
}

/* No init (the state stays the seat the door presets: pursuit_game_open_seats) and nothing to
 * release. */
static const pursuit_bot pursuit_bot_python = {
    {"python", "a Python agent (a callable: view -> move letter)"}, NULL, py_decide, NULL, NULL};

/* ---- the game ---------------------------------------------------------------------------------------- */

static void game_release(PursuitGame *p) {
    if (p->open) pursuit_game_close(&p->g);
    p->open = 0;
    pursuit_world_free(&p->world);
    for (int r = 0; r < 2; r++) {
        kit_param_seat_free(p->specs[r]); /* after the game: its bots were these */
        p->specs[r] = NULL;
    }
    Py_CLEAR(p->walls);
    Py_CLEAR(p->moves);
}

#define GAME_REFS(p, X)                                         \
    do {                                                        \
        for (int i_ = 0; i_ < 2; i_++) X((p)->agents[i_]);      \
        X((p)->errors);                                         \
    } while (0)
PYARENAS_GAME_GC(PursuitGame, GAME_REFS)

static int seat(PursuitGame *p, int role, PyObject *a, const pursuit_bot **out) {
    p->seats[role].game = p;
    p->seats[role].role = role;
    if (PyUnicode_Check(a)) {
        const char *name = PyUnicode_AsUTF8(a);
        if (!name) return -1;
        char err[600];
        const kit_bot_info *b = kit_bot_spec_text(pursuit_seat_bots((pursuit_role)role), name, err, sizeof err);
        if (!b) {
            PyErr_Format(PyExc_ValueError, "%s: %s%s", role_names[role], err,
                         strncmp(err, "unknown bot", 11) ? "" : " for this seat");
            return -1;
        }
        p->specs[role] = b;
        *out = (const pursuit_bot *)b;
        return 0;
    }
    if (!PyCallable_Check(a)) {
        PyErr_Format(PyExc_TypeError, "%s: a C bot's name or a callable", role_names[role]);
        return -1;
    }
    p->py_bots[role] = pursuit_bot_python;
    *out = &p->py_bots[role];
    Py_INCREF(a);
    Py_XSETREF(p->agents[role], a);
    return 0;
}

/* PursuitGame(predator, prey, world=TEXT | random=SEED, size=8, walls=0.2, clocks=30, seed=1,
 * time_limit_ns=1e9): the world of a world file's text or a seeded random world; seed is the
 * bots' (as `pursuit match --seed`). */
static int game_init(PursuitGame *p, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"predator", "prey", "world", "random", "size", "walls", "clocks", "seed",
                             "time_limit_ns", NULL};
    PyObject *pred, *prey, *world = Py_None, *random = Py_None;
    int size = PURSUIT_DEFAULT_SIZE, clocks = PURSUIT_DEFAULT_CLOCKS;
    double walls = PURSUIT_DEFAULT_WALLS;
    unsigned long long seed = 1;
    long long limit = PURSUIT_DEFAULT_TIME_LIMIT_NS;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OO|$OOidiO&L:PursuitGame", kwlist, &pred, &prey, &world,
                                     &random, &size, &walls, &clocks, pyarenas_seed_arg, &seed, &limit))
        return -1;
    if (p->errors) {
        PyErr_SetString(PyExc_RuntimeError, "PursuitGame is initialised once");
        return -1;
    }
    if ((world == Py_None) == (random == Py_None)) {
        PyErr_SetString(PyExc_ValueError, "give exactly one of world (a world file's text) and random (a seed)");
        return -1;
    }
    const pursuit_bot *bots[2];
    if (seat(p, 0, pred, &bots[0]) || seat(p, 1, prey, &bots[1])) return -1;
    if (!(p->errors = PyList_New(0)) || !(p->moves = PyList_New(0))) return -1;
    int rc;
    if (world != Py_None) {
        Py_ssize_t n;
        const char *text = PyUnicode_Check(world) ? PyUnicode_AsUTF8AndSize(world, &n) : NULL;
        if (!text) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "world: a world file's text");
            return -1;
        }
        dmap_diag diag;
        memset(&diag, 0, sizeof diag);
        if ((rc = pursuit_parse_world(text, (size_t)n, 0, 0, &p->world, &diag)) != DMAP_OK) {
            PyErr_Format(PyExc_ValueError, "world: %s", diag.message);
            return -1;
        }
    } else {
        PyObject *index = PyNumber_Index(random); /* NumPy's integers too */
        if (!index) return -1;
        unsigned long long rs = PyLong_AsUnsignedLongLong(index);
        Py_DECREF(index);
        if (rs == (unsigned long long)-1 && PyErr_Occurred()) return -1;
        if ((rc = pursuit_world_random(&p->world, size, walls, rs)) != DMAP_OK) {
            /* PyErr_Format knows no %g: the walls fraction is formatted here */
            char what[160];
            snprintf(what, sizeof what, "random world: %s (size %d, walls %g%s)", dmap_strerror(rc), size,
                     walls, rc == DMAP_ERR_ARG ? ": walls must be in 0 .. 1, 1 excluded"
                            : rc == DMAP_ERR_LIMIT ? ": no two connected free cells in 1000 draws" : "");
            PyErr_SetString(PyExc_ValueError, what);
            return -1;
        }
    }
    int cells = p->world.grid.w * p->world.grid.h;
    if (!(p->walls = PyTuple_New(cells))) return -1;
    for (int c = 0; c < cells; c++) {
        PyObject *b = p->world.grid.wall[c] ? Py_True : Py_False;
        Py_INCREF(b);
        PyTuple_SET_ITEM(p->walls, c, b);
    }
    pursuit_config cfg = pursuit_config_default();
    cfg.clocks = clocks;
    cfg.seed = seed;
    cfg.time_limit_ns = limit;
    void *presets[2] = {p->agents[0] ? &p->seats[0] : NULL, p->agents[1] ? &p->seats[1] : NULL};
    if ((rc = pursuit_game_open_seats(&p->g, &p->world, bots, presets, &cfg)) != DMAP_OK) {
        if (rc == DMAP_ERR_ARG) PyErr_SetString(PyExc_ValueError, "clocks >= 1 and time_limit_ns >= 0");
        else pyarenas_raise(rc, "a bot's init");
        return -1;
    }
    p->open = p->has_game = 1;
    return 0;
}

/* 0 when the game was made; -1 with the exception after a failed __init__. */
static int check_open(PursuitGame *p) {
    if (p->open) return 0;
    PyErr_SetString(PyExc_RuntimeError, "the game was not made (its PursuitGame() failed)");
    return -1;
}

static int check_idle(PursuitGame *p) {
    if (check_open(p)) return -1;
    if (p->busy) {
        PyErr_SetString(PyExc_RuntimeError, "the game is deciding: an agent may not drive it");
        return -1;
    }
    if (!p->has_game) {
        PyErr_SetString(PyExc_RuntimeError, "the game cannot go on: a decision failed or was aborted");
        return -1;
    }
    return 0;
}

/* One clock through the referee; 0, or -1 with the exception set. */
static int play_clock(PursuitGame *p) {
    char m[2];
    p->busy = 1;
    int rc = pursuit_game_clock(&p->g, m);
    p->busy = 0;
    if (rc != DMAP_OK) {
        p->has_game = 0; /* the referee did not step: a bot's error ends its game */
        if (rc == PYARENAS_ABORT) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_RuntimeError, "a decision was aborted");
        } else {
            pyarenas_raise(rc, "a bot's decision");
        }
        return -1;
    }
    PyObject *s = PyUnicode_FromStringAndSize(m, 2);
    if (!s || PyList_Append(p->moves, s) < 0) {
        Py_XDECREF(s);
        return -1;
    }
    Py_DECREF(s);
    return 0;
}

/* clock(): one clock (both seats decide on the same view, then the engine steps); returns
 * whether the game is over. */
static PyObject *game_clock(PursuitGame *p, PyObject *noargs) {
    (void)noargs;
    if (check_idle(p)) return NULL;
    if (p->g.state.over) {
        PyErr_SetString(PyExc_RuntimeError, "the game is over");
        return NULL;
    }
    if (play_clock(p)) return NULL;
    return PyBool_FromLong(p->g.state.over);
}

static PyObject *game_result(PursuitGame *p, PyObject *noargs);

/* run(): clocks until the game is over; returns the result. */
static PyObject *game_run(PursuitGame *p, PyObject *noargs) {
    if (check_idle(p)) return NULL;
    while (!p->g.state.over)
        if (play_clock(p)) return NULL;
    return game_result(p, noargs);
}

/* result(): the referee's result: winner ('predator' or 'prey', None while running), clock
 * (of the capture, or the clocks played), decisions, timeouts and decision seconds per seat. */
static PyObject *game_result(PursuitGame *p, PyObject *noargs) {
    (void)noargs;
    if (check_open(p)) return NULL;
    const pursuit_result *r = &p->g.result;
    const char *winner = !p->g.state.over ? NULL : p->g.state.predator_won ? "predator" : "prey";
    return Py_BuildValue("{s:z,s:i,s:[ii],s:[ii],s:[dd]}", "winner", winner, "clock", p->g.state.clock,
                         "decisions", r->decisions[0], r->decisions[1], "timeouts", r->timeouts[0],
                         r->timeouts[1], "decide_s", r->decide_ns[0] / 1e9, r->decide_ns[1] / 1e9);
}

/* view(role): the view dict seat role (0 predator, 1 prey) gets of the current state. */
static PyObject *game_view(PursuitGame *p, PyObject *arg) {
    if (check_open(p)) return NULL;
    long role = PyLong_AsLong(arg);
    if (role == -1 && PyErr_Occurred()) return NULL;
    if (role < 0 || role > 1) {
        PyErr_SetString(PyExc_ValueError, "view: role 0 (predator) or 1 (prey)");
        return NULL;
    }
    pursuit_view v;
    pursuit_view_of(&p->g.state, (pursuit_role)role, &v);
    return view_dict(p, &v);
}

static PyObject *game_get_errors(PursuitGame *p, void *closure) {
    (void)closure;
    if (!p->errors) return PyList_New(0);
    Py_INCREF(p->errors);
    return p->errors;
}

static PyObject *game_get_moves(PursuitGame *p, void *closure) {
    (void)closure;
    if (!p->moves) return PyList_New(0);
    Py_INCREF(p->moves);
    return p->moves;
}

static PyObject *game_get_over(PursuitGame *p, void *closure) {
    (void)closure;
    return PyBool_FromLong(p->g.state.over);
}

static PyObject *game_get_positions(PursuitGame *p, void *closure) {
    (void)closure;
    if (check_open(p)) return NULL;
    const dmap_grid *g = &p->world.grid;
    return Py_BuildValue("(NN)", xy(g, p->g.state.predator), xy(g, p->g.state.prey));
}

static PyObject *game_get_bots(PursuitGame *p, void *closure) {
    (void)closure;
    if (check_open(p)) return NULL;
    return Py_BuildValue("[ss]", p->g.bot[0]->info.name, p->g.bot[1]->info.name);
}

static PyGetSetDef game_getset[] = {
    {"errors", (getter)game_get_errors, NULL, "the agents' errors: (clock, role, kind, message)", NULL},
    {"moves", (getter)game_get_moves, NULL, "each clock's moves as chosen: 'PQ' (predator, prey)", NULL},
    {"is_over", (getter)game_get_over, NULL, "whether the game is over", NULL},
    {"positions", (getter)game_get_positions, NULL, "the predator's and the prey's (x, y)", NULL},
    {"bots", (getter)game_get_bots, NULL, "the seats' bot names ('python' for a Python agent)", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyMethodDef game_methods[] = {
    {"clock", (PyCFunction)game_clock, METH_NOARGS, "one clock; returns whether the game is over"},
    {"run", (PyCFunction)game_run, METH_NOARGS, "play until the game is over; returns the result"},
    {"result", (PyCFunction)game_result, METH_NOARGS, "winner, clock, decisions, timeouts, decide_s"},
    {"view", (PyCFunction)game_view, METH_O, "view(role): the view dict the seat gets now"},
    {NULL, NULL, 0, NULL}};

PYARENAS_GAME_TYPE(PursuitGameType, PursuitGame, "PursuitGame",
                   "PursuitGame(predator, prey, *, world=TEXT | random=SEED, size=8, walls=0.2, clocks=30, "
                   "seed=1, time_limit_ns=10**9): the pursuit arena's referee with C bots and Python "
                   "agents in its seats (dmap.arenas.pursuit wraps it)");

/* The module's pursuit constants: the C bots of each seat. */
static int pursuit_add(PyObject *m) {
    if (pyarenas_add_bot_names(m, "PURSUIT_PREDATORS", pursuit_seat_bots(PURSUIT_PREDATOR))) return -1;
    return pyarenas_add_bot_names(m, "PURSUIT_PREYS", pursuit_seat_bots(PURSUIT_PREY));
}

const pyarena_door pyarena_pursuit = {"pursuit", &PursuitGameType, pursuit_add};
