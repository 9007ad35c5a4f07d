/* sweep.c — dmap_field's raster sweeps: the octile map of a grid with few walls, computed in
 * row order instead of settle order.
 *
 * The map is the fixed point of the scan's rule (scan.c): every passable cell c ends at
 * min(v0(c), min over neighbours n of v(n) + step(n -> c)), where "+" is the machine's rounded
 * addition. That addition is monotone and never lowers a value, so the rule has one fixed point
 * (the least, over every path, of its start value plus its steps added one by one), and any
 * order of applying the rule that reaches a fixed point reaches that one: the label-setting
 * scan and these sweeps give the same bits.
 *
 * A pass takes the rows in order (top to bottom, then bottom to top, alternately); each row
 * first takes the three cells of the row swept before it, then runs along itself left to right
 * and right to left. After a pass every rule is met except those from the row on the pass's far
 * side, which the pass checks as it goes (each row against the one after it, both final for the
 * pass). A pass that finds them met proves the fixed point. On a grid without walls, every path
 * that a value comes from goes up only or down only, so two passes settle it; each wall adds
 * detours that need more. The sweeps run on grids with at most 1 % walls (more, and the caller
 * runs the label-setting scan). With no proof after SWEEP_MAX_PASSES passes the label-setting
 * scan takes over from the swept values, seeded with the cells that break a rule (resume_scan):
 * the passes made are not lost.
 *
 * Walls hold +inf during the passes and get the default at the end; the steps into a wall (and,
 * under strict corners, a diagonal past one) are +inf, so a wall is never lowered and never
 * lowers. Rows are read and written in place in the caller's array: no padded copy, no queues.
 * Along a row the rule is a chain (each cell waits for its neighbour), so the row is first
 * tested eight cells at a time for any cell its neighbour would lower, and only those blocks run
 * the chain: on an open grid that is the goals' rows and a few cells where two roundings of the
 * same distance differ. Only speed: a compact build (DMAP_COMPACT) leaves this file out. */
#include <math.h>

#include "portable.h"
#include "scan.h"
#include "workspace.h"

#ifndef DMAP_COMPACT

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

enum {
    SWEEP_MAX_PASSES = 2,       /* then the scan finishes: cheaper than more passes */
    SWEEP_WALLS_PER_MILLE = 10, /* sweep grids with at most 1 % walls */
    SWEEP_BLOCK = 8             /* cells tested at once for a chain along a row */
};

/* The steps into one row from the row swept before it (n: from the cell in line, l: from the
 * cell left of it, r: from the right) and along the row (h). +inf where the step is not a move:
 * into a wall, off the grid, or (strict corners) past a wall. They are the open grid's steps
 * except near walls, which mark them for one row and then put them back. */
typedef struct sweep_steps {
    double *n, *l, *r, *h;
} sweep_steps;

/* The open grid's steps. */
static void open_steps(const sweep_steps *s, int w, const dmap_moves *m) {
    for (int x = 0; x < w; x++) {
        s->n[x] = s->h[x] = m->cardinal;
        s->l[x] = x == 0 ? INFINITY : m->diagonal;
        s->r[x] = x == w - 1 ? INFINITY : m->diagonal;
    }
}

/* The walls of one row: the columns into[0..ninto-1] of the row entered and line[0..nline-1]
 * of the row it is entered from. With on set, the steps they forbid become +inf; with on
 * clear, those steps are the open grid's again. */
typedef struct sweep_walls {
    const int32_t *into, *line;
    size_t ninto, nline;
} sweep_walls;

static void mark_walls(const sweep_steps *s, const sweep_walls *k, int w, const dmap_moves *m,
                       int on) {
    const int strict = m->corners == DMAP_CORNERS_STRICT;
    const double ca = on ? INFINITY : m->cardinal, di = on ? INFINITY : m->diagonal;
    for (size_t j = 0; j < k->ninto; j++) {
        const int x = k->into[j];
        s->n[x] = s->h[x] = ca;
        if (x > 0) s->l[x] = di;
        if (x < w - 1) s->r[x] = di;
        if (strict && x + 1 < w) s->l[x + 1] = di; /* the diagonal into x + 1 passes x */
        if (strict && x > 0) s->r[x - 1] = di;     /* and the one into x - 1 */
    }
    if (!strict) return; /* under cut corners a wall only stops what enters it */
    for (size_t j = 0; j < k->nline; j++) {
        const int x = k->line[j];
        if (x > 0) s->l[x] = di;
        if (x < w - 1) s->r[x] = di;
    }
}

