/* blast.h — what the bots `simple` and `gambit2` know about bombs: timers are hidden, so they
 * remember the tick each bomb was first seen (a bomb first seen in the state after tick t was
 * placed in tick t, becomes fire at the end of tick t+34 and its fire hurts in tick t+35),
 * follow chain reactions (a bomb in another's blast goes off the tick after it), and ask dmap's
 * safe walk whether a cell outside every blast can be reached before the fire comes. */
#ifndef BOMBER_BLAST_H
#define BOMBER_BLAST_H

#include "bomber.h"
#include "dmap.h"

#define BLAST_NEVER 1000000

typedef struct blast_memory {
    int n;
    struct { int x, y, first, gone; } b[BOMBER_MAX_BOMBS]; /* gone: tick it vanished, or -1 */
} blast_memory;

/* Update the memory with the bombs of a view (new ones get first = v->tick_number). A bomb
 * that vanished in the tick just played exploded at its end: its fire (invisible to agents)
 * hurts in the next tick, so it is kept, marked gone, for this one call. */
void blast_remember(blast_memory *m, const bomber_view *v);

/* hurt[c]: the first tick in which fire hurts cell c (BLAST_NEVER if no known bomb reaches it).
 * extra (may be NULL): one more bomb {x, y} first seen at tick extra_first (a bomb I am about to
 * place: extra_first = v->tick_number + 1). blocked_extra: cells that stop rays as bombs do. */
void blast_hurt_ticks(const bomber_view *v, const blast_memory *m, const int *extra,
                      int extra_first, int hurt[BOMBER_CELLS]);

/* The cells the fire of a bomb on (x, y) reaches with the view's blocks and bombs stopping
 * rays (burnt, then stop), as the engine's _start_fire with radius 2: writes up to 9 cells. */
int blast_cells(const bomber_view *v, int x, int y, int out[9]);

/* Walls for movement: blocks, bombs and the other players (my own cell stays passable). */
void blast_walls(const bomber_view *v, unsigned char wall[BOMBER_CELLS]);

/* From cell `from`, entered at step `t0` after the current state (1 = the next tick), is a
 * cell that no fire reaches (hurt BLAST_NEVER) reachable, every cell on the way entered before
 * its fire? Returns the number of steps to the nearest such cell (0 when `from` is one), or -1.
 * first_step (may be NULL) gets the first cell of that path after `from` (from itself when 0).
 * arrival/parent are scratch (BOMBER_CELLS each). When the walk could not get its memory,
 * *err (never NULL) becomes DMAP_ERR_NOMEM and -1 is returned. */
int blast_escape(const dmap_grid *g, const int hurt[BOMBER_CELLS], int now, int from, int t0,
                 dmap_workspace *ws, int *first_step,
                 int *err);

#endif
