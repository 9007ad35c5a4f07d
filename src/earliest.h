/* earliest.h — private: the earliest-arrival search from one cell that threat maps and the safe
 * walk share (threat.c, safewalk.c).
 *
 * Label-setting like the scan engine: with unit cell costs it merges one FIFO queue per
 * distinct step weight (values come out of each FIFO nondecreasing, so the smallest head is
 * the next cell to settle) in O(N); with a cost array it uses an indexed binary heap. */
#ifndef DMAP_EARLIEST_H
#define DMAP_EARLIEST_H

#include "dmap.h"

typedef struct earliest_query {
    const dmap_grid *g;
    const dmap_moves *m;
    int start;
    double start_time;
    double limit;           /* arrivals above limit are not recorded (+INFINITY: no limit) */
    const double *deadline; /* NULL, or W*H: a cell c may be entered only at t < deadline[c] */
    double *arrival;        /* out: W*H, +INFINITY where not reached */
    int *parent;            /* out (may be NULL): W*H, -1 where none */
    size_t reached;         /* out: the number of cells reached (start included) */
} earliest_query;

/* Validate the grid, moves and start (DMAP_ERR_ARG/SIZE/VALUE/RANGE/WALL); O(N) with costs. */
int earliest_check(const dmap_grid *g, const dmap_moves *m, int start);

/* Run the search (arguments already checked). Uses workspace slot DMAP_WS_SEARCH_C.
 * Returns DMAP_OK or DMAP_ERR_NOMEM. */
int earliest_arrival(earliest_query *q, dmap_workspace *ws);

#endif
