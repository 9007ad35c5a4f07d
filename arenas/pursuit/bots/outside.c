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
static json_t *view_json(const void *view) {
    const pursuit_view *v = view;
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

/* The answer line: one of the move letters. */
static int parse_move(const char *line, void *move) {
    if (strlen(line) != 1 || !strchr("udlrs", line[0])) return -1;
    *(pursuit_action *)move = line[0];
    return 0;
}

static const pursuit_action idle = 's';
static const kit_outside_protocol protocol = {view_json, NULL, parse_move, &idle, sizeof idle};

KIT_OUTSIDE_ADAPTER(pursuit_bot_outside, pursuit_bot, pursuit_view, pursuit_action, protocol,
                    "an outside program: the view as JSON Lines, a move letter per line");
