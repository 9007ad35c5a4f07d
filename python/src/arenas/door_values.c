/* door_values.c — the readers of door_values.h: ints, pairs, bomber cells and a Pommerman
 * observation's board and maps, from the Python values of the games' views. */
#include "door_values.h"

#include <string.h>

int pyarenas_int(PyObject *obj, const char *what, int *out) {
    if (!obj) {
        PyErr_Format(PyExc_KeyError, "%s: missing", what);
        return -1;
    }
    PyObject *value = PyIndex_Check(obj) ? NULL : PyObject_GetAttrString(obj, "value");
    if (!value) PyErr_Clear();
    PyObject *num = PyIndex_Check(obj) ? PyNumber_Index(obj) : value && PyIndex_Check(value) ? PyNumber_Index(value) : NULL;
    Py_XDECREF(value);
    if (!num) {
        if (!PyErr_Occurred()) PyErr_Format(PyExc_TypeError, "%s: an integer, got %.80s", what, Py_TYPE(obj)->tp_name);
        return -1;
    }
    long v = PyLong_AsLong(num);
    Py_DECREF(num);
    if (v == -1 && PyErr_Occurred()) return -1;
    if (v < -1000000000L || v > 1000000000L) {
        PyErr_Format(PyExc_ValueError, "%s: %ld is out of range", what, v);
        return -1;
    }
    *out = (int)v;
    return 0;
}

int pyarenas_ints(PyObject *obj, const char *what, int *out, int cap, int *n) {
    PyObject *s = obj ? PySequence_Fast(obj, what) : NULL;
    if (!s) {
        if (!obj) PyErr_Format(PyExc_KeyError, "%s: missing", what);
        return -1;
    }
    int rc = 0;
    *n = (int)PySequence_Fast_GET_SIZE(s);
    if (*n > cap) {
        PyErr_Format(PyExc_ValueError, "%s: more than %d items", what, cap);
        rc = -1;
    }
    for (int i = 0; !rc && i < *n; i++) rc = pyarenas_int(PySequence_Fast_GET_ITEM(s, i), what, &out[i]);
    Py_DECREF(s);
    return rc;
}

int pyarenas_pair(PyObject *obj, const char *what, int *a, int *b) {
    int v[2], n = 0;
    if (pyarenas_ints(obj, what, v, 2, &n)) return -1;
    if (n != 2) {
        PyErr_Format(PyExc_ValueError, "%s: a pair", what);
        return -1;
    }
    *a = v[0], *b = v[1];
    return 0;
}

int pyarenas_bomber_cell(PyObject *obj, const char *what, int *x, int *y) {
    if (pyarenas_pair(obj, what, x, y)) return -1;
    if (*x < 0 || *x >= BOMBER_W || *y < 0 || *y >= BOMBER_H) {
        PyErr_Format(PyExc_ValueError, "%s: cell (%d, %d) off the board", what, *x, *y);
        return -1;
    }
    return 0;
}

int pyarenas_bomber_cells(PyObject *list, const char *what, bomber_xy *xy, int cap, int *n) {
    PyObject *s = PySequence_Fast(list, what);
    if (!s) return -1;
    int rc = 0;
    *n = (int)PySequence_Fast_GET_SIZE(s);
    if (*n > cap) {
        PyErr_Format(PyExc_ValueError, "%s: more than %d cells", what, cap);
        rc = -1;
    }
    for (int i = 0; !rc && i < *n; i++) rc = pyarenas_bomber_cell(PySequence_Fast_GET_ITEM(s, i), what, &xy[i].x, &xy[i].y);
    Py_DECREF(s);
    return rc;
}

PyObject *pyarenas_pm_board(PyObject *args, const char *who, pm_obs *o) {
    PyObject *obs;
    int agent;
    char format[64];
    PyOS_snprintf(format, sizeof format, "O!i:%s", who);
    if (!PyArg_ParseTuple(args, format, &PyDict_Type, &obs, &agent)) return NULL;
    if (agent < 0 || agent >= PM_MAX_AGENTS) {
        PyErr_Format(PyExc_ValueError, "%s: agent 0..%d", who, PM_MAX_AGENTS - 1);
        return NULL;
    }
    memset(o, 0, sizeof *o);
    o->id = agent;
    PyObject *board = PyDict_GetItemString(obs, "board");
    Py_ssize_t n = board ? PyObject_Length(board) : -1;
    if (n < 0) {
        if (!PyErr_Occurred()) PyErr_Format(PyExc_KeyError, "%s: the observation has no board", who);
        return NULL;
    }
    if (n < 1 || n > PM_MAX_SIZE) {
        PyErr_Format(PyExc_ValueError, "%s: a board of 1..%d rows", who, PM_MAX_SIZE);
        return NULL;
    }
    o->size = (int)n;
    char what[64];
    PyOS_snprintf(what, sizeof what, "%s: position", who);
    if (pyarenas_pm_map(obs, who, "board", o->size, o->board) ||
        pyarenas_pair(PyDict_GetItemString(obs, "position"), what, &o->r, &o->c))
        return NULL;
    if (o->r < 0 || o->r >= o->size || o->c < 0 || o->c >= o->size) {
        PyErr_Format(PyExc_ValueError, "%s: position (%d, %d) off the board", who, o->r, o->c);
        return NULL;
    }
    return obs;
}

int pyarenas_pm_map(PyObject *obs, const char *who, const char *key, int size, unsigned char *out) {
    PyObject *v = PyDict_GetItemString(obs, key);
    if (!v) {
        PyErr_Format(PyExc_KeyError, "%s: the observation has no %s", who, key);
        return -1;
    }
    PyArrayObject *a = (PyArrayObject *)PyArray_FROMANY(v, NPY_DOUBLE, 2, 2, NPY_ARRAY_CARRAY | NPY_ARRAY_FORCECAST);
    if (!a) return -1;
    int rc = 0;
    if (PyArray_DIM(a, 0) != size || PyArray_DIM(a, 1) != size) {
        PyErr_Format(PyExc_ValueError, "%s: %s is not %d x %d", who, key, size, size);
        rc = -1;
    }
    const double *d = PyArray_DATA(a);
    for (int i = 0; i < size * size && !rc; i++) {
        if (!(d[i] >= 0 && d[i] <= 255)) {
            PyErr_Format(PyExc_ValueError, "%s: %s holds %g", who, key, d[i]);
            rc = -1;
        }
        out[i] = (unsigned char)d[i];
    }
    Py_DECREF(a);
    return rc;
}
