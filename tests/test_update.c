/* test_update.c — live maps (incremental updates) against a fresh scan, bit for bit.
 *
 * The property test draws thousands of random grids (every move mode: 4-connected, 8 with cut
 * and strict corners, unit, octile and arbitrary fractional weights; integer and fractional
 * goal values; low defaults acting as ceilings; no costs, a few distinct costs, many distinct
 * costs) and applies random sequences of edit batches (walls, floors, goals added, revalued
 * and removed, costs up and down). After every batch the live map must equal dmap_scan of a
 * copy of its start values on a copy of its grid, memcmp-equal, and that scan is itself
 * checked against the sweep loop on a sample. A goal-only run checks against dmap_field too.
 * Unit tests check the CLI's ungoal semantics, errors (nothing changes on a rejected batch)
 * and that a local change touches only a local region. */
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

/* Values scale: 1, or 1e16 for "huge" cases where a step may round away (v + 1 == v), so
 * cells can support each other in cycles of zero effective cost. */
static double value_scale = 1;

static double random_value(dmap_rng *r, int integral) {
    double v = (double)((int)dmap_rng_below(r, 61) - 20); /* -20..40 */
    if (!integral) v += (double)dmap_rng_below(r, 1000) / 1000.0 - 0.5;
    return v * value_scale;
}

static double random_cost(dmap_rng *r, int integral, int many) {
    if (many && !integral) return 0.1 + dmap_rng_unit(r) * 5;
    return integral ? 1 + dmap_rng_below(r, 4) : 0.5 + 0.25 * dmap_rng_below(r, 8);
}

static dmap_moves random_moves(dmap_rng *r, int integral) {
    dmap_moves m;
    m.connectivity = dmap_rng_below(r, 3) ? 8 : 4;
    m.cardinal = integral ? 1 + dmap_rng_below(r, 2) : 0.5 + dmap_rng_unit(r) * 2;
    switch (dmap_rng_below(r, 3)) {
    case 0: m.diagonal = m.cardinal; break;
    case 1: m.diagonal = integral ? m.cardinal + 1 : sqrt(2.0); break;
    default: m.diagonal = integral ? 1 + dmap_rng_below(r, 4) : 0.3 + dmap_rng_unit(r) * 3;
    }
    m.corners = dmap_rng_below(r, 2) ? DMAP_CORNERS_STRICT : DMAP_CORNERS_CUT;
    return m;
}

static dmap_edit random_edit(dmap_rng *r, int w, int h, int integral, int costs, int many) {
    dmap_edit e;
    e.x = (int)dmap_rng_below(r, (uint32_t)w);
    e.y = (int)dmap_rng_below(r, (uint32_t)h);
    e.value = 0;
    uint32_t k = dmap_rng_below(r, costs ? 10 : 8);
    if (k < 2) {
        e.kind = DMAP_EDIT_WALL;
    } else if (k < 4) {
        e.kind = DMAP_EDIT_FLOOR;
    } else if (k < 6) {
        e.kind = DMAP_EDIT_GOAL;
        e.value = random_value(r, integral);
    } else if (k < 8) {
        e.kind = DMAP_EDIT_UNGOAL;
    } else {
        e.kind = DMAP_EDIT_COST;
        e.value = random_cost(r, integral, many);
    }
    return e;
}

/* The live map must equal a fresh scan of the inputs the test kept itself (grid g and start
 * values mstart, edited alongside), and its own copy of the inputs must equal them. On a
 * sample, the fresh scan is also checked against the sweep loop. */
