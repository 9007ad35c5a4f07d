/* table.c — distance tables: the step distance between every pair of passable cells of a small
 * grid, 16 bits per pair, with O(1) lookup, nearest-of-a-set queries and paths.
 *
 * Built by one breadth-first search per cell, 64 at a time, bit-parallel: for the 64 sources
 * of one word (compact indices 64*wd ...), every cell keeps one word "which of these searches
 * have reached me", and a level is, for each cell, the OR of its neighbours' frontier words
 * minus what it has seen: one pass over the cells with E word reads each, whatever the number
 * of sources. A level only sweeps the cells within one step of the last frontier, and skips
 * cells every search of the word has reached.
 *
 * Steps are undirected under every move rule, so the table is symmetric: row c holds the
 * distances from c and to c. A word's searches write only the rows from their own word on
 * (c >= 64*wd) and stop as soon as those rows are complete; the rows before get that word's
 * entries from the mirror image at the end (8 x 8 transposes where SSE2 is available). The
 * searches of the last words, whose own rows are few and near, stop early. */
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "bits.h"
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

void dmap_table_free(dmap_table *t) {
    if (!t) return;
    free(t->index);
    free(t->cell);
    free(t->adj);
    free(t->dist);
    free(t);
}

/* The compact neighbours of every passable cell under the move rule (as dmap_step; g and m
 * have been checked). */
