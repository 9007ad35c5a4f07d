/* bots_prey.c — the built-in preys.
 *
 * naive:  the move whose landing lies farthest (path distance) from the predator, one step
 *         ahead; ties at random.
 * flee:   rolls down the flee map of the predator (its Dijkstra map times -1.2, rescanned);
 *         the maps are cached per predator cell for the game.
 * bury:   the seed's strategy. On its own copy of the world it buries the dead ends (both
 *         agents' cells protected), picks the cell that maximises the predator's path distance
 *         minus its straight-line distance (cells the predator must walk around obstacles to
 *         reach), and rolls along the buried map toward it, avoiding landings the predator can
 *         reach this clock when it has any other choice.
 * buryflee: flee's rule on bury's map: each clock it buries the dead ends of its copy of the
 *         world (both agents protected) and rolls down the flee map of the predator on that
 *         copy. It is the experiment that separates burying itself from bury's choice of a
 *         target: flee and buryflee differ only in the burying.
 * random: a legal move (stay included) uniformly at random.
 * On rest clocks (3, 6, ...) a prey's choice is ignored by the rules, so they answer 's'. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bots_common.h"

/* ---- naive -------------------------------------------------------------------------------- */

static int naive_init(void **state, const pursuit_view *start, const void *arg) {
    (void)arg;
    return bot_maps_init(state, start, 0, 1, 1);
}

static char naive_decide(void *state, const pursuit_view *v, dmap_rng *rng) {
    bot_maps *b = state;
    if (pursuit_prey_rests(v->clock)) return 's';
    const int *from_predator = bot_world_row(b, v->grid, v->predator, b->steps[0]);
    if (!from_predator) return 's';
    int cands[BOT_MOVES], land[BOT_MOVES];
    size_t n = (size_t)bot_legal_moves(v->grid, v->prey, cands);
    bot_landings(v->grid, v->prey, land);
    bot_landing_steps away = {from_predator, land};
    dmap_filter farthest = {DMAP_FILTER_KEEP_MAX, bot_score_landing_steps, &away};
    if (dmap_filter_moves(cands, &n, &farthest, 1, NULL) != DMAP_OK) return 's';
    return bot_pick(cands, n, rng);
}

/* ---- flee --------------------------------------------------------------------------------- */

/* flee's state: the distance-row cache, and the flee map of every predator cell seen so far
 * (on worlds up to FLEE_CACHE_CELLS cells): obstacles never move, so a flee map depends only
 * on where the predator stands, and the rescan is the expensive part of a decision. */
#define FLEE_CACHE_CELLS 256

typedef struct flee_state {
    bot_maps b;
    double *maps;        /* n * n doubles, row p = the flee map for the predator on p; or NULL */
    unsigned char *have; /* n flags: row computed */
} flee_state;

static void flee_release(void *state) {
    flee_state *s = state;
    if (!s) return;
    bot_maps_close(&s->b);
    free(s->maps);
    free(s->have);
    free(s);
}

