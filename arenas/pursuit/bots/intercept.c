/* intercept.c — the predator `intercept`: a one-clock minimax over the simultaneous moves. For
 * each of its moves it assumes the prey's worst reply (on rest clocks the prey has only one:
 * staying) and scores the distance left, a capture scoring above everything; among the moves
 * with the best worst case it keeps those leaving the prey the fewest cells it reaches first
 * (at its speed of two steps per three clocks) — the moves that cut off the prey's escapes;
 * then one drawn from its own generator. */
#include <string.h>

#include "maps.h"

/* intercept's state: the cache of the world's distance rows, and scratch rows (landings,
 * then the prey) for worlds too big for the cache. */
static int intercept_init(void **state, const pursuit_view *start, uint64_t seed) {
    return bot_maps_init(state, start, 0, BOT_MOVES + 1, 1, seed);
}

/* One decision's context for the library's minimax and filter callbacks. */
typedef struct intercept_turn {
    const bot_maps *b;
    int cands[BOT_MOVES];         /* my legal moves */
    int land[BOT_MOVES];          /* where each candidate (by index) leads */
    const int *from[BOT_MOVES];   /* step counts from each landing */
    const int *prey_steps;        /* step counts from the prey */
    int reply[BOT_MOVES];         /* the prey's possible cells after its move */
    size_t nreply;
} intercept_turn;

/* For me higher is better: a capture beats every distance; otherwise the distance left. */
static double intercept_outcome(void *user, int mine, const int *opp, size_t nopp) {
    const intercept_turn *t = user;
    (void)nopp;
    int prey = t->reply[opp[0]];
    if (t->land[mine] == prey) return t->b->ceiling + 1.0;
    return -(double)t->from[mine][prey];
}

/* Cells the prey reaches strictly first when the predator moves by candidate `mine`: the prey
 * needs 3 clocks per 2 steps, the predator one clock per step. */
static double intercept_territory(void *user, int mine) {
    const intercept_turn *t = user;
    const int *prey = t->prey_steps, *pred = t->from[mine];
    int far = t->b->far, cells = 0;
    for (size_t i = 0; i < t->b->n; i++) cells += prey[i] < far && 3 * prey[i] < 2 * pred[i];
    return cells;
}

/* The distance rows of the landings and of the prey; 0 on failure. */
static int fetch_rows(bot_maps *b, const pursuit_view *v, intercept_turn *t, size_t nmine) {
    for (size_t i = 0; i < nmine; i++)
        if (!(t->from[i] = bot_world_row(b, v->grid, t->land[i], b->steps[i]))) return 0;
    t->prey_steps = bot_world_row(b, v->grid, v->prey, b->steps[BOT_MOVES]);
    return t->prey_steps != NULL;
}

static void list_replies(const pursuit_view *v, intercept_turn *t) {
    if (pursuit_prey_rests(v->clock)) {
        t->reply[0] = v->prey;
        t->nreply = 1;
        return;
    }
    dmap_moves four = dmap_moves_4();
    int moves[BOT_MOVES];
    t->nreply = (size_t)bot_legal_moves(v->grid, v->prey, moves);
    for (size_t r = 0; r < t->nreply; r++)
        t->reply[r] = dmap_step(v->grid, &four, v->prey, (dmap_dir)moves[r]);
}

static int intercept_decide(void *state, const pursuit_view *v, pursuit_action *move) {
    bot_maps *b = state;
    intercept_turn t;
    memset(&t, 0, sizeof t);
    t.b = b;
    dmap_moves four = dmap_moves_4();
    size_t nmine = (size_t)bot_legal_moves(v->grid, v->predator, t.cands);
    for (size_t i = 0; i < nmine; i++)
        t.land[i] = dmap_step(v->grid, &four, v->predator, (dmap_dir)t.cands[i]);
    if (!fetch_rows(b, v, &t, nmine)) return DMAP_ERR_NOMEM;
    list_replies(v, &t);

    double worst[BOT_MOVES];
    int best[BOT_MOVES];
    size_t nbest = 0;
    int rc = dmap_minimax_moves(nmine, &t.nreply, 1, intercept_outcome, &t, worst, NULL, best,
                                &nbest);
    if (rc != DMAP_OK) return rc;
    dmap_filter cut_off = {DMAP_FILTER_KEEP_MIN, intercept_territory, &t};
    if ((rc = dmap_filter_moves(best, &nbest, &cut_off, 1, NULL)) != DMAP_OK) return rc;
    int dirs[BOT_MOVES];
    for (size_t i = 0; i < nbest; i++) dirs[i] = t.cands[best[i]];
    return bot_pick(dirs, nbest, &b->rng, move);
}

const pursuit_bot pursuit_bot_intercept = {
    {"intercept",
     "predator: minimax over the prey's replies (none on rest clocks), then cuts off its "
     "escape cells"},
    intercept_init, intercept_decide, bot_maps_release, NULL};
