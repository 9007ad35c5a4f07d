/* stop.c — the bot that always stops: the engine's baseline for speed and a punching bag. */
#include "pommerman.h"

static int stop_decide(void *state, const pm_obs *obs, pm_bot_ctx *ctx) {
    (void)state;
    (void)obs;
    (void)ctx;
    return PM_STOP;
}

const pm_bot pm_bot_stop = {"stop", "always stops", NULL, stop_decide, NULL, NULL};
