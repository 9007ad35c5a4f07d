/* lazy.c — the predator `lazy`: chase's pursuit (downhill on the prey's distance map), but it
 * stays on every third clock, like the prey: it moves two clocks in three, the prey's own
 * speed. Against it a prey's strategy matters (chase and intercept catch almost every prey). */
#include "maps.h"

static int lazy_init(void **state, const pursuit_view *start, uint64_t seed) {
    return pursuit_bot_chase.init(state, start, seed);
}

static int lazy_decide(void *state, const pursuit_view *v, pursuit_action *move) {
    if (pursuit_prey_rests(v->clock)) {
        *move = 's';
        return DMAP_OK;
    }
    return pursuit_bot_chase.decide(state, v, move);
}

/* The map it last moved by (chase's "goal"). */
static int lazy_maps(void *state, kit_map *out, int max) {
    return pursuit_bot_chase.maps(state, out, max);
}

const pursuit_bot pursuit_bot_lazy = {
    {"lazy", "predator: chase, but stays every third clock (the prey's speed)"},
    lazy_init, lazy_decide, bot_maps_release, lazy_maps};
