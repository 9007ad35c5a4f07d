/* test_scan_octile.c — the scan's octile loop (two FIFOs, no parent tree: dmap_scan and
 * dmap_field with distinct cardinal and diagonal weights) against the reference sweep, bit for
 * bit, on the grids that stress its queues: larger and odd sizes than test_scan's (up to
 * 150 x 150, one-cell-wide strips), walls from none to everywhere, both corner rules, one goal
 * or many, many seeds (a rescanned map whose every cell is a seed, so that the seed phase hands
 * over wrapped queues), and wide fronts that make the queues move their entries back and grow.
 * The same maps through dmap_field must equal the reference too. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dmap.h"
#include "reference_scan.h"

/* A goal value: integer, negative or fractional. */
static double goal_value(dmap_rng *r) {
    switch (dmap_rng_below(r, 3)) {
    case 0: return (double)dmap_rng_below(r, 20);
    case 1: return -(double)dmap_rng_below(r, 50) - 0.5;
    default: return dmap_rng_unit(r) * 30 - 10;
    }
}

/* Octile-like moves: distinct cardinal and diagonal weights (two FIFOs), either corner rule. */
static dmap_moves octile_moves(dmap_rng *r) {
    static const double weights[][2] = {{1, 1.4142135623730951}, {1, 1.41}, {2, 3}, {1, 1.5},
                                        {3, 2}, {0.7, 1.1}};
    int k = (int)dmap_rng_below(r, 6);
    dmap_moves m = dmap_moves_octile();
    m.cardinal = weights[k][0];
    m.diagonal = weights[k][1];
    m.corners = dmap_rng_below(r, 2) ? DMAP_CORNERS_STRICT : DMAP_CORNERS_CUT;
    return m;
}

/* The cell count of g's passable cells. */
static int passable(const dmap_grid *g) {
    int n = 0;
    for (int i = 0; i < g->w * g->h; i++) n += !g->wall[i];
    return n;
}

/* One grid: dmap_scan of a start map and dmap_field of goals against the reference. */
static int one_case(dmap_rng *r, int w, int h, double density, int many_seeds,
                    dmap_workspace *ws) {
    dmap_grid g;
    if (dmap_grid_init(&g, w, h)) return 0;
    int n = w * h;
    for (int i = 0; i < n; i++) g.wall[i] = dmap_rng_unit(r) < density;
    dmap_moves m = octile_moves(r);
    double *a = malloc(sizeof(double) * (size_t)n), *b = malloc(sizeof(double) * (size_t)n);
    dmap_goal goals[40];
    size_t ngoals = 0;
    int open = passable(&g);
    int want = 1 + (int)dmap_rng_below(r, dmap_rng_below(r, 4) ? 3 : 40);
    for (int tries = 0; open && (int)ngoals < want && tries < 10000; tries++) {
        int i = (int)dmap_rng_below(r, (uint32_t)n);
        if (g.wall[i]) continue;
        dmap_goal gl = {i % w, i / w, goal_value(r)};
        goals[ngoals++] = gl;
    }
    double dflt = dmap_rng_below(r, 2) ? INFINITY : 40 + dmap_rng_below(r, 200);
    for (int i = 0; i < n; i++) {
        a[i] = many_seeds ? goal_value(r) * 5 : dflt;
        if (many_seeds && dmap_rng_below(r, 6) == 0) a[i] = INFINITY;
        if (g.wall[i]) a[i] = -3.5; /* walls keep it */
    }
    for (size_t k = 0; k < ngoals; k++) {
        size_t i = (size_t)goals[k].y * (size_t)w + (size_t)goals[k].x;
        if (goals[k].value < a[i]) a[i] = goals[k].value;
    }
    memcpy(b, a, sizeof(double) * (size_t)n);
    int ok = dmap_scan(&g, &m, a, ws) == DMAP_OK && reference_scan(&g, &m, b) > 0 &&
             memcmp(a, b, sizeof(double) * (size_t)n) == 0;
    if (ok && !many_seeds) {
        /* dmap_field of the same goals (those below the ceiling) and the same ceiling */
        size_t kept = 0;
        for (size_t k = 0; k < ngoals; k++)
            if (goals[k].value < dflt) goals[kept++] = goals[k];
        for (int i = 0; i < n; i++) b[i] = dflt; /* walls get the ceiling too */
        for (size_t k = 0; k < kept; k++) {
            size_t i = (size_t)goals[k].y * (size_t)w + (size_t)goals[k].x;
            if (goals[k].value < b[i]) b[i] = goals[k].value;
        }
        ok = reference_scan(&g, &m, b) > 0 &&
             dmap_field(&g, &m, goals, kept, dflt, a, ws) == DMAP_OK &&
             memcmp(a, b, sizeof(double) * (size_t)n) == 0;
    }
    if (!ok)
        fprintf(stderr, "octile mismatch: %dx%d walls %.2f weights %g/%g corners %d seeds %d\n",
                w, h, density, m.cardinal, m.diagonal, (int)m.corners, many_seeds);
    free(a);
    free(b);
    dmap_grid_free(&g);
    return ok;
}

