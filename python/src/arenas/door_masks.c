/* door_masks.c — the arenas' action masks for Python: one function per game in dmap._arenas,
 * each taking the view its door hands to a Python agent (the Pommerman observation dict, the
 * bomber view tuple, the Kutulu state tuple and a seat, the pursuit view dict), rebuilding the
 * C view and asking the game's one mask (pm_legal_actions, bomber_legal_actions,
 * kt_legal_actions, pursuit_legal_actions: each arena's view.c, Kutulu's legal.c). dmap.rl's observations
 * take their "action_mask" from here, so they equal the C engines' and VecEnv's by
 * construction. Each returns an int8 array, 1 = legal, in the game's action order; a view that
 * is not of the expected shape is a TypeError or ValueError. */
#include "door_values.h"

#include <stdlib.h>
#include <string.h>

#include "kutulu.h"
#include "pursuit.h"

static PyObject *mask_array(const unsigned char *mask, int n) {
    npy_intp dims[1] = {n};
    PyObject *a = PyArray_SimpleNew(1, dims, NPY_INT8);
    if (!a) return NULL;
    for (int i = 0; i < n; i++) ((npy_int8 *)PyArray_DATA((PyArrayObject *)a))[i] = (npy_int8)mask[i];
    return a;
}

/* ---- Pommerman ------------------------------------------------------------------------------- */

PyDoc_STRVAR(pommerman_mask_doc,
             "pommerman_action_mask(obs, agent) -> int8 array (6,)\n\n"
             "The legal actions of agent (its id 0..3) on its observation obs (the playground's dict:\n"
             "board, bomb_life, position, ammo, can_kick, alive), in Action order: the arena's\n"
             "pm_legal_actions, VecEnv's masks.");

static PyObject *pommerman_mask(PyObject *self, PyObject *args) {
    (void)self;
    static pm_obs o; /* under the GIL */
    PyObject *obs = pyarenas_pm_board(args, "pommerman_action_mask", &o);
    if (!obs || pyarenas_pm_map(obs, "pommerman_action_mask", "bomb_life", o.size, o.bomb_life) ||
        pyarenas_int(PyDict_GetItemString(obs, "ammo"), "pommerman_action_mask: ammo", &o.ammo) ||
        pyarenas_ints(PyDict_GetItemString(obs, "alive"), "pommerman_action_mask: alive", o.alive, PM_MAX_AGENTS, &o.alive_count))
        return NULL;
    PyObject *kick = PyDict_GetItemString(obs, "can_kick");
    if (!kick) return PyErr_Format(PyExc_KeyError, "pommerman_action_mask: the observation has no can_kick");
    if ((o.can_kick = PyObject_IsTrue(kick)) < 0) return NULL;
    unsigned char mask[PM_NUM_ACTIONS];
    pm_legal_actions(&o, mask);
    return mask_array(mask, PM_NUM_ACTIONS);
}

/* ---- bomber ---------------------------------------------------------------------------------- */

PyDoc_STRVAR(bomber_mask_doc,
             "bomber_action_mask(view) -> int8 array (6,)\n\n"
             "The legal answers of the view's player (a view tuple of BomberGame.view) in the order\n"
             "nothing, u, d, l, r, bomb: the arena's bomber_legal_actions.");

