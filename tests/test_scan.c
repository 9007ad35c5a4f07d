/* test_scan.c — the scan engine against the Dijkstra-map article's printed examples and the
 * reference sweep.
 *
 * The property test draws at least 10,000 random grids (1x1 to 48x48, 0-60% walls, integer,
 * negative and fractional goals, defaults below some goals, every move mode, random per-cell
 * costs, few and many distinct costs) and requires the engine to equal the sweep loop: bit for
 * bit (both compute the minimum over paths of the same left-to-right floating sums, and
 * rounding is monotone), which is stricter than a 1e-9 tolerance. */
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dmap.h"
#include "reference_scan.h"

/* The Dijkstra-map article's 5x5 examples, printed there as digits. */
static const char *article_centre[5] = {"43234", "32123", "21012", "32123", "43234"};
static const char *article_corners[5] = {"01210", "12321", "23432", "12321", "01210"};

static void check_digits(const double *v, const char *const rows[5]) {
    for (int y = 0; y < 5; y++)
        for (int x = 0; x < 5; x++) CHECK_EQ_INT((long long)v[y * 5 + x], rows[y][x] - '0');
}

static void test_article_examples(void) {
    dmap_grid g;
    CHECK_EQ_INT(dmap_grid_init(&g, 5, 5), DMAP_OK);
    dmap_moves m = dmap_moves_4();
    double v[25];
    dmap_goal centre = {2, 2, 0};
    CHECK_EQ_INT(dmap_field(&g, &m, &centre, 1, 100, v, NULL), DMAP_OK);
    check_digits(v, article_centre);
    dmap_goal corners[4] = {{0, 0, 0}, {4, 0, 0}, {0, 4, 0}, {4, 4, 0}};
    CHECK_EQ_INT(dmap_field(&g, &m, corners, 4, 100, v, NULL), DMAP_OK);
    check_digits(v, article_corners);
    dmap_grid_free(&g);
}

/* Walls keep their values; the default acts as a ceiling; negative goals pull from afar. */
static void test_semantics(void) {
    dmap_grid g;
    dmap_grid_init(&g, 4, 1);
    g.wall[1] = 1;
    dmap_moves m = dmap_moves_4();
    double v[4] = {0, 12345.5, 7, 3};
    CHECK_EQ_INT(dmap_scan(&g, &m, v, NULL), DMAP_OK);
    CHECK(v[0] == 0 && v[1] == 12345.5 && v[2] == 4 && v[3] == 3);
    double c[4] = {-2.5, 0, 100, 100};
    g.wall[1] = 0;
    CHECK_EQ_INT(dmap_scan(&g, &m, c, NULL), DMAP_OK);
    CHECK(c[1] == -1.5 && c[2] == -0.5 && c[3] == 0.5);
    double low[4] = {0, 1, 1, 1}; /* default below the goal's reach: the ceiling wins */
    CHECK_EQ_INT(dmap_scan(&g, &m, low, NULL), DMAP_OK);
    CHECK(low[1] == 1 && low[2] == 1 && low[3] == 1);
    dmap_grid_free(&g);
}

/* Found by tests/fuzz/fuzz_api: a hand-filled grid struct claiming more than DMAP_MAX_CELLS
 * cells (or an int-overflowing W x H) is invalid, so dmap_step and dmap_grid_index must
 * refuse it instead of reading wall[] past the caller's array or overflowing y*W + x. */
static void test_oversize_grid_struct(void) {
    unsigned char wall[2] = {0, 0};
    dmap_moves m = dmap_moves_4();
    dmap_grid g = {(1 << 28) + 1, 1 << 14, wall, NULL};
    CHECK_EQ_INT(dmap_step(&g, &m, 0, DMAP_RIGHT), -1);
    CHECK_EQ_INT(dmap_grid_index(&g, 1, 0), -1);
    CHECK_EQ_INT(dmap_grid_passable(&g, 1, 0), 0);
    dmap_grid huge = {INT_MAX, INT_MAX, wall, NULL};
    CHECK_EQ_INT(dmap_grid_index(&huge, 5, 3), -1); /* 3 * INT_MAX + 5 overflows an int */
    CHECK_EQ_INT(dmap_step(&huge, &m, 0, DMAP_DOWN), -1);
    CHECK_EQ_INT(dmap_scan(&huge, &m, (double[1]){0}, NULL), DMAP_ERR_SIZE);
}

