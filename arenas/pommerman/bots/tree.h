/* tree.h — a depth-limited tree search on the engine (pm_step) for the search bot's `tree` mode:
 * my actions to a depth, the near enemies' replies at the first step (the nearest of them at the
 * second step too) as min nodes (plus a small weight on their mean), every other agent on a
 * deterministic policy, the leaves scored by the caller. Iterative deepening under a cap of
 * engine steps keeps it deterministic. */
#ifndef POMMERMAN_BOTS_TREE_H
#define POMMERMAN_BOTS_TREE_H

#include "pommerman.h"

#define PMT_MAX_DEPTH 8  /* my actions on a path, the root's included */
#define PMT_MAX_BRANCH 2 /* enemies replying at the first step */

/* What the caller knows: the actions of the agents that do not branch (every agent's entry
 * filled; mine and the repliers' are overwritten) and a leaf's worth (my side's view). */
typedef struct pmt_hooks {
    void *ctx;
    void (*others)(void *ctx, const pm_state *s, int *actions);
    double (*leaf)(void *ctx, const pm_state *s);
} pmt_hooks;

typedef struct pmt_search {
    int me;
    int depth;                   /* my actions on a path, the root's included (1..PMT_MAX_DEPTH) */
    int nbranch;                 /* enemies replying at the first step (0..PMT_MAX_BRANCH) */
    int branch[PMT_MAX_BRANCH];  /* their ids */
    long max_steps;              /* engine steps a decision may play (the deterministic budget) */
    double mean;                 /* the weight of the replies' mean beside their worst */
    int keep;                    /* 1: after the first step a replier whose reply was a move
                                  * makes it again while the caller's policy has it stand */
    int play_on;                 /* 1: only the step limit ends a path (the root has no enemy, so
                                  * the engine calls the game decided from the start) */
    int deep[PMT_MAX_BRANCH];    /* 1: branch[e] replies at the second step as well (a min node over
                                  * its actions under each of my second actions) */
} pmt_search;

/* The worth of each of my candidate actions (cands[0..nc-1]) in values: the deepest search
 * completed within max_steps (depth 1 always completes). Returns that depth; *steps: the
 * engine steps played. */
int pmt_values(const pmt_search *t, const pmt_hooks *h, const pm_state *root, const int *cands, int nc,
               double *values, long *steps);

#endif
