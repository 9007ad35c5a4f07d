/* door_values.h — reading the games' views back from the Python values the doors hand out
 * (door_values.c), for the functions that rebuild a C view from one: the action masks
 * (door_masks.c) and the planes (door_planes.c). Each reader sets a TypeError, KeyError or
 * ValueError naming `what` and returns -1 on a value of the wrong shape, else 0. Internal to
 * the extension. */
#ifndef PYARENAS_DOOR_VALUES_H
#define PYARENAS_DOOR_VALUES_H

#include "door.h"

#include "bomber.h"
#include "pommerman.h"

/* An int (any integer, NumPy's and IntEnum's included; an Enum through its value) within
 * +-10**9; obj NULL (a missing key) is a KeyError. */
int pyarenas_int(PyObject *obj, const char *what, int *out);
/* The ints of a sequence into out (at most cap), *n of them. */
int pyarenas_ints(PyObject *obj, const char *what, int *out, int cap, int *n);
/* The two ints of a pair. */
int pyarenas_pair(PyObject *obj, const char *what, int *a, int *b);
/* A bomber cell (x, y) on the board. */
int pyarenas_bomber_cell(PyObject *obj, const char *what, int *x, int *y);
/* A list of bomber cells (x, y) on the board into xy (at most cap), *n of them. */
int pyarenas_bomber_cells(PyObject *list, const char *what, bomber_xy *xy, int cap, int *n);
/* The arguments (obs, agent) of a function of a Pommerman observation (who, also the name in
 * the errors), obs the playground's dict and agent 0..3, and the start of obs read back: *o
 * zeroed, its id, its size (the board's rows), its board and its position (on the board).
 * Returns obs (borrowed), or NULL with an exception. */
PyObject *pyarenas_pm_board(PyObject *args, const char *who, pm_obs *o);
/* The size x size map obs[key] (values 0..255, as the float maps hold them) into out. */
int pyarenas_pm_map(PyObject *obs, const char *who, const char *key, int size, unsigned char *out);

#endif
