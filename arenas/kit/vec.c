/* vec.c — the vectorized games of any arena (vec.h): chunks of games on a dmap_pool, each game
 * its arena's stepper driven through the kit_vec_arena table, next-step autoreset, episode seeds
 * from kit_episode_seed. */
#include "kit/vec.h"

#include <stdlib.h>
#include <string.h>

#include "kit/tournament.h"

#define CHUNK 4

typedef struct vec_game {
    long episode;
    uint64_t seed;
    int steps;
    int open;
    int pending;                            /* the episode ended: the next step starts the next */
    unsigned char in_episode[KIT_VEC_MAX_SEATS]; /* per learner */
    int error;
} vec_game;

struct kit_vec {
    const kit_vec_arena *arena;
    const void *params;
    const void *bots[KIT_VEC_MAX_SEATS];
    kit_vec_seating seating;
    int obs_len;
    long n;
    uint64_t seed;
    int started;
    vec_game *games;
    unsigned char *state; /* n x game_size */
};

int kit_vec_new(const kit_vec_arena *arena, const void *params, const void *const *bots, long n, kit_vec **out) {
    if (!out) return DMAP_ERR_ARG;
    *out = NULL;
    if (!arena || !bots || n < 1 || arena->nseats < 1 || arena->nseats > KIT_VEC_MAX_SEATS) return DMAP_ERR_ARG;
    kit_vec *v = calloc(1, sizeof *v);
    if (!v) return DMAP_ERR_NOMEM;
    v->arena = arena;
    v->params = params;
    v->n = n;
    for (int s = 0; s < arena->nseats; s++) {
        v->bots[s] = bots[s];
        kit_vec_seat(&v->seating, s, bots[s] != NULL);
    }
    v->obs_len = arena->obs_len(params);
    v->games = calloc((size_t)n, sizeof *v->games);
    v->state = calloc((size_t)n, arena->game_size);
    if (!v->games || !v->state || v->obs_len < 0) {
        int rc = v->obs_len < 0 ? DMAP_ERR_ARG : DMAP_ERR_NOMEM;
        kit_vec_free(v);
        return rc;
    }
    *out = v;
    return DMAP_OK;
}

static void *game_state(const kit_vec *v, long i) { return v->state + (size_t)i * v->arena->game_size; }

void kit_vec_free(kit_vec *v) {
    if (!v) return;
    for (long i = 0; v->games && i < v->n; i++)
        if (v->games[i].open) v->arena->close(game_state(v, i));
    free(v->games);
    free(v->state);
    free(v);
}

void kit_vec_seat(kit_vec_seating *s, int seat, int is_bot) {
    if (is_bot) s->nbots++;
    else s->learner_seat[s->nlearners++] = seat;
}

int kit_vec_seating_learners(const kit_vec_seating *s, int *seats) {
    if (!s) return 0;
    if (seats) memcpy(seats, s->learner_seat, sizeof(int) * (size_t)s->nlearners);
    return s->nlearners;
}

int kit_vec_learners(const kit_vec *v, int *seats) { return kit_vec_seating_learners(v ? &v->seating : NULL, seats); }

int kit_vec_obs_len(const kit_vec *v) { return v ? v->obs_len : 0; }

int kit_vec_episode(const kit_vec *v, long i, long *episode, uint64_t *seed, int *steps) {
    if (!v || i < 0 || i >= v->n) return DMAP_ERR_RANGE;
    if (episode) *episode = v->games[i].episode;
    if (seed) *seed = v->games[i].seed;
    if (steps) *steps = v->games[i].steps;
    return DMAP_OK;
}

void kit_vec_clear_rewards(const kit_vec_seating *s, long i, float *rewards, unsigned char *terminated,
                           unsigned char *truncated) {
    for (int l = 0; l < s->nlearners; l++) {
        size_t k = (size_t)i * (size_t)s->nlearners + (size_t)l;
        if (rewards) rewards[k] = 0;
        if (terminated) terminated[k] = 0;
        if (truncated) truncated[k] = 0;
    }
}

int kit_vec_record_step(const kit_vec_seating *s, long i, const float *reward, const unsigned char *alive,
                        int over, int truncated, unsigned char *in_episode, float *rewards,
                        unsigned char *terminated_out, unsigned char *truncated_out) {
    int learners_alive = 0;
    for (int l = 0; l < s->nlearners; l++) {
        int seat = s->learner_seat[l], living = alive[seat] != 0, playing = in_episode[l];
        size_t k = (size_t)i * (size_t)s->nlearners + (size_t)l;
        learners_alive += living;
        int term = playing && (!living || (over && !truncated));
        int trunc = playing && living && over && truncated;
        if (rewards) rewards[k] = playing ? reward[seat] : 0.0f;
        if (terminated_out) terminated_out[k] = (unsigned char)term;
        if (truncated_out) truncated_out[k] = (unsigned char)trunc;
        if (term || trunc) in_episode[l] = 0;
    }
    return over || (s->nbots && s->nlearners && !learners_alive);
}

