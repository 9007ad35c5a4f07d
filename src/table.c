/* table.c — distance tables: the step distance between every pair of passable cells of a small
 * grid, 16 bits per pair, with O(1) lookup, nearest-of-a-set queries and paths.
 *
 * Built by one breadth-first search per cell, all run at once, bit-parallel: every passable
 * cell keeps a bitset over the sources ("which searches have reached me"), and one level of
 * all P searches is, for each cell, the OR of its neighbours' frontier bitsets minus what it
 * has seen. A level costs P * degree * P/64 word operations whatever the number of sources,
 * so the P searches cost about what P/64 ordinary ones would; the table writes are the rest.
 * The table is symmetric (steps are undirected under every move rule), so row c holds the
 * distances from c, and also to c; a level writes each row's new entries in increasing order. */
#include <stdlib.h>
#include <string.h>

#include "dmap.h"
#include "grid.h"
#include "workspace.h"

struct dmap_table {
    int w, h;
    size_t ncells;   /* W*H */
    size_t p;        /* passable cells */
    int32_t *index;  /* W*H: the compact index of each cell, -1 on walls */
    int32_t *cell;   /* p: the grid cell of each compact index */
    int32_t *adj;    /* p*8: compact neighbours, in direction order, -1 padded */
    dmap_moves moves;
    uint16_t *dist;  /* p*p */
};

static int lowest_bit(uint64_t m) {
#if defined(__GNUC__)
    return __builtin_ctzll(m);
#else
    int k = 0;
    while (!(m & 1)) m >>= 1, k++;
    return k;
#endif
}

void dmap_table_free(dmap_table *t) {
    if (!t) return;
    free(t->index);
    free(t->cell);
    free(t->adj);
    free(t->dist);
    free(t);
}

/* The compact neighbours of every passable cell under the move rule (as dmap_step). */
static void build_adjacency(dmap_table *t, const dmap_grid *g, const dmap_moves *m) {
    for (size_t k = 0; k < t->p; k++) {
        int32_t *a = t->adj + k * 8;
        int n = 0;
        for (int d = DMAP_UP; d < DMAP_UP + m->connectivity; d++) {
            int q = dmap_step(g, m, t->cell[k], (dmap_dir)d);
            if (q >= 0) a[n++] = t->index[q];
        }
        while (n < 8) a[n++] = -1;
    }
}

/* One level of the 64 searches of word wd over cells [from, to): each cell gets the OR of its
 * neighbours' frontier words (a missing neighbour is slot p, always zero) minus what it has
 * seen. With `write`, the newly reached sources' entries of the cell's row get `level`. E (4 or
 * 8) is a compile-time constant in each copy. Returns the OR of the new words. */
static inline uint64_t sweep(const int32_t *nbr, const int e, size_t from, size_t to,
                             const uint64_t *front, uint64_t *next, uint64_t *seen, const int write,
                             uint16_t *dist, size_t p, size_t wd, uint16_t level) {
    uint64_t any = 0;
    for (size_t c = from; c < to; c++) {
        const int32_t *a = nbr + c * (size_t)e;
        uint64_t acc = front[a[0]] | front[a[1]] | front[a[2]] | front[a[3]];
        if (e == 8) acc |= front[a[4]] | front[a[5]] | front[a[6]] | front[a[7]];
        acc &= ~seen[c];
        next[c] = acc;
        seen[c] |= acc;
        any |= acc;
        if (write && acc) {
            uint16_t *row = dist + c * p + wd * 64;
            for (uint64_t bits = acc; bits; bits &= bits - 1) row[lowest_bit(bits)] = level;
        }
    }
    return any;
}

/* One level of word wd over every cell: the cells before `first` (those of earlier words) only
 * pass the searches on; their entries for this word come from the mirror image. */
static inline uint64_t level_pass(const int32_t *nbr, const int e, size_t first, const uint64_t *front,
                                  uint64_t *next, uint64_t *seen, uint16_t *dist, size_t p,
                                  size_t wd, uint16_t level) {
    return sweep(nbr, e, 0, first, front, next, seen, 0, dist, p, wd, level) |
           sweep(nbr, e, first, p, front, next, seen, 1, dist, p, wd, level);
}