static void test_errors(void) {
    dmap_grid g;
    dmap_grid_init(&g, 3, 3);
    dmap_moves m = dmap_moves_4();
    double v[9];
    for (int i = 0; i < 9; i++) v[i] = i;
    double before[9];
    memcpy(before, v, sizeof v);
    v[4] = NAN;
    CHECK_EQ_INT(dmap_scan(&g, &m, v, NULL), DMAP_ERR_VALUE);
    v[4] = -INFINITY;
    CHECK_EQ_INT(dmap_scan(&g, &m, v, NULL), DMAP_ERR_VALUE);
    v[4] = 4;
    CHECK(memcmp(v, before, sizeof v) == 0); /* unchanged on error */
    g.wall[4] = 1;
    v[4] = NAN; /* a wall may hold anything: it is never read */
    CHECK_EQ_INT(dmap_scan(&g, &m, v, NULL), DMAP_OK);
    CHECK(isnan(v[4]));
    g.wall[4] = 0;
    CHECK_EQ_INT(dmap_scan(NULL, &m, v, NULL), DMAP_ERR_ARG);
    CHECK_EQ_INT(dmap_scan(&g, NULL, v, NULL), DMAP_ERR_ARG);
    CHECK_EQ_INT(dmap_scan(&g, &m, NULL, NULL), DMAP_ERR_ARG);
    dmap_moves bad = m;
    bad.connectivity = 6;
    CHECK_EQ_INT(dmap_step(&g, &bad, 0, DMAP_RIGHT), -1); /* invalid moves: no step */
    CHECK_EQ_INT(dmap_scan(&g, &bad, before, NULL), DMAP_ERR_ARG);
    bad = dmap_moves_8();
    bad.diagonal = NAN;
    CHECK_EQ_INT(dmap_scan(&g, &bad, before, NULL), DMAP_ERR_ARG);
    bad.diagonal = -1;
    CHECK_EQ_INT(dmap_scan(&g, &bad, before, NULL), DMAP_ERR_ARG);
    dmap_grid_add_costs(&g);
    g.cost[3] = 0;
    CHECK_EQ_INT(dmap_scan(&g, &m, before, NULL), DMAP_ERR_VALUE);
    g.cost[3] = NAN;
    CHECK_EQ_INT(dmap_scan(&g, &m, before, NULL), DMAP_ERR_VALUE);
    dmap_grid_free(&g);
    CHECK_EQ_INT(dmap_grid_init(&g, 0, 5), DMAP_ERR_SIZE);
    CHECK_EQ_INT(dmap_grid_init(&g, 1 << 15, 1 << 14), DMAP_ERR_SIZE);
    CHECK_EQ_INT(dmap_grid_init(&g, -3, 5), DMAP_ERR_SIZE);
    dmap_goal outside = {3, 0, 0}, onwall = {1, 1, 0}, nan_goal = {0, 0, NAN};
    dmap_grid_init(&g, 3, 3);
    g.wall[4] = 1;
    CHECK_EQ_INT(dmap_field(&g, &m, &outside, 1, 100, v, NULL), DMAP_ERR_RANGE);
    CHECK_EQ_INT(dmap_field(&g, &m, &onwall, 1, 100, v, NULL), DMAP_ERR_WALL);
    CHECK_EQ_INT(dmap_field(&g, &m, &nan_goal, 1, 100, v, NULL), DMAP_ERR_VALUE);
    CHECK_EQ_INT(dmap_field(&g, &m, NULL, 0, NAN, v, NULL), DMAP_ERR_VALUE);
    dmap_grid_free(&g);
    test_oversize_grid_struct();
}


/* A corridor longer than the classic ceiling of 100: with DMAP_NO_CEILING every cell gets its
 * distance (the far end 299, so rolling downhill from it reaches the goal), with the ceiling
 * of 100 the far part is a flat plateau; cells no goal reaches are +inf. */
