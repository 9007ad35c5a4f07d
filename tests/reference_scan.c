/* reference_scan.c — the classic Dijkstra-map rule as a sweep loop, as the Dijkstra-map article
 * and the Gambit bomber bot state it: "for each cell, if a neighbour is lower by more than the
 * step, set it to neighbour + step; repeat until no changes". Written for obviousness, never for
 * speed. */
#include "reference_scan.h"

int reference_scan(const dmap_grid *g, const dmap_moves *m, double *values) {
    if (dmap_grid_check(g) != DMAP_OK || dmap_moves_check(m) != DMAP_OK || !values) return -1;
    int sweeps = 0;
    int changed = 1;
    while (changed) {
        changed = 0;
        sweeps++;
        for (int c = 0; c < g->w * g->h; c++) {
            if (g->wall[c]) continue;
            double entry = g->cost ? g->cost[c] : 1.0;
            for (int d = DMAP_UP; d < DMAP_DIR_COUNT; d++) {
                /* n is a neighbour that may step into c: the step c -> n is legal and moves
                 * are symmetric, so n -> c is too. */
                int n = dmap_step(g, m, c, (dmap_dir)d);
                if (n < 0) continue;
                double weight = d >= DMAP_UP_RIGHT ? m->diagonal : m->cardinal;
                double candidate = values[n] + weight * entry;
                if (candidate < values[c]) {
                    values[c] = candidate;
                    changed = 1;
                }
            }
        }
    }
    return sweeps;
}
