/* fuzz_api.c — libFuzzer harness for the public API's argument checking and the scan.
 *
 * The fuzz bytes are read as a small grid (sizes 0..8, and now and then a degenerate or huge
 * W x H over tiny arrays), walls, optional costs, move rules, a values map and goals, where
 * every number comes from a table of awkward doubles (NaN, inf, DBL_MAX, subnormals,
 * negatives, 0) or raw bits. Then dmap_scan, dmap_field, dmap_flee, dmap_bfs and
 * dmap_bfs_path, dmap_bury_dead_ends, dmap_safe_walk, dmap_threat_map and
 * dmap_downhill_path are called, and each must:
 *   - return DMAP_OK exactly when the arguments are valid, else a negative code;
 *   - leave its output untouched after an argument error (where the header promises it);
 *   - agree with the reference sweep (tests/reference_scan.c) when the scan succeeds;
 *   - keep the properties the header states (paths go downhill, BFS trees are trees, ...).
 * Degenerate or huge sizes must be rejected before any array is touched (ASan watches). */
#include <float.h>
#include <limits.h>
#include <math.h>

#include "fuzz_common.h"
#include "reference_scan.h"

/* A cursor over the fuzz bytes; reads past the end give 0. */
typedef struct bytes {
    const uint8_t *p;
    size_t n, pos;
} bytes;

static unsigned take(bytes *b) { return b->pos < b->n ? b->p[b->pos++] : 0; }

static double take_double(bytes *b) {
    static const double table[] = {1, 0, 2, 5, 100, -3, 0.5, 1.4142135623730951, 7, -0.0,
                                   1e-300, 4.9e-324, 1e300, DBL_MAX, -DBL_MAX, 1e15, 3.25};
    unsigned k = take(b);
    if (k == 255) { /* raw bits */
        uint64_t bits = 0;
        for (int i = 0; i < 8; i++) bits = bits << 8 | take(b);
        double v;
        memcpy(&v, &bits, sizeof v);
        return v;
    }
    if (k == 254) return NAN;
    if (k == 253) return INFINITY;
    if (k == 252) return -INFINITY;
    return table[k % (sizeof table / sizeof table[0])];
}

/* A map the scan accepts: no passable cell holds NaN or -inf (+inf is "no start value"). */
static int scannable(const dmap_grid *g, const double *v) {
    for (int i = 0; i < g->w * g->h; i++)
        if (!g->wall[i] && (isnan(v[i]) || v[i] == -INFINITY)) return 0;
    return 1;
}

/* Every step the scan may take, a move weight times a passable cell's cost (1 without costs),
 * is a finite number > 0 (else DMAP_ERR_VALUE). Assumes valid moves. */
static int steps_ok(const dmap_grid *g, const dmap_moves *m) {
    double weights[2] = {m->cardinal, m->connectivity == 8 ? m->diagonal : m->cardinal};
    for (int i = -1; i < g->w * g->h; i++) {
        if (i >= 0 && g->wall[i]) continue;
        double c = i >= 0 && g->cost ? g->cost[i] : 1.0;
        for (int k = 0; k < 2; k++) {
            double step = weights[k] * c;
            if (!(isfinite(step) && step > 0)) return 0;
        }
    }
    return 1;
}

static int is_integer(double v) { return isfinite(v) && v == floor(v) && fabs(v) < 1e12; }

/* The scan must agree with the reference sweep: bit for bit on integer inputs, within
 * rounding otherwise (paths of equal length may sum in a different order). */
static void compare_with_reference(const dmap_grid *g, const dmap_moves *m, const double *v0,
                                   const double *got) {
    int n = g->w * g->h, exact = is_integer(m->cardinal) && is_integer(m->diagonal);
    double ref[64];
    memcpy(ref, v0, sizeof(double) * (size_t)n);
    for (int i = 0; i < n; i++) {
        if (!g->wall[i] && !is_integer(v0[i])) exact = 0;
        if (g->cost && !g->wall[i] && !is_integer(g->cost[i])) exact = 0;
        if (!g->wall[i] && fabs(v0[i]) > 1e15) exact = 0;
    }
    FUZZ_ASSERT(reference_scan(g, m, ref) > 0);
    for (int i = 0; i < n; i++) {
        if (g->wall[i]) {
            FUZZ_ASSERT(memcmp(&got[i], &v0[i], sizeof(double)) == 0);
            continue;
        }
        if (exact || isinf(ref[i])) FUZZ_ASSERT(got[i] == ref[i]);
        else FUZZ_ASSERT(fabs(got[i] - ref[i]) <= 1e-9 * (fabs(ref[i]) + 1));
    }
}

