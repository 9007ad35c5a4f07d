/* chase.c — the predator `chase`: rolls down a Dijkstra map seeded at the prey (ties drawn from
 * its own generator). With unit steps that map is the BFS distance row of the prey's cell, kept
 * in the per-game cache (maps.h). It publishes that map as "goal". */
#include "maps.h"

/* chase's state: one map, the distance-row cache and a scratch row for big worlds. */
static int chase_init(void **state, const pursuit_view *start, uint64_t seed) {
    return bot_maps_init(state, start, 1, 1, 1, seed);
}

static int chase_decide(void *state, const pursuit_view *v, pursuit_action *move) {
    bot_maps *b = state;
    int rc = bot_world_distance(b, v->grid, v->prey, b->steps[0], b->map[0]);
    if (rc != DMAP_OK) return rc;
    return bot_roll_down(v->grid, b->map[0], v->predator, &b->rng, move);
}

/* The map of the last decision, walls and unreachable cells as +INFINITY (rewritten in place:
 * the next decision computes it again). */
static int chase_maps(void *state, kit_map *out, int max) {
    bot_maps *b = state;
    if (max < 1) return 0;
    bot_map_for_replay(b, NULL, b->map[0]);
    out[0].name = "goal";
    out[0].values = b->map[0];
    return 1;
}

const pursuit_bot pursuit_bot_chase = {
    {"chase", "predator: rolls down a Dijkstra map seeded at the prey"},
    chase_init, chase_decide, bot_maps_release, chase_maps};
