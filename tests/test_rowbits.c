/* test_rowbits.c — the small-board engine (src/rowbits.c: one word per row, behind dmap_bfs,
 * dmap_reachable, dmap_can_move_to and dmap_field on boards up to 64x64) against two oracles,
 * on every width 1..64 with heights 1..64, all three move rules (4-connected, 8 with corners
 * cut, 8 strict), wall densities from none to most, several seeds:
 *   - the queue BFS of reach.c (dmap_bfs asked for parents always takes it) and the general
 *     scan engine (scan_field: the FIFO merge of scan.c) — today's engine, the same results;
 *   - the classic sweep-until-stable loop (reference_scan) on a share of the boards.
 * BFS: several sources (duplicates too), depth limits, the early stop of dmap_can_move_to,
 * the reachable set and its count. Fields: integer goal values (negative, equal, spread far
 * apart so that the search jumps between levels), more than 64 goals (the sorted copy), goals
 * on one cell, ceilings (none, integer, fractional, just above a goal) and unit-step moves. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dmap.h"
#include "reference_scan.h"
#include "rowbits.h"
#include "scan.h"

#define FAR 1e9

static const double densities[] = {0.0, 0.1, 0.3, 0.45, 0.7};

static dmap_moves move_rule(int k) {
    dmap_moves m = k == 0 ? dmap_moves_4() : dmap_moves_8();
    if (k == 2) m.corners = DMAP_CORNERS_STRICT;
    return m;
}

static void random_walls(dmap_grid *g, double density, dmap_rng *r) {
    size_t n = (size_t)g->w * (size_t)g->h;
    for (size_t i = 0; i < n; i++) g->wall[i] = dmap_rng_unit(r) < density;
}

static int passable_cell(dmap_grid *g, dmap_rng *r) {
    int c = (int)dmap_rng_below(r, (uint32_t)(g->w * g->h));
    g->wall[c] = 0;
    return c;
}

/* dmap_bfs (small-board engine) against the queue BFS and, when asked, the sweep loop. */
static void check_bfs(dmap_grid *g, const dmap_moves *m, dmap_rng *r, int with_sweep) {
    size_t n = (size_t)g->w * (size_t)g->h;
    int sources[4], ns = (int)dmap_rng_below(r, 4) + (dmap_rng_below(r, 8) != 0);
    for (int k = 0; k < ns; k++) sources[k] = passable_cell(g, r);
    if (ns == 3) sources[2] = sources[0]; /* a duplicate */
    int max_depth = dmap_rng_below(r, 3) ? -1 : (int)dmap_rng_below(r, 12);
    int *fast = malloc(n * sizeof *fast), *queue = malloc(n * sizeof *queue);
    int *parent = malloc(n * sizeof *parent);
    CHECK_EQ_INT(dmap_bfs(g, m, sources, (size_t)ns, max_depth, fast, NULL, NULL), DMAP_OK);
    CHECK_EQ_INT(dmap_bfs(g, m, sources, (size_t)ns, max_depth, queue, parent, NULL), DMAP_OK);
    CHECK(memcmp(fast, queue, n * sizeof *fast) == 0);
    /* the engine itself (dmap_bfs may pick the bitset search of bfs_bits.c on the plain path) */
    CHECK_EQ_INT(dmap_rowbits_bfs(g, m, sources, (size_t)ns, max_depth, -1, fast, NULL), 0);
    CHECK(memcmp(fast, queue, n * sizeof *fast) == 0);
    if (with_sweep && max_depth < 0) {
        double *sweep = malloc(n * sizeof *sweep);
        for (size_t i = 0; i < n; i++) sweep[i] = FAR;
        for (int k = 0; k < ns; k++) sweep[sources[k]] = 0;
        dmap_moves unit = *m;
        unit.cardinal = unit.diagonal = 1.0;
        CHECK(reference_scan(g, &unit, sweep) > 0);
        int bad = 0;
        for (size_t i = 0; i < n; i++)
            bad += fast[i] != (g->wall[i] || sweep[i] >= FAR ? -1 : (int)sweep[i]);
        CHECK_EQ_INT(bad, 0);
        free(sweep);
    }
    if (ns > 0) {
        /* one source: the reachable set, its count and can_move_to on a few targets */
        int one = sources[0];
        CHECK_EQ_INT(dmap_bfs(g, m, &one, 1, -1, queue, parent, NULL), DMAP_OK);
        unsigned char *reached = malloc(n);
        size_t count = 0, expect = 0;
        CHECK_EQ_INT(dmap_reachable(g, m, one, reached, &count, NULL), DMAP_OK);
        int bad = 0;
        for (size_t i = 0; i < n; i++) {
            bad += reached[i] != (queue[i] >= 0);
            expect += queue[i] >= 0;
        }
        CHECK_EQ_INT(bad, 0);
        CHECK_EQ_INT(count, expect);
        for (int t = 0; t < 4; t++) {
            int to = (int)dmap_rng_below(r, (uint32_t)n), ok = -1;
            CHECK_EQ_INT(dmap_can_move_to(g, m, one, to, &ok, NULL), DMAP_OK);
            CHECK_EQ_INT(ok, queue[to] >= 0);
        }
        /* the private entry: the early stop leaves the target's level as the last one */
        int to = (int)dmap_rng_below(r, (uint32_t)n);
        if (!g->wall[to] && to != one) {
            int *partial = malloc(n * sizeof *partial);
            int found = dmap_rowbits_bfs(g, m, &one, 1, -1, to, partial, NULL);
            CHECK_EQ_INT(found, queue[to] >= 0);
            int deeper = 0;
            for (size_t i = 0; i < n; i++)
                deeper += found && (partial[i] > queue[to] ||
                                    (partial[i] >= 0 && partial[i] != queue[i]));
            CHECK_EQ_INT(deeper, 0);
            free(partial);
        }
        free(reached);
    }
    free(fast);
    free(queue);
    free(parent);
}

