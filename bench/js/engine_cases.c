/* engine_cases.c — one round of the engine bench's small-board cases (and two larger open
 * grids), for comparing the same C program built natively and for WebAssembly
 * (native_vs_wasm.sh runs the two builds alternately). The boards are bench_engine.c's small
 * section's: the same generator, seed and construction. Each case times dmap_field for about
 * 20 ms of CPU time (calibrated on the first pass) and prints "case<TAB>ns per call".
 *
 *   engine_cases     (no arguments) */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "dmap.h"

static double cpu_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

/* n distinct passable goals (value 0) drawn from r, as bench_engine.c's pick_goals draws them. */
static size_t pick_goals(const dmap_grid *g, dmap_rng *r, size_t n, dmap_goal *goals) {
    size_t k = 0;
    int total = g->w * g->h;
    for (int tries = 0; k < n && tries < 100000; tries++) {
        int i = (int)dmap_rng_below(r, (uint32_t)total);
        int dup = g->wall[i];
        for (size_t j = 0; j < k; j++) dup |= goals[j].y * g->w + goals[j].x == i;
        if (dup) continue;
        goals[k].x = i % g->w;
        goals[k].y = i / g->w;
        goals[k].value = 0;
        k++;
    }
    return k;
}

/* Time dmap_field on g for about 20 ms; print the time per call. */
static int time_case(const char *name, const dmap_grid *g, dmap_moves m, const dmap_goal *goals,
                     size_t ngoals, dmap_workspace *ws) {
    double *v = malloc(sizeof *v * (size_t)g->w * (size_t)g->h);
    if (!v) return 1;
    long reps = 1;
    double ns = 0;
    for (;;) { /* warm up and calibrate: double the repetitions until a run lasts 20 ms */
        double t0 = cpu_ns();
        for (long k = 0; k < reps; k++)
            if (dmap_field(g, &m, goals, ngoals, DMAP_NO_CEILING, v, ws) != DMAP_OK) return 1;
        ns = cpu_ns() - t0;
        if (ns >= 20e6) break;
        reps *= 2;
    }
    printf("%s\t%.1f\n", name, ns / (double)reps);
    free(v);
    return 0;
}

int main(void) {
    dmap_workspace *ws;
    if (dmap_workspace_new(&ws) != DMAP_OK) return 1;
    dmap_rng r;
    dmap_rng_seed(&r, 1210);
    dmap_goal goals[8];
    dmap_grid g;
    int bad = 0;

    /* the 12x10 bomber board: 43 walls, 5 goals */
    dmap_grid_init(&g, 12, 10);
    for (int placed = 0; placed < 43;) {
        int i = (int)dmap_rng_below(&r, 120);
        if (!g.wall[i]) g.wall[i] = 1, placed++;
    }
    size_t n = pick_goals(&g, &r, 5, goals);
    bad |= time_case("12x10 bomber board, 5 goals, 4-conn", &g, dmap_moves_4(), goals, n, ws);
    dmap_grid_free(&g);

    /* the 8x8 pursuit-like board: 8 random walls, 1 goal */
    dmap_grid_init(&g, 8, 8);
    for (int k = 0; k < 8; k++) g.wall[dmap_rng_below(&r, 64)] = 1;
    n = pick_goals(&g, &r, 1, goals);
    bad |= time_case("8x8 board, 1 goal, 4-conn", &g, dmap_moves_4(), goals, n, ws);
    dmap_grid_free(&g);

    /* open 256x256, one goal in the middle: the general engines */
    dmap_grid_init(&g, 256, 256);
    dmap_goal mid = {128, 128, 0};
    bad |= time_case("open 256x256, 1 goal, 4-conn", &g, dmap_moves_4(), &mid, 1, ws);
    bad |= time_case("open 256x256, 1 goal, octile", &g, dmap_moves_octile(), &mid, 1, ws);
    dmap_grid_free(&g);

    dmap_workspace_free(ws);
    return bad;
}
