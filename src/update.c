/* update.c — live maps: a Dijkstra map kept up to date through small changes of its inputs.
 *
 * A dmap_live owns copies of a grid, its move rule and the start values (goals and default),
 * and the map computed from them. dmap_live_apply takes a batch of edits (wall, floor, goal,
 * ungoal, cost) and brings the map to exactly what dmap_scan of the new inputs gives, touching
 * only the cells whose value depends on the change. Two phases:
 *
 *   A. Invalidate (only when something got worse: a start value raised, a wall added, a cost
 *      raised). Candidates are visited in increasing OLD value with a heap. A candidate stays
 *      valid when its own start value still holds it (start <= value) or some neighbour that
 *      is still valid, has a strictly smaller old value and an edge that still exists supports
 *      it (old(n) + step <= old(c)). Otherwise it is invalid, falls back to its start value,
 *      and its neighbours with larger values become candidates. Supporters must be strictly
 *      smaller so that two cells can never keep each other alive in a cycle (with huge values
 *      v + step may round back to v); the order of visits guarantees that every smaller
 *      neighbour is decided before a cell is.
 *   B. Re-lower (Dijkstra with a binary heap): every invalid cell gets the best value its
 *      neighbours offer, every cell whose start value or cost dropped or that became floor is
 *      seeded, and values spread as in the scan.
 *
 * Why it is exact: after A every kept value is at least the new fixed point (it rests on a
 * chain of strictly decreasing kept values ending at a start value, all with intact edges;
 * rounding is monotone) and every invalid cell holds its start value (also an upper bound).
 * B starts from upper bounds and relaxes every edge that may be violated (edges into invalid
 * or changed cells, edges out of lowered cells), so it ends at a fixed point made of upper
 * bounds; every fixed point is at most the minimum over paths; so it ends exactly at that
 * minimum, which is what the scan computes. Steps are computed as weight * cost exactly as
 * in scan.c, so the bits agree.
 *
 * Layout: a padded copy of the values (-inf on walls and the border, like scan.c) so that
 * neighbour tests need no bounds checks; stamps instead of clearing per-cell marks. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dmap.h"
#include "grid.h"
#include "heap.h"
#include "scan.h"
#include "workspace.h"

/* Invalidation spread too far: a full scan is cheaper than going on (an internal code). */
enum { LIVE_REBUILD = 1 };

/* Per-cell marks of one apply, valid when stamp == the apply's generation. */
enum { MARK_CANDIDATE = 1, MARK_VALID = 2, MARK_INVALID = 4, MARK_TOUCHED = 8, MARK_EDITED = 16 };

struct dmap_live {
    dmap_grid grid;       /* owned copy; cost NULL until a cost edit needs one */
    dmap_moves moves;
    double dflt;          /* what ungoal returns a cell to */
    int w, h, pw;
    size_t n, np;
    double *start;        /* W*H start values (walls included) */
    double *values;       /* W*H, the public map: dmap_scan(grid, start) */
    double *work;         /* padded values, -inf on walls and border */
    unsigned char *blocked; /* padded: 1 on walls of the current grid and on the border */
    double *pcost;        /* padded entry costs, NULL while the grid has none */
    dmap_workspace *ws;   /* the scan engine's scratch, for re-lowering and rebuilds */
    size_t fallback;      /* invalidating more cells than this rebuilds the map instead */
    size_t passable;      /* passable cells, as of the last rebuild */
    size_t sources;       /* passable cells whose start value is below the default */
    unsigned char *mark;  /* padded marks */
    uint32_t *stamp;      /* padded stamps */
    uint32_t gen;
    int off[8];
    /* the heap, the lists and the stack of one apply, grown as needed */
    int32_t *seeds;
    size_t seeds_len, seeds_cap;
    int32_t *stack;
    size_t stack_cap;
    int32_t *lowered;     /* cells the heap path lowered (it lists them; the engine does not) */
    size_t lowered_len, lowered_cap;
    int heap_path;        /* this apply re-lowered on the heap */
    int uoff[8];          /* unpadded offsets of the 8 directions */
    struct heap heap;     /* lazy deletion (pos NULL) */
    size_t heap_cap;
    int32_t *list;
    size_t list_len, list_cap;
    /* per-edit snapshot of the cells an apply edits */
    int32_t *edited;
    unsigned char *old_wall;
    double *old_cost, *old_start;
    size_t edit_cap;
};

/* ---- small helpers --------------------------------------------------------------------------- */

static int32_t pad_of(const dmap_live *lm, size_t i) {
    return (int32_t)((i / (size_t)lm->w + 1) * (size_t)lm->pw + i % (size_t)lm->w + 1);
}

