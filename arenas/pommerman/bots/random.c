/* random.c — uniform random actions from the bot's own seeded generator (the environment's
 * RandomAgent samples the action space uniformly; its numpy stream is not reproducible, see
 * the trace README, so this one uses dmap_rng). */
#include "pommerman.h"

static int random_decide(void *state, const pm_obs *obs, pm_bot_ctx *ctx) {
    (void)state;
    (void)obs;
    return (int)dmap_rng_below(ctx->rng, PM_NUM_ACTIONS);
}

const pm_bot pm_bot_random = {"random", "uniform random actions (its own seeded generator)", NULL,
                              random_decide, NULL, NULL};
