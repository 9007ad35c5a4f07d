/* game.c — one game with bots: env.reset() from random.Random(seed), then steps until done,
 * each living agent deciding in id order on its own observation (fm:99-123), SimpleAgents
 * drawing from the game's shared stream as in the environment. Decisions are timed in thread
 * CPU time. */
#include <stdlib.h>
#include <string.h>

#include "cputime.h"
#include "pommerman.h"

int pm_play(const pm_config *cfg, const pm_bot *const *bots, uint64_t seed, pm_step_fn on_step,
            void *user, int want_maps, pm_state *final_state, pm_game_result *res) {
    pm_state *s = malloc(sizeof *s);
    if (!s) return DMAP_ERR_NOMEM;
    kit_pyrandom py;
    kit_pyrandom_seed(&py, (int64_t)(seed & 0x7fffffffffffffffull));
    pm_reset(s, cfg, &py);
    memset(res, 0, sizeof *res);

    void *state[PM_MAX_AGENTS] = {0};
    dmap_rng rng[PM_MAX_AGENTS];
    pm_obs obs;
    int rc = DMAP_OK;
    for (int i = 0; i < s->nagents; i++) {
        dmap_rng_seed(&rng[i], seed * 0x9E3779B97F4A7C15ull + (uint64_t)i * 0xD1B54A32D192ED03ull + 1);
        pm_observe(s, i, &obs);
        if (bots[i]->init && (rc = bots[i]->init(&state[i], &obs, cfg)) != DMAP_OK) break;
    }
    pm_step_maps maps;
    while (rc == DMAP_OK && !pm_done(s)) {
        int actions[PM_MAX_AGENTS] = {0};
        memset(maps.nmaps, 0, sizeof maps.nmaps);
        for (int i = 0; i < s->nagents; i++) {
            if (!s->agents[i].alive) continue;
            pm_observe(s, i, &obs);
            pm_bot_ctx ctx = {&py, &rng[i], NULL};
            int64_t t0 = kit_thread_cpu_ns();
            actions[i] = bots[i]->decide(state[i], &obs, &ctx);
            res->decide_ns[i] += kit_thread_cpu_ns() - t0;
            res->decisions[i]++;
            if (actions[i] < 0) {
                rc = actions[i];
                break;
            }
            if (want_maps && bots[i]->maps) maps.nmaps[i] = bots[i]->maps(state[i], maps.maps[i]);
        }
        if (rc != DMAP_OK) break;
        pm_step(s, actions);
        if (on_step && (rc = on_step(user, s, actions, want_maps ? &maps : NULL)) != DMAP_OK) break;
    }
    for (int i = 0; i < s->nagents; i++)
        if (bots[i]->release && state[i]) bots[i]->release(state[i]);
    if (rc == DMAP_OK) {
        res->result = pm_outcome(s, &res->winners);
        res->steps = s->step;
        pm_rewards(s, res->rewards);
        if (final_state) *final_state = *s;
    }
    free(s);
    return rc;
}
