/* dmap.c — placeholder */
#include "pommerman.h"

static int dmap_decide(void *state, const pm_obs *obs, pm_bot_ctx *ctx) {
    (void)state;
    (void)obs;
    (void)ctx;
    return PM_STOP;
}

const pm_bot pm_bot_dmap = {"dmap", "placeholder", NULL, dmap_decide, NULL};
