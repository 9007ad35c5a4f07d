/* reference_scan.h — the classic sweep-until-stable loop, the oracle the engine must agree with. */
#ifndef DMAP_REFERENCE_SCAN_H
#define DMAP_REFERENCE_SCAN_H

#include "dmap.h"

/* Sweep every passable cell c in row-major order, lowering v(c) to v(n) + step(n->c) for any
 * passable neighbour n that the move rules allow, until a whole sweep changes nothing.
 * Returns the number of sweeps, or -1 on invalid arguments. O(N * D * sweeps): slow on
 * purpose, because it is the plainest statement of the rule. */
int reference_scan(const dmap_grid *g, const dmap_moves *m, double *values);

#endif
