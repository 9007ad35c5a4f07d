/* door_planes.c — the C half of dmap.rl's observation="planes" (dmap/rl/_planes.py): what the
 * arenas compute in C for a plane image, reached from Python without a copy of it there.
 *   pommerman_planes(obs, agent)  one observation's byte planes as the vectorized Pommerman
 *                                 writes them (pm_vec_obs_planes: the standard planes and every
 *                                 dmap map plane), from the playground's observation dict;
 *   bomber_blast(tick, blocks, bombs, memory)  the bomber bots' bomb timing (bots/blast.h:
 *                                 first sightings, chain reactions): the tick at which fire
 *                                 first hurts each cell, and the memory of sightings updated.
 * A view that is not of the expected shape is a TypeError or ValueError. */
#include "door_values.h"

#include <string.h>

#include "bots/blast.h"

/* ---- Pommerman ------------------------------------------------------------------------------- */

static int pm_int(PyObject *obs, const char *key, int *out) {
    PyObject *v = PyDict_GetItemString(obs, key);
    if (!v) {
        PyErr_Format(PyExc_KeyError, "pommerman_planes: the observation has no %s", key);
        return -1;
    }
    if (PyBool_Check(v)) {
        *out = v == Py_True;
        return 0;
    }
    return pyarenas_int(v, key, out);
}

/* The pm_obs of the arguments (obs, agent): what the planes read of agent's observation. */
static int pm_obs_of(PyObject *args, pm_obs *o) {
    const char *who = "pommerman_planes";
    PyObject *obs = pyarenas_pm_board(args, who, o);
    if (!obs || pyarenas_pm_map(obs, who, "bomb_blast_strength", o->size, o->bomb_blast_strength) ||
        pyarenas_pm_map(obs, who, "bomb_life", o->size, o->bomb_life) ||
        pyarenas_pm_map(obs, who, "bomb_moving_direction", o->size, o->bomb_moving_direction) ||
        pyarenas_pm_map(obs, who, "flame_life", o->size, o->flame_life) || pm_int(obs, "ammo", &o->ammo) ||
        pm_int(obs, "blast_strength", &o->blast_strength) || pm_int(obs, "can_kick", &o->can_kick) ||
        pm_int(obs, "step_count", &o->step_count) || pm_int(obs, "teammate", &o->teammate) ||
        pyarenas_ints(PyDict_GetItemString(obs, "alive"), "pommerman_planes: alive", o->alive, PM_MAX_AGENTS, &o->alive_count) ||
        pyarenas_ints(PyDict_GetItemString(obs, "enemies"), "pommerman_planes: enemies", o->enemies, PM_MAX_AGENTS, &o->nenemies))
        return -1;
    for (int i = 0; i < o->nenemies; i++)
        if (o->enemies[i] < PM_AGENT_DUMMY || o->enemies[i] >= PM_AGENT0 + PM_MAX_AGENTS) {
            PyErr_Format(PyExc_ValueError, "pommerman_planes: enemy %d is no agent", o->enemies[i]);
            return -1;
        }
    if (o->teammate < PM_AGENT_DUMMY || o->teammate >= PM_AGENT0 + PM_MAX_AGENTS) {
        PyErr_Format(PyExc_ValueError, "pommerman_planes: teammate %d is no agent", o->teammate);
        return -1;
    }
    for (int c = 0; c < o->size * o->size; c++)
        if (o->board[c] >= PM_AGENT0 + PM_MAX_AGENTS) {
            PyErr_Format(PyExc_ValueError, "pommerman_planes: board value %d", o->board[c]);
            return -1;
        }
    return 0;
}

PyDoc_STRVAR(pommerman_planes_doc,
             "pommerman_planes(obs, agent) -> uint8 array (channels, n, n)\n\n"
             "The planes of agent's observation obs (the playground's dict) as VecEnv(planes=\n"
             "'all') writes them: the 19 standard planes, then dist_self, dist_enemy, one\n"
             "dist_each_enemy per enemy, danger, flee (the arena's pm_vec_obs_planes; pommerman.h\n"
             "says what each byte means, 255 for never / unreached).");

static PyObject *pommerman_planes(PyObject *self, PyObject *args) {
    (void)self;
    pm_obs o; /* 0.7 KB: on the stack, no state shared between calls */
    if (pm_obs_of(args, &o)) return NULL;
    int alive = 0;
    for (int i = 0; i < o.alive_count; i++) alive |= o.alive[i] == PM_AGENT0 + o.id;
    npy_intp dims[3] = {pm_vec_obs_channels(&o, PM_VEC_ALL_PLANES), o.size, o.size};
    PyObject *a = PyArray_SimpleNew(3, dims, NPY_UINT8);
    if (!a) return NULL;
    dmap_workspace *ws = NULL;
    int rc = dmap_workspace_new(&ws);
    if (rc == DMAP_OK) rc = pm_vec_obs_planes(&o, alive, PM_VEC_ALL_PLANES, PyArray_DATA((PyArrayObject *)a), ws);
    dmap_workspace_free(ws);
    if (rc != DMAP_OK) {
        Py_DECREF(a);
        return pyarenas_raise(rc, "pommerman_planes");
    }
    return a;
}

