/* test_threat.c — threat maps, timing maps and the safe walk (the Code of Kutulu
 * post-mortem's).
 *
 * Oracles: a threat map must equal dmap_field from the enemy (itself checked against the
 * sweep loop) plus the delay, with cells beyond the cutoff at +inf; a timing map must equal
 * the element-wise min of its threat maps; the safe walk must equal a brute-force search over
 * time — a cell-by-time table filled turn by turn, allowing waiting — on small random grids
 * with integer weights and costs, and the reference sweep when no enemy is near. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dmap.h"
#include "reference_scan.h"

static void random_grid(dmap_rng *rng, dmap_grid *g, int w, int h, double density, int costs) {
    dmap_grid_init(g, w, h);
    for (int i = 0; i < w * h; i++) g->wall[i] = dmap_rng_unit(rng) < density;
    if (costs) {
        dmap_grid_add_costs(g);
        for (int i = 0; i < w * h; i++) g->cost[i] = 1 + (double)dmap_rng_below(rng, 3);
    }
}

static int random_open_cell(dmap_rng *rng, const dmap_grid *g) {
    int n = g->w * g->h;
    for (int tries = 0; tries < 1000; tries++) {
        int c = (int)dmap_rng_below(rng, (uint32_t)n);
        if (!g->wall[c]) return c;
    }
    return -1;
}

/* The move rule variants used: index 0..3. Integer weights keep times exact. */
static dmap_moves moves_variant(int k) {
    dmap_moves m = dmap_moves_4();
    if (k == 1) m = dmap_moves_8();
    if (k == 2) {
        m = dmap_moves_8();
        m.cardinal = 2;
        m.diagonal = 3;
        m.corners = DMAP_CORNERS_STRICT;
    }
    if (k == 3) {
        m = dmap_moves_octile();
    }
    return m;
}

/* ---- threat = field + delay, cut off -------------------------------------------------- */

static void test_threat_equals_field(void) {
    dmap_rng rng;
    dmap_rng_seed(&rng, 11);
    dmap_workspace *ws = NULL;
    dmap_workspace_new(&ws);
    int bad = 0;
    for (int t = 0; t < 400; t++) {
        int w = 1 + (int)dmap_rng_below(&rng, 25), h = 1 + (int)dmap_rng_below(&rng, 25);
        dmap_grid g;
        random_grid(&rng, &g, w, h, 0.3 * dmap_rng_unit(&rng), t % 3 == 0);
        dmap_moves m = moves_variant(t % 4);
        int from = random_open_cell(&rng, &g);
        if (from < 0) {
            dmap_grid_free(&g);
            continue;
        }
        double delay = (double)dmap_rng_below(&rng, 5);
        double cutoff = t % 5 == 0 ? INFINITY : (double)dmap_rng_below(&rng, 15);
        size_t n = (size_t)(w * h);
        double *field = malloc(n * sizeof *field), *threat = malloc(n * sizeof *threat);
        dmap_goal goal = {from % w, from / w, 0.0};
        CHECK_EQ_INT(dmap_field(&g, &m, &goal, 1, 1e9, field, ws), DMAP_OK);
        CHECK_EQ_INT(dmap_threat_map(&g, &m, from, delay, cutoff, threat, ws), DMAP_OK);
        for (size_t i = 0; i < n; i++) {
            double expect = g.wall[i] || field[i] >= 1e9 || field[i] > cutoff + 1e-9
                                ? INFINITY
                                : field[i] + delay;
            if (isinf(expect) ? !isinf(threat[i]) : fabs(threat[i] - expect) > 1e-9) bad++;
        }
        free(field);
        free(threat);
        dmap_grid_free(&g);
    }
    CHECK_EQ_INT(bad, 0);
    dmap_workspace_free(ws);
}

