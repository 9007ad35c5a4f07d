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
#include "workspace.h"

typedef struct live_item {
    double key;
    int32_t cell;
} live_item;

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
    unsigned char *mark;  /* padded marks */
    uint32_t *stamp;      /* padded stamps */
    uint32_t gen;
    int off[8];
    /* the heap and the lists of one apply, grown as needed */
    live_item *heap;
    size_t heap_len, heap_cap;
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
    return lm->grid.cost ? lm->grid.cost[unpad(lm, p)] : 1.0;
}

static double step_into(const dmap_live *lm, int32_t q, int d) {
    return (d < 4 ? lm->moves.cardinal : lm->moves.diagonal) * entry_cost(lm, q);
}

static int heap_push(dmap_live *lm, double key, int32_t cell) {
    if (lm->heap_len == lm->heap_cap) {
        size_t cap = lm->heap_cap ? 2 * lm->heap_cap : 256, bytes;
        if (!dmap_mul_size(cap, sizeof(live_item), &bytes)) return DMAP_ERR_NOMEM;
        live_item *h = realloc(lm->heap, bytes);
        if (!h) return DMAP_ERR_NOMEM;
        lm->heap = h;
        lm->heap_cap = cap;
    }
    live_item *h = lm->heap;
    size_t i = lm->heap_len++;
    while (i > 0) {
        size_t parent = (i - 1) / 2;
        if (!(key < h[parent].key)) break;
        h[i] = h[parent];
        i = parent;
    }
    h[i].key = key;
    h[i].cell = cell;
    return DMAP_OK;
}

static live_item heap_pop(dmap_live *lm) {
    live_item *h = lm->heap, top = h[0], it = h[--lm->heap_len];
    size_t n = lm->heap_len, i = 0;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= n) break;
        if (c + 1 < n && h[c + 1].key < h[c].key) c++;
        if (!(h[c].key < it.key)) break;
        h[i] = h[c];
        i = c;
    }
    if (n) h[i] = it;
    return top;
}

static int list_push(dmap_live *lm, int32_t cell) {
    if (lm->list_len == lm->list_cap) {
        size_t cap = lm->list_cap ? 2 * lm->list_cap : 256, bytes;
        if (!dmap_mul_size(cap, sizeof(int32_t), &bytes)) return DMAP_ERR_NOMEM;
        int32_t *l = realloc(lm->list, bytes);
        if (!l) return DMAP_ERR_NOMEM;
        lm->list = l;
        lm->list_cap = cap;
    }
    lm->list[lm->list_len++] = cell;
    return DMAP_OK;
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
    free(lm->mark);
    free(lm->stamp);
    free(lm->heap);
    free(lm->list);
    free(lm->edited);
    free(lm->old_wall);
    free(lm->old_cost);
    free(lm->old_start);
    free(lm);
}

/* Copy the padded work array from the public values (walls and border -inf). */
static void load_work(dmap_live *lm) {
    for (size_t p = 0; p < lm->np; p++) lm->work[p] = -INFINITY;
    for (size_t i = 0; i < lm->n; i++)
        if (!lm->grid.wall[i]) lm->work[pad_of(lm, i)] = lm->values[i];
}

