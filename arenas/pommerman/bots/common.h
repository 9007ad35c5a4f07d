/* common.h — what the toolkit bots (tutorial, dmap) read off an observation: walkable grids and
 * the real blast of bombs (rays that stop before rigid walls, at wood), with chain reactions
 * resolved into the step at which each cell will burn. */
#ifndef POMMERMAN_BOTS_COMMON_H
#define POMMERMAN_BOTS_COMMON_H

#include "pommerman.h"

#define PMB_NEVER 1e9

/* A bomb as the bots see it (from the observation's maps, or one they imagine laying). */
typedef struct pmb_bomb {
    int cell, blast;
    int life; /* steps until it explodes: it burns in the state after `life` more steps */
} pmb_bomb;

/* The bombs of an observation in row-major order; returns the count. */
int pmb_bombs(const pm_obs *o, pmb_bomb *out);

/* Marks the cells a bomb's flames would cover (the engine's rays on o's board). */
void pmb_mark_blast(const pm_obs *o, int cell, int blast, unsigned char *mark);

/* burn[c] = the earliest t (steps from now) at which cell c is in new flames, chains resolved
 * (a bomb in an earlier blast explodes with it), PMB_NEVER when no bomb reaches it. */
void pmb_burn_times(const pm_obs *o, pmb_bomb *bombs, int n, double *burn);

/* The grid the agent can walk on: passages, power-ups and its own cell; walls, wood, bombs,
 * other agents and flames that will still burn next step are blocked. g must be size x size. */
void pmb_walk_grid(const pm_obs *o, dmap_grid *g);

/* The cell one action leads to (the action's next cell), or -1 off board; Stop and Bomb keep. */
int pmb_next_cell(int size, int cell, int action);

#endif
