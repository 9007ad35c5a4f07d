/* bfs_bits.h — private: breadth-first search on small 4-connected grids with bitsets.
 *
 * Game boards (8x8 in the pursuit arena) are searched several times per tick. There a BFS
 * spends its time on unpredictable "already seen?" branches, one per neighbour. Here a whole
 * level advances at once: the frontier, the free cells and the seen cells are bitsets, and
 * the next level is (frontier shifted up, right, down and left) & free & ~seen — a few word
 * operations per level for an 8x8 board, no branch per cell. reach.c uses it for every
 * 4-connected search that does not ask for parents (the queue order decides the parents). */
#ifndef DMAP_BFS_BITS_H
#define DMAP_BFS_BITS_H

#include <stddef.h>
#include <stdint.h>

#include "dmap.h"

/* The largest grid (in cells) the bitset search takes: beyond it a level costs more word
 * operations than a queue spends on the cells it adds. Its bitsets live on the stack. */
enum { DMAP_BFS_BITS_MAX_CELLS = 1024, DMAP_BFS_BITS_WORDS = DMAP_BFS_BITS_MAX_CELLS / 64 };

/* Nonzero when dmap_bfs_bits handles grid g under moves m (4-connected, small enough). The
 * grid and moves must already be checked. */
int dmap_bfs_bits_fits(const dmap_grid *g, const dmap_moves *m);

/* BFS over the passable cells from the sources (valid passable cells, checked by the caller),
 * 4-connected. depth (w*h ints, may be NULL) gets the step count of every reached cell and -1
 * elsewhere; seen (DMAP_BFS_BITS_WORDS words, may be NULL) gets the reached cells as bits
 * (cell i is bit i % 64 of word i / 64). The search stops after max_depth levels (< 0: no
 * limit) and, when target >= 0, as soon as target is reached; returns 1 then, else 0
 * (outputs then describe the levels searched so far). */
int dmap_bfs_bits(const dmap_grid *g, const int *sources, size_t nsources, int max_depth,
                  int target, int *depth, uint64_t *seen);

#endif
