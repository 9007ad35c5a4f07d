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
/* set.remove of a key in the set (a dummy is left in its slot); absent keys are ignored. Both
 * words are written without a branch on the place, so that a set kept in a local variable
 * stays in registers. */
static inline void pm_pyset_remove(pm_pyset *s, int key) {
    if (key < 0 || key >= PM_PYSET_KEYS) return;
    int p = s->place[key];
    if (p < 0) return;
    uint64_t bit = (uint64_t)1 << (p & 63);
    uint64_t m0 = p < 64 ? bit : 0, m1 = p < 64 ? 0 : bit;
    int in0 = (s->live[0] & m0) != 0, in1 = (s->live[1] & m1) != 0;
    s->live[0] &= ~m0;
    s->live[1] &= ~m1;
    s->used -= (size_t)(in0 + in1);
    s->used0 -= in0;
}

/* [b][r]: the bit of byte b holding its r-th set bit (filled by pm_pyset_make_board_coords) */
extern unsigned char pm_pyset_byte_select[256][8];

/* The place of the r-th (from 0) set bit of x, r below x's bit count. Bytes' bit counts (the
 * usual halving sums), their running sums in one multiply (each at most 64, so a byte holds
 * it), the bytes whose running sum is at most r counted by a borrow-free subtraction: that
 * count is the byte holding the bit. */
static inline int pm_pyset_select64(uint64_t x, unsigned r) {
    const uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
    uint64_t c = x - ((x >> 1) & 0x5555555555555555ull);
    c = (c & 0x3333333333333333ull) + ((c >> 2) & 0x3333333333333333ull);
    c = (c + (c >> 4)) & 0x0f0f0f0f0f0f0f0full;
    uint64_t sums = c * ones;
    uint64_t le = ((((uint64_t)r * ones) | highs) - sums) & highs;
    int b = (int)(((le >> 7) * ones) >> 56);
    unsigned before = (unsigned)(((sums << 8) >> (8 * b)) & 0xff);
    unsigned byte = (unsigned)(x >> (8 * b)) & 0xff;
    return 8 * b + pm_pyset_byte_select[byte][r - before];
}

/* The index-th key of tuple(set) (live keys in slot order), or -1. */
static inline int pm_pyset_at(const pm_pyset *s, size_t index) {
    if (index >= s->used) return -1;
    unsigned r = (unsigned)index, c0 = (unsigned)s->used0;
    int hi = r >= c0;
    uint64_t x = hi ? s->live[1] : s->live[0];
    return s->order[64 * hi + pm_pyset_select64(x, hi ? r - c0 : r)];
}

#endif
