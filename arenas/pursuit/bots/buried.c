/* buried.c — the burying preys' private copy of the world: its obstacles plus the dead ends
 * buried with both agents' cells protected (RULES.md, "Dead-end burying"; maps.h). */
#include <stdlib.h>
#include <string.h>

#include "maps.h"

int bot_buried_open(dmap_grid *copy, const dmap_grid *world) {
    return dmap_grid_init(copy, world->w, world->h);
}

int bot_burying_open(bot_burying *k, const dmap_grid *world, int count, int icount, int cache,
                     uint64_t seed) {
    int rc = bot_maps_open(&k->b, world, count, icount, cache, seed);
    return rc == DMAP_OK ? bot_buried_open(&k->copy, world) : rc;
}

void bot_burying_release(void *state) {
    bot_burying *k = state;
    if (!k) return;
    bot_maps_close(&k->b);
    dmap_grid_free(&k->copy);
    free(k);
}

int bot_buried_update(dmap_grid *copy, const pursuit_view *v, dmap_workspace *ws) {
    memcpy(copy->wall, v->grid->wall, (size_t)copy->w * (size_t)copy->h);
    int agents[2] = {v->predator, v->prey};
    return dmap_bury_dead_ends(copy, agents, 2, 0, NULL, NULL, ws);
}