/* A hand-checked threat: corridor "....#" with the enemy at x=0, delay 2, cutoff 2. */
static void test_threat_by_hand(void) {
    dmap_grid g;
    dmap_grid_init(&g, 5, 1);
    g.wall[4] = 1;
    double threat[5];
    dmap_moves m = dmap_moves_4();
    CHECK_EQ_INT(dmap_threat_map(&g, &m, 0, 2.0, 2.0, threat, NULL), DMAP_OK);
    CHECK(threat[0] == 2 && threat[1] == 3 && threat[2] == 4);
    CHECK(isinf(threat[3]) && isinf(threat[4])); /* beyond the cutoff; a wall */
    /* errors */
    CHECK_EQ_INT(dmap_threat_map(&g, &m, 4, 0, 1, threat, NULL), DMAP_ERR_WALL);
    CHECK_EQ_INT(dmap_threat_map(&g, &m, 5, 0, 1, threat, NULL), DMAP_ERR_RANGE);
    CHECK_EQ_INT(dmap_threat_map(&g, &m, 0, -1, 1, threat, NULL), DMAP_ERR_VALUE);
    CHECK_EQ_INT(dmap_threat_map(&g, &m, 0, INFINITY, 1, threat, NULL), DMAP_ERR_VALUE);
    CHECK_EQ_INT(dmap_threat_map(&g, &m, 0, 0, NAN, threat, NULL), DMAP_ERR_VALUE);
    CHECK_EQ_INT(dmap_threat_map(&g, &m, 0, 0, -1, threat, NULL), DMAP_ERR_VALUE);
    CHECK_EQ_INT(dmap_threat_map(&g, &m, 0, 0, 1, NULL, NULL), DMAP_ERR_ARG);
    dmap_grid_free(&g);
}

/* ---- timing = min of threats ------------------------------------------------------------ */

static void test_timing_is_min(void) {
    dmap_rng rng;
    dmap_rng_seed(&rng, 5);
    dmap_workspace *ws = NULL;
    dmap_workspace_new(&ws);
    int bad = 0;
    for (int t = 0; t < 200; t++) {
        int w = 2 + (int)dmap_rng_below(&rng, 20), h = 2 + (int)dmap_rng_below(&rng, 20);
        dmap_grid g;
        random_grid(&rng, &g, w, h, 0.25, t % 2);
        dmap_moves m = moves_variant(t % 4);
        dmap_enemy e[4];
        size_t ne = dmap_rng_below(&rng, 5);
        size_t n = (size_t)(w * h);
        int ok = 1;
        for (size_t k = 0; k < ne && ok; k++) {
            e[k].cell = random_open_cell(&rng, &g);
            e[k].delay = (double)dmap_rng_below(&rng, 4);
            e[k].cutoff = k == 0 ? INFINITY : (double)dmap_rng_below(&rng, 10);
            ok = e[k].cell >= 0;
        }
        if (!ok) {
            dmap_grid_free(&g);
            continue;
        }
        double *timing = malloc(n * sizeof(double)), *one = malloc(n * sizeof(double));
        double *expect = malloc(n * sizeof(double));
        for (size_t i = 0; i < n; i++) expect[i] = INFINITY;
        for (size_t k = 0; k < ne; k++) {
            CHECK_EQ_INT(dmap_threat_map(&g, &m, e[k].cell, e[k].delay, e[k].cutoff, one, NULL),
                         DMAP_OK);
            for (size_t i = 0; i < n; i++) expect[i] = fmin(expect[i], one[i]);
        }
        CHECK_EQ_INT(dmap_timing_map(&g, &m, e, ne, timing, ws), DMAP_OK);
        for (size_t i = 0; i < n; i++)
            if (!(timing[i] == expect[i])) bad++;
        free(timing);
        free(one);
        free(expect);
        dmap_grid_free(&g);
    }
    CHECK_EQ_INT(bad, 0);
    dmap_workspace_free(ws);
}

/* ---- safe walk vs brute force over time ---------------------------------------------------- */