/* Random grids of every shape: small to 150 x 150, strips, no walls to walls everywhere. */
static void test_random_grids(int cases) {
    dmap_rng r;
    dmap_rng_seed(&r, 37);
    dmap_workspace *ws = NULL;
    dmap_workspace_new(&ws);
    int failures = 0;
    for (int c = 0; c < cases; c++) {
        int shape = (int)dmap_rng_below(&r, 4), w, h;
        if (shape == 0) { /* a strip */
            w = 1 + (int)dmap_rng_below(&r, 2), h = 1 + (int)dmap_rng_below(&r, 400);
            if (dmap_rng_below(&r, 2)) {
                int t = w;
                w = h, h = t;
            }
        } else {
            w = 1 + (int)dmap_rng_below(&r, shape == 3 ? 150 : 70);
            h = 1 + (int)dmap_rng_below(&r, shape == 3 ? 150 : 70);
        }
        static const double densities[] = {0, 0, 0.05, 0.2, 0.35, 0.5, 0.8, 0.97, 1.0};
        double density = densities[dmap_rng_below(&r, 9)];
        int many = dmap_rng_below(&r, 4) == 0;
        if (!one_case(&r, w, h, density, many, c % 3 ? ws : NULL)) failures++;
    }
    dmap_workspace_free(ws);
    CHECK_EQ_INT(failures, 0);
    printf("octile loop agreed with the reference on %d/%d grids\n", cases - failures, cases);
}

/* Wide fronts: an open grid seeded along its whole first column and first row, so each queue
 * holds thousands of entries at once (more than half of its first capacity: the queues grow
 * and move their entries back to the start many times). */
static void test_wide_front(void) {
    const int w = 700, h = 300;
    dmap_grid g;
    dmap_grid_init(&g, w, h);
    for (int i = 0; i < w * h; i += 97) g.wall[i] = 1;
    for (int corners = 0; corners < 2; corners++) {
        dmap_moves m = dmap_moves_octile();
        m.corners = corners ? DMAP_CORNERS_STRICT : DMAP_CORNERS_CUT;
        double *a = malloc(sizeof(double) * (size_t)(w * h));
        double *b = malloc(sizeof(double) * (size_t)(w * h));
        for (int i = 0; i < w * h; i++) a[i] = INFINITY;
        for (int x = 0; x < w; x++) a[x] = (double)(x % 7) * 0.25;
        for (int y = 0; y < h; y++) a[y * w] = (double)(y % 5) * 0.5;
        for (int i = 0; i < w * h; i++)
            if (g.wall[i]) a[i] = 9;
        memcpy(b, a, sizeof(double) * (size_t)(w * h));
        CHECK_EQ_INT(dmap_scan(&g, &m, a, NULL), DMAP_OK);
        CHECK(reference_scan(&g, &m, b) > 0);
        CHECK(memcmp(a, b, sizeof(double) * (size_t)(w * h)) == 0);
        free(a);
        free(b);
    }
    dmap_grid_free(&g);
}

int main(int argc, char **argv) {
    int cases = 1500;
    if (argc > 2) cases = atoi(argv[2]);
    test_wide_front();
    test_random_grids(cases);
    return check_report("test_scan_octile");
}