int dmap_live_new(const dmap_grid *g, const dmap_moves *m, const double *start, double dflt,
                  const dmap_goal *goals, size_t ngoals, dmap_live **out) {
    if (!out) return DMAP_ERR_ARG;
    *out = NULL;
    if (!g || !m || (ngoals && !goals)) return DMAP_ERR_ARG;
    int rc = dmap_grid_check_steps(g, m); /* grid, moves, and weight x cost in range */
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
    dmap_live *lm = calloc(1, sizeof *lm);
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
    rc = dmap_grid_init(&lm->grid, g->w, g->h);
    if (rc) {
        free(lm);
        return rc;
    }
    memcpy(lm->grid.wall, g->wall, n);
    if (g->cost && (rc = dmap_grid_add_costs(&lm->grid)) == DMAP_OK)
        for (size_t i = 0; i < n; i++) /* a wall's cost may be anything: keep a valid one */
            lm->grid.cost[i] = !(g->cost[i] > 0 && g->cost[i] < INFINITY) ? 1.0 : g->cost[i];
    lm->start = malloc(n * sizeof(double));
    lm->values = malloc(n * sizeof(double));
    lm->work = malloc(lm->np * sizeof(double));
    lm->mark = malloc(lm->np);
    lm->stamp = calloc(lm->np, sizeof(uint32_t));
    if (rc || !lm->start || !lm->values || !lm->work || !lm->mark || !lm->stamp) {
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
    memcpy(lm->values, lm->start, n * sizeof(double));
    rc = dmap_scan(&lm->grid, &lm->moves, lm->values, NULL);
    if (rc) {
        dmap_live_free(lm);
        return rc;
    }
    load_work(lm);
    *out = lm;
    return DMAP_OK;
}

const double *dmap_live_values(const dmap_live *lm) { return lm ? lm->values : NULL; }
const dmap_grid *dmap_live_grid(const dmap_live *lm) { return lm ? &lm->grid : NULL; }
const double *dmap_live_start(const dmap_live *lm) { return lm ? lm->start : NULL; }

/* ---- applying a batch --------------------------------------------------------------------------- */

/* A new entry cost: finite and > 0, and so is every step weight times it. */
static int cost_ok(const dmap_moves *m, double cost) {
    double a = m->cardinal * cost, b = m->connectivity == 8 ? m->diagonal * cost : 1.0;
    return cost > 0 && isfinite(cost) && a > 0 && isfinite(a) && b > 0 && isfinite(b);
}

static int check_edit(const dmap_live *lm, const dmap_edit *e) {
    if (e->x < 0 || e->y < 0 || e->x >= lm->w || e->y >= lm->h) return DMAP_ERR_RANGE;
    switch (e->kind) {
    case DMAP_EDIT_WALL:
    case DMAP_EDIT_FLOOR:
    case DMAP_EDIT_UNGOAL:
        return DMAP_OK;
    case DMAP_EDIT_GOAL:
        return isfinite(e->value) ? DMAP_OK : DMAP_ERR_VALUE;
    case DMAP_EDIT_COST: /* finite, > 0, and every step weight x it too */
        return cost_ok(&lm->moves, e->value) ? DMAP_OK : DMAP_ERR_VALUE;
    }
    return DMAP_ERR_ARG;
}

static int grow_snapshot(dmap_live *lm, size_t need) {
    if (need <= lm->edit_cap) return DMAP_OK;
    size_t cap = need < 64 ? 64 : need, b32, b8;
    if (!dmap_mul_size(cap, sizeof(int32_t), &b32) || !dmap_mul_size(cap, sizeof(double), &b8))
        return DMAP_ERR_NOMEM;
    int32_t *e = realloc(lm->edited, b32);
    if (e) lm->edited = e;
    unsigned char *w = realloc(lm->old_wall, cap);
    if (w) lm->old_wall = w;
    double *c = realloc(lm->old_cost, b8);
    if (c) lm->old_cost = c;
    double *s = realloc(lm->old_start, b8);
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
        case DMAP_EDIT_WALL: lm->grid.wall[i] = 1; break;
        case DMAP_EDIT_FLOOR: lm->grid.wall[i] = 0; break;
        case DMAP_EDIT_GOAL: lm->start[i] = e->value; break;
        case DMAP_EDIT_UNGOAL: lm->start[i] = lm->dflt; break;
        case DMAP_EDIT_COST: lm->grid.cost[i] = e->value; break;
        }
    }
    *nedited = k;
    return DMAP_OK;
}

/* Is cell p a wall (or the border) in the NEW grid? (In phase A the work array still holds
 * the old walls.) */
static int new_wall(const dmap_live *lm, int32_t p) {
    int y = p / lm->pw - 1, x = p % lm->pw - 1;
    if (x < 0 || y < 0 || x >= lm->w || y >= lm->h) return 1;
    return lm->grid.wall[(size_t)y * (size_t)lm->w + (size_t)x] != 0;
}

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
    return heap_push(lm, lm->work[p], p);
}

/* Cell p can no longer be held at its old value: list it and make its neighbours with equal or
 * larger old values candidates (equal ones too: with huge values v + step may round to v, so
 * an equal neighbour may have rested on p). */
