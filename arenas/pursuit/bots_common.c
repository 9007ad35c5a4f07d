/* bots_common.c — the built-in bots' shared plumbing: per-game scratch maps with a workspace,
 * distance maps, and a tie-breaking choice among the five lab moves. */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bots_common.h"

static void *alloc_array(size_t count, size_t size) {
    if (count == 0 || size > SIZE_MAX / count) return NULL;
    return malloc(count * size);
}

int bot_maps_open(bot_maps *b, const dmap_grid *g, int count, int icount, int cache) {
    memset(b, 0, sizeof *b);
    if (!g || count < 0 || count > BOT_MAX_MAPS || icount < 0 || icount > BOT_MAX_MAPS)
        return DMAP_ERR_ARG;
    int rc = dmap_grid_check(g);
    if (rc != DMAP_OK) return rc;
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

void bot_landings(const dmap_grid *g, int from, int land[BOT_MOVES]) {
    dmap_moves four = dmap_moves_4();
    for (int d = 0; d < BOT_MOVES; d++) {
        int to = dmap_step(g, &four, from, (dmap_dir)d);
        land[d] = to < 0 ? from : to;
    }
}

int bot_legal_moves(const dmap_grid *g, int from, int cands[BOT_MOVES]) {
    dmap_moves four = dmap_moves_4();
    int n = 0;
    cands[n++] = DMAP_STAY;
    for (int d = DMAP_UP; d < BOT_MOVES; d++)
        if (dmap_step(g, &four, from, (dmap_dir)d) >= 0) cands[n++] = d;
    return n;
}

char bot_pick(const int *cands, size_t n, dmap_rng *rng) {
    unsigned options = 0;
    for (size_t i = 0; i < n; i++) options |= 1u << cands[i];
    dmap_dir d = DMAP_STAY;
    if (dmap_pick_option(options, rng, &d) != DMAP_OK) return 's';
    return pursuit_dir_move(d);
}

double bot_score_landing(void *user, int move) {
    const bot_landing_score *s = user;
    return s->map[s->land[move]];
}

double bot_score_landing_steps(void *user, int move) {
    const bot_landing_steps *s = user;
    return s->steps[s->land[move]];
}

int bot_maps_init(void **state, const pursuit_view *start, int count, int icount, int cache) {
    bot_maps *b = malloc(sizeof *b);
    if (!b) return DMAP_ERR_NOMEM;
    int rc = bot_maps_open(b, start->grid, count, icount, cache);
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
