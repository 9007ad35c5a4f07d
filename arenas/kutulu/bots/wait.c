/* wait.c — the `wait` bot: WAIT every turn (a baseline that never moves). No state: no init,
 * nothing to release (the NULL rule of kit/bot.h). */
#include "world.h"

static int decide_wait(void *state, const kt_view *v, kt_action *action) {
    (void)state, (void)v;
    *action = (kt_action){KT_WAIT, 0, 0};
    return 0;
}

const kt_bot kt_bot_wait = {{"wait", "WAIT every turn"}, NULL, decide_wait, NULL, NULL};
