/* bots.c — the table of built-in bots (`pursuit bots`, --bots), and which seat each plays:
 * predators, preys, and `random` in both. */
#include <stddef.h>

#include "pursuit.h"

static const kit_bot_info *const all_bots[] = {
    &pursuit_bot_chase.info, &pursuit_bot_intercept.info, &pursuit_bot_lazy.info,
    &pursuit_bot_greedy.info, &pursuit_bot_random.info, &pursuit_bot_naive.info,
    &pursuit_bot_flee.info, &pursuit_bot_bury.info, &pursuit_bot_buryflee.info,
};
extern const kit_params pursuit_flee_params;
static const kit_params *const all_params[] = {
    NULL, NULL, NULL, NULL, NULL, NULL, &pursuit_flee_params, NULL, &pursuit_flee_params,
};
const kit_bot_table pursuit_bot_table = {all_bots, (int)(sizeof all_bots / sizeof all_bots[0]),
                                         all_params};

static const kit_bot_info *const predators[] = {
    &pursuit_bot_chase.info, &pursuit_bot_intercept.info, &pursuit_bot_lazy.info,
    &pursuit_bot_greedy.info, &pursuit_bot_random.info,
};
static const kit_bot_info *const preys[] = {
    &pursuit_bot_naive.info, &pursuit_bot_flee.info, &pursuit_bot_bury.info,
    &pursuit_bot_buryflee.info, &pursuit_bot_random.info,
};
static const kit_params *const prey_params[] = {
    NULL, &pursuit_flee_params, NULL, &pursuit_flee_params, NULL,
};
static const kit_bot_table seat_tables[2] = {
    {predators, (int)(sizeof predators / sizeof predators[0]), NULL},
    {preys, (int)(sizeof preys / sizeof preys[0]), prey_params},
};

const kit_bot_table *pursuit_seat_bots(pursuit_role role) {
    return role == PURSUIT_PREDATOR || role == PURSUIT_PREY ? &seat_tables[role] : NULL;
}

const pursuit_bot *pursuit_bot_find(const char *name, pursuit_role role) {
    const kit_bot_table *t = pursuit_seat_bots(role);
    return t && name ? (const pursuit_bot *)kit_bot_find(t, name) : NULL;
}

static int in_table(const kit_bot_table *t, const pursuit_bot *b) {
    for (int i = 0; i < t->n; i++)
        if (t->bots[i] == &b->info) return 1;
    return 0;
}

int pursuit_bot_plays(const pursuit_bot *b, pursuit_role role) {
    const kit_bot_table *seat = pursuit_seat_bots(role);
    if (!b || !seat) return 0;
    return in_table(seat, b) || !in_table(&pursuit_bot_table, b);
}
