/* test_pommerman_vec.c — the vectorized games (vec.c) in C, where the sanitizers see them: games
 * of bots only (no learner) play exactly pm_play's games of the episode seeds, step for step;
 * games with learners and every map plane give the same bytes on a pool of 1, 2 and 3 threads;
 * episode seeds follow kit_episode_seed and every episode starts from its seed's board (the
 * generators seeded ahead, 16 at a time, notwithstanding); bad arguments are refused before anything moves. */
#include <stdlib.h>
#include <string.h>

#include "kit/tournament.h"
#include "../../../tests/check.h"
#include "pommerman.h"

/* pm_play's states of one game, recorded by its observer. */
typedef struct recording {
    int n, cap;
    pm_state *states;
} recording;

static int record_step(void *user, const pm_state *s, const int *actions, const pm_step_maps *maps) {
    (void)actions;
    (void)maps;
    recording *r = user;
    if (r->n == r->cap) {
        r->cap = r->cap ? 2 * r->cap : 64;
        r->states = realloc(r->states, sizeof *r->states * (size_t)r->cap);
        if (!r->states) return DMAP_ERR_NOMEM;
    }
    r->states[r->n++] = *s;
    return DMAP_OK;
}

static int same_state(const pm_state *a, const pm_state *b) {
    return a->step == b->step && !memcmp(a->board, b->board, sizeof a->board) &&
           !memcmp(a->agents, b->agents, sizeof a->agents) && a->nbombs == b->nbombs &&
           a->nflames == b->nflames && !memcmp(a->bombs, b->bombs, sizeof *a->bombs * (size_t)a->nbombs);
}

/* Bots in every seat: game i's episodes are pm_play's games of kit_episode_seed(seed, i, e). */
static void bots_only_games_are_pm_play(void) {
    const pm_config *cfg = pm_config_find("ffa");
    const pm_bot *bots[4] = {&pm_bot_simple, &pm_bot_random, &pm_bot_simple, &pm_bot_tutorial};
    pm_vec_spec spec = {.cfg = cfg, .nenvs = 3, .seed = 17};
    memcpy(spec.seats, bots, sizeof bots);
    pm_vec *v;
    CHECK(pm_vec_new(&spec, &v) == DMAP_OK, "pm_vec_new");
    CHECK(pm_vec_learners(v, NULL) == 0, "no learners");
    pm_vec_out out = {0};
    CHECK(pm_vec_reset(v, 17, NULL, &out) == DMAP_OK, "reset");
    for (long i = 0; i < 3; i++) {
        uint64_t seed;
        pm_vec_episode(v, i, NULL, &seed, NULL);
        CHECK(seed == kit_episode_seed(17, i, 0), "game %ld: episode seed", i);
        recording rec = {0};
        pm_game_result res;
        CHECK(pm_play(cfg, bots, seed, record_step, &rec, 0, NULL, &res) == DMAP_OK, "pm_play");
        /* the games step together; game i is compared at every step of its first episode */
        pm_vec *w;
        CHECK(pm_vec_new(&spec, &w) == DMAP_OK, "pm_vec_new");
        CHECK(pm_vec_reset(w, 17, NULL, &out) == DMAP_OK, "reset");
        for (int t = 0; t + 1 < rec.n; t++) {
            CHECK(pm_vec_step(w, NULL, NULL, &out) == DMAP_OK, "step");
            CHECK(same_state(pm_vec_state(w, i), &rec.states[t]), "game %ld step %d differs from pm_play", i, t + 1);
        }
        CHECK(pm_vec_step(w, NULL, NULL, &out) == DMAP_OK, "last step");
        long ep;
        pm_vec_episode(w, i, &ep, &seed, NULL);
        CHECK(ep == 1 && seed == kit_episode_seed(17, i, 1), "game %ld: the next episode after %d steps", i, rec.n);
        pm_vec_free(w);
        free(rec.states);
    }
    pm_vec_free(v);
}

