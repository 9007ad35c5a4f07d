/* greedy.c — the predator `greedy`, what a student writes first: the move that brings it
 * closest to the prey in straight-line (Manhattan) distance, ignoring obstacles, the prey's
 * rest clocks and ties: the first best move in the fixed order u d l r s. It walks into dead
 * ends behind walls and never finds its way around them. It draws no random numbers and keeps
 * no state. */
#include <stdlib.h>

#include "maps.h"

static int manhattan(const dmap_grid *g, int a, int b) {
    return abs(a % g->w - b % g->w) + abs(a / g->w - b / g->w);
}

static int greedy_decide(void *state, const pursuit_view *v, pursuit_action *move) {
    (void)state;
    static const char order[] = "udlrs";
    char best = 's';
    int best_d = -1;
    for (const char *m = order; *m; m++) {
        int to = pursuit_apply_move(v->grid, v->predator, *m);
        if (to == v->predator && *m != 's') continue; /* blocked: not a move it considers */
        int d = manhattan(v->grid, to, v->prey);
        if (best_d < 0 || d < best_d) {
            best_d = d;
            best = *m;
        }
    }
    *move = best;
    return DMAP_OK;
}

const pursuit_bot pursuit_bot_greedy = {
    {"greedy",
     "predator: first move that most shortens the straight-line distance (no obstacles, rests "
     "or ties)"},
    NULL, greedy_decide, NULL, NULL};
