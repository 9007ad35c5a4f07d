/* vec.c — Code of Kutulu for the kit's vectorized games (kit/vec.h, kutulu_vec.h): the stepper
 * (kt_match_open, kt_match_decide, kt_match_step) with in-process players in the bots' seats
 * and each learner's action written as the line a program would print; the observation is
 * dmap.rl's flat one. */
#include <stdio.h>
#include <string.h>

#include "kit/vec.h"
#include "kutulu_vec.h"

#define LAST_TURN 200

typedef struct vec_game {
    kt_match m;
    kt_player *bots[KT_PLAYERS];
    int W, H; /* the planes' size: the largest league map */
    int was_active[KT_PLAYERS];
    char lines[KT_PLAYERS][KT_ANSWER_MAX];
} vec_game;

static void padded_size(const kt_mapset *maps, int *w, int *h) {
    *w = *h = 0;
    for (int i = 0; i < KT_LEAGUE_MAPS; i++) {
        if (maps->maps[i].w > *w) *w = maps->maps[i].w;
        if (maps->maps[i].h > *h) *h = maps->maps[i].h;
    }
}

static int obs_len(const void *params) {
    const kutulu_vec_params *p = params;
    if (!p || !p->maps || p->map < -1 || p->map >= KT_LEAGUE_MAPS) return -1;
    int w, h;
    padded_size(p->maps, &w, &h);
    return 24 + 7 * w * h + 1;
}

static void vec_close(void *game) {
    vec_game *g = game;
    for (int i = 0; i < KT_PLAYERS; i++) {
        if (g->bots[i]) kt_player_end(g->bots[i]);
        kt_player_free(g->bots[i]);
        g->bots[i] = NULL;
    }
    if (g->m.open) kt_match_close(&g->m);
}

static int vec_open(void *game, const void *params, const void *const *bots, uint64_t seed) {
    const kutulu_vec_params *p = params;
    vec_game *g = game;
    memset(&g->m, 0, sizeof g->m);
    memset(g->bots, 0, sizeof g->bots);
    padded_size(p->maps, &g->W, &g->H);
    char err[256];
    for (int i = 0; i < KT_PLAYERS; i++) {
        if (!bots[i]) continue;
        if (!(g->bots[i] = kt_player_new(((const kt_bot *)bots[i])->info.name, err, sizeof err))) {
            vec_close(g);
            return DMAP_ERR_NOMEM;
        }
        kt_player_seed(g->bots[i], seed * 4 + (uint64_t)i + 1);
    }
    kt_match_config cfg = {(int64_t)seed, p->map, seed, 1000000000LL, 50000000LL};
    if (kt_match_open(&g->m, p->maps, &cfg, err, sizeof err)) {
        vec_close(g);
        return DMAP_ERR_ARG;
    }
    return DMAP_OK;
}

/* The view seat reads of its maze and the explorers in the game, its own first (as the
 * protocol sends them): what kt_legal_actions takes. */
static void explorers_view(const kt_game *gm, int seat, kt_view *v) {
    v->w = gm->map->w;
    v->h = gm->map->h;
    v->nent = 0;
    memcpy(v->cells, gm->map->cells, (size_t)(v->w * v->h));
    for (int k = 0; k < KT_PLAYERS; k++) {
        int i = k == 0 ? seat : k <= seat ? k - 1 : k;
        const kt_explorer *e = &gm->ex[i];
        if (!e->active) {
            if (k == 0) break;
            continue;
        }
        v->ent[v->nent++] = (kt_entity){'E', i, e->cell % v->w, e->cell / v->w, e->sanity, e->plans, e->lights};
    }
}

