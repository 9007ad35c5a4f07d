/* scan.c — the Dijkstra-map scan, label-setting: the fixed point of the classic
 * sweep-until-stable rule.
 *
 * The fixed point is v(c) = min(v0(c), min_s v0(s) + dist(s, c)). We compute it like Dijkstra,
 * settling cells in nondecreasing value order, but without a heap in the common case:
 *   - the seeds (cells whose start value is below the map's maximum: a cell at the maximum can
 *     never lower a neighbour) are sorted once by value;
 *   - every distinct step size (direction weight x entry cost) gets its own FIFO queue. A cell
 *     settled at value v pushes neighbours at v + step into that step's FIFO, and settled
 *     values never decrease, so each FIFO is sorted by construction;
 *   - the next cell to settle is the smallest head among the seed list and the FIFOs.
 * Exact and O(N + S log S). Grids with more distinct entry costs than FIFO_MAX_COSTS use a
 * binary heap instead (O(N log N)).
 * The same engine runs the single-source searches of scan.h (threat maps, the safe walk): a
 * deadline is a ceiling on a cell's start value, and a parent tree can be recorded.
 *
 * Implementation notes (the why):
 *   - The work array is padded with a border and holds -inf on walls and the border, so a
 *     neighbour test is one comparison "v + step < work[n]" with no bounds check, and walls
 *     can never be lowered.
 *   - Queues store only cell indices; a head's key is read from the work array. An entry whose
 *     cell was lowered later through another queue shows its lower, current value, which is
 *     still the correct next candidate (its own entry elsewhere is then a harmless duplicate:
 *     relaxing a settled cell again changes nothing).
 *   - A cell enters one FIFO at most once per scan (a second push into the same FIFO would
 *     carry a value no smaller than the first), so a FIFO never holds more than N entries. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"
#include "heap.h"
#include "scan.h"
#include "workspace.h"

enum {
    FIFO_MAX_COSTS = 8,                     /* distinct entry costs handled by FIFOs */
    FIFO_MAX = 2 * FIFO_MAX_COSTS,          /* cardinal and diagonal for each cost */
    INSERTION_SORT_MAX = 64 /* an 8x8 board's flee map (~50 seeds) sorts by insertion */
};

/* The padded working copy of one scan. */
typedef struct scan_ctx {
    int pw;              /* padded width, w + 2 */
    size_t np;           /* padded cell count */
    double *work;        /* np values; -inf on walls and border */
    unsigned char *cls;  /* np cost classes (only when the grid has several costs) */
    int off[8];          /* index offsets of the 8 directions, cardinal first */
    int ndirs;
    int strict;
    int nqueues;
    int uniform;         /* one entry cost: drain_uniform applies */
    double qstep[FIFO_MAX];                    /* the step size of each FIFO */
    unsigned char qof[2][FIFO_MAX_COSTS];      /* FIFO of (diagonal?, cost class) */
    /* searches that want a parent tree: parent[cell] is the cell its value came from */
    int32_t *parent;
} scan_ctx;

/* ---- validation and padded copy ----------------------------------------------------------- */

static int pad_index(const scan_ctx *s, int w, size_t i) {
    return (int)((i / (size_t)w + 1) * (size_t)s->pw + i % (size_t)w + 1);
}

/* Copy values into the padded work array, checking that passable cells hold finite values,
 * and find the largest passable value (*vmax). On the way it lists the cells whose value
 * differs from the first passable cell's (up to cand_cap of them): when that first value is
 * the maximum, as with a default ceiling, those are exactly the seeds and no second pass over
 * the grid is needed. *ncand is set to SIZE_MAX when the list overflowed or cannot be used. */
static int load_work(const dmap_grid *g, const double *values, scan_ctx *s, double *vmax,
                     int32_t *cand, size_t cand_cap, size_t *ncand) {
    double *work = s->work;
    int w = g->w, h = g->h, pw = s->pw;
    double top = -INFINITY, first = NAN;
    size_t listed = 0;
    for (int x = 0; x < pw; x++) {
        work[x] = -INFINITY;
        work[(size_t)(h + 1) * pw + x] = -INFINITY;
    }
    for (int y = 0; y < h; y++) {
        double *row = work + (size_t)(y + 1) * pw;
        const double *in = values + (size_t)y * w;
        const unsigned char *wall = g->wall + (size_t)y * w;
        row[0] = -INFINITY;
        row[w + 1] = -INFINITY;
        for (int x = 0; x < w; x++) {
            double v = in[x];
            if (wall[x]) {
                row[x + 1] = -INFINITY;
                continue;
            }
            if (isnan(v) || v == -INFINITY) return DMAP_ERR_VALUE; /* +inf: no start value */
            if (v > top) top = v;
            row[x + 1] = v;
            if (v != first) {
                if (isnan(first)) {
                    first = v;
                } else if (listed < cand_cap) {
                    cand[listed++] = (int32_t)((y + 1) * pw + x + 1);
                } else {
                    listed = SIZE_MAX;
                    cand_cap = 0;
                }
            }
        }
    }
    *vmax = top;
    *ncand = first == top ? listed : SIZE_MAX;
    return DMAP_OK;
}

/* Copy the results back. Walls keep their value, or get *wall_fill when it is given (as
 * dmap_field fills them). The selects are branch-free: on small boards with scattered walls
 * a branch per cell mispredicts often. */
static void store_work(const dmap_grid *g, const scan_ctx *s, double *values,
                       const double *wall_fill) {
    int w = g->w, h = g->h, pw = s->pw;
    for (int y = 0; y < h; y++) {
        const double *row = s->work + (size_t)(y + 1) * pw + 1;
        double *out = values + (size_t)y * w;
        const unsigned char *wall = g->wall + (size_t)y * w;
        if (wall_fill) {
            const double fill = *wall_fill;
            for (int x = 0; x < w; x++) out[x] = wall[x] ? fill : row[x];
        } else {
            for (int x = 0; x < w; x++) out[x] = wall[x] ? out[x] : row[x];
        }
    }
}