static size_t unpad(const dmap_live *lm, int32_t p) {
    return (size_t)(p / lm->pw - 1) * (size_t)lm->w + (size_t)(p % lm->pw - 1);
}

static double entry_cost(const dmap_live *lm, int32_t p) {
    return lm->pcost ? lm->pcost[p] : 1.0;
}

static double step_into(const dmap_live *lm, int32_t q, int d) {
    return (d < 4 ? lm->moves.cardinal : lm->moves.diagonal) * entry_cost(lm, q);
}

/* Push (key, cell) on the apply's heap, growing it as needed. */
static int heap_push_grow(dmap_live *lm, double key, int32_t cell) {
    if (lm->heap.len == lm->heap_cap) {
        size_t cap = lm->heap_cap ? 2 * lm->heap_cap : 256, bytes;
        if (!dmap_mul_size(cap, sizeof(heap_entry), &bytes)) return DMAP_ERR_NOMEM;
        heap_entry *h = (heap_entry *)realloc(lm->heap.entry, bytes);
        if (!h) return DMAP_ERR_NOMEM;
        lm->heap.entry = h;
        lm->heap_cap = cap;
    }
    heap_push(&lm->heap, key, cell);
    return DMAP_OK;
}

/* Append to a growable int32 array. */
static int push32(int32_t **a, size_t *len, size_t *cap, int32_t v) {
    if (*len == *cap) {
        size_t c = *cap ? 2 * *cap : 256, bytes;
        if (!dmap_mul_size(c, sizeof(int32_t), &bytes)) return DMAP_ERR_NOMEM;
        int32_t *l = (int32_t *)realloc(*a, bytes);
        if (!l) return DMAP_ERR_NOMEM;
        *a = l;
        *cap = c;
    }
    (*a)[(*len)++] = v;
    return DMAP_OK;
}

static int list_push(dmap_live *lm, int32_t cell) {
    return push32(&lm->list, &lm->list_len, &lm->list_cap, cell);
}

/* The marks of cell p in this apply (0 when not stamped yet). */
static unsigned marks(const dmap_live *lm, int32_t p) {
    return lm->stamp[p] == lm->gen ? lm->mark[p] : 0u;
}

static void add_mark(dmap_live *lm, int32_t p, unsigned m) {
    if (lm->stamp[p] != lm->gen) {
        lm->stamp[p] = lm->gen;
        lm->mark[p] = 0;
    }
    lm->mark[p] |= (unsigned char)m;
}

/* ---- construction ---------------------------------------------------------------------------- */

void dmap_live_free(dmap_live *lm) {
    if (!lm) return;
    dmap_grid_free(&lm->grid);
    free(lm->start);
    free(lm->values);
    free(lm->work);
    free(lm->blocked);
    free(lm->pcost);
    free(lm->seeds);
    free(lm->stack);
    free(lm->lowered);
    dmap_workspace_free(lm->ws);
    free(lm->mark);
    free(lm->stamp);
    free(lm->heap.entry);
    free(lm->list);
    free(lm->edited);
    free(lm->old_wall);
    free(lm->old_cost);
    free(lm->old_start);
    free(lm);
}

/* Copy the padded work array from the public values (walls and border -inf), and the padded
 * walls and costs from the grid. */
static void load_work(dmap_live *lm) {
    for (size_t p = 0; p < lm->np; p++) lm->work[p] = -INFINITY;
    memset(lm->blocked, 1, lm->np);
    for (size_t i = 0; i < lm->n; i++) {
        int32_t p = pad_of(lm, i);
        lm->blocked[p] = lm->grid.wall[i] != 0;
        if (!lm->grid.wall[i]) lm->work[p] = lm->values[i];
        if (lm->pcost) lm->pcost[p] = lm->grid.cost[i];
    }
}

/* Give the live map padded costs (when its grid has costs). */
static int ensure_pcost(dmap_live *lm) {
    if (!lm->grid.cost || lm->pcost) return DMAP_OK;
    size_t bytes;
    if (!dmap_mul_size(lm->np, sizeof(double), &bytes)) return DMAP_ERR_NOMEM;
    lm->pcost = (double *)malloc(bytes);
    if (!lm->pcost) return DMAP_ERR_NOMEM;
    for (size_t p = 0; p < lm->np; p++) lm->pcost[p] = 1.0;
    for (size_t i = 0; i < lm->n; i++) lm->pcost[pad_of(lm, i)] = lm->grid.cost[i];
    return DMAP_OK;
}

/* Invalidating more than this many cells costs more than a full scan (phase A costs a few
 * times what the scan spends per cell): rebuild instead. */
static void set_fallback(dmap_live *lm) {
    size_t passable = 0, sources = 0;
    for (size_t i = 0; i < lm->n; i++) {
        passable += !lm->grid.wall[i];
        sources += !lm->grid.wall[i] && lm->start[i] < lm->dflt;
    }
    lm->passable = passable;
    lm->sources = sources;
    lm->fallback = passable / 8 + 16;
}

