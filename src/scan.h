/* scan.h — private: the scan engine run as a single-source search with deadlines, a limit and
 * a parent tree. Threat maps (threat.c) and the safe walk (safewalk.c) are this search, so
 * dmap has one label-setting engine, not one per feature. */
#ifndef DMAP_SCAN_H
#define DMAP_SCAN_H

#include "dmap.h"

/* Helpers used by only some of the library's files: in a single-file build that carries only
 * part of the library (scripts/amalgamate --single-file) they may be unused. */
#if defined(__GNUC__) || defined(__clang__)
#define SCAN_MAYBE_UNUSED __attribute__((unused))
#else
#define SCAN_MAYBE_UNUSED
#endif

typedef struct scan_search {
    int start;              /* the source cell (checked by scan_search_check) */
    double start_time;      /* its value */
    double limit;           /* values above limit are never entered (+INFINITY: no limit) */
    const double *deadline; /* NULL, or W*H: a cell may be entered only at a value < deadline */
    double *arrival;        /* out: W*H, +INFINITY where not reached (walls included) */
    int *parent;            /* out (may be NULL): W*H, the cell each value came from, or -1 */
    size_t reached;         /* out: cells reached, the start included */
} scan_search;

/* Check the grid, the moves and the start cell: DMAP_OK or ARG/SIZE/VALUE/RANGE/WALL. */
int scan_search_check(const dmap_grid *g, const dmap_moves *m, int start);

/* Run a checked search (ws not NULL). Values grow from the start by the scan's steps exactly
 * as in dmap_scan. Returns DMAP_OK or DMAP_ERR_NOMEM. */
int scan_search_run(const dmap_grid *g, const dmap_moves *m, scan_search *q, dmap_workspace *ws);

/* Resume the engine on a caller's padded work array (row length w + 2, one border row and
 * column on every side; -inf on walls and the border; every other cell a finite value or
 * +inf) for a grid with unit costs (g->cost NULL): every cell c becomes
 * min(work[c], min over seeds s of work[s] + dist(s, c)), exactly as a scan computes it.
 * seeds are padded indices in any order. The live maps' re-lowering phase runs on this, at
 * the scan's speed. Returns DMAP_OK, DMAP_ERR_ARG (g has costs) or DMAP_ERR_NOMEM. */
int scan_resume(const dmap_grid *g, const dmap_moves *m, double *work, const int32_t *seeds,
                size_t nseeds, dmap_workspace *ws) SCAN_MAYBE_UNUSED;

/* dmap_field's engine run, after its argument checks (field.c): fill with dflt, seed the goals,
 * scan, walls get dflt. */
int scan_field(const dmap_grid *g, const dmap_moves *m, const dmap_goal *goals, size_t ngoals,
               double dflt, double *values, dmap_workspace *ws) SCAN_MAYBE_UNUSED;

/* dmap_field's raster sweeps (sweep.c), for octile moves on grids with at most 1 % walls:
 * 1 when the sweeps settled values (the scan's bits), 2 when the scan had to finish the map
 * after them (the same bits), 0 when they do not apply (values untouched: run the scan), or
 * DMAP_ERR_NOMEM. Arguments are checked by dmap_field. Not in a compact build (DMAP_COMPACT). */
int sweep_field(const dmap_grid *g, const dmap_moves *m, const dmap_goal *goals, size_t ngoals,
                double dflt, double *values, dmap_workspace *ws) SCAN_MAYBE_UNUSED;

#endif
