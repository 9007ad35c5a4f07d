/* random.c — uniform random actions from the bot's own seeded generator (the environment's
 * RandomAgent samples the action space uniformly from gym's unseeded numpy generator, which no
 * seed reproduces; see data/README.md), so this one uses a dmap_rng seeded in init. */
#include <stdlib.h>

#include "pommerman.h"

static int random_init(void **state, const pm_view *first, uint64_t seed) {
    (void)first;
    return kit_bot_rng_state(state, seed);
}

static int random_decide(void *state, const pm_view *view, pm_action *action) {
    (void)view;
    *action = (pm_action)dmap_rng_below(state, PM_NUM_ACTIONS);
    return DMAP_OK;
}

const pm_bot pm_bot_random = {{"random", "uniform random actions (its own seeded generator)"},
                              random_init, random_decide, free, NULL};