/* Keep the passable and source counts up to date with the edited cells. */
static void count_changes(dmap_live *lm, size_t nedited) {
    for (size_t k = 0; k < nedited; k++) {
        size_t i = unpad(lm, lm->edited[k]);
        int was = !lm->old_wall[k], is = !lm->grid.wall[i];
        lm->passable += (size_t)is - (size_t)was;
        lm->sources += (size_t)(is && lm->start[i] < lm->dflt);
        lm->sources -= (size_t)(was && lm->old_start[k] < lm->dflt);
    }
}

/* A cost guess made before phase A: the batch removes (raises, or walls) r of the k sources
 * the map rests on, so about r/k of the map rests on them. When that is beyond the fallback,
 * phase A would only find it out expensively: rebuild at once. (A guess about cost only:
 * both ways give the exact map.) */
static int reaches_too_far(const dmap_live *lm, size_t nedited) {
    if (lm->grid.cost) return 0; /* the reach of a ceiling would need the smallest cost */
    double step = lm->moves.cardinal;
    if (lm->moves.connectivity == 8 && lm->moves.diagonal < step) step = lm->moves.diagonal;
    double share = (double)lm->passable / (double)(lm->sources ? lm->sources : 1), guess = 0;
    for (size_t k = 0; k < nedited; k++) {
        size_t i = unpad(lm, lm->edited[k]);
        if (lm->old_wall[k] || !(lm->old_start[k] < lm->dflt) || lm->values[i] != lm->old_start[k])
            continue;
        if (!lm->grid.wall[i] && !(lm->start[i] > lm->old_start[k])) continue;
        /* a source's cells lie within the ceiling's reach: a square of that radius */
        double r = (lm->dflt - lm->old_start[k]) / step, side = 2 * r + 1;
        guess += side * side < share ? side * side : share;
    }
    return guess > (double)lm->fallback;
}

/* Rebuild the map from its inputs with a full scan. With unit costs the engine runs straight
 * on the padded work array (seeded with the cells below the default, as dmap_field does);
 * otherwise through dmap_scan. */
static void copy_all(dmap_live *lm);
static int relower_heap(dmap_live *lm);

static int rebuild(dmap_live *lm) {
    set_fallback(lm);
    /* as the scan: the seeds are the passable cells below the largest start value (a cell
     * at the maximum can lower nobody). Row by row: no division per cell. The public values
     * are written only when everything succeeded (an apply undoes itself otherwise). */
    double vmax = -INFINITY;
    for (int y = 0; y < lm->h; y++) {
        const double *st = lm->start + (size_t)y * (size_t)lm->w;
        size_t row = (size_t)(y + 1) * (size_t)lm->pw + 1;
        for (int x = 0; x < lm->w; x++) {
            int open = !lm->blocked[row + x];
            lm->work[row + x] = open ? st[x] : -INFINITY;
            if (open && st[x] > vmax) vmax = st[x];
        }
    }
    lm->seeds_len = 0;
    int rc = DMAP_OK;
    for (int y = 0; y < lm->h && rc == DMAP_OK; y++) {
        size_t row = (size_t)(y + 1) * (size_t)lm->pw + 1;
        for (int x = 0; x < lm->w && rc == DMAP_OK; x++)
            if (lm->work[row + x] < vmax && lm->work[row + x] != -INFINITY)
                rc = push32(&lm->seeds, &lm->seeds_len, &lm->seeds_cap, (int32_t)(row + x));
    }
    lm->lowered_len = 0;
    lm->heap_path = 1; /* (its list of lowered cells is not used here) */
    if (rc == DMAP_OK)
        rc = lm->grid.cost ? relower_heap(lm)
                           : scan_resume(&lm->grid, &lm->moves, lm->work, lm->seeds,
                                         lm->seeds_len, lm->ws);
    if (rc != DMAP_OK) return rc;
    copy_all(lm);
    return DMAP_OK;
}

