/* module.c — the extension module dmap._arenas: the table of arena doors (door.h), each adding
 * its game type and constants to the module, and the helpers every door shares (errors as
 * values, bot names, C errors as Python exceptions). */
#define PYARENAS_MODULE_MAIN
#include "door.h"

#include "kit/bot.h"
#include "kit/param.h"

#include "dmap.h"

#include <string.h>

static const pyarena_door *const doors[] = {&pyarena_pommerman, &pyarena_bomber, &pyarena_pursuit, &pyarena_kutulu};

static struct PyModuleDef arenas_module = {
    PyModuleDef_HEAD_INIT, "dmap._arenas",
    "The arenas' engines and C bots for dmap.arenas (the Python modules that reproduce the "
    "original games' interfaces wrap them).",
    -1, NULL, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__arenas(void) {
    import_array();
    PyObject *m = PyModule_Create(&arenas_module);
    if (!m) return NULL;
    PyObject *names = PyList_New(0);
    if (!names || PyModule_AddObject(m, "ARENAS", names) < 0) goto fail;
    for (size_t i = 0; i < sizeof doors / sizeof doors[0]; i++) {
        const pyarena_door *d = doors[i];
        if (PyType_Ready(d->game_type) < 0 || d->add_to_module(m) < 0 || pyarenas_add_type(m, d->game_type) < 0)
            goto fail;
        PyObject *name = PyUnicode_FromString(d->name);
        if (!name || PyList_Append(names, name) < 0) {
            Py_XDECREF(name);
            goto fail;
        }
        Py_DECREF(name);
    }
    if (PyModule_AddFunctions(m, pyarenas_mask_functions) < 0 ||
        PyModule_AddFunctions(m, pyarenas_plane_functions) < 0)
        goto fail;
    return m;
fail:
    Py_DECREF(m);
    return NULL;
}

int pyarenas_add_type(PyObject *module, PyTypeObject *type) {
    if (PyType_Ready(type) < 0) return -1;
    const char *dot = strrchr(type->tp_name, '.');
    Py_INCREF(type);
    if (PyModule_AddObject(module, dot ? dot + 1 : type->tp_name, (PyObject *)type) < 0) {
        Py_DECREF(type);
        return -1;
    }
    return 0;
}

int pyarenas_note_error(PyObject *errors, int *reported, int when, int seat, const char *kind,
                        PyObject *message) {
    PyObject *e = Py_BuildValue("(iisO)", when, seat, kind, message ? message : Py_None);
    if (!e || PyList_Append(errors, e) < 0) {
        Py_XDECREF(e);
        return -1;
    }
    Py_DECREF(e);
    if (reported[seat]) return 0;
    reported[seat] = 1;
    return 1;
}

int pyarenas_add_bot_names(PyObject *module, const char *name, const kit_bot_table *t) {
    PyObject *l = PyList_New(0);
    if (!l) return -1;
    for (int i = 0; i < t->n; i++) {
        PyObject *v = PyUnicode_FromString(t->bots[i]->name);
        if (!v || PyList_Append(l, v) < 0) {
            Py_XDECREF(v);
            Py_DECREF(l);
            return -1;
        }
        Py_DECREF(v);
    }
    if (PyModule_AddObject(module, name, l) < 0) {
        Py_DECREF(l);
        return -1;
    }
    return 0;
}

const kit_bot_info *pyarenas_bot_spec(const kit_bot_table *t, const char *spec, int seat) {
    char err[600];
    const kit_bot_info *b = kit_bot_spec_text(t, spec, err, sizeof err);
    if (!b) PyErr_Format(PyExc_ValueError, "seat %d: %s", seat, err);
    return b;
}

int pyarenas_bot_spec_check(const kit_bot_table *t, const char *spec, int seat) {
    const kit_bot_info *b = pyarenas_bot_spec(t, spec, seat);
    if (!b) return -1;
    kit_param_seat_free(b); /* only the seats of specs */
    return 0;
}

PyObject *pyarenas_seats(PyObject *seats, Py_ssize_t n, const char *game, const char *unit) {
    PyObject *list = PySequence_Fast(seats, "seats must be a sequence");
    if (list && PySequence_Fast_GET_SIZE(list) != n) {
        PyErr_Format(PyExc_ValueError, "%s has %zd seats, got %zd%s", game, n, PySequence_Fast_GET_SIZE(list), unit);
        Py_CLEAR(list);
    }
    return list;
}

PyObject *pyarenas_seat_list(unsigned bits, int n) {
    PyObject *l = PyList_New(0);
    for (int k = 0; l && k < n; k++) {
        if (!(bits & (1u << k))) continue;
        PyObject *x = PyLong_FromLong(k);
        if (!x || PyList_Append(l, x) < 0) Py_CLEAR(l);
        Py_XDECREF(x);
    }
    return l;
}

int pyarenas_seed_arg(PyObject *obj, void *out) {
    unsigned long long seed = PyLong_AsUnsignedLongLongMask(obj);
    if (seed == (unsigned long long)-1 && PyErr_Occurred()) return 0;
    *(unsigned long long *)out = seed;
    return 1;
}

PyObject *pyarenas_raise(int code, const char *what) {
    if (code == DMAP_ERR_NOMEM) return PyErr_NoMemory();
    PyErr_Format(PyExc_RuntimeError, "%s: %s", what, dmap_strerror(code));
    return NULL;
}
