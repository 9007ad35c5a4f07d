/* cli.c — what the `pommerman` program's commands share (cli.h): the --config and --bots
 * options, the --render picture and the lines of a replay file. */
#include "cli.h"

#include <string.h>

int pm_cli_config(const char *arg, const pm_config **out) {
    *out = pm_config_find(arg);
    if (*out) return 0;
    return kit_fail(ARENA_PROG, "invalid value for --config: '%.60s' (need ffa, 1v1 or a config id such as PommeTeamCompetition-v0)", arg);
}

int pm_cli_bots(char *s, const char *config, const pm_config *cfg, const kit_outside_opts *o,
                const pm_bot **out) {
    const kit_bot_info *info[PM_MAX_AGENTS];
    char note[80];
    int k = 0;
    snprintf(note, sizeof note, "config %s", config);
    if (kit_parse_seats(ARENA_PROG, "--bots", s, &pm_bot_table, cfg->num_agents, cfg->num_agents,
                        note, &pm_bot_outside.info, sizeof pm_bot_outside, o, info, &k))
        return -1;
    for (int i = 0; i < k; i++) out[i] = (const pm_bot *)info[i]; /* info: the first member */
    return 0;
}

void pm_cli_free_bots(const pm_bot **bots, int n) {
    for (int i = 0; i < n; i++) {
        const kit_bot_info *info = &bots[i]->info;
        kit_outside_free(&info, 1);
    }
}

void pm_render(FILE *out, const pm_state *s) {
    static const char glyph[] = ".#+o*?brkD";
    int n = s->size;
    fprintf(out, "step %d\n", s->step);
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++) {
            int v = s->board[r * n + c];
            char ch = v >= PM_AGENT0 ? (char)('0' + v - PM_AGENT0) : glyph[v];
            if (v >= PM_AGENT0 && pm_bomb_at(s, r, c)) ch = (char)('A' + v - PM_AGENT0);
            fputc(ch, out);
            fputc(c + 1 < n ? ' ' : '\n', out);
        }
    }
    for (int i = 0; i < s->nagents; i++) {
        const pm_agent *a = &s->agents[i];
        fprintf(out, "agent %d %s at %d,%d ammo %d blast %d%s\n", i, a->alive ? "alive" : "dead ",
                a->r, a->c, a->ammo, a->blast, a->kick ? " kick" : "");
    }
}

/* ---- replay lines ------------------------------------------------------------------------- */

static const char *const action_names[PM_NUM_ACTIONS] = {"stop", "up", "down", "left", "right", "bomb"};

/* A cell as the viewer reads it: [x, y] = [col, row]. */
static json_t *pos(int r, int c) { return json_pack("[ii]", c, r); }

static json_t *state_json(const pm_state *s) {
    static const char *const kinds[3] = {"extra_bomb", "incr_range", "kick"};
    json_t *bombs = json_array(), *flames = json_array(), *agents = json_array(), *items = json_array();
    for (int b = 0; b < s->nbombs; b++) {
        const pm_bomb *x = &s->bombs[b];
        json_array_append_new(bombs, json_pack("{s:o,s:i,s:i,s:i,s:i}", "pos", pos(x->r, x->c), "owner", x->owner,
                                               "life", x->life, "blast_strength", x->blast, "moving_direction",
                                               x->dir));
    }
    for (int f = 0; f < s->nflames; f++)
        json_array_append_new(flames, json_pack("{s:o,s:i}", "pos", pos(s->flames[f].r, s->flames[f].c), "life",
                                                s->flames[f].life));
    for (int i = 0; i < s->nagents; i++) {
        const pm_agent *a = &s->agents[i];
        json_array_append_new(agents, json_pack("{s:i,s:o,s:b,s:i,s:i,s:b}", "id", i, "pos", pos(a->r, a->c),
                                                "alive", a->alive, "ammo", a->ammo, "blast_strength", a->blast,
                                                "can_kick", a->kick));
    }
    for (int cell = 0; cell < s->size * s->size; cell++)
        if (s->items[cell])
            json_array_append_new(items, json_pack("{s:o,s:s}", "pos", pos(cell / s->size, cell % s->size), "kind",
                                                   kinds[s->items[cell] - PM_EXTRABOMB]));
    return json_pack("{s:i,s:o,s:o,s:o,s:o,s:o}", "step", s->step, "board", kit_json_rows(s->board, s->size, s->size),
                     "agents", agents, "bombs", bombs, "flames", flames, "items", items);
}

int pm_replay_header(kit_replay *r, const pm_config *cfg, const pm_bot *const *bots, uint64_t seed,
                     const pm_state *start) {
    const char *names[PM_MAX_AGENTS];
    char terrain[PM_MAX_CELLS + 1];
    for (int i = 0; i < cfg->num_agents; i++) names[i] = bots[i]->info.name;
    pm_format_board(start->board, start->size, terrain);
    return kit_replay_header(r, "pommerman", cfg->size, cfg->size, seed, names, cfg->num_agents, terrain,
                             json_pack("{s:s,s:o}", "config", cfg->name, "state", state_json(start)));
}

int pm_replay_turn(kit_replay *r, const pm_state *s, const int *actions, const pm_step_maps *maps) {
    json_t *acts = json_array();
    for (int i = 0; i < s->nagents; i++) json_array_append_new(acts, json_string(action_names[actions[i]]));
    json_t *jm = NULL;
    if (maps) {
        jm = json_object();
        for (int i = 0; i < s->nagents; i++)
            for (int k = 0; k < maps->nmaps[i]; k++) {
                char key[64];
                snprintf(key, sizeof key, "p%d/%s", i, maps->maps[i][k].name);
                json_object_set_new(jm, key, kit_replay_map(maps->maps[i][k].values, (size_t)(s->size * s->size)));
            }
    }
    return kit_replay_turn(r, s->step, acts, state_json(s), jm);
}

int pm_replay_result(kit_replay *r, const pm_config *cfg, const pm_game_result *res) {
    json_t *w = json_array(), *rw = json_array();
    for (int i = 0; i < cfg->num_agents; i++) {
        if (res->winners & (1u << i)) json_array_append_new(w, json_integer(i));
        json_array_append_new(rw, json_integer(res->rewards[i]));
    }
    return kit_replay_result(r, json_pack("{s:s,s:i,s:o,s:o}", "result", res->result == PM_WIN ? "Win" : "Tie",
                                          "steps", res->steps, "winners", w, "rewards", rw));
}