/* Whether every cell from `first` on has been reached by all the searches `all`. */
static int rows_complete(const uint64_t *seen, size_t first, size_t p, uint64_t all) {
    for (size_t c = first; c < p; c++)
        if (seen[c] != all) return 0;
    return 1;
}

/* The searches from the sources of word wd (64*wd ...), written into the rows from 64*wd on.
 * They stop when those rows are complete: the rows before get this word's entries from the
 * mirror image. seen and front are p + 1 words, next at least its slot p, all three zeroed in
 * slot p. */
static void search_word(dmap_table *t, const int32_t *nbr, size_t wd, uint64_t *seen,
                        uint64_t *front, uint64_t *next) {
    size_t p = t->p, first = wd * 64, last = first + 64 < p ? first + 64 : p;
    const int e = t->moves.connectivity;
    uint64_t all = last - first == 64 ? ~(uint64_t)0 : ((uint64_t)1 << (last - first)) - 1;
    memset(seen, 0, p * sizeof *seen);
    memset(front, 0, p * sizeof *front);
    for (size_t k = first; k < last; k++) {
        seen[k] = front[k] = (uint64_t)1 << (k - first);
        t->dist[k * p + k] = 0;
    }
    for (unsigned level = 1; !rows_complete(seen, first, p, all); level++) {
        uint64_t any = e == 4 ? level_pass(nbr, 4, first, front, next, seen, t->dist, p, wd, (uint16_t)level)
                              : level_pass(nbr, 8, first, front, next, seen, t->dist, p, wd, (uint16_t)level);
        uint64_t *swap = front;
        front = next;
        next = swap;
        if (!any) break;
    }
    /* the pairs no search joined */
    for (size_t c = first; c < p; c++) {
        uint16_t *row = t->dist + c * p + first;
        for (uint64_t bits = all & ~seen[c]; bits; bits &= bits - 1)
            row[lowest_bit(bits)] = DMAP_TABLE_UNREACHABLE;
    }
}

/* dist(a, b) = dist(b, a): the entries of row c past c's own word (b >= 64 * (c/64 + 1)) from
 * row b, whose entry c lies in one of row b's own or earlier words. Tiles of 64 x 64 keep both
 * sides in cache. */
static void mirror_upper_words(uint16_t *dist, size_t p) {
    for (size_t r0 = 0; r0 < p; r0 += 64) {
        size_t r1 = r0 + 64 < p ? r0 + 64 : p;
        for (size_t b0 = r0 + 64; b0 < p; b0 += 64) {
            size_t b1 = b0 + 64 < p ? b0 + 64 : p;
            for (size_t b = b0; b < b1; b++)
                for (size_t c = r0; c < r1; c++) dist[c * p + b] = dist[b * p + c];
        }
    }
}

/* All P breadth-first searches, 64 at a time (see the top comment). */
static int run_searches(dmap_table *t) {
    size_t p = t->p, e = (size_t)t->moves.connectivity;
    /* seen and two frontiers (each with a zero slot p), and the neighbour indices */
    uint64_t *mem = malloc(3 * (p + 1) * sizeof *mem);
    int32_t *nbr = malloc(p * e * sizeof *nbr + 1);
    if (!mem || !nbr) {
        free(mem);
        free(nbr);
        return DMAP_ERR_NOMEM;
    }
    for (size_t c = 0; c < p; c++)
        for (size_t j = 0; j < e; j++) {
            int32_t a = t->adj[c * 8 + j];
            nbr[c * e + j] = a >= 0 ? a : (int32_t)p;
        }
    uint64_t *seen = mem, *front = mem + (p + 1), *next = mem + 2 * (p + 1);
    seen[p] = front[p] = next[p] = 0;
    for (size_t wd = 0; wd * 64 < p; wd++) search_word(t, nbr, wd, seen, front, next);
    mirror_upper_words(t->dist, p);
    free(mem);
    free(nbr);
    return DMAP_OK;
}

