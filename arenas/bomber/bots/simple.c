/* simple.c — `simple`: a rule bot in the manner of Pommerman's SimpleAgent, for these rules.
 * Each tick, in order: if a known blast will reach my cell, walk the shortest safe path out
 * (blast.h); else place a bomb when a block or the opponent is in my blast and an escape
 * exists afterwards; else walk to the nearest ammo or treasure; else to the nearest cell from
 * which a block is in reach; else a random safe step. Steps never enter a cell whose fire
 * hurts in the next tick, nor one with no escape. Uses dmap's BFS and safe walk. */
#include <stdlib.h>
#include <string.h>

#include "bomber.h"
#include "bots/blast.h"
#include "dmap.h"
#include "kit/pyrandom.h"

typedef struct simple_state {
    kit_pyrandom rng;
    blast_memory mem;
    unsigned char wall[BOMBER_CELLS];
    dmap_grid grid;
    dmap_workspace *ws;
    int err; /* DMAP_ERR_NOMEM once a search could not get its memory: decide returns it */
} simple_state;

static int simple_init(void **state, const bomber_view *first, uint64_t seed) {
    (void)first;
    simple_state *s = calloc(1, sizeof *s);
    if (!s) return DMAP_ERR_NOMEM;
    kit_pyrandom_seed(&s->rng, (int64_t)seed);
    s->grid = (dmap_grid){BOMBER_W, BOMBER_H, s->wall, NULL};
    if (dmap_workspace_new(&s->ws) != DMAP_OK) {
        free(s);
        return DMAP_ERR_NOMEM;
    }
    *state = s;
    return 0;
}

static void simple_release(void *state) {
    simple_state *s = state;
    if (!s) return;
    dmap_workspace_free(s->ws);
    free(s);
}

static bomber_answer step_to(int from, int to) {
    int dx = to % BOMBER_W - from % BOMBER_W, dy = to / BOMBER_W - from / BOMBER_W;
    if (dx == 1) return BOMBER_ANS_R;
    if (dx == -1) return BOMBER_ANS_L;
    if (dy == 1) return BOMBER_ANS_U;
    if (dy == -1) return BOMBER_ANS_D;
    return BOMBER_ANS_EMPTY;
}

/* Does a bomb on (x, y) reach a wood/ore block, or the opponent? */
static int worth_bombing(const bomber_view *v, int x, int y) {
    static const int d[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
    for (int k = 0; k < 4; k++)
        for (int i = 1; i <= 2; i++) {
            int tx = x + d[k][0] * i, ty = y + d[k][1] * i;
            if (tx < 0 || tx >= BOMBER_W || ty < 0 || ty >= BOMBER_H) break;
            int t = v->game_map[ty * BOMBER_W + tx];
            if (t == BOMBER_TAG_WOOD || t == BOMBER_TAG_ORE || t == 1 - v->id) return 1;
            if (t == BOMBER_TAG_METAL || t == BOMBER_TAG_BOMB) break;
        }
    return 0;
}

/* A step into `to` is safe when its fire does not hurt next tick and an escape remains. */
static int safe_step(simple_state *s, const int *hurt, int now, int to) {
    return hurt[to] != now + 1 && blast_escape(&s->grid, hurt, now, to, 1, s->ws, NULL, &s->err) >= 0;
}

/* The first step of a shortest path to the nearest cell satisfying want(), or -1. */
static int toward(simple_state *s, const bomber_view *v, int me, int (*want)(const bomber_view *, int)) {
    int depth[BOMBER_CELLS], parent[BOMBER_CELLS];
    dmap_moves mv = dmap_moves_4();
    int rc = dmap_bfs(&s->grid, &mv, &me, 1, -1, depth, parent, s->ws);
    if (rc == DMAP_ERR_NOMEM) s->err = rc;
    if (rc) return -1;
    int best = -1;
    for (int c = 0; c < BOMBER_CELLS; c++)
        if (depth[c] > 0 && want(v, c) && (best < 0 || depth[c] < depth[best])) best = c;
    if (best < 0) return -1;
    while (parent[best] != me) best = parent[best];
    return best;
}

static int is_item(const bomber_view *v, int c) {
    return v->game_map[c] == BOMBER_TAG_AMMO || v->game_map[c] == BOMBER_TAG_TREASURE;
}
static int is_bomb_spot(const bomber_view *v, int c) {
    return worth_bombing(v, c % BOMBER_W, c / BOMBER_W);
}

/* The answer of one decision (errors collect in s->err). */
static bomber_answer simple_answer(simple_state *s, const bomber_view *v) {
    blast_remember(&s->mem, v);
    int hurt[BOMBER_CELLS], now = v->tick_number, me = v->y * BOMBER_W + v->x;
    blast_hurt_ticks(v, &s->mem, NULL, 0, hurt);
    blast_walls(v, s->wall);
    int step;
    if (hurt[me] < BLAST_NEVER) { /* in a blast: get out */
        if (blast_escape(&s->grid, hurt, now, me, 0, s->ws, &step, &s->err) > 0) return step_to(me, step);
        return BOMBER_ANS_EMPTY;
    }
    if (v->ammo_left > 0 && v->game_map[me] != BOMBER_TAG_BOMB && worth_bombing(v, v->x, v->y)) {
        int with_mine[BOMBER_CELLS], here[2] = {v->x, v->y};
        blast_hurt_ticks(v, &s->mem, here, now + 1, with_mine);
        if (blast_escape(&s->grid, with_mine, now, me, 0, s->ws, NULL, &s->err) >= 0) return BOMBER_ANS_B;
    }
    if ((step = toward(s, v, me, is_item)) >= 0 && safe_step(s, hurt, now, step) && hurt[step] >= BLAST_NEVER)
        return step_to(me, step);
    if ((step = toward(s, v, me, is_bomb_spot)) >= 0 && safe_step(s, hurt, now, step) && hurt[step] >= BLAST_NEVER)
        return step_to(me, step);
    int opts[4], n = 0;
    static const int d[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
    for (int k = 0; k < 4; k++) {
        int x = v->x + d[k][0], y = v->y + d[k][1];
        if (x < 0 || x >= BOMBER_W || y < 0 || y >= BOMBER_H || s->wall[y * BOMBER_W + x]) continue;
        if (hurt[y * BOMBER_W + x] >= BLAST_NEVER) opts[n++] = y * BOMBER_W + x;
    }
    if (n == 0 || kit_pyrandom_randbelow(&s->rng, 4) != 0) return BOMBER_ANS_EMPTY;
    return step_to(me, opts[kit_pyrandom_choice(&s->rng, (size_t)n)]);
}

static int simple_decide(void *state, const bomber_view *v, bomber_answer *answer) {
    simple_state *s = state;
    *answer = simple_answer(s, v);
    return s->err;
}

const bomber_bot bomber_bot_simple = {
    {"simple", "BFS bot in the style of Pommerman's SimpleAgent: flee blasts, bomb blocks, "
               "fetch items"},
    simple_init, simple_decide, simple_release, NULL};
