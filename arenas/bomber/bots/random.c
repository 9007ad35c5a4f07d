/* random.c — `random`: each tick a uniform choice among no-op, the moves into free cells
 * (no block, bomb or player) and a bomb when it has ammo and no bomb is on its cell, drawn
 * from its own CPython-compatible generator. */
#include <stdlib.h>

#include "bomber.h"
#include "dmap.h"
#include "kit/pyrandom.h"

static int random_init(void **state, const bomber_view *first, uint64_t seed) {
    (void)first;
    kit_pyrandom *r = malloc(sizeof *r);
    if (!r) return DMAP_ERR_NOMEM;
    kit_pyrandom_seed(r, (int64_t)seed);
    *state = r;
    return 0;
}

static int free_cell(const bomber_view *v, int x, int y) {
    if (x < 0 || x >= v->w || y < 0 || y >= v->h) return 0;
    return v->game_map[y * v->w + x] == BOMBER_TAG_EMPTY ||
           v->game_map[y * v->w + x] == BOMBER_TAG_AMMO ||
           v->game_map[y * v->w + x] == BOMBER_TAG_TREASURE;
}

static int random_decide(void *state, const bomber_view *v, bomber_answer *answer) {
    bomber_answer opts[6];
    int n = 0;
    opts[n++] = BOMBER_ANS_EMPTY;
    if (free_cell(v, v->x, v->y + 1)) opts[n++] = BOMBER_ANS_U;
    if (free_cell(v, v->x, v->y - 1)) opts[n++] = BOMBER_ANS_D;
    if (free_cell(v, v->x - 1, v->y)) opts[n++] = BOMBER_ANS_L;
    if (free_cell(v, v->x + 1, v->y)) opts[n++] = BOMBER_ANS_R;
    if (v->ammo_left > 0 && v->game_map[v->y * v->w + v->x] != BOMBER_TAG_BOMB)
        opts[n++] = BOMBER_ANS_B;
    *answer = opts[kit_pyrandom_choice(state, (size_t)n)];
    return 0;
}

static void random_release(void *state) { free(state); }

const bomber_bot bomber_bot_random = {
    {"random", "uniform among the actions that would take effect (and no-op)"},
    random_init, random_decide, random_release, NULL};