/* cand lowers old only when it is smaller: the scan's own test (so a goal's -0.0 stays). */
static inline double lower(double cand, double old) {
    return cand < old ? cand : old;
}

/* Is a[k] + b[k] < c[k] for any k < n (n <= SWEEP_BLOCK)? */
static inline int any_lowered(const double *a, const double *b, const double *c, int n) {
#if defined(__SSE2__)
    if (n == SWEEP_BLOCK) {
        __m128d m = _mm_setzero_pd();
        for (int k = 0; k < SWEEP_BLOCK; k += 2)
            m = _mm_or_pd(m, _mm_cmplt_pd(_mm_add_pd(_mm_loadu_pd(a + k), _mm_loadu_pd(b + k)),
                                          _mm_loadu_pd(c + k)));
        return _mm_movemask_pd(m) != 0;
    }
#endif
    int any = 0;
    for (int k = 0; k < n; k++) any |= a[k] + b[k] < c[k];
    return any;
}

/* Row r after row o (NULL: none): the three cells of o, then the chains along r. */
static void sweep_row(double *DMAP_RESTRICT r, const double *DMAP_RESTRICT o, int w,
                      const sweep_steps *s) {
    const double *DMAP_RESTRICT sn = s->n, *DMAP_RESTRICT sl = s->l, *DMAP_RESTRICT sr = s->r;
    const double *DMAP_RESTRICT sh = s->h;
    if (o) {
        r[0] = lower(o[0] + sn[0], r[0]);
        if (w > 1) {
            r[0] = lower(o[1] + sr[0], r[0]);
            for (int x = 1; x < w - 1; x++) {
                double v = lower(o[x] + sn[x], r[x]);
                v = lower(o[x - 1] + sl[x], v);
                r[x] = lower(o[x + 1] + sr[x], v);
            }
            r[w - 1] = lower(o[w - 1] + sn[w - 1], r[w - 1]);
            r[w - 1] = lower(o[w - 2] + sl[w - 1], r[w - 1]);
        }
    }
    /* left to right: test a block for any cell its left neighbour lowers; chain through it */
    for (int x = 1; x < w; x += SWEEP_BLOCK) {
        const int end = x + SWEEP_BLOCK < w ? x + SWEEP_BLOCK : w;
        if (any_lowered(r + x - 1, sh + x, r + x, end - x))
            for (int k = x; k < end; k++) r[k] = lower(r[k - 1] + sh[k], r[k]);
    }
    /* right to left: the block of cells end+1..x */
    for (int x = w - 2; x >= 0; x -= SWEEP_BLOCK) {
        const int end = x - SWEEP_BLOCK > -1 ? x - SWEEP_BLOCK : -1;
        if (any_lowered(r + end + 2, sh + end + 1, r + end + 1, x - end))
            for (int k = x; k > end; k--) r[k] = lower(r[k + 1] + sh[k], r[k]);
    }
}

/* Does row r lower no cell of row o (t: the steps into o from r)? Both rows are final for the
 * pass; the rules along o and from o's other side already hold. */
static int row_settled(const double *DMAP_RESTRICT o, const double *DMAP_RESTRICT r, int w,
                       const sweep_steps *t) {
    const double *DMAP_RESTRICT tn = t->n, *DMAP_RESTRICT tl = t->l, *DMAP_RESTRICT tr = t->r;
    int bad = r[0] + tn[0] < o[0], x = 1;
    if (w > 1) {
        bad |= r[1] + tr[0] < o[0];
#if defined(__SSE2__)
        __m128d m = _mm_setzero_pd();
        for (; x + 2 < w; x += 2) {
            const __m128d ox = _mm_loadu_pd(o + x);
            const __m128d n = _mm_add_pd(_mm_loadu_pd(r + x), _mm_loadu_pd(tn + x));
            const __m128d l = _mm_add_pd(_mm_loadu_pd(r + x - 1), _mm_loadu_pd(tl + x));
            const __m128d rr = _mm_add_pd(_mm_loadu_pd(r + x + 1), _mm_loadu_pd(tr + x));
            m = _mm_or_pd(m, _mm_or_pd(_mm_cmplt_pd(n, ox), _mm_cmplt_pd(l, ox)));
            m = _mm_or_pd(m, _mm_cmplt_pd(rr, ox));
        }
        bad |= _mm_movemask_pd(m) != 0;
#endif
        for (; x < w - 1; x++)
            bad |= (r[x] + tn[x] < o[x]) | (r[x - 1] + tl[x] < o[x]) | (r[x + 1] + tr[x] < o[x]);
        bad |= (r[w - 1] + tn[w - 1] < o[w - 1]) | (r[w - 2] + tl[w - 1] < o[w - 1]);
    }
    return !bad;
}

