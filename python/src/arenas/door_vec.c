/* door_vec.c — the part of the vectorized-game types that does not depend on the arena
 * (door_vec.h): arguments, output arrays, the actions array, reset and step with the GIL
 * released, episodes and the counting attributes. */
#include "door_vec.h"

#include <string.h>

int pyvec_limits(Py_ssize_t n, int threads) {
    if (n < 1 || n > (1 << 24)) {
        PyErr_SetString(PyExc_ValueError, "n must be in 1 .. 2**24");
        return -1;
    }
    if (threads < 1 || threads > 256) {
        PyErr_SetString(PyExc_ValueError, "threads must be in 1 .. 256");
        return -1;
    }
    return 0;
}

int pyvec_seed(PyObject *obj, uint64_t *seed) {
    if (!PyIndex_Check(obj) || PyBool_Check(obj)) { /* an int, NumPy's integers included */
        PyErr_SetString(PyExc_TypeError, "seed must be an int");
        return -1;
    }
    PyObject *index = PyNumber_Index(obj);
    if (!index) return -1;
    int overflow = 0;
    long long s = PyLong_AsLongLongAndOverflow(index, &overflow);
    Py_DECREF(index);
    if (s == -1 && PyErr_Occurred()) return -1;
    if (overflow || s < 0) {
        PyErr_SetString(PyExc_ValueError, "seed must be in 0 .. 2**63 - 1");
        return -1;
    }
    *seed = (uint64_t)s;
    return 0;
}

PyObject *pyvec_seat_names(PyObject *seats, int nseats, const char *game, const char *what, const char **names) {
    PyObject *list = pyarenas_seats(seats, nseats, game, "");
    for (int s = 0; list && s < nseats; s++) {
        PyObject *o = PySequence_Fast_GET_ITEM(list, s);
        names[s] = NULL;
        if (o == Py_None) continue;
        if (!PyUnicode_Check(o) || !(names[s] = PyUnicode_AsUTF8(o))) {
            if (!PyErr_Occurred()) PyErr_Format(PyExc_TypeError, "seat %d: %s", s, what);
            Py_CLEAR(list);
        }
    }
    return list;
}

int pyvec_out_shape(const pyvec *v, int k, npy_intp *dims, int *type) {
    dims[0] = v->n;
    dims[1] = v->nlearners;
    switch (k) {
    case PYVEC_OBS:
        for (int d = 0; d < v->obs_nd; d++) dims[2 + d] = v->obs_dims[d];
        *type = v->obs_type;
        return 2 + v->obs_nd;
    case PYVEC_REWARDS:
        *type = NPY_FLOAT32;
        return 2;
    case PYVEC_MASKS:
        dims[2] = v->nactions;
        *type = NPY_UINT8;
        return 3;
    default:
        *type = NPY_BOOL;
        return 2;
    }
}

int pyvec_start(pyvec *v, int threads, uint64_t seed) {
    int rc = dmap_pool_new(&v->pool, threads);
    if (rc != DMAP_OK) {
        pyarenas_raise(rc, v->ops->call);
        return -1;
    }
    v->threads = threads;
    v->seed = seed;
    for (int k = 0; k < PYVEC_NOUT; k++) {
        npy_intp dims[5];
        int type, nd = pyvec_out_shape(v, k, dims, &type);
        if (!(v->out[k] = PyArray_ZEROS(nd, dims, type, 0))) return -1;
    }
    npy_intp na = (npy_intp)v->n * v->nlearners;
    return (v->actions32 = PyArray_ZEROS(1, &na, NPY_INT32, 0)) ? 0 : -1;
}

int pyvec_check_idle(pyvec *v) {
    if (!v->actions32) { /* (ops is set by __init__, which may not have run) */
        PyErr_Format(PyExc_RuntimeError, "%s is not initialised", v->ops ? v->ops->type : Py_TYPE(v)->tp_name);
        return -1;
    }
    if (v->busy) {
        PyErr_Format(PyExc_RuntimeError, "%s is stepping in another thread", v->ops->type);
        return -1;
    }
    return 0;
}

const int32_t *pyvec_actions(pyvec *v, PyObject *obj, PyObject **hold) {
    PyArrayObject *a = (PyArrayObject *)PyArray_FROM_O(obj);
    if (!a) return NULL;
    *hold = (PyObject *)a;
    int kind = PyArray_DESCR(a)->kind;
    if (kind != 'i' && kind != 'u') {
        PyErr_Format(PyExc_TypeError, "actions must be an array of integers, got dtype %S", (PyObject *)PyArray_DESCR(a));
        return NULL;
    }
    int nd = PyArray_NDIM(a);
    int ok = (nd == 2 && PyArray_DIM(a, 0) == v->n && PyArray_DIM(a, 1) == v->nlearners) ||
             (nd == 1 && v->nlearners == 1 && PyArray_DIM(a, 0) == v->n);
    if (!ok) {
        PyErr_Format(PyExc_ValueError, "actions must have shape (%ld, %d), one per game and learner", v->n, v->nlearners);
        return NULL;
    }
    /* every value checked as int64 first, so a cast cannot wrap an out-of-range value */
    PyArrayObject *wide = (PyArrayObject *)PyArray_FROM_OTF((PyObject *)a, NPY_INT64, NPY_ARRAY_CARRAY_RO | NPY_ARRAY_FORCECAST);
    if (!wide) return NULL;
    const int64_t *w = PyArray_DATA(wide);
    npy_intp total = (npy_intp)v->n * v->nlearners;
    int32_t *dst = PyArray_DATA((PyArrayObject *)v->actions32);
    /* (a uint64 above 2^63 - 1 reads negative here, and so out of range too) */
    for (npy_intp k = 0; k < total; k++) {
        if (w[k] < 0 || w[k] >= v->nactions) {
            PyErr_Format(PyExc_ValueError, "actions[%ld, %d] = %lld: an action is 0 .. %d", (long)(k / v->nlearners),
                         (int)(k % v->nlearners), (long long)w[k], v->nactions - 1);
            Py_DECREF(wide);
            return NULL;
        }
        dst[k] = (int32_t)w[k];
    }
    Py_DECREF(wide);
    return dst;
}

