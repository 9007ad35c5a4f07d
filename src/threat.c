/* threat.c — threat maps (when can one enemy be at each cell) and timing maps (the earliest
 * of all enemies), the first two maps of the Code of Kutulu post-mortem.
 *
 * A threat map is the scan engine's search from the enemy's cell (scan.h), stopped at the
 * cutoff distance, with the spawn delay added afterwards (so a threat equals a Dijkstra map from
 * the enemy plus the delay, cell for cell). */
#include <math.h>

#include "scan.h"
#include "workspace.h"

static int check_enemy(const dmap_grid *g, const dmap_moves *m, int from, double delay,
                       double cutoff) {
    int rc = scan_search_check(g, m, from);
    if (rc != DMAP_OK) return rc;
    if (!isfinite(delay) || delay < 0) return DMAP_ERR_VALUE;
    if (isnan(cutoff) || cutoff < 0) return DMAP_ERR_VALUE;
    return DMAP_OK;
}

/* The search itself, arguments checked, ws not NULL. */
static int threat_into(const dmap_grid *g, const dmap_moves *m, int from, double delay,
                       double cutoff, double *threat, dmap_workspace *ws) {
    scan_search q = {from, 0.0, cutoff, NULL, threat, NULL, 0};
    int rc = scan_search_run(g, m, &q, ws);
    if (rc != DMAP_OK || delay == 0) return rc;
    size_t n = (size_t)g->w * (size_t)g->h;
    for (size_t i = 0; i < n; i++) threat[i] += delay; /* +inf stays +inf */
    return DMAP_OK;
}

int dmap_threat_map(const dmap_grid *g, const dmap_moves *m, int from, double delay,
                    double cutoff, double *threat, dmap_workspace *ws) {
    if (!threat) return DMAP_ERR_ARG;
    int rc = check_enemy(g, m, from, delay, cutoff);
    if (rc != DMAP_OK) return rc;
    dmap_workspace *own = NULL;
    if (!(ws = dmap_ws_or_temporary(ws, &own))) return DMAP_ERR_NOMEM;
    rc = threat_into(g, m, from, delay, cutoff, threat, ws);
    dmap_workspace_free(own);
    return rc;
}

int dmap_timing_map(const dmap_grid *g, const dmap_moves *m, const dmap_enemy *enemies,
                    size_t n, double *timing, dmap_workspace *ws) {
    if (!g || !m || !timing || (n > 0 && !enemies)) return DMAP_ERR_ARG;
    int rc = DMAP_OK;
    for (size_t e = 0; e < n && rc == DMAP_OK; e++)
        rc = check_enemy(g, m, enemies[e].cell, enemies[e].delay, enemies[e].cutoff);
    if (rc != DMAP_OK) return rc;
    if (n == 0) { /* validate the grid anyway, so n never changes what is accepted */
        if (dmap_moves_check(m) != DMAP_OK) return DMAP_ERR_ARG;
        if ((rc = dmap_grid_check(g)) != DMAP_OK) return rc;
    }
    size_t cells = (size_t)g->w * (size_t)g->h, bytes;
    for (size_t i = 0; i < cells; i++) timing[i] = INFINITY;
    if (n == 0) return DMAP_OK;
    if (!dmap_mul_size(cells, sizeof(double), &bytes)) return DMAP_ERR_SIZE;

    dmap_workspace *own = NULL;
    if (!(ws = dmap_ws_or_temporary(ws, &own))) return DMAP_ERR_NOMEM;
    double *one = (double *)dmap_ws_buffer(ws, DMAP_WS_SEARCH_D, bytes, 0);
    rc = one ? DMAP_OK : DMAP_ERR_NOMEM;
    for (size_t e = 0; e < n && rc == DMAP_OK; e++) {
        rc = threat_into(g, m, enemies[e].cell, enemies[e].delay, enemies[e].cutoff, one, ws);
        for (size_t i = 0; i < cells && rc == DMAP_OK; i++)
            if (one[i] < timing[i]) timing[i] = one[i];
    }
    dmap_workspace_free(own);
    return rc;
}
