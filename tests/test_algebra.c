/* test_algebra.c — map algebra: the Dijkstra-map article's sum example verbatim, then every
 * operation against a plain per-cell loop on random grids (walls, aliasing, chunk edges) and bad
 * arguments. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dmap.h"

#define WALL_SENTINEL 12345.5

/* The Dijkstra-map article's "Combining maps", verbatim. */
static const char *article_centre[5] = {"43234", "32123", "21012", "32123", "43234"};
static const char *article_corners[5] = {"01210", "12321", "23432", "12321", "01210"};
static const char *article_sum[5] = {"44444", "44444", "44444", "44444", "44444"};

static void digits_to_values(const char *rows[5], double *v) {
    for (int y = 0; y < 5; y++)
        for (int x = 0; x < 5; x++) v[y * 5 + x] = rows[y][x] - '0';
}

static int equals_digits(const double *v, const char *rows[5]) {
    for (int y = 0; y < 5; y++)
        for (int x = 0; x < 5; x++)
            if (v[y * 5 + x] != rows[y][x] - '0') return 0;
    return 1;
}

static void test_article_sum(void) {
    dmap_grid g;
    CHECK_EQ_INT(dmap_grid_init(&g, 5, 5), DMAP_OK);
    double a[25], b[25], sum[25];
    digits_to_values(article_centre, a);
    digits_to_values(article_corners, b);
    CHECK_EQ_INT(dmap_add(&g, a, b, sum), DMAP_OK);
    CHECK(equals_digits(sum, article_sum));

    /* The same with maps the engine builds from the article's goals, and as a weighted sum. */
    dmap_moves m = dmap_moves_4();
    dmap_goal centre = {2, 2, 0};
    dmap_goal corners[4] = {{0, 0, 0}, {4, 0, 0}, {0, 4, 0}, {4, 4, 0}};
    CHECK_EQ_INT(dmap_field(&g, &m, &centre, 1, DMAP_DEFAULT_CEILING, a, NULL), DMAP_OK);
    CHECK_EQ_INT(dmap_field(&g, &m, corners, 4, DMAP_DEFAULT_CEILING, b, NULL), DMAP_OK);
    CHECK(equals_digits(a, article_centre));
    CHECK(equals_digits(b, article_corners));
    const double *maps[2] = {a, b};
    double ones[2] = {1, 1};
    CHECK_EQ_INT(dmap_weighted_sum(&g, maps, ones, 2, sum), DMAP_OK);
    CHECK(equals_digits(sum, article_sum));
    /* In place: a = a + b. */
    CHECK_EQ_INT(dmap_add(&g, a, b, a), DMAP_OK);
    CHECK(equals_digits(a, article_sum));
    dmap_grid_free(&g);
}

static double rand_unit(dmap_rng *r) { return dmap_rng_unit(r); }

static void random_grid(dmap_grid *g, dmap_rng *r, int w, int h, double wall_p) {
    CHECK_EQ_INT(dmap_grid_init(g, w, h), DMAP_OK);
    for (int i = 0; i < w * h; i++) g->wall[i] = rand_unit(r) < wall_p;
}

static double *random_map(dmap_rng *r, size_t n) {
    double *v = malloc(n * sizeof *v);
    for (size_t i = 0; i < n; i++) v[i] = (rand_unit(r) - 0.5) * 200.0;
    return v;
}

/* dst's wall cells hold the sentinel and passable cells equal expect (within tol). */
static int matches(const dmap_grid *g, const double *dst, const double *expect, double tol) {
    for (int i = 0; i < g->w * g->h; i++) {
        if (g->wall[i]) {
            if (dst[i] != WALL_SENTINEL) return 0;
        } else if (!(fabs(dst[i] - expect[i]) <= tol * (1.0 + fabs(expect[i])))) {
            return 0;
        }
    }
    return 1;
}

static void fill_walls(const dmap_grid *g, double *dst) {
    for (int i = 0; i < g->w * g->h; i++)
        if (g->wall[i]) dst[i] = WALL_SENTINEL;
}

