/* outside.c — the adapter of `cmd:PROGRAM ARGS` seats (kit/outside.h): each decision sends the
 * view as one JSON line, with the names of the original's GameState and PlayerState
 * (agent.py), and reads the answer line: one of the original's action strings (README, "Outside
 * programs"). An ended program answers nothing from then on (BOMBER_ANS_NONE). */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "bomber.h"
#include "dmap.h"
#include "kit/outside.h"

static json_t *xy(int x, int y) { return json_pack("[i,i]", x, y); }

static json_t *xy_list(const bomber_xy *p, int n) {
    json_t *a = json_array();
    for (int i = 0; i < n; i++) json_array_append_new(a, xy(p[i].x, p[i].y));
    return a;
}

/* The view as one JSON object (the README's protocol). */
static json_t *view_json(const void *view) {
    const bomber_view *v = view;
    static const char *const tags[] = {[BOMBER_TAG_METAL] = "ib", [BOMBER_TAG_WOOD] = "sb",
                                       [BOMBER_TAG_ORE] = "ob"};
    json_t *blocks = json_array(), *players = json_array();
    for (int i = 0; i < v->nblocks; i++)
        json_array_append_new(blocks, json_pack("[s,o]", tags[v->blocks[i].tag],
                                                xy(v->blocks[i].x, v->blocks[i].y)));
    for (int i = 0; i < v->nplayers; i++)
        json_array_append_new(players, json_pack("[i,o]", v->players[i].pid,
                                                 xy(v->players[i].x, v->players[i].y)));
    return json_pack("{s:i,s:b,s:[i,i],s:o,s:o,s:o,s:o,s:o,s:{s:i,s:i,s:i,s:o,s:i,s:i}}",
                     "tick_number", v->tick_number, "is_over", v->is_over, "size", v->w, v->h,
                     "ammo", xy_list(v->ammo, v->nammo), "treasure",
                     xy_list(v->treasure, v->ntreasure), "bombs", xy_list(v->bombs, v->nbombs),
                     "blocks", blocks, "players", players, "me", "id", v->id, "ammo",
                     v->ammo_left, "hp", v->hp, "location", xy(v->x, v->y), "reward", v->score,
                     "power", v->power);
}

/* The answer line: "" (the empty string), or u d l r b p. -1 for anything else. */
static int parse_answer(const char *line, void *answer) {
    bomber_answer *a = answer;
    static const struct { const char *word; bomber_answer a; } words[] = {
        {"", BOMBER_ANS_EMPTY}, {"u", BOMBER_ANS_U}, {"d", BOMBER_ANS_D}, {"l", BOMBER_ANS_L},
        {"r", BOMBER_ANS_R},    {"b", BOMBER_ANS_B}, {"p", BOMBER_ANS_P}};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strcmp(line, words[i].word) == 0) {
            *a = words[i].a;
            return 0;
        }
    return -1;
}

static const bomber_answer idle = BOMBER_ANS_NONE;
static const kit_outside_protocol protocol = {view_json, NULL, parse_answer, &idle, sizeof idle};

KIT_OUTSIDE_ADAPTER(bomber_bot_outside, bomber_bot, bomber_view, bomber_answer, protocol,
                    "an outside program: the view as JSON Lines, an action string per line");