/* Grids that are not valid: every entry point must say so without touching an array. */
static void degenerate_grids(bytes *b) {
    static const int sizes[] = {0, -1, 1, 2, INT_MAX, INT_MIN, 1 << 14, 1 << 15, 1 << 28,
                                (1 << 28) + 1, 3};
    int w = sizes[take(b) % 11], h = sizes[take(b) % 11];
    if (w > 0 && h > 0 && (int64_t)w * h <= DMAP_MAX_CELLS) return; /* valid: needs real arrays */
    unsigned char wall[1] = {0};
    double v[1] = {0}, out[1] = {0};
    int ints[2] = {0, 0};
    dmap_grid g = {w, h, wall, NULL};
    dmap_moves m = dmap_moves_8();
    dmap_goal goal = {(int)(take(b) % 3) - 1, (int)(take(b) % 3) - 1, 0};
    FUZZ_ASSERT(dmap_grid_check(&g) < 0);
    FUZZ_ASSERT(dmap_scan(&g, &m, v, NULL) < 0);
    FUZZ_ASSERT(dmap_fill(&g, v, 1) < 0);
    FUZZ_ASSERT(dmap_field(&g, &m, &goal, 1, 5, v, NULL) < 0);
    FUZZ_ASSERT(dmap_flee(&g, &m, v, -1.2, out, NULL) < 0);
    FUZZ_ASSERT(dmap_bfs(&g, &m, ints, 1, -1, ints, NULL, NULL) < 0);
    FUZZ_ASSERT(dmap_bury_dead_ends(&g, NULL, 0, 0, NULL, NULL, NULL) < 0);
    FUZZ_ASSERT(dmap_safe_walk(&g, &m, v, 0, 0, out, NULL, NULL, NULL) < 0);
    FUZZ_ASSERT(dmap_threat_map(&g, &m, 0, 0, INFINITY, out, NULL) < 0);
    size_t len = 0;
    FUZZ_ASSERT(dmap_downhill_path(&g, &m, v, 0, NULL, NULL, ints, 2, &len) < 0);
    FUZZ_ASSERT(dmap_add(&g, v, v, out) < 0);
    int x = (int)take(b) * 1000003, y = (int)take(b) * 999983;
    int idx = dmap_grid_index(&g, x, y);
    FUZZ_ASSERT(idx == -1 || (idx >= 0 && (int64_t)idx == (int64_t)y * w + x));
    (void)dmap_grid_passable(&g, 0, 0);
    FUZZ_ASSERT(dmap_step(&g, &m, 0, DMAP_RIGHT) == -1);
}

static dmap_moves take_moves(bytes *b) {
    static const int conn[] = {4, 8, 4, 8, 8, 0, 5, -1};
    unsigned k = take(b);
    dmap_moves m = k & 128 ? dmap_moves_octile() : dmap_moves_4();
    m.connectivity = conn[k % 8];
    if (k & 8) m.cardinal = take_double(b);
    if (k & 16) m.diagonal = take_double(b);
    m.corners = (dmap_corners)((k >> 5) % 3);
    return m;
}

