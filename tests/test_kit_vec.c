/* test_kit_vec.c — the kit's vectorized games (arenas/kit/vec.h) over the pursuit arena's table
 * (arenas/pursuit/vec.c): with bots in both seats every episode of every game is the game
 * pursuit_play plays from that episode's seed (kit_episode_seed) on the same random world (its
 * length); with a learner, the outputs are the same for 1 and 3 threads byte for byte;
 * next-step autoreset (the step after an end starts the next episode: rewards and flags 0, the
 * episode one up); bad input refused. Bomber's and Kutulu's tables (arenas/bomber/vec.c,
 * arenas/kutulu/vec.c) step whole episodes with 1 and 2 threads alike and masks that allow
 * the first action. dmap.rl's tests (python/tests/test_rl_vector.py) check every table's games
 * against the arenas' own environments. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "kit/tournament.h"
#include "bomber.h"
#include "kit/vec.h"
#include "kutulu_vec.h"
#include "pursuit.h"

#define N 7
#define STEPS 300

static const pursuit_vec_params PARAMS = {7, 0.2, 20};

/* pursuit_play of seed: the number of clocks and the winner (1 predator). */
static void play(uint64_t seed, int *clocks, int *predator_won) {
    pursuit_world w;
    *clocks = -1;
    if (pursuit_world_random(&w, PARAMS.size, PARAMS.walls, seed) != DMAP_OK) return;
    pursuit_config cfg = pursuit_config_default();
    cfg.clocks = PARAMS.clocks;
    cfg.seed = seed;
    cfg.time_limit_ns = 0;
    pursuit_result r;
    if (pursuit_play(&w, &pursuit_bot_chase, &pursuit_bot_flee, &cfg, NULL, NULL, &r) == DMAP_OK) {
        *clocks = r.clock;
        *predator_won = r.predator_won;
    }
    pursuit_world_free(&w);
}

static void bots_only(void) {
    const void *bots[2] = {&pursuit_bot_chase, &pursuit_bot_flee};
    kit_vec *v;
    dmap_pool *pool;
    CHECK(kit_vec_new(&pursuit_vec_arena, &PARAMS, bots, N, &v) == DMAP_OK);
    CHECK(dmap_pool_new(&pool, 2) == DMAP_OK);
    CHECK(kit_vec_learners(v, NULL) == 0);
    kit_vec_out out = {0};
    CHECK(kit_vec_reset(v, 42, pool, &out) == DMAP_OK);
    long last_episode[N] = {0};
    int last_steps[N] = {0}, checked = 0;
    uint64_t last_seed[N];
    for (long i = 0; i < N; i++) kit_vec_episode(v, i, NULL, &last_seed[i], NULL);
    for (int t = 0; t < STEPS; t++) {
        CHECK(kit_vec_step(v, NULL, pool, &out) == DMAP_OK);
        for (long i = 0; i < N; i++) {
            long e;
            uint64_t seed;
            int steps;
            kit_vec_episode(v, i, &e, &seed, &steps);
            if (e != last_episode[i]) { /* the last episode ended after last_steps clocks */
                CHECK(e == last_episode[i] + 1 && steps == 0);
                CHECK(seed == kit_episode_seed(42, i, e));
                int clocks, won;
                play(last_seed[i], &clocks, &won);
                CHECK(clocks == last_steps[i], "game %ld episode %ld: %d clocks, pursuit_play %d", i, e - 1,
                      last_steps[i], clocks);
                checked++;
            }
            last_episode[i] = e, last_seed[i] = seed, last_steps[i] = steps;
        }
    }
    CHECK(checked > N);
    kit_vec_free(v);
    dmap_pool_free(pool);
}

typedef struct run {
    float obs[N * 152], rew[N];
    unsigned char mask[N * 5], term[N], trunc[N];
} run;

static void learner(int threads, run *rec, int steps) {
    const void *bots[2] = {NULL, &pursuit_bot_flee};
    kit_vec *v;
    dmap_pool *pool;
    CHECK(kit_vec_new(&pursuit_vec_arena, &PARAMS, bots, N, &v) == DMAP_OK);
    CHECK(dmap_pool_new(&pool, threads) == DMAP_OK);
    CHECK(kit_vec_obs_len(v) == 3 * 49 + 5);
    int seats[KIT_VEC_MAX_SEATS];
    CHECK(kit_vec_learners(v, seats) == 1 && seats[0] == 0);
    run r;
    memset(&r, 0, sizeof r);
    kit_vec_out out = {r.obs, r.mask, r.rew, r.term, r.trunc};
    int32_t actions[N];
    CHECK(kit_vec_step(v, actions, pool, &out) == DMAP_ERR_ARG); /* before reset */
    CHECK(kit_vec_reset(v, 7, pool, &out) == DMAP_OK);
    rec[0] = r;
    unsigned x = 12345;
    unsigned char ended[N] = {0};
    for (int t = 1; t < steps; t++) {
        for (int i = 0; i < N; i++) actions[i] = (int32_t)((x = x * 1103515245u + 12345u) >> 16) % 5;
        long before[N];
        for (long i = 0; i < N; i++) kit_vec_episode(v, i, &before[i], NULL, NULL);
        CHECK(kit_vec_step(v, actions, pool, &out) == DMAP_OK);
        for (long i = 0; i < N; i++) {
            long e;
            kit_vec_episode(v, i, &e, NULL, NULL);
            if (ended[i]) CHECK(e == before[i] + 1 && r.rew[i] == 0 && !r.term[i] && !r.trunc[i]);
            else CHECK(e == before[i]);
            ended[i] = r.term[i] || r.trunc[i];
        }
        rec[t] = r;
    }
    actions[0] = 5;
    CHECK(kit_vec_step(v, actions, pool, &out) == DMAP_ERR_RANGE);
    kit_vec_free(v);
    dmap_pool_free(pool);
}