static void build_adjacency(dmap_table *t, const dmap_grid *g, const dmap_moves *m) {
    for (size_t k = 0; k < t->p; k++) {
        int32_t *a = t->adj + k * 8;
        int n = 0;
        for (int d = DMAP_UP; d < DMAP_UP + m->connectivity; d++) {
            int q = dmap_step_valid(g, m, t->cell[k], (dmap_dir)d); /* g, m checked */
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
                             const uint64_t *front, uint64_t *next, uint64_t *seen, uint64_t all,
                             const int write, uint16_t *dist, size_t p, size_t wd,
                             uint16_t level) {
    uint64_t any = 0;
    for (size_t c = from; c < to; c++) {
        if (seen[c] == all) { /* every search of the word has been here */
            next[c] = 0;
            continue;
        }
        const int32_t *a = nbr + c * (size_t)e;
        uint64_t acc = front[a[0]] | front[a[1]] | front[a[2]] | front[a[3]];
        if (e == 8) acc |= front[a[4]] | front[a[5]] | front[a[6]] | front[a[7]];
        acc &= ~seen[c];
        next[c] = acc;
        seen[c] |= acc;
        any |= acc;
        if (write && acc) {
            uint16_t *row = dist + c * p + wd * 64;
            BITS_FOR_EACH(k, acc) row[k] = level;
        }
    }
    return any;
}

/* One level of word wd over the cells [from, to): the cells before `first` (those of earlier
 * words) only pass the searches on; their entries for this word come from the mirror image. */
static inline uint64_t level_pass(const int32_t *nbr, const int e, size_t from, size_t to,
                                  size_t first, uint64_t all, const uint64_t *front, uint64_t *next,
                                  uint64_t *seen, uint16_t *dist, size_t p, size_t wd,
                                  uint16_t level) {
    size_t mid = first < from ? from : first > to ? to : first;
    return sweep(nbr, e, from, mid, front, next, seen, all, 0, dist, p, wd, level) |
           sweep(nbr, e, mid, to, front, next, seen, all, 1, dist, p, wd, level);
}

/* The cells [lo, hi) outside which a frontier buffer is all zero; empty is {p, 0}. */
typedef struct span {
    size_t lo, hi;
} span;

/* s narrowed to the nonzero words of buf. */
static span nonzero_span(const uint64_t *buf, span s, size_t p) {
    while (s.lo < s.hi && !buf[s.lo]) s.lo++;
    while (s.hi > s.lo && !buf[s.hi - 1]) s.hi--;
    if (s.lo == s.hi) s.lo = p, s.hi = 0;
    return s;
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
static void search_word(dmap_table *t, const int32_t *nbr, size_t reach, size_t wd,
                        uint64_t *seen, uint64_t *front, uint64_t *next) {
    size_t p = t->p, first = wd * 64, last = first + 64 < p ? first + 64 : p;
    const int e = t->moves.connectivity;
    uint64_t all = bits_low_mask((unsigned)(last - first));
    memset(seen, 0, p * sizeof *seen);
    memset(front, 0, p * sizeof *front);
    memset(next, 0, p * sizeof *next);
    for (size_t k = first; k < last; k++) {
        seen[k] = front[k] = (uint64_t)1 << (k - first);
        t->dist[k * p + k] = 0;
    }
    /* a level reaches only the cells within `reach` indices of the last frontier; the sweep
     * also covers the older frontier it overwrites, so each buffer stays zero off its span */
    span fs = {first, last}, ns = {p, 0};
    for (unsigned level = 1; !rows_complete(seen, first, p, all); level++) {
        span sw = {fs.lo > reach ? fs.lo - reach : 0, fs.hi + reach < p ? fs.hi + reach : p};
        if (ns.lo < sw.lo) sw.lo = ns.lo;
        if (ns.hi > sw.hi) sw.hi = ns.hi;
        uint16_t lv = (uint16_t)level;
        uint64_t any = e == 4 ? level_pass(nbr, 4, sw.lo, sw.hi, first, all, front, next, seen,
                                           t->dist, p, wd, lv)
                              : level_pass(nbr, 8, sw.lo, sw.hi, first, all, front, next, seen,
                                           t->dist, p, wd, lv);
        if (!any) break;
        ns = fs;
        fs = nonzero_span(next, sw, p);
        uint64_t *swap = front;
        front = next;
        next = swap;
    }
    /* the pairs no search joined */
    for (size_t c = first; c < p; c++) {
        uint16_t *row = t->dist + c * p + first;
        BITS_FOR_EACH(k, all & ~seen[c]) row[k] = DMAP_TABLE_UNREACHABLE;
    }
}

#if defined(__SSE2__)
/* Rows c..c+7, columns b..b+7 of dist from rows b..b+7, columns c..c+7 (an 8 x 8 transpose). */
static void transpose8(uint16_t *dist, size_t p, size_t c, size_t b) {
    __m128i r[8], t[8], u[8];
    for (int i = 0; i < 8; i++)
        r[i] = _mm_loadu_si128((const __m128i *)(const void *)(dist + (b + (size_t)i) * p + c));
    for (int i = 0; i < 8; i += 2) {
        t[i] = _mm_unpacklo_epi16(r[i], r[i + 1]);     /* columns 0-3 of rows i, i+1 */
        t[i + 1] = _mm_unpackhi_epi16(r[i], r[i + 1]); /* columns 4-7 */
    }
    for (int h = 0; h < 2; h++)     /* columns 0-3, then 4-7 */
        for (int q = 0; q < 2; q++) { /* rows 0-3, then 4-7 */
            __m128i x = t[4 * q + h], y = t[4 * q + 2 + h];
            u[4 * h + q] = _mm_unpacklo_epi32(x, y);     /* two columns of four rows */
            u[4 * h + 2 + q] = _mm_unpackhi_epi32(x, y); /* the next two */
        }
    for (int j = 0; j < 8; j += 2) {
        __m128i lo = u[j], hi = u[j + 1]; /* columns j and j+1: rows 0-3, rows 4-7 */
        uint16_t *out = dist + (c + (size_t)j) * p + b;
        _mm_storeu_si128((__m128i *)(void *)out, _mm_unpacklo_epi64(lo, hi));
        _mm_storeu_si128((__m128i *)(void *)(out + p), _mm_unpackhi_epi64(lo, hi));
    }
}
#endif

/* Rows [r0, r1), columns [b0, b1) of dist from their mirror image (the regions are disjoint). */
static void mirror_tile(uint16_t *dist, size_t p, size_t r0, size_t r1, size_t b0, size_t b1) {
    size_t rows8 = r0, cols8 = b0; /* the ends of the part done 8 x 8 */
#if defined(__SSE2__)
    rows8 = r0 + (r1 - r0) / 8 * 8;
    cols8 = b0 + (b1 - b0) / 8 * 8;
    for (size_t c = r0; c < rows8; c += 8)
        for (size_t b = b0; b < cols8; b += 8) transpose8(dist, p, c, b);
#endif
    for (size_t c = r0; c < r1; c++)
        for (size_t b = c < rows8 ? cols8 : b0; b < b1; b++) dist[c * p + b] = dist[b * p + c];
}

/* dist(a, b) = dist(b, a): the entries of row c past c's own word (b >= 64 * (c/64 + 1)) from
 * row b, whose entry c lies in one of row b's own or earlier words. Tiles of 64 x 64 keep both
 * sides in cache. */
static void mirror_upper_words(uint16_t *dist, size_t p) {
    for (size_t r0 = 0; r0 < p; r0 += 64) {
        size_t r1 = r0 + 64 < p ? r0 + 64 : p;
        for (size_t b0 = r0 + 64; b0 < p; b0 += 64)
            mirror_tile(dist, p, r0, r1, b0, b0 + 64 < p ? b0 + 64 : p);
    }
}

/* All P breadth-first searches, 64 at a time (see the top comment). */
static int run_searches(dmap_table *t) {
    size_t p = t->p, e = (size_t)t->moves.connectivity;
    /* seen and two frontiers (each with a zero slot p), and the neighbour indices */
    uint64_t *mem = (uint64_t *)malloc(3 * (p + 1) * sizeof *mem);
    int32_t *nbr = (int32_t *)malloc(p * e * sizeof *nbr + 1);
    if (!mem || !nbr) {
        free(mem);
        free(nbr);
        return DMAP_ERR_NOMEM;
    }
    size_t reach = 0; /* the largest index difference between neighbours */
    for (size_t c = 0; c < p; c++)
        for (size_t j = 0; j < e; j++) {
            int32_t a = t->adj[c * 8 + j];
            nbr[c * e + j] = a >= 0 ? a : (int32_t)p;
            size_t d = a < 0 ? 0 : (size_t)a > c ? (size_t)a - c : c - (size_t)a;
            if (d > reach) reach = d;
        }
    uint64_t *seen = mem, *front = mem + (p + 1), *next = mem + 2 * (p + 1);
    seen[p] = front[p] = next[p] = 0;
    for (size_t wd = 0; wd * 64 < p; wd++) search_word(t, nbr, reach, wd, seen, front, next);
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
    dmap_table *t = (dmap_table *)calloc(1, sizeof *t);
    if (!t) return DMAP_ERR_NOMEM;
    t->w = g->w;
    t->h = g->h;
    t->ncells = n;
    t->p = p;
    t->moves = *m;
    t->index = (int32_t *)malloc(n * sizeof(int32_t));
    t->cell = (int32_t *)malloc((p ? p : 1) * sizeof(int32_t));
    t->adj = (int32_t *)malloc((p ? p : 1) * 8 * sizeof(int32_t));
    t->dist = (uint16_t *)malloc((p ? p * p : 1) * sizeof(uint16_t));
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