static int vec_step(void *game, const int *actions) {
    vec_game *g = game;
    kt_game *gm = &g->m.g;
    static const char *const words[] = {"WAIT", "", "", "", "", "PLAN", "LIGHT", "YELL"};
    static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0}; /* up, right, down, left */
    for (int i = 0; i < KT_PLAYERS; i++) {
        g->was_active[i] = gm->ex[i].active;
        if (g->bots[i] || !gm->ex[i].active) continue;
        int a = actions[i];
        if (a >= 1 && a <= 4) {
            kt_view v;
            unsigned char mask[KT_NUM_ACTIONS];
            explorers_view(gm, i, &v);
            kt_legal_actions(&v, mask);
            int w = gm->map->w, x = gm->ex[i].cell % w + dx[a - 1], y = gm->ex[i].cell / w + dy[a - 1];
            if (mask[a]) snprintf(g->lines[i], KT_ANSWER_MAX, "MOVE %d %d", x, y);
            else snprintf(g->lines[i], KT_ANSWER_MAX, "WAIT");
        } else {
            snprintf(g->lines[i], KT_ANSWER_MAX, "%s", words[a]);
        }
    }
    kt_action act[KT_PLAYERS];
    unsigned char ok[KT_PLAYERS], played[KT_PLAYERS];
    char err[256];
    if (kt_match_decide(&g->m, g->bots, g->lines, act, ok, played, NULL, err, sizeof err)) return DMAP_ERR_ARG;
    int s = kt_match_step(&g->m, act, ok, err, sizeof err);
    if (s) return s == -2 ? DMAP_ERR_NOMEM : DMAP_ERR_ARG;
    kt_match_end_players(&g->m, g->bots);
    return DMAP_OK;
}

static void vec_status(const void *game, kit_vec_status *st) {
    const vec_game *g = game;
    const kt_game *gm = &g->m.g;
    st->over = gm->over;
    st->truncated = gm->over && gm->turn >= LAST_TURN;
    for (int i = 0; i < KT_PLAYERS; i++) {
        st->alive[i] = (unsigned char)(gm->ex[i].active != 0);
        st->reward[i] = g->was_active[i] && gm->ex[i].active ? 1.0f : 0.0f;
    }
}

static void vec_observe(const void *game, int seat, float *obs, unsigned char *mask) {
    const vec_game *g = game;
    const kt_game *gm = &g->m.g;
    if (obs) { /* the Dict's keys in order: explorers, grid, turn */
        int W = g->W, H = g->H, w = gm->map->w, h = gm->map->h, plane = W * H;
        float *rows = obs, *grid = obs + 24;
        memset(obs, 0, sizeof(float) * (size_t)(24 + 7 * plane + 1));
        for (int c = 0; c < plane; c++) grid[c] = 1; /* padding reads as wall */
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                char ch = gm->map->cells[y * w + x];
                grid[y * W + x] = ch == '#';
                grid[plane + y * W + x] = ch == 'w';
            }
        for (int r = 0; r < KT_PLAYERS; r++) {
            int i = r == 0 ? seat : r <= seat ? r - 1 : r;
            const kt_explorer *e = &gm->ex[i];
            if (!e->active) continue;
            int x = e->cell % w, y = e->cell / w;
            float *row = rows + 6 * r;
            row[0] = 1, row[1] = (float)x, row[2] = (float)y, row[3] = (float)e->sanity;
            row[4] = (float)e->plans, row[5] = (float)e->lights;
            if (i == seat) grid[2 * plane + y * W + x] = 1;
            else if (grid[3 * plane + y * W + x] < (float)e->sanity) grid[3 * plane + y * W + x] = (float)e->sanity;
        }
        for (int k = 0; k < gm->nminions; k++) {
            const kt_minion *m = &gm->minions[k];
            grid[(m->type == KT_WANDERER ? 4 : 5) * plane + (m->cell / w) * W + m->cell % w] = 1;
        }
        for (int k = 0; k < gm->neffects; k++) {
            const kt_effect *e = &gm->effects[k];
            if (e->type == KT_EFFECT_SHELTER) grid[6 * plane + (e->cell / w) * W + e->cell % w] = (float)(e->tick + 1);
        }
        obs[24 + 7 * plane] = (float)gm->turn;
    }
    if (mask) {
        kt_view v;
        explorers_view(gm, seat, &v);
        kt_legal_actions(&v, mask);
    }
}

const kit_vec_arena kutulu_vec_arena = {"kutulu", sizeof(vec_game), KT_PLAYERS, KT_NUM_ACTIONS, obs_len,
                                        vec_open, vec_step, vec_status, vec_observe, vec_close};
