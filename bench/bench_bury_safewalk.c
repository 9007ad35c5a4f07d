/* bench_bury_safewalk.c — dead-end burying and the safe walk against scans, side by side in one run:
 *   1. dead-end burying of a 4096x4096 grid with 30% random walls vs 3 dmap_scan of it
 *      (target: bury < 3 scans);
 *   2. the safe walk vs a plain scan (dmap_field from my cell) on 2048x2048 with 30% walls,
 *      with a timing map of 8 enemies and with no danger at all (the most work), for 4-moves
 *      and octile moves (target: safe walk <= 2 scans).
 * Medians of K runs after a warm-up, workspaces reused. Results are checked (burying twice
 * buries nothing; with no danger the safe walk equals the scan) and a disagreement fails the
 * run (exit 1); missing a speed target never does.
 *
 * usage: dmap_bench_bury_safewalk [--quick] [--reps K]     (--quick: 256x256, for ctest) */

#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_util.h"
#include "dmap.h"

#define MAX_REPS 64

static int random_walls(dmap_grid *g, int side, double density, uint64_t seed) {
    if (dmap_grid_init(g, side, side) != DMAP_OK) return -1;
    dmap_rng rng;
    dmap_rng_seed(&rng, seed);
    for (size_t i = 0; i < (size_t)side * (size_t)side; i++) g->wall[i] = dmap_rng_unit(&rng) < density;
    return 0;
}

/* An open cell near the centre. */
static int centre_cell(const dmap_grid *g) {
    int c = (g->h / 2) * g->w + g->w / 2;
    while (g->wall[c]) c++;
    return c;
}

static double time_scan(const dmap_grid *g, const dmap_moves *m, int cell, double *values,
                        dmap_workspace *ws, int *ok) {
    dmap_goal goal = {cell % g->w, cell / g->w, 0.0};
    double t0 = now_ms();
    if (dmap_field(g, m, &goal, 1, 1e12, values, ws) != DMAP_OK) *ok = 0;
    return now_ms() - t0;
}

static int bench_bury(int side, int reps) {
    dmap_grid g;
    if (random_walls(&g, side, 0.30, 42) != 0) return 1;
    size_t n = (size_t)side * (size_t)side;
    unsigned char *orig = malloc(n);
    double *values = malloc(n * sizeof(double));
    dmap_workspace *ws = NULL;
    dmap_workspace_new(&ws);
    if (!orig || !values || !ws) return 1;
    memcpy(orig, g.wall, n);
    dmap_moves m = dmap_moves_4();
    int ok = 1, me = centre_cell(&g);
    double tb[MAX_REPS], ts[MAX_REPS];
    size_t buried = 0, again = 1;
    for (int r = -1; r < reps; r++) { /* r = -1: warm-up */
        memcpy(g.wall, orig, n);
        double t0 = now_ms();
        if (dmap_bury_dead_ends(&g, NULL, 0, 0, NULL, &buried, ws) != DMAP_OK) ok = 0;
        double t = now_ms() - t0;
        if (r >= 0) tb[r] = t;
    }
    if (dmap_bury_dead_ends(&g, NULL, 0, 0, NULL, &again, ws) != DMAP_OK || again != 0) ok = 0;
    memcpy(g.wall, orig, n);
    for (int r = -1; r < reps; r++) {
        double t = time_scan(&g, &m, me, values, ws, &ok);
        if (r >= 0) ts[r] = t;
    }
    double bury_ms = median(tb, reps), scan_ms = median(ts, reps);
    printf("bury %dx%d, 30%% walls: %zu cells buried\n", side, side, buried);
    printf("  bury        %9.2f ms\n", bury_ms);
    printf("  dmap_scan   %9.2f ms   (dmap_field, one goal, 4-moves)\n", scan_ms);
    printf("  bury / (3 scans) = %.3f   (target < 1)  %s\n", bury_ms / (3 * scan_ms),
           bury_ms < 3 * scan_ms ? "ok" : "MISSED");
    if (!ok) printf("  CHECK FAILED: burying twice buried %zu more cells, or a call failed\n", again);
    free(orig);
    free(values);
    dmap_workspace_free(ws);
    dmap_grid_free(&g);
    return ok ? 0 : 1;
}

