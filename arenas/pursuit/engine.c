/* engine.c — the rules of the pursuit game (RULES.md) and nothing else: the move characters,
 * illegal moves as stays, the prey's rest clocks, and one clock of a game's state (both moves at
 * once, then the capture check and the last clock). No printing, files, clocks or bots: the
 * referee (game.c) and the replay checker (replay.c) step the same state. */
#include "pursuit.h"

dmap_dir pursuit_move_dir(char move) {
    switch (move) {
    case 'u': return DMAP_UP;
    case 'd': return DMAP_DOWN;
    case 'l': return DMAP_LEFT;
    case 'r': return DMAP_RIGHT;
    default: return DMAP_STAY; /* 's' and anything else */
    }
}

char pursuit_dir_move(dmap_dir d) {
    switch (d) {
    case DMAP_UP: return 'u';
    case DMAP_DOWN: return 'd';
    case DMAP_LEFT: return 'l';
    case DMAP_RIGHT: return 'r';
    default: return 's';
    }
}

int pursuit_apply_move(const dmap_grid *g, int from, char move) {
    dmap_moves four = dmap_moves_4();
    int to = dmap_step(g, &four, from, pursuit_move_dir(move));
    return to < 0 ? from : to; /* off the grid or into an obstacle: stay */
}

int pursuit_prey_rests(int clock) { return clock % 3 == 0; }

int pursuit_state_start(pursuit_state *s, const pursuit_world *w, int clocks) {
    if (!s || !w || clocks < 1) return DMAP_ERR_ARG;
    int rc = pursuit_world_check(w);
    if (rc != DMAP_OK) return rc;
    pursuit_state start = {&w->grid, w->predator, w->prey, 0, clocks, 0, 0};
    *s = start;
    return DMAP_OK;
}

int pursuit_step(pursuit_state *s, char predator_move, char prey_move) {
    if (!s || s->over) return DMAP_ERR_ARG;
    int clock = s->clock + 1;
    int predator = pursuit_apply_move(s->grid, s->predator, predator_move);
    int prey = pursuit_prey_rests(clock) ? s->prey : pursuit_apply_move(s->grid, s->prey, prey_move);
    s->clock = clock;
    s->predator = predator;
    s->prey = prey;
    s->predator_won = predator == prey; /* a swap passes: only sharing a cell is a capture */
    s->over = s->predator_won || clock >= s->clocks;
    return DMAP_OK;
}