/* ---- step classes ------------------------------------------------------------------------ */

/* Find the distinct entry costs; fill s->cls and the FIFO table. Returns 0 when there are more
 * than FIFO_MAX_COSTS of them (the caller then uses the heap). */
static int plan_fifos(const dmap_grid *g, const dmap_moves *m, scan_ctx *s) {
    double costs[FIFO_MAX_COSTS];
    int ncosts = 1;
    costs[0] = 1.0;
    if (g->cost) {
        ncosts = 0;
        size_t n = (size_t)g->w * (size_t)g->h;
        for (size_t i = 0; i < n; i++) {
            if (g->wall[i]) continue;
            int k = 0;
            while (k < ncosts && costs[k] != g->cost[i]) k++;
            if (k == ncosts) {
                if (ncosts == FIFO_MAX_COSTS) return 0;
                costs[ncosts++] = g->cost[i];
            }
            if (s->cls) s->cls[pad_index(s, g->w, i)] = (unsigned char)k;
        }
        if (ncosts == 0) ncosts = 1, costs[0] = 1.0;
    }
    s->nqueues = 0;
    s->uniform = ncosts == 1;
    int kinds = m->connectivity == 8 ? 2 : 1;
    for (int diag = 0; diag < kinds; diag++) {
        double weight = diag ? m->diagonal : m->cardinal;
        for (int k = 0; k < ncosts; k++) {
            double step = weight * costs[k];
            int q = 0;
            while (q < s->nqueues && s->qstep[q] != step) q++;
            if (q == s->nqueues) s->qstep[s->nqueues++] = step;
            s->qof[diag][k] = (unsigned char)q;
        }
    }
    return 1;
}

/* ---- seeds --------------------------------------------------------------------------------- */

/* An order-preserving map from doubles to unsigned integers, for the radix sort. */
static uint64_t sort_key(double v) {
    uint64_t u;
    memcpy(&u, &v, sizeof u);
    return (u & 0x8000000000000000ull) ? ~u : (u | 0x8000000000000000ull);
}

static void insertion_sort(uint64_t *key, int32_t *idx, size_t n) {
    for (size_t i = 1; i < n; i++) {
        uint64_t k = key[i];
        int32_t v = idx[i];
        size_t j = i;
        while (j > 0 && key[j - 1] > k) {
            key[j] = key[j - 1];
            idx[j] = idx[j - 1];
            j--;
        }
        key[j] = k;
        idx[j] = v;
    }
}

/* LSD radix sort by 8-bit digits, skipping digits all keys share. Stable; the result ends in
 * key/idx (the tmp arrays are scratch of the same sizes). */
static void radix_sort(uint64_t *key, int32_t *idx, uint64_t *tkey, int32_t *tidx, size_t n) {
    size_t count[256];
    for (int shift = 0; shift < 64; shift += 8) {
        memset(count, 0, sizeof count);
        for (size_t i = 0; i < n; i++) count[(key[i] >> shift) & 255]++;
        if (count[(key[0] >> shift) & 255] == n) continue;
        size_t sum = 0;
        for (int d = 0; d < 256; d++) {
            size_t c = count[d];
            count[d] = sum;
            sum += c;
        }
        for (size_t i = 0; i < n; i++) {
            size_t at = count[(key[i] >> shift) & 255]++;
            tkey[at] = key[i];
            tidx[at] = idx[i];
        }
        memcpy(key, tkey, n * sizeof *key);
        memcpy(idx, tidx, n * sizeof *idx);
    }
}

/* Sort the seeds — the cells below vmax, taken from the candidate list cand (ncand entries)
 * or, when cand is NULL, from a pass over the whole work array — into *out by value. */
static int collect_seeds(dmap_workspace *ws, const scan_ctx *s, double vmax, const int32_t *cand,
                         size_t ncand, int32_t **out, size_t *count) {
    size_t n = 0, total = cand ? ncand : s->np;
    for (size_t k = 0; k < total; k++) {
        double v = s->work[cand ? (size_t)cand[k] : k];
        n += v < vmax && v != -INFINITY;
    }
    size_t bytes;
    if (!dmap_mul_size(n ? n : 1, 2 * (sizeof(uint64_t) + sizeof(int32_t)), &bytes))
        return DMAP_ERR_NOMEM;
    unsigned char *mem = (unsigned char *)dmap_ws_buffer(ws, DMAP_WS_SCAN_SEEDS, bytes, 0);
    if (!mem) return DMAP_ERR_NOMEM;
    uint64_t *key = (uint64_t *)mem;
    uint64_t *tkey = key + n;
    int32_t *idx = (int32_t *)(tkey + n);
    int32_t *tidx = idx + n;
    size_t got = 0;
    for (size_t k = 0; k < total; k++) {
        size_t p = cand ? (size_t)cand[k] : k;
        double v = s->work[p];
        if (v < vmax && v != -INFINITY) {
            key[got] = sort_key(v);
            idx[got] = (int32_t)p;
            got++;
        }
    }
    if (n <= INSERTION_SORT_MAX)
        insertion_sort(key, idx, n);
    else
        radix_sort(key, idx, tkey, tidx, n);
    *out = idx;
    *count = n;
    return DMAP_OK;
}

/* ---- the FIFO merge ------------------------------------------------------------------------ */

typedef struct fifo {
    int32_t *buf;
    size_t head, tail; /* entries head..tail-1 (monotone counters, masked on access) */
} fifo;