int dmap_live_new(const dmap_grid *g, const dmap_moves *m, const dmap_goal *goals,
                  size_t ngoals, double dflt, const double *start, dmap_live **out) {
    if (!out) return DMAP_ERR_ARG;
    *out = NULL;
    if (!g || !m || (ngoals && !goals)) return DMAP_ERR_ARG;
    int rc = dmap_grid_check_steps(g, m);
    if (rc) return rc;
    /* +INFINITY is a start value like any other (DMAP_NO_CEILING: "not reached"); it never
     * supports a neighbour in phase A because supporters must be strictly smaller. */
    if (isnan(dflt) || dflt == -INFINITY) return DMAP_ERR_VALUE;
    size_t n = (size_t)g->w * (size_t)g->h;
    if (start)
        for (size_t i = 0; i < n; i++)
            if (!g->wall[i] && (isnan(start[i]) || start[i] == -INFINITY)) return DMAP_ERR_VALUE;
    for (size_t k = 0; k < ngoals; k++) {
        if (!isfinite(goals[k].value)) return DMAP_ERR_VALUE;
        int i = dmap_grid_index(g, goals[k].x, goals[k].y);
        if (i < 0) return DMAP_ERR_RANGE;
        if (g->wall[i]) return DMAP_ERR_WALL;
    }
    dmap_live *lm = (dmap_live *)calloc(1, sizeof *lm);
    if (!lm) return DMAP_ERR_NOMEM;
    lm->moves = *m;
    lm->dflt = dflt;
    lm->w = g->w;
    lm->h = g->h;
    lm->pw = g->w + 2;
    lm->n = n;
    lm->np = (size_t)(g->w + 2) * (size_t)(g->h + 2);
    int pw = lm->pw;
    int off[8] = {-pw, 1, pw, -1, -pw + 1, pw + 1, pw - 1, -pw - 1};
    memcpy(lm->off, off, sizeof off);
    int w = g->w;
    int uoff[8] = {-w, 1, w, -1, -w + 1, w + 1, w - 1, -w - 1};
    memcpy(lm->uoff, uoff, sizeof uoff);
    rc = dmap_grid_init(&lm->grid, g->w, g->h);
    if (rc) {
        free(lm);
        return rc;
    }
    memcpy(lm->grid.wall, g->wall, n);
    if (g->cost && (rc = dmap_grid_add_costs(&lm->grid)) == DMAP_OK)
        for (size_t i = 0; i < n; i++) /* a wall's cost may be anything: keep a valid one */
            lm->grid.cost[i] = !(g->cost[i] > 0 && g->cost[i] < INFINITY) ? 1.0 : g->cost[i];
    lm->start = (double *)malloc(n * sizeof(double));
    lm->values = (double *)malloc(n * sizeof(double));
    lm->work = (double *)malloc(lm->np * sizeof(double));
    lm->mark = (unsigned char *)malloc(lm->np);
    lm->stamp = (uint32_t *)calloc(lm->np, sizeof(uint32_t));
    lm->blocked = (unsigned char *)malloc(lm->np);
    dmap_workspace_new(&lm->ws); /* checked below with the other allocations */
    if (rc == DMAP_OK) rc = ensure_pcost(lm);
    if (lm->blocked && lm->work) { /* the border rows and columns of work stay -inf */
        memset(lm->blocked, 1, lm->np);
        for (size_t p = 0; p < lm->np; p++) lm->work[p] = -INFINITY;
        for (size_t i = 0; i < n; i++) lm->blocked[pad_of(lm, i)] = g->wall[i] != 0;
    }
    if (rc || !lm->start || !lm->values || !lm->work || !lm->mark || !lm->stamp ||
        !lm->blocked || !lm->ws) {
        dmap_live_free(lm);
        return rc ? rc : DMAP_ERR_NOMEM;
    }
    for (size_t i = 0; i < n; i++) lm->start[i] = start && !g->wall[i] ? start[i] : dflt;
    if (start)
        for (size_t i = 0; i < n; i++)
            if (g->wall[i]) lm->start[i] = start[i];
    for (size_t k = 0; k < ngoals; k++) {
        size_t i = (size_t)goals[k].y * (size_t)g->w + (size_t)goals[k].x;
        if (goals[k].value < lm->start[i]) lm->start[i] = goals[k].value;
    }
    rc = rebuild(lm);
    if (rc) {
        dmap_live_free(lm);
        return rc;
    }
    *out = lm;
    return DMAP_OK;
}

const double *dmap_live_values(const dmap_live *lm) { return lm ? lm->values : NULL; }
const dmap_grid *dmap_live_grid(const dmap_live *lm) { return lm ? &lm->grid : NULL; }
const double *dmap_live_start(const dmap_live *lm) { return lm ? lm->start : NULL; }

/* ---- applying a batch --------------------------------------------------------------------------- */

static int check_edit(const dmap_live *lm, const dmap_edit *e) {
    if (e->x < 0 || e->y < 0 || e->x >= lm->w || e->y >= lm->h) return DMAP_ERR_RANGE;
    switch (e->kind) {
    case DMAP_EDIT_WALL:
    case DMAP_EDIT_FLOOR:
    case DMAP_EDIT_UNGOAL:
        return DMAP_OK;
    case DMAP_EDIT_GOAL:
        return isfinite(e->value) ? DMAP_OK : DMAP_ERR_VALUE;
    case DMAP_EDIT_COST:
        return dmap_cost_fits(&lm->moves, e->value) ? DMAP_OK : DMAP_ERR_VALUE;
    }
    return DMAP_ERR_ARG;
}