static void test_weighted_sum_vs_loop(void) {
    dmap_rng r;
    dmap_rng_seed(&r, 7);
    const int sizes[][2] = {{1, 1}, {5, 5}, {32, 32}, {37, 53}, {1, 3000}, {101, 99}};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        for (size_t nmaps = 1; nmaps <= 11; nmaps++) {
            dmap_grid g;
            random_grid(&g, &r, sizes[s][0], sizes[s][1], 0.25);
            size_t n = (size_t)g.w * (size_t)g.h;
            double *maps[11], weights[11];
            for (size_t k = 0; k < nmaps; k++) {
                maps[k] = random_map(&r, n);
                weights[k] = (rand_unit(&r) - 0.5) * 6.0;
            }
            double *expect = malloc(n * sizeof *expect);
            for (size_t i = 0; i < n; i++) {
                double acc = 0.0;
                for (size_t k = 0; k < nmaps; k++) acc += weights[k] * maps[k][i];
                expect[i] = acc;
            }
            double *dst = malloc(n * sizeof *dst);
            fill_walls(&g, dst);
            CHECK_EQ_INT(dmap_weighted_sum(&g, (const double *const *)maps, weights, nmaps, dst),
                         DMAP_OK);
            CHECK(matches(&g, dst, expect, 1e-12));
            /* In place into the last input: its wall cells must keep their old values. */
            double *last = maps[nmaps - 1];
            fill_walls(&g, last);
            CHECK_EQ_INT(dmap_weighted_sum(&g, (const double *const *)maps, weights, nmaps, last),
                         DMAP_OK);
            CHECK(matches(&g, last, expect, 1e-12));
            for (size_t k = 0; k < nmaps; k++) free(maps[k]);
            free(expect);
            free(dst);
            dmap_grid_free(&g);
        }
    }
}

static void test_repeated_input(void) {
    /* The same map twice with weights 2 and -1 is the map itself. */
    dmap_rng r;
    dmap_rng_seed(&r, 11);
    dmap_grid g;
    random_grid(&g, &r, 40, 30, 0.2);
    size_t n = 1200;
    double *a = random_map(&r, n);
    double *copy = malloc(n * sizeof *copy);
    memcpy(copy, a, n * sizeof *a);
    fill_walls(&g, copy);
    const double *maps[2] = {a, a};
    double w[2] = {2.0, -1.0};
    double *dst = malloc(n * sizeof *dst);
    fill_walls(&g, dst);
    CHECK_EQ_INT(dmap_weighted_sum(&g, maps, w, 2, dst), DMAP_OK);
    CHECK(matches(&g, dst, copy, 0));
    free(a);
    free(copy);
    free(dst);
    dmap_grid_free(&g);
}

enum op { OP_ADD, OP_SCALE, OP_MIN, OP_MAX, OP_CLAMP };

static double plain(enum op op, double a, double b) {
    switch (op) {
    case OP_ADD: return a + b;
    case OP_SCALE: return -1.5 * a;
    case OP_MIN: return a < b ? a : b;
    case OP_MAX: return a > b ? a : b;
    case OP_CLAMP: return a < -20 ? -20 : (a > 35 ? 35 : a);
    }
    return 0;
}

static int run_op(enum op op, const dmap_grid *g, const double *a, const double *b, double *dst) {
    switch (op) {
    case OP_ADD: return dmap_add(g, a, b, dst);
    case OP_SCALE: return dmap_scale(g, a, -1.5, dst);
    case OP_MIN: return dmap_min(g, a, b, dst);
    case OP_MAX: return dmap_max(g, a, b, dst);
    case OP_CLAMP: return dmap_clamp(g, a, -20, 35, dst);
    }
    return -100;
}

static void test_binary_ops_vs_loop(void) {
    dmap_rng r;
    dmap_rng_seed(&r, 3);
    for (int op = OP_ADD; op <= OP_CLAMP; op++) {
        dmap_grid g;
        random_grid(&g, &r, 23, 17, 0.3);
        size_t n = 23 * 17;
        double *a = random_map(&r, n), *b = random_map(&r, n);
        double *expect = malloc(n * sizeof *expect), *dst = malloc(n * sizeof *dst);
        for (size_t i = 0; i < n; i++) expect[i] = plain((enum op)op, a[i], b[i]);
        fill_walls(&g, dst);
        CHECK_EQ_INT(run_op((enum op)op, &g, a, b, dst), DMAP_OK);
        CHECK(matches(&g, dst, expect, 0));
        /* In place on each input. */
        fill_walls(&g, a);
        CHECK_EQ_INT(run_op((enum op)op, &g, a, b, a), DMAP_OK);
        CHECK(matches(&g, a, expect, 0));
        free(a);
        free(b);
        free(expect);
        free(dst);
        dmap_grid_free(&g);
    }
}

