/* bots.c — the table of built-in bots, in the order `bomber bots` lists them. */
#include "bomber.h"

/* bots/search.c: the planner on the engine, and its parameters (budget and weights) */
extern const bomber_bot bomber_bot_search;
extern const kit_params search_params;

static const kit_bot_info *const bots[] = {
    &bomber_bot_gambit.info, &bomber_bot_gambit2.info, &bomber_bot_simple.info,
    &bomber_bot_random.info, &bomber_bot_search.info};

#include "bots/gambit.h"

static const kit_params *const params[] = {&gambit_params, &gambit_params, NULL, NULL,
                                           &search_params};

const kit_bot_table bomber_bot_table = {bots, (int)(sizeof bots / sizeof bots[0]), params};

const bomber_bot *bomber_find_bot(const char *name) {
    return (const bomber_bot *)kit_bot_find(&bomber_bot_table, name);
}
