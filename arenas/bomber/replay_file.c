/* replay_file.c — writing bomber games as dmap replay files (format in replay_file.h). */
#include "replay_file.h"

static json_t *pair(int a, int b) { return json_pack("[ii]", a, b); }

int bomber_replay_begin(kit_replay *r, const bomber_game *g, uint64_t seed,
                        const char *const names[BOMBER_PLAYERS]) {
    char terrain[BOMBER_CELLS];
    for (int c = 0; c < BOMBER_CELLS; c++) terrain[c] = '.';
    for (int i = 0; i < BOMBER_METAL; i++) terrain[g->metal[i][1] * BOMBER_W + g->metal[i][0]] = '#';
    json_t *extra = json_pack("{s:s}", "up", "y+1");
    return kit_replay_header(r, "bomber", BOMBER_W, BOMBER_H, seed, names, BOMBER_PLAYERS,
                             terrain, extra);
}

static json_t *state_json(const bomber_game *g) {
    json_t *players = json_array(), *bombs = json_array(), *fire = json_array();
    json_t *blocks = json_array(), *ammo = json_array(), *treasure = json_array();
    for (int p = 0; p < BOMBER_PLAYERS; p++) {
        const bomber_player *q = &g->players[p];
        json_array_append_new(players, json_pack("{s:i,s:i,s:i,s:i,s:i}", "x", q->x, "y", q->y,
                                                 "hp", q->hp, "ammo", q->ammo, "score", q->score));
    }
    for (int i = 0; i < g->nbombs; i++)
        json_array_append_new(bombs, json_pack("[iiii]", g->bombs[i].x, g->bombs[i].y,
                                               g->bombs[i].owner, g->bombs[i].ttl));
    for (int i = 0; i < g->nfires; i++)
        json_array_append_new(fire, json_pack("[iii]", g->fires[i].x, g->fires[i].y, g->fires[i].owner));
    for (int i = 0; i < g->nblocks; i++) {
        char k[2] = {g->blocks[i].kind, 0};
        json_array_append_new(blocks, json_pack("[iisi]", g->blocks[i].x, g->blocks[i].y, k, g->blocks[i].hp));
    }
    for (int i = 0; i < g->nammo; i++)
        json_array_append_new(ammo, json_pack("[iii]", g->ammo[i].x, g->ammo[i].y, g->ammo[i].ttl));
    for (int i = 0; i < g->ntreasure; i++)
        json_array_append_new(treasure, pair(g->treasure[i].x, g->treasure[i].y));
    return json_pack("{s:o,s:o,s:o,s:o,s:o,s:o}", "players", players, "bombs", bombs, "fire",
                     fire, "blocks", blocks, "ammo", ammo, "treasure", treasure);
}

int bomber_replay_tick(kit_replay *r, const bomber_game *g, int tick,
                       const bomber_answer answers[BOMBER_PLAYERS], const bomber_bot_maps *maps) {
    static const char *const text[] = {"~", "", "u", "d", "l", "r", "b", "p"};
    json_t *actions = json_array();
    for (int p = 0; p < BOMBER_PLAYERS; p++)
        json_array_append_new(actions, json_string(text[answers[p]]));
    json_t *m = NULL;
    for (int p = 0; maps && p < BOMBER_PLAYERS; p++)
        for (int k = 0; k < maps[p].n; k++) {
            if (!m) m = json_object();
            char key[80];
            snprintf(key, sizeof key, "p%d/%.64s", p, maps[p].map[k].name);
            json_object_set_new(m, key, kit_replay_map(maps[p].map[k].values, BOMBER_CELLS));
        }
    return kit_replay_turn(r, tick, actions, state_json(g), m);
}

int bomber_replay_end(kit_replay *r, const bomber_game *g) {
    int alive = bomber_alive(g, 0) + bomber_alive(g, 1);
    json_t *res = json_pack("{s:i,s:s,s:i,s:[ii],s:[ii]}", "ticks", g->tick, "reason",
                            alive <= 1 ? "death" : "timeout", "winner", g->winner, "scores",
                            g->players[0].score, g->players[1].score, "hp", g->players[0].hp,
                            g->players[1].hp);
    if (res && g->winner < 0) json_object_set_new(res, "winner", json_null());
    return kit_replay_result(r, res);
}