static void test_no_ceiling(void) {
    dmap_grid g;
    dmap_moves m = dmap_moves_4();
    CHECK_EQ_INT(dmap_grid_init(&g, 302, 1), DMAP_OK);
    g.wall[300] = 1; /* cell 301 is cut off */
    double v[302];
    dmap_goal goal = {0, 0, 0};
    CHECK_EQ_INT(dmap_field(&g, &m, &goal, 1, DMAP_NO_CEILING, v, NULL), DMAP_OK);
    for (int x = 0; x < 300; x++) CHECK_NEAR(v[x], (double)x, 0.0);
    CHECK(isinf(v[301]) && v[301] > 0);
    CHECK(isinf(v[300]) && v[300] > 0); /* walls get the default */
    size_t len = 0;
    int path[400];
    CHECK_EQ_INT(dmap_downhill_path(&g, &m, v, 299, NULL, NULL, path, 400, &len), DMAP_OK);
    CHECK_EQ_INT((int)len, 300);
    CHECK_EQ_INT(path[len - 1], 0);
    CHECK_EQ_INT(dmap_field(&g, &m, &goal, 1, DMAP_DEFAULT_CEILING, v, NULL), DMAP_OK);
    CHECK_NEAR(v[99], 99, 0.0);
    CHECK_NEAR(v[100], 100, 0.0);
    CHECK_NEAR(v[299], 100, 0.0); /* the plateau */
    CHECK_NEAR(v[301], 100, 0.0);
    /* dmap_fill + dmap_set_goal + dmap_scan with no ceiling is the same map */
    double w[302];
    CHECK_EQ_INT(dmap_fill(&g, w, DMAP_NO_CEILING), DMAP_OK);
    CHECK_EQ_INT(dmap_set_goal(&g, w, goal), DMAP_OK);
    CHECK_EQ_INT(dmap_scan(&g, &m, w, NULL), DMAP_OK);
    CHECK_EQ_INT(dmap_field(&g, &m, &goal, 1, DMAP_NO_CEILING, v, NULL), DMAP_OK);
    CHECK(memcmp(v, w, sizeof v) == 0);
    CHECK_EQ_INT(dmap_fill(&g, w, -INFINITY), DMAP_ERR_VALUE);
    CHECK_EQ_INT(dmap_fill(&g, w, NAN), DMAP_ERR_VALUE);
    CHECK_EQ_INT(dmap_field(&g, &m, &goal, 1, -INFINITY, v, NULL), DMAP_ERR_VALUE);
    dmap_grid_free(&g);
}

/* A goal whose value is not below the ceiling would change nothing: dmap_field says so and
 * leaves values alone, instead of returning a map that ignores the goal. */
static void test_goal_above_ceiling(void) {
    dmap_grid g;
    dmap_moves m = dmap_moves_4();
    CHECK_EQ_INT(dmap_grid_init(&g, 4, 4), DMAP_OK);
    double v[16], before[16];
    for (int i = 0; i < 16; i++) v[i] = before[i] = -3.5;
    dmap_goal goals[2] = {{0, 0, 0}, {3, 3, 150}};
    CHECK_EQ_INT(dmap_field(&g, &m, goals, 2, 100, v, NULL), DMAP_ERR_CEILING);
    CHECK(memcmp(v, before, sizeof v) == 0);
    goals[1].value = 100; /* equal to the ceiling: no effect either */
    CHECK_EQ_INT(dmap_field(&g, &m, goals, 2, 100, v, NULL), DMAP_ERR_CEILING);
    goals[1].value = 99.5;
    CHECK_EQ_INT(dmap_field(&g, &m, goals, 2, 100, v, NULL), DMAP_OK);
    CHECK_NEAR(v[15], 6, 0.0); /* 6 from (0,0) beats 99.5 */
    goals[1].value = 1e300; /* any finite goal is below no ceiling */
    CHECK_EQ_INT(dmap_field(&g, &m, goals, 2, DMAP_NO_CEILING, v, NULL), DMAP_OK);
    CHECK_NEAR(v[15], 6, 0.0);
    CHECK(strcmp(dmap_strerror(DMAP_ERR_CEILING), "unknown error") != 0);
    dmap_grid_free(&g);
}

/* A step is weight x entry cost: a product that overflows to inf or underflows to 0 is
 * DMAP_ERR_VALUE in every scan-based call, not a silent wall or a free step. */
