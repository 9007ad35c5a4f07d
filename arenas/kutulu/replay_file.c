/* replay_file.c — Kutulu replay files, in the common dmap replay format (JSON Lines, the kit's
 * writer and reader):
 *   line 1  {"format":"dmap-replay","version":1,"game":"kutulu","width":W,"height":H,
 *            "seed":S,"players":[4 names],"terrain":[rows: '#' wall, 'w' wanderer spawn,
 *            'U' shelter, 'S' explorer start, '.' empty],
 *            "map":NAME,"map_drawn":true when the seed drew the map (false: --map forced it,
 *            no draw), "referee_seed":S (the Java long, signed),"bot_seed":N,
 *            "params":[lonely, group, spawn_time, life_time]}
 *   turns   {"turn":t,"actions":[4 lines as the players printed them, null when a player was
 *            out],"state":{"lines":[the state lines of the trace format],"explorers":[...],
 *            "minions":[...],"effects":[...]}, with --maps "maps":{"p<seat>/<name>":[W*H
 *            values, null where the map has none]} of the in-process bots that played}
 *   last    {"result":{"turns":N,"scores":[4],"ranks":[4]}}
 * `kutulu replay --file FILE` reads one back: it plays the recorded actions from the header's
 * seed and map and checks every state line, so a replay file is also a test case. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dmap.h"
#include "kutulu.h"
#include "kit/replay.h"

static json_t *state_json(const kt_game *g) {
    static char buf[1 << 16];
    kt_format_state(g, buf, sizeof buf);
    json_t *lines = json_array(), *ex = json_array(), *mins = json_array(), *effs = json_array();
    for (char *p = buf; *p;) {
        char *nl = strchr(p, '\n');
        if (nl) *nl = '\0';
        json_array_append_new(lines, json_string(p));
        if (!nl) break;
        p = nl + 1;
    }
    int w = g->map->w;
    for (int i = 0; i < KT_PLAYERS; i++) {
        const kt_explorer *e = &g->ex[i];
        json_array_append_new(ex, json_pack("{s:i,s:i,s:i,s:i,s:i,s:i,s:b,s:i}", "id", i, "x",
                                            e->cell % w, "y", e->cell / w, "sanity", e->sanity,
                                            "plans", e->plans, "lights", e->lights, "active",
                                            e->active, "score", e->score));
    }
    for (int k = 0; k < g->nminions; k++) {
        const kt_minion *m = &g->minions[k];
        json_array_append_new(
            mins, json_pack("{s:i,s:s,s:i,s:i,s:i,s:i}", "id", m->id, "type",
                            m->type == KT_WANDERER ? "wanderer" : "slasher", "x", m->cell % w,
                            "y", m->cell / w, "state", (int)m->state, "target", m->target));
    }
    static const char *const names[] = {"", "", "", "shelter", "plan", "light", "yell"};
    for (int k = 0; k < g->neffects; k++) {
        const kt_effect *e = &g->effects[k];
        json_array_append_new(effs, json_pack("{s:s,s:i,s:i,s:i,s:i}", "type", names[e->type],
                                              "tick", e->tick, "caster", e->caster, "receiver",
                                              e->receiver, "cell", e->cell));
    }
    return json_pack("{s:o,s:o,s:o,s:o}", "lines", lines, "explorers", ex, "minions", mins,
                     "effects", effs);
}

int kt_replay_write_header(kit_replay *r, const kt_mapset *maps, const kt_match_config *cfg,
                           kt_player *const players[KT_PLAYERS], char *err, size_t errlen) {
    /* the game's map and parameters, as kt_game_init draws them */
    kt_game g;
    if (kt_game_init(&g, cfg->seed, maps, cfg->forced_map))
        return snprintf(err, errlen, "cannot start the game (map or memory)"), -1;
    const char *names[KT_PLAYERS];
    for (int i = 0; i < KT_PLAYERS; i++) names[i] = kt_player_name(players[i]);
    json_t *extra = json_pack("{s:s,s:b,s:I,s:I,s:[iiii]}", "map", g.map->name, "map_drawn",
                              cfg->forced_map < 0, "referee_seed",
                              (json_int_t)cfg->seed, "bot_seed", (json_int_t)cfg->bot_seed,
                              "params", g.params.lonely, g.params.group, g.params.spawn_time,
                              g.params.life_time);
    kit_replay_header(r, "kutulu", g.map->w, g.map->h, (uint64_t)cfg->seed, names, KT_PLAYERS,
                      g.map->cells, extra);
    kt_game_free(&g);
    return 0;
}

/* The maps the in-process bots that played this turn published, as {"p<seat>/<name>": [...]},
 * into *out (NULL when none). 0, or -1 with err. */
static int bot_maps(const kt_game *g, const unsigned char played[KT_PLAYERS],
                    kt_player *const players[KT_PLAYERS], json_t **out, char *err,
                    size_t errlen) {
    *out = NULL;
    size_t n = (size_t)g->map->w * (size_t)g->map->h;
    for (int i = 0; i < KT_PLAYERS; i++) {
        if (!played[i]) continue;
        kit_map m[KIT_MAX_MAPS];
        int k = kt_player_maps(players[i], m, KIT_MAX_MAPS);
        if (k < 0) {
            snprintf(err, errlen, "bot %s: maps: %s", kt_player_name(players[i]),
                     dmap_strerror(k));
            return -1;
        }
        for (int j = 0; j < k; j++) {
            char key[96];
            snprintf(key, sizeof key, "p%d/%s", i, m[j].name);
            if (!*out) *out = json_object();
            json_object_set_new(*out, key, kit_replay_map(m[j].values, n));
        }
    }
    return 0;
}