typedef struct fifo_set {
    dmap_workspace *ws;
    fifo q[FIFO_MAX];
    int n;
    size_t cap; /* per-queue capacity, a power of two */
} fifo_set;

static int fifos_init(fifo_set *f, dmap_workspace *ws, int n, size_t cap) {
    f->ws = ws;
    f->n = n;
    f->cap = cap;
    size_t bytes;
    if (!dmap_mul_size(cap * (size_t)n, sizeof(int32_t), &bytes)) return DMAP_ERR_NOMEM;
    int32_t *mem = (int32_t *)dmap_ws_buffer(ws, DMAP_WS_SCAN_QUEUES, bytes, 0);
    if (!mem) return DMAP_ERR_NOMEM;
    for (int k = 0; k < n; k++) {
        f->q[k].buf = mem + (size_t)k * cap;
        f->q[k].head = f->q[k].tail = 0;
    }
    return DMAP_OK;
}

/* Double every queue's capacity, keeping the order of entries. Rarely called: the live part of
 * a queue is a wave front, not the grid. */
static int fifos_grow(fifo_set *f) {
    size_t old = f->cap, cap = old * 2, bytes;
    if (!dmap_mul_size(cap * (size_t)f->n, sizeof(int32_t), &bytes)) return DMAP_ERR_NOMEM;
    int32_t *fresh = (int32_t *)malloc(bytes);
    if (!fresh) return DMAP_ERR_NOMEM;
    for (int k = 0; k < f->n; k++) {
        fifo *q = &f->q[k];
        size_t len = q->tail - q->head;
        for (size_t i = 0; i < len; i++) fresh[(size_t)k * cap + i] = q->buf[(q->head + i) & (old - 1)];
        q->head = 0;
        q->tail = len;
    }
    int32_t *slot = (int32_t *)dmap_ws_buffer(f->ws, DMAP_WS_SCAN_QUEUES, bytes, 0);
    if (!slot) {
        free(fresh);
        return DMAP_ERR_NOMEM;
    }
    memcpy(slot, fresh, bytes);
    free(fresh);
    for (int k = 0; k < f->n; k++) f->q[k].buf = slot + (size_t)k * cap;
    f->cap = cap;
    return DMAP_OK;
}

static inline int fifo_push(fifo_set *f, int k, int32_t p) {
    fifo *q = &f->q[k];
    if (q->tail - q->head == f->cap) {
        int rc = fifos_grow(f);
        if (rc) return rc;
        q = &f->q[k];
    }
    q->buf[q->tail++ & (f->cap - 1)] = p;
    return DMAP_OK;
}

/* Relax the neighbours of settled cell p (value v): lower each to v + step when that is
 * smaller and queue it on the step's FIFO. */
static inline int relax(const scan_ctx *s, fifo_set *f, int32_t p, double v) {
    double *work = s->work;
    for (int d = 0; d < s->ndirs; d++) {
        int diag = d >= 4;
        int32_t n = p + s->off[d];
        if (diag && s->strict) {
            /* strict corners: both orthogonal cells of the diagonal must be passable */
            int dx = s->off[d] - (s->off[d] > 0 ? s->pw : -s->pw);
            if (work[p + dx] == -INFINITY || work[n - dx] == -INFINITY) continue;
        }
        int k = s->qof[diag][s->cls ? s->cls[n] : 0];
        double cand = v + s->qstep[k];
        if (cand < work[n]) {
            work[n] = cand;
            if (s->parent) s->parent[n] = p;
            int rc = fifo_push(f, k, n);
            if (rc) return rc;
        }
    }
    return DMAP_OK;
}

/* Relax one neighbour without branching on the outcome: the index is always written at the
 * queue's tail, and the tail advances only when the value dropped. On an open grid that
 * outcome is a coin flip, and a mispredicted branch costs more than the store. When track
 * (a compile-time constant in each copy of the loops) is set, the parent is recorded too.
 * Uses work, par, p and mask from the enclosing function. */
/* RELAX_INTO with the neighbour's value already loaded (into old): strict corners need the
 * four cardinal neighbours' values anyway, so they are loaded once for both uses. */
#define RELAX_OLD(q, n, old, cand, ok)                                                      \
    do {                                                                                    \
        int32_t n_ = (n);                                                                   \
        double old_ = (old);                                                                \
        int lower_ = (ok) & ((cand) < old_);                                                \
        work[n_] = lower_ ? (cand) : old_;                                                  \
        if (track) par[n_] = lower_ ? p : par[n_];                                          \
        (q)->buf[(q)->tail & mask] = n_;                                                    \
        (q)->tail += (size_t)lower_;                                                        \
    } while (0)
#define RELAX_INTO(q, n, cand, ok) RELAX_OLD(q, n, work[n], cand, ok)


/* The tight loops of the common case, once the seeds are used up: unit (or uniform) costs,
 * so one FIFO for cardinal steps and one for diagonal steps, or a single FIFO when the two
 * weights are equal. The queues live in local copies so the compiler keeps head and tail in
 * registers; they are written back before the queues grow and at the end. */
/* The hot loops depend on these small helpers being inlined; gcc otherwise declines for the
 * diagonal one and loses a third of the speed of 8-connected scans. */
#if defined(__GNUC__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define ALWAYS_INLINE inline
#endif

/* The diagonals of p; under strict corners ok_* say which orthogonal neighbours are open. */
static ALWAYS_INLINE void relax_diagonals(const scan_ctx *s, fifo *q, size_t mask, int32_t p,
                                          double cand, const int track, int up, int right,
                                          int down, int left) {
    double *work = s->work;
    int32_t *par = s->parent;
    const int32_t pw = s->pw;
    RELAX_INTO(q, p - pw + 1, cand, up & right);
    RELAX_INTO(q, p + pw + 1, cand, down & right);
    RELAX_INTO(q, p + pw - 1, cand, down & left);
    RELAX_INTO(q, p - pw - 1, cand, up & left);
}

