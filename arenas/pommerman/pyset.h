/* pyset.h — CPython's iteration order for the set of wall candidates of make_board (pyset.c). */
#ifndef POMMERMAN_PYSET_H
#define POMMERMAN_PYSET_H

#include <stddef.h>
#include <stdint.h>

#define PM_PYSET_MAX 512 /* hash-table slots for up to 127 keys (an 11 x 11 board has 110) */
#define PM_PYSET_KEYS 128 /* keys are cells x * size + y of boards up to 11 x 11 */
#define PM_PYSET_SIZES 11 /* board sizes 1 .. 11 */

/* The set as make_board uses it after building it: only removals and tuple(set)[i]. The keys
 * keep the order of the table's slots (fixed once built: a table per board size, shared and
 * read-only), so the set is that order with a bit per place saying whether its key is live;
 * the i-th live key is the i-th set bit of those 128 bits. */
typedef struct pm_pyset {
    int size;
    size_t used;                 /* live keys */
    int used0;                   /* live keys among places 0..63 */
    uint64_t live[2];            /* bit p of live[p / 64]: the key at place p is live */
    const unsigned char *order;  /* the keys in slot order */
    const signed char *place;    /* each key's place in order, -1 when never added */
} pm_pyset;

/* The set of make_board: every (x, y) with x != y, added in itertools.product order (size
 * 1 .. PM_PYSET_SIZES; any other size gives an empty set). */
void pm_pyset_make_board_coords(pm_pyset *s, int size);
/* set.remove of a key in the set (a dummy is left in its slot); absent keys are ignored. */
static inline void pm_pyset_remove(pm_pyset *s, int key) {
    if (key < 0 || key >= PM_PYSET_KEYS) return;
    int p = s->place[key];
    if (p < 0) return;
    uint64_t bit = (s->live[p >> 6] >> (p & 63)) & 1u;
    s->live[p >> 6] &= ~((uint64_t)1 << (p & 63));
    s->used -= (size_t)bit;
    s->used0 -= (int)(bit & (uint64_t)(p < 64));
}
/* The index-th key of tuple(set) (live keys in slot order), or -1. */
int pm_pyset_at(const pm_pyset *s, size_t index);

#endif
