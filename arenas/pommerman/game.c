/* game.c — the stepper (one game of the environment: env.reset() from random.Random(seed), the
 * observations, the steps, the end) and one game with bots as a loop over it and the kit's seat
 * driver: each living agent decides in id order on its own view (fm:99-123), SimpleAgents
 * drawing from the game's shared stream as in the environment. Decisions are timed in thread
 * CPU time. */
#include <stdlib.h>
#include <string.h>

#include "pommerman.h"

KIT_SEAT_OPS(pm_seat_ops, pm_bot, pm_view, pm_action);

uint64_t pm_bot_seed(uint64_t game_seed, int seat) {
    return game_seed * 0x9E3779B97F4A7C15ull + (uint64_t)seat * 0xD1B54A32D192ED03ull + 1;
}

/* ---- the stepper ------------------------------------------------------------------------- */

void pm_game_open(pm_game *g, const pm_config *cfg, uint64_t seed) {
    g->seed = seed;
    kit_pyrandom_seed(&g->shared, (int64_t)(seed & 0x7fffffffffffffffull));
    pm_reset(&g->s, cfg, &g->shared);
}

void pm_game_open_seeded(pm_game *g, const pm_config *cfg, uint64_t seed, const kit_pyrandom *seeded) {
    g->seed = seed;
    g->shared = *seeded;
    pm_reset(&g->s, cfg, &g->shared);
}

void pm_game_observe(pm_game *g, int seat, pm_view *view) {
    view->shared = &g->shared;
    view->log = NULL;
    view->say = NULL;
    pm_observe(&g->s, seat, &view->obs);
}

void pm_game_step(pm_game *g, const int *actions, const int (*words)[2]) {
    if (words) pm_step_radio(&g->s, actions, words);
    else pm_step(&g->s, actions);
}

void pm_game_status(const pm_game *g, pm_status *st) {
    st->decided = pm_decided(&g->s);
    st->over = st->decided || g->s.step >= g->s.cfg->max_steps;
    st->result = st->over ? pm_outcome(&g->s, &st->winners) : PM_INCOMPLETE;
    if (!st->over) st->winners = 0;
    st->step = g->s.step;
}

void pm_game_close(pm_game *g) { (void)g; }

/* ---- the seats ----------------------------------------------------------------------------- */

int pm_game_init_seats(pm_game *g, kit_seats *seats) {
    pm_view first;
    for (int i = 0; i < g->s.nagents && i < seats->n; i++) {
        if (!seats->seat[i].bot) continue;
        pm_game_observe(g, i, &first);
        int rc = kit_seats_init(seats, i, &first, pm_bot_seed(g->seed, i));
        if (rc != DMAP_OK) return rc;
    }
    return DMAP_OK;
}

int pm_game_decide(pm_game *g, kit_seats *seats, int *actions, pm_step_maps *maps) {
    pm_view view;
    if (maps) memset(maps->nmaps, 0, sizeof maps->nmaps);
    memset(g->said, 0, sizeof g->said);
    int radio = g->s.cfg->radio_num_words > 0;
    for (int i = 0; i < g->s.nagents; i++) {
        if (!seats->seat[i].bot) continue;
        actions[i] = PM_STOP;
        if (!pm_agent_acts(&g->s, i)) continue;
        pm_game_observe(g, i, &view);
        if (radio) view.say = g->said[i];
        int rc = kit_seats_decide(seats, i, &view, &actions[i]);
        if (rc != DMAP_OK) return rc;
        for (int k = 0; k < 2; k++) /* a word outside the vocabulary is said as 0 */
            if (g->said[i][k] < 0 || g->said[i][k] >= g->s.cfg->radio_vocab_size) g->said[i][k] = 0;
        if (maps) {
            int n = kit_seats_maps(seats, i, maps->maps[i], KIT_MAX_MAPS);
            if (n < 0) return n;
            maps->nmaps[i] = n;
        }
    }
    return DMAP_OK;
}

/* ---- one game with bots -------------------------------------------------------------------- */

int pm_play(const pm_config *cfg, const pm_bot *const *bots, uint64_t seed, pm_step_fn on_step,
            void *user, int want_maps, pm_state *final_state, pm_game_result *res) {
    memset(res, 0, sizeof *res);
    pm_game *g = malloc(sizeof *g);
    if (!g) return DMAP_ERR_NOMEM;
    pm_game_open(g, cfg, seed);
    const kit_bot_info *info[PM_MAX_AGENTS];
    for (int i = 0; i < g->s.nagents; i++) info[i] = &bots[i]->info;
    kit_seats seats;
    int rc = kit_seats_open(&seats, &pm_seat_ops, KIT_CLOCK_THREAD_CPU, info, g->s.nagents);
    if (rc == DMAP_OK) rc = pm_game_init_seats(g, &seats);
    pm_step_maps maps;
    while (rc == DMAP_OK && !pm_done(&g->s)) {
        int actions[PM_MAX_AGENTS];
        if ((rc = pm_game_decide(g, &seats, actions, want_maps ? &maps : NULL)) != DMAP_OK) break;
        pm_game_step(g, actions, (const int (*)[2])g->said);
        if (on_step && (rc = on_step(user, &g->s, actions, want_maps ? &maps : NULL)) != DMAP_OK) break;
    }
    kit_seats_close(&seats);
    for (int i = 0; i < seats.n; i++) {
        res->decide_ns[i] = seats.seat[i].decide_ns;
        res->decisions[i] = seats.seat[i].decisions;
        res->ended[i] = seats.seat[i].ended;
        res->ended_on[i] = seats.seat[i].ended_on;
    }
    if (rc == DMAP_OK) {
        res->result = pm_outcome(&g->s, &res->winners);
        res->steps = g->s.step;
        pm_rewards(&g->s, res->rewards);
        if (final_state) *final_state = g->s;
    }
    pm_game_close(g);
    free(g);
    return rc;
}