static int grow_snapshot(dmap_live *lm, size_t need) {
    if (need <= lm->edit_cap) return DMAP_OK;
    size_t cap = need < 64 ? 64 : need, b32, b8;
    if (!dmap_mul_size(cap, sizeof(int32_t), &b32) || !dmap_mul_size(cap, sizeof(double), &b8))
        return DMAP_ERR_NOMEM;
    int32_t *e = (int32_t *)realloc(lm->edited, b32);
    if (e) lm->edited = e;
    unsigned char *w = (unsigned char *)realloc(lm->old_wall, cap);
    if (w) lm->old_wall = w;
    double *c = (double *)realloc(lm->old_cost, b8);
    if (c) lm->old_cost = c;
    double *s = (double *)realloc(lm->old_start, b8);
    if (s) lm->old_start = s;
    if (!e || !w || !c || !s) return DMAP_ERR_NOMEM;
    lm->edit_cap = cap;
    return DMAP_OK;
}

/* Record the old inputs of every distinct edited cell, then change the inputs. Returns the
 * number of distinct edited cells in *nedited. */
static int change_inputs(dmap_live *lm, const dmap_edit *edits, size_t n, size_t *nedited) {
    size_t k = 0;
    int rc = grow_snapshot(lm, n);
    if (rc) return rc;
    int need_costs = 0;
    for (size_t j = 0; j < n; j++) need_costs |= edits[j].kind == DMAP_EDIT_COST;
    if (need_costs && !lm->grid.cost && (rc = dmap_grid_add_costs(&lm->grid)) != DMAP_OK)
        return rc;
    if ((rc = ensure_pcost(lm)) != DMAP_OK) return rc;
    for (size_t j = 0; j < n; j++) {
        const dmap_edit *e = &edits[j];
        size_t i = (size_t)e->y * (size_t)lm->w + (size_t)e->x;
        int32_t p = pad_of(lm, i);
        if (!(marks(lm, p) & MARK_EDITED)) {
            add_mark(lm, p, MARK_EDITED);
            lm->edited[k] = p;
            lm->old_wall[k] = lm->grid.wall[i];
            lm->old_cost[k] = lm->grid.cost ? lm->grid.cost[i] : 1.0;
            lm->old_start[k] = lm->start[i];
            k++;
        }
        switch (e->kind) {
        case DMAP_EDIT_WALL: lm->grid.wall[i] = 1, lm->blocked[p] = 1; break;
        case DMAP_EDIT_FLOOR: lm->grid.wall[i] = 0, lm->blocked[p] = 0; break;
        case DMAP_EDIT_GOAL: lm->start[i] = e->value; break;
        case DMAP_EDIT_UNGOAL: lm->start[i] = lm->dflt; break;
        case DMAP_EDIT_COST: lm->grid.cost[i] = e->value, lm->pcost[p] = e->value; break;
        }
    }
    *nedited = k;
    return DMAP_OK;
}

/* Is cell p a wall (or the border) in the NEW grid? (In phase A the work array still holds
 * the old walls.) */
static int new_wall(const dmap_live *lm, int32_t p) { return lm->blocked[p]; }

static int strict_corners(const dmap_live *lm) {
    return lm->moves.connectivity == 8 && lm->moves.corners == DMAP_CORNERS_STRICT;
}

/* The row offset (+pw or -pw) of diagonal direction d; the column offset is off[d] - that. */
static int32_t row_part(const dmap_live *lm, int d) { return lm->off[d] > 0 ? lm->pw : -lm->pw; }

/* Does the step from p in direction d exist in the new grid? */
static int new_step_open(const dmap_live *lm, int32_t p, int d) {
    int32_t q = p + lm->off[d];
    if (new_wall(lm, q)) return 0;
    if (d < 4 || !strict_corners(lm)) return 1;
    int32_t dy = row_part(lm, d);
    return !new_wall(lm, p + lm->off[d] - dy) && !new_wall(lm, p + dy);
}

/* The direction back: up <-> down, right <-> left, and the diagonals likewise. */
static int opposite(int d) { return d < 4 ? (d + 2) % 4 : 4 + (d - 4 + 2) % 4; }

/* Mark p touched (once) and list it: the list ends up holding every cell whose value changed
 * or was recomputed, in the order first touched. */
static int touch(dmap_live *lm, int32_t p) {
    if (marks(lm, p) & MARK_TOUCHED) return DMAP_OK;
    add_mark(lm, p, MARK_TOUCHED);
    return list_push(lm, p);
}

