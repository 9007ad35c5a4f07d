/* view.c — what a bot sees of a pursuit game: the whole world before the clock's moves (the
 * game has no hidden information), the clock about to be played, and the bot's own seat. */
#include "pursuit.h"

void pursuit_view_of(const pursuit_state *s, pursuit_role role, pursuit_view *v) {
    pursuit_view view = {s->grid, s->predator, s->prey, s->clock + 1, s->clocks, role};
    *v = view;
}