static void clear_rewards(const kit_vec *v, long i, const kit_vec_out *out) {
    kit_vec_clear_rewards(&v->seating, i, out->rewards, out->terminated, out->truncated);
}

static int start_episode(kit_vec *v, long i) {
    vec_game *g = &v->games[i];
    void *st = game_state(v, i);
    if (g->open) v->arena->close(st);
    g->open = 0;
    g->seed = kit_episode_seed(v->seed, i, g->episode);
    g->steps = 0;
    g->pending = 0;
    memset(g->in_episode, 1, sizeof g->in_episode);
    int rc = v->arena->open(st, v->params, v->bots, g->seed);
    g->open = rc == DMAP_OK;
    return rc;
}

static int step_game(kit_vec *v, long i, const int32_t *learner_actions, const kit_vec_out *out) {
    vec_game *g = &v->games[i];
    if (g->pending) {
        g->episode++;
        clear_rewards(v, i, out);
        return start_episode(v, i);
    }
    void *st = game_state(v, i);
    int actions[KIT_VEC_MAX_SEATS] = {0};
    for (int l = 0; l < v->seating.nlearners; l++) actions[v->seating.learner_seat[l]] = learner_actions[l];
    int rc = v->arena->step(st, actions);
    if (rc != DMAP_OK) return rc;
    g->steps++;
    kit_vec_status s;
    memset(&s, 0, sizeof s);
    v->arena->status(st, &s);
    if (kit_vec_record_step(&v->seating, i, s.reward, s.alive, s.over, s.truncated, g->in_episode, out->rewards,
                            out->terminated, out->truncated))
        g->pending = 1;
    return DMAP_OK;
}

static void write_observations(const kit_vec *v, long i, const kit_vec_out *out) {
    const void *st = game_state(v, i);
    for (int l = 0; l < v->seating.nlearners; l++) {
        size_t k = (size_t)i * (size_t)v->seating.nlearners + (size_t)l;
        float *o = out->obs ? out->obs + k * (size_t)v->obs_len : NULL;
        unsigned char *m = out->masks ? out->masks + k * (size_t)v->arena->nactions : NULL;
        if (o || m) v->arena->observe(st, v->seating.learner_seat[l], o, m);
    }
}

enum { JOB_RESET, JOB_NEXT, JOB_STEP };

typedef struct vec_job {
    kit_vec *v;
    int kind;
    const int32_t *actions;
    const kit_vec_out *out;
} vec_job;

static void run_chunk(void *ctx, size_t chunk, int thread) {
    (void)thread;
    vec_job *j = ctx;
    kit_vec *v = j->v;
    long first = (long)chunk * CHUNK, last = first + CHUNK < v->n ? first + CHUNK : v->n;
    for (long i = first; i < last; i++) {
        vec_game *g = &v->games[i];
        if (j->kind == JOB_STEP) {
            g->error = step_game(v, i, j->actions ? j->actions + (size_t)i * (size_t)v->seating.nlearners : NULL, j->out);
        } else {
            g->episode = j->kind == JOB_RESET ? 0 : g->episode + 1;
            g->error = start_episode(v, i);
            clear_rewards(v, i, j->out);
        }
        if (g->error == DMAP_OK) write_observations(v, i, j->out);
    }
}

static int run_all(kit_vec *v, int kind, const int32_t *actions, dmap_pool *pool, const kit_vec_out *out) {
    vec_job j = {v, kind, actions, out};
    dmap_pool_run(pool, run_chunk, &j, (size_t)((v->n + CHUNK - 1) / CHUNK));
    for (long i = 0; i < v->n; i++)
        if (v->games[i].error) {
            v->started = 0;
            return v->games[i].error;
        }
    return DMAP_OK;
}

int kit_vec_reset(kit_vec *v, uint64_t seed, dmap_pool *pool, const kit_vec_out *out) {
    if (!v || !out || seed > 0x7fffffffffffffffull) return DMAP_ERR_ARG;
    v->seed = seed;
    int rc = run_all(v, JOB_RESET, NULL, pool, out);
    v->started = rc == DMAP_OK;
    return rc;
}

int kit_vec_next(kit_vec *v, dmap_pool *pool, const kit_vec_out *out) {
    if (!v || !out || !v->started) return DMAP_ERR_ARG;
    int rc = run_all(v, JOB_NEXT, NULL, pool, out);
    v->started = rc == DMAP_OK;
    return rc;
}

int kit_vec_step(kit_vec *v, const int32_t *actions, dmap_pool *pool, const kit_vec_out *out) {
    if (!v || !out || !v->started || (!actions && v->seating.nlearners)) return DMAP_ERR_ARG;
    size_t n = actions ? (size_t)v->n * (size_t)v->seating.nlearners : 0;
    for (size_t k = 0; k < n; k++)
        if (actions[k] < 0 || actions[k] >= v->arena->nactions) return DMAP_ERR_RANGE;
    return run_all(v, JOB_STEP, actions, pool, out);
}