/* dmap_field on the small-board engine against scan.c's engine and the sweep loop. */
static void check_field(dmap_grid *g, const dmap_moves *m, dmap_rng *r, int with_sweep,
                        dmap_workspace *ws) {
    size_t n = (size_t)g->w * (size_t)g->h;
    size_t ngoals = 1 + dmap_rng_below(r, 4);
    if (dmap_rng_below(r, 6) == 0) ngoals = 65 + dmap_rng_below(r, 40); /* the sorted copy */
    int spread = dmap_rng_below(r, 4) == 0 ? 200 : 12; /* far apart: the search jumps */
    dmap_goal *goals = malloc(ngoals * sizeof *goals);
    int lowest = 1 << 30;
    for (size_t k = 0; k < ngoals; k++) {
        int c = passable_cell(g, r);
        goals[k].x = c % g->w;
        goals[k].y = c / g->w;
        goals[k].value = (double)((int)dmap_rng_below(r, (uint32_t)spread) - 5);
        if (k > 0 && dmap_rng_below(r, 8) == 0) goals[k].x = goals[0].x, goals[k].y = goals[0].y;
        if (goals[k].value < lowest) lowest = (int)goals[k].value;
    }
    double ceilings[] = {DMAP_NO_CEILING, lowest + 1.0 + (double)dmap_rng_below(r, 20),
                         lowest + 0.5 + (double)dmap_rng_below(r, 20), 1e12};
    double dflt = ceilings[dmap_rng_below(r, 4)];
    for (size_t k = 0; k < ngoals; k++)
        if (!(goals[k].value < dflt)) goals[k].value = lowest; /* keep every goal below it */
    CHECK(dmap_rowbits_field_applies(g, m, goals, ngoals));
    double *fast = malloc(n * sizeof *fast), *engine = malloc(n * sizeof *engine);
    CHECK_EQ_INT(dmap_field(g, m, goals, ngoals, dflt, fast, ngoals > 64 ? ws : NULL), DMAP_OK);
    CHECK_EQ_INT(scan_field(g, m, goals, ngoals, dflt, engine, ws), DMAP_OK);
    CHECK(memcmp(fast, engine, n * sizeof *fast) == 0);
    CHECK_EQ_INT(dmap_rowbits_field(g, m, goals, ngoals, dflt, fast, ngoals > 64 ? ws : NULL),
                 DMAP_OK);
    CHECK(memcmp(fast, engine, n * sizeof *fast) == 0);
    if (with_sweep) {
        double *sweep = malloc(n * sizeof *sweep);
        for (size_t i = 0; i < n; i++) sweep[i] = dflt;
        for (size_t k = 0; k < ngoals; k++)
            CHECK_EQ_INT(dmap_set_goal(g, sweep, goals[k]), DMAP_OK);
        CHECK(reference_scan(g, m, sweep) > 0);
        CHECK(memcmp(fast, sweep, n * sizeof *fast) == 0);
        free(sweep);
    }
    free(fast);
    free(engine);
    free(goals);
}