static void test_bad_arguments(void) {
    dmap_grid g;
    CHECK_EQ_INT(dmap_grid_init(&g, 4, 3), DMAP_OK);
    double a[12], b[12], dst[12];
    for (int i = 0; i < 12; i++) a[i] = b[i] = i, dst[i] = -7;
    const double *maps[2] = {a, b};
    double w[2] = {1, NAN};
    CHECK_EQ_INT(dmap_weighted_sum(&g, maps, w, 2, dst), DMAP_ERR_VALUE);
    w[1] = INFINITY;
    CHECK_EQ_INT(dmap_weighted_sum(&g, maps, w, 2, dst), DMAP_ERR_VALUE);
    w[1] = -INFINITY;
    CHECK_EQ_INT(dmap_weighted_sum(&g, maps, w, 2, dst), DMAP_ERR_VALUE);
    w[1] = 1;
    CHECK_EQ_INT(dmap_weighted_sum(&g, maps, w, 0, dst), DMAP_ERR_ARG);
    CHECK_EQ_INT(dmap_weighted_sum(&g, NULL, w, 2, dst), DMAP_ERR_ARG);
    CHECK_EQ_INT(dmap_weighted_sum(&g, maps, NULL, 2, dst), DMAP_ERR_ARG);
    CHECK_EQ_INT(dmap_weighted_sum(&g, maps, w, 2, NULL), DMAP_ERR_ARG);
    const double *holey[2] = {a, NULL};
    CHECK_EQ_INT(dmap_weighted_sum(&g, holey, w, 2, dst), DMAP_ERR_ARG);
    CHECK_EQ_INT(dmap_weighted_sum(NULL, maps, w, 2, dst), DMAP_ERR_ARG);
    CHECK_EQ_INT(dmap_scale(&g, a, NAN, dst), DMAP_ERR_VALUE);
    CHECK_EQ_INT(dmap_scale(&g, a, INFINITY, dst), DMAP_ERR_VALUE);
    CHECK_EQ_INT(dmap_clamp(&g, a, 3, 2, dst), DMAP_ERR_VALUE);
    CHECK_EQ_INT(dmap_clamp(&g, a, NAN, 2, dst), DMAP_ERR_VALUE);
    CHECK_EQ_INT(dmap_clamp(&g, a, 0, INFINITY, dst), DMAP_ERR_VALUE);
    CHECK_EQ_INT(dmap_add(&g, a, NULL, dst), DMAP_ERR_ARG);
    CHECK_EQ_INT(dmap_min(&g, NULL, b, dst), DMAP_ERR_ARG);
    CHECK_EQ_INT(dmap_max(&g, a, b, NULL), DMAP_ERR_ARG);
    int unchanged = 1;
    for (int i = 0; i < 12; i++) unchanged &= dst[i] == -7;
    CHECK(unchanged);
    dmap_grid bad = g;
    bad.w = 0;
    CHECK_EQ_INT(dmap_add(&bad, a, b, dst), DMAP_ERR_SIZE);
    bad.w = 1 << 20;
    bad.h = 1 << 20;
    CHECK_EQ_INT(dmap_weighted_sum(&bad, maps, w, 2, dst), DMAP_ERR_SIZE);
    bad = g;
    bad.wall = NULL;
    CHECK_EQ_INT(dmap_max(&bad, a, b, dst), DMAP_ERR_ARG);
    dmap_grid_free(&g);
}

int main(void) {
    test_article_sum();
    test_weighted_sum_vs_loop();
    test_repeated_input();
    test_binary_ops_vs_loop();
    test_bad_arguments();
    return check_report("test_algebra");
}