int dmap_table_new(const dmap_grid *g, const dmap_moves *m, dmap_table **out) {
    if (!out) return DMAP_ERR_ARG;
    *out = NULL;
    if (!g || !m) return DMAP_ERR_ARG;
    int rc = dmap_grid_check_steps(g, m); /* grid, moves, and weight x cost in range */
    if (rc) return rc;
    size_t n = (size_t)g->w * (size_t)g->h, p = 0;
    for (size_t i = 0; i < n; i++) p += !g->wall[i];
    if (p > DMAP_TABLE_MAX_CELLS) return DMAP_ERR_LIMIT;
    dmap_table *t = calloc(1, sizeof *t);
    if (!t) return DMAP_ERR_NOMEM;
    t->w = g->w;
    t->h = g->h;
    t->ncells = n;
    t->p = p;
    t->moves = *m;
    t->index = malloc(n * sizeof(int32_t));
    t->cell = malloc((p ? p : 1) * sizeof(int32_t));
    t->adj = malloc((p ? p : 1) * 8 * sizeof(int32_t));
    t->dist = malloc((p ? p * p : 1) * sizeof(uint16_t));
    if (!t->index || !t->cell || !t->adj || !t->dist) {
        dmap_table_free(t);
        return DMAP_ERR_NOMEM;
    }
    for (size_t i = 0, k = 0; i < n; i++) {
        t->index[i] = g->wall[i] ? -1 : (int32_t)k;
        if (!g->wall[i]) t->cell[k++] = (int32_t)i;
    }
    build_adjacency(t, g, m);
    if ((rc = run_searches(t)) != DMAP_OK) {
        dmap_table_free(t);
        return rc;
    }
    *out = t;
    return DMAP_OK;
}

int dmap_table_dist(const dmap_table *t, int from, int to) {
    if (!t || from < 0 || to < 0 || (size_t)from >= t->ncells || (size_t)to >= t->ncells)
        return -1;
    int32_t a = t->index[from], b = t->index[to];
    if ((a | b) < 0) return -1;
    uint16_t d = t->dist[(size_t)a * t->p + (size_t)b];
    return d == DMAP_TABLE_UNREACHABLE ? -1 : (int)d;
}

size_t dmap_table_passable(const dmap_table *t) { return t ? t->p : 0; }

size_t dmap_table_bytes(const dmap_table *t) {
    if (!t) return 0;
    return sizeof *t + t->ncells * sizeof(int32_t) + t->p * 9 * sizeof(int32_t) +
           t->p * t->p * sizeof(uint16_t);
}

int dmap_table_nearest(const dmap_table *t, int from, const int *cells, size_t n, int *dist) {
    if (dist) *dist = -1;
    if (!t || (n && !cells) || from < 0 || (size_t)from >= t->ncells) return -1;
    int32_t a = t->index[from];
    if (a < 0) return -1;
    const uint16_t *row = t->dist + (size_t)a * t->p;
    unsigned best = DMAP_TABLE_UNREACHABLE;
    int at = -1;
    for (size_t k = 0; k < n; k++) {
        int c = cells[k];
        if (c < 0 || (size_t)c >= t->ncells || t->index[c] < 0) continue;
        unsigned d = row[t->index[c]];
        if (d < best) best = d, at = (int)k;
    }
    if (at >= 0 && dist) *dist = (int)best;
    return at;
}

int dmap_table_path(const dmap_table *t, int from, int to, int *path, size_t cap, size_t *len) {
    if (!t || !len || (cap && !path)) return DMAP_ERR_ARG;
    *len = 0;
    if (from < 0 || to < 0 || (size_t)from >= t->ncells || (size_t)to >= t->ncells)
        return DMAP_ERR_RANGE;
    if (t->index[from] < 0 || t->index[to] < 0) return DMAP_ERR_WALL;
    int d = dmap_table_dist(t, from, to);
    if (d < 0) return DMAP_OK; /* unreachable: an empty path */
    if ((size_t)d + 1 > cap) {
        *len = (size_t)d + 1;
        return DMAP_ERR_LIMIT;
    }
    /* walk from `from`, each step to the first neighbour (in direction order) one closer */
    const uint16_t *to_row = t->dist + (size_t)t->index[to] * t->p;
    int32_t k = t->index[from];
    path[0] = from;
    for (int s = 1; s <= d; s++) {
        const int32_t *a = t->adj + (size_t)k * 8;
        int j = 0;
        while (j < 8 && a[j] >= 0 && to_row[a[j]] != (uint16_t)(d - s)) j++;
        if (j == 8 || a[j] < 0) return DMAP_ERR_ARG; /* cannot happen: BFS distances */
        k = a[j];
        path[s] = t->cell[k];
    }
    *len = (size_t)d + 1;
    return DMAP_OK;
}
