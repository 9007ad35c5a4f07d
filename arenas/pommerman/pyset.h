/* pyset.h — CPython's iteration order for the set of wall candidates of make_board (pyset.c). */
#ifndef POMMERMAN_PYSET_H
#define POMMERMAN_PYSET_H

#include <stddef.h>
#include <stdint.h>

#define PM_PYSET_MAX 512 /* slots for up to 127 keys (an 11 x 11 board has 110) */
#define PM_PYSET_EMPTY (-1)
#define PM_PYSET_DUMMY (-2)

typedef struct pm_pyset {
    int size;
    size_t mask, fill, used;
    int key[PM_PYSET_MAX]; /* cell x * size + y, or EMPTY / DUMMY */
    uint64_t hash[PM_PYSET_MAX];
} pm_pyset;

/* The set of make_board: every (x, y) with x != y, added in itertools.product order. */
void pm_pyset_make_board_coords(pm_pyset *s, int size);
/* set.remove of a key in the set (a dummy is left in its slot); absent keys are ignored. */
void pm_pyset_remove(pm_pyset *s, int key);
/* The index-th key of tuple(set) (live keys in slot order), or -1. */
int pm_pyset_at(const pm_pyset *s, size_t index);

#endif