int pyvec_run(pyvec *v, int kind, const int32_t *actions, const int32_t *words, uint64_t seed) {
    PyObject *held[PYVEC_NOUT];
    void *data[PYVEC_NOUT];
    for (int k = 0; k < PYVEC_NOUT; k++) {
        held[k] = v->out[k];
        Py_INCREF(held[k]);
        data[k] = PyArray_DATA((PyArrayObject *)held[k]);
    }
    int rc;
    v->busy = 1;
    Py_BEGIN_ALLOW_THREADS
    rc = v->ops->run(v, kind, actions, words, seed, data);
    Py_END_ALLOW_THREADS
    v->busy = 0;
    for (int k = 0; k < PYVEC_NOUT; k++) Py_DECREF(held[k]);
    return rc;
}

static PyObject *raise_in(pyvec *v, int rc, const char *method) {
    char what[64];
    PyOS_snprintf(what, sizeof what, "%s.%s", v->ops->call, method);
    v->started = 0;
    return pyarenas_raise(rc, what);
}

PyObject *pyvec_reset(pyvec *v, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"seed", NULL};
    PyObject *seed_obj = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|O:reset", kwlist, &seed_obj) || pyvec_check_idle(v) < 0) return NULL;
    uint64_t seed = v->seed;
    if (seed_obj != Py_None && pyvec_seed(seed_obj, &seed) < 0) return NULL;
    /* reset(): the next episode of every game once there was one; reset(seed): episode 0 */
    int rc = pyvec_run(v, seed_obj == Py_None && v->started ? PYVEC_NEXT : PYVEC_RESET, NULL, NULL, seed);
    if (rc != DMAP_OK) return raise_in(v, rc, "reset");
    v->seed = seed;
    v->started = 1;
    return PyTuple_Pack(2, v->out[PYVEC_OBS], v->out[PYVEC_MASKS]);
}

int pyvec_step_ready(pyvec *v) {
    if (pyvec_check_idle(v) < 0) return -1;
    if (!v->started) {
        PyErr_Format(PyExc_RuntimeError, "%s.step before reset(): call reset() first", v->ops->call);
        return -1;
    }
    return 0;
}

PyObject *pyvec_step_run(pyvec *v, const int32_t *actions, const int32_t *words) {
    int rc = pyvec_run(v, PYVEC_STEP, actions, words, 0);
    if (rc != DMAP_OK) return raise_in(v, rc, "step");
    return PyTuple_Pack(5, v->out[PYVEC_OBS], v->out[PYVEC_REWARDS], v->out[PYVEC_TERMINATED],
                        v->out[PYVEC_TRUNCATED], v->out[PYVEC_MASKS]);
}

PyObject *pyvec_step(pyvec *v, PyObject *obj) {
    if (pyvec_step_ready(v) < 0) return NULL;
    PyObject *hold = NULL;
    const int32_t *actions = pyvec_actions(v, obj, &hold);
    PyObject *r = actions ? pyvec_step_run(v, actions, NULL) : NULL;
    Py_XDECREF(hold);
    return r;
}

PyObject *pyvec_episodes(pyvec *v, PyObject *unused) {
    (void)unused;
    if (pyvec_check_idle(v) < 0) return NULL;
    npy_intp n = v->n;
    PyObject *ep = PyArray_ZEROS(1, &n, NPY_INT64, 0), *seeds = PyArray_ZEROS(1, &n, NPY_UINT64, 0),
             *steps = PyArray_ZEROS(1, &n, NPY_INT32, 0);
    if (!ep || !seeds || !steps) {
        Py_XDECREF(ep);
        Py_XDECREF(seeds);
        Py_XDECREF(steps);
        return NULL;
    }
    for (long i = 0; i < v->n; i++) {
        long e = 0;
        uint64_t s = 0;
        int st = 0;
        v->ops->episode(v, i, &e, &s, &st);
        ((int64_t *)PyArray_DATA((PyArrayObject *)ep))[i] = e;
        ((uint64_t *)PyArray_DATA((PyArrayObject *)seeds))[i] = s;
        ((int32_t *)PyArray_DATA((PyArrayObject *)steps))[i] = st;
    }
    return Py_BuildValue("(NNN)", ep, seeds, steps);
}

void pyvec_release(pyvec *v) {
    dmap_pool_free(v->pool);
    v->pool = NULL;
}

PyObject *pyvec_get_out(pyvec *v, void *k) {
    PyObject *a = v->out[(intptr_t)k];
    if (!a) Py_RETURN_NONE;
    Py_INCREF(a);
    return a;
}

PyObject *pyvec_get_num_envs(pyvec *v, void *unused) {
    (void)unused;
    return PyLong_FromLong(v->n);
}

PyObject *pyvec_get_num_learners(pyvec *v, void *unused) {
    (void)unused;
    return PyLong_FromLong(v->nlearners);
}

PyObject *pyvec_get_learner_seats(pyvec *v, void *unused) {
    (void)unused;
    PyObject *t = PyTuple_New(v->nlearners);
    for (int l = 0; t && l < v->nlearners; l++) PyTuple_SET_ITEM(t, l, PyLong_FromLong(v->seats[l]));
    return t;
}