/* The cardinal neighbours of p into q at value ca. Under strict corners (a compile-time
 * constant in each copy of the loops) their values are loaded once, for the relaxation and
 * for the corner test of the diagonals, whose flags are returned in *open (bits up, right,
 * down, left); otherwise every flag is 1. Walls hold -inf and stay -inf when relaxed. */
static ALWAYS_INLINE void relax_cardinals(const scan_ctx *s, fifo *q, size_t mask, int32_t p,
                                          double ca, const int track, const int strict,
                                          int open[4]) {
    double *work = s->work;
    int32_t *par = s->parent;
    const int32_t pw = s->pw;
    if (strict) {
        const double u = work[p - pw], r = work[p + 1], d = work[p + pw], l = work[p - 1];
        open[0] = u != -INFINITY, open[1] = r != -INFINITY;
        open[2] = d != -INFINITY, open[3] = l != -INFINITY;
        RELAX_OLD(q, p - pw, u, ca, 1);
        RELAX_OLD(q, p + 1, r, ca, 1);
        RELAX_OLD(q, p + pw, d, ca, 1);
        RELAX_OLD(q, p - 1, l, ca, 1);
    } else {
        open[0] = open[1] = open[2] = open[3] = 1;
        RELAX_INTO(q, p - pw, ca, 1);
        RELAX_INTO(q, p + 1, ca, 1);
        RELAX_INTO(q, p + pw, ca, 1);
        RELAX_INTO(q, p - 1, ca, 1);
    }
}

/* Settle cell p with one FIFO: relax its 4 (or 8) neighbours into q. */
static ALWAYS_INLINE void expand_one(const scan_ctx *s, fifo *q, size_t mask, int32_t p,
                                     const int track, const int strict) {
    const double cand = s->work[p] + s->qstep[0];
    int open[4];
    relax_cardinals(s, q, mask, p, cand, track, strict, open);
    if (s->ndirs == 8)
        relax_diagonals(s, q, mask, p, cand, track, open[0], open[1], open[2], open[3]);
}

/* Settle cell p with two FIFOs: cardinal steps into a, diagonal steps into b. */
static ALWAYS_INLINE void expand_two(const scan_ctx *s, fifo *a, fifo *b, size_t mask,
                                     int32_t p, double sa, double sb, const int track,
                                     const int strict) {
    const double v = s->work[p];
    int open[4];
    relax_cardinals(s, a, mask, p, v + sa, track, strict, open);
    relax_diagonals(s, b, mask, p, v + sb, track, open[0], open[1], open[2], open[3]);
}

/* While seeds remain, the next cell is the smaller of the seed list's head and the FIFO's;
 * after that the loop only drains the FIFO. */
static ALWAYS_INLINE int drain_one_fifo(const scan_ctx *s, fifo_set *f, const int32_t *seed,
                                        size_t nseeds, const int track, const int strict) {
    const double *work = s->work;
    const size_t room = s->ndirs == 8 ? 8 : 4;
    fifo q = f->q[0];
    size_t mask = f->cap - 1, si = 0;
    for (;;) {
        if (q.tail - q.head + room > f->cap) {
            f->q[0] = q;
            int rc = fifos_grow(f);
            if (rc) return rc;
            q = f->q[0], mask = f->cap - 1;
        }
        int32_t p;
        if (si < nseeds) {
            if (q.head != q.tail && work[q.buf[q.head & mask]] < work[seed[si]])
                p = q.buf[q.head++ & mask];
            else
                p = seed[si++];
        } else if (q.head != q.tail) {
            p = q.buf[q.head++ & mask];
        } else {
            break;
        }
        expand_one(s, &q, mask, p, track, strict);
    }
    f->q[0] = q;
    return DMAP_OK;
}

/* Make room for a settled cell's pushes in both FIFOs (they grow together). */
static ALWAYS_INLINE int room_for_two(fifo_set *f, fifo *a, fifo *b, int ka, int kb) {
    if (a->tail - a->head + 4 <= f->cap && b->tail - b->head + 4 <= f->cap) return DMAP_OK;
    f->q[ka] = *a, f->q[kb] = *b;
    int rc = fifos_grow(f);
    *a = f->q[ka], *b = f->q[kb];
    return rc;
}

/* The octile loop: the two-FIFO drain without a parent tree (dmap_field, dmap_scan, the flee
 * maps), once the seeds are used up. The same merge and relaxations as the loop below it,
 * written so that the compiler keeps its state in registers: the grid's row length, the
 * arrays and the queues' counters are locals (an int32 store into a queue could otherwise
 * alias the context's fields and force them to be reloaded after every push), neighbours are
 * addressed at constant offsets from pointers to the three rows around the settled cell, and
 * the queues never wrap (when a tail reaches the end of its buffer the live entries move back
 * to its start), so their counters are plain indices. Only speed: a compact build (DMAP_COMPACT,
 * the single file for CodinGame) leaves it out and drains with the loop below. */