static void test_step_overflow(void) {
    dmap_grid g;
    CHECK_EQ_INT(dmap_grid_init(&g, 3, 3), DMAP_OK);
    CHECK_EQ_INT(dmap_grid_add_costs(&g), DMAP_OK);
    dmap_moves m = dmap_moves_4();
    double v[9], t[9];
    dmap_goal goal = {0, 0, 0};
    g.cost[4] = 1e300;
    m.cardinal = 1e10; /* 1e310: infinite */
    CHECK_EQ_INT(dmap_field(&g, &m, &goal, 1, DMAP_NO_CEILING, v, NULL), DMAP_ERR_VALUE);
    CHECK_EQ_INT(dmap_scan(&g, &m, v, NULL), DMAP_ERR_VALUE);
    CHECK_EQ_INT(dmap_threat_map(&g, &m, 0, 0, INFINITY, t, NULL), DMAP_ERR_VALUE);
    m.cardinal = 1; /* 1e300 is fine */
    CHECK_EQ_INT(dmap_field(&g, &m, &goal, 1, DMAP_NO_CEILING, v, NULL), DMAP_OK);
    CHECK_NEAR(v[4], 1e300 + 1, 0.0);
    g.cost[4] = 1e-300;
    m.cardinal = 1e-30; /* 1e-330: underflows to 0 */
    CHECK_EQ_INT(dmap_field(&g, &m, &goal, 1, DMAP_NO_CEILING, v, NULL), DMAP_ERR_VALUE);
    m.cardinal = 1;
    m.connectivity = 8;
    m.diagonal = 1e-30; /* only the diagonal product underflows */
    CHECK_EQ_INT(dmap_field(&g, &m, &goal, 1, DMAP_NO_CEILING, v, NULL), DMAP_ERR_VALUE);
    m.connectivity = 4; /* the diagonal weight is not used by 4-connected moves */
    CHECK_EQ_INT(dmap_field(&g, &m, &goal, 1, DMAP_NO_CEILING, v, NULL), DMAP_OK);
    /* the objects built on the scan check the same */
    m.cardinal = 1e-300; /* times 1e-300: 0 */
    dmap_table *table = NULL;
    dmap_cache *cache = NULL;
    dmap_live *live = NULL;
    CHECK_EQ_INT(dmap_table_new(&g, &m, &table), DMAP_ERR_VALUE);
    CHECK_EQ_INT(dmap_cache_new(&g, &m, 1e300, 4, &cache), DMAP_ERR_VALUE);
    CHECK_EQ_INT(dmap_live_new(&g, &m, &goal, 1, 1e300, NULL, &live), DMAP_ERR_VALUE);
    CHECK(table == NULL && cache == NULL && live == NULL);
    /* and a live map's cost edit may not make a step overflow */
    m.cardinal = 1e300;
    g.cost[4] = 1;
    CHECK_EQ_INT(dmap_live_new(&g, &m, &goal, 1, DBL_MAX, NULL, &live), DMAP_OK);
    dmap_edit bad_cost = {DMAP_EDIT_COST, 2, 2, 1e10};
    size_t touched = 0;
    if (live) CHECK_EQ_INT(dmap_live_apply(live, &bad_cost, 1, &touched), DMAP_ERR_VALUE);
    bad_cost.value = 1.5;
    if (live) CHECK_EQ_INT(dmap_live_apply(live, &bad_cost, 1, &touched), DMAP_OK);
    dmap_live_free(live);
    dmap_grid_free(&g);
}

