/* pyset.c — the iteration order of the CPython set that utility.make_board samples wall cells
 * from (ut:64-84), so that a Python seed gives the original's board bit for bit.
 *
 * make_board builds set([(x, y) for x, y in product(range(size), range(size)) if x != y]) and
 * then only removes; random.sample(set, 1) turns the set into a tuple, i.e. the live keys in
 * hash-table slot order, and draws one _randbelow(len). So the order follows from CPython's
 * (3.8 through 3.13) tuple hash (the xxHash-style one) and set table: 8 slots to start, growth
 * to the smallest power of two above 4 x used when fill * 5 >= mask * 3, up to 9 linear probes
 * then perturbed probing (Objects/setobject.c, Objects/tupleobject.c; facts restated in
 * data/README.md). Removal leaves a dummy, which iteration skips. CPython 3.6
 * and 3.7 hashed tuples differently and made other boards.
 *
 * Since make_board only removes after building, the table is built once per board size (a
 * local copy of CPython's slots) and then read as its slot order: removal clears a key's live
 * bit and tuple(set)[i] is the i-th set bit of the 128 live bits, found without a branch on
 * the data (byte counts summed in one multiply, then a table for the bit within the byte). */
#include <pthread.h>
#include <string.h>

#include "pyset.h"

#define PM_PYSET_EMPTY (-1)

#define XXPRIME_1 11400714785074694791ull
#define XXPRIME_2 14029467366897019727ull
#define XXPRIME_5 2870177450012600261ull
#define LINEAR_PROBES 9
#define PERTURB_SHIFT 5

/* hash((x, y)) for small non-negative ints x, y (hash(int) is the int itself). */
static uint64_t tuple_hash(uint64_t x, uint64_t y) {
    uint64_t acc = XXPRIME_5, lanes[2] = {x, y};
    for (int i = 0; i < 2; i++) {
        acc += lanes[i] * XXPRIME_2;
        acc = (acc << 31) | (acc >> 33);
        acc *= XXPRIME_1;
    }
    acc += 2 ^ (XXPRIME_5 ^ 3527539ull);
    if (acc == UINT64_MAX) return 1546275796u;
    return acc;
}

/* CPython's hash table of the set while it is built. */
typedef struct slot_table {
    size_t mask, fill, used;
    int key[PM_PYSET_MAX]; /* cell x * size + y, or EMPTY / DUMMY */
    uint64_t hash[PM_PYSET_MAX];
} slot_table;

/* set_insert_clean: the first empty slot on the probe sequence. */
static void insert_clean(slot_table *s, int key, uint64_t hash) {
    size_t mask = s->mask, perturb = (size_t)hash, i = (size_t)hash & mask;
    for (;;) {
        if (s->key[i] == PM_PYSET_EMPTY) break;
        int found = 0;
        if (i + LINEAR_PROBES <= mask)
            for (size_t j = 1; j <= LINEAR_PROBES; j++)
                if (s->key[i + j] == PM_PYSET_EMPTY) {
                    i += j;
                    found = 1;
                    break;
                }
        if (found) break;
        perturb >>= PERTURB_SHIFT;
        i = (i * 5 + 1 + perturb) & mask;
    }
    s->key[i] = key;
    s->hash[i] = hash;
}

static void resize(slot_table *s, size_t minused) {
    size_t newsize = 8;
    while (newsize <= minused) newsize <<= 1;
    int oldkey[PM_PYSET_MAX];
    uint64_t oldhash[PM_PYSET_MAX];
    size_t oldslots = s->mask + 1;
    memcpy(oldkey, s->key, sizeof(int) * oldslots);
    memcpy(oldhash, s->hash, sizeof(uint64_t) * oldslots);
    s->mask = newsize - 1;
    for (size_t i = 0; i < newsize; i++) s->key[i] = PM_PYSET_EMPTY;
    for (size_t i = 0; i < oldslots; i++)
        if (oldkey[i] >= 0) insert_clean(s, oldkey[i], oldhash[i]);
    s->fill = s->used;
}

/* set_add_entry for a key not yet in the set (make_board adds distinct tuples, no dummies yet). */
static void add(slot_table *s, int key, uint64_t hash) {
    insert_clean(s, key, hash);
    s->fill++;
    s->used++;
    if (s->fill * 5 >= s->mask * 3) resize(s, s->used > 50000 ? s->used * 2 : s->used * 4);
}

/* The slot orders of every board size and the bit-within-a-byte table: made once, read-only. */
typedef struct size_order {
    int n;                                 /* keys */
    unsigned char order[PM_PYSET_KEYS];    /* the keys in slot order */
    signed char place[PM_PYSET_KEYS];      /* each key's place, -1 when never added */
} size_order;
static size_order orders[PM_PYSET_SIZES + 1]; /* [0]: the empty set */
unsigned char pm_pyset_byte_select[256][8];
static pthread_once_t built_once = PTHREAD_ONCE_INIT;

/* The slot order of one board size, from CPython's table. */
static void build(size_order *o, int size) {
    slot_table tb;
    tb.mask = 7;
    tb.fill = tb.used = 0;
    for (int i = 0; i < 8; i++) tb.key[i] = PM_PYSET_EMPTY;
    for (int x = 0; x < size; x++)
        for (int y = 0; y < size; y++)
            if (x != y) add(&tb, x * size + y, tuple_hash((uint64_t)x, (uint64_t)y));
    o->n = 0;
    for (int k = 0; k < PM_PYSET_KEYS; k++) o->place[k] = -1;
    for (size_t i = 0; i <= tb.mask; i++)
        if (tb.key[i] >= 0) {
            o->place[tb.key[i]] = (signed char)o->n;
            o->order[o->n++] = (unsigned char)tb.key[i];
        }
}

static void build_all(void) {
    build(&orders[0], 0);
    for (int size = 1; size <= PM_PYSET_SIZES; size++) build(&orders[size], size);
    for (int b = 0; b < 256; b++)
        for (int i = 0, r = 0; i < 8; i++)
            if (b >> i & 1) pm_pyset_byte_select[b][r++] = (unsigned char)i;
}

void pm_pyset_make_board_coords(pm_pyset *s, int size) {
    pthread_once(&built_once, build_all);
    const size_order *o = &orders[size >= 1 && size <= PM_PYSET_SIZES ? size : 0];
    s->size = size >= 1 && size <= PM_PYSET_SIZES ? size : 0;
    s->used = (size_t)o->n;
    s->used0 = o->n < 64 ? o->n : 64;
    s->live[0] = o->n >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << o->n) - 1;
    s->live[1] = o->n >= 128 ? ~(uint64_t)0 : o->n > 64 ? ((uint64_t)1 << (o->n - 64)) - 1 : 0;
    s->order = o->order;
    s->place = o->place;
}