static void check_bfs(const dmap_grid *g, const dmap_moves *m, bytes *b, dmap_workspace *ws) {
    int n = g->w * g->h, sources[3], depth[64], parent[64], path[64];
    size_t ns = take(b) % 4;
    int expect = DMAP_OK;
    for (size_t k = 0; k < ns; k++) {
        sources[k] = (int)(take(b) % (unsigned)(n + 4)) - 2;
        if (expect == DMAP_OK && (sources[k] < 0 || sources[k] >= n)) expect = DMAP_ERR_RANGE;
        else if (expect == DMAP_OK && g->wall[sources[k]]) expect = DMAP_ERR_WALL;
    }
    int max_depth = (int)(take(b) % 8) - 2;
    int rc = dmap_bfs(g, m, sources, ns, max_depth, depth, take(b) & 1 ? parent : NULL, ws);
    if (dmap_moves_check(m) != DMAP_OK) {
        FUZZ_ASSERT(rc == DMAP_ERR_ARG);
        return;
    }
    FUZZ_ASSERT(rc == expect);
    if (rc != DMAP_OK) return;
    rc = dmap_bfs(g, m, sources, ns, max_depth, depth, parent, ws);
    FUZZ_ASSERT(rc == DMAP_OK);
    for (int c = 0; c < n; c++) {
        FUZZ_ASSERT(depth[c] >= -1 && depth[c] < n);
        if (max_depth >= 0) FUZZ_ASSERT(depth[c] <= max_depth);
        if (depth[c] < 0) continue;
        FUZZ_ASSERT(!g->wall[c]);
        size_t len = 0;
        FUZZ_ASSERT(dmap_bfs_path(g, depth, parent, c, path, 64, &len) == DMAP_OK);
        FUZZ_ASSERT(len == (size_t)depth[c] + 1);
        for (size_t i = 1; i < len; i++) {
            int ok = 0;
            for (int d = 1; d < DMAP_DIR_COUNT; d++)
                ok |= dmap_step(g, m, path[i - 1], (dmap_dir)d) == path[i];
            FUZZ_ASSERT(ok);
        }
    }
}

static void check_bury(const dmap_grid *g, bytes *b, dmap_workspace *ws) {
    int n = g->w * g->h, protect[2];
    unsigned char wall[64], buried[64];
    memcpy(wall, g->wall, (size_t)n);
    dmap_grid copy = {g->w, g->h, wall, NULL};
    size_t np = take(b) % 3;
    int expect = DMAP_OK;
    for (size_t k = 0; k < np; k++) {
        protect[k] = (int)(take(b) % (unsigned)(n + 2)) - 1;
        if (protect[k] < 0 || protect[k] >= n) expect = DMAP_ERR_RANGE;
    }
    unsigned flags = take(b) % 3;
    if (flags > 1) expect = DMAP_ERR_ARG;
    size_t nb = 0;
    int rc = dmap_bury_dead_ends(&copy, protect, np, flags, buried, &nb, ws);
    if (rc != DMAP_OK) {
        FUZZ_ASSERT(rc < 0 && memcmp(wall, g->wall, (size_t)n) == 0);
        FUZZ_ASSERT(expect != DMAP_OK);
        return;
    }
    FUZZ_ASSERT(expect == DMAP_OK);
    size_t count = 0;
    for (int i = 0; i < n; i++) {
        FUZZ_ASSERT(wall[i] == (g->wall[i] || buried[i]));
        FUZZ_ASSERT(!(buried[i] && g->wall[i]));
        count += buried[i];
    }
    for (size_t k = 0; k < np; k++) FUZZ_ASSERT(!buried[protect[k]]);
    FUZZ_ASSERT(count == nb);
    FUZZ_ASSERT(dmap_bury_dead_ends(&copy, protect, np, flags, NULL, &nb, ws) == DMAP_OK);
    FUZZ_ASSERT(nb == 0);
}