/* steps games of arena with random actions on 1 and 2 threads: the same outputs; returns the
 * episodes ended. */
static int same_for_threads(const kit_vec_arena *arena, const void *params, const void *const *bots, int steps) {
    enum { G = 5 };
    kit_vec *v[2];
    dmap_pool *pool[2];
    int len = 0, na = arena->nactions, ended = 0, ok = 1;
    for (int k = 0; k < 2; k++) {
        CHECK(kit_vec_new(arena, params, bots, G, &v[k]) == DMAP_OK);
        CHECK(dmap_pool_new(&pool[k], k + 1) == DMAP_OK);
    }
    len = kit_vec_obs_len(v[0]);
    CHECK(len > 0 && kit_vec_learners(v[0], NULL) == 1);
    float *obs[2] = {calloc((size_t)(G * len), sizeof(float)), calloc((size_t)(G * len), sizeof(float))};
    unsigned char mask[2][G * 8], term[2][G], trunc[2][G];
    float rew[2][G];
    int32_t actions[G];
    if (obs[0] && obs[1]) {
        kit_vec_out out[2];
        for (int k = 0; k < 2; k++) {
            out[k] = (kit_vec_out){obs[k], mask[k], rew[k], term[k], trunc[k]};
            CHECK(kit_vec_reset(v[k], 3, pool[k], &out[k]) == DMAP_OK);
        }
        unsigned x = 99;
        for (int t = 0; t < steps && ok; t++) {
            for (int i = 0; i < G; i++) {
                CHECK(mask[0][i * na] == 1); /* the first action (wait, nothing, stay) is always legal */
                actions[i] = (int32_t)((x = x * 1103515245u + 12345u) >> 16) % na;
            }
            for (int k = 0; k < 2; k++) CHECK(kit_vec_step(v[k], actions, pool[k], &out[k]) == DMAP_OK);
            ok = !memcmp(obs[0], obs[1], sizeof(float) * (size_t)(G * len)) && !memcmp(mask[0], mask[1], (size_t)(G * na)) &&
                 !memcmp(rew[0], rew[1], sizeof rew[0]) && !memcmp(term[0], term[1], G) && !memcmp(trunc[0], trunc[1], G);
            for (int i = 0; i < G; i++) ended += term[0][i] || trunc[0][i];
        }
        CHECK(ok, "%s: 1 and 2 threads differ", arena->name);
    }
    free(obs[0]);
    free(obs[1]);
    for (int k = 0; k < 2; k++) {
        kit_vec_free(v[k]);
        dmap_pool_free(pool[k]);
    }
    return ended;
}

int main(int argc, char **argv) {
    const char *src = check_source_dir(argc, argv);
    bots_only();
    {
        const void *bots[2] = {NULL, &bomber_bot_random};
        CHECK(same_for_threads(&bomber_vec_arena, NULL, bots, 1900) >= 5); /* 1800 ticks at most */
    }
    char dir[4096];
    static kt_mapset maps;
    char err[256];
    if (src && check_data_path(dir, sizeof dir, src, "arenas/kutulu/data/maps") &&
        !kt_mapset_load(dir, &maps, err, sizeof err)) {
        kutulu_vec_params kp = {&maps, -1};
        const void *bots[4] = {kt_bot_find("random"), NULL, kt_bot_find("wait"), kt_bot_find("postmortem")};
        CHECK(same_for_threads(&kutulu_vec_arena, &kp, bots, 250) >= 5); /* 200 turns at most */
    } else {
        CHECK(0, "the Kutulu maps did not load");
    }
    run *a = calloc(STEPS, sizeof *a), *b = calloc(STEPS, sizeof *b);
    if (a && b) {
        learner(1, a, STEPS);
        learner(3, b, STEPS);
        int same = 1;
        for (int t = 0; t < STEPS; t++)
            same &= !memcmp(a[t].obs, b[t].obs, sizeof a[t].obs) && !memcmp(a[t].rew, b[t].rew, sizeof a[t].rew) &&
                    !memcmp(a[t].mask, b[t].mask, sizeof a[t].mask) && !memcmp(a[t].term, b[t].term, N) &&
                    !memcmp(a[t].trunc, b[t].trunc, N);
        CHECK(same, "1 and 3 threads differ");
    }
    free(a);
    free(b);
    kit_vec *v;
    const void *bots[2] = {NULL, NULL};
    CHECK(kit_vec_new(NULL, &PARAMS, bots, 1, &v) == DMAP_ERR_ARG);
    CHECK(kit_vec_new(&pursuit_vec_arena, &PARAMS, bots, 0, &v) == DMAP_ERR_ARG);
    pursuit_vec_params bad = {1, 0.2, 20};
    CHECK(kit_vec_new(&pursuit_vec_arena, &bad, bots, 1, &v) == DMAP_ERR_ARG);
    return check_report("test_kit_vec");
}