/* Every width 1..64, heights from 1 to 64 (edges and random), every move rule. */
static void test_every_size(void) {
    dmap_rng r;
    dmap_rng_seed(&r, 2026);
    dmap_workspace *ws = NULL;
    dmap_workspace_new(&ws);
    const int heights[] = {1, 2, 11, 63, 64};
    int boards = 0;
    for (int w = 1; w <= 64; w++) {
        for (int hi = 0; hi < 7; hi++) {
            int h = hi < 5 ? heights[hi] : 1 + (int)dmap_rng_below(&r, 64);
            for (int k = 0; k < 3; k++) {
                dmap_moves m = move_rule(k);
                dmap_grid g;
                CHECK_EQ_INT(dmap_grid_init(&g, w, h), DMAP_OK);
                CHECK(dmap_rowbits_fits(&g));
                double density = densities[dmap_rng_below(&r, 5)];
                int sweep = w * h <= 1200 || boards % 16 == 0;
                random_walls(&g, density, &r);
                check_bfs(&g, &m, &r, sweep);
                random_walls(&g, density, &r);
                check_field(&g, &m, &r, sweep, ws);
                dmap_grid_free(&g);
                boards++;
            }
        }
    }
    dmap_workspace_free(ws);
    printf("test_rowbits: %d boards of every width 1..64\n", boards);
}

/* The bounds: 65 columns or 65 rows go to the other engines (same answers). */
static void test_limits(void) {
    dmap_grid g;
    CHECK_EQ_INT(dmap_grid_init(&g, 65, 3), DMAP_OK);
    CHECK(!dmap_rowbits_fits(&g));
    dmap_grid_free(&g);
    CHECK_EQ_INT(dmap_grid_init(&g, 3, 65), DMAP_OK);
    CHECK(!dmap_rowbits_fits(&g));
    dmap_grid_free(&g);
    CHECK_EQ_INT(dmap_grid_init(&g, 64, 64), DMAP_OK);
    CHECK(dmap_rowbits_fits(&g));
    dmap_moves m = dmap_moves_4();
    dmap_goal frac = {0, 0, 0.5}, negzero = {0, 0, -0.0}, big = {0, 0, 1e9};
    CHECK(!dmap_rowbits_field_applies(&g, &m, &frac, 1));
    CHECK(!dmap_rowbits_field_applies(&g, &m, &negzero, 1));
    CHECK(!dmap_rowbits_field_applies(&g, &m, &big, 1));
    CHECK(!dmap_rowbits_field_applies(&g, &m, NULL, 0));
    m.cardinal = 2.0;
    CHECK(!dmap_rowbits_field_applies(&g, &m, &frac, 0));
    dmap_moves oct = dmap_moves_octile();
    dmap_goal zero = {0, 0, 0.0};
    CHECK(!dmap_rowbits_field_applies(&g, &oct, &zero, 1));
    dmap_grid_free(&g);
}

int main(void) {
    test_every_size();
    test_limits();
    return check_report("test_rowbits");
}
