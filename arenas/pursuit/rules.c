/* rules.c — the lab's move characters and the two rules every clock applies: an illegal move
 * is a stay, and the prey rests on clocks divisible by 3. Kept apart from the game loop so
 * bots and tests can ask the same questions the referee asks. */
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
