/* bots.c — the table of built-in Kutulu bots, looked up by name. */
#include <string.h>

#include "kutulu.h"

extern const kt_bot kt_bot_wait, kt_bot_random, kt_bot_initial, kt_bot_postmortem;

static const kt_bot *const all_bots[] = {&kt_bot_postmortem, &kt_bot_initial, &kt_bot_random,
                                         &kt_bot_wait};

size_t kt_bot_count(void) { return sizeof all_bots / sizeof all_bots[0]; }

const kt_bot *kt_bot_at(size_t i) { return i < kt_bot_count() ? all_bots[i] : NULL; }

const kt_bot *kt_find_bot(const char *name) {
    for (size_t i = 0; name && i < kt_bot_count(); i++)
        if (strcmp(all_bots[i]->name, name) == 0) return all_bots[i];
    return NULL;
}