#ifndef DMAP_COMPACT
static ALWAYS_INLINE int drain_octile(const scan_ctx *s, fifo_set *f, int ka, int kb,
                                      const int strict) {
    double *const work = s->work;
    const int32_t pw = s->pw;
    const double sa = s->qstep[ka], sb = s->qstep[kb];
    for (;;) {
        /* linear queues: entries head..tail-1 at those indices, room for 8 pushes */
        size_t cap = f->cap;
        int32_t *abuf = f->q[ka].buf, *bbuf = f->q[kb].buf;
        size_t ah = f->q[ka].head & (cap - 1), at = ah + (f->q[ka].tail - f->q[ka].head);
        size_t bh = f->q[kb].head & (cap - 1), bt = bh + (f->q[kb].tail - f->q[kb].head);
        if (at > cap || bt > cap) { /* a ring that wraps: fifos_grow lays it out from 0 */
            int rc = fifos_grow(f);
            if (rc) return rc;
            continue;
        }
        if (at + 8 > cap) memmove(abuf, abuf + ah, (at - ah) * sizeof *abuf), at -= ah, ah = 0;
        if (bt + 8 > cap) memmove(bbuf, bbuf + bh, (bt - bh) * sizeof *bbuf), bt -= bh, bh = 0;
        if (at + 8 > cap || bt + 8 > cap || 2 * (at - ah) > cap || 2 * (bt - bh) > cap) {
            f->q[ka].head = ah, f->q[ka].tail = at, f->q[kb].head = bh, f->q[kb].tail = bt;
            int rc = fifos_grow(f);
            if (rc) return rc;
            continue;
        }
        const size_t end = cap - 8;
        while (at <= end && bt <= end) {
            int32_t p;
            if (ah != at) {
                if (bh != bt && work[bbuf[bh]] < work[abuf[ah]])
                    p = bbuf[bh++];
                else
                    p = abuf[ah++];
            } else if (bh != bt) {
                p = bbuf[bh++];
            } else {
                f->q[ka].head = f->q[ka].tail = 0, f->q[kb].head = f->q[kb].tail = 0;
                return DMAP_OK;
            }
            /* the three rows around p: every neighbour at a constant offset from one of them */
            double *const c = work + p, *const up = c - pw, *const down = c + pw;
            const int32_t pu = p - pw, pd = p + pw;
            const double v = *c, ca = v + sa, cb = v + sb;
#define OCT_RELAX(row, prow, k, cand, buf, tail, ok, old)                                    \
    do {                                                                                    \
        const double o_ = (old);                                                            \
        const int l_ = (ok) & ((cand) < o_);                                                \
        (row)[k] = l_ ? (cand) : o_;                                                        \
        buf[tail] = (prow) + (k);                                                           \
        tail += (size_t)l_;                                                                 \
    } while (0)
            if (strict) {
                const double u = up[0], r = c[1], d = down[0], l = c[-1];
                /* a diagonal is open when the smaller of its two cardinal cells is not a wall
                 * (-inf; values are never NaN): one compare a diagonal */
                const double ne = u < r ? u : r, se = d < r ? d : r;
                const double sw = d < l ? d : l, nw = u < l ? u : l;
                OCT_RELAX(up, pu, 0, ca, abuf, at, 1, u);
                OCT_RELAX(c, p, 1, ca, abuf, at, 1, r);
                OCT_RELAX(down, pd, 0, ca, abuf, at, 1, d);
                OCT_RELAX(c, p, -1, ca, abuf, at, 1, l);
                OCT_RELAX(up, pu, 1, cb, bbuf, bt, ne > -INFINITY, up[1]);
                OCT_RELAX(down, pd, 1, cb, bbuf, bt, se > -INFINITY, down[1]);
                OCT_RELAX(down, pd, -1, cb, bbuf, bt, sw > -INFINITY, down[-1]);
                OCT_RELAX(up, pu, -1, cb, bbuf, bt, nw > -INFINITY, up[-1]);
            } else {
                OCT_RELAX(up, pu, 0, ca, abuf, at, 1, up[0]);
                OCT_RELAX(c, p, 1, ca, abuf, at, 1, c[1]);
                OCT_RELAX(down, pd, 0, ca, abuf, at, 1, down[0]);
                OCT_RELAX(c, p, -1, ca, abuf, at, 1, c[-1]);
                OCT_RELAX(up, pu, 1, cb, bbuf, bt, 1, up[1]);
                OCT_RELAX(down, pd, 1, cb, bbuf, bt, 1, down[1]);
                OCT_RELAX(down, pd, -1, cb, bbuf, bt, 1, down[-1]);
                OCT_RELAX(up, pu, -1, cb, bbuf, bt, 1, up[-1]);
            }
#undef OCT_RELAX
        }
        f->q[ka].head = ah, f->q[ka].tail = at, f->q[kb].head = bh, f->q[kb].tail = bt;
    }
}
#endif /* DMAP_COMPACT */

/* While seeds remain, the next cell is the smallest of three heads (seeds, cardinal FIFO,
 * diagonal FIFO); then a tighter loop drains the two FIFOs. */
static ALWAYS_INLINE int drain_two_fifos(const scan_ctx *s, fifo_set *f, const int32_t *seed,
                                         size_t nseeds, const int track, const int strict) {
    const double *work = s->work;
    const int ka = s->qof[0][0], kb = s->qof[1][0];
    const double sa = s->qstep[ka], sb = s->qstep[kb];
    fifo a = f->q[ka], b = f->q[kb];
    int rc;
    for (size_t si = 0; si < nseeds;) {
        if ((rc = room_for_two(f, &a, &b, ka, kb)) != DMAP_OK) return rc;
        size_t mask = f->cap - 1;
        int32_t p = seed[si];
        double best = work[p];
        int from = 2; /* 0: a, 1: b, 2: the seed list */
        if (a.head != a.tail && work[a.buf[a.head & mask]] < best)
            best = work[a.buf[a.head & mask]], from = 0;
        if (b.head != b.tail && work[b.buf[b.head & mask]] < best) from = 1;
        if (from == 0)
            p = a.buf[a.head++ & mask];
        else if (from == 1)
            p = b.buf[b.head++ & mask];
        else
            si++;
        expand_two(s, &a, &b, mask, p, sa, sb, track, strict);
    }
#ifndef DMAP_COMPACT
    if (!track) {
        f->q[ka] = a, f->q[kb] = b;
        return drain_octile(s, f, ka, kb, strict);
    }
#endif
    for (;;) {
        if ((rc = room_for_two(f, &a, &b, ka, kb)) != DMAP_OK) return rc;
        size_t mask = f->cap - 1;
        int32_t p;
        if (a.head != a.tail) {
            if (b.head != b.tail && work[b.buf[b.head & mask]] < work[a.buf[a.head & mask]])
                p = b.buf[b.head++ & mask];
            else
                p = a.buf[a.head++ & mask];
        } else if (b.head != b.tail) {
            p = b.buf[b.head++ & mask];
        } else {
            break;
        }
        expand_two(s, &a, &b, mask, p, sa, sb, track, strict);
    }
    f->q[ka] = a, f->q[kb] = b;
    return DMAP_OK;
}

