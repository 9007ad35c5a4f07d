/* worldgen.c — seeded random pursuit worlds for tournaments: obstacles drawn cell by cell,
 * then the two agents on distinct cells of one connected free component, so every game is
 * winnable by either side. Only dmap_rng supplies randomness: same seed, same world. */
#include <stdlib.h>
#include <string.h>

#include "pursuit.h"

#define WORLDGEN_ATTEMPTS 1000

static void draw_obstacles(dmap_grid *g, double walls, dmap_rng *rng) {
    size_t n = (size_t)g->w * (size_t)g->h;
    for (size_t i = 0; i < n; i++) g->wall[i] = dmap_rng_unit(rng) < walls;
}

/* A uniformly drawn cell among those where pick[i] is nonzero, or -1 when there is none. */
static int draw_cell(const unsigned char *pick, size_t n, dmap_rng *rng) {
    size_t count = 0;
    for (size_t i = 0; i < n; i++) count += pick[i] != 0;
    if (count == 0 || count > UINT32_MAX) return -1;
    uint32_t k = dmap_rng_below(rng, (uint32_t)count);
    for (size_t i = 0; i < n; i++)
        if (pick[i] && k-- == 0) return (int)i;
    return -1;
}

/* mark[i] = 1 for the free cells reachable from `from`, except `from` itself. */
static int mark_component(const dmap_grid *g, int from, unsigned char *mark, dmap_workspace *ws) {
    dmap_moves four = dmap_moves_4();
    int rc = dmap_reachable(g, &four, from, mark, NULL, ws);
    mark[from] = 0;
    return rc;
}

/* The agents on the obstacles of w->grid: the prey on a free cell, the predator on another cell
 * of its component. Returns 1 on success, 0 to try again (an isolated prey), <0 error. */
static int place_agents(pursuit_world *w, dmap_rng *rng, unsigned char *mark,
                        dmap_workspace *ws) {
    dmap_grid *g = &w->grid;
    size_t n = (size_t)g->w * (size_t)g->h;
    for (size_t i = 0; i < n; i++) mark[i] = !g->wall[i];
    int prey = draw_cell(mark, n, rng);
    if (prey < 0) return 0;
    int rc = mark_component(g, prey, mark, ws);
    if (rc != DMAP_OK) return rc;
    int predator = draw_cell(mark, n, rng);
    if (predator < 0) return 0;
    w->prey = prey;
    w->predator = predator;
    return 1;
}

/* One attempt: obstacles, prey, predator. Returns 1 on success, 0 to try again, <0 error. */
static int try_world(pursuit_world *w, double walls, dmap_rng *rng, unsigned char *mark,
                     dmap_workspace *ws) {
    draw_obstacles(&w->grid, walls, rng);
    return place_agents(w, rng, mark, ws);
}

/* Up to WORLDGEN_ATTEMPTS tries with one generator seeded by seed, each drawing obstacles first
 * when walls >= 0 (else keeping w's), then placing the agents; w's grid is made. Frees w on
 * failure. */
static int generate(pursuit_world *w, double walls, uint64_t seed) {
    size_t n = (size_t)w->grid.w * (size_t)w->grid.h;
    unsigned char *mark = malloc(n);
    dmap_workspace *ws = NULL;
    dmap_workspace_new(&ws);
    dmap_rng rng;
    dmap_rng_seed(&rng, seed);
    int rc = (!mark || !ws) ? DMAP_ERR_NOMEM : DMAP_ERR_LIMIT;
    for (int a = 0; a < WORLDGEN_ATTEMPTS && rc == DMAP_ERR_LIMIT; a++) {
        int got = walls >= 0 ? try_world(w, walls, &rng, mark, ws) : place_agents(w, &rng, mark, ws);
        if (got < 0) rc = got;
        if (got > 0) rc = DMAP_OK;
    }
    free(mark);
    dmap_workspace_free(ws);
    if (rc != DMAP_OK) pursuit_world_free(w);
    return rc;
}

int pursuit_world_random(pursuit_world *w, int size, double walls, uint64_t seed) {
    if (!w) return DMAP_ERR_ARG;
    memset(w, 0, sizeof *w);
    if (!(walls >= 0.0 && walls < 1.0)) return DMAP_ERR_ARG;
    int rc = dmap_grid_init(&w->grid, size, size);
    return rc != DMAP_OK ? rc : generate(w, walls, seed);
}

int pursuit_world_random_start(const pursuit_world *src, uint64_t seed, pursuit_world *w) {
    if (!src || !w) return DMAP_ERR_ARG;
    memset(w, 0, sizeof *w);
    int rc = dmap_grid_init(&w->grid, src->grid.w, src->grid.h);
    if (rc != DMAP_OK) return rc;
    memcpy(w->grid.wall, src->grid.wall, (size_t)src->grid.w * (size_t)src->grid.h);
    return generate(w, -1.0, seed);
}
