/* grid.h — private: the check every scan-based search makes of a grid and its move rules
 * together (the grid alone is dmap_grid_check). */
#ifndef DMAP_GRID_H
#define DMAP_GRID_H

#include "dmap.h"

/* dmap_grid_check, dmap_moves_check (its DMAP_ERR_ARG), and every step size a scan can take —
 * weight x entry cost, for the cardinal weight and (8-connected) the diagonal one — a finite
 * number > 0: DMAP_ERR_VALUE when a product overflows to infinity or underflows to 0. The
 * products are monotonic in the cost, so the smallest and largest passable costs decide.
 * O(1) for unit costs, one pass over the costs otherwise. */
int dmap_grid_check_steps(const dmap_grid *g, const dmap_moves *m);

/* Nonzero when cost is a valid entry cost under moves m (checked): finite, > 0, and every
 * weight x cost step finite and > 0. For edits of one cell's cost (live maps, map cache). */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((unused)) /* used by live maps and the cache only (single-file builds) */
#endif
int dmap_cost_fits(const dmap_moves *m, double cost);

/* dmap_step for a caller that has checked g (dmap_grid_check), m (dmap_moves_check), d (a
 * dmap_dir) and that `from` is a passable cell of g: the same cell or -1, without the checks. */
int dmap_step_valid(const dmap_grid *g, const dmap_moves *m, int from, dmap_dir d);

#endif
