/* bench_algebra_bfs.c — benchmark of map algebra and BFS: the weighted sum of 8 maps of 1000x1000
 * (G cell*maps per second, against two plain loops for context) and BFS depths against the scan
 * on the same grid (both with a reused workspace). Each figure is the median of K runs after a
 * warm-up. The results are checked (sum vs plain loop, BFS depths vs scan values) and a
 * disagreement fails the run (exit 1); missing the speed target never does.
 *
 * usage: dmap_bench_algebra_bfs [--quick] [--reps K]     (--quick: 200x200, for ctest) */

#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include "bench_util.h"
#include "dmap.h"

#define NMAPS 8
#define TARGET_GCELLMAPS 1.0
#define MAX_REPS 64

typedef struct sum_ctx {
    const dmap_grid *g;
    double *maps[NMAPS];
    double weights[NMAPS];
    double *dst;
} sum_ctx;

/* The three ways of summing, timed side by side. */
static void run_library(sum_ctx *c) {
    dmap_weighted_sum(c->g, (const double *const *)c->maps, c->weights, NMAPS, c->dst);
}

static void run_cell_major(sum_ctx *c) { /* for each cell, for each map */
    size_t n = (size_t)c->g->w * (size_t)c->g->h;
    for (size_t i = 0; i < n; i++) {
        if (c->g->wall[i]) continue;
        double acc = 0.0;
        for (int k = 0; k < NMAPS; k++) acc += c->weights[k] * c->maps[k][i];
        c->dst[i] = acc;
    }
}

static void run_map_major(sum_ctx *c) { /* for each map, a whole pass over dst */
    size_t n = (size_t)c->g->w * (size_t)c->g->h;
    for (size_t i = 0; i < n; i++)
        if (!c->g->wall[i]) c->dst[i] = 0.0;
    for (int k = 0; k < NMAPS; k++)
        for (size_t i = 0; i < n; i++)
            if (!c->g->wall[i]) c->dst[i] += c->weights[k] * c->maps[k][i];
}

/* The bandwidth floor: only read the same 8 maps, as raw 64-bit words folded by XOR (no
 * floating-point dependency chain, so the loop runs at memory speed). */
static volatile uint64_t read_sink;
static void run_read_only(sum_ctx *c) {
    size_t n = (size_t)c->g->w * (size_t)c->g->h;
    uint64_t x = 0;
    for (int k = 0; k < NMAPS; k++) {
        const double *m = c->maps[k];
        for (size_t i = 0; i < n; i++) {
            uint64_t bits;
            memcpy(&bits, &m[i], sizeof bits);
            x ^= bits;
        }
    }
    read_sink = x;
}

#define NMETHODS 4
/* Time the methods interleaved (one run of each per round) so that the drift of a shared
 * machine hits them alike; medians over the rounds. Method 0 runs last in each round so the
 * result it leaves in dst is the library's. */
static void time_sums(void (*const fn[NMETHODS])(sum_ctx *), sum_ctx *c, int reps,
                      double med[NMETHODS]) {
    double t[NMETHODS][MAX_REPS];
    for (int r = -1; r < reps; r++) /* r = -1: warm-up */
        for (int f = NMETHODS - 1; f >= 0; f--) {
            double t0 = now_ms();
            fn[f](c);
            if (r >= 0) t[f][r] = now_ms() - t0;
        }
    for (int f = 0; f < NMETHODS; f++) med[f] = median(t[f], reps);
}

static int bench_sum(const dmap_grid *g, int reps, dmap_rng *rng) {
    size_t n = (size_t)g->w * (size_t)g->h;
    sum_ctx c = {.g = g};
    double *expect = malloc(n * sizeof *expect);
    c.dst = malloc(n * sizeof *c.dst);
    int ok = expect && c.dst;
    for (int k = 0; k < NMAPS && ok; k++) {
        c.maps[k] = malloc(n * sizeof *c.maps[k]);
        ok = c.maps[k] != NULL;
        for (size_t i = 0; ok && i < n; i++) c.maps[k][i] = 100.0 * dmap_rng_unit(rng);
        c.weights[k] = 2.0 * dmap_rng_unit(rng) - 1.0;
    }
    if (!ok) {
        fprintf(stderr, "bench: out of memory\n");
        return 2;
    }
    run_cell_major(&c);
    memcpy(expect, c.dst, n * sizeof *expect);
    void (*const fn[NMETHODS])(sum_ctx *) = {run_library, run_cell_major, run_map_major,
                                             run_read_only};
    double med[NMETHODS];
    time_sums(fn, &c, reps, med);
    double lib = med[0], cell = med[1], map = med[2], floor_ms = med[3];
    double worst = 0;
    for (size_t i = 0; i < n; i++)
        if (!g->wall[i]) worst = fmax(worst, fabs(expect[i] - c.dst[i]));
    double cellmaps = (double)n * NMAPS;
    printf("weighted sum, %d maps of %dx%d (%d runs, median):\n", NMAPS, g->w, g->h, reps);
    printf("  dmap_weighted_sum   %8.3f ms  %6.2f G cell*maps/s  target %.1f: %s\n", lib,
           cellmaps / (lib * 1e6), TARGET_GCELLMAPS,
           cellmaps / (lib * 1e6) >= TARGET_GCELLMAPS ? "PASS" : "MISS");
    printf("  plain, cell-major   %8.3f ms  %6.2f G cell*maps/s  (x%.2f of dmap's time)\n", cell,
           cellmaps / (cell * 1e6), cell / lib);
    printf("  plain, map-major    %8.3f ms  %6.2f G cell*maps/s  (x%.2f of dmap's time)\n", map,
           cellmaps / (map * 1e6), map / lib);
    printf("  only reading the 8 maps %8.3f ms  %6.2f G cell*maps/s  (the memory-bandwidth "
           "floor; dmap at %.0f%% of it)\n",
           floor_ms, cellmaps / (floor_ms * 1e6), 100.0 * floor_ms / lib);
    printf("  agreement with the plain loop: max |diff| %.3g %s\n", worst,
           worst <= 1e-9 ? "ok" : "MISMATCH");
    for (int k = 0; k < NMAPS; k++) free(c.maps[k]);
    free(c.dst);
    free(expect);
    return worst <= 1e-9 ? 0 : 1;
}

