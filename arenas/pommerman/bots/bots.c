/* bots.c — the table of built-in bots, in the order `pommerman bots` lists them. */
#include "pommerman.h"


static const kit_bot_info *const all_bots[] = {&pm_bot_simple.info, &pm_bot_dmap.info,
                                               &pm_bot_tutorial.info, &pm_bot_random.info,
                                               &pm_bot_stop.info, &pm_bot_search.info};

extern const kit_params pm_dmap_params, pm_search_params;
static const kit_params *const all_params[] = {NULL, &pm_dmap_params, NULL, NULL, NULL,
                                               &pm_search_params};

const kit_bot_table pm_bot_table = {all_bots, (int)(sizeof all_bots / sizeof all_bots[0]),
                                    all_params};