static int candidate(dmap_live *lm, int32_t p) {
    if (marks(lm, p) & (MARK_CANDIDATE | MARK_VALID | MARK_INVALID)) return DMAP_OK;
    add_mark(lm, p, MARK_CANDIDATE);
    return heap_push_grow(lm, lm->work[p], p);
}

/* Cell p can no longer be held at its old value: list it and make its neighbours with equal or
 * larger old values candidates (equal ones too: with huge values v + step may round to v, so
 * an equal neighbour may have rested on p). */
static int invalidate(dmap_live *lm, int32_t p) {
    add_mark(lm, p, MARK_INVALID);
    int rc = touch(lm, p);
    if (rc == DMAP_OK && lm->list_len > lm->fallback) return LIVE_REBUILD;
    double v = lm->work[p];
    for (int d = 0; d < lm->moves.connectivity && rc == DMAP_OK; d++) {
        int32_t q = p + lm->off[d];
        double u = lm->work[q];
        /* only a neighbour p supported can have lost its support (a neighbour whose cost or
         * edge changed is a candidate already) */
        if (u >= v && u < INFINITY && !new_wall(lm, q) && v + step_into(lm, q, d) <= u)
            rc = candidate(lm, q);
    }
    return rc;
}

/* Is candidate p still held at its old value (see the top comment)? */
static int still_supported(const dmap_live *lm, int32_t p) {
    double v = lm->work[p];
    if (lm->start[unpad(lm, p)] <= v) return 1;
    double cost = entry_cost(lm, p);
    for (int d = 0; d < lm->moves.connectivity; d++) {
        int32_t q = p + lm->off[d];
        double u = lm->work[q];
        if (!(u < v) || u == -INFINITY || (marks(lm, q) & MARK_INVALID)) continue;
        if (!new_step_open(lm, q, opposite(d))) continue;
        if (u + (d < 4 ? lm->moves.cardinal : lm->moves.diagonal) * cost <= v) return 1;
    }
    return 0;
}

/* Phase A. Edited cells that got worse start it: new walls are invalid at once (their
 * neighbours, and under strict corners the cells whose diagonal passed them, become
 * candidates); raised start values and costs make the cell a candidate. New floor cells hold
 * +inf meanwhile, so they support nobody. */
static int invalidate_phase(dmap_live *lm, size_t nedited) {
    int rc = DMAP_OK;
    for (size_t k = 0; k < nedited; k++)
        if (lm->old_wall[k] && !new_wall(lm, lm->edited[k])) lm->work[lm->edited[k]] = INFINITY;
    for (size_t k = 0; k < nedited && rc == DMAP_OK; k++) {
        int32_t p = lm->edited[k];
        size_t i = unpad(lm, p);
        if (lm->old_wall[k]) continue;
        if (lm->grid.wall[i]) {
            rc = invalidate(lm, p);
            for (int d = 4; d < 8 && strict_corners(lm) && rc == DMAP_OK; d++) {
                /* the diagonal between the wall's two orthogonal neighbours is gone */
                int32_t dy = row_part(lm, d), dx = lm->off[d] - dy;
                if (!new_wall(lm, p + dx)) rc = candidate(lm, p + dx);
                if (rc == DMAP_OK && !new_wall(lm, p + dy)) rc = candidate(lm, p + dy);
            }
            continue;
        }
        double cost = lm->grid.cost ? lm->grid.cost[i] : 1.0;
        if (lm->start[i] > lm->old_start[k] || cost > lm->old_cost[k]) rc = candidate(lm, p);
    }
    while (rc == DMAP_OK && lm->heap.len) {
        heap_entry it = heap_pop(&lm->heap);
        int32_t p = it.id;
        if (marks(lm, p) & (MARK_VALID | MARK_INVALID)) continue;
        if (still_supported(lm, p))
            add_mark(lm, p, MARK_VALID);
        else
            rc = invalidate(lm, p);
    }
    return rc;
}

/* Is the step from p in direction d open now? (Phase B: work holds -inf exactly on walls.) */
static int open_now(const dmap_live *lm, int32_t p, int d, int strict) {
    int32_t q = p + lm->off[d];
    if (lm->work[q] == -INFINITY) return 0;
    if (d < 4 || !strict) return 1;
    int32_t dy = row_part(lm, d);
    return lm->work[q - dy] != -INFINITY && lm->work[p + dy] != -INFINITY;
}

/* The best value passable cell p can get from its start value and its neighbours now. */
static double best_offer(const dmap_live *lm, int32_t p, int strict) {
    double best = lm->start[unpad(lm, p)];
    double cost = entry_cost(lm, p);
    for (int d = 0; d < lm->moves.connectivity; d++) {
        if (!open_now(lm, p, d, strict)) continue;
        double cand = lm->work[p + lm->off[d]] +
                      (d < 4 ? lm->moves.cardinal : lm->moves.diagonal) * cost;
        if (cand < best) best = cand;
    }
    return best;
}