/* ---- bomber ---------------------------------------------------------------------------------- */

PyDoc_STRVAR(bomber_blast_doc,
             "bomber_blast(tick, blocks, bombs, memory) -> (hurt, memory)\n\n"
             "The bomber bots' bomb timing (bots/blast.h) after the state of tick `tick`: blocks and\n"
             "bombs are lists of cells (x, y); memory is the list of sightings (x, y, first tick,\n"
             "tick gone or -1) the last call returned ([] at the start). hurt: int32 (H, W) indexed\n"
             "[y, x], the first tick in which fire hurts the cell (1000000: no known bomb reaches it);\n"
             "memory: the sightings with this state's bombs remembered.");

static PyObject *bomber_blast(PyObject *self, PyObject *args) {
    (void)self;
    int tick;
    PyObject *blocks, *bombs, *memory;
    if (!PyArg_ParseTuple(args, "iOOO:bomber_blast", &tick, &blocks, &bombs, &memory)) return NULL;
    bomber_view v; /* what blast_remember and blast_hurt_ticks read: tick, blocks, bombs */
    blast_memory m;
    memset(&v, 0, sizeof v);
    memset(&m, 0, sizeof m);
    v.tick_number = tick;
    bomber_xy xy[BOMBER_METAL + BOMBER_MAX_BLOCKS];
    if (pyarenas_bomber_cells(blocks, "bomber_blast: blocks", xy, BOMBER_METAL + BOMBER_MAX_BLOCKS, &v.nblocks) ||
        pyarenas_bomber_cells(bombs, "bomber_blast: bombs", v.bombs, BOMBER_MAX_BOMBS, &v.nbombs))
        return NULL;
    for (int i = 0; i < v.nblocks; i++) v.blocks[i].x = xy[i].x, v.blocks[i].y = xy[i].y;
    PyObject *s = PySequence_Fast(memory, "bomber_blast: memory is a list of (x, y, first, gone)");
    if (!s) return NULL;
    int rc = 0;
    m.n = (int)PySequence_Fast_GET_SIZE(s);
    if (m.n > BOMBER_MAX_BOMBS) {
        PyErr_SetString(PyExc_ValueError, "bomber_blast: too many sightings");
        rc = -1;
    }
    for (int k = 0; !rc && k < m.n; k++) {
        int f[4], nf = 0;
        rc = pyarenas_ints(PySequence_Fast_GET_ITEM(s, k), "bomber_blast: a sighting", f, 4, &nf);
        if (!rc && (nf != 4 || f[0] < 0 || f[0] >= BOMBER_W || f[1] < 0 || f[1] >= BOMBER_H)) {
            PyErr_SetString(PyExc_ValueError, "bomber_blast: a sighting is (x, y, first, gone) on the board");
            rc = -1;
        }
        if (!rc) m.b[k].x = f[0], m.b[k].y = f[1], m.b[k].first = f[2], m.b[k].gone = f[3];
    }
    Py_DECREF(s);
    if (rc) return NULL;
    blast_remember(&m, &v);
    int hurt[BOMBER_CELLS];
    blast_hurt_ticks(&v, &m, NULL, 0, hurt);
    npy_intp dims[2] = {BOMBER_H, BOMBER_W};
    PyObject *a = PyArray_SimpleNew(2, dims, NPY_INT32);
    PyObject *list = PyList_New(m.n);
    if (!a || !list) {
        Py_XDECREF(a);
        Py_XDECREF(list);
        return NULL;
    }
    memcpy(PyArray_DATA((PyArrayObject *)a), hurt, sizeof hurt);
    for (int k = 0; k < m.n; k++) {
        PyObject *t = Py_BuildValue("(iiii)", m.b[k].x, m.b[k].y, m.b[k].first, m.b[k].gone);
        if (!t) {
            Py_DECREF(a);
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, k, t);
    }
    return Py_BuildValue("(NN)", a, list);
}

PyMethodDef pyarenas_plane_functions[] = {
    {"pommerman_planes", pommerman_planes, METH_VARARGS, pommerman_planes_doc},
    {"bomber_blast", bomber_blast, METH_VARARGS, bomber_blast_doc},
    {NULL, NULL, 0, NULL},
};
