/* game.c — one game with bots: env.reset() from random.Random(seed), then steps until done,
 * each living agent deciding in id order on its own view (fm:99-123), SimpleAgents drawing from
 * the game's shared stream as in the environment. Decisions are timed in thread CPU time. */
#include <stdlib.h>
#include <string.h>

#include "kit/cputime.h"
#include "kit/outside.h"
#include "pommerman.h"

uint64_t pm_bot_seed(uint64_t game_seed, int seat) {
    return game_seed * 0x9E3779B97F4A7C15ull + (uint64_t)seat * 0xD1B54A32D192ED03ull + 1;
}

/* The living agents decide in id order; the first error ends the step. */
static int decide_all(const pm_bot *const *bots, void *const *state, const pm_state *s,
                      kit_pyrandom *shared, int want_maps, int *actions, pm_step_maps *maps,
                      pm_game_result *res) {
    pm_view view = {.shared = shared, .log = NULL};
    memset(maps->nmaps, 0, sizeof maps->nmaps);
    for (int i = 0; i < s->nagents; i++) {
        actions[i] = PM_STOP;
        if (!pm_agent_acts(s, i)) continue;
        pm_observe(s, i, &view.obs);
        int64_t t0 = kit_thread_cpu_ns();
        int rc = bots[i]->decide(state[i], &view, &actions[i]);
        res->decide_ns[i] += kit_thread_cpu_ns() - t0;
        res->decisions[i]++;
        if (rc != DMAP_OK) return rc;
        if (want_maps && bots[i]->maps) {
            int n = bots[i]->maps(state[i], maps->maps[i], KIT_MAX_MAPS);
            if (n < 0) return n;
            maps->nmaps[i] = n;
        }
    }
    return DMAP_OK;
}

int pm_play(const pm_config *cfg, const pm_bot *const *bots, uint64_t seed, pm_step_fn on_step,
            void *user, int want_maps, pm_state *final_state, pm_game_result *res) {
    pm_state *s = malloc(sizeof *s);
    if (!s) return DMAP_ERR_NOMEM;
    kit_pyrandom shared;
    kit_pyrandom_seed(&shared, (int64_t)(seed & 0x7fffffffffffffffull));
    pm_reset(s, cfg, &shared);
    memset(res, 0, sizeof *res);

    void *state[PM_MAX_AGENTS] = {0};
    int ready = 0, rc = DMAP_OK;
    pm_view first = {.shared = &shared, .log = NULL};
    for (; ready < s->nagents; ready++) {
        pm_observe(s, ready, &first.obs);
        state[ready] = kit_bot_preset(&bots[ready]->info); /* an outside seat's program, else NULL */
        if ((rc = bots[ready]->init(&state[ready], &first, pm_bot_seed(seed, ready))) != DMAP_OK) break;
    }
    pm_step_maps maps;
    while (rc == DMAP_OK && !pm_done(s)) {
        int actions[PM_MAX_AGENTS];
        rc = decide_all(bots, state, s, &shared, want_maps, actions, &maps, res);
        if (rc != DMAP_OK) break;
        pm_step(s, actions);
        if (on_step && (rc = on_step(user, s, actions, want_maps ? &maps : NULL)) != DMAP_OK) break;
    }
    for (int i = 0; i < ready; i++) {
        res->ended[i] = kit_bot_ended(&bots[i]->info, state[i], &res->ended_on[i]);
        bots[i]->release(state[i]);
    }
    if (rc == DMAP_OK) {
        res->result = pm_outcome(s, &res->winners);
        res->steps = s->step;
        pm_rewards(s, res->rewards);
        if (final_state) *final_state = *s;
    }
    free(s);
    return rc;
}
