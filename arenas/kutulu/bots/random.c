/* random.c — the `random` bot: a valid random action each turn, from its own seeded
 * generator: a step to a random walkable neighbour most of the time, sometimes WAIT, and now
 * and then PLAN, LIGHT or YELL while it has them. */
#include <stdlib.h>

#include "common.h"

typedef struct random_bot {
    dmap_rng rng;
    kb_world world;
} random_bot;

static void *init_random(const kt_view *v, uint64_t seed) {
    (void)v;
    random_bot *b = malloc(sizeof *b);
    if (b) dmap_rng_seed(&b->rng, seed);
    return b;
}

static kt_action decide_random(void *state, const kt_view *v) {
    kt_action a = {KT_WAIT, 0, 0};
    random_bot *b = state;
    if (!b) return a;
    kb_world *w = &b->world;
    kb_world_from_view(w, v);
    uint32_t r = dmap_rng_below(&b->rng, 100);
    if (r < 4 && w->ex[0].plans > 0) return (kt_action){KT_PLAN, 0, 0};
    if (r < 7 && w->ex[0].lights > 0) return (kt_action){KT_LIGHT, 0, 0};
    if (r < 10) return (kt_action){KT_YELL, 0, 0};
    if (r < 20) return a;
    int nb[4];
    int n = kb_neighbours(w, w->ex[0].cell, nb);
    if (n == 0) return a;
    return kb_move_to(w, nb[dmap_rng_below(&b->rng, (uint32_t)n)]);
}

const kt_bot kt_bot_random = {"random", "a valid random action (mostly steps)", init_random,
                              decide_random, free, NULL};
