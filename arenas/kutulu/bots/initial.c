/* initial.c — the `initial` bot, in the spirit of the "initial bot" of the Code of Kutulu
 * Legend post-mortem (its separate write-up is not published with it, so the rules below are
 * ours): flee the nearest minion when one is
 * close, otherwise stay near the other explorers (and go to a shelter with energy when hurt);
 * PLAN when someone is near and it is calm, LIGHT against a wanderer hunting me.
 * Built on dmap: Dijkstra maps of the minions, of the other explorers and of the shelters,
 * the flee map of the minions, and the downhill options of the combined map. */
#include <math.h>
#include <stdlib.h>

#include "world.h"

#define FAR 1e6

typedef struct initial_bot {
    dmap_rng rng;
    dmap_workspace *ws;
    kb_world world;
    double threat[KT_MAX_CELLS], flee[KT_MAX_CELLS], friends[KT_MAX_CELLS],
        shelter[KT_MAX_CELLS], desire[KT_MAX_CELLS];
    int err; /* DMAP_ERR_NOMEM once a map could not get its memory (decide returns it) */
} initial_bot;

/* rc, remembering an out-of-memory one: the answer is then not the bot's. */
static int noted(initial_bot *b, int rc) {
    if (rc == DMAP_ERR_NOMEM) b->err = rc;
    return rc;
}

static int init_initial(void **state, const kt_view *first, uint64_t seed) {
    (void)first;
    *state = NULL;
    initial_bot *b = calloc(1, sizeof *b);
    if (!b) return DMAP_ERR_NOMEM;
    dmap_rng_seed(&b->rng, seed);
    dmap_workspace_new(&b->ws);
    if (!b->ws) {
        free(b);
        return DMAP_ERR_NOMEM;
    }
    *state = b;
    return 0;
}

static void release_initial(void *state) {
    initial_bot *b = state;
    if (!b) return;
    dmap_workspace_free(b->ws);
    free(b);
}

/* A Dijkstra map of some cells (goal value per cell), FAR where none reaches. */
static void field_of(initial_bot *b, const int *cells, const double *values, int n, double *out) {
    kb_world *w = &b->world;
    dmap_goal goals[KT_MAX_MINIONS + KT_MAX_EFFECTS];
    for (int k = 0; k < n; k++) goals[k] = (dmap_goal){cells[k] % w->w, cells[k] / w->w, values[k]};
    dmap_moves m = dmap_moves_4();
    if (noted(b, dmap_field(&w->grid, &m, goals, (size_t)n, FAR, out, b->ws)) != DMAP_OK)
        for (int c = 0; c < w->n; c++) out[c] = FAR;
}

static kt_action choose(initial_bot *b, const kt_view *v) {
    kt_action wait = {KT_WAIT, 0, 0};
    kb_world *w = &b->world;
    kb_world_from_view(w, v);
    const kb_explorer *me = &w->ex[0];
    int cells[KT_MAX_MINIONS + KT_MAX_EFFECTS];
    double values[KT_MAX_MINIONS + KT_MAX_EFFECTS];
    int n = 0, hunter = -1;
    for (int k = 0; k < w->nmin; k++) {
        const kb_minion *m = &w->min[k];
        cells[n] = m->cell;
        values[n++] = m->state == 0 ? m->countdown : 0; /* a spawning minion arrives later */
        if (m->type == 'W' && m->state == 1 && m->target == me->id) hunter = k;
    }
    field_of(b, cells, values, n, b->threat);
    dmap_moves moves = dmap_moves_4();
    if (noted(b, dmap_flee(&w->grid, &moves, b->threat, DMAP_FLEE_FACTOR, b->flee, b->ws)) != DMAP_OK)
        for (int c = 0; c < w->n; c++) b->flee[c] = -b->threat[c];
    n = 0;
    for (int i = 1; i < w->nex; i++) cells[n] = w->ex[i].cell, values[n++] = 0;
    field_of(b, cells, values, n, b->friends);
    n = 0;
    for (int k = 0; k < w->neff; k++)
        if (w->eff[k].type == 'U' && w->eff[k].ticks > 0) cells[n] = w->eff[k].cell, values[n++] = 0;
    field_of(b, cells, values, n, b->shelter);

    double danger = b->threat[me->cell];
    int calm = danger > 4;
    /* abilities first: they keep me in place */
    if (calm && me->plans > 0 && me->sanity <= 220 && n >= 0) {
        for (int i = 1; i < w->nex; i++)
            if (kb_manhattan(w, me->cell, w->ex[i].cell) <= 2) return (kt_action){KT_PLAN, 0, 0};
    }
    if (hunter >= 0 && me->lights > 0) {
        int d = kb_manhattan(w, me->cell, w->min[hunter].cell);
        if (d >= 3 && d <= 5) return (kt_action){KT_LIGHT, 0, 0};
    }
    for (int c = 0; c < w->n; c++) {
        if (w->wall[c]) continue;
        double want = calm ? b->friends[c] : 3.0 * b->flee[c] + 0.3 * b->friends[c];
        if (calm && me->sanity < 200 && b->shelter[c] < FAR) want = b->shelter[c];
        b->desire[c] = want;
    }
    unsigned options = 0;
    if (noted(b, dmap_downhill_options(&w->grid, &moves, b->desire, me->cell, NULL, &options)) != DMAP_OK)
        return wait;
    dmap_dir d = DMAP_STAY;
    if (dmap_pick_option(options, &b->rng, &d) != DMAP_OK || d == DMAP_STAY) return wait;
    int to = dmap_step(&w->grid, &moves, me->cell, d);
    return kb_move_to(w, to);
}

/* The action, or the error of a map that could not get its memory (the answer is then not the
 * bot's, and the game ends with the error). */
static int decide_initial(void *state, const kt_view *v, kt_action *action) {
    initial_bot *b = state;
    *action = choose(b, v);
    return b->err;
}

const kt_bot kt_bot_initial = {{"initial",
                                "flee close minions, stay near others, shelters when hurt"},
                               init_initial, decide_initial, release_initial, NULL};
