/* outside.c — the adapter of `cmd:PROGRAM ARGS` seats (kit/outside.h): each decision sends the
 * observation as one JSON line, with the keys and values the environment's docker agents get
 * (the observation dictionary, boards as rows of numbers), and reads the answer line: an action
 * number 0..5, bare or as {"action": N} like the docker agents' answer (README, "Outside
 * programs"). An ended program stops (action 0) from then on. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "kit/outside.h"
#include "kit/replay.h"
#include "pommerman.h"

static json_t *ints(const int *v, int n) {
    json_t *a = json_array();
    for (int i = 0; i < n; i++) json_array_append_new(a, json_integer(v[i]));
    return a;
}

/* The observation as one JSON object (the README's protocol): the environment's keys, and
 * `message` (the teammate's last two words) in the radio games, as v2 adds it. */
static json_t *obs_json(const void *view) {
    const pm_obs *o = &((const pm_view *)view)->obs;
    const char *env = o->game_env ? o->game_env : "pommerman.envs.v0:Pomme";
    int n = o->size;
    json_t *j = json_pack("{s:o,s:o,s:o,s:o,s:o,s:o,s:i,s:s,s:[i,i],s:i,s:b,s:i,s:i,s:o,s:i}",
                          "alive", ints(o->alive, o->alive_count), "board", kit_json_rows(o->board, n, n),
                          "bomb_blast_strength", kit_json_rows(o->bomb_blast_strength, n, n),
                          "bomb_life", kit_json_rows(o->bomb_life, n, n), "bomb_moving_direction",
                          kit_json_rows(o->bomb_moving_direction, n, n), "flame_life",
                          kit_json_rows(o->flame_life, n, n), "game_type", (int)o->game_type,
                          "game_env", env, "position", o->r, o->c, "blast_strength",
                          o->blast_strength, "can_kick", o->can_kick, "teammate", o->teammate,
                          "ammo", o->ammo, "enemies", ints(o->enemies, o->nenemies), "step_count",
                          o->step_count);
    if (j && o->game_type == PM_GAME_TEAM_RADIO)
        json_object_set_new(j, "message", json_pack("[i,i]", o->message[0], o->message[1]));
    return j;
}

/* The answer: N or {"action": N}, N an action 0..5. -1 for anything else. */
static int parse_answer(const char *line, void *a) {
    json_t *j = json_loads(line, JSON_DECODE_ANY | JSON_REJECT_DUPLICATES, NULL);
    json_t *v = json_is_object(j) ? json_object_get(j, "action") : j;
    int ok = json_is_integer(v) && json_integer_value(v) >= 0 &&
             json_integer_value(v) < PM_NUM_ACTIONS;
    if (ok) *(pm_action *)a = (pm_action)json_integer_value(v);
    json_decref(j);
    return ok ? 0 : -1;
}

static const pm_action idle = PM_STOP;
static const kit_outside_protocol protocol = {obs_json, NULL, parse_answer, &idle, sizeof idle};

KIT_OUTSIDE_ADAPTER(pm_bot_outside, pm_bot, pm_view, pm_action, protocol,
                    "an outside program: the observation as JSON Lines, an action number per line");