/* Eight copies of the loops: one or two FIFOs, with or without a parent tree, strict corners
 * or not. */
#define DRAIN(t, st)                                                                        \
    (f->n == 1 ? drain_one_fifo(s, f, seed, nseeds, t, st)                                  \
               : drain_two_fifos(s, f, seed, nseeds, t, st))
static int drain_uniform(const scan_ctx *s, fifo_set *f, const int32_t *seed, size_t nseeds) {
    if (s->parent) return s->strict ? DRAIN(1, 1) : DRAIN(1, 0);
    return s->strict ? DRAIN(0, 1) : DRAIN(0, 0);
}

/* The FIFO merge. Unit or uniform costs take the tight loops above from the start; several
 * distinct costs take this general loop (any number of FIFOs, one class per cell). */
static int run_fifo_merge(const scan_ctx *s, dmap_workspace *ws, const int32_t *seed,
                          size_t nseeds) {
    fifo_set f;
    size_t cap = 1024;
    while (cap < s->np && cap < 4 * (size_t)s->pw + 4096) cap *= 2;
    int rc = fifos_init(&f, ws, s->nqueues, cap);
    if (rc) return rc;
    if (s->uniform) return drain_uniform(s, &f, seed, nseeds);
    size_t si = 0;
    for (;;) {
        int best = -1;
        double bv = INFINITY;
        if (si < nseeds) {
            bv = s->work[seed[si]];
            best = FIFO_MAX;
        }
        for (int k = 0; k < f.n; k++) {
            fifo *q = &f.q[k];
            if (q->head == q->tail) continue;
            double v = s->work[q->buf[q->head & (f.cap - 1)]];
            if (best < 0 || v < bv) bv = v, best = k;
        }
        if (best < 0) return DMAP_OK;
        int32_t p;
        if (best == FIFO_MAX) {
            p = seed[si++];
        } else {
            p = f.q[best].buf[f.q[best].head++ & (f.cap - 1)];
        }
        rc = relax(s, &f, p, bv);
        if (rc) return rc;
    }
}

/* ---- the heap path (many distinct costs) ------------------------------------------------------ */

/* Dijkstra with a binary heap and lazy deletion, started from the seeds (sorted by value,
 * which is already a valid heap). A cell is pushed once per improvement. */
static int run_heap(const scan_ctx *s, const dmap_grid *g, dmap_workspace *ws,
                    const int32_t *seed, size_t nseeds) {
    size_t cap = 1024, bytes;
    while (cap < nseeds) cap *= 2;
    if (!dmap_mul_size(cap, sizeof(heap_entry), &bytes)) return DMAP_ERR_NOMEM;
    heap h = {(heap_entry *)dmap_ws_buffer(ws, DMAP_WS_SCAN_HEAP, bytes, 0), 0, NULL};
    if (!h.entry) return DMAP_ERR_NOMEM;
    double *work = s->work;
    for (; h.len < nseeds; h.len++) {
        h.entry[h.len].key = work[seed[h.len]];
        h.entry[h.len].id = seed[h.len];
    }
    /* entry costs by padded index are read back from the grid through the row/column */
    while (h.len > 0) {
        heap_entry top = heap_pop(&h);
        if (top.key > work[top.id]) continue; /* stale */
        int32_t p = top.id;
        for (int d = 0; d < s->ndirs; d++) {
            int diag = d >= 4;
            int32_t q = p + s->off[d];
            if (work[q] == -INFINITY) continue;
            if (diag && s->strict) {
                int dx = s->off[d] - (s->off[d] > 0 ? s->pw : -s->pw);
                if (work[p + dx] == -INFINITY || work[q - dx] == -INFINITY) continue;
            }
            size_t y = (size_t)q / (size_t)s->pw - 1, x = (size_t)q % (size_t)s->pw - 1;
            double entry = g->cost[y * (size_t)g->w + x];
            double cand = top.key + s->qstep[diag] * entry;
            if (cand < work[q]) {
                work[q] = cand;
                if (s->parent) s->parent[q] = p;
                if (h.len == cap) {
                    if (!dmap_mul_size(cap * 2, sizeof *h.entry, &bytes)) return DMAP_ERR_NOMEM;
                    h.entry = (heap_entry *)dmap_ws_buffer(ws, DMAP_WS_SCAN_HEAP, bytes, 1);
                    if (!h.entry) return DMAP_ERR_NOMEM;
                    cap *= 2;
                }
                heap_push(&h, cand, q);
            }
        }
    }
    return DMAP_OK;
}

/* ---- the public scan ------------------------------------------------------------------------ */

static void set_offsets(scan_ctx *s, const dmap_moves *m) {
    int pw = s->pw;
    int off[8] = {-pw, 1, pw, -1, -pw + 1, pw + 1, pw - 1, -pw - 1};
    memcpy(s->off, off, sizeof off);
    s->ndirs = m->connectivity;
    s->strict = m->connectivity == 8 && m->corners == DMAP_CORNERS_STRICT;
}

