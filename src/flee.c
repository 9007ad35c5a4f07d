/* flee.c — flee maps: multiply a "towards the threat" map by a negative factor and rescan.
 *
 * Negating a Dijkstra map alone makes an agent run to whatever cell is farthest from the threat,
 * often the back of a dead end. Rescanning the scaled map lets every cell be pulled down by deep
 * cells elsewhere (value + path length), so the agent prefers routes that keep options open: the
 * Dijkstra-map article's flee trick, with a factor of about -1.2. The scan does the real work; this
 * file checks, scales and hands over. */
#include <math.h>

#include "dmap.h"
#include "grid.h"

int dmap_flee(const dmap_grid *g, const dmap_moves *m, const double *src, double factor,
              double *dst, dmap_workspace *ws) {
    if (!g || !g->wall || !src || !dst) return DMAP_ERR_ARG;
    if (g->w <= 0 || g->h <= 0 || (int64_t)g->w * (int64_t)g->h > DMAP_MAX_CELLS)
        return DMAP_ERR_SIZE;
    if (dmap_moves_check(m) != DMAP_OK) return DMAP_ERR_ARG;
    if (!isfinite(factor)) return DMAP_ERR_VALUE;
    if (!(factor < 0)) return DMAP_ERR_ARG;
    int rc = dmap_grid_check(g);
    if (rc != DMAP_OK) return rc;
    if ((rc = dmap_grid_check_steps(g, m)) != DMAP_OK) return rc;
    size_t n = (size_t)g->w * (size_t)g->h;
    /* Check everything the scan could reject before dst is touched. A +inf source (no threat
     * reaches the cell) stays +inf: the cell has no start value of its own. */
    for (size_t i = 0; i < n; i++) {
        if (g->wall[i] || src[i] == INFINITY) continue;
        if (!isfinite(src[i]) || !isfinite(factor * src[i])) return DMAP_ERR_VALUE;
    }
    for (size_t i = 0; i < n; i++)
        if (!g->wall[i]) dst[i] = src[i] == INFINITY ? INFINITY : factor * src[i];
    return dmap_scan(g, m, dst, ws);
}
