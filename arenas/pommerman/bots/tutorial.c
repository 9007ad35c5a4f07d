/* tutorial.c — placeholder */
#include "pommerman.h"

static int tutorial_decide(void *state, const pm_obs *obs, pm_bot_ctx *ctx) {
    (void)state;
    (void)obs;
    (void)ctx;
    return PM_STOP;
}

const pm_bot pm_bot_tutorial = {"tutorial", "placeholder", NULL, tutorial_decide, NULL};