/* Where a scan's start values come from: the caller's array (dmap_scan) or a default and a
 * list of goals (dmap_field, which then never touches the caller's array before the end). */
typedef struct scan_source {
    const double *values;
    double dflt;
    const dmap_goal *goals;
    size_t ngoals;
} scan_source;

/* Fill the work array for dmap_field: walls and border -inf, the default elsewhere, goals
 * lowered to their values and listed as the only candidate seeds. */
static void load_field(const dmap_grid *g, scan_ctx *s, const scan_source *src, int32_t *cand) {
    double *work = s->work;
    int w = g->w, pw = s->pw;
    for (int x = 0; x < pw; x++) {
        work[x] = -INFINITY;
        work[(size_t)(g->h + 1) * pw + x] = -INFINITY;
    }
    for (int y = 0; y < g->h; y++) {
        double *row = work + (size_t)(y + 1) * pw;
        const unsigned char *wall = g->wall + (size_t)y * w;
        row[0] = row[w + 1] = -INFINITY;
        for (int x = 0; x < w; x++) row[x + 1] = wall[x] ? -INFINITY : src->dflt;
    }
    for (size_t k = 0; k < src->ngoals; k++) {
        int32_t p = (int32_t)((src->goals[k].y + 1) * pw + src->goals[k].x + 1);
        if (src->goals[k].value < work[p]) work[p] = src->goals[k].value;
        cand[k] = p;
    }
}

/* The smallest value above a search's limit: "v <= limit" is "v < limit_bound(q)". */
static double limit_bound(const scan_search *q) {
    return q->limit < INFINITY ? nextafter(q->limit, INFINITY) : INFINITY;
}

/* The value a search's cell i must stay below: its deadline or the limit's bound. */
static double search_bound(const scan_search *q, double above, size_t i) {
    double b = q->deadline && q->deadline[i] < above ? q->deadline[i] : above;
    return b == -INFINITY ? -DBL_MAX : b;
}

/* A search starts every passable cell at its bound — the value it must stay below to be
 * entered: its deadline, or just above the limit, or +inf — and the start at its time. A
 * bound is a ceiling like a scan's default, so the engine's own "lower only when smaller"
 * test enforces it for free; and since only the start is a seed, a cell left at its bound
 * never spreads it. (A bound of -inf becomes -DBL_MAX, as -inf marks walls.) */
static int load_search(const dmap_grid *g, scan_ctx *s, const scan_search *q, int32_t *cand,
                       dmap_workspace *ws) {
    double *work = s->work, above = limit_bound(q);
    int w = g->w, pw = s->pw;
    for (size_t p = 0; p < (size_t)pw; p++) {
        work[p] = -INFINITY;
        work[(size_t)(g->h + 1) * pw + p] = -INFINITY;
    }
    for (int y = 0; y < g->h; y++) {
        double *row = work + (size_t)(y + 1) * pw;
        row[0] = row[w + 1] = -INFINITY;
        for (int x = 0; x < w; x++) {
            size_t i = (size_t)y * w + x;
            row[x + 1] = g->wall[i] ? -INFINITY : search_bound(q, above, i);
        }
    }
    int32_t start = (int32_t)((q->start / w + 1) * pw + q->start % w + 1);
    work[start] = q->start_time;
    cand[0] = start;
    if (q->parent) {
        size_t bytes;
        if (!dmap_mul_size(s->np, sizeof(int32_t), &bytes)) return DMAP_ERR_NOMEM;
        s->parent = (int32_t *)dmap_ws_buffer(ws, DMAP_WS_SCAN_PARENT, bytes, 0);
        if (!s->parent) return DMAP_ERR_NOMEM;
        memset(s->parent, 0xff, bytes); /* -1: none */
    }
    return DMAP_OK;
}

/* A search's results: arrival times (+inf where not reached: the cells still at their
 * bound), parents as grid indices. */
static void store_search(const dmap_grid *g, const scan_ctx *s, scan_search *q) {
    size_t reached = 0;
    double above = limit_bound(q);
    for (int y = 0; y < g->h; y++)
        for (int x = 0; x < g->w; x++) {
            size_t i = (size_t)y * g->w + x, p = (size_t)(y + 1) * s->pw + x + 1;
            double v = s->work[p];
            int ok = !g->wall[i] && (v < search_bound(q, above, i) || (int)i == q->start);
            q->arrival[i] = ok ? v : INFINITY;
            reached += (size_t)ok;
            if (!q->parent) continue;
            int32_t from = s->parent[p];
            q->parent[i] = !ok || from < 0 ? -1 : (from / s->pw - 1) * g->w + from % s->pw - 1;
        }
    q->reached = reached;
}

/* The engine: a scan of src (the caller's values, or a default and goals) or, when q is not
 * NULL, a search from q's start. Arguments are checked by the callers; ws is not NULL. */