static PyObject *bomber_mask(PyObject *self, PyObject *view) {
    (void)self;
    bomber_view v; /* 3.6 KB: on the stack, no state shared between calls */
    memset(&v, 0, sizeof v);
    PyObject *t = PySequence_Fast(view, "bomber_action_mask: a view tuple");
    if (!t) return NULL;
    PyObject *blocks = NULL, *players = NULL, *ret = NULL;
    if (PySequence_Fast_GET_SIZE(t) != 13) {
        PyErr_SetString(PyExc_ValueError, "bomber_action_mask: a view tuple of 13 items");
        goto done;
    }
    PyObject **it = PySequence_Fast_ITEMS(t);
    const char *cells = "bomber_action_mask: a list of cells", *cell = "bomber_action_mask: a cell";
    if (pyarenas_bomber_cells(it[2], cells, v.ammo, BOMBER_MAX_ITEMS, &v.nammo) ||
        pyarenas_bomber_cells(it[3], cells, v.treasure, BOMBER_MAX_ITEMS, &v.ntreasure) ||
        pyarenas_bomber_cells(it[4], cells, v.bombs, BOMBER_MAX_BOMBS, &v.nbombs) ||
        pyarenas_int(it[7], "bomber_action_mask: id", &v.id) || pyarenas_int(it[8], "bomber_action_mask: ammo", &v.ammo_left) ||
        pyarenas_int(it[9], "bomber_action_mask: hp", &v.hp) || pyarenas_bomber_cell(it[10], cell, &v.x, &v.y))
        goto done;
    if (!(blocks = PySequence_Fast(it[5], "bomber_action_mask: blocks")) ||
        !(players = PySequence_Fast(it[6], "bomber_action_mask: players")))
        goto done;
    if (PySequence_Fast_GET_SIZE(blocks) > BOMBER_METAL + BOMBER_MAX_BLOCKS ||
        PySequence_Fast_GET_SIZE(players) > BOMBER_PLAYERS) {
        PyErr_SetString(PyExc_ValueError, "bomber_action_mask: too many blocks or players");
        goto done;
    }
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(blocks); i++, v.nblocks++) {
        PyObject *b = PySequence_Fast_GET_ITEM(blocks, i);
        const char *tag = PyTuple_Check(b) && PyTuple_GET_SIZE(b) == 2 && PyUnicode_Check(PyTuple_GET_ITEM(b, 0))
                              ? PyUnicode_AsUTF8(PyTuple_GET_ITEM(b, 0)) : NULL;
        int kind = !tag ? -1 : !strcmp(tag, "ib") ? BOMBER_TAG_METAL : !strcmp(tag, "sb") ? BOMBER_TAG_WOOD
                             : !strcmp(tag, "ob") ? BOMBER_TAG_ORE : -1;
        if (kind < 0) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "bomber_action_mask: a block is (tag ib/sb/ob, (x, y))");
            goto done;
        }
        v.blocks[v.nblocks].tag = kind;
        if (pyarenas_bomber_cell(PyTuple_GET_ITEM(b, 1), cell, &v.blocks[v.nblocks].x, &v.blocks[v.nblocks].y)) goto done;
    }
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(players); i++, v.nplayers++) {
        PyObject *p = PySequence_Fast_GET_ITEM(players, i);
        if (!PyTuple_Check(p) || PyTuple_GET_SIZE(p) != 2) {
            PyErr_SetString(PyExc_ValueError, "bomber_action_mask: a player is (pid, (x, y))");
            goto done;
        }
        if (pyarenas_int(PyTuple_GET_ITEM(p, 0), "bomber_action_mask: pid", &v.players[v.nplayers].pid) ||
            pyarenas_bomber_cell(PyTuple_GET_ITEM(p, 1), cell, &v.players[v.nplayers].x, &v.players[v.nplayers].y))
            goto done;
    }
    v.w = BOMBER_W, v.h = BOMBER_H;
    bomber_view_draw_map(&v);
    unsigned char mask[BOMBER_NUM_ACTIONS];
    bomber_legal_actions(&v, mask);
    ret = mask_array(mask, BOMBER_NUM_ACTIONS);
done:
    Py_XDECREF(blocks);
    Py_XDECREF(players);
    Py_DECREF(t);
    return ret;
}

/* ---- Kutulu ---------------------------------------------------------------------------------- */

PyDoc_STRVAR(kutulu_mask_doc,
             "kutulu_action_mask(state, seat) -> int8 array (8,)\n\n"
             "The legal actions of seat's explorer on a KutuluTurns.state() tuple, in the order WAIT,\n"
             "UP, RIGHT, DOWN, LEFT, PLAN, LIGHT, YELL: the arena's kt_legal_actions on the view that\n"
             "seat reads (its maze and the explorers in the game, its own first).");

static PyObject *kutulu_mask(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *state, *ex = NULL, *ret = NULL;
    int seat, w, h;
    const char *cells;
    Py_ssize_t ncells;
    PyObject *turn, *over, *map_index, *minions, *effects;
    if (!PyArg_ParseTuple(args, "Oi:kutulu_action_mask", &state, &seat)) return NULL;
    if (!PyArg_ParseTuple(state, "OOOiiy#OOO:kutulu_action_mask", &turn, &over, &map_index, &w, &h, &cells, &ncells, &ex,
                          &minions, &effects))
        return NULL;
    if (seat < 0 || seat >= KT_PLAYERS) return PyErr_Format(PyExc_ValueError, "kutulu_action_mask: seat 0..3");
    if (w < 1 || h < 1 || w > KT_MAX_W || h > KT_MAX_H || ncells != (Py_ssize_t)w * h)
        return PyErr_Format(PyExc_ValueError, "kutulu_action_mask: a maze of w x h cells, at most %d x %d", KT_MAX_W, KT_MAX_H);
    kt_view v; /* 19 KB: on the stack, no state shared between calls */
    memset(&v, 0, sizeof v);
    v.w = w, v.h = h;
    memcpy(v.cells, cells, (size_t)ncells);
    PyObject *s = PySequence_Fast(ex, "kutulu_action_mask: explorers");
    if (!s) return NULL;
    if (PySequence_Fast_GET_SIZE(s) != KT_PLAYERS) {
        PyErr_SetString(PyExc_ValueError, "kutulu_action_mask: four explorers");
        goto done;
    }
    /* the seat's own explorer first (the protocol's order), then the others in seat order */
    for (int k = 0; k < KT_PLAYERS; k++) {
        int i = k == 0 ? seat : k <= seat ? k - 1 : k;
        int f[7];
        PyObject *e = PySequence_Fast_GET_ITEM(s, i);
        if (!PyArg_ParseTuple(e, "iiiiiii:kutulu_action_mask", &f[0], &f[1], &f[2], &f[3], &f[4], &f[5], &f[6])) goto done;
        if (!f[5]) {
            if (k == 0) break; /* out of the game: no explorer of its own in its view */
            continue;
        }
        v.ent[v.nent++] = (kt_entity){'E', i, f[0], f[1], f[2], f[3], f[4]};
    }
    unsigned char mask[KT_NUM_ACTIONS];
    kt_legal_actions(&v, mask);
    ret = mask_array(mask, KT_NUM_ACTIONS);
done:
    Py_DECREF(s);
    return ret;
}

