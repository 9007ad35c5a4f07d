/* buryflee.c — the prey `buryflee`: flee's rule on bury's map. Each clock it buries the dead
 * ends of its copy of the world (both agents protected) and rolls down the flee map of the
 * predator on that copy. It separates burying itself from bury's choice of a target: flee and
 * buryflee differ only in the burying. On rest clocks it answers 's'. It publishes the flee map
 * of its last move as "flee" (buried cells as walls). */
#include <stdlib.h>
#include <string.h>

#include "maps.h"

/* buryflee's state: one map, one step row and its buried copy of the world. */
typedef struct buryflee_state {
    bot_burying k; /* first: bot_burying_release frees the state */
    int have_map; /* b.map[0] holds the flee map of a move */
    double factor; /* the flee factor (flee's parameter) */
} buryflee_state;

/* Grow the workspace once to what any decision of the game can need (a flee rescan seeded on
 * every free cell, burying and a search on the whole world), so decisions allocate nothing. */
static int buryflee_warm_up(buryflee_state *s, const pursuit_view *start) {
    bot_maps *b = &s->k.b;
    dmap_moves four = dmap_moves_4();
    for (size_t i = 0; i < b->n; i++) b->map[0][i] = (double)i;
    int rc = dmap_flee(start->grid, &four, b->map[0], s->factor, b->map[0], b->ws);
    if (rc == DMAP_OK) rc = bot_steps_from(b, start->grid, start->prey, b->steps[0]);
    if (rc == DMAP_OK) rc = bot_buried_update(&s->k.copy, start, b->ws);
    return rc;
}

static int buryflee_init(void **state, const pursuit_view *start, uint64_t seed) {
    buryflee_state *s = calloc(1, sizeof *s);
    if (!s) return DMAP_ERR_NOMEM;
    kit_param_read(&pursuit_flee_params, *state, &s->factor); /* a spec's, or the default */
    int rc = bot_burying_open(&s->k, start->grid, 1, 1, 0, seed);
    if (rc == DMAP_OK) rc = buryflee_warm_up(s, start);
    if (rc != DMAP_OK) {
        bot_burying_release(s);
        return rc;
    }
    *state = s;
    return DMAP_OK;
}

static int buryflee_decide(void *state, const pursuit_view *v, pursuit_action *move) {
    buryflee_state *s = state;
    bot_maps *b = &s->k.b;
    *move = 's';
    if (pursuit_prey_rests(v->clock)) return DMAP_OK;
    dmap_moves four = dmap_moves_4();
    s->have_map = 0;
    int rc = bot_buried_update(&s->k.copy, v, b->ws);
    if (rc == DMAP_OK) rc = bot_steps_from(b, &s->k.copy, v->predator, b->steps[0]);
    if (rc != DMAP_OK) return rc;
    for (size_t i = 0; i < b->n; i++) b->map[0][i] = (double)b->steps[0][i]; /* far = ceiling */
    rc = dmap_flee(&s->k.copy, &four, b->map[0], s->factor, b->map[0], b->ws);
    if (rc != DMAP_OK) return rc;
    s->have_map = 1;
    return bot_roll_down(&s->k.copy, b->map[0], v->prey, &b->rng, move);
}

/* The flee map of the last move (rewritten in place: the next move computes it again). */
static int buryflee_maps(void *state, kit_map *out, int max) {
    buryflee_state *s = state;
    if (max < 1 || !s->have_map) return 0;
    bot_map_for_replay(&s->k.b, &s->k.copy, s->k.b.map[0]);
    out[0].name = "flee";
    out[0].values = s->k.b.map[0];
    return 1;
}

const pursuit_bot pursuit_bot_buryflee = {
    {"buryflee", "prey: flee on a copy of the world with its dead ends buried"},
    buryflee_init, buryflee_decide, bot_burying_release, buryflee_maps};
