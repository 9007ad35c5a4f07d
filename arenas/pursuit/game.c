/* game.c — the referee: one game between a predator bot and a prey bot, clock by clock, as
 * RULES.md says. Both bots decide on the same pre-move view (simultaneous moves), then the
 * engine steps. Each decision is timed on the kit's monotonic wall clock, like a referee with a
 * stopwatch (the thread-CPU clock is a system call, which would double the cost of a game whose
 * decisions take a microsecond); a late answer is a stay. The bots' lifecycle is the kit's seat
 * driver's (kit/seats.h). */
#include <string.h>

#include "pursuit.h"

pursuit_config pursuit_config_default(void) {
    pursuit_config c = {PURSUIT_DEFAULT_CLOCKS, 1, PURSUIT_DEFAULT_TIME_LIMIT_NS};
    return c;
}

/* Two independent generator seeds from the game's seed, one per seat. */
static void seat_seeds(uint64_t seed, uint64_t out[2]) {
    dmap_rng master;
    dmap_rng_seed(&master, seed);
    for (int r = 0; r < 2; r++) {
        uint64_t hi = dmap_rng_next(&master);
        out[r] = (hi << 32) | dmap_rng_next(&master);
    }
}

KIT_SEAT_OPS(pursuit_seat_ops, pursuit_bot, pursuit_view, pursuit_action);

int pursuit_game_open(pursuit_game *g, const pursuit_world *w, const pursuit_bot *predator,
                      const pursuit_bot *prey, const pursuit_config *cfg) {
    const pursuit_bot *bots[2] = {predator, prey};
    return pursuit_game_open_seats(g, w, bots, NULL, cfg);
}

int pursuit_game_open_seats(pursuit_game *g, const pursuit_world *w, const pursuit_bot *const bots[2],
                            void *const presets[2], const pursuit_config *cfg) {
    if (!g || !w || !cfg || !bots || cfg->time_limit_ns < 0) return DMAP_ERR_ARG;
    memset(g, 0, sizeof *g);
    for (int r = 0; r < 2; r++)
        if (!bots[r] || !pursuit_bot_plays(bots[r], (pursuit_role)r)) return DMAP_ERR_ARG;
    const kit_bot_info *info[2] = {&bots[0]->info, &bots[1]->info};
    int rc = kit_seats_open(&g->seats, &pursuit_seat_ops, KIT_CLOCK_WALL, info, 2);
    if (rc != DMAP_OK) return rc; /* a bot without decide */
    if ((rc = pursuit_state_start(&g->state, w, cfg->clocks)) != DMAP_OK) return rc;
    g->cfg = *cfg;
    uint64_t seeds[2];
    seat_seeds(cfg->seed, seeds);
    for (int r = 0; r < 2; r++) {
        g->bot[r] = bots[r];
        if (presets && presets[r]) kit_seats_preset(&g->seats, r, presets[r]);
        pursuit_view first;
        pursuit_view_of(&g->state, (pursuit_role)r, &first);
        if ((rc = kit_seats_init(&g->seats, r, &first, seeds[r])) != DMAP_OK) {
            pursuit_game_close(g);
            return rc;
        }
    }
    return DMAP_OK;
}

/* Ask seat role's bot for its move on its own view; time it; a late answer is 's'. */
static int ask(pursuit_game *g, pursuit_role role, char *move) {
    pursuit_view view;
    pursuit_view_of(&g->state, role, &view);
    pursuit_action answer = 's';
    int rc = kit_seats_decide(&g->seats, role, &view, &answer);
    int64_t dt = g->seats.seat[role].last_ns;
    g->result.decide_ns[role] += (double)dt;
    g->result.decisions[role]++;
    if (g->cfg.time_limit_ns > 0 && dt > g->cfg.time_limit_ns) {
        g->result.timeouts[role]++;
        answer = 's';
    }
    *move = answer;
    return rc;
}

int pursuit_game_clock(pursuit_game *g, char moves[2]) {
    if (!g || g->state.over) return DMAP_ERR_ARG;
    char m[2];
    int rc = ask(g, PURSUIT_PREDATOR, &m[0]);
    if (rc == DMAP_OK) rc = ask(g, PURSUIT_PREY, &m[1]);
    if (rc != DMAP_OK) return rc;
    pursuit_step(&g->state, m[0], m[1]);
    g->result.clock = g->state.clock;
    g->result.predator_won = g->state.predator_won;
    if (moves) memcpy(moves, m, sizeof m);
    return DMAP_OK;
}

int pursuit_game_maps(pursuit_game *g, pursuit_role role, kit_map *out, int max) {
    if (!g || !out || max < 0 || (role != PURSUIT_PREDATOR && role != PURSUIT_PREY))
        return DMAP_ERR_ARG;
    return kit_seats_maps(&g->seats, role, out, max);
}

void pursuit_game_close(pursuit_game *g) {
    if (!g) return;
    kit_seats_close(&g->seats);
    for (int r = 0; r < 2 && r < g->seats.n; r++) {
        g->result.ended[r] = g->seats.seat[r].ended;
        g->result.ended_on[r] = g->seats.seat[r].ended_on;
    }
}

int pursuit_play(const pursuit_world *w, const pursuit_bot *predator, const pursuit_bot *prey,
                 const pursuit_config *cfg, pursuit_observer observer, void *ctx,
                 pursuit_result *out) {
    if (!out) return DMAP_ERR_ARG;
    pursuit_game g;
    int rc = pursuit_game_open(&g, w, predator, prey, cfg);
    if (rc != DMAP_OK) return rc;
    while (!g.state.over) {
        char m[2];
        if ((rc = pursuit_game_clock(&g, m)) != DMAP_OK) break;
        if (observer) observer(ctx, g.state.clock, m[0], m[1], g.state.predator, g.state.prey);
    }
    pursuit_game_close(&g);
    if (rc == DMAP_OK) *out = g.result;
    return rc;
}
