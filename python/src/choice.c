/* choice.c — move choice from Python: the filter chain (score callables per filter) and the
 * worst-case (minimax) scoring over the opponents' moves (an outcome callable). A callable that
 * raises makes the call raise that exception; the library's own answer is then discarded. */
#include "pydmap.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    PyObject *fn;
    int *failed; /* shared by all filters of a call: once set, scores stop calling Python */
} score_user;

static double score_trampoline(void *user, int candidate) {
    score_user *u = user;
    if (*u->failed) return NAN;
    PyObject *r = PyObject_CallFunction(u->fn, "i", candidate);
    double v = r ? PyFloat_AsDouble(r) : -1.0;
    Py_XDECREF(r);
    if (PyErr_Occurred()) {
        *u->failed = 1;
        return NAN;
    }
    return v;
}

static int filter_kind(PyObject *obj, dmap_filter_kind *kind) {
    if (PyUnicode_Check(obj)) {
        const char *s = PyUnicode_AsUTF8(obj);
        if (!s) return -1;
        if (!strcmp(s, "true")) *kind = DMAP_FILTER_KEEP_TRUE;
        else if (!strcmp(s, "max")) *kind = DMAP_FILTER_KEEP_MAX;
        else if (!strcmp(s, "min")) *kind = DMAP_FILTER_KEEP_MIN;
        else goto bad;
        return 0;
    }
    long k = PyLong_AsLong(obj);
    if (k == -1 && PyErr_Occurred()) PyErr_Clear();
    else if (k >= DMAP_FILTER_KEEP_TRUE && k <= DMAP_FILTER_KEEP_MIN) {
        *kind = (dmap_filter_kind)k;
        return 0;
    }
bad:
    PyErr_SetString(pydmap_Error, "filter kind must be FILTER_KEEP_TRUE/MAX/MIN or 'true', 'max', 'min'");
    return -1;
}

PyObject *pydmap_filter_moves(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    static char *kwlist[] = {"candidates", "filters", NULL};
    PyObject *cands_obj, *filters_obj;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OO:filter_moves", kwlist, &cands_obj, &filters_obj))
        return NULL;
    PyObject *cseq = PySequence_Fast(cands_obj, "candidates must be a sequence of ints");
    PyObject *fseq = cseq ? PySequence_Fast(filters_obj, "filters must be a list of (kind, score)") : NULL;
    int *cands = NULL, failed = 0;
    dmap_filter *filters = NULL;
    score_user *users = NULL;
    size_t *removed = NULL;
    PyObject *result = NULL;
    if (!fseq) goto done;
    Py_ssize_t nc = PySequence_Fast_GET_SIZE(cseq), nf = PySequence_Fast_GET_SIZE(fseq);
    cands = malloc((size_t)(nc ? nc : 1) * sizeof *cands);
    filters = malloc((size_t)(nf ? nf : 1) * sizeof *filters);
    users = malloc((size_t)(nf ? nf : 1) * sizeof *users);
    removed = calloc((size_t)(nf ? nf : 1), sizeof *removed);
    if (!cands || !filters || !users || !removed) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < nc; i++) {
        long c = PyLong_AsLong(PySequence_Fast_GET_ITEM(cseq, i));
        if (c == -1 && PyErr_Occurred()) goto done;
        if (c < INT32_MIN || c > INT32_MAX) {
            PyErr_SetString(PyExc_OverflowError, "a candidate does not fit in a C int");
            goto done;
        }
        cands[i] = (int)c;
    }
    for (Py_ssize_t k = 0; k < nf; k++) {
        PyObject *kind_obj, *fn;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(fseq, k), "OO;a filter is (kind, score)", &kind_obj, &fn))
            goto done;
        if (filter_kind(kind_obj, &filters[k].kind) < 0) goto done;
        if (!PyCallable_Check(fn)) {
            PyErr_SetString(PyExc_TypeError, "a filter's score must be callable");
            goto done;
        }
        users[k].fn = fn;
        users[k].failed = &failed;
        filters[k].score = score_trampoline;
        filters[k].user = &users[k];
    }
    size_t n = (size_t)nc;
    int rc = dmap_filter_moves(cands, &n, filters, (size_t)nf, removed);
    if (failed) goto done;
    if (rc != DMAP_OK) {
        pydmap_raise(rc, "filter_moves", NULL);
        goto done;
    }
    PyObject *kept = PyList_New((Py_ssize_t)n), *rem = kept ? PyList_New(nf) : NULL;
    for (size_t i = 0; rem && i < n; i++) PyList_SET_ITEM(kept, (Py_ssize_t)i, PyLong_FromLong(cands[i]));
    for (Py_ssize_t k = 0; rem && k < nf; k++) PyList_SET_ITEM(rem, k, PyLong_FromSize_t(removed[k]));
    if (rem) result = Py_BuildValue("(NN)", kept, rem);
    else Py_XDECREF(kept);
