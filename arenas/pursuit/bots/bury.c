/* bury.c — the prey `bury`, the dead-end burying strategy (RULES.md, "Dead-end burying"): on
 * its own copy of the world it buries the dead ends (both agents' cells protected), picks the
 * cell that maximises the predator's path distance minus its straight-line distance (cells the
 * predator must walk around obstacles to reach), and rolls along the buried map toward it,
 * avoiding landings the predator can reach before the prey moves again when it has any other
 * choice; ties drawn from its own generator. On rest clocks it answers 's'. */
#include <math.h>
#include <stdlib.h>

#include "maps.h"

/* step maps: the prey's and the target's on its copy, scratch for the predator's row */
enum { BURY_FROM_PREY, BURY_TO_TARGET, BURY_PREDATOR_SCRATCH, BURY_MAPS };

typedef struct bury_state {
    bot_burying k;             /* its maps, and its private world: obstacles plus buried dead ends */
    const int *from_predator;  /* this clock's step counts from the predator, real world */
} bury_state;

static int bury_init(void **state, const pursuit_view *start, uint64_t seed) {
    bury_state *s = calloc(1, sizeof *s);
    if (!s) return DMAP_ERR_NOMEM;
    int rc = bot_burying_open(&s->k, start->grid, 0, BURY_MAPS, 1, seed);
    if (rc != DMAP_OK) {
        bot_burying_release(s);
        return rc;
    }
    *state = s;
    return DMAP_OK;
}

/* The strategy's score of a cell: the predator's path distance minus its straight-line
 * distance (large behind obstacles the predator has to walk around). */
static double detour(const bury_state *s, const pursuit_view *v, size_t cell) {
    int w = v->grid->w;
    double dx = (double)((int)cell % w - v->predator % w);
    double dy = (double)((int)cell / w - v->predator / w);
    return s->from_predator[cell] - sqrt(dx * dx + dy * dy);
}

/* The cell the prey heads for: the largest detour among the cells of its buried copy that it
 * reaches before the predator (at two steps per three clocks; every reachable cell when none
 * is), ties to the nearer cell, then the first. */
static int bury_target(const bury_state *s, const pursuit_view *v) {
    const int *pred = s->from_predator, *mine = s->k.b.steps[BURY_FROM_PREY];
    for (int first_only = 1; first_only >= 0; first_only--) {
        int best = -1;
        double best_gain = 0;
        for (size_t i = 0; i < s->k.b.n; i++) {
            if (s->k.copy.wall[i] || mine[i] >= s->k.b.far) continue;
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

static int bury_decide(void *state, const pursuit_view *v, pursuit_action *move) {
    bury_state *s = state;
    bot_maps *b = &s->k.b;
    *move = 's';
    if (pursuit_prey_rests(v->clock)) return DMAP_OK;
    s->from_predator = bot_world_row(b, v->grid, v->predator, b->steps[BURY_PREDATOR_SCRATCH]);
    if (!s->from_predator) return DMAP_ERR_NOMEM;
    int rc = bot_buried_update(&s->k.copy, v, b->ws);
    if (rc == DMAP_OK) rc = bot_steps_from(b, &s->k.copy, v->prey, b->steps[BURY_FROM_PREY]);
    if (rc == DMAP_OK)
        rc = bot_steps_from(b, &s->k.copy, bury_target(s, v), b->steps[BURY_TO_TARGET]);
    if (rc != DMAP_OK) return rc;

    int cands[BOT_MOVES], land[BOT_MOVES];
    size_t n = (size_t)bot_legal_moves(&s->k.copy, v->prey, cands);
    bot_landings(&s->k.copy, v->prey, land);
    bury_safety danger = {s->from_predator, land, pursuit_prey_rests(v->clock + 1) ? 2 : 1};
    bot_landing_steps toward = {b->steps[BURY_TO_TARGET], land};
    dmap_filter chain[2] = {{DMAP_FILTER_KEEP_TRUE, bury_safe, &danger},
                            {DMAP_FILTER_KEEP_MIN, bot_score_landing_steps, &toward}};
    if ((rc = dmap_filter_moves(cands, &n, chain, 2, NULL)) != DMAP_OK) return rc;
    return bot_pick(cands, n, &b->rng, move);
}

const pursuit_bot pursuit_bot_bury = {
    {"bury",
     "prey: buries dead ends, heads for max(path - straight-line distance from the predator)"},
    bury_init, bury_decide, bot_burying_release, NULL};
