/* field.c — dmap_field: a Dijkstra map built from a default and goals. It checks its
 * arguments and runs the scan engine (scan.c) — or, for the commonest map of all, an int32
 * copy of the engine's FIFO merge (below). Kept apart from scan.c so that programs that use
 * only the searches (threat maps, the safe walk) do not carry it in a single-file build. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"
#include "rowbits.h"
#include "scan.h"
#include "workspace.h"

enum { FIELD_INSERTION_SORT_MAX = 64 }; /* goals sorted by insertion up to this many */

/* ---- dmap_field's fast path: 4-connected unit steps from integer goals ----------------------
 * The most common map of all (the classic Dijkstra-map rule: 4 neighbours, steps of 1, goals at
 * integer values) has integer values throughout, so it runs on int32 instead of doubles: half the
 * memory traffic, integer compares, one FIFO merged with the sorted goals exactly like the
 * engine, and the conversion to doubles in the final store. Values stay below 2^30 (goals
 * within +-2^29, distances below 2^28), where int32 and double arithmetic agree exactly, so
 * the result is bit for bit the engine's. -0.0 goals take the general path (an int has no
 * sign of zero). */
enum { INT_FIELD_GOAL_LIMIT = 1 << 29 };

static int int_field_applies(const dmap_grid *g, const dmap_moves *m, const dmap_goal *goals,
                             size_t ngoals) {
    if (g->cost || m->connectivity != 4 || m->cardinal != 1.0 || ngoals == 0) return 0;
    for (size_t k = 0; k < ngoals; k++) {
        double v = goals[k].value;
        if (v != floor(v) || fabs(v) > (double)INT_FIELD_GOAL_LIMIT || (v == 0 && signbit(v)))
            return 0;
    }
    return 1;
}

typedef struct int_seed {
    int32_t value, cell;
} int_seed;

static int compare_int_seeds(const void *a, const void *b) {
    const int_seed *x = (const int_seed *)a, *y = (const int_seed *)b;
    return (x->value > y->value) - (x->value < y->value);
}

/* Goals often come in order already (all at 0, or listed by value): then no sort is needed. */
static int int_seeds_sorted(const int_seed *s, size_t n) {
    for (size_t i = 1; i < n; i++)
        if (s[i - 1].value > s[i].value) return 0;
    return 1;
}