/* The cells of row r that lower a cell of row o (t: the steps into o from r), appended to
 * out as padded indices (base: r[0]'s); returns how many. */
static size_t row_sources(const double *o, const double *r, int w, const sweep_steps *t,
                          int32_t base, int32_t *out) {
    size_t k = 0;
    for (int x = 0; x < w; x++) {
        const double v = r[x];
        int lowers = v + t->n[x] < o[x];
        if (x > 0) lowers |= v + t->r[x - 1] < o[x - 1];
        if (x < w - 1) lowers |= v + t->l[x + 1] < o[x + 1];
        if (lowers) out[k++] = base + x;
    }
    return k;
}

/* The number of walls when at most SWEEP_WALLS_PER_MILLE of every thousand cells are walls,
 * else SIZE_MAX. */
static size_t count_walls(const dmap_grid *g) {
    size_t n = (size_t)g->w * (size_t)g->h, count = 0;
    size_t limit = n / 1000 * SWEEP_WALLS_PER_MILLE + n % 1000 * SWEEP_WALLS_PER_MILLE / 1000;
    for (size_t i = 0; i < n;) {
        size_t end = n - i > 4096 ? i + 4096 : n;
        for (; i < end; i++) count += g->wall[i] != 0;
        if (count > limit) return SIZE_MAX;
    }
    return count;
}

/* The walls of row y (and of row yo, -1: none) as sweep_walls: at[] holds every wall's column
 * in row order, row[y] the index in at of row y's first. */
static sweep_walls row_walls(const int32_t *at, const size_t *row, int y, int yo) {
    sweep_walls k = {at + row[y], NULL, row[y + 1] - row[y], 0};
    if (yo >= 0) k.line = at + row[yo], k.nline = row[yo + 1] - row[yo];
    return k;
}

/* The passes found no proof: every rule holds except some of those into a row from the row
 * after it in the last pass (down: that pass went down). The label-setting scan takes over
 * (scan_resume, on a padded copy) with the cells that break one of them as its seeds: the
 * swept values are each some path's value and no lower than the map, so lowering them to the
 * fixed point gives the same map as a scan from the start; a cell that no seed lowers breaks
 * no rule, so it needs no seat in the queues. Walls get dflt. */
static int resume_scan(const dmap_grid *g, const dmap_moves *m, double dflt, double *values,
                       dmap_workspace *ws, const sweep_steps *t, const int32_t *at,
                       const size_t *row, int down) {
    const int w = g->w, h = g->h, pw = w + 2;
    const size_t n = (size_t)w * (size_t)h, np = (size_t)pw * (size_t)(h + 2);
    size_t bytes, sbytes;
    if (!dmap_mul_size(np, sizeof(double), &bytes) || !dmap_mul_size(n, sizeof(int32_t), &sbytes))
        return DMAP_ERR_NOMEM;
    double *work = (double *)dmap_ws_buffer(ws, DMAP_WS_SCAN_VALUES, bytes, 0);
    int32_t *seeds = (int32_t *)dmap_ws_buffer(ws, DMAP_WS_SCAN_CANDIDATES, sbytes, 0);
    if (!work || !seeds) return DMAP_ERR_NOMEM;
    size_t nseeds = 0;
    for (int i = 1; i < h; i++) {
        const int y = down ? i : h - 1 - i, yo = down ? y - 1 : y + 1;
        sweep_walls into_o = {NULL, NULL, 0, 0};
        if (at) {
            into_o = row_walls(at, row, yo, y);
            mark_walls(t, &into_o, w, m, 1);
        }
        nseeds += row_sources(values + (size_t)yo * w, values + (size_t)y * w, w, t,
                              (int32_t)((y + 1) * pw + 1), seeds + nseeds);
        if (at) mark_walls(t, &into_o, w, m, 0);
    }
    for (int x = 0; x < pw; x++) work[x] = work[(size_t)(h + 1) * pw + x] = -INFINITY;
    for (int y = 0; y < h; y++) {
        double *out = work + (size_t)(y + 1) * pw;
        const double *in = values + (size_t)y * w;
        const unsigned char *wall = g->wall + (size_t)y * w;
        out[0] = out[w + 1] = -INFINITY;
        for (int x = 0; x < w; x++) out[x + 1] = wall[x] ? -INFINITY : in[x];
    }
    int rc = scan_resume(g, m, work, seeds, nseeds, ws);
    if (rc) return rc;
    for (int y = 0; y < h; y++) {
        const double *in = work + (size_t)(y + 1) * pw + 1;
        double *out = values + (size_t)y * w;
        const unsigned char *wall = g->wall + (size_t)y * w;
        for (int x = 0; x < w; x++) out[x] = wall[x] ? dflt : in[x];
    }
    return DMAP_OK;
}