static int matches_fresh_scan(const dmap_live *lm, const dmap_grid *g, const double *mstart,
                              const dmap_moves *m, dmap_workspace *ws, int with_reference,
                              int verbose) {
    const double *live = dmap_live_values(lm);
    const dmap_grid *lg = dmap_live_grid(lm);
    size_t n = (size_t)g->w * (size_t)g->h;
    int ok = memcmp(lg->wall, g->wall, n) == 0 &&
             memcmp(dmap_live_start(lm), mstart, n * sizeof(double)) == 0;
    for (size_t i = 0; ok && g->cost && i < n; i++)
        ok = g->wall[i] || (lg->cost ? lg->cost[i] : 1.0) == g->cost[i];
    if (!ok && verbose) fprintf(stderr, "the live map's inputs differ from the test's\n");
    double *fresh = malloc(n * sizeof(double));
    if (!fresh) return 0;
    memcpy(fresh, mstart, n * sizeof(double));
    ok = ok && dmap_scan(g, m, fresh, ws) == DMAP_OK;
    for (size_t i = 0; ok && i < n; i++)
        if (memcmp(&fresh[i], &live[i], sizeof(double)) != 0) {
            ok = 0;
            if (verbose)
                fprintf(stderr, "cell %zu (%zu,%zu) wall %d: live %.17g, fresh scan %.17g\n", i,
                        i % (size_t)g->w, i / (size_t)g->w, g->wall[i], live[i], fresh[i]);
        }
    if (ok && with_reference) {
        double *ref = malloc(n * sizeof(double));
        memcpy(ref, mstart, n * sizeof(double));
        ok = ref && reference_scan(g, m, ref) > 0 && memcmp(ref, fresh, n * sizeof(double)) == 0;
        if (!ok && verbose) fprintf(stderr, "fresh scan differs from the sweep loop\n");
        free(ref);
    }
    free(fresh);
    return ok;
}

/* Apply one edit to the test's own copy of the inputs. */
static void mirror_edit(dmap_grid *g, double *mstart, double dflt, const dmap_edit *e) {
    size_t i = (size_t)e->y * (size_t)g->w + (size_t)e->x;
    switch (e->kind) {
    case DMAP_EDIT_WALL: g->wall[i] = 1; break;
    case DMAP_EDIT_FLOOR: g->wall[i] = 0; break;
    case DMAP_EDIT_GOAL: mstart[i] = e->value; break;
    case DMAP_EDIT_UNGOAL: mstart[i] = dflt; break;
    case DMAP_EDIT_COST:
        if (!g->cost) dmap_grid_add_costs(g);
        g->cost[i] = e->value;
        break;
    }
}

typedef struct case_stats {
    long batches, cases, failures, touched, cells;
} case_stats;

