/* wait.c — the `wait` bot: WAIT every turn (a baseline that never moves). */
#include "common.h"

static kt_action decide_wait(void *state, const kt_view *v) {
    (void)state;
    (void)v;
    kt_action a = {KT_WAIT, 0, 0};
    return a;
}

const kt_bot kt_bot_wait = {"wait", "WAIT every turn", NULL, decide_wait, NULL, NULL};