static int bench_safe_walk(int side, int reps, dmap_moves m, const char *moves_name) {
    dmap_grid g;
    if (random_walls(&g, side, 0.30, 7) != 0) return 1;
    size_t n = (size_t)side * (size_t)side;
    double *timing = malloc(n * sizeof(double)), *arrival = malloc(n * sizeof(double));
    double *values = malloc(n * sizeof(double));
    dmap_workspace *ws = NULL;
    dmap_workspace_new(&ws);
    if (!timing || !arrival || !values || !ws) return 1;
    int ok = 1, me = centre_cell(&g);
    /* 8 enemies spread around, delays 0..7, cut off at a quarter of the side */
    dmap_enemy enemies[8];
    dmap_rng rng;
    dmap_rng_seed(&rng, 9);
    for (int k = 0; k < 8; k++) {
        int c;
        do c = (int)dmap_rng_below(&rng, (uint32_t)n);
        while (g.wall[c]);
        enemies[k].cell = c;
        enemies[k].delay = k;
        enemies[k].cutoff = side / 4.0;
    }
    if (dmap_timing_map(&g, &m, enemies, 8, timing, ws) != DMAP_OK) ok = 0;
    double tw[MAX_REPS], tf[MAX_REPS], ts[MAX_REPS];
    double *no_danger = malloc(n * sizeof(double));
    if (!no_danger) return 1;
    for (size_t i = 0; i < n; i++) no_danger[i] = INFINITY;
    size_t nsafe = 0, nfree = 0;
    /* interleaved, so that load changes on a shared machine hit all three alike */
    for (int r = -1; r < reps; r++) {
        double t0 = now_ms();
        if (dmap_safe_walk(&g, &m, timing, me, 0.0, arrival, NULL, &nsafe, ws) != DMAP_OK) ok = 0;
        double t1 = now_ms();
        if (dmap_safe_walk(&g, &m, no_danger, me, 0.0, arrival, NULL, &nfree, ws) != DMAP_OK) ok = 0;
        double t2 = now_ms();
        double t = time_scan(&g, &m, me, values, ws, &ok);
        if (r >= 0) {
            tw[r] = t1 - t0;
            tf[r] = t2 - t1;
            ts[r] = t;
        }
    }
    free(no_danger);
    /* with no danger the safe walk is the Dijkstra map from me */
    size_t bad = 0;
    for (size_t i = 0; i < n; i++) {
        if (g.wall[i]) continue;
        double e = values[i] >= 1e12 ? INFINITY : values[i];
        if (isinf(e) ? !isinf(arrival[i]) : fabs(arrival[i] - e) > 1e-6 * (1 + e)) bad++;
    }
    if (bad) ok = 0;
    double walk_ms = median(tw, reps), free_ms = median(tf, reps), scan_ms = median(ts, reps);
    printf("safe walk %dx%d, 30%% walls, %s moves\n", side, side, moves_name);
    printf("  safe walk, 8 enemies  %9.2f ms   (%zu safe cells)   / scan = %.3f\n", walk_ms, nsafe,
           walk_ms / scan_ms);
    printf("  safe walk, no danger  %9.2f ms   (%zu cells)        / scan = %.3f   (target <= 2) %s\n",
           free_ms, nfree, free_ms / scan_ms, free_ms <= 2 * scan_ms ? "ok" : "MISSED");
    printf("  dmap_scan (field)     %9.2f ms\n", scan_ms);
    if (bad) printf("  CHECK FAILED: %zu cells differ from the scan\n", bad);
    free(timing);
    free(arrival);
    free(values);
    dmap_workspace_free(ws);
    dmap_grid_free(&g);
    return ok ? 0 : 1;
}

int main(int argc, char **argv) {
    int quick = 0, reps = 5;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--quick") == 0) {
            quick = 1;
        } else if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc) {
            reps = atoi(argv[++i]);
            if (reps < 1 || reps > MAX_REPS) {
                fprintf(stderr, "dmap_bench_bury_safewalk: --reps must be 1..%d\n", MAX_REPS);
                return 2;
            }
        } else {
            fprintf(stderr, "dmap_bench_bury_safewalk: unknown argument '%s'\n", argv[i]);
            return 2;
        }
    }
    if (quick) reps = reps > 3 ? 3 : reps;
    int bury_side = quick ? 256 : 4096, walk_side = quick ? 256 : 2048;
    int fails = bench_bury(bury_side, reps);
    fails += bench_safe_walk(walk_side, reps, dmap_moves_4(), "4");
    fails += bench_safe_walk(walk_side, reps, dmap_moves_octile(), "octile");
    return fails ? 1 : 0;
}
