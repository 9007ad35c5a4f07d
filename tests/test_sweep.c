/* test_sweep.c — dmap_field's raster sweeps (src/sweep.c) against the label-setting scan and
 * the reference sweep, bit for bit: random grids with no walls or up to the sweeps' 1 % of
 * walls, both corner rules, several weight pairs, one goal or many (different values, the same
 * cell twice, -0.0), ceilings from small to +inf, values where the machine's addition rounds
 * (near 2^53, near 1e300); grids whose walls make the sweeps need more passes than they allow
 * (they must say so and dmap_field must still give the scan's map), and the count of grids the
 * sweeps settled (a test that passed because they never ran would prove nothing). */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dmap.h"
#include "reference_scan.h"
#include "scan.h"

/* A goal value: integer, negative, fractional, -0.0, or large enough that steps round. */
static double goal_value(dmap_rng *r) {
    switch (dmap_rng_below(r, 8)) {
    case 0: return (double)dmap_rng_below(r, 20);
    case 1: return -(double)dmap_rng_below(r, 50) - 0.5;
    case 2: return -0.0;
    case 3: return 9007199254740992.0 - (double)dmap_rng_below(r, 40); /* 2^53: +1 rounds */
    case 4: return 1e300 * (1 + dmap_rng_unit(r));                   /* steps vanish */
    case 5: return 4503599627370496.0 + dmap_rng_unit(r) * 8;         /* 2^52: half-ulps */
    default: return dmap_rng_unit(r) * 30 - 10;
    }
}

static dmap_moves random_moves(dmap_rng *r) {
    static const double weights[][2] = {{1, 1.4142135623730951}, {1, 1.41}, {1, 1}, {2, 3},
                                        {3, 2}, {0.7, 1.1}, {1e-3, 1.5e-3}};
    int k = (int)dmap_rng_below(r, 7);
    dmap_moves m = dmap_moves_octile();
    m.cardinal = weights[k][0];
    m.diagonal = weights[k][1];
    m.corners = dmap_rng_below(r, 2) ? DMAP_CORNERS_STRICT : DMAP_CORNERS_CUT;
    return m;
}

/* The map of goals under ceiling dflt by the label-setting scan (dmap_scan of a filled map:
 * the sweeps never run there) or, when small, also by the reference sweep; walls get dflt. */
static int expected(const dmap_grid *g, const dmap_moves *m, const dmap_goal *goals,
                    size_t ngoals, double dflt, double *out, int reference) {
    size_t n = (size_t)g->w * (size_t)g->h;
    for (size_t i = 0; i < n; i++) out[i] = dflt;
    for (size_t k = 0; k < ngoals; k++)
        if (dmap_set_goal(g, out, goals[k]) != DMAP_OK) return 0;
    double *ref = NULL;
    if (reference) {
        ref = malloc(sizeof(double) * n);
        if (!ref) return 0;
        memcpy(ref, out, sizeof(double) * n);
    }
    int ok = dmap_scan(g, m, out, NULL) == DMAP_OK;
    if (ref) {
        ok = ok && reference_scan(g, m, ref) > 0 && memcmp(ref, out, sizeof(double) * n) == 0;
        free(ref);
    }
    return ok;
}

/* One grid: the sweeps (directly and through dmap_field) against the scan. Returns -1 on a
 * mismatch, else what sweep_field returned: 1 settled by the sweeps, 2 finished by the scan
 * after them, 0 declined. */
static int one_case(const dmap_grid *g, const dmap_moves *m, const dmap_goal *goals,
                    size_t ngoals, double dflt, dmap_workspace *ws) {
    size_t n = (size_t)g->w * (size_t)g->h;
    double *want = malloc(sizeof(double) * n), *got = malloc(sizeof(double) * n);
    int result = -1;
    if (want && got && expected(g, m, goals, ngoals, dflt, want, n <= 3000)) {
        int swept = sweep_field(g, m, goals, ngoals, dflt, got, ws);
        int same = swept == 0 || memcmp(want, got, sizeof(double) * n) == 0;
        int field = dmap_field(g, m, goals, ngoals, dflt, got, ws) == DMAP_OK &&
                    memcmp(want, got, sizeof(double) * n) == 0;
        if (swept >= 0 && same && field) result = swept;
    }
    if (result < 0)
        fprintf(stderr, "sweep mismatch: %dx%d weights %g/%g corners %d goals %zu dflt %g\n",
                g->w, g->h, m->cardinal, m->diagonal, (int)m->corners, ngoals, dflt);
    free(want);
    free(got);
    return result;
}