/* ---- pursuit --------------------------------------------------------------------------------- */

PyDoc_STRVAR(pursuit_mask_doc,
             "pursuit_action_mask(view) -> int8 array (5,)\n\n"
             "The legal moves of the view's seat (a view dict of PursuitGame.view) in the order stay,\n"
             "up, down, left, right: the arena's pursuit_legal_actions.");

static PyObject *pursuit_mask(PyObject *self, PyObject *view) {
    (void)self;
    if (!PyDict_Check(view)) return PyErr_Format(PyExc_TypeError, "pursuit_action_mask: a view dict");
    int w, h, px, py, qx, qy, clock;
    PyObject *walls = PyDict_GetItemString(view, "walls"), *role = PyDict_GetItemString(view, "role");
    if (pyarenas_pair(PyDict_GetItemString(view, "size"), "pursuit_action_mask: size", &w, &h) ||
        pyarenas_pair(PyDict_GetItemString(view, "predator"), "pursuit_action_mask: predator", &px, &py) ||
        pyarenas_pair(PyDict_GetItemString(view, "prey"), "pursuit_action_mask: prey", &qx, &qy) ||
        pyarenas_int(PyDict_GetItemString(view, "clock"), "pursuit_action_mask: clock", &clock))
        return NULL;
    const char *r = role && PyUnicode_Check(role) ? PyUnicode_AsUTF8(role) : NULL;
    if (!r || (strcmp(r, "predator") && strcmp(r, "prey")))
        return PyErr_Format(PyExc_ValueError, "pursuit_action_mask: role 'predator' or 'prey'");
    dmap_grid g;
    if (w < 1 || h < 1 || dmap_grid_init(&g, w, h) != DMAP_OK)
        return PyErr_Format(PyExc_ValueError, "pursuit_action_mask: a bad size %d x %d", w, h);
    PyObject *ret = NULL, *s = walls ? PySequence_Fast(walls, "pursuit_action_mask: walls") : NULL;
    if (!s) {
        if (!walls) PyErr_SetString(PyExc_KeyError, "pursuit_action_mask: the view has no walls");
        goto done;
    }
    if (PySequence_Fast_GET_SIZE(s) != (Py_ssize_t)w * h) {
        PyErr_SetString(PyExc_ValueError, "pursuit_action_mask: walls of w*h cells");
        goto done;
    }
    for (Py_ssize_t i = 0; i < (Py_ssize_t)w * h; i++) {
        int wall = PyObject_IsTrue(PySequence_Fast_GET_ITEM(s, i));
        if (wall < 0) goto done;
        g.wall[i] = (unsigned char)wall;
    }
    if (px < 0 || px >= w || py < 0 || py >= h || qx < 0 || qx >= w || qy < 0 || qy >= h) {
        PyErr_SetString(PyExc_ValueError, "pursuit_action_mask: an agent off the grid");
        goto done;
    }
    pursuit_view v = {&g, py * w + px, qy * w + qx, clock, 0, strcmp(r, "prey") ? PURSUIT_PREDATOR : PURSUIT_PREY};
    unsigned char mask[PURSUIT_NUM_ACTIONS];
    pursuit_legal_actions(&v, mask);
    ret = mask_array(mask, PURSUIT_NUM_ACTIONS);
done:
    Py_XDECREF(s);
    dmap_grid_free(&g);
    return ret;
}

PyMethodDef pyarenas_mask_functions[] = {
    {"pommerman_action_mask", pommerman_mask, METH_VARARGS, pommerman_mask_doc},
    {"bomber_action_mask", bomber_mask, METH_O, bomber_mask_doc},
    {"kutulu_action_mask", kutulu_mask, METH_VARARGS, kutulu_mask_doc},
    {"pursuit_action_mask", pursuit_mask, METH_O, pursuit_mask_doc},
    {NULL, NULL, 0, NULL}};