static int bench_bfs(const dmap_grid *g, dmap_moves m, const char *label, int reps) {
    size_t n = (size_t)g->w * (size_t)g->h;
    int *depth = malloc(n * sizeof *depth);
    double *values = malloc(n * sizeof *values);
    dmap_workspace *ws = NULL;
    dmap_workspace_new(&ws);
    if (!depth || !values || !ws) {
        fprintf(stderr, "bench: out of memory\n");
        return 2;
    }
    int src = 0;
    dmap_goal goal = {0, 0, 0};
    double tb[MAX_REPS], ts[MAX_REPS];
    int rc = 0;
    for (int r = -1; r < reps; r++) { /* r = -1: warm-up */
        double t0 = now_ms();
        rc |= dmap_bfs(g, &m, &src, 1, -1, depth, NULL, ws);
        double t1 = now_ms();
        rc |= dmap_field(g, &m, &goal, 1, 1e9, values, ws);
        double t2 = now_ms();
        if (r >= 0) tb[r] = t1 - t0, ts[r] = t2 - t1;
    }
    long mismatches = 0, reached = 0;
    for (size_t i = 0; i < n; i++) {
        if (g->wall[i]) continue;
        double expect = values[i] >= 1e9 ? -1 : values[i];
        mismatches += depth[i] != expect;
        reached += depth[i] >= 0;
    }
    double bfs = median(tb, reps), scan = median(ts, reps);
    printf("BFS vs scan, %dx%d, %s, %ld cells reached (%d runs, median):\n", g->w, g->h, label,
           reached, reps);
    printf("  dmap_bfs            %8.3f ms  %7.1f M cells/s\n", bfs, reached / (bfs * 1e3));
    printf("  dmap_field (scan)   %8.3f ms  %7.1f M cells/s  (x%.2f of BFS's time)\n", scan,
           reached / (scan * 1e3), scan / bfs);
    printf("  BFS depths == scan values: %s\n", rc == 0 && mismatches == 0 ? "ok" : "MISMATCH");
    free(depth);
    free(values);
    dmap_workspace_free(ws);
    return rc == 0 && mismatches == 0 ? 0 : 1;
}

int main(int argc, char **argv) {
    int side = 1000, reps = 9;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--quick") == 0) {
            side = 200;
            reps = 3;
        } else if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc) {
            reps = atoi(argv[++i]);
            if (reps < 1 || reps > MAX_REPS) {
                fprintf(stderr, "bench: --reps must be 1..%d\n", MAX_REPS);
                return 2;
            }
        } else {
            fprintf(stderr, "bench: unknown argument '%s' (usage: [--quick] [--reps K])\n",
                    argv[i]);
            return 2;
        }
    }
    dmap_grid g;
    if (dmap_grid_init(&g, side, side) != DMAP_OK) {
        fprintf(stderr, "bench: out of memory\n");
        return 2;
    }
    dmap_rng rng;
    dmap_rng_seed(&rng, 42);
    /* 20% random walls: a cave-like grid where most cells connect. */
    for (int i = 1; i < side * side; i++) g.wall[i] = dmap_rng_unit(&rng) < 0.2;
    int rc = bench_sum(&g, reps, &rng);
    dmap_moves unit8 = dmap_moves_8();
    if (!rc) rc = bench_bfs(&g, dmap_moves_4(), "4-connected", reps);
    if (!rc) rc = bench_bfs(&g, unit8, "8-connected unit steps", reps);
    dmap_grid_free(&g);
    return rc;
}