/* Random grids: strips to 300 x 300, no walls or up to 1 % of them, random goals. */
static void test_random_grids(int cases) {
    dmap_rng r;
    dmap_rng_seed(&r, 2037);
    dmap_workspace *ws = NULL;
    dmap_workspace_new(&ws);
    int failures = 0, settled = 0, resumed = 0;
    for (int c = 0; c < cases; c++) {
        int shape = (int)dmap_rng_below(&r, 4), w, h;
        if (shape == 0) { /* a strip */
            w = 1 + (int)dmap_rng_below(&r, 3), h = 1 + (int)dmap_rng_below(&r, 500);
            if (dmap_rng_below(&r, 2)) {
                int t = w;
                w = h, h = t;
            }
        } else {
            w = 1 + (int)dmap_rng_below(&r, shape == 3 ? 300 : 60);
            h = 1 + (int)dmap_rng_below(&r, shape == 3 ? 300 : 60);
        }
        dmap_grid g;
        if (dmap_grid_init(&g, w, h)) {
            failures++;
            continue;
        }
        int n = w * h;
        /* no walls, or up to 1 % (the sweeps' limit) at random cells */
        int walls = dmap_rng_below(&r, 3) ? (int)dmap_rng_below(&r, n / 100 + 1) : 0;
        for (int k = 0; k < walls; k++) g.wall[dmap_rng_below(&r, (uint32_t)n)] = 1;
        dmap_moves m = random_moves(&r);
        double dflt = dmap_rng_below(&r, 3) == 0 ? INFINITY
                      : dmap_rng_below(&r, 2)    ? 40 + dmap_rng_below(&r, 400)
                                                 : DBL_MAX;
        dmap_goal goals[40];
        size_t ngoals = 0, want = 1 + dmap_rng_below(&r, dmap_rng_below(&r, 3) ? 3 : 40);
        for (int tries = 0; ngoals < want && tries < 1000; tries++) {
            int i = (int)dmap_rng_below(&r, (uint32_t)n);
            dmap_goal gl = {i % w, i / w, goal_value(&r)};
            if (g.wall[i] || !(gl.value < dflt)) continue;
            goals[ngoals++] = gl;
            if (ngoals < want && dmap_rng_below(&r, 8) == 0) { /* the same cell again */
                gl.value = goal_value(&r);
                if (gl.value < dflt) goals[ngoals++] = gl;
            }
        }
        int rc = one_case(&g, &m, goals, ngoals, dflt, c % 3 ? ws : NULL);
        failures += rc < 0;
        settled += rc == 1;
        resumed += rc == 2;
        dmap_grid_free(&g);
    }
    dmap_workspace_free(ws);
    CHECK_EQ_INT(failures, 0);
    /* most of these grids are open or nearly so: the sweeps must have settled most of them */
    CHECK(settled > cases / 2);
    printf("sweeps agreed with the scan on %d/%d grids: settled %d, finished by the scan %d\n",
           cases - failures, cases, settled, resumed);
}

/* Vertical wall lines with their gaps at the bottom and the top in turn, under 1 % of the
 * cells: every path winds down and up across the lines, one pass per turn. With one line the
 * sweeps settle the map in more than two passes; with seven the scan must finish it from the
 * swept values and the cells that break a rule; both must give the scan's map. */
static void test_winding(void) {
    const int side = 400;
    for (int lines = 1; lines <= 7; lines += 6)
        for (int corners = 0; corners < 2; corners++) {
            dmap_grid g;
            dmap_grid_init(&g, side, side);
            for (int k = 0; k < lines; k++) {
                int x = (k + 1) * side / (lines + 1);
                for (int y = 0; y < 210; y++) g.wall[(k % 2 ? y + 190 : y) * side + x] = 1;
            }
            dmap_moves m = dmap_moves_octile();
            m.corners = corners ? DMAP_CORNERS_STRICT : DMAP_CORNERS_CUT;
            dmap_goal goals[2] = {{2, side / 2, 0}, {5, side - 10, 1.5}};
            int rc = one_case(&g, &m, goals, 2, INFINITY, NULL);
            CHECK(rc >= 0);
            if (lines == 1) CHECK_EQ_INT(rc, 1); /* settles after a few passes */
            if (lines == 7) CHECK_EQ_INT(rc, 2); /* too many turns: the scan finishes */
            dmap_grid_free(&g);
        }
}

/* Where the sweeps do not apply they change nothing and say so: 4-connected moves, entry
 * costs, no goals, more than 1 % walls. */
static void test_declines(void) {
    dmap_grid g;
    dmap_grid_init(&g, 50, 50);
    dmap_goal goal = {25, 25, 0};
    double v[2500];
    dmap_moves oct = dmap_moves_octile();
    dmap_moves four = dmap_moves_4();
    for (int i = 0; i < 2500; i++) v[i] = 7;
    CHECK_EQ_INT(sweep_field(&g, &four, &goal, 1, INFINITY, v, NULL), 0);
    CHECK_EQ_INT(sweep_field(&g, &oct, &goal, 0, INFINITY, v, NULL), 0);
    for (int i = 0; i < 26; i++) g.wall[i * 3] = 1; /* 26 walls: over 1 % of 2500 */
    CHECK_EQ_INT(sweep_field(&g, &oct, &goal, 1, INFINITY, v, NULL), 0);
    memset(g.wall, 0, 2500);
    double cost[2500];
    for (int i = 0; i < 2500; i++) cost[i] = 1;
    g.cost = cost;
    CHECK_EQ_INT(sweep_field(&g, &oct, &goal, 1, INFINITY, v, NULL), 0);
    g.cost = NULL;
    int untouched = 1;
    for (int i = 0; i < 2500; i++) untouched &= v[i] == 7;
    CHECK(untouched);
    CHECK_EQ_INT(sweep_field(&g, &oct, &goal, 1, INFINITY, v, NULL), 1);
    CHECK(v[25 * 50 + 25] == 0 && isfinite(v[0]) && v[0] > 35);
    dmap_grid_free(&g);
}

int main(int argc, char **argv) {
    int cases = 600;
    if (argc > 2) cases = atoi(argv[2]);
    test_declines();
    test_winding();
    test_random_grids(cases);
    return check_report("test_sweep");
}
