/* random.c — the `random` bot: a valid random action each turn, from its own seeded
 * generator: a step to a random walkable neighbour most of the time, sometimes WAIT, and now
 * and then PLAN, LIGHT or YELL while it has them. */
#include <stdlib.h>

#include "world.h"

typedef struct random_bot {
    dmap_rng rng;
    kb_world world;
} random_bot;

static int init_random(void **state, const kt_view *first, uint64_t seed) {
    (void)first;
    random_bot *b = malloc(sizeof *b);
    *state = b;
    if (!b) return DMAP_ERR_NOMEM;
    dmap_rng_seed(&b->rng, seed);
    return 0;
}

static kt_action choose(random_bot *b, const kt_view *v) {
    kt_action a = {KT_WAIT, 0, 0};
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

static int decide_random(void *state, const kt_view *v, kt_action *action) {
    *action = choose(state, v);
    return 0;
}

const kt_bot kt_bot_random = {{"random", "a valid random action (mostly steps)"}, init_random,
                              decide_random, free, NULL};
