/* bots_weak_predators.c — predators a student tournament would field, to see how the preys
 * fare against something less than a perfect pursuer (the lab's predator moves every clock;
 * against chase and intercept every prey is caught almost always, so they cannot tell preys
 * apart):
 *
 * random: a legal move drawn uniformly (staying included).
 * greedy: the move that brings it closest to the prey in straight-line (Manhattan) distance,
 *   ignoring obstacles, the prey's rest clocks and ties: the first best move in the fixed order
 *   u d l r s. It walks into dead ends behind walls and never finds its way around them.
 * lazy: chase's pursuit (downhill on the prey's distance map), but it stays on every third
 *   clock, like the prey: it moves two clocks in three, the prey's own speed. */
#include <stdlib.h>

#include "bots_common.h"

/* ---- random ------------------------------------------------------------------------------- */

static char random_predator_decide(void *state, const pursuit_view *v, dmap_rng *rng) {
    (void)state;
    int cands[BOT_MOVES];
    int n = bot_legal_moves(v->grid, v->predator, cands);
    return bot_pick(cands, (size_t)n, rng);
}

/* ---- greedy ------------------------------------------------------------------------------- */

static int manhattan(const dmap_grid *g, int a, int b) {
    return abs(a % g->w - b % g->w) + abs(a / g->w - b / g->w);
}

static char greedy_decide(void *state, const pursuit_view *v, dmap_rng *rng) {
    (void)state;
    (void)rng;
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
    return best;
}

const pursuit_bot pursuit_bot_random_predator = {
    "random", PURSUIT_PREDATOR, "a legal move at random", NULL, random_predator_decide, NULL,
    NULL};

const pursuit_bot pursuit_bot_greedy = {
    "greedy", PURSUIT_PREDATOR,
    "first move that most shortens the straight-line distance (no obstacles, rests or ties)",
    NULL, greedy_decide, NULL, NULL};