static void one_sequence(dmap_rng *r, dmap_workspace *ws, case_stats *st) {
    int w = 1 + (int)dmap_rng_below(r, 24), h = 1 + (int)dmap_rng_below(r, 24);
    int integral = (int)dmap_rng_below(r, 2);
    value_scale = dmap_rng_below(r, 8) == 0 ? 1e16 : 1;
    dmap_grid g;
    if (dmap_grid_init(&g, w, h) != DMAP_OK) {
        st->failures++;
        return;
    }
    int n = w * h;
    double density = 0.5 * dmap_rng_unit(r);
    for (int i = 0; i < n; i++) g.wall[i] = dmap_rng_unit(r) < density;
    int cost_kind = (int)dmap_rng_below(r, 3); /* none, few distinct, many distinct */
    if (cost_kind) {
        dmap_grid_add_costs(&g);
        for (int i = 0; i < n; i++) g.cost[i] = random_cost(r, integral, cost_kind == 2);
    }
    dmap_moves m = random_moves(r, integral);
    int style = (int)dmap_rng_below(r, 4);
    double dflt = style == 1   ? random_value(r, integral)
                  : style == 2 ? 1e300
                  : style == 3 ? DMAP_NO_CEILING /* +INFINITY: unreached cells stay there */
                               : 100 * value_scale;
    dmap_goal goals[6];
    size_t ngoals = 0;
    for (int k = 0; k < 6 && k < n; k++) {
        int i = (int)dmap_rng_below(r, (uint32_t)n);
        if (g.wall[i] || dmap_rng_below(r, 2)) continue;
        goals[ngoals].x = i % w;
        goals[ngoals].y = i / w;
        goals[ngoals].value = random_value(r, integral);
        ngoals++;
    }
    double *start = NULL;
    if (dmap_rng_below(r, 4) == 0) { /* a rescanned map: every cell its own start value */
        start = malloc(sizeof(double) * (size_t)n);
        for (int i = 0; i < n; i++) start[i] = random_value(r, integral) * 3;
    }
    double *mstart = malloc(sizeof(double) * (size_t)n);
    for (int i = 0; i < n; i++) mstart[i] = start ? start[i] : dflt;
    for (size_t k = 0; k < ngoals; k++) {
        double *v = &mstart[goals[k].y * w + goals[k].x];
        if (goals[k].value < *v) *v = goals[k].value;
    }
    dmap_live *lm = NULL;
    int rc = dmap_live_new(&g, &m, goals, ngoals, dflt, start, &lm);
    CHECK_EQ_INT(rc, DMAP_OK);
    free(start);
    if (rc != DMAP_OK) {
        st->failures++;
        free(mstart);
        dmap_grid_free(&g);
        return;
    }
    st->cases++;
    int batches = 1 + (int)dmap_rng_below(r, 12);
    int verbose = st->failures < 3;
    if (!matches_fresh_scan(lm, &g, mstart, &m, ws, 1, verbose)) st->failures++;
    for (int b = 0; b < batches; b++) {
        dmap_edit edits[24]; /* mostly small batches, sometimes a long one */
        size_t ne = 1 + dmap_rng_below(r, dmap_rng_below(r, 5) ? 4 : 24);
        for (size_t k = 0; k < ne; k++)
            edits[k] = random_edit(r, w, h, integral, cost_kind != 0 || b % 3 == 2, cost_kind == 2);
        size_t touched = 0;
        rc = dmap_live_apply(lm, edits, ne, &touched);
        for (size_t k = 0; k < ne; k++) mirror_edit(&g, mstart, dflt, &edits[k]);
        if (rc != DMAP_OK) {
            CHECK_EQ_INT(rc, DMAP_OK);
            st->failures++;
            break;
        }
        st->batches++;
        st->touched += (long)touched;
        st->cells += n;
        if (!matches_fresh_scan(lm, &g, mstart, &m, ws, b == batches - 1 && st->cases % 8 == 0, verbose)) {
            st->failures++;
            if (verbose) {
                fprintf(stderr, "  after batch %d of a %dx%d grid, conn %d card %.17g diag %.17g "
                        "strict %d costs %d dflt %g; edits:", b, w, h, m.connectivity,
                        m.cardinal, m.diagonal, m.corners, cost_kind, dflt);
                for (size_t k = 0; k < ne; k++)
                    fprintf(stderr, " [%d %d,%d %.17g]", edits[k].kind, edits[k].x, edits[k].y,
                            edits[k].value);
                fprintf(stderr, "\n");
            }
            break;
        }
    }
    dmap_live_free(lm);
    free(mstart);
    dmap_grid_free(&g);
}

static void test_random_sequences(int sequences) {
    dmap_rng r;
    dmap_rng_seed(&r, 1414);
    dmap_workspace *ws = NULL;
    dmap_workspace_new(&ws);
    case_stats st = {0};
    for (int i = 0; i < sequences; i++) one_sequence(&r, ws, &st);
    CHECK_EQ_INT(st.failures, 0);
    printf("live maps equal fresh scans after %ld batches in %ld sequences (%.1f%% of cells "
           "touched on average)\n", st.batches, st.cases,
           st.cells ? 100.0 * (double)st.touched / (double)st.cells : 0.0);
    dmap_workspace_free(ws);
}

/* Goals only: the live map equals dmap_field of its goal list after every move of a goal,
 * and ungoal returns a cell to the default (not to a value it had before). */
