/* bots.c — the table of built-in Kutulu bots, in the order `kutulu bots` lists them. */
#include "kit/param.h"
#include "kutulu.h"

extern const kt_bot kt_bot_wait, kt_bot_random, kt_bot_initial, kt_bot_postmortem, kt_bot_dmapbot,
    kt_bot_lookahead;

static const kit_bot_info *const all_bots[] = {&kt_bot_postmortem.info, &kt_bot_dmapbot.info,
                                               &kt_bot_lookahead.info,
                                               &kt_bot_initial.info,
                                               &kt_bot_random.info, &kt_bot_wait.info};

extern const kit_params kt_postmortem_params, kt_dmapbot_params,
    kt_lookahead_params;
static const kit_params *const all_params[] = {&kt_postmortem_params, &kt_dmapbot_params,
                                               &kt_lookahead_params, NULL,
                                               NULL, NULL};

const kit_bot_table kt_bot_table = {all_bots, sizeof all_bots / sizeof all_bots[0], all_params};

const kt_bot *kt_bot_find(const char *name) {
    return (const kt_bot *)kit_bot_find(&kt_bot_table, name);
}
