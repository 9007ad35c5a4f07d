/* moves.c — how the built-in bots choose among the five moves: where each move lands, the legal
 * ones, a uniform draw among candidates, rolling downhill on a map, scores for the library's
 * move filters (maps.h). */
#include "maps.h"

void bot_landings(const dmap_grid *g, int from, int land[BOT_MOVES]) {
    dmap_moves four = dmap_moves_4();
    for (int d = 0; d < BOT_MOVES; d++) {
        int to = dmap_step(g, &four, from, (dmap_dir)d);
        land[d] = to < 0 ? from : to;
    }
}

int bot_legal_moves(const dmap_grid *g, int from, int cands[BOT_MOVES]) {
    dmap_moves four = dmap_moves_4();
    int n = 0;
    cands[n++] = DMAP_STAY;
    for (int d = DMAP_UP; d < BOT_MOVES; d++)
        if (dmap_step(g, &four, from, (dmap_dir)d) >= 0) cands[n++] = d;
    return n;
}

int bot_pick(const int *cands, size_t n, dmap_rng *rng, pursuit_action *move) {
    unsigned options = 0;
    for (size_t i = 0; i < n; i++) options |= 1u << cands[i];
    dmap_dir d = DMAP_STAY;
    int rc = dmap_pick_option(options, rng, &d);
    if (rc == DMAP_OK) *move = pursuit_dir_move(d);
    return rc;
}

int bot_roll_down(const dmap_grid *g, const double *map, int cell, dmap_rng *rng,
                  pursuit_action *move) {
    dmap_moves four = dmap_moves_4();
    unsigned options = 0;
    dmap_dir d = DMAP_STAY;
    int rc = dmap_downhill_options(g, &four, map, cell, NULL, &options);
    if (rc == DMAP_OK) rc = dmap_pick_option(options, rng, &d);
    if (rc == DMAP_OK) *move = pursuit_dir_move(d);
    return rc;
}

double bot_score_landing_steps(void *user, int move) {
    const bot_landing_steps *s = user;
    return s->steps[s->land[move]];
}
