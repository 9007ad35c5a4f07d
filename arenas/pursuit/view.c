/* view.c — what a bot sees of a pursuit game: the whole world before the clock's moves (the
 * game has no hidden information), the clock about to be played, and the bot's own seat; and the
 * legal moves of a view, the one action mask of the game (dmap.rl's among them). */
#include <string.h>

#include "pursuit.h"

void pursuit_view_of(const pursuit_state *s, pursuit_role role, pursuit_view *v) {
    pursuit_view view = {s->grid, s->predator, s->prey, s->clock + 1, s->clocks, role};
    *v = view;
}

void pursuit_legal_actions(const pursuit_view *v, unsigned char mask[PURSUIT_NUM_ACTIONS]) {
    static const char moves[PURSUIT_NUM_ACTIONS] = "sudlr";
    int me = v->role == PURSUIT_PREDATOR ? v->predator : v->prey;
    int rests = v->role == PURSUIT_PREY && pursuit_prey_rests(v->clock);
    memset(mask, 0, PURSUIT_NUM_ACTIONS);
    mask[0] = 1;
    for (int a = 1; a < PURSUIT_NUM_ACTIONS; a++)
        mask[a] = !rests && pursuit_apply_move(v->grid, me, moves[a]) != me;
}
