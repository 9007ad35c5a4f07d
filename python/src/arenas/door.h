/* door.h — the doors of the extension module dmap._arenas: one entry per arena in a table, each
 * giving the arena's game type over its contract (typed state, view and action, the step
 * function, the bot table; arenas/README.md) and the arena's numbers for the Python module that
 * reproduces the original API's objects (dmap/arenas/<game>.py). A Python agent is a bot of the
 * kit's interface (arenas/kit/bot.h) that calls back into Python, so C bots in the other seats
 * keep C speed and every driver of the contract plays it. Internal to the extension. */
#ifndef PYARENAS_DOOR_H
#define PYARENAS_DOOR_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#define PY_ARRAY_UNIQUE_SYMBOL pyarenas_ARRAY_API
#ifndef PYARENAS_MODULE_MAIN
#define NO_IMPORT_ARRAY
#endif
#include <numpy/arrayobject.h>

/* A decision of a Python agent that must not be answered: an exception that is not an
 * Exception (KeyboardInterrupt, SystemExit) or a warning turned into an error. The step is not
 * taken, the state stays the one before it, and the exception propagates. */
#define PYARENAS_ABORT (-1000)

/* One arena's door: its name (the submodule dmap.arenas.<name>), its game type, and what it
 * adds to the module (constants such as its configurations and bot names). */
typedef struct pyarena_door {
    const char *name;
    PyTypeObject *game_type;
    int (*add_to_module)(PyObject *module);
} pyarena_door;

extern const pyarena_door pyarena_pommerman;
extern const pyarena_door pyarena_bomber;
extern const pyarena_door pyarena_pursuit;
extern const pyarena_door pyarena_kutulu;

/* Adds dmap._arenas.PommermanVec, the vectorized Pommerman (door_pommerman_vec.c), to the
 * module: part of the Pommerman door's additions. 0 or -1. */
int pyarenas_add_pommerman_vec(PyObject *module);

/* Adds dmap._arenas.KitVec, the other arenas' vectorized games over kit/vec.h
 * (door_kit_vec.c); pyarenas_add_pommerman_vec calls it. 0 or -1. */
int pyarenas_add_kit_vec(PyObject *module);

/* The module's plain functions, as tables module.c adds (data, not calls: the doors call
 * module.c's helpers, so module.c calls none of theirs): the games' action masks (door_masks.c:
 * pommerman_action_mask, bomber_action_mask, kutulu_action_mask, pursuit_action_mask) and the
 * planes' C half (door_planes.c: pommerman_planes, bomber_blast) for dmap.rl's
 * observation="planes". */
extern PyMethodDef pyarenas_mask_functions[];
extern PyMethodDef pyarenas_plane_functions[];

/* The pending Python exception as its repr, cleared (an agent's error, for the errors list);
 * NULL when even that fails. */
PyObject *pyarenas_take_exception(void);

/* A door type's collector slots and destructor from one list of its references: REFS(o, X)
 * applies X (Py_VISIT or Py_CLEAR) to each Python object of o that may take part in a cycle;
 * game_release(o), the door file's own, frees the rest (bots, engine memory, other references)
 * before those are cleared. */
#define PYARENAS_GAME_GC(STRUCT, REFS)                                                         \
    static int game_traverse(STRUCT *o, visitproc visit, void *arg) {                          \
        (void)visit, (void)arg;                                                                \
        REFS(o, Py_VISIT);                                                                     \
        return 0;                                                                              \
    }                                                                                          \
    static int game_clear(STRUCT *o) {                                                         \
        REFS(o, Py_CLEAR);                                                                     \
        return 0;                                                                              \
    }                                                                                          \
    static void game_dealloc(STRUCT *o) {                                                      \
        PyObject_GC_UnTrack(o);                                                                \
        game_release(o);                                                                       \
        game_clear(o);                                                                         \
        Py_TYPE(o)->tp_free((PyObject *)o);                                                    \
    }

/* A door's game type: every door's type has the same slots, filled by the door file's own
 * game_init, game_dealloc, game_traverse, game_clear, game_methods and game_getset. */
#define PYARENAS_GAME_TYPE(VAR, STRUCT, NAME, DOC)                                             \
    static PyTypeObject VAR = {                                                                \
        PyVarObject_HEAD_INIT(NULL, 0).tp_name = "dmap._arenas." NAME,                         \
        .tp_basicsize = sizeof(STRUCT),                                                        \
        .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,                                   \
        .tp_doc = DOC,                                                                         \
        .tp_new = PyType_GenericNew,                                                           \
        .tp_init = (initproc)game_init,                                                        \
        .tp_dealloc = (destructor)game_dealloc,                                                \
        .tp_traverse = (traverseproc)game_traverse,                                            \
        .tp_clear = (inquiry)game_clear,                                                       \
        .tp_methods = game_methods,                                                            \
        .tp_getset = game_getset,                                                              \
    }

/* Readies type and adds it to the module under its name (what follows "dmap._arenas.").
 * 0, or -1 with an exception. */
int pyarenas_add_type(PyObject *module, PyTypeObject *type);

/* An agent's error as a value: appends (when, seat, kind, message or None) to the game's
 * errors list. Returns 1 when it is the seat's first error (reported[seat] is set: the caller
 * warns once, in its game's words), 0 for a later one, -1 when the list could not grow (a
 * Python exception is set). */
int pyarenas_note_error(PyObject *errors, int *reported, int when, int seat, const char *kind,
                        PyObject *message);

/* The module's constant NAME: the names of a bot table, as a list. 0, or -1 with an exception. */
struct kit_bot_table;
int pyarenas_add_bot_names(PyObject *module, const char *name, const struct kit_bot_table *t);

/* The bot a seat names: a name of t, or a spec "BOT:NAME=VALUE..." (kit/param.h), whose seat
 * the caller frees with kit_param_seat_free when the game ends; NULL with the ValueError
 * "seat I: ..." (unknown bot, unknown or bad parameter). */
const struct kit_bot_info *pyarenas_bot_spec(const struct kit_bot_table *t, const char *spec, int seat);

/* pyarenas_bot_spec for a door that seats the spec's text itself (Kutulu's players parse it):
 * 0 when spec names a bot of t with valid parameters, else -1 with that ValueError. */
int pyarenas_bot_spec_check(const struct kit_bot_table *t, const char *spec, int seat);

/* A game's seats argument as a fast sequence (a new reference) of exactly n items, or NULL with
 * a TypeError (not a sequence) or the ValueError "GAME has N seats, got MUNIT" (unit: " agents"
 * or ""). */
PyObject *pyarenas_seats(PyObject *seats, Py_ssize_t n, const char *game, const char *unit);

/* The seats 0 .. n-1 whose bit is set in bits, as a list of ints (a game's winners); NULL with
 * an exception. */
PyObject *pyarenas_seat_list(unsigned bits, int n);

/* A PyArg "O&" converter of a seed to unsigned long long, as the format "K" reads it (modulo
 * 2**64) but from any integer, NumPy's included (through __index__). */
int pyarenas_seed_arg(PyObject *obj, void *out);

/* The error of a C bot or of the engine as a Python exception (MemoryError or RuntimeError);
 * returns NULL. */
PyObject *pyarenas_raise(int code, const char *what);

/* Adds the type KutuluTurns (door_kutulu_turns.c: Code of Kutulu turn by turn) to the module.
 * 0, or -1 with an exception. */
int pyarenas_add_kutulu_turns(PyObject *module);

#endif
