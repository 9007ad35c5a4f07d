/* downhill.c — rolling downhill on a map: the best moves from a cell, a fair random pick among
 * tied ones, and whole paths down to a local minimum.
 *
 * The classic Dijkstra-map agent "moves to the lowest adjacent value, stays when its own cell is
 * lowest, and chooses randomly among ties". All tied options are returned as a bitmask over
 * dmap_dir so a caller can filter them further; randomness comes only from the caller's
 * dmap_rng. */
#include <math.h>

#include "bits.h"
#include "dmap.h"

/* Shared argument checks of the downhill functions. */
static int check_cell(const dmap_grid *g, const dmap_moves *m, const double *values, int cell) {
    if (!g || !g->wall || !values) return DMAP_ERR_ARG;
    if (g->w <= 0 || g->h <= 0 || (int64_t)g->w * (int64_t)g->h > DMAP_MAX_CELLS)
        return DMAP_ERR_SIZE;
    if (dmap_moves_check(m) != DMAP_OK) return DMAP_ERR_ARG;
    if (cell < 0 || (int64_t)cell >= (int64_t)g->w * g->h) return DMAP_ERR_RANGE;
    if (g->wall[cell]) return DMAP_ERR_WALL;
    if (isnan(values[cell])) return DMAP_ERR_VALUE;
    return DMAP_OK;
}

/* The options bitmask, arguments already checked. */
static unsigned best_options(const dmap_grid *g, const dmap_moves *m, const double *values,
                             int cell, const unsigned char *blocked) {
    double best = values[cell];
    unsigned options = 1u << DMAP_STAY;
    int ndirs = m->connectivity == 8 ? 8 : 4;
    for (int d = 1; d <= ndirs; d++) {
        int next = dmap_step(g, m, cell, (dmap_dir)d);
        if (next < 0 || (blocked && blocked[next])) continue;
        double v = values[next];
        if (v < best) {
            best = v;
            options = 1u << d;
        } else if (v == best) {
            options |= 1u << d;
        }
    }
    return options;
}

int dmap_downhill_options(const dmap_grid *g, const dmap_moves *m, const double *values,
                          int cell, const unsigned char *blocked, unsigned *options) {
    if (!options) return DMAP_ERR_ARG;
    int rc = check_cell(g, m, values, cell);
    if (rc != DMAP_OK) return rc;
    *options = best_options(g, m, values, cell, blocked);
    return DMAP_OK;
}

int dmap_pick_option(unsigned options, dmap_rng *rng, dmap_dir *dir) {
    if (!rng || !dir || options == 0 || (options >> DMAP_DIR_COUNT) != 0) return DMAP_ERR_ARG;
    int count = bits_count(options);
    int k = count == 1 ? 0 : (int)dmap_rng_below(rng, (uint32_t)count);
    *dir = (dmap_dir)bits_nth(options, k);
    return DMAP_OK;
}

int dmap_downhill_path(const dmap_grid *g, const dmap_moves *m, const double *values, int from,
                       const unsigned char *blocked, dmap_rng *rng, int *path, size_t cap,
                       size_t *len) {
    if (!len || (cap > 0 && !path)) return DMAP_ERR_ARG;
    int rc = check_cell(g, m, values, from);
    if (rc != DMAP_OK) return rc;
    size_t count = 0;
    int cell = from;
    for (;;) {
        if (count < cap) path[count] = cell;
        count++;
        unsigned options = best_options(g, m, values, cell, blocked);
        /* Staying is among the best: no neighbour is strictly lower, this is the end. */
        if (options & (1u << DMAP_STAY)) break;
        dmap_dir d = (dmap_dir)bits_lowest(options);
        if (rng) dmap_pick_option(options, rng, &d);
        /* Every step goes strictly lower, so no cell repeats and the walk ends within N. */
        cell = dmap_step(g, m, cell, d);
    }
    *len = count;
    return count > cap ? DMAP_ERR_LIMIT : DMAP_OK;
}