static int invalidate(dmap_live *lm, int32_t p) {
    add_mark(lm, p, MARK_INVALID);
    int rc = touch(lm, p);
    double v = lm->work[p];
    for (int d = 0; d < lm->moves.connectivity && rc == DMAP_OK; d++) {
        int32_t q = p + lm->off[d];
        double u = lm->work[q];
        if (u >= v && u < INFINITY && !new_wall(lm, q)) rc = candidate(lm, q);
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
    while (rc == DMAP_OK && lm->heap_len) {
        live_item it = heap_pop(lm);
        int32_t p = it.cell;
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

/* Lower cell p to v and queue it. */
static int lower(dmap_live *lm, int32_t p, double v) {
    lm->work[p] = v;
    int rc = touch(lm, p);
    return rc ? rc : heap_push(lm, v, p);
}

/* Phase B: re-seed the invalid and improved cells, then Dijkstra. */
static int relower_phase(dmap_live *lm, size_t nedited, size_t ninvalid) {
    const int strict = strict_corners(lm);
    int rc = DMAP_OK;
    for (size_t k = 0; k < ninvalid; k++) lm->work[lm->list[k]] = INFINITY;
    for (size_t k = 0; k < nedited; k++) {
        int32_t p = lm->edited[k];
        size_t i = unpad(lm, p);
        if (lm->grid.wall[i]) lm->work[p] = -INFINITY;
    }
    lm->heap_len = 0;
    for (size_t k = 0; k < ninvalid + nedited && rc == DMAP_OK; k++) {
        int32_t p = k < ninvalid ? lm->list[k] : lm->edited[k - ninvalid];
        if (lm->work[p] == -INFINITY) continue;
        /* An edited floor cell is recomputed even when it stays at +inf: a wall turned floor
         * must not keep the wall's start value in the public map. */
        if (k >= ninvalid && (rc = touch(lm, p)) != DMAP_OK) break;
        double best = best_offer(lm, p, strict);
        if (best < lm->work[p]) rc = lower(lm, p, best);
    }
    /* a new floor cell under strict corners opens diagonals between its neighbours */
    for (size_t k = 0; strict && k < nedited && rc == DMAP_OK; k++) {
        int32_t p = lm->edited[k];
        if (!lm->old_wall[k] || lm->work[p] == -INFINITY) continue;
        for (int d = 0; d < 4 && rc == DMAP_OK; d++) {
            int32_t q = p + lm->off[d];
            if (lm->work[q] != -INFINITY && lm->work[q] < INFINITY)
                rc = heap_push(lm, lm->work[q], q);
        }
    }
    while (rc == DMAP_OK && lm->heap_len) {
        live_item it = heap_pop(lm);
        int32_t p = it.cell;
        double v = lm->work[p];
        if (it.key > v) continue; /* stale: p was lowered again after this entry */
        for (int d = 0; d < lm->moves.connectivity && rc == DMAP_OK; d++) {
            if (!open_now(lm, p, d, strict)) continue;
            int32_t q = p + lm->off[d];
            double cand = v + step_into(lm, q, d);
            if (cand < lm->work[q]) rc = lower(lm, q, cand);
        }
    }
    return rc;
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
    lm->heap_len = lm->list_len = 0;
    size_t nedited = 0;
    int rc = change_inputs(lm, edits, nedits, &nedited);
    if (rc != DMAP_OK) return rc; /* nothing changed yet */
    rc = invalidate_phase(lm, nedited);
    size_t ninvalid = lm->list_len;
    if (rc == DMAP_OK) rc = relower_phase(lm, nedited, ninvalid);
    if (rc != DMAP_OK) {
        /* Out of memory midway. The public values are written only below, so undoing the
         * input changes and reloading the work array from them restores the state before
         * the batch exactly, without allocating. */
        restore_inputs(lm, nedited);
        return rc;
    }
    for (size_t k = 0; k < lm->list_len; k++) {
        int32_t p = lm->list[k];
        if (lm->work[p] != -INFINITY) lm->values[unpad(lm, p)] = lm->work[p];
    }
    for (size_t k = 0; k < nedited; k++) { /* a wall keeps its start value, as in dmap_scan */
        size_t i = unpad(lm, lm->edited[k]);
        if (lm->grid.wall[i]) lm->values[i] = lm->start[i];
    }
    if (touched) *touched = lm->list_len;
    return DMAP_OK;
}
