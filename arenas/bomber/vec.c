/* vec.c — the bomber game for the kit's vectorized games (kit/vec.h, bomber.h): the stepper
 * (bomber_game_open, bomber_game_decide, bomber_game_step) and the kit's seat driver, a
 * learner's seat taken by a bot that answers the action the driver left for it; the
 * observation is dmap.rl's flat one. */
#include <string.h>

#include "bomber.h"
#include "kit/vec.h"

static const bomber_answer ANSWERS[BOMBER_NUM_ACTIONS] = {BOMBER_ANS_EMPTY, BOMBER_ANS_U, BOMBER_ANS_D,
                                                          BOMBER_ANS_L,     BOMBER_ANS_R, BOMBER_ANS_P};

typedef struct vec_game {
    bomber_game game;
    kit_seats seats;
    int action[BOMBER_PLAYERS]; /* the learners' actions of this step */
    int seated;
} vec_game;

KIT_VEC_LEARNER(bomber_bot, bomber_view, bomber_answer, ANSWERS);

static int obs_len(const void *params) {
    (void)params;
    return 8 * BOMBER_CELLS + 2 + 6 + 1;
}

static int vec_open(void *game, const void *params, const void *const *bots, uint64_t seed) {
    (void)params;
    vec_game *g = game;
    memset(g, 0, sizeof *g);
    int rc = bomber_game_open(&g->game, (int64_t)seed);
    if (rc != DMAP_OK) return rc;
    const kit_bot_info *info[BOMBER_PLAYERS];
    for (int p = 0; p < BOMBER_PLAYERS; p++) info[p] = bots[p] ? &((const bomber_bot *)bots[p])->info : &learner.info;
    if ((rc = kit_seats_open(&g->seats, &bomber_seat_ops, KIT_CLOCK_NONE, info, BOMBER_PLAYERS)) != DMAP_OK) return rc;
    g->seated = 1;
    for (int p = 0; p < BOMBER_PLAYERS; p++)
        if (!bots[p]) kit_seats_preset(&g->seats, p, &g->action[p]);
    bomber_answer none[BOMBER_PLAYERS] = {BOMBER_ANS_NONE, BOMBER_ANS_NONE};
    if ((rc = bomber_game_init_seats(&g->game, &g->seats, (int64_t)seed, 0)) == DMAP_OK &&
        bomber_game_step(&g->game, none, NULL)) /* tick 0 */
        rc = DMAP_ERR_RANGE;
    if (rc != DMAP_OK) { /* nothing is left open */
        kit_seats_close(&g->seats);
        g->seated = 0;
    }
    return rc;
}

static int vec_step(void *game, const int *actions) {
    vec_game *g = game;
    unsigned char owed[BOMBER_PLAYERS];
    bomber_answer answers[BOMBER_PLAYERS] = {BOMBER_ANS_NONE, BOMBER_ANS_NONE};
    for (int p = 0; p < BOMBER_PLAYERS; p++) {
        g->action[p] = actions[p];
        owed[p] = (unsigned char)bomber_alive(&g->game, p);
    }
    int rc = bomber_game_decide(&g->game, &g->seats, owed, answers, NULL);
    if (rc != DMAP_OK) return rc;
    return bomber_game_step(&g->game, answers, NULL) ? DMAP_ERR_RANGE : DMAP_OK;
}

static void vec_status(const void *game, kit_vec_status *st) {
    const vec_game *g = game;
    bomber_status s;
    bomber_game_status(&g->game, &s);
    int alive = bomber_alive(&g->game, 0) + bomber_alive(&g->game, 1);
    st->over = s.over;
    st->truncated = s.over && alive > 1;
    for (int p = 0; p < BOMBER_PLAYERS; p++) {
        st->reward[p] = !s.over || s.winner < 0 ? 0.0f : s.winner == p ? 1.0f : -1.0f;
        st->alive[p] = (unsigned char)bomber_alive(&g->game, p);
    }
}

static void vec_observe(const void *game, int seat, float *obs, unsigned char *mask) {
    const vec_game *g = game;
    bomber_view v;
    bomber_make_view(&g->game, seat, &v);
    if (obs) { /* the Dict's keys in order: board, opponent, self, tick */
        memset(obs, 0, sizeof(float) * 8 * BOMBER_CELLS);
        const int w = v.w;
        for (int i = 0; i < v.nblocks; i++) obs[(v.blocks[i].tag - BOMBER_TAG_METAL) * BOMBER_CELLS + v.blocks[i].y * w + v.blocks[i].x] = 1;
        for (int i = 0; i < v.nammo; i++) obs[3 * BOMBER_CELLS + v.ammo[i].y * w + v.ammo[i].x] = 1;
        for (int i = 0; i < v.ntreasure; i++) obs[4 * BOMBER_CELLS + v.treasure[i].y * w + v.treasure[i].x] = 1;
        for (int i = 0; i < v.nbombs; i++) obs[5 * BOMBER_CELLS + v.bombs[i].y * w + v.bombs[i].x] = 1;
        int ox = v.players[1 - seat].x, oy = v.players[1 - seat].y;
        obs[6 * BOMBER_CELLS + v.y * w + v.x] = 1;
        obs[7 * BOMBER_CELLS + oy * w + ox] = 1;
        float *t = obs + 8 * BOMBER_CELLS;
        t[0] = (float)ox;
        t[1] = (float)oy;
        t[2] = (float)v.x;
        t[3] = (float)v.y;
        t[4] = (float)v.ammo_left;
        t[5] = (float)v.hp;
        t[6] = (float)v.power;
        t[7] = (float)v.score;
        t[8] = (float)v.tick_number;
    }
    if (mask) bomber_legal_actions(&v, mask);
}

static void vec_close(void *game) {
    vec_game *g = game;
    if (g->seated) kit_seats_close(&g->seats);
    g->seated = 0;
}

const kit_vec_arena bomber_vec_arena = {"bomber", sizeof(vec_game), BOMBER_PLAYERS, BOMBER_NUM_ACTIONS, obs_len,
                                        vec_open, vec_step, vec_status, vec_observe, vec_close};
