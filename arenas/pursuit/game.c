/* game.c — the referee: one game between a predator bot and a prey bot, clock by clock,
 * exactly as rules/pursuit.md says. Both bots decide on the same pre-move view (simultaneous
 * moves); illegal moves are stays; the prey rests on clocks divisible by 3; capture only when
 * both end a clock on one cell (a swap passes). Each decision is timed on the kit's monotonic
 * wall clock, like a referee with a stopwatch (the thread-CPU clock is a system call, which
 * would double the cost of a game whose decisions take a microsecond). */
#include <string.h>

#include "cputime.h"
#include "pursuit.h"

pursuit_config pursuit_config_default(void) {
    pursuit_config c = {PURSUIT_DEFAULT_CLOCKS, 1, PURSUIT_DEFAULT_TIME_LIMIT_NS};
    return c;
}

/* One seat at the table: a bot, its per-game state and its own generator. */
typedef struct seat {
    const pursuit_bot *bot;
    void *state;
    dmap_rng rng;
} seat;

/* Ask a bot for its move on its own copy of the view; time it; a late answer is 's'. */
static char ask(seat *s, const pursuit_view *view, const pursuit_config *cfg,
                pursuit_result *out) {
    pursuit_view copy = *view;
    int role = s->bot->role;
    int64_t t0 = kit_wall_ns();
    char move = s->bot->decide(s->state, &copy, &s->rng);
    int64_t dt = kit_wall_ns() - t0;
    out->decide_ns[role] += (double)dt;
    out->decisions[role]++;
    if (cfg->time_limit_ns > 0 && dt > cfg->time_limit_ns) {
        out->timeouts[role]++;
        move = 's';
    }
    return move;
}

/* Two independent generator seeds from the game's seed, one per role. */
static void seed_seats(seat *pred, seat *prey, uint64_t seed) {
    dmap_rng master;
    dmap_rng_seed(&master, seed);
    uint64_t a = ((uint64_t)dmap_rng_next(&master) << 32) | dmap_rng_next(&master);
    uint64_t b = ((uint64_t)dmap_rng_next(&master) << 32) | dmap_rng_next(&master);
    dmap_rng_seed(&pred->rng, a);
    dmap_rng_seed(&prey->rng, b);
}

static int open_seat(seat *s, const pursuit_view *start) {
    s->state = NULL;
    if (!s->bot->init) return DMAP_OK;
    pursuit_view copy = *start;
    return s->bot->init(&s->state, &copy, s->bot->arg);
}

static void close_seat(seat *s) {
    if (s->bot->release) s->bot->release(s->state);
    s->state = NULL;
}

static int valid_bot(const pursuit_bot *b, pursuit_role role) {
    return b && b->decide && b->role == role;
}

/* The clock loop, once both seats are open. */
static void run_clocks(const pursuit_world *w, seat *pred, seat *prey,
                       const pursuit_config *cfg, pursuit_observer observer, void *ctx,
                       pursuit_result *out) {
    pursuit_view view = {&w->grid, w->predator, w->prey, 0, cfg->clocks};
    for (int clock = 1; clock <= cfg->clocks; clock++) {
        view.clock = clock;
        char pm = ask(pred, &view, cfg, out);
        char ym = ask(prey, &view, cfg, out);
        int np = pursuit_apply_move(&w->grid, view.predator, pm);
        int ny = pursuit_prey_rests(clock) ? view.prey
                                           : pursuit_apply_move(&w->grid, view.prey, ym);
        view.predator = np;
        view.prey = ny;
        out->clock = clock;
        if (observer) observer(ctx, clock, pm, ym, np, ny);
        if (np == ny) {
            out->predator_won = 1;
            return;
        }
    }
}

int pursuit_play(const pursuit_world *w, const pursuit_bot *predator, const pursuit_bot *prey,
                 const pursuit_config *cfg, pursuit_observer observer, void *ctx,
                 pursuit_result *out) {
    if (!w || !cfg || !out || cfg->clocks < 1 || cfg->time_limit_ns < 0) return DMAP_ERR_ARG;
    if (!valid_bot(predator, PURSUIT_PREDATOR) || !valid_bot(prey, PURSUIT_PREY))
        return DMAP_ERR_ARG;
    int rc = pursuit_world_check(w);
    if (rc != DMAP_OK) return rc;
    memset(out, 0, sizeof *out);

    seat ps = {predator, NULL, {0}}, ys = {prey, NULL, {0}};
    seed_seats(&ps, &ys, cfg->seed);
    pursuit_view start = {&w->grid, w->predator, w->prey, 1, cfg->clocks};
    if ((rc = open_seat(&ps, &start)) != DMAP_OK) return rc;
    if ((rc = open_seat(&ys, &start)) != DMAP_OK) {
        close_seat(&ps);
        return rc;
    }
    run_clocks(w, &ps, &ys, cfg, observer, ctx, out);
    close_seat(&ps);
    close_seat(&ys);
    return DMAP_OK;
}