int sweep_field(const dmap_grid *g, const dmap_moves *m, const dmap_goal *goals, size_t ngoals,
                double dflt, double *values, dmap_workspace *ws) {
    if (m->connectivity != 8 || g->cost || ngoals == 0) return 0;
    const size_t nwalls = count_walls(g);
    if (nwalls == SIZE_MAX) return 0;
    const int w = g->w, h = g->h;
    const size_t n = (size_t)w * (size_t)h;
    /* the steps of two rows (8 rows of doubles), the rows' first walls, the walls' columns */
    size_t bytes, rows, cols;
    if (!dmap_mul_size((size_t)w, 8 * sizeof(double), &bytes) ||
        !dmap_mul_size((size_t)h + 1, sizeof(size_t), &rows) ||
        !dmap_mul_size(nwalls + 1, sizeof(int32_t), &cols) || bytes + rows < bytes ||
        bytes + rows + cols < bytes + rows)
        return DMAP_ERR_NOMEM;
    dmap_workspace *own;
    dmap_workspace *use = dmap_ws_or_temporary(ws, &own);
    double *mem = use ? (double *)dmap_ws_buffer(use, DMAP_WS_SCAN_SWEEP, bytes + rows + cols, 0)
                      : NULL;
    if (!mem) {
        dmap_workspace_free(own);
        return DMAP_ERR_NOMEM;
    }
    /* s: steps into the row being swept; t: steps into the row before it, from this one */
    sweep_steps s = {mem, mem + w, mem + 2 * (size_t)w, mem + 3 * (size_t)w};
    sweep_steps t = {mem + 4 * (size_t)w, mem + 5 * (size_t)w, mem + 6 * (size_t)w,
                     mem + 7 * (size_t)w};
    size_t *row = (size_t *)(mem + 8 * (size_t)w);
    int32_t *at = (int32_t *)(row + h + 1);
    open_steps(&s, w, m);
    open_steps(&t, w, m);

    if (nwalls) {
        size_t k = 0;
        for (int y = 0; y < h; y++) {
            const unsigned char *wall = g->wall + (size_t)y * w;
            row[y] = k;
            for (int x = 0; x < w; x++) {
                values[(size_t)y * w + x] = wall[x] ? INFINITY : dflt;
                if (wall[x]) at[k++] = x;
            }
        }
        row[h] = k;
    } else {
        for (size_t i = 0; i < n; i++) values[i] = dflt;
    }
    for (size_t k = 0; k < ngoals; k++) {
        size_t p = (size_t)goals[k].y * (size_t)w + (size_t)goals[k].x;
        if (goals[k].value < values[p]) values[p] = goals[k].value;
    }
    int settled = 0, down = 0;
    for (int pass = 0; pass < SWEEP_MAX_PASSES && !settled; pass++) {
        down = pass % 2 == 0;
        settled = 1;
        for (int i = 0; i < h; i++) {
            const int y = down ? i : h - 1 - i, yo = i == 0 ? -1 : down ? y - 1 : y + 1;
            double *r = values + (size_t)y * w;
            double *o = yo >= 0 ? values + (size_t)yo * w : NULL;
            sweep_walls into_r = {NULL, NULL, 0, 0}, into_o = into_r;
            if (nwalls) {
                into_r = row_walls(at, row, y, yo);
                mark_walls(&s, &into_r, w, m, 1);
            }
            sweep_row(r, o, w, &s);
            if (nwalls) mark_walls(&s, &into_r, w, m, 0);
            if (!o || !settled) continue;
            if (nwalls) {
                into_o = row_walls(at, row, yo, y);
                mark_walls(&t, &into_o, w, m, 1);
            }
            settled = row_settled(o, r, w, &t);
            if (nwalls) mark_walls(&t, &into_o, w, m, 0);
        }
    }
    int rc = 1;
    if (!settled) {
        rc = resume_scan(g, m, dflt, values, use, &t, nwalls ? at : NULL, row, down);
        rc = rc ? rc : 2;
    } else if (nwalls) {
        for (size_t i = 0; i < n; i++)
            if (g->wall[i]) values[i] = dflt;
    }
    dmap_workspace_free(own);
    return rc;
}

#endif /* DMAP_COMPACT */