/* Earliest arrival by filling a table reach[t][c] turn by turn (integer durations only):
 * c is reachable at t when t < timing[c] and either c was reachable at t-1 (waiting) or a
 * neighbour n was reachable at t - duration(n -> c). The start is reachable at time 0. */
static void brute_force_safe_walk(const dmap_grid *g, const dmap_moves *m, const double *timing,
                                  int start, int tmax, double *arrival) {
    int n = g->w * g->h;
    unsigned char *reach = calloc((size_t)n * (size_t)(tmax + 1), 1);
    for (int c = 0; c < n; c++) arrival[c] = INFINITY;
    reach[start] = 1;
    arrival[start] = 0;
    for (int t = 1; t <= tmax; t++) {
        for (int c = 0; c < n; c++) {
            if (g->wall[c] || !(t < timing[c])) continue;
            int ok = reach[(size_t)(t - 1) * (size_t)n + (size_t)c];
            for (int d = DMAP_UP; d < DMAP_DIR_COUNT && !ok; d++) {
                int nb = dmap_step(g, m, c, (dmap_dir)d); /* moves are symmetric */
                if (nb < 0) continue;
                double wgt = d >= DMAP_UP_RIGHT ? m->diagonal : m->cardinal;
                int dur = (int)(wgt * (g->cost ? g->cost[c] : 1.0));
                if (dur <= t && reach[(size_t)(t - dur) * (size_t)n + (size_t)nb]) ok = 1;
            }
            if (ok) {
                reach[(size_t)t * (size_t)n + (size_t)c] = 1;
                if (isinf(arrival[c])) arrival[c] = t;
            }
        }
    }
    free(reach);
}

static void test_safe_walk_brute_force(void) {
    dmap_rng rng;
    dmap_rng_seed(&rng, 99);
    dmap_workspace *ws = NULL;
    dmap_workspace_new(&ws);
    int bad = 0, bad_parent = 0, reached_total = 0, blocked_total = 0;
    for (int t = 0; t < 300; t++) {
        int w = 1 + (int)dmap_rng_below(&rng, 12), h = 1 + (int)dmap_rng_below(&rng, 12);
        dmap_grid g;
        random_grid(&rng, &g, w, h, 0.25 * dmap_rng_unit(&rng), t % 3 == 2);
        dmap_moves m = moves_variant(t % 3); /* integer weights only */
        int start = random_open_cell(&rng, &g);
        if (start < 0) {
            dmap_grid_free(&g);
            continue;
        }
        size_t n = (size_t)(w * h);
        double *timing = malloc(n * sizeof(double)), *got = malloc(n * sizeof(double));
        double *expect = malloc(n * sizeof(double));
        int *parent = malloc(n * sizeof(int));
        if (t % 2 == 0) { /* random deadlines, some never */
            for (size_t i = 0; i < n; i++)
                timing[i] = dmap_rng_below(&rng, 6) == 0 ? INFINITY
                                                         : (double)dmap_rng_below(&rng, 25);
        } else { /* deadlines from enemies */
            dmap_enemy e[3];
            for (int k = 0; k < 3; k++) {
                e[k].cell = random_open_cell(&rng, &g);
                e[k].delay = (double)dmap_rng_below(&rng, 4);
                e[k].cutoff = (double)(3 + dmap_rng_below(&rng, 12));
            }
            CHECK_EQ_INT(dmap_timing_map(&g, &m, e, 3, timing, ws), DMAP_OK);
        }
        size_t nsafe = 0;
        CHECK_EQ_INT(dmap_safe_walk(&g, &m, timing, start, 0.0, got, parent, &nsafe, ws), DMAP_OK);
        brute_force_safe_walk(&g, &m, timing, start, 3 * (int)n * 3 + 3, expect);
        size_t count = 0;
        for (size_t i = 0; i < n; i++) {
            if (!(got[i] == expect[i])) bad++;
            if (!isinf(got[i])) {
                count++;
                reached_total++;
                /* parent consistency: entered from a neighbour at its arrival + step */
                int p = parent[i];
                if ((int)i == start) {
                    if (p != -1) bad_parent++;
                } else if (p < 0 || isinf(got[p]) || !(got[p] < got[i]) || !(got[i] < timing[i])) {
                    bad_parent++;
                }
            } else if (!g.wall[i]) {
                blocked_total++;
            }
        }
        CHECK_EQ_INT(nsafe, count);
        free(timing);
        free(got);
        free(expect);
        free(parent);
        dmap_grid_free(&g);
    }
    CHECK_EQ_INT(bad, 0);
    CHECK_EQ_INT(bad_parent, 0);
    /* the cases were not trivial: some cells reached, some cut off by danger */
    CHECK(reached_total > 1000 && blocked_total > 1000);
    dmap_workspace_free(ws);
}

