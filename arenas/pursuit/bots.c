/* bots.c — the table of built-in bots, looked up by name and role by the CLI and tests. */
#include <string.h>

#include "pursuit.h"

extern const pursuit_bot pursuit_bot_chase, pursuit_bot_intercept, pursuit_bot_lazy,
    pursuit_bot_greedy, pursuit_bot_random_predator;
extern const pursuit_bot pursuit_bot_naive, pursuit_bot_flee, pursuit_bot_bury,
    pursuit_bot_buryflee, pursuit_bot_random;

static const pursuit_bot *const all_bots[] = {
    &pursuit_bot_chase, &pursuit_bot_intercept, &pursuit_bot_lazy,
    &pursuit_bot_greedy, &pursuit_bot_random_predator,
    &pursuit_bot_naive, &pursuit_bot_flee, &pursuit_bot_bury, &pursuit_bot_buryflee,
    &pursuit_bot_random,
};

size_t pursuit_bot_count(void) { return sizeof all_bots / sizeof all_bots[0]; }

const pursuit_bot *pursuit_bot_at(size_t i) {
    return i < pursuit_bot_count() ? all_bots[i] : NULL;
}

const pursuit_bot *pursuit_find_bot(const char *name, pursuit_role role) {
    if (!name) return NULL;
    for (size_t i = 0; i < pursuit_bot_count(); i++)
        if (all_bots[i]->role == role && strcmp(all_bots[i]->name, name) == 0) return all_bots[i];
    return NULL;
}
