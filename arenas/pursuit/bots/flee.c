/* flee.c — the prey `flee`: rolls down the flee map of the predator (its Dijkstra map times
 * -1.2, rescanned: dmap_flee); the maps are cached per predator cell for the game. On rest
 * clocks its choice is ignored by the rules, so it answers 's'. It publishes the flee map it
 * last rolled down as "flee". */
#include <stdlib.h>
#include <string.h>

#include "maps.h"

/* flee's state: the distance-row cache, and the flee map of every predator cell seen so far
 * (on worlds up to FLEE_CACHE_CELLS cells): obstacles never move, so a flee map depends only
 * on where the predator stands, and the rescan is the expensive part of a decision. */
#define FLEE_CACHE_CELLS 256

typedef struct flee_state {
    bot_maps b;
    double *maps;        /* n * n doubles, row p = the flee map for the predator on p; or NULL */
    unsigned char *have; /* n flags: row computed */
    const double *last;  /* the map of the last move (a cache row or b.map[0]), or NULL */
    const dmap_grid *world; /* the game's world (its walls show as null in replays) */
    double factor;          /* the flee factor (the parameter) */
} flee_state;

/* flee's and buryflee's parameter (kit bot.h): dmap_flee's factor. */
static const kit_param flee_param[] = {
    {"factor", DMAP_FLEE_FACTOR, -5, -0.1, 0.1, 0, "the flee map's factor on the predator's "
                                                   "distances (dmap_flee; more negative: bolder)"}};
const kit_params pursuit_flee_params = {flee_param, 1};

static void flee_release(void *state) {
    flee_state *s = state;
    if (!s) return;
    bot_maps_close(&s->b);
    free(s->maps);
    free(s->have);
    free(s);
}

static int flee_init(void **state, const pursuit_view *start, uint64_t seed) {
    flee_state *s = calloc(1, sizeof *s);
    if (!s) return DMAP_ERR_NOMEM;
    kit_param_read(&pursuit_flee_params, *state, &s->factor); /* a spec's, or the default */
    s->world = start->grid;
    int rc = bot_maps_open(&s->b, start->grid, 1, 1, 1, seed);
    if (rc == DMAP_OK && s->b.n <= FLEE_CACHE_CELLS) {
        s->maps = malloc(s->b.n * s->b.n * sizeof(double));
        s->have = calloc(s->b.n, 1);
        if (!s->maps || !s->have) rc = DMAP_ERR_NOMEM;
    }
    if (rc != DMAP_OK) {
        flee_release(s);
        return rc;
    }
    *state = s;
    return DMAP_OK;
}

/* The flee map of the predator's cell: the rescan (factor -1.2 by default) of its distance map (dmap_flee),
 * from the cache when this cell was seen before. */
static int flee_map(flee_state *s, const pursuit_view *v, const double **map) {
    bot_maps *b = &s->b;
    int p = v->predator;
    if (p < 0 || (size_t)p >= b->n) return DMAP_ERR_RANGE;
    if (s->maps && s->have[p]) {
        *map = s->maps + (size_t)p * b->n;
        return DMAP_OK;
    }
    double *out = s->maps ? s->maps + (size_t)p * b->n : b->map[0];
    dmap_moves four = dmap_moves_4();
    int rc = bot_world_distance(b, v->grid, p, b->steps[0], out);
    if (rc == DMAP_OK) rc = dmap_flee(v->grid, &four, out, s->factor, out, b->ws);
    if (rc != DMAP_OK) return rc;
    if (s->maps) s->have[p] = 1;
    *map = out;
    return DMAP_OK;
}

static int flee_decide(void *state, const pursuit_view *v, pursuit_action *move) {
    flee_state *s = state;
    *move = 's';
    if (pursuit_prey_rests(v->clock)) return DMAP_OK;
    const double *map = NULL;
    int rc = flee_map(s, v, &map);
    if (rc != DMAP_OK) return rc;
    s->last = map;
    return bot_roll_down(v->grid, map, v->prey, &s->b.rng, move);
}

/* The last flee map, copied into the scratch map when it is a cache row (cache rows are
 * reused), with walls as +INFINITY. */
static int flee_maps(void *state, kit_map *out, int max) {
    flee_state *s = state;
    if (max < 1 || !s->last) return 0;
    double *shown = s->b.map[0];
    if (s->last != shown) memcpy(shown, s->last, s->b.n * sizeof *shown);
    s->last = shown;
    bot_map_for_replay(&s->b, s->world, shown);
    out[0].name = "flee";
    out[0].values = shown;
    return 1;
}

const pursuit_bot pursuit_bot_flee = {
    {"flee", "prey: rolls down a -1.2 flee map of the predator"},
    flee_init, flee_decide, flee_release, flee_maps};
