/* pyset.h — CPython's iteration order for the set of wall candidates of make_board (pyset.c). */
#ifndef POMMERMAN_PYSET_H
#define POMMERMAN_PYSET_H

#include <stddef.h>
#include <stdint.h>

#define PM_PYSET_MAX 512 /* hash-table slots for up to 127 keys (an 11 x 11 board has 110) */
#define PM_PYSET_KEYS 128 /* keys are cells x * size + y of boards up to 11 x 11 */
#define PM_PYSET_SIZES 11 /* board sizes 1 .. 11 */

/* The set as make_board uses it after building it: only removals and tuple(set)[i]. The live
 * keys keep the order of the table's slots, so the set is that order (fixed once built) with a
 * live flag per place and a Fenwick tree of the live counts, which finds the i-th live key and
 * removes one in O(log n). */
typedef struct pm_pyset {
    int size;
    size_t used;                       /* live keys */
    int n;                             /* keys when built */
    int order[PM_PYSET_KEYS];          /* the keys in slot order */
    short place[PM_PYSET_KEYS];        /* each key's place in order, -1 when never added */
    unsigned char live[PM_PYSET_KEYS]; /* per place */
    short tree[PM_PYSET_KEYS + 1];     /* Fenwick tree of live, 1-based */
} pm_pyset;

/* The set of make_board: every (x, y) with x != y, added in itertools.product order (size
 * 1 .. PM_PYSET_SIZES; any other size gives an empty set). */
void pm_pyset_make_board_coords(pm_pyset *s, int size);
/* set.remove of a key in the set (a dummy is left in its slot); absent keys are ignored. */
void pm_pyset_remove(pm_pyset *s, int key);
/* The index-th key of tuple(set) (live keys in slot order), or -1. */
int pm_pyset_at(const pm_pyset *s, size_t index);

#endif
