/* bots.c — the table of built-in Kutulu bots, in the order `kutulu bots` lists them. */
#include "kutulu.h"

extern const kt_bot kt_bot_wait, kt_bot_random, kt_bot_initial, kt_bot_postmortem, kt_bot_dmapbot;

static const kit_bot_info *const all_bots[] = {&kt_bot_postmortem.info, &kt_bot_dmapbot.info,
                                               &kt_bot_initial.info,
                                               &kt_bot_random.info, &kt_bot_wait.info};

const kit_bot_table kt_bot_table = {all_bots, sizeof all_bots / sizeof all_bots[0], NULL};

const kt_bot *kt_bot_find(const char *name) {
    return (const kt_bot *)kit_bot_find(&kt_bot_table, name);
}
