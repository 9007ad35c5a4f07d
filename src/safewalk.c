/* safewalk.c — the safe walk of the Code of Kutulu post-mortem: where can I go, arriving strictly
 * before any enemy, and by which path; plus reading a path out of a parent tree.
 *
 * Earliest arrival is the right label: arriving earlier at a cell never hurts (the deadline
 * test t < timing[c] only gets easier and every continuation gets earlier too), so the
 * label-setting search with the deadline as an entry test is exact, and waiting is never
 * useful. The search is the scan engine's (scan.h) with the timing map as deadlines. */
#include <math.h>

#include "scan.h"
#include "workspace.h"

static int check_timing(const dmap_grid *g, const double *timing) {
    size_t n = (size_t)g->w * (size_t)g->h;
    for (size_t i = 0; i < n; i++)
        if (!g->wall[i] && isnan(timing[i])) return DMAP_ERR_VALUE;
    return DMAP_OK;
}

int dmap_safe_walk(const dmap_grid *g, const dmap_moves *m, const double *timing, int start,
                   double start_time, double *arrival, int *parent, size_t *nsafe,
                   dmap_workspace *ws) {
    if (!timing || !arrival) return DMAP_ERR_ARG;
    int rc = scan_search_check(g, m, start);
    if (rc != DMAP_OK) return rc;
    if (!isfinite(start_time)) return DMAP_ERR_VALUE;
    if ((rc = check_timing(g, timing)) != DMAP_OK) return rc;
    dmap_workspace *own = NULL;
    if (!(ws = dmap_ws_or_temporary(ws, &own))) return DMAP_ERR_NOMEM;
    scan_search q = {start, start_time, INFINITY, timing, arrival, parent, 0};
    rc = scan_search_run(g, m, &q, ws);
    if (rc == DMAP_OK && nsafe) *nsafe = q.reached;
    dmap_workspace_free(own);
    return rc;
}

int dmap_parent_path(const int *parent, const double *arrival, size_t nnodes, int to, int *path,
                     size_t cap, size_t *len) {
    if (!parent || !arrival || !len || (cap > 0 && !path)) return DMAP_ERR_ARG;
    *len = 0;
    if (to < 0 || (size_t)to >= nnodes) return DMAP_ERR_RANGE;
    if (isnan(arrival[to])) return DMAP_ERR_VALUE;
    if (arrival[to] == INFINITY) return DMAP_OK;
    size_t count = 1;
    for (int v = to; parent[v] != -1; v = parent[v]) {
        if (parent[v] < 0 || (size_t)parent[v] >= nnodes || count >= nnodes) return DMAP_ERR_ARG;
        count++;
    }
    *len = count;
    if (count > cap) return DMAP_ERR_LIMIT;
    size_t i = count;
    for (int v = to;; v = parent[v]) {
        path[--i] = v;
        if (parent[v] == -1) break;
    }
    return DMAP_OK;
}