static int scan_with(const dmap_grid *g, const dmap_moves *m, const scan_source *src,
                     double *values, scan_search *q, dmap_workspace *ws) {
    scan_ctx s;
    memset(&s, 0, sizeof s);
    s.pw = g->w + 2;
    s.np = (size_t)(g->w + 2) * (size_t)(g->h + 2);
    size_t bytes;
    if (!dmap_mul_size(s.np, sizeof(double), &bytes)) return DMAP_ERR_NOMEM;
    s.work = (double *)dmap_ws_buffer(ws, DMAP_WS_SCAN_VALUES, bytes, 0);
    if (!s.work) return DMAP_ERR_NOMEM;
    set_offsets(&s, m);

    /* candidate seeds: the goals, or the cells that differ from the first one */
    size_t cand_cap = src->values ? 4096 + s.np / 16 : src->ngoals, ncand;
    if (!dmap_mul_size(cand_cap ? cand_cap : 1, sizeof(int32_t), &bytes)) return DMAP_ERR_NOMEM;
    int32_t *cand = (int32_t *)dmap_ws_buffer(ws, DMAP_WS_SCAN_CANDIDATES, bytes, 0);
    if (!cand) return DMAP_ERR_NOMEM;
    double vmax;
    int rc;
    if (q) {
        if ((rc = load_search(g, &s, q, cand, ws)) != DMAP_OK) return rc;
        vmax = INFINITY;
        ncand = 1;
    } else if (src->values) {
        if ((rc = load_work(g, src->values, &s, &vmax, cand, cand_cap, &ncand)) != DMAP_OK)
            return rc;
    } else {
        load_field(g, &s, src, cand);
        vmax = src->dflt;
        ncand = src->ngoals;
    }

    if (g->cost) {
        s.cls = (unsigned char *)dmap_ws_buffer(ws, DMAP_WS_SCAN_CLASS, s.np, 0);
        if (!s.cls) return DMAP_ERR_NOMEM;
        memset(s.cls, 0, s.np); /* walls and border read class 0; their test always fails */
    }
    int32_t *seed;
    size_t nseeds;
    int fifos = plan_fifos(g, m, &s);
    rc = collect_seeds(ws, &s, vmax, ncand == SIZE_MAX ? NULL : cand, ncand, &seed, &nseeds);
    if (rc) return rc;
    if (fifos) {
        rc = run_fifo_merge(&s, ws, seed, nseeds);
    } else {
        s.qstep[0] = m->cardinal;
        s.qstep[1] = m->diagonal;
        rc = run_heap(&s, g, ws, seed, nseeds);
    }
    if (rc) return rc;
    if (q)
        store_search(g, &s, q);
    else
        store_work(g, &s, values, src->values ? NULL : &src->dflt);
    return DMAP_OK;
}

int scan_resume(const dmap_grid *g, const dmap_moves *m, double *work, const int32_t *seeds,
                size_t nseeds, dmap_workspace *ws) {
    scan_ctx s;
    memset(&s, 0, sizeof s);
    s.pw = g->w + 2;
    s.np = (size_t)(g->w + 2) * (size_t)(g->h + 2);
    s.work = work;
    set_offsets(&s, m);
    if (g->cost || !plan_fifos(g, m, &s)) return DMAP_ERR_ARG; /* unit costs only */
    int32_t *sorted;
    size_t count;
    int rc = collect_seeds(ws, &s, INFINITY, seeds, nseeds, &sorted, &count);
    return rc ? rc : run_fifo_merge(&s, ws, sorted, count);
}

int scan_search_check(const dmap_grid *g, const dmap_moves *m, int start) {
    if (!g || !m) return DMAP_ERR_ARG;
    int rc = dmap_grid_check_steps(g, m);
    if (rc != DMAP_OK) return rc;
    if (start < 0 || (int64_t)start >= (int64_t)g->w * g->h) return DMAP_ERR_RANGE;
    return g->wall[start] ? DMAP_ERR_WALL : DMAP_OK;
}

int scan_search_run(const dmap_grid *g, const dmap_moves *m, scan_search *q, dmap_workspace *ws) {
    scan_source none = {NULL, INFINITY, NULL, 0};
    return scan_with(g, m, &none, NULL, q, ws);
}

/* Run scan_with on a caller's workspace or, when there is none, on a temporary one. */
static int scan_checked(const dmap_grid *g, const dmap_moves *m, const scan_source *src,
                        double *values, dmap_workspace *ws) {
    if (ws) return scan_with(g, m, src, values, NULL, ws);
    dmap_workspace *tmp = NULL;
    if (dmap_workspace_new(&tmp) != DMAP_OK) return DMAP_ERR_NOMEM;
    int rc = scan_with(g, m, src, values, NULL, tmp);
    dmap_workspace_free(tmp);
    return rc;
}

int dmap_scan(const dmap_grid *g, const dmap_moves *m, double *values, dmap_workspace *ws) {
    if (!values) return DMAP_ERR_ARG;
    int rc = dmap_grid_check_steps(g, m);
    if (rc) return rc;
    scan_source src = {values, 0, NULL, 0};
    return scan_checked(g, m, &src, values, ws);
}

int dmap_fill(const dmap_grid *g, double *values, double v) {
    if (!g || !values || !g->wall) return DMAP_ERR_ARG;
    if (isnan(v) || v == -INFINITY) return DMAP_ERR_VALUE; /* +inf: no ceiling */
    int rc = dmap_grid_check(g);
    if (rc) return rc;
    size_t n = (size_t)g->w * (size_t)g->h;
    for (size_t i = 0; i < n; i++) values[i] = v;
    return DMAP_OK;
}

int dmap_set_goal(const dmap_grid *g, double *values, dmap_goal goal) {
    if (!g || !g->wall || !values) return DMAP_ERR_ARG;
    if (!isfinite(goal.value)) return DMAP_ERR_VALUE;
    int i = dmap_grid_index(g, goal.x, goal.y);
    if (i < 0) return DMAP_ERR_RANGE;
    if (g->wall[i]) return DMAP_ERR_WALL;
    if (goal.value < values[i]) values[i] = goal.value;
    return DMAP_OK;
}

int scan_field(const dmap_grid *g, const dmap_moves *m, const dmap_goal *goals, size_t ngoals,
               double dflt, double *values, dmap_workspace *ws) {
    scan_source src = {NULL, dflt, goals, ngoals};
    return scan_checked(g, m, &src, values, ws);
}
