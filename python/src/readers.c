/* readers.c — files and map formats from Python: read_file (the library's reader, OSError on
 * failure), text maps (walls and the map characters), Moving AI maps and scenarios. Format
 * errors raise dmap.Error with the reader's "line N: reason". */
#include "pydmap.h"

#include <stdlib.h>
#include <string.h>

PyObject *pydmap_read_file(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    static char *kwlist[] = {"path", NULL};
    PyObject *path_obj;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O&:read_file", kwlist, PyUnicode_FSConverter, &path_obj))
        return NULL;
    char *text = NULL;
    size_t len = 0;
    dmap_diag diag = {0, ""};
    int rc = dmap_read_file(PyBytes_AS_STRING(path_obj), &text, &len, &diag);
    Py_DECREF(path_obj);
    if (rc != DMAP_OK) return pydmap_raise_diag(rc, "read_file", &diag);
    PyObject *b = PyBytes_FromStringAndSize(text, (Py_ssize_t)len);
    free(text);
    return b;
}

/* A new (H, W) bool array copied from a grid's walls. */
static PyObject *walls_array(const dmap_grid *g) {
    npy_intp dims[2] = {g->h, g->w};
    PyArrayObject *a = (PyArrayObject *)PyArray_SimpleNew(2, dims, NPY_BOOL);
    if (!a) return NULL;
    unsigned char *d = PyArray_DATA(a);
    size_t n = (size_t)g->w * (size_t)g->h;
    for (size_t i = 0; i < n; i++) d[i] = g->wall[i] != 0;
    return (PyObject *)a;
}

/* A new reference to the dtype that NumPy's string spec names ("S1", "U1"), or NULL with an
 * exception set. Through the converter, not by setting a descriptor's item size, which NumPy 2
 * no longer lets a caller write (its struct layout changed). */
static PyArray_Descr *dtype_of(const char *spec) {
    PyArray_Descr *d = NULL;
    PyObject *name = PyUnicode_FromString(spec);
    if (name && !PyArray_DescrConverter(name, &d)) d = NULL;
    Py_XDECREF(name);
    return d;
}

/* (walls, chars): an (H, W) bool array and the map characters as an (H, W) 'U1' array. */
static PyObject *walls_and_chars(const dmap_grid *g, const char *chars) {
    PyObject *walls = walls_array(g);
    npy_intp dims[2] = {g->h, g->w};
    PyArrayObject *s1 = NULL;
    PyObject *u1 = NULL, *result = NULL;
    PyArray_Descr *sd = dtype_of("S1");
    if (sd) s1 = (PyArrayObject *)PyArray_NewFromDescr(&PyArray_Type, sd, 2, dims, NULL, NULL, 0, NULL);
    if (s1) {
        memcpy(PyArray_DATA(s1), chars, (size_t)g->w * (size_t)g->h);
        PyArray_Descr *ud = dtype_of("U1");
        if (ud) u1 = PyArray_CastToType(s1, ud, 0);
    }
    if (walls && u1) result = Py_BuildValue("(OO)", walls, u1);
    Py_XDECREF(walls);
    Py_XDECREF(u1);
    Py_XDECREF(s1);
    return result;
}

typedef int (*map_reader)(const char *, size_t, dmap_grid *, char **, dmap_diag *);

static PyObject *read_map(PyObject *args, PyObject *kw, const char *fmt, const char *name, map_reader reader) {
    static char *kwlist[] = {"text", NULL};
    PyObject *text_obj;
    if (!PyArg_ParseTupleAndKeywords(args, kw, fmt, kwlist, &text_obj)) return NULL;
    text_arg t;
    if (pydmap_text(text_obj, &t) < 0) return NULL;
    dmap_grid g;
    char *chars = NULL;
    dmap_diag diag = {0, ""};
    int rc = reader(t.data, t.len, &g, &chars, &diag);
    pydmap_text_release(&t);
    if (rc != DMAP_OK) return pydmap_raise_diag(rc, name, &diag);
    PyObject *result = walls_and_chars(&g, chars);
    free(chars);
    dmap_grid_free(&g);
    return result;
}

PyObject *pydmap_parse_text_map(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    return read_map(args, kw, "O:parse_text_map", "parse_text_map", dmap_parse_text_map);
}

PyObject *pydmap_parse_movingai_map(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    return read_map(args, kw, "O:parse_movingai_map", "parse_movingai_map", dmap_parse_movingai_map);
}

PyObject *pydmap_parse_map(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    return read_map(args, kw, "O:parse_map", "parse_map", dmap_parse_map);
}

/* A malloc'ed C text as a str (freed here). */
static PyObject *text_result(char *text, size_t len) {
    PyObject *s = PyUnicode_DecodeUTF8(text, (Py_ssize_t)len, "replace");
    free(text);
    return s;
}