/* dmap_flee on a map without ceiling: cells no threat reaches (+inf) stay +inf. */
static void test_flee_no_ceiling(void) {
    dmap_grid g;
    dmap_moves m = dmap_moves_4();
    CHECK_EQ_INT(dmap_grid_init(&g, 5, 1), DMAP_OK);
    g.wall[3] = 1;
    double v[5], f[5];
    dmap_goal threat = {0, 0, 0};
    CHECK_EQ_INT(dmap_field(&g, &m, &threat, 1, DMAP_NO_CEILING, v, NULL), DMAP_OK);
    CHECK_EQ_INT(dmap_flee(&g, &m, v, DMAP_FLEE_FACTOR, f, NULL), DMAP_OK);
    CHECK_NEAR(f[2], -1.2 * 2, 0.0);
    CHECK_NEAR(f[1], -1.2 * 2 + 1, 0.0);
    CHECK(isinf(f[4]) && f[4] > 0);
    v[1] = -INFINITY;
    CHECK_EQ_INT(dmap_flee(&g, &m, v, DMAP_FLEE_FACTOR, f, NULL), DMAP_ERR_VALUE);
    v[1] = 1.7e308; /* times -1.2 overflows */
    CHECK_EQ_INT(dmap_flee(&g, &m, v, DMAP_FLEE_FACTOR, f, NULL), DMAP_ERR_VALUE);
    dmap_grid_free(&g);
}

/* ---- the property test ---------------------------------------------------------------------- */

static double random_value(dmap_rng *r, int integral) {
    double v = (double)((int)dmap_rng_below(r, 61) - 20); /* -20..40 */
    if (!integral) v += (double)dmap_rng_below(r, 1000) / 1000.0 - 0.5;
    return v;
}

static dmap_moves random_moves(dmap_rng *r, int integral) {
    dmap_moves m;
    m.connectivity = dmap_rng_below(r, 2) ? 8 : 4;
    m.cardinal = integral ? 1 + dmap_rng_below(r, 3) : 0.5 + dmap_rng_unit(r) * 2;
    switch (dmap_rng_below(r, 3)) {
    case 0: m.diagonal = m.cardinal; break;
    case 1: m.diagonal = integral ? m.cardinal + 1 : sqrt(2.0); break;
    default: m.diagonal = integral ? 1 + dmap_rng_below(r, 4) : 0.3 + dmap_rng_unit(r) * 3;
    }
    m.corners = dmap_rng_below(r, 2) ? DMAP_CORNERS_STRICT : DMAP_CORNERS_CUT;
    return m;
}

/* Costs: none, a few distinct values (FIFO path) or many (heap path). */
static void random_costs(dmap_rng *r, dmap_grid *g, int integral) {
    int kind = (int)dmap_rng_below(r, 3);
    if (kind == 0) return;
    dmap_grid_add_costs(g);
    int distinct = kind == 1 ? 1 + (int)dmap_rng_below(r, 4) : 12;
    double palette[12];
    for (int k = 0; k < distinct; k++)
        palette[k] = integral ? 1 + dmap_rng_below(r, 5) : 0.25 + dmap_rng_unit(r) * 4;
    for (int i = 0; i < g->w * g->h; i++)
        g->cost[i] = kind == 2 && !integral ? 0.1 + dmap_rng_unit(r) * 5
                                             : palette[dmap_rng_below(r, (uint32_t)distinct)];
}

static int one_random_case(dmap_rng *r, dmap_workspace *ws, int verbose) {
    int w = 1 + (int)dmap_rng_below(r, 48), h = 1 + (int)dmap_rng_below(r, 48);
    int integral = (int)dmap_rng_below(r, 2);
    dmap_grid g;
    if (dmap_grid_init(&g, w, h)) return 0;
    double density = 0.6 * dmap_rng_unit(r);
    int n = w * h;
    for (int i = 0; i < n; i++) g.wall[i] = dmap_rng_unit(r) < density;
    random_costs(r, &g, integral);
    dmap_moves m = random_moves(r, integral);
    double *a = malloc(sizeof(double) * (size_t)n), *b = malloc(sizeof(double) * (size_t)n);
    /* Default: the classic ceiling of 100, or a value low enough that some goals sit above
     * it, or every cell random (a rescanned map, some cells +inf: no start value), or no
     * ceiling at all (+inf). */
    int style = (int)dmap_rng_below(r, 4);
    double dflt = style == 1 ? random_value(r, integral) : style == 3 ? INFINITY : 100;
    int goals = 1 + (int)dmap_rng_below(r, 6);
    for (int i = 0; i < n; i++) {
        a[i] = style == 2 ? random_value(r, integral) * 3 : dflt;
        if (style == 2 && dmap_rng_below(r, 8) == 0) a[i] = INFINITY;
    }
    for (int k = 0; k < goals; k++) a[dmap_rng_below(r, (uint32_t)n)] = random_value(r, integral);
    for (int i = 0; i < n; i++)
        if (g.wall[i]) a[i] = -7.25; /* walls must keep this */
    memcpy(b, a, sizeof(double) * (size_t)n);
    int ok = dmap_scan(&g, &m, a, ws) == DMAP_OK && reference_scan(&g, &m, b) > 0;
    for (int i = 0; ok && i < n; i++) {
        if (a[i] != b[i]) {
            ok = 0;
            if (verbose)
                fprintf(stderr, "mismatch %dx%d conn %d card %g diag %g strict %d cost %s at %d: "
                        "%.17g vs ref %.17g\n", w, h, m.connectivity, m.cardinal, m.diagonal,
                        m.corners, g.cost ? "yes" : "no", i, a[i], b[i]);
        }
    }
    free(a);
    free(b);
    dmap_grid_free(&g);
    return ok;
}