int kt_replay_write_turn(kit_replay *r, const kt_game *g, char lines[KT_PLAYERS][KT_ANSWER_MAX],
                         const unsigned char played[KT_PLAYERS],
                         kt_player *const players[KT_PLAYERS], char *err, size_t errlen) {
    json_t *maps = NULL;
    if (players && bot_maps(g, played, players, &maps, err, errlen)) return -1;
    json_t *actions = json_array();
    for (int i = 0; i < KT_PLAYERS; i++)
        json_array_append_new(actions, played[i] ? json_string(lines[i]) : json_null());
    kit_replay_turn(r, g->turn - 1, actions, state_json(g), maps);
    return 0;
}

void kt_replay_write_result(kit_replay *r, const kt_match_result *res) {
    json_t *result = json_pack("{s:i,s:[iiii],s:[iiii]}", "turns", res->turns, "scores",
                               res->score[0], res->score[1], res->score[2], res->score[3],
                               "ranks", res->rank[0], res->rank[1], res->rank[2], res->rank[3]);
    kit_replay_result(r, result);
}

/* ---- reading a replay back ------------------------------------------------------------- */

typedef struct reader {
    const kt_mapset *maps;
    kt_game g;
    int started, result_seen, differs;
    const char *path;
    char why[512];
} reader;

static int bad(reader *r, long lineno, const char *fmt, const char *a, const char *b) {
    snprintf(r->why, sizeof r->why, "%s:%ld: ", r->path, lineno);
    size_t n = strlen(r->why);
    snprintf(r->why + n, sizeof r->why - n, fmt, a, b);
    for (char *c = r->why; *c; c++) /* quoted text from the file stays on one line */
        if ((unsigned char)*c < 0x20 || *c == 0x7f) *c = '?';
    return 1;
}

static int read_line(void *ctx, long lineno, json_t *obj) {
    reader *r = ctx;
    if (lineno == 1) {
        json_int_t seed;
        const char *game = NULL, *map = NULL;
        int drawn = 0;
        if (json_unpack(obj, "{s:s,s:s,s:b,s:I}", "game", &game, "map", &map, "map_drawn",
                        &drawn, "referee_seed", &seed) ||
            strcmp(game, "kutulu") != 0)
            return bad(r, lineno, "%s%s", "not a kutulu replay header", "");
        int index = kt_league_map_index(map);
        if (index < 0) return bad(r, lineno, "unknown map '%s'%s", map, "");
        /* a drawn map is drawn again: the draw is part of the generator's sequence */
        if (kt_game_init(&r->g, (int64_t)seed, r->maps, drawn ? -1 : index))
            return bad(r, lineno, "%s%s", "cannot start the game", "");
        r->started = 1;
        if (r->g.map_index != index)
            return bad(r, lineno, "the seed draws map '%s', the header says '%s'",
                       r->g.map->name, map);
        return 0;
    }
    if (!r->started) return bad(r, lineno, "%s%s", "no header", "");
    json_t *result = json_object_get(obj, "result");
    if (result) {
        json_t *scores = json_object_get(result, "scores");
        for (int i = 0; i < KT_PLAYERS; i++) {
            json_t *s = json_array_get(scores, (size_t)i);
            if (!json_is_integer(s) || json_integer_value(s) != r->g.ex[i].score)
                return bad(r, lineno, "%s%s", "the scores differ", "");
        }
        r->result_seen = 1;
        return 0;
    }
    json_t *actions = json_object_get(obj, "actions");
    json_t *lines = json_object_get(json_object_get(obj, "state"), "lines");
    if (!json_is_array(actions) || json_array_size(actions) != KT_PLAYERS || !json_is_array(lines))
        return bad(r, lineno, "%s%s", "a turn line needs actions[4] and state.lines", "");
    kt_action act[KT_PLAYERS];
    unsigned char ok[KT_PLAYERS];
    for (int i = 0; i < KT_PLAYERS; i++) {
        json_t *a = json_array_get(actions, (size_t)i);
        act[i].kind = KT_WAIT;
        ok[i] = json_is_string(a) && kt_parse_action(json_string_value(a), &act[i]) == 0;
    }
    if (r->g.over || kt_game_step(&r->g, act, ok))
        return bad(r, lineno, "%s%s", "a turn after the end of the game", "");
    static char buf[1 << 16];
    kt_format_state(&r->g, buf, sizeof buf);
    char *p = buf;
    for (size_t k = 0; k < json_array_size(lines); k++) {
        const char *want = json_string_value(json_array_get(lines, k));
        char *nl = strchr(p, '\n');
        if (!want || !nl) return bad(r, lineno, "expected '%s', got '%s'", want ? want : "?", "(end)");
        *nl = '\0';
        if (strcmp(want, p) != 0) return bad(r, lineno, "expected '%s', got '%s'", want, p);
        p = nl + 1;
    }
    if (*p) {
        char *nl = strchr(p, '\n'); /* our next line, not the rest */
        if (nl) *nl = '\0';
        return bad(r, lineno, "expected '%s', got '%s'", "(end of state)", p);
    }
    return 0;
}

int kt_replay_check_file(const char *path, const kt_mapset *maps, char *err, size_t errlen) {
    reader *r = calloc(1, sizeof *r);
    if (!r) return snprintf(err, errlen, "out of memory"), -1;
    r->maps = maps;
    r->path = path;
    int rc = kit_replay_read(path, read_line, r, err, errlen);
    if (rc > 0) snprintf(err, errlen, "%s", r->why);
    if (rc == 0 && !r->result_seen) {
        snprintf(err, errlen, "%s: no result line", path);
        rc = 1;
    }
    if (r->started) kt_game_free(&r->g);
    free(r);
    return rc;
}