static int seed_push(dmap_live *lm, int32_t p) {
    return push32(&lm->seeds, &lm->seeds_len, &lm->seeds_cap, p);
}

/* Dijkstra with the binary heap from the seeds, for grids with costs (the scan engine's FIFOs
 * take unit costs only here: its cost classes would cost a pass over the grid). */
static int relower_heap(dmap_live *lm) {
    const int strict = strict_corners(lm);
    int rc = DMAP_OK;
    lm->heap.len = 0;
    for (size_t k = 0; k < lm->seeds_len && rc == DMAP_OK; k++)
        rc = heap_push_grow(lm, lm->work[lm->seeds[k]], lm->seeds[k]);
    while (rc == DMAP_OK && lm->heap.len) {
        heap_entry it = heap_pop(&lm->heap);
        int32_t p = it.id;
        double v = lm->work[p];
        if (it.key > v) continue; /* stale: p was lowered again after this entry */
        for (int d = 0; d < lm->moves.connectivity && rc == DMAP_OK; d++) {
            if (!open_now(lm, p, d, strict)) continue;
            int32_t q = p + lm->off[d];
            double cand = v + step_into(lm, q, d);
            if (cand < lm->work[q]) {
                lm->work[q] = cand;
                rc = heap_push_grow(lm, cand, q);
                if (rc == DMAP_OK)
                    rc = push32(&lm->lowered, &lm->lowered_len, &lm->lowered_cap, q);
            }
        }
    }
    return rc;
}

/* Copy the new values of changed cells to the public array: a flood from the invalid cells
 * and the seeds through neighbours whose value differs (every lowered cell descends from a
 * seed through lowered cells). Returns the number of cells written besides the invalid ones
 * in *written. */
static int write_back(dmap_live *lm, size_t ninvalid, size_t nedited, size_t *written) {
    size_t top = 0, count = 0;
    int rc = DMAP_OK;
    /* the edited cells are written too, even when nothing lowered them: a wall turned floor
     * that stays at +inf must not keep the wall's value in the public map */
    size_t nseeds = lm->seeds_len, total = ninvalid + nseeds + nedited;
    for (size_t k = 0; k < total && rc == DMAP_OK; k++) {
        int32_t p = k < ninvalid           ? lm->list[k]
                    : k < ninvalid + nseeds ? lm->seeds[k - ninvalid]
                                            : lm->edited[k - ninvalid - nseeds];
        if (lm->work[p] == -INFINITY) continue;
        size_t i = unpad(lm, p);
        /* a seed's value may equal the old one (a wall's start value) and still have
         * lowered its neighbours: the flood starts from every seed */
        if (k >= ninvalid && lm->values[i] != lm->work[p]) count++;
        lm->values[i] = lm->work[p];
        if (!lm->heap_path) rc = push32(&lm->stack, &top, &lm->stack_cap, p);
    }
    /* the heap path listed what it lowered: no flood needed */
    for (size_t k = 0; lm->heap_path && k < lm->lowered_len; k++) {
        int32_t p = lm->lowered[k];
        size_t i = unpad(lm, p);
        if (lm->values[i] == lm->work[p]) continue;
        lm->values[i] = lm->work[p];
        count++;
    }
    while (rc == DMAP_OK && top) {
        int32_t p = lm->stack[--top];
        size_t i = unpad(lm, p);
        for (int d = 0; d < lm->moves.connectivity && rc == DMAP_OK; d++) {
            int32_t q = p + lm->off[d];
            double v = lm->work[q];
            size_t qi = (size_t)((ptrdiff_t)i + lm->uoff[d]);
            if (v == -INFINITY || lm->values[qi] == v) continue;
            lm->values[qi] = v;
            count++;
            rc = push32(&lm->stack, &top, &lm->stack_cap, q);
        }
    }
    *written = count;
    return rc;
}