static int field_int4(const dmap_grid *g, const dmap_goal *goals, size_t ngoals, double dflt,
                      double *values, dmap_workspace *ws) {
    const int w = g->w, h = g->h, pw = w + 2;
    const size_t np = (size_t)(w + 2) * (size_t)(h + 2);
    /* a cell is reached when its distance value is below bound; the others keep dflt */
    const int32_t bound =
        dflt >= 2.0 * (double)INT_FIELD_GOAL_LIMIT ? INT32_MAX : (int32_t)ceil(dflt);
    size_t bytes;
    if (!dmap_mul_size(np, sizeof(int32_t), &bytes)) return DMAP_ERR_NOMEM;
    int32_t *d = (int32_t *)dmap_ws_buffer(ws, DMAP_WS_SCAN_VALUES, bytes, 0);
    int32_t *q = (int32_t *)dmap_ws_buffer(ws, DMAP_WS_SCAN_QUEUES, bytes, 0);
    if (!dmap_mul_size(ngoals, sizeof(int_seed), &bytes)) return DMAP_ERR_NOMEM;
    int_seed *seed = (int_seed *)dmap_ws_buffer(ws, DMAP_WS_SCAN_SEEDS, bytes, 0);
    if (!d || !q || !seed) return DMAP_ERR_NOMEM;
    for (int x = 0; x < pw; x++) d[x] = d[(size_t)(h + 1) * pw + x] = INT32_MIN;
    for (int y = 0; y < h; y++) {
        int32_t *row = d + (size_t)(y + 1) * pw;
        const unsigned char *wall = g->wall + (size_t)y * w;
        row[0] = row[w + 1] = INT32_MIN;
        for (int x = 0; x < w; x++) row[x + 1] = wall[x] ? INT32_MIN : bound;
    }
    for (size_t k = 0; k < ngoals; k++) {
        seed[k].value = (int32_t)goals[k].value;
        seed[k].cell = (goals[k].y + 1) * pw + goals[k].x + 1;
        if (seed[k].value < d[seed[k].cell]) d[seed[k].cell] = seed[k].value;
    }
    if (ngoals <= FIELD_INSERTION_SORT_MAX) {
        for (size_t i = 1; i < ngoals; i++) {
            int_seed it = seed[i];
            size_t j = i;
            while (j > 0 && seed[j - 1].value > it.value) seed[j] = seed[j - 1], j--;
            seed[j] = it;
        }
    } else if (!int_seeds_sorted(seed, ngoals)) {
        qsort(seed, ngoals, sizeof *seed, compare_int_seeds);
    }
    /* the merge: the next cell is the smaller of the goal list's head and the FIFO's (goals
     * first on ties); every value pushed is the popped one + 1, so the FIFO stays sorted and
     * a cell is pushed at most once: the queue never wraps */
    size_t head = 0, tail = 0, si = 0;
    /* plain branches here: on the int path the branch-free store of the engine measured
     * twice as slow (8x8 and 12x10 boards) */
#define INT_RELAX(n)                                                                         \
    do {                                                                                     \
        int32_t n_ = (n);                                                                    \
        if (d[n_] > nd) d[n_] = nd, q[tail++] = n_;                                          \
    } while (0)
    for (;;) {
        int32_t p;
        if (si < ngoals && (head == tail || d[seed[si].cell] <= d[q[head]]))
            p = seed[si++].cell;
        else if (head < tail)
            p = q[head++];
        else
            break;
        const int32_t nd = d[p] + 1;
        INT_RELAX(p - pw);
        INT_RELAX(p + 1);
        INT_RELAX(p + pw);
        INT_RELAX(p - 1);
    }
    /* walls hold INT32_MIN and get dflt, as in the engine; the choice is a bit mask, not a
     * branch (scattered walls on a small board would mispredict) */
    uint64_t fill;
    memcpy(&fill, &dflt, sizeof fill);
    for (int y = 0; y < h; y++) {
        const int32_t *row = d + (size_t)(y + 1) * pw + 1;
        double *out = values + (size_t)y * w;
        for (int x = 0; x < w; x++) {
            int32_t v = row[x];
            double dv = (double)v;
            uint64_t bits, keep = 0 - (uint64_t)((v != INT32_MIN) & (v < bound));
            memcpy(&bits, &dv, sizeof bits);
            bits = (bits & keep) | (fill & ~keep);
            memcpy(&out[x], &bits, sizeof bits);
        }
    }
    return DMAP_OK;
}

int dmap_field(const dmap_grid *g, const dmap_moves *m, const dmap_goal *goals, size_t ngoals,
               double dflt, double *values, dmap_workspace *ws) {
    if (!values || (ngoals && !goals)) return DMAP_ERR_ARG;
    int rc = dmap_grid_check_steps(g, m);
    if (rc) return rc;
    if (isnan(dflt) || dflt == -INFINITY) return DMAP_ERR_VALUE; /* +inf: no ceiling */
    for (size_t k = 0; k < ngoals; k++) {
        if (!isfinite(goals[k].value)) return DMAP_ERR_VALUE;
        int i = dmap_grid_index(g, goals[k].x, goals[k].y);
        if (i < 0) return DMAP_ERR_RANGE;
        if (g->wall[i]) return DMAP_ERR_WALL;
    }
    /* a goal at or above the ceiling would change nothing: say so instead of ignoring it */
    for (size_t k = 0; k < ngoals; k++)
        if (!(goals[k].value < dflt)) return DMAP_ERR_CEILING;
    /* the small-board engine: on AVX-512 always; on its plain loop only for 8-connected
     * moves (4-connected boards are as fast or faster on the int32 merge below) */
#ifndef DMAP_COMPACT
    if ((dmap_rowbits_avx512_ok() || m->connectivity == 8) &&
        dmap_rowbits_field_applies(g, m, goals, ngoals))
        return dmap_rowbits_field(g, m, goals, ngoals, dflt, values, ws);
#endif
    if (int_field_applies(g, m, goals, ngoals)) {
        if (ws) return field_int4(g, goals, ngoals, dflt, values, ws);
        dmap_workspace *tmp = NULL;
        if (dmap_workspace_new(&tmp) != DMAP_OK) return DMAP_ERR_NOMEM;
        rc = field_int4(g, goals, ngoals, dflt, values, tmp);
        dmap_workspace_free(tmp);
        return rc;
    }
#ifndef DMAP_COMPACT
    int swept = sweep_field(g, m, goals, ngoals, dflt, values, ws); /* few walls: sweep.c */
    if (swept) return swept < 0 ? swept : DMAP_OK;
#endif
    return scan_field(g, m, goals, ngoals, dflt, values, ws);
}
