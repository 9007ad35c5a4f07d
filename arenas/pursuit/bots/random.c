/* random.c — `random`, in either seat: a legal move (staying included) drawn uniformly from its
 * own generator, from its own cell (the view's seat says which agent it is). */
#include <stdlib.h>

#include "maps.h"

static int random_init(void **state, const pursuit_view *start, uint64_t seed) {
    (void)start;
    return kit_bot_rng_state(state, seed);
}

static int random_decide(void *state, const pursuit_view *v, pursuit_action *move) {
    int cands[BOT_MOVES];
    int me = v->role == PURSUIT_PREDATOR ? v->predator : v->prey;
    int n = bot_legal_moves(v->grid, me, cands);
    return bot_pick(cands, (size_t)n, state, move);
}

const pursuit_bot pursuit_bot_random = {
    {"random", "either seat: a legal move at random"}, random_init, random_decide, free, NULL};
