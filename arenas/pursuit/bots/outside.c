/* outside.c — the adapter of `cmd:PROGRAM ARGS` seats (kit/outside.h): each decision sends the
 * view as one JSON line, the world in the values of the world file format (0 free, -1
 * obstacle, 1 predator, 10 prey), and reads the answer line: a move letter u, d, l, r or s
 * (README, "Outside programs"). An ended program stays ('s') from then on. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "kit/outside.h"
#include "pursuit.h"

/* The view as one JSON object (the README's protocol). */
static json_t *view_json(const pursuit_view *v) {
    const dmap_grid *g = v->grid;
    json_t *rows = json_array();
    for (int y = 0; y < g->h; y++) {
        json_t *row = json_array();
        for (int x = 0; x < g->w; x++) {
            int c = y * g->w + x, value = g->wall[c] ? PURSUIT_WORLD_OBSTACLE : PURSUIT_WORLD_FREE;
            if (c == v->prey) value = PURSUIT_WORLD_PREY;
            if (c == v->predator) value = PURSUIT_WORLD_PREDATOR; /* shown first when both */
            json_array_append_new(row, json_integer(value));
        }
        json_array_append_new(rows, row);
    }
    return json_pack("{s:s,s:i,s:i,s:b,s:[i,i],s:o,s:[i,i],s:[i,i]}", "role",
                     v->role == PURSUIT_PREDATOR ? "predator" : "prey", "clock", v->clock,
                     "clocks", v->clocks, "prey_rests", pursuit_prey_rests(v->clock), "size", g->w,
                     g->h, "world", rows, "predator", v->predator % g->w, v->predator / g->w,
                     "prey", v->prey % g->w, v->prey / g->w);
}

static int outside_init(void **state, const pursuit_view *first, uint64_t seed) {
    (void)first, (void)seed;
    return kit_outside_start(state);
}

static int outside_decide(void *state, const pursuit_view *view, pursuit_action *move) {
    kit_outside *o = state;
    *move = 's';
    if (o->ended != KIT_END_NONE) return 0;
    int rc;
    const char *got = kit_outside_ask_json(o, view_json(view), &rc);
    if (rc) return rc;
    if (!got) return 0;
    if (strlen(got) == 1 && strchr("udlrs", got[0])) *move = got[0];
    else kit_outside_reject(o);
    return 0;
}

const pursuit_bot pursuit_bot_outside = {
    {"cmd:", "an outside program: the view as JSON Lines, a move letter per line"},
    outside_init, outside_decide, kit_outside_release, NULL};
