/* blank_board.h — a board for scripted bomber tests: no blocks, items or effects, the 18 metal
 * blocks stacked in the corner (11,9), the players at the given cells. */
#ifndef BOMBER_TEST_BLANK_BOARD_H
#define BOMBER_TEST_BLANK_BOARD_H

#include "bomber.h"

static inline void blank(bomber_game *g, int x0, int y0, int x1, int y1) {
    bomber_new_game(g, 1, BOMBER_MAX_ITERATIONS);
    for (int i = 0; i < BOMBER_METAL; i++) g->metal[i][0] = 11, g->metal[i][1] = 9;
    g->nblocks = g->nammo = g->ntreasure = g->neffects = g->nbombs = g->nfires = 0;
    g->players[0].x = x0, g->players[0].y = y0;
    g->players[1].x = x1, g->players[1].y = y1;
}

#endif