PyObject *pydmap_format_text_map(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    static char *kwlist[] = {"walls", "chars", NULL};
    PyObject *walls, *chars_obj = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|O:format_text_map", kwlist, &walls, &chars_obj)) return NULL;
    grid_arg ga;
    if (pydmap_grid(walls, NULL, &ga) < 0) return NULL;
    PyArrayObject *s1 = NULL;
    if (chars_obj != Py_None) {
        /* Any (H, W) array of one-character strings: as bytes, one per cell. */
        PyArray_Descr *sd = dtype_of("S1");
        s1 = sd ? (PyArrayObject *)PyArray_FromAny(chars_obj, sd, 2, 2, NPY_ARRAY_IN_ARRAY | NPY_ARRAY_FORCECAST, NULL) : NULL;
        if (!s1 || PyArray_DIM(s1, 0) != ga.g.h || PyArray_DIM(s1, 1) != ga.g.w) {
            if (s1) PyErr_SetString(PyExc_ValueError, "format_text_map: chars must have the walls' shape");
            Py_XDECREF(s1);
            pydmap_grid_release(&ga);
            return NULL;
        }
    }
    char *text = NULL;
    size_t len = 0;
    int rc = dmap_format_text_map(&ga.g, s1 ? PyArray_DATA(s1) : NULL, &text, &len);
    Py_XDECREF(s1);
    pydmap_grid_release(&ga);
    if (rc != DMAP_OK) return pydmap_raise(rc, "format_text_map", NULL);
    return text_result(text, len);
}

PyObject *pydmap_format_values(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    static char *kwlist[] = {"walls", "values", "fmt", NULL};
    PyObject *walls, *values_obj;
    const char *fmt = "csv";
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OO|s:format_values", kwlist, &walls, &values_obj, &fmt))
        return NULL;
    dmap_values_format f;
    if (!strcmp(fmt, "csv")) f = DMAP_VALUES_CSV;
    else if (!strcmp(fmt, "grid")) f = DMAP_VALUES_GRID;
    else if (!strcmp(fmt, "digits")) f = DMAP_VALUES_DIGITS;
    else return pydmap_raise(DMAP_ERR_ARG, "format_values", "fmt must be 'csv', 'grid' or 'digits'");
    grid_arg ga;
    if (pydmap_grid(walls, NULL, &ga) < 0) return NULL;
    PyArrayObject *values = pydmap_map_in(values_obj, &ga.g, "values");
    if (!values) {
        pydmap_grid_release(&ga);
        return NULL;
    }
    char *text = NULL;
    size_t len = 0;
    dmap_diag diag = {0, ""};
    int rc = dmap_format_values(&ga.g, PyArray_DATA(values), f, &text, &len, &diag);
    Py_DECREF(values);
    pydmap_grid_release(&ga);
    if (rc != DMAP_OK) return pydmap_raise_diag(rc, "format_values", &diag);
    return text_result(text, len);
}

PyObject *pydmap_parse_values_csv(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    static char *kwlist[] = {"text", NULL};
    PyObject *text_obj;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O:parse_values_csv", kwlist, &text_obj)) return NULL;
    text_arg t;
    if (pydmap_text(text_obj, &t) < 0) return NULL;
    dmap_grid g;
    double *values = NULL;
    dmap_diag diag = {0, ""};
    int rc = dmap_parse_values_csv(t.data, t.len, &g, &values, &diag);
    pydmap_text_release(&t);
    if (rc != DMAP_OK) return pydmap_raise_diag(rc, "parse_values_csv", &diag);
    PyObject *walls = walls_array(&g), *result = NULL;
    npy_intp dims[2] = {g.h, g.w};
    PyArrayObject *v = (PyArrayObject *)PyArray_SimpleNew(2, dims, NPY_DOUBLE);
    if (walls && v) {
        memcpy(PyArray_DATA(v), values, (size_t)g.w * (size_t)g.h * sizeof(double));
        result = Py_BuildValue("(OO)", walls, v);
    }
    Py_XDECREF(walls);
    Py_XDECREF(v);
    free(values);
    dmap_grid_free(&g);
    return result;
}

PyObject *pydmap_parse_scen(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    static char *kwlist[] = {"text", NULL};
    PyObject *text_obj;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O:parse_scen", kwlist, &text_obj)) return NULL;
    text_arg t;
    if (pydmap_text(text_obj, &t) < 0) return NULL;
    dmap_scen_query *q = NULL;
    size_t n = 0;
    dmap_diag diag = {0, ""};
    int rc = dmap_parse_scen(t.data, t.len, &q, &n, &diag);
    pydmap_text_release(&t);
    if (rc != DMAP_OK) return pydmap_raise_diag(rc, "parse_scen", &diag);
    /* Plain tuples; dmap/__init__.py makes them ScenQuery named tuples. */
    PyObject *list = PyList_New((Py_ssize_t)n);
    for (size_t i = 0; list && i < n; i++) {
        PyObject *row = Py_BuildValue("(iii(ii)(ii)di)", q[i].bucket, q[i].map_w, q[i].map_h, q[i].start_x,
                                      q[i].start_y, q[i].goal_x, q[i].goal_y, q[i].optimal, q[i].line);
        if (!row) Py_CLEAR(list);
        else PyList_SET_ITEM(list, (Py_ssize_t)i, row);
    }
    free(q);
    return list;
}