static void check_safe_walk(const dmap_grid *g, const dmap_moves *m, bytes *b,
                            dmap_workspace *ws) {
    int n = g->w * g->h, parent[64], start = (int)(take(b) % (unsigned)(n + 2)) - 1;
    double timing[64], arrival[64], t0 = take_double(b);
    int nan_timing = 0;
    for (int i = 0; i < n; i++) {
        timing[i] = take(b) & 1 ? INFINITY : take_double(b);
        nan_timing |= !g->wall[i] && isnan(timing[i]);
    }
    size_t nsafe = 0;
    int rc = dmap_safe_walk(g, m, timing, start, t0, arrival, parent, &nsafe, ws);
    int steps = dmap_moves_check(m) == DMAP_OK && dmap_grid_check(g) == DMAP_OK && steps_ok(g, m);
    int valid = steps && start >= 0 && start < n && !g->wall[start] && isfinite(t0) && !nan_timing;
    FUZZ_ASSERT(valid ? rc == DMAP_OK : rc < 0);
    if (rc != DMAP_OK) return;
    FUZZ_ASSERT(arrival[start] == t0 && nsafe >= 1 && nsafe <= (size_t)n);
    for (int c = 0; c < n; c++) {
        if (c == start || arrival[c] == INFINITY) continue;
        FUZZ_ASSERT(!g->wall[c] && arrival[c] < timing[c] && arrival[c] >= t0);
        FUZZ_ASSERT(parent[c] >= 0 && parent[c] < n && arrival[parent[c]] <= arrival[c]);
    }
    double threat[64];
    double delay = take_double(b), cutoff = take(b) & 1 ? INFINITY : take_double(b);
    rc = dmap_threat_map(g, m, start, delay, cutoff, threat, ws);
    if (!steps || !(isfinite(delay) && delay >= 0) || isnan(cutoff) || cutoff < 0)
        FUZZ_ASSERT(rc < 0);
    else FUZZ_ASSERT(rc == DMAP_OK && threat[start] == delay);
}