static void test_goals_match_field(void) {
    dmap_grid g;
    dmap_grid_init(&g, 9, 7);
    for (int y = 1; y < 6; y++) g.wall[y * 9 + 4] = 1; /* a wall with gaps at the top and bottom */
    dmap_moves m = dmap_moves_octile();
    dmap_goal goals[2] = {{1, 3, 0}, {7, 3, -2.5}};
    dmap_live *lm = NULL;
    CHECK_EQ_INT(dmap_live_new(&g, &m, goals, 2, 50, NULL, &lm), DMAP_OK);
    double field[63];
    for (int step = 0; step < 6 && lm; step++) {
        /* move the second goal one cell left or right, revalue the first */
        dmap_goal moved = goals[1];
        moved.x = step % 2 ? 7 : 6;
        moved.value = -2.5 - step;
        dmap_edit e[3] = {{DMAP_EDIT_UNGOAL, goals[1].x, goals[1].y, 0},
                          {DMAP_EDIT_GOAL, moved.x, moved.y, moved.value},
                          {DMAP_EDIT_GOAL, 1, 3, 0.5 * step}};
        goals[1] = moved;
        goals[0].value = 0.5 * step;
        CHECK_EQ_INT(dmap_live_apply(lm, e, 3, NULL), DMAP_OK);
        CHECK_EQ_INT(dmap_field(&g, &m, goals, 2, 50, field, NULL), DMAP_OK);
        CHECK(memcmp(field, dmap_live_values(lm), sizeof field) == 0);
    }
    /* ungoal: the start value becomes the default, 50 */
    dmap_edit un = {DMAP_EDIT_UNGOAL, 1, 3, 0};
    CHECK_EQ_INT(dmap_live_apply(lm, &un, 1, NULL), DMAP_OK);
    CHECK(dmap_live_start(lm)[3 * 9 + 1] == 50);
    CHECK_EQ_INT(dmap_field(&g, &m, &goals[1], 1, 50, field, NULL), DMAP_OK);
    CHECK(memcmp(field, dmap_live_values(lm), sizeof field) == 0);
    dmap_live_free(lm);
    dmap_grid_free(&g);
}

/* A change far from every goal's reach, or at the edge of one goal's region, touches only the
 * cells whose value depends on it, not the grid. */
static void test_locality(void) {
    dmap_grid g;
    dmap_grid_init(&g, 200, 200);
    dmap_moves m = dmap_moves_4();
    dmap_goal goals[2] = {{10, 10, 0}, {190, 190, 0}};
    dmap_live *lm = NULL;
    CHECK_EQ_INT(dmap_live_new(&g, &m, goals, 2, 20, NULL, &lm), DMAP_OK); /* ceiling 20 */
    size_t touched = 99;
    dmap_edit far = {DMAP_EDIT_WALL, 100, 100, 0}; /* beyond both ceilings: nothing moves */
    CHECK_EQ_INT(dmap_live_apply(lm, &far, 1, &touched), DMAP_OK);
    CHECK(touched <= 1);
    dmap_edit move[2] = {{DMAP_EDIT_UNGOAL, 10, 10, 0}, {DMAP_EDIT_GOAL, 11, 10, 0}};
    CHECK_EQ_INT(dmap_live_apply(lm, move, 2, &touched), DMAP_OK);
    CHECK(touched > 0 && touched < 2000); /* one diamond of radius 20 holds 841 cells */
    CHECK(dmap_live_values(lm)[10 * 200 + 11] == 0 && dmap_live_values(lm)[10 * 200 + 10] == 1);
    dmap_live_free(lm);
    dmap_grid_free(&g);
}