/* With no danger, the safe walk is a Dijkstra map from the start (octile weights too). */
static void test_safe_walk_no_danger(void) {
    dmap_rng rng;
    dmap_rng_seed(&rng, 3);
    int bad = 0;
    for (int t = 0; t < 100; t++) {
        int w = 2 + (int)dmap_rng_below(&rng, 15), h = 2 + (int)dmap_rng_below(&rng, 15);
        dmap_grid g;
        random_grid(&rng, &g, w, h, 0.3, t % 2);
        dmap_moves m = moves_variant(t % 4);
        int start = random_open_cell(&rng, &g);
        if (start < 0) {
            dmap_grid_free(&g);
            continue;
        }
        size_t n = (size_t)(w * h);
        double *timing = malloc(n * sizeof(double)), *got = malloc(n * sizeof(double));
        double *ref = malloc(n * sizeof(double));
        for (size_t i = 0; i < n; i++) {
            timing[i] = INFINITY;
            ref[i] = 1e9;
        }
        ref[start] = 1.5; /* a start time */
        reference_scan(&g, &m, ref);
        CHECK_EQ_INT(dmap_safe_walk(&g, &m, timing, start, 1.5, got, NULL, NULL, NULL), DMAP_OK);
        for (size_t i = 0; i < n; i++) {
            double e = g.wall[i] || ref[i] >= 1e9 ? INFINITY : ref[i];
            if (isinf(e) ? !isinf(got[i]) : fabs(got[i] - e) > 1e-9) bad++;
        }
        free(timing);
        free(got);
        free(ref);
        dmap_grid_free(&g);
    }
    CHECK_EQ_INT(bad, 0);
}

/* A hand-checked safe walk with its path. Map (5x3), me at (0,1), an enemy at (4,1):
 *     . . . . .
 *     M . # . E
 *     . . . . .
 * Threat (4-moves, delay 0): row 0: 5 4 3 2 1 / row 1: 6 5 # 1 0 / row 2: 5 4 3 2 1.
 * My times: (1,1) 1 < 5 ok; (0,0),(0,2) 1 < 5 ok; (1,0),(1,2) 2 < 4 ok; (2,0),(2,2) 3 < 3? no:
 * arriving when the enemy arrives is unsafe -> cut. So the safe region is the 5 cells
 * x <= 1 plus the start, and (2,0) is unreached. */
