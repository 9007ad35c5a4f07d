/* wait.c — the `wait` bot: WAIT every turn (a baseline that never moves). */
#include "world.h"

static int init_wait(void **state, const kt_view *first, uint64_t seed) {
    (void)first, (void)seed;
    *state = NULL;
    return 0;
}

static int decide_wait(void *state, const kt_view *v, kt_action *action) {
    (void)state, (void)v;
    *action = (kt_action){KT_WAIT, 0, 0};
    return 0;
}

static void release_wait(void *state) { (void)state; }

const kt_bot kt_bot_wait = {{"wait", "WAIT every turn"}, init_wait, decide_wait, release_wait,
                            NULL};
