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

/* One level for every cell, with E (4 or 8, a compile-time constant in each copy) neighbour
 * frontier rows per cell: a missing neighbour points at an all-zero row, so there is no branch
 * per neighbour. Cells that every search has reached are skipped. */
static inline uint64_t level_pass(dmap_table *t, const uint64_t *const *nb, const int e,
                                  uint64_t *seen, uint64_t *next, size_t *remaining,
                                  const uint64_t *full, unsigned level) {
    size_t p = t->p, words = (p + 63) / 64;
    uint64_t any = 0;
    for (size_t c = 0; c < p; c++) {
        uint64_t *nx = next + c * words;
        if (!remaining[c]) {
            for (size_t wd = 0; wd < words; wd++) nx[wd] = 0;
            continue;
        }
        const uint64_t *const *n = nb + c * (size_t)e;
        uint64_t *s = seen + c * words;
        uint16_t *row = t->dist + c * p;
        uint64_t missing = 0;
        for (size_t wd = 0; wd < words; wd++) {
            if (s[wd] == full[wd]) { /* every search of this word has been here */
                nx[wd] = 0;
                continue;
            }
            uint64_t acc = n[0][wd] | n[1][wd] | n[2][wd] | n[3][wd];
            if (e == 8) acc |= n[4][wd] | n[5][wd] | n[6][wd] | n[7][wd];
            acc &= ~s[wd];
            nx[wd] = acc;
            if (!acc) continue;
            s[wd] |= acc;
            any |= acc;
            for (uint64_t bits = acc; bits; bits &= bits - 1)
                row[wd * 64 + (size_t)lowest_bit(bits)] = (uint16_t)level;
        }
        for (size_t wd = 0; wd < words; wd++) missing |= ~s[wd] & full[wd];
        remaining[c] = missing != 0;
    }
    return any;
}

/* All P breadth-first searches at once (see the top comment). */
static int run_searches(dmap_table *t) {
    size_t p = t->p, words = (p + 63) / 64, bytes;
    const int e = t->moves.connectivity;
    /* seen, two frontiers (and one all-zero row after each), neighbour pointers, counters */
    size_t rows = p + 1;
    if (!dmap_mul_size(rows * 3, words * sizeof(uint64_t), &bytes)) return DMAP_ERR_NOMEM;
    uint64_t *mem = calloc(1, bytes ? bytes : 1);
    const uint64_t **nb = malloc(2 * p * (size_t)e * sizeof *nb + 1);
    size_t *remaining = malloc(p * sizeof *remaining + 1);
    if (!mem || !nb || !remaining) {
        free(mem);
        free(nb);
        free(remaining);
        return DMAP_ERR_NOMEM;
    }
    uint64_t *seen = mem, *front = mem + rows * words, *next = mem + 2 * rows * words;
    uint64_t full[DMAP_TABLE_MAX_CELLS / 64]; /* the bits of all p sources */
    for (size_t wd = 0; wd < words; wd++)
        full[wd] = wd + 1 < words || p % 64 == 0 ? ~(uint64_t)0 : ((uint64_t)1 << (p % 64)) - 1;
    for (size_t k = 0; k < p; k++) {
        seen[k * words + k / 64] = (uint64_t)1 << (k % 64);
        front[k * words + k / 64] = seen[k * words + k / 64];
        t->dist[k * p + k] = 0;
        remaining[k] = 1; /* nonzero: some search has not reached cell k yet */
    }
    /* the neighbour rows of each cell in either frontier buffer (row p is all zero) */
    const uint64_t **nb_of[2] = {nb, nb + p * (size_t)e};
    uint64_t *buf[2] = {front, next};
    for (int b = 0; b < 2; b++)
        for (size_t c = 0; c < p; c++)
            for (int j = 0; j < e; j++) {
                int32_t a = t->adj[c * 8 + (size_t)j];
                nb_of[b][c * (size_t)e + (size_t)j] = buf[b] + (a >= 0 ? (size_t)a : p) * words;
            }
    for (unsigned level = 1;; level++) {
        int b = (level - 1) % 2; /* the frontier of level - 1 is buf[b]; level goes to the other */
        uint64_t any =
            e == 4 ? level_pass(t, nb_of[b], 4, seen, buf[1 - b], remaining, full, level)
                   : level_pass(t, nb_of[b], 8, seen, buf[1 - b], remaining, full, level);
        if (!any) break;
    }
    /* every entry was written by the searches except the pairs no search joined */
    for (size_t c = 0; c < p; c++) {
        if (!remaining[c]) continue;
        uint16_t *row = t->dist + c * p;
        for (size_t wd = 0; wd < words; wd++)
            for (uint64_t bits = full[wd] & ~seen[c * words + wd]; bits; bits &= bits - 1)
                row[wd * 64 + (size_t)lowest_bit(bits)] = DMAP_TABLE_UNREACHABLE;
    }
    free(mem);
    free(nb);
    free(remaining);
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