/* Bad batches change nothing; NULLs and bad constructor arguments are errors. */
static void test_errors(void) {
    dmap_grid g;
    dmap_grid_init(&g, 4, 3);
    g.wall[5] = 1;
    dmap_moves m = dmap_moves_4();
    dmap_goal goal = {0, 0, 0}, on_wall = {1, 1, 0}, outside = {4, 0, 0}, nan_goal = {0, 0, NAN};
    dmap_live *lm = (dmap_live *)&g;
    CHECK_EQ_INT(dmap_live_new(&g, &m, &on_wall, 1, 100, NULL, &lm), DMAP_ERR_WALL);
    CHECK(lm == NULL);
    CHECK_EQ_INT(dmap_live_new(&g, &m, &outside, 1, 100, NULL, &lm), DMAP_ERR_RANGE);
    CHECK_EQ_INT(dmap_live_new(&g, &m, &nan_goal, 1, 100, NULL, &lm), DMAP_ERR_VALUE);
    CHECK_EQ_INT(dmap_live_new(&g, &m, &goal, 1, -INFINITY, NULL, &lm), DMAP_ERR_VALUE);
    CHECK_EQ_INT(dmap_live_new(&g, &m, &goal, 1, NAN, NULL, &lm), DMAP_ERR_VALUE);
    CHECK_EQ_INT(dmap_live_new(NULL, &m, &goal, 1, 100, NULL, &lm), DMAP_ERR_ARG);
    CHECK_EQ_INT(dmap_live_new(&g, &m, NULL, 1, 100, NULL, &lm), DMAP_ERR_ARG);
    CHECK_EQ_INT(dmap_live_new(&g, &m, &goal, 1, 100, NULL, NULL), DMAP_ERR_ARG);
    double start[12];
    for (int i = 0; i < 12; i++) start[i] = i;
    start[5] = NAN; /* a wall may hold anything */
    CHECK_EQ_INT(dmap_live_new(&g, &m, NULL, 0, 100, start, &lm), DMAP_OK);
    CHECK(isnan(dmap_live_values(lm)[5]));
    double before[12];
    memcpy(before, dmap_live_values(lm), sizeof before);
    dmap_edit bad[3][2] = {
        {{DMAP_EDIT_WALL, 0, 0, 0}, {DMAP_EDIT_GOAL, 4, 0, 1}},     /* outside */
        {{DMAP_EDIT_WALL, 0, 0, 0}, {DMAP_EDIT_GOAL, 1, 0, NAN}},   /* NaN goal */
        {{DMAP_EDIT_WALL, 0, 0, 0}, {DMAP_EDIT_COST, 1, 0, 0}}};    /* cost 0 */
    int want[3] = {DMAP_ERR_RANGE, DMAP_ERR_VALUE, DMAP_ERR_VALUE};
    for (int k = 0; k < 3; k++) {
        CHECK_EQ_INT(dmap_live_apply(lm, bad[k], 2, NULL), want[k]);
        CHECK(memcmp(before, dmap_live_values(lm), sizeof before) == 0);
        CHECK(dmap_live_grid(lm)->wall[0] == 0);
    }
    dmap_edit unknown = {(dmap_edit_kind)9, 0, 0, 0};
    CHECK_EQ_INT(dmap_live_apply(lm, &unknown, 1, NULL), DMAP_ERR_ARG);
    CHECK_EQ_INT(dmap_live_apply(lm, NULL, 1, NULL), DMAP_ERR_ARG);
    CHECK_EQ_INT(dmap_live_apply(NULL, bad[0], 1, NULL), DMAP_ERR_ARG);
    CHECK_EQ_INT(dmap_live_apply(lm, NULL, 0, NULL), DMAP_OK);
    CHECK(dmap_live_values(NULL) == NULL && dmap_live_grid(NULL) == NULL);
    dmap_live_free(lm);
    dmap_live_free(NULL);
    dmap_grid_free(&g);
}

int main(int argc, char **argv) {
    int sequences = UNDER_ASAN ? 800 : 4000;
    if (argc > 2) sequences = atoi(argv[2]);
    test_goals_match_field();
    test_locality();
    test_errors();
    test_random_sequences(sequences);
    return check_report("test_update");
}
