/* maps.c — the built-in bots' per-game scratch: maps and step rows with a workspace, the cache
 * of the world's distance rows, the bot's own generator (maps.h). */
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "maps.h"

static void *alloc_array(size_t count, size_t size) {
    if (count == 0 || size > SIZE_MAX / count) return NULL;
    return malloc(count * size);
}

int bot_maps_open(bot_maps *b, const dmap_grid *g, int count, int icount, int cache,
                  uint64_t seed) {
    memset(b, 0, sizeof *b);
    if (!g || count < 0 || count > BOT_MAX_MAPS || icount < 0 || icount > BOT_MAX_MAPS)
        return DMAP_ERR_ARG;
    int rc = dmap_grid_check(g);
    if (rc != DMAP_OK) return rc;
    dmap_rng_seed(&b->rng, seed);
    b->n = (size_t)g->w * (size_t)g->h;
    if (b->n >= INT_MAX) return DMAP_ERR_SIZE;
    b->ceiling = (double)b->n + 1.0;
    b->far = (int)b->n + 1;
    dmap_workspace_new(&b->ws);
    int ok = b->ws != NULL;
    for (int i = 0; ok && i < count; i++)
        ok = (b->map[i] = alloc_array(b->n, sizeof(double))) != NULL;
    for (int i = 0; ok && i < icount; i++)
        ok = (b->steps[i] = alloc_array(b->n, sizeof(int))) != NULL;
    if (ok && cache && b->n <= BOT_CACHE_CELLS) {
        b->rows = alloc_array(b->n * b->n, sizeof(int));
        b->have = calloc(b->n, 1);
        ok = b->rows && b->have;
    }
    if (!ok) {
        bot_maps_close(b);
        return DMAP_ERR_NOMEM;
    }
    return DMAP_OK;
}

void bot_maps_close(bot_maps *b) {
    if (!b) return;
    for (int i = 0; i < BOT_MAX_MAPS; i++) {
        free(b->map[i]);
        free(b->steps[i]);
    }
    free(b->rows);
    free(b->have);
    dmap_workspace_free(b->ws);
    memset(b, 0, sizeof *b);
}

int bot_steps_from(bot_maps *b, const dmap_grid *g, int cell, int *out) {
    dmap_moves four = dmap_moves_4();
    int rc = dmap_bfs(g, &four, &cell, 1, -1, out, NULL, b->ws);
    if (rc != DMAP_OK) return rc;
    for (size_t i = 0; i < b->n; i++)
        if (out[i] < 0) out[i] = b->far;
    return DMAP_OK;
}

const int *bot_world_row(bot_maps *b, const dmap_grid *world, int cell, int *scratch) {
    if (cell < 0 || (size_t)cell >= b->n) return NULL;
    if (!b->rows) return bot_steps_from(b, world, cell, scratch) == DMAP_OK ? scratch : NULL;
    int *row = b->rows + (size_t)cell * b->n;
    if (!b->have[cell]) {
        if (bot_steps_from(b, world, cell, row) != DMAP_OK) return NULL;
        b->have[cell] = 1;
    }
    return row;
}

int bot_world_distance(bot_maps *b, const dmap_grid *world, int cell, int *scratch, double *out) {
    const int *row = bot_world_row(b, world, cell, scratch);
    if (!row) return cell < 0 || (size_t)cell >= b->n ? DMAP_ERR_ARG : DMAP_ERR_NOMEM;
    /* b->far == b->ceiling == n + 1: the values are dmap_field's, bit for bit */
    for (size_t i = 0; i < b->n; i++) out[i] = (double)row[i];
    return DMAP_OK;
}

void bot_map_for_replay(const bot_maps *b, const dmap_grid *g, double *map) {
    for (size_t i = 0; i < b->n; i++)
        if ((g && g->wall[i]) || map[i] >= b->ceiling) map[i] = INFINITY;
}

int bot_maps_init(void **state, const pursuit_view *start, int count, int icount, int cache,
                  uint64_t seed) {
    bot_maps *b = malloc(sizeof *b);
    if (!b) return DMAP_ERR_NOMEM;
    int rc = bot_maps_open(b, start->grid, count, icount, cache, seed);
    if (rc != DMAP_OK) {
        free(b);
        return rc;
    }
    *state = b;
    return DMAP_OK;
}

void bot_maps_release(void *state) {
    bot_maps_close(state);
    free(state);
}