static void test_against_reference(int cases) {
    dmap_rng r;
    dmap_rng_seed(&r, 20201217);
    dmap_workspace *ws = NULL;
    dmap_workspace_new(&ws);
    int failures = 0;
    for (int i = 0; i < cases; i++) {
        /* every other case uses a fresh workspace-less call, the rest reuse one workspace */
        if (!one_random_case(&r, i % 2 ? ws : NULL, failures < 5)) failures++;
    }
    CHECK_EQ_INT(failures, 0);
    printf("reference scan agreed on %d/%d random grids\n", cases - failures, cases);
    dmap_workspace_free(ws);
}

/* A reused workspace stops growing: the second scan of the same grid allocates nothing. */
static void test_workspace_reuse(void) {
    dmap_grid g;
    dmap_grid_init(&g, 300, 200);
    dmap_moves m = dmap_moves_octile();
    double *v = malloc(sizeof(double) * 300 * 200);
    dmap_goal goal = {5, 5, 0};
    dmap_workspace *ws = NULL;
    dmap_workspace_new(&ws);
    CHECK_EQ_INT(dmap_field(&g, &m, &goal, 1, 1e9, v, ws), DMAP_OK);
    size_t after_first = dmap_workspace_bytes(ws);
    CHECK_EQ_INT(dmap_field(&g, &m, &goal, 1, 1e9, v, ws), DMAP_OK);
    CHECK_EQ_INT(dmap_workspace_bytes(ws), after_first);
    CHECK_NEAR(v[199 * 300 + 299], 194 * sqrt(2.0) + 100, 1e-9);
    /* the flee trick is the same call on transformed input, and every cell is then a seed */
    for (int i = 0; i < 300 * 200; i++) v[i] *= -1.2;
    CHECK_EQ_INT(dmap_scan(&g, &m, v, ws), DMAP_OK);
    dmap_workspace_free(ws);
    free(v);
    dmap_grid_free(&g);
}

/* A long corridor: queues must grow past their first capacity and keep FIFO order. */
static void test_queue_growth(void) {
    int w = 4000, h = 3;
    dmap_grid g;
    dmap_grid_init(&g, w, h);
    dmap_moves m = dmap_moves_8();
    double *v = malloc(sizeof(double) * (size_t)(w * h));
    double *ref = malloc(sizeof(double) * (size_t)(w * h));
    dmap_rng r;
    dmap_rng_seed(&r, 7);
    for (int i = 0; i < w * h; i++) v[i] = ref[i] = (double)dmap_rng_below(&r, 50000);
    CHECK_EQ_INT(dmap_scan(&g, &m, v, NULL), DMAP_OK);
    reference_scan(&g, &m, ref);
    CHECK(memcmp(v, ref, sizeof(double) * (size_t)(w * h)) == 0);
    free(v);
    free(ref);
    dmap_grid_free(&g);
}

int main(int argc, char **argv) {
    int cases = 10000;
    if (argc > 2) cases = atoi(argv[2]);
    test_article_examples();
    test_semantics();
    test_errors();
    test_no_ceiling();
    test_goal_above_ceiling();
    test_step_overflow();
    test_flee_no_ceiling();
    test_workspace_reuse();
    test_queue_growth();
    test_against_reference(cases);
    return check_report("test_scan");
}