/* Every output of a run of `steps` steps, concatenated. */
static unsigned char *run(int threads, int steps, size_t *len) {
    const pm_config *cfg = pm_config_find("PommeTeamCompetition-v1");
    pm_vec_spec spec = {.cfg = cfg, .nenvs = 9, .seed = 5, .planes = PM_VEC_ALL_PLANES};
    spec.seats[1] = &pm_bot_simple;
    spec.seats[3] = &pm_bot_dmap;
    pm_vec *v;
    dmap_pool *pool;
    if (pm_vec_new(&spec, &v) != DMAP_OK || dmap_pool_new(&pool, threads) != DMAP_OK) return NULL;
    int nl = pm_vec_learners(v, NULL);
    size_t k = (size_t)spec.nenvs * (size_t)nl;
    /* the observations, then the rewards at a multiple of 4 bytes (each step's block too) */
    size_t obs = (k * (size_t)pm_vec_channels(v) * (size_t)(cfg->size * cfg->size) + 3) / 4 * 4;
    size_t per = obs + k * (sizeof(float) + 2 + PM_NUM_ACTIONS);
    unsigned char *all = calloc((size_t)(steps + 1), per); /* padding compares as 0 */
    int32_t *actions = malloc(sizeof *actions * k);
    dmap_rng rng;
    dmap_rng_seed(&rng, 99);
    for (int t = 0; all && actions && t <= steps; t++) {
        unsigned char *p = all + per * (size_t)t;
        pm_vec_out out = {.obs = p, .rewards = (float *)(void *)(p + obs), .terminated = p + obs + k * sizeof(float),
                          .truncated = p + obs + k * (sizeof(float) + 1), .masks = p + obs + k * (sizeof(float) + 2)};
        int rc;
        if (t == 0) {
            rc = pm_vec_reset(v, 5, pool, &out);
        } else {
            const unsigned char *m = all + per * (size_t)(t - 1) + obs + k * (sizeof(float) + 2);
            for (size_t j = 0; j < k; j++) {
                int a;
                do a = (int)dmap_rng_below(&rng, PM_NUM_ACTIONS);
                while (!m[j * PM_NUM_ACTIONS + (size_t)a]);
                actions[j] = a;
            }
            rc = pm_vec_step(v, actions, pool, &out);
        }
        CHECK(rc == DMAP_OK, "threads %d: step %d", threads, t);
    }
    *len = per * (size_t)(steps + 1);
    free(actions);
    pm_vec_free(v);
    dmap_pool_free(pool);
    return all;
}

static void same_for_any_pool(void) {
    size_t n1, n;
    unsigned char *one = run(1, 120, &n1);
    CHECK(one != NULL, "run");
    for (int threads = 2; one && threads <= 3; threads++) {
        unsigned char *other = run(threads, 120, &n);
        CHECK(other && n == n1 && !memcmp(one, other, n), "threads %d differ from 1", threads);
        free(other);
    }
    free(one);
}

/* Every game that stands at step 0 of its episode holds pm_reset's state from
 * random.Random(want_seed) (the vectorized games seed their generators ahead, many at once);
 * returns how many were checked. want_seed 0: the episode's own kit_episode_seed(seed, i, e). */
static int check_new_episodes(const pm_vec *v, uint64_t seed, long only, uint64_t want_seed) {
    int checked = 0;
    for (long i = 0; i < 7; i++) {
        long ep;
        uint64_t s;
        int step;
        pm_vec_episode(v, i, &ep, &s, &step);
        if (step != 0 || (only >= 0 && i != only)) continue;
        uint64_t want = want_seed ? want_seed : kit_episode_seed(seed, i, ep);
        static pm_state fresh;
        kit_pyrandom r;
        kit_pyrandom_seed(&r, (int64_t)(want & 0x7fffffffffffffffull));
        pm_reset(&fresh, pm_vec_state(v, i)->cfg, &r);
        CHECK(s == want && !memcmp(pm_vec_state(v, i), &fresh, sizeof fresh),
              "game %ld episode %ld: not the board of seed %llu", i, ep, (unsigned long long)want);
        checked++;
    }
    return checked;
}

/* Episodes start from their seeds whatever order the games end in: 7 games (a chunk of 4 and
 * one of 3) of random learners, each ending at its own step, over many episodes; pm_vec_next;
 * a reset to another seed (what was seeded ahead for the old one must not be used); an episode
 * opened from an explicit seed (pm_vec_open_game), and the episodes after it. */
