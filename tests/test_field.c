/* test_field.c — dmap_field (src/field.c): its int32 fast path (4-connected, unit steps, no
 * costs, integer goals) against the reference sweep loop, bit for bit: random grids, several
 * goals with different (negative, repeated, same-cell) integer values, ceilings integer,
 * fractional, huge and none (+inf); plus the cases that must take the general path (-0.0
 * goals, goals beyond 2^29, fractional goals) giving the same bits as the sweep too. Its
 * argument checks are test_scan.c's. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dmap.h"
#include "reference_scan.h"

/* Under AddressSanitizer (clang's or gcc's) the property tests run a fifth of their cases:
 * the sanitizer pass checks memory, the Release pass the numbers. */
#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif
#ifndef UNDER_ASAN
#define UNDER_ASAN 0
#endif

static int field_matches_sweep(const dmap_grid *g, const dmap_goal *goals, size_t n,
                               double dflt, dmap_workspace *ws) {
    size_t cells = (size_t)g->w * (size_t)g->h;
    double *v = malloc(cells * sizeof(double)), *ref = malloc(cells * sizeof(double));
    dmap_moves m = dmap_moves_4();
    int ok = v && ref && dmap_field(g, &m, goals, n, dflt, v, ws) == DMAP_OK;
    for (size_t i = 0; ok && i < cells; i++) ref[i] = dflt;
    for (size_t k = 0; ok && k < n; k++) {
        double *c = &ref[goals[k].y * g->w + goals[k].x];
        if (goals[k].value < *c) *c = goals[k].value;
    }
    ok = ok && reference_scan(g, &m, ref) > 0;
    if (ok && memcmp(v, ref, cells * sizeof(double)) != 0) {
        ok = 0;
        for (size_t i = 0; i < cells; i++)
            if (memcmp(&v[i], &ref[i], sizeof(double)) != 0) {
                fprintf(stderr, "%dx%d dflt %g: cell %zu field %.17g sweep %.17g\n", g->w, g->h,
                        dflt, i, v[i], ref[i]);
                break;
            }
    }
    free(v);
    free(ref);
    return ok;
}

static void test_random(int cases) {
    dmap_rng r;
    dmap_rng_seed(&r, 44);
    dmap_workspace *ws = NULL;
    dmap_workspace_new(&ws);
    int bad = 0;
    const double ceilings[6] = {100, 7.5, 3, 1e300, DMAP_NO_CEILING, 1 << 30};
    for (int c = 0; c < cases; c++) {
        int w = 1 + (int)dmap_rng_below(&r, 30), h = 1 + (int)dmap_rng_below(&r, 30);
        dmap_grid g;
        dmap_grid_init(&g, w, h);
        double density = 0.5 * dmap_rng_unit(&r);
        for (int i = 0; i < w * h; i++) g.wall[i] = dmap_rng_unit(&r) < density;
        double dflt = ceilings[dmap_rng_below(&r, 6)];
        dmap_goal goals[80];
        size_t n = 0, want = 1 + dmap_rng_below(&r, dmap_rng_below(&r, 4) ? 5 : 80);
        for (int tries = 0; n < want && tries < 1000; tries++) {
            int i = (int)dmap_rng_below(&r, (uint32_t)(w * h));
            double v = (double)((int)dmap_rng_below(&r, 12) - 4);
            if (dmap_rng_below(&r, 10) == 0) v = -(double)dmap_rng_below(&r, 1 << 29);
            if (g.wall[i] || !(v < dflt)) continue;
            goals[n].x = i % w, goals[n].y = i / w, goals[n].value = v;
            n++;
            if (n < want && dmap_rng_below(&r, 4) == 0) /* the same cell again, another value */
                goals[n] = goals[n - 1], goals[n].value = v - 1, n++;
        }
        if (c % 3 == 0) /* goals already in order: the engine may skip its sort */
            for (size_t i = 1; i < n; i++)
                for (size_t j = i; j > 0 && goals[j - 1].value > goals[j].value; j--) {
                    dmap_goal t = goals[j];
                    goals[j] = goals[j - 1], goals[j - 1] = t;
                }
        if (n && !field_matches_sweep(&g, goals, n, dflt, c % 2 ? ws : NULL)) bad++;
        dmap_grid_free(&g);
    }
    CHECK_EQ_INT(bad, 0);
    dmap_workspace_free(ws);
}

/* Goals the fast path must leave to the general engine; the bits still equal the sweep's. */
static void test_general_path_cases(void) {
    dmap_grid g;
    dmap_grid_init(&g, 6, 3);
    g.wall[8] = 1;
    dmap_goal negzero = {0, 0, -0.0}, huge = {5, 2, -(double)(1 << 30) * 3}, half = {3, 1, 0.5};
    CHECK(field_matches_sweep(&g, &negzero, 1, 100, NULL));
    double v[18];
    dmap_moves m = dmap_moves_4();
    CHECK_EQ_INT(dmap_field(&g, &m, &negzero, 1, 100, v, NULL), DMAP_OK);
    CHECK(v[0] == 0 && signbit(v[0])); /* the goal keeps its -0.0 */
    CHECK(field_matches_sweep(&g, &huge, 1, DMAP_NO_CEILING, NULL));
    CHECK(field_matches_sweep(&g, &half, 1, 3, NULL));
    dmap_goal both[2] = {{0, 0, 2}, {5, 0, 0}};
    CHECK(field_matches_sweep(&g, both, 2, 2.5, NULL)); /* fractional ceiling */
    CHECK_EQ_INT(dmap_field(&g, &m, both, 2, 2.5, v, NULL), DMAP_OK);
    CHECK(v[8] == 2.5 && v[4] == 1 && v[3] == 2 && v[2] == 2.5);
    dmap_grid_free(&g);
}

int main(void) {
    test_general_path_cases();
    test_random(UNDER_ASAN ? 300 : 2000);
    return check_report("test_field");
}
