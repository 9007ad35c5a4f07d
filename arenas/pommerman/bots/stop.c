/* stop.c — the bot that always stops: the engine's baseline for speed and a punching bag. */
#include "pommerman.h"

static int stop_init(void **state, const pm_view *first, uint64_t seed) {
    (void)first;
    (void)seed;
    *state = NULL;
    return DMAP_OK;
}

static int stop_decide(void *state, const pm_view *view, pm_action *action) {
    (void)state;
    (void)view;
    *action = PM_STOP;
    return DMAP_OK;
}

static void stop_release(void *state) { (void)state; }

const pm_bot pm_bot_stop = {{"stop", "always stops"}, stop_init, stop_decide, stop_release, NULL};