static void episodes_start_from_their_seeds(void) {
    pm_vec_spec spec = {.cfg = pm_config_find("ffa"), .nenvs = 7, .seed = 3};
    pm_vec *v;
    CHECK(pm_vec_new(&spec, &v) == DMAP_OK, "pm_vec_new");
    unsigned char masks[7 * 4 * PM_NUM_ACTIONS];
    pm_vec_out out = {.masks = masks};
    int32_t actions[7 * 4];
    dmap_rng rng;
    dmap_rng_seed(&rng, 7);
    uint64_t seed = 3;
    int checked = 0, total = 0;
    CHECK(pm_vec_reset(v, seed, NULL, &out) == DMAP_OK, "reset");
    CHECK(check_new_episodes(v, seed, -1, 0) == 7, "reset: every game at step 0");
    for (int t = 0; t < 600; t++) {
        if (t == 150) {
            CHECK(pm_vec_next(v, NULL, &out) == DMAP_OK, "next");
            CHECK(check_new_episodes(v, seed, -1, 0) == 7, "next: every game at step 0");
        } else if (t == 300) {
            /* seed 9's episodes 1..3 are seeded ahead by its reset; seed 4's must not take them */
            CHECK(pm_vec_reset(v, 9, NULL, &out) == DMAP_OK, "reset to seed 9");
            seed = 4;
            CHECK(pm_vec_reset(v, seed, NULL, &out) == DMAP_OK, "reset to seed 4");
            CHECK(check_new_episodes(v, seed, -1, 0) == 7, "reset 4: every game at step 0");
        } else if (t == 400) {
            CHECK(pm_vec_open_game(v, 2, 12345, 0) == DMAP_OK, "open game 2");
            CHECK(check_new_episodes(v, seed, 2, 12345) == 1, "game 2 opened from seed 12345");
        }
        for (int k = 0; k < 7 * 4; k++) actions[k] = (int32_t)dmap_rng_below(&rng, PM_NUM_ACTIONS);
        CHECK(pm_vec_step(v, actions, NULL, &out) == DMAP_OK, "step %d", t);
        checked += check_new_episodes(v, seed, -1, 0);
        total++;
    }
    CHECK(checked > 7 * 12, "only %d episodes started in %d steps", checked, total);
    pm_vec_free(v);
}

static void bad_arguments(void) {
    const pm_config *cfg = pm_config_find("1v1");
    pm_vec *v = (pm_vec *)&v;
    pm_vec_spec spec = {.cfg = cfg, .nenvs = 2};
    CHECK(pm_vec_new(NULL, &v) == DMAP_ERR_ARG && v == NULL, "NULL spec");
    CHECK(pm_vec_new(&spec, NULL) == DMAP_ERR_ARG, "NULL out");
    spec.nenvs = 0;
    CHECK(pm_vec_new(&spec, &v) == DMAP_ERR_ARG, "no games");
    spec.nenvs = 2;
    spec.seats[2] = &pm_bot_stop;
    CHECK(pm_vec_new(&spec, &v) == DMAP_ERR_ARG, "a seat beyond the config's two");
    spec.seats[2] = NULL;
    spec.planes = 1u << 7;
    CHECK(pm_vec_new(&spec, &v) == DMAP_ERR_ARG, "unknown plane bit");
    spec.planes = PM_VEC_DANGER;
    spec.seed = 1ull << 63;
    CHECK(pm_vec_new(&spec, &v) == DMAP_ERR_ARG, "seed above 2^63 - 1");
    spec.seed = 3;
    CHECK(pm_vec_new(&spec, &v) == DMAP_OK, "valid");
    pm_vec_out out = {0};
    int32_t actions[4] = {0, 0, 0, 0};
    CHECK(pm_vec_step(v, actions, NULL, &out) == DMAP_ERR_ARG, "step before reset");
    CHECK(pm_vec_next(v, NULL, &out) == DMAP_ERR_ARG, "next before reset");
    CHECK(pm_vec_finished(v, 0) == 0 && pm_vec_finished(v, 2) == DMAP_ERR_RANGE, "finished");
    CHECK(pm_vec_reset(v, 1ull << 63, NULL, &out) == DMAP_ERR_ARG, "reset seed");
    CHECK(pm_vec_reset(v, 3, NULL, &out) == DMAP_OK, "reset");
    actions[3] = 6;
    CHECK(pm_vec_step(v, actions, NULL, &out) == DMAP_ERR_RANGE, "action 6");
    actions[3] = -1;
    CHECK(pm_vec_step(v, actions, NULL, &out) == DMAP_ERR_RANGE, "action -1");
    int step;
    pm_vec_episode(v, 1, NULL, NULL, &step);
    CHECK(step == 0, "a refused step moves no game");
    CHECK(pm_vec_episode(v, 2, NULL, NULL, NULL) == DMAP_ERR_RANGE && pm_vec_state(v, -1) == NULL, "range");
    CHECK(pm_vec_plane_bit("flee") == PM_VEC_FLEE && pm_vec_plane_bit("nope") == 0 &&
              !strcmp(pm_vec_plane_name(PM_VEC_DIST_SELF), "dist_self") && pm_vec_plane_name(3) == NULL,
          "plane names");
    pm_vec_free(v);
    pm_vec_free(NULL);
}

int main(void) {
    bots_only_games_are_pm_play();
    same_for_any_pool();
    episodes_start_from_their_seeds();
    bad_arguments();
    return check_report("test_pommerman_vec");
}