static void test_safe_walk_by_hand(void) {
    dmap_grid g;
    dmap_grid_init(&g, 5, 3);
    g.wall[1 * 5 + 2] = 1;
    dmap_moves m = dmap_moves_4();
    double timing[15], arrival[15];
    int parent[15];
    dmap_enemy e = {1 * 5 + 4, 0.0, INFINITY};
    CHECK_EQ_INT(dmap_timing_map(&g, &m, &e, 1, timing, NULL), DMAP_OK);
    CHECK(timing[0] == 5 && timing[2] == 3 && timing[5] == 6 && isinf(timing[7]));
    size_t nsafe = 0;
    CHECK_EQ_INT(dmap_safe_walk(&g, &m, timing, 5, 0.0, arrival, parent, &nsafe, NULL), DMAP_OK);
    CHECK_EQ_INT(nsafe, 6);
    CHECK(arrival[5] == 0 && arrival[6] == 1 && arrival[0] == 1 && arrival[10] == 1);
    CHECK(arrival[1] == 2 && arrival[11] == 2);
    CHECK(isinf(arrival[2]) && isinf(arrival[12]) && isinf(arrival[3]) && isinf(arrival[7]));
    int path[8];
    size_t len = 0;
    CHECK_EQ_INT(dmap_parent_path(parent, arrival, 15, 1, path, 8, &len), DMAP_OK);
    CHECK_EQ_INT(len, 3);
    CHECK(path[0] == 5 && path[2] == 1 && (path[1] == 0 || path[1] == 6));
    CHECK_EQ_INT(dmap_parent_path(parent, arrival, 15, 2, path, 8, &len), DMAP_OK);
    CHECK_EQ_INT(len, 0);
    CHECK_EQ_INT(dmap_parent_path(parent, arrival, 15, 1, path, 2, &len), DMAP_ERR_LIMIT);
    CHECK_EQ_INT(len, 3);
    CHECK_EQ_INT(dmap_parent_path(parent, arrival, 15, 15, path, 8, &len), DMAP_ERR_RANGE);
    arrival[1] = NAN; /* neither reached nor unreached */
    CHECK_EQ_INT(dmap_parent_path(parent, arrival, 15, 1, path, 8, &len), DMAP_ERR_VALUE);
    arrival[1] = 2;
    /* errors */
    CHECK_EQ_INT(dmap_safe_walk(&g, &m, timing, 7, 0.0, arrival, NULL, NULL, NULL), DMAP_ERR_WALL);
    CHECK_EQ_INT(dmap_safe_walk(&g, &m, timing, 5, NAN, arrival, NULL, NULL, NULL), DMAP_ERR_VALUE);
    timing[0] = NAN;
    CHECK_EQ_INT(dmap_safe_walk(&g, &m, timing, 5, 0.0, arrival, NULL, NULL, NULL), DMAP_ERR_VALUE);
    CHECK_EQ_INT(dmap_safe_walk(&g, &m, NULL, 5, 0.0, arrival, NULL, NULL, NULL), DMAP_ERR_ARG);
    dmap_grid_free(&g);
}

static void test_workspace_steady(void) {
    dmap_grid g;
    dmap_grid_init(&g, 40, 30);
    dmap_moves m = dmap_moves_octile();
    double *timing = malloc(1200 * sizeof(double)), *arrival = malloc(1200 * sizeof(double));
    dmap_enemy e[2] = {{5, 1, 20}, {1100, 0, INFINITY}};
    dmap_workspace *ws = NULL;
    dmap_workspace_new(&ws);
    CHECK_EQ_INT(dmap_timing_map(&g, &m, e, 2, timing, ws), DMAP_OK);
    CHECK_EQ_INT(dmap_safe_walk(&g, &m, timing, 600, 0, arrival, NULL, NULL, ws), DMAP_OK);
    size_t bytes = dmap_workspace_bytes(ws);
    CHECK_EQ_INT(dmap_timing_map(&g, &m, e, 2, timing, ws), DMAP_OK);
    CHECK_EQ_INT(dmap_safe_walk(&g, &m, timing, 600, 0, arrival, NULL, NULL, ws), DMAP_OK);
    CHECK_EQ_INT(dmap_workspace_bytes(ws), bytes);
    dmap_workspace_free(ws);
    free(timing);
    free(arrival);
    dmap_grid_free(&g);
}

int main(void) {
    test_threat_by_hand();
    test_threat_equals_field();
    test_timing_is_min();
    test_safe_walk_by_hand();
    test_safe_walk_brute_force();
    test_safe_walk_no_danger();
    test_workspace_steady();
    return check_report("test_threat");
}