static int flee_init(void **state, const pursuit_view *start, const void *arg) {
    (void)arg;
    flee_state *s = calloc(1, sizeof *s);
    if (!s) return DMAP_ERR_NOMEM;
    int rc = bot_maps_open(&s->b, start->grid, 1, 1, 1);
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

/* The flee map of the predator's cell: the -1.2 rescan of its distance map (dmap_flee),
 * from the cache when this cell was seen before. NULL on error. */
static const double *flee_map(flee_state *s, const pursuit_view *v) {
    bot_maps *b = &s->b;
    int p = v->predator;
    if (p < 0 || (size_t)p >= b->n) return NULL;
    if (s->maps && s->have[p]) return s->maps + (size_t)p * b->n;
    double *out = s->maps ? s->maps + (size_t)p * b->n : b->map[0];
    dmap_moves four = dmap_moves_4();
    if (bot_world_distance(b, v->grid, p, b->steps[0], out) != DMAP_OK ||
        dmap_flee(v->grid, &four, out, DMAP_FLEE_FACTOR, out, b->ws) != DMAP_OK)
        return NULL;
    if (s->maps) s->have[p] = 1;
    return out;
}

static char flee_decide(void *state, const pursuit_view *v, dmap_rng *rng) {
    flee_state *s = state;
    if (pursuit_prey_rests(v->clock)) return 's';
    dmap_moves four = dmap_moves_4();
    unsigned options = 0;
    dmap_dir d = DMAP_STAY;
    const double *map = flee_map(s, v);
    if (!map || dmap_downhill_options(v->grid, &four, map, v->prey, NULL, &options) != DMAP_OK ||
        dmap_pick_option(options, rng, &d) != DMAP_OK)
        return 's';
    return pursuit_dir_move(d);
}

/* ---- bury --------------------------------------------------------------------------------- */

/* step maps: the prey's and the target's on its copy, scratch for the predator's row */
enum { BURY_FROM_PREY, BURY_TO_TARGET, BURY_PREDATOR_SCRATCH, BURY_MAPS };

typedef struct bury_state {
    bot_maps b;
    dmap_grid copy;            /* the prey's private world: obstacles plus buried dead ends */
    const int *from_predator;  /* this clock's step counts from the predator, real world */
} bury_state;

static int bury_init(void **state, const pursuit_view *start, const void *arg) {
    (void)arg;
    bury_state *s = calloc(1, sizeof *s);
    if (!s) return DMAP_ERR_NOMEM;
    int rc = bot_maps_open(&s->b, start->grid, 0, BURY_MAPS, 1);
    if (rc == DMAP_OK) rc = dmap_grid_init(&s->copy, start->grid->w, start->grid->h);
    if (rc != DMAP_OK) {
        bot_maps_close(&s->b);
        free(s);
        return rc;
    }
    *state = s;
    return DMAP_OK;
}

static void bury_release(void *state) {
    bury_state *s = state;
    if (!s) return;
    bot_maps_close(&s->b);
    dmap_grid_free(&s->copy);
    free(s);
}

/* The seed's score of a cell: the predator's path distance minus its straight-line distance
 * (large behind obstacles the predator has to walk around). */
static double detour(const bury_state *s, const pursuit_view *v, size_t cell) {
    int w = v->grid->w;
    double dx = (double)((int)cell % w - v->predator % w);
    double dy = (double)((int)cell / w - v->predator / w);
    return s->from_predator[cell] - sqrt(dx * dx + dy * dy);
}

/* The cell the seed's prey heads for: the largest detour among the cells of its buried copy
 * that it reaches before the predator (at two steps per three clocks; every reachable cell
 * when none is), ties to the nearer cell, then the first. */
static int bury_target(const bury_state *s, const pursuit_view *v) {
    const int *pred = s->from_predator, *mine = s->b.steps[BURY_FROM_PREY];
    for (int first_only = 1; first_only >= 0; first_only--) {
        int best = -1;
        double best_gain = 0;
        for (size_t i = 0; i < s->b.n; i++) {
            if (s->copy.wall[i] || mine[i] >= s->b.far) continue;
            if (first_only && !(3 * mine[i] < 2 * pred[i])) continue;
            double gain = detour(s, v, i);
            if (best < 0 || gain > best_gain || (gain == best_gain && mine[i] < mine[best])) {
                best_gain = gain;
                best = (int)i;
            }
        }
        if (best >= 0) return best;
    }
    return v->prey;
}

/* Landing safety: the predator must not be able to stand there after this clock, nor after
 * the next one when the prey rests then. */
typedef struct bury_safety {
    const int *from_predator;
    const int *land;
    int reach; /* predator moves before the prey can move again: 1, or 2 before a rest */
} bury_safety;

static double bury_safe(void *user, int move) {
    const bury_safety *s = user;
    return s->from_predator[s->land[move]] > s->reach;
}

static char bury_decide(void *state, const pursuit_view *v, dmap_rng *rng) {
    bury_state *s = state;
    bot_maps *b = &s->b;
    if (pursuit_prey_rests(v->clock)) return 's';
    memcpy(s->copy.wall, v->grid->wall, b->n);
    int agents[2] = {v->predator, v->prey};
    s->from_predator = bot_world_row(b, v->grid, v->predator, b->steps[BURY_PREDATOR_SCRATCH]);
    if (!s->from_predator ||
        dmap_bury_dead_ends(&s->copy, agents, 2, 0, NULL, NULL, b->ws) != DMAP_OK ||
        bot_steps_from(b, &s->copy, v->prey, b->steps[BURY_FROM_PREY]) != DMAP_OK ||
        bot_steps_from(b, &s->copy, bury_target(s, v), b->steps[BURY_TO_TARGET]) != DMAP_OK)
        return 's';

    int cands[BOT_MOVES], land[BOT_MOVES];
    size_t n = (size_t)bot_legal_moves(&s->copy, v->prey, cands);
    bot_landings(&s->copy, v->prey, land);
    bury_safety danger = {s->from_predator, land, pursuit_prey_rests(v->clock + 1) ? 2 : 1};
    bot_landing_steps toward = {b->steps[BURY_TO_TARGET], land};
    dmap_filter chain[2] = {{DMAP_FILTER_KEEP_TRUE, bury_safe, &danger},
                            {DMAP_FILTER_KEEP_MIN, bot_score_landing_steps, &toward}};
    if (dmap_filter_moves(cands, &n, chain, 2, NULL) != DMAP_OK) return 's';
    return bot_pick(cands, n, rng);
}

/* ---- buryflee ----------------------------------------------------------------------------- */

/* buryflee's state: one map, one step row and its buried copy of the world (bury_state's
 * shape, without the target rows). */

/* Grow the workspace once to what any decision of the game can need (a flee rescan seeded on
 * every free cell, burying and a search on the whole world), so decisions allocate nothing. */
static int buryflee_warm_up(bury_state *s, const pursuit_view *start) {
    bot_maps *b = &s->b;
    dmap_moves four = dmap_moves_4();
    for (size_t i = 0; i < b->n; i++) b->map[0][i] = (double)i;
    memcpy(s->copy.wall, start->grid->wall, b->n);
    int agents[2] = {start->predator, start->prey};
    int rc = dmap_flee(start->grid, &four, b->map[0], DMAP_FLEE_FACTOR, b->map[0], b->ws);
    if (rc == DMAP_OK) rc = bot_steps_from(b, start->grid, start->prey, b->steps[0]);
    if (rc == DMAP_OK) rc = dmap_bury_dead_ends(&s->copy, agents, 2, 0, NULL, NULL, b->ws);
    return rc;
}
static int buryflee_init(void **state, const pursuit_view *start, const void *arg) {
    (void)arg;
    bury_state *s = calloc(1, sizeof *s);
    if (!s) return DMAP_ERR_NOMEM;
    int rc = bot_maps_open(&s->b, start->grid, 1, 1, 0);
    if (rc == DMAP_OK) rc = dmap_grid_init(&s->copy, start->grid->w, start->grid->h);
    if (rc == DMAP_OK) rc = buryflee_warm_up(s, start);
    if (rc != DMAP_OK) {
        bot_maps_close(&s->b);
        dmap_grid_free(&s->copy);
        free(s);
        return rc;
    }
    *state = s;
    return DMAP_OK;
}

static char buryflee_decide(void *state, const pursuit_view *v, dmap_rng *rng) {
    bury_state *s = state;
    bot_maps *b = &s->b;
    if (pursuit_prey_rests(v->clock)) return 's';
    memcpy(s->copy.wall, v->grid->wall, b->n);
    int agents[2] = {v->predator, v->prey};
    dmap_moves four = dmap_moves_4();
    if (dmap_bury_dead_ends(&s->copy, agents, 2, 0, NULL, NULL, b->ws) != DMAP_OK ||
        bot_steps_from(b, &s->copy, v->predator, b->steps[0]) != DMAP_OK)
        return 's';
    for (size_t i = 0; i < b->n; i++) b->map[0][i] = (double)b->steps[0][i]; /* far = ceiling */
    unsigned options = 0;
    dmap_dir d = DMAP_STAY;
    if (dmap_flee(&s->copy, &four, b->map[0], DMAP_FLEE_FACTOR, b->map[0], b->ws) != DMAP_OK ||
        dmap_downhill_options(&s->copy, &four, b->map[0], v->prey, NULL, &options) != DMAP_OK ||
        dmap_pick_option(options, rng, &d) != DMAP_OK)
        return 's';
    return pursuit_dir_move(d);
}

/* ---- random ------------------------------------------------------------------------------- */

static char random_decide(void *state, const pursuit_view *v, dmap_rng *rng) {
    (void)state;
    int cands[BOT_MOVES];
    size_t n = (size_t)bot_legal_moves(v->grid, v->prey, cands);
    return bot_pick(cands, n, rng);
}

const pursuit_bot pursuit_bot_naive = {
    "naive", PURSUIT_PREY, "steps to the neighbour farthest from the predator",
    naive_init, naive_decide, bot_maps_release, NULL};

const pursuit_bot pursuit_bot_flee = {
    "flee", PURSUIT_PREY, "rolls down a -1.2 flee map of the predator",
    flee_init, flee_decide, flee_release, NULL};

const pursuit_bot pursuit_bot_bury = {
    "bury", PURSUIT_PREY,
    "buries dead ends, heads for max(path - straight-line distance from the predator)",
    bury_init, bury_decide, bury_release, NULL};

const pursuit_bot pursuit_bot_buryflee = {
    "buryflee", PURSUIT_PREY, "flee on a copy of the world with its dead ends buried",
    buryflee_init, buryflee_decide, bury_release, NULL};

const pursuit_bot pursuit_bot_random = {
    "random", PURSUIT_PREY, "a legal move at random", NULL, random_decide, NULL, NULL};