static void check_downhill(const dmap_grid *g, const dmap_moves *m, const double *values,
                           bytes *b) {
    int n = g->w * g->h, path[80];
    int from = (int)(take(b) % (unsigned)(n + 2)) - 1;
    unsigned char blocked[64];
    for (int i = 0; i < n; i++) blocked[i] = (take(b) & 7) == 0;
    size_t cap = take(b) % 70, len = 12345;
    dmap_rng rng;
    dmap_rng_seed(&rng, take(b));
    int use_rng = take(b) & 1;
    int rc = dmap_downhill_path(g, m, values, from, take(b) & 1 ? blocked : NULL,
                                use_rng ? &rng : NULL, cap ? path : NULL, cap, &len);
    if (rc != DMAP_OK && rc != DMAP_ERR_LIMIT) {
        FUZZ_ASSERT(rc < 0);
        return;
    }
    FUZZ_ASSERT(dmap_moves_check(m) == DMAP_OK && from >= 0 && from < n && !g->wall[from]);
    FUZZ_ASSERT(len >= 1 && len <= (size_t)n);
    FUZZ_ASSERT(rc == (len > cap ? DMAP_ERR_LIMIT : DMAP_OK));
    size_t shown = len < cap ? len : cap;
    if (shown) FUZZ_ASSERT(path[0] == from);
    for (size_t i = 1; i < shown; i++) FUZZ_ASSERT(values[path[i]] < values[path[i - 1]]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    bytes b = {data, size, 0};
    unsigned mode = take(&b);
    if (mode % 8 == 7) {
        degenerate_grids(&b);
        return 0;
    }
    int w = 1 + (int)(take(&b) % 8), h = 1 + (int)(take(&b) % 8), n = w * h;
    unsigned char wall[64];
    double cost[64], v0[64], v[64], out[64];
    for (int i = 0; i < n; i++) wall[i] = (take(&b) & 3) == 0;
    dmap_grid g = {w, h, wall, mode & 8 ? cost : NULL};
    if (g.cost)
        for (int i = 0; i < n; i++) cost[i] = take(&b) & 1 ? 1 : take_double(&b);
    dmap_moves m = take_moves(&b);
    for (int i = 0; i < n; i++) v0[i] = take(&b) & 1 ? 100 : take_double(&b);
    dmap_workspace *ws = NULL;
    if (mode & 16) FUZZ_ASSERT(dmap_workspace_new(&ws) == DMAP_OK);
    int grid_ok = dmap_grid_check(&g) == DMAP_OK, moves_ok = dmap_moves_check(&m) == DMAP_OK;
    int scan_ok = grid_ok && moves_ok && steps_ok(&g, &m);

    /* dmap_scan */
    memcpy(v, v0, sizeof(double) * (size_t)n);
    int rc = dmap_scan(&g, &m, v, ws);
    if (scan_ok && scannable(&g, v0)) {
        FUZZ_ASSERT(rc == DMAP_OK);
        compare_with_reference(&g, &m, v0, v);
    } else {
        FUZZ_ASSERT(rc < 0 && memcmp(v, v0, sizeof(double) * (size_t)n) == 0);
    }
    int scanned = rc == DMAP_OK;

    /* dmap_field */
    dmap_goal goals[3];
    size_t ng = take(&b) % 4;
    int goals_ok = 1;
    for (size_t k = 0; k < ng; k++) {
        goals[k].x = (int)(take(&b) % (unsigned)(w + 3)) - 1;
        goals[k].y = (int)(take(&b) % (unsigned)(h + 3)) - 1;
        goals[k].value = take(&b) & 1 ? 0 : take_double(&b);
        int i = dmap_grid_index(&g, goals[k].x, goals[k].y);
        goals_ok &= i >= 0 && !wall[i] && isfinite(goals[k].value);
    }
    double dflt = take(&b) & 1 ? 100 : take_double(&b);
    int below_ceiling = 1; /* every goal strictly below the ceiling dflt (+inf: no ceiling) */
    for (size_t k = 0; k < ng; k++) below_ceiling &= goals[k].value < dflt;
    memcpy(out, v0, sizeof(double) * (size_t)n);
    rc = dmap_field(&g, &m, goals, ng, dflt, out, ws);
    if (scan_ok && goals_ok && !isnan(dflt) && dflt != -INFINITY && !below_ceiling) {
        FUZZ_ASSERT(rc == DMAP_ERR_CEILING && memcmp(out, v0, sizeof(double) * (size_t)n) == 0);
    } else if (scan_ok && goals_ok && !isnan(dflt) && dflt != -INFINITY) {
        FUZZ_ASSERT(rc == DMAP_OK);
        double seeded[64];
        for (int i = 0; i < n; i++) seeded[i] = dflt;
        for (size_t k = 0; k < ng; k++) FUZZ_ASSERT(dmap_set_goal(&g, seeded, goals[k]) == 0);
        compare_with_reference(&g, &m, seeded, out);
    } else {
        FUZZ_ASSERT(rc < 0 && memcmp(out, v0, sizeof(double) * (size_t)n) == 0);
    }

    /* dmap_flee, from the scanned map when there is one */
    double factor = take(&b) & 1 ? DMAP_FLEE_FACTOR : take_double(&b);
    const double *src = scanned ? v : v0;
    memcpy(out, v0, sizeof(double) * (size_t)n);
    rc = dmap_flee(&g, &m, src, factor, out, ws);
    /* what the rescan starts from: factor * src, +inf staying +inf; walls keep out's values */
    double start[64];
    int overflow = 0;
    for (int i = 0; i < n; i++) {
        start[i] = wall[i] ? v0[i] : isinf(src[i]) && src[i] > 0 ? INFINITY : factor * src[i];
        if (!wall[i] && isfinite(src[i]) && !isfinite(start[i])) overflow = 1;
    }
    if (!scan_ok || !(isfinite(factor) && factor < 0) || !scannable(&g, src)) {
        FUZZ_ASSERT(rc < 0 && memcmp(out, v0, sizeof(double) * (size_t)n) == 0);
    } else if (overflow) {
        FUZZ_ASSERT(rc == DMAP_ERR_VALUE && memcmp(out, v0, sizeof(double) * (size_t)n) == 0);
    } else {
        FUZZ_ASSERT(rc == DMAP_OK);
        compare_with_reference(&g, &m, start, out);
    }

    if (grid_ok) {
        check_bfs(&g, &m, &b, ws);
        check_bury(&g, &b, ws);
        check_safe_walk(&g, &m, &b, ws);
    }
    check_downhill(&g, &m, scanned ? v : v0, &b);
    dmap_workspace_free(ws);
    return 0;
}
