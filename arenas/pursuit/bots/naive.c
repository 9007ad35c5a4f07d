/* naive.c — the prey `naive`: the move whose landing lies farthest (path distance) from the
 * predator, one step ahead; ties drawn from its own generator. On rest clocks its choice is
 * ignored by the rules, so it answers 's'. */
#include "maps.h"

static int naive_init(void **state, const pursuit_view *start, uint64_t seed) {
    return bot_maps_init(state, start, 0, 1, 1, seed);
}

static int naive_decide(void *state, const pursuit_view *v, pursuit_action *move) {
    bot_maps *b = state;
    *move = 's';
    if (pursuit_prey_rests(v->clock)) return DMAP_OK;
    const int *from_predator = bot_world_row(b, v->grid, v->predator, b->steps[0]);
    if (!from_predator) return DMAP_ERR_NOMEM;
    int cands[BOT_MOVES], land[BOT_MOVES];
    size_t n = (size_t)bot_legal_moves(v->grid, v->prey, cands);
    bot_landings(v->grid, v->prey, land);
    bot_landing_steps away = {from_predator, land};
    dmap_filter farthest = {DMAP_FILTER_KEEP_MAX, bot_score_landing_steps, &away};
    int rc = dmap_filter_moves(cands, &n, &farthest, 1, NULL);
    if (rc != DMAP_OK) return rc;
    return bot_pick(cands, n, &b->rng, move);
}

const pursuit_bot pursuit_bot_naive = {
    {"naive", "prey: steps to the neighbour farthest from the predator"},
    naive_init, naive_decide, bot_maps_release, NULL};