done:
    free(cands);
    free(filters);
    free(users);
    free(removed);
    Py_XDECREF(cseq);
    Py_XDECREF(fseq);
    return result;
}

typedef struct {
    PyObject *fn;
    int failed;
} outcome_user;

static double outcome_trampoline(void *user, int my_move, const int *opp, size_t nopp) {
    outcome_user *u = user;
    if (u->failed) return NAN;
    PyObject *t = PyTuple_New((Py_ssize_t)nopp);
    for (size_t j = 0; t && j < nopp; j++) {
        PyObject *v = PyLong_FromLong(opp[j]);
        if (!v) Py_CLEAR(t);
        else PyTuple_SET_ITEM(t, (Py_ssize_t)j, v);
    }
    PyObject *r = t ? PyObject_CallFunction(u->fn, "iO", my_move, t) : NULL;
    Py_XDECREF(t);
    double v = r ? PyFloat_AsDouble(r) : -1.0;
    Py_XDECREF(r);
    if (PyErr_Occurred()) {
        u->failed = 1;
        return NAN; /* the library stops with DMAP_ERR_VALUE */
    }
    return v;
}

PyObject *pydmap_minimax_moves(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    static char *kwlist[] = {"nmine", "nopp_moves", "outcome", NULL};
    Py_ssize_t nmine;
    PyObject *nopp_obj, *fn;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "nOO:minimax_moves", kwlist, &nmine, &nopp_obj, &fn))
        return NULL;
    if (!PyCallable_Check(fn)) {
        PyErr_SetString(PyExc_TypeError, "outcome must be callable");
        return NULL;
    }
    if (nmine < 1) return pydmap_raise(DMAP_ERR_ARG, "minimax_moves", "nmine must be >= 1");
    PyObject *seq = PySequence_Fast(nopp_obj, "nopp_moves must be a sequence of ints");
    if (!seq) return NULL;
    Py_ssize_t nopp = PySequence_Fast_GET_SIZE(seq);
    size_t *counts = malloc((size_t)(nopp ? nopp : 1) * sizeof *counts);
    PyArrayObject *worst = NULL, *average = NULL;
    int *best = NULL;
    PyObject *result = NULL;
    npy_intp dims[1] = {nmine};
    if (!counts || !(best = malloc((size_t)nmine * sizeof *best))) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t j = 0; j < nopp; j++) {
        Py_ssize_t c = PyLong_AsSsize_t(PySequence_Fast_GET_ITEM(seq, j));
        if (c == -1 && PyErr_Occurred()) goto done;
        if (c < 0) {
            pydmap_raise(DMAP_ERR_ARG, "minimax_moves", "a negative move count");
            goto done;
        }
        counts[j] = (size_t)c;
    }
    worst = (PyArrayObject *)PyArray_SimpleNew(1, dims, NPY_DOUBLE);
    average = worst ? (PyArrayObject *)PyArray_SimpleNew(1, dims, NPY_DOUBLE) : NULL;
    if (!average) goto done;
    outcome_user u = {fn, 0};
    size_t nbest = 0;
    int rc = dmap_minimax_moves((size_t)nmine, nopp ? counts : NULL, (size_t)nopp, outcome_trampoline, &u,
                                PyArray_DATA(worst), PyArray_DATA(average), best, &nbest);
    if (u.failed) goto done;
    if (rc != DMAP_OK) {
        pydmap_raise(rc, "minimax_moves", rc == DMAP_ERR_VALUE ? "outcome returned NaN" : NULL);
        goto done;
    }
    PyObject *bl = PyList_New((Py_ssize_t)nbest);
    for (size_t i = 0; bl && i < nbest; i++) PyList_SET_ITEM(bl, (Py_ssize_t)i, PyLong_FromLong(best[i]));
    if (bl) result = Py_BuildValue("(OON)", worst, average, bl);
done:
    free(counts);
    free(best);
    Py_XDECREF(worst);
    Py_XDECREF(average);
    Py_DECREF(seq);
    return result;
}
