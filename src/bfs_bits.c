/* bfs_bits.c — breadth-first search on small 4-connected grids, one level at a time with
 * bitsets (see bfs_bits.h for why). Cell i of the grid is bit i % 64 of word i / 64, so a step
 * up or down is a shift by w bits and a step left or right a shift by one bit, masked so that
 * no step wraps from one row's end to the next row's start. */
#include <string.h>

#include "bfs_bits.h"
#include "bits.h"
#include "rowbits.h"

/* The bitsets of one search. */
typedef struct bit_grid {
    size_t nw;                             /* words in use */
    unsigned w;                            /* row length in bits: a vertical step */
    uint64_t free[DMAP_BFS_BITS_WORDS];     /* passable cells */
    uint64_t right_ok[DMAP_BFS_BITS_WORDS]; /* passable, not in column 0: a step right may land */
    uint64_t left_ok[DMAP_BFS_BITS_WORDS];  /* passable, not in the last column: a step left may */
} bit_grid;

int dmap_bfs_bits_fits(const dmap_grid *g, const dmap_moves *m) {
    return m->connectivity == 4 && (int64_t)g->w * g->h <= DMAP_BFS_BITS_MAX_CELLS;
}

static void load_bits(const dmap_grid *g, bit_grid *b) {
    size_t n = (size_t)g->w * (size_t)g->h, i = 0;
    b->nw = bits_words(n);
    b->w = (unsigned)g->w;
    for (size_t k = 0; k < b->nw; k++) b->free[k] = b->right_ok[k] = b->left_ok[k] = 0;
    for (; i + 8 <= n; i += 8) b->free[i >> 6] |= bits_from_zero_bytes(g->wall + i) << (i & 63);
    for (; i < n; i++)
        if (g->wall[i] == 0) bits_set(b->free, i);
    /* column 0 and the last column, marked row by row */
    for (size_t y = 0, first = 0; y < (size_t)g->h; y++, first += (size_t)g->w) {
        size_t last = first + (size_t)g->w - 1;
        bits_set(b->right_ok, first);
        bits_set(b->left_ok, last);
    }
    for (size_t k = 0; k < b->nw; k++) {
        b->right_ok[k] = b->free[k] & ~b->right_ok[k];
        b->left_ok[k] = b->free[k] & ~b->left_ok[k];
    }
}

/* Word i of the bitset a (nw words) shifted toward higher cells by k bits. */
static inline uint64_t shift_to_higher(const uint64_t *a, size_t nw, size_t i, unsigned k) {
    size_t q = k / 64;
    unsigned r = k % 64;
    if (i < q) return 0;
    uint64_t v = a[i - q] << r;
    if (r && i >= q + 1) v |= a[i - q - 1] >> (64 - r);
    (void)nw;
    return v;
}

/* Word i of the bitset a (nw words) shifted toward lower cells by k bits. */
static inline uint64_t shift_to_lower(const uint64_t *a, size_t nw, size_t i, unsigned k) {
    size_t q = k / 64;
    unsigned r = k % 64;
    if (i + q >= nw) return 0;
    uint64_t v = a[i + q] >> r;
    if (r && i + q + 1 < nw) v |= a[i + q + 1] << (64 - r);
    return v;
}

/* depth[cell] = level for every cell in the bitset fresh. */
static void write_level(const uint64_t *fresh, size_t nw, int level, int *depth) {
    for (size_t i = 0; i < nw; i++)
        BITS_FOR_EACH(k, fresh[i]) depth[i * 64 + k] = level;
}

/* The next level: every free, unseen cell one step from the frontier. Returns nonzero when it
 * is not empty. A step down (cell + w) or right (cell + 1) shifts toward higher cells, a step
 * up or left toward lower ones. */
static int next_level(const bit_grid *b, const uint64_t *frontier, const uint64_t *seen,
                      uint64_t *next) {
    uint64_t any = 0;
    for (size_t i = 0; i < b->nw; i++) {
        uint64_t vertical = shift_to_higher(frontier, b->nw, i, b->w) |
                            shift_to_lower(frontier, b->nw, i, b->w);
        uint64_t v = (vertical & b->free[i]) |
                     (shift_to_higher(frontier, b->nw, i, 1) & b->right_ok[i]) |
                     (shift_to_lower(frontier, b->nw, i, 1) & b->left_ok[i]);
        next[i] = v & ~seen[i];
        any |= next[i];
    }
    return any != 0;
}

int dmap_bfs_bits(const dmap_grid *g, const int *sources, size_t nsources, int max_depth,
                  int target, int *depth, uint64_t *seen_out) {
    bit_grid b;
    load_bits(g, &b);
    uint64_t seen[DMAP_BFS_BITS_WORDS], frontier[DMAP_BFS_BITS_WORDS],
        next[DMAP_BFS_BITS_WORDS];
    for (size_t k = 0; k < b.nw; k++) seen[k] = 0;
    size_t n = (size_t)g->w * (size_t)g->h;
    if (depth)
        for (size_t i = 0; i < n; i++) depth[i] = -1;
    for (size_t k = 0; k < nsources; k++) bits_set(seen, (size_t)sources[k]);
    for (size_t k = 0; k < b.nw; k++) frontier[k] = seen[k];
    if (depth) write_level(frontier, b.nw, 0, depth);
    const size_t tw = target >= 0 ? bits_word_of((size_t)target) : 0;
    const uint64_t tbit = target >= 0 ? bits_mask_of((size_t)target) : 0;
    int found = (seen[tw] & tbit) != 0;
    for (int level = 1; !found && (max_depth < 0 || level <= max_depth); level++) {
        if (!next_level(&b, frontier, seen, next)) break;
        for (size_t k = 0; k < b.nw; k++) {
            seen[k] |= next[k];
            frontier[k] = next[k];
        }
        if (depth) write_level(frontier, b.nw, level, depth);
        found = (frontier[tw] & tbit) != 0;
    }
    if (seen_out)
        for (size_t k = 0; k < b.nw; k++) seen_out[k] = seen[k];
    return found;
}
