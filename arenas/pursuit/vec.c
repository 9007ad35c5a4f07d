/* vec.c — the pursuit game for the kit's vectorized games (kit/vec.h, pursuit.h): each game a
 * random world and the stepper (pursuit_game_open_seats, pursuit_game_clock) with a learner's
 * seat taken by a bot that plays the action the driver left for it; the observation is dmap.rl's
 * flat one. */
#include <stdlib.h>
#include <string.h>

#include "kit/vec.h"
#include "pursuit.h"

static const char MOVES[PURSUIT_NUM_ACTIONS] = {'s', 'u', 'd', 'l', 'r'};

typedef struct vec_game {
    pursuit_world world;
    pursuit_game game;
    int action[2]; /* the learners' actions of this clock */
} vec_game;

/* A learner's seat: its state is its action's slot (preset by open). */
KIT_VEC_LEARNER(pursuit_bot, pursuit_view, pursuit_action, MOVES);

static int obs_len(const void *params) {
    const pursuit_vec_params *p = params;
    if (!p || p->size < 2 || p->size > 64 || p->clocks < 1) return -1;
    return 3 * p->size * p->size + 5;
}

static int vec_open(void *game, const void *params, const void *const *bots, uint64_t seed) {
    const pursuit_vec_params *p = params;
    vec_game *g = game;
    memset(g, 0, sizeof *g);
    int rc = pursuit_world_random(&g->world, p->size, p->walls, seed);
    if (rc != DMAP_OK) return rc;
    pursuit_config cfg = pursuit_config_default();
    cfg.clocks = p->clocks;
    cfg.seed = seed;
    cfg.time_limit_ns = 0;
    const pursuit_bot *seat[2];
    void *presets[2] = {NULL, NULL};
    for (int r = 0; r < 2; r++) {
        seat[r] = bots[r] ? bots[r] : &learner;
        if (!bots[r]) presets[r] = &g->action[r];
    }
    rc = pursuit_game_open_seats(&g->game, &g->world, seat, presets, &cfg);
    if (rc != DMAP_OK) pursuit_world_free(&g->world);
    return rc;
}

static int vec_step(void *game, const int *actions) {
    vec_game *g = game;
    g->action[0] = actions[0];
    g->action[1] = actions[1];
    return pursuit_game_clock(&g->game, NULL);
}

static void vec_status(const void *game, kit_vec_status *st) {
    const pursuit_state *s = &((const vec_game *)game)->game.state;
    st->over = s->over;
    st->truncated = s->over && !s->predator_won;
    int winner = s->predator_won ? PURSUIT_PREDATOR : PURSUIT_PREY;
    for (int r = 0; r < 2; r++) {
        st->reward[r] = s->over ? (r == winner ? 1.0f : -1.0f) : 0.0f;
        st->alive[r] = 1;
    }
}

static void vec_observe(const void *game, int seat, float *obs, unsigned char *mask) {
    const vec_game *g = game;
    const pursuit_state *s = &g->game.state;
    if (obs) { /* the Dict's keys in order: clock, grid, other, position */
        const dmap_grid *grid = s->grid;
        int ncells = grid->w * grid->h;
        int me = seat == PURSUIT_PREDATOR ? s->predator : s->prey, other = seat == PURSUIT_PREDATOR ? s->prey : s->predator;
        obs[0] = (float)s->clock;
        float *p = obs + 1;
        memset(p, 0, sizeof(float) * (size_t)(3 * ncells));
        for (int c = 0; c < ncells; c++) p[c] = grid->wall[c] ? 1.0f : 0.0f;
        p[ncells + s->predator] = 1;
        p[2 * ncells + s->prey] = 1;
        float *t = p + 3 * ncells;
        t[0] = (float)(other % grid->w);
        t[1] = (float)(other / grid->w);
        t[2] = (float)(me % grid->w);
        t[3] = (float)(me / grid->w);
    }
    if (mask) {
        pursuit_view v;
        pursuit_view_of(s, (pursuit_role)seat, &v);
        pursuit_legal_actions(&v, mask);
    }
}

static void vec_close(void *game) {
    vec_game *g = game;
    pursuit_game_close(&g->game);
    pursuit_world_free(&g->world);
}

const kit_vec_arena pursuit_vec_arena = {"pursuit", sizeof(vec_game), 2, PURSUIT_NUM_ACTIONS, obs_len,
                                         vec_open, vec_step, vec_status, vec_observe, vec_close};