/* Phase B: re-seed the invalid and improved cells, then spread from them as the scan does. */
static int relower_phase(dmap_live *lm, size_t nedited, size_t ninvalid) {
    const int strict = strict_corners(lm);
    int rc = DMAP_OK;
    for (size_t k = 0; k < ninvalid; k++) lm->work[lm->list[k]] = INFINITY;
    for (size_t k = 0; k < nedited; k++) {
        int32_t p = lm->edited[k];
        size_t i = unpad(lm, p);
        if (lm->grid.wall[i]) lm->work[p] = -INFINITY;
    }
    lm->seeds_len = 0;
    for (size_t k = 0; k < ninvalid + nedited && rc == DMAP_OK; k++) {
        int32_t p = k < ninvalid ? lm->list[k] : lm->edited[k - ninvalid];
        if (lm->work[p] == -INFINITY) continue;
        double best = best_offer(lm, p, strict);
        if (best < lm->work[p]) {
            lm->work[p] = best;
            rc = seed_push(lm, p);
        }
    }
    /* a new floor cell under strict corners opens diagonals between its neighbours */
    for (size_t k = 0; strict && k < nedited && rc == DMAP_OK; k++) {
        int32_t p = lm->edited[k];
        if (!lm->old_wall[k] || lm->work[p] == -INFINITY) continue;
        for (int d = 0; d < 4 && rc == DMAP_OK; d++) {
            int32_t q = p + lm->off[d];
            if (lm->work[q] != -INFINITY && lm->work[q] < INFINITY) rc = seed_push(lm, q);
        }
    }
    if (rc != DMAP_OK) return rc;
    /* a few seeds (a bomb on a small board) cost less on the heap than the engine's set-up */
    lm->heap_path = lm->grid.cost || lm->seeds_len < 16;
    lm->lowered_len = 0;
    if (lm->heap_path) return relower_heap(lm);
    return scan_resume(&lm->grid, &lm->moves, lm->work, lm->seeds, lm->seeds_len, lm->ws);
}

/* Undo change_inputs from its snapshot and reload the work array from the public values. */
static void restore_inputs(dmap_live *lm, size_t nedited) {
    for (size_t k = 0; k < nedited; k++) {
        size_t i = unpad(lm, lm->edited[k]);
        lm->grid.wall[i] = lm->old_wall[k];
        if (lm->grid.cost) lm->grid.cost[i] = lm->old_cost[k];
        lm->start[i] = lm->old_start[k];
    }
    load_work(lm);
}

/* Copy the whole map out of the work array (when the write-back's flood cannot get memory:
 * O(N), no allocation). */
static void copy_all(dmap_live *lm) {
    for (int y = 0; y < lm->h; y++) {
        const double *st = lm->start + (size_t)y * (size_t)lm->w;
        double *out = lm->values + (size_t)y * (size_t)lm->w;
        const double *row = lm->work + (size_t)(y + 1) * (size_t)lm->pw + 1;
        const unsigned char *b = lm->blocked + (size_t)(y + 1) * (size_t)lm->pw + 1;
        for (int x = 0; x < lm->w; x++) out[x] = b[x] ? st[x] : row[x];
    }
}

/* Out of memory midway: the public values are written only at the end, so undoing the input
 * changes and reloading the work array from the values restores the state before the batch
 * exactly, without allocating. */
static int undo_batch(dmap_live *lm, size_t nedited, int rc) {
    restore_inputs(lm, nedited);
    set_fallback(lm);
    return rc;
}

int dmap_live_apply(dmap_live *lm, const dmap_edit *edits, size_t nedits, size_t *touched) {
    if (touched) *touched = 0;
    if (!lm || (nedits && !edits)) return DMAP_ERR_ARG;
    for (size_t j = 0; j < nedits; j++) {
        int rc = check_edit(lm, &edits[j]);
        if (rc) return rc;
    }
    if (++lm->gen == 0) { /* the stamps wrapped: clear them once every 2^32 applies */
        memset(lm->stamp, 0, lm->np * sizeof(uint32_t));
        lm->gen = 1;
    }
    lm->heap.len = lm->list_len = 0;
    size_t nedited = 0;
    int rc = change_inputs(lm, edits, nedits, &nedited);
    if (rc != DMAP_OK) return rc; /* nothing changed yet (allocations come first) */
    int far = reaches_too_far(lm, nedited);
    count_changes(lm, nedited);
    rc = far ? LIVE_REBUILD : invalidate_phase(lm, nedited);
    if (rc == LIVE_REBUILD) { /* the change reaches too far: a full scan is cheaper */
        rc = rebuild(lm);
        if (rc != DMAP_OK) return undo_batch(lm, nedited, rc);
        if (touched) *touched = lm->n;
        return DMAP_OK;
    }
    size_t ninvalid = lm->list_len, written = 0;
    if (rc == DMAP_OK) rc = relower_phase(lm, nedited, ninvalid);
    if (rc != DMAP_OK) return undo_batch(lm, nedited, rc);
    if (write_back(lm, ninvalid, nedited, &written) != DMAP_OK) {
        copy_all(lm); /* the work array is right: copy all of it instead of flooding */
        written = lm->n;
    }
    for (size_t k = 0; k < nedited; k++) { /* a wall keeps its start value, as in dmap_scan */
        size_t i = unpad(lm, lm->edited[k]);
        if (lm->grid.wall[i]) lm->values[i] = lm->start[i];
    }
    if (touched) *touched = ninvalid + written;
    return DMAP_OK;
}
