/* cmd_match.c — `pommerman match`: one game between named bots, printed as a result line (with
 * --render, the board after every step; with --replay, a JSON Lines replay file through the
 * kit's writer), and the --bots list parser the commands share. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "pommerman_cli.h"
#include "replay.h"

#define PROG "pommerman"

int pcli_parse_bots(const char *s, int n, const pm_bot **out) {
    char buf[256];
    char *items[PM_MAX_AGENTS + 1];
    int k = 0;
    if (strlen(s) >= sizeof buf) {
        kit_fail(PROG, "--bots: list too long");
        return KIT_EXIT_USAGE;
    }
    strcpy(buf, s);
    if (kit_parse_list(PROG, "--bots", buf, items, PM_MAX_AGENTS + 1, &k)) return KIT_EXIT_USAGE;
    if (k != n) {
        kit_fail(PROG, "--bots: this config seats %d bots, got %d", n, k);
        return KIT_EXIT_USAGE;
    }
    for (int i = 0; i < k; i++)
        if (!(out[i] = pm_find_bot(items[i]))) {
            kit_fail(PROG, "--bots: unknown bot '%.40s' (see pommerman bots)", items[i]);
            return KIT_EXIT_USAGE;
        }
    return 0;
}

typedef struct match_ctx {
    FILE *render;       /* NULL: no picture */
    kit_replay *replay; /* NULL: no replay file */
} match_ctx;

/* The board as rows of trace characters (0-9, a-d: the item values). */
static json_t *board_rows(const unsigned char *board, int n) {
    json_t *rows = json_array();
    char row[PM_MAX_SIZE + 1];
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++) row[c] = pm_item_char(board[r * n + c]);
        row[n] = '\0';
        json_array_append_new(rows, json_string(row));
    }
    return rows;
}

static json_t *state_json(const pm_state *s) {
    json_t *bombs = json_array(), *flames = json_array(), *agents = json_array();
    for (int b = 0; b < s->nbombs; b++) {
        const pm_bomb *x = &s->bombs[b];
        json_array_append_new(bombs, json_pack("[iiiiii]", x->r, x->c, x->owner, x->life, x->blast, x->dir));
    }
    for (int f = 0; f < s->nflames; f++)
        json_array_append_new(flames, json_pack("[iii]", s->flames[f].r, s->flames[f].c, s->flames[f].life));
    for (int i = 0; i < s->nagents; i++) {
        const pm_agent *a = &s->agents[i];
        json_array_append_new(agents, json_pack("{s:i,s:i,s:i,s:i,s:b,s:b}", "row", a->r, "col", a->c, "ammo",
                                                a->ammo, "blast_strength", a->blast, "can_kick", a->kick,
                                                "alive", a->alive));
    }
    char items[PM_MAX_CELLS * 8];
    pm_format_items(s, items);
    return json_pack("{s:i,s:o,s:o,s:o,s:o,s:s}", "step", s->step, "board", board_rows(s->board, s->size),
                     "bombs", bombs, "flames", flames, "agents", agents, "items", items);
}

static int match_step(void *user, const pm_state *s, const int *actions, const pm_step_maps *maps) {
    match_ctx *m = user;
    static const char *const names[PM_NUM_ACTIONS] = {"stop", "up", "down", "left", "right", "bomb"};
    if (m->render) {
        fprintf(m->render, "actions:");
        for (int i = 0; i < s->nagents; i++) fprintf(m->render, " %s", names[actions[i]]);
        fputc('\n', m->render);
        pm_render(m->render, s);
        fputc('\n', m->render);
    }
    if (m->replay) {
        json_t *acts = json_array();
        for (int i = 0; i < s->nagents; i++) json_array_append_new(acts, json_integer(actions[i]));
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
        if (kit_replay_turn(m->replay, s->step, acts, state_json(s), jm) != 0) return DMAP_ERR_IO;
    }
    return 0;
}

int cmd_match(int argc, char **argv) {
    const char *bots_arg = NULL, *config_arg = "ffa", *replay_path = NULL;
    uint64_t seed = 1;
    int render = 0, want_maps = 0;
    kit_opts seen = {{0}, 0};
    for (int i = 1; i < argc; i++) {
        const char *opt = argv[i];
        if (!strcmp(opt, "--help")) {
            puts("usage: pommerman match --seed S --bots A,B,C,D [--config ffa|1v1] [--render] [--replay FILE [--maps]]\n"
                 "Plays one game: the board from random.Random(S) as the original environment draws it\n"
                 "(SimpleAgents then draw from the same stream), bots in seats 0..3 (two in 1v1).\n"
                 "--render prints the board after every step; --replay writes a JSON Lines replay,\n"
                 "with the bots' maps (dmap: desire, burn; tutorial: depth) when --maps is given.");
            return 0;
        }
        if (kit_opt_once(PROG, &seen, opt)) return KIT_EXIT_USAGE;
        if (!strcmp(opt, "--seed")) {
            const char *v = kit_opt_value(PROG, argc, argv, &i);
            if (!v || kit_parse_seed(PROG, opt, v, &seed)) return KIT_EXIT_USAGE;
        } else if (!strcmp(opt, "--bots")) {
            if (!(bots_arg = kit_opt_value(PROG, argc, argv, &i))) return KIT_EXIT_USAGE;
        } else if (!strcmp(opt, "--config")) {
            if (!(config_arg = kit_opt_value(PROG, argc, argv, &i))) return KIT_EXIT_USAGE;
        } else if (!strcmp(opt, "--replay")) {
            if (!(replay_path = kit_opt_value(PROG, argc, argv, &i))) return KIT_EXIT_USAGE;
        } else if (!strcmp(opt, "--maps")) {
            want_maps = 1;
        } else if (!strcmp(opt, "--render")) {
            render = 1;
        } else {
            kit_unknown_option(PROG, "match", opt);
            return KIT_EXIT_USAGE;
        }
    }
    const pm_config *cfg = pm_config_find(config_arg);
    if (!cfg) {
        fprintf(stderr, "pommerman: --config: expected ffa or 1v1, got '%s'\n", config_arg);
        return 2;
    }
    if (!bots_arg) {
        fprintf(stderr, "pommerman: match needs --bots\n");
        return 2;
    }
    const pm_bot *bots[PM_MAX_AGENTS];
    if (pcli_parse_bots(bots_arg, cfg->num_agents, bots)) return 2;
    match_ctx mc;
    memset(&mc, 0, sizeof mc);
    mc.render = render ? stdout : NULL;
    pm_game_result res;
    pm_state final, start;
    kit_pyrandom py;
    kit_pyrandom_seed(&py, (int64_t)seed);
    pm_reset(&start, cfg, &py);
    if (render) {
        pm_render(stdout, &start);
        fputc('\n', stdout);
    }
    kit_replay replay;
    if (replay_path) {
        int e = kit_replay_open(&replay, replay_path);
        if (e != 0) {
            fprintf(stderr, "pommerman: cannot write %s: %s\n", replay_path, strerror(e));
            return 2;
        }
        const char *names[PM_MAX_AGENTS];
        char terrain[PM_MAX_CELLS + 1], items[PM_MAX_CELLS * 8];
        for (int i = 0; i < cfg->num_agents; i++) names[i] = bots[i]->name;
        pm_format_board(start.board, start.size, terrain);
        pm_format_items(&start, items);
        kit_replay_header(&replay, "pommerman", cfg->size, cfg->size, seed, names, cfg->num_agents, terrain,
                          json_pack("{s:s,s:s,s:o}", "config", cfg->name, "items", items, "state", state_json(&start)));
        mc.replay = &replay;
    }
    if (want_maps && !replay_path) {
        fprintf(stderr, "pommerman: --maps needs --replay FILE\n");
        return 2;
    }
    int err = pm_play(cfg, bots, seed, match_step, &mc, want_maps, &final, &res);
    if (replay_path) {
        if (err == DMAP_OK) {
            json_t *w = json_array(), *rw = json_array();
            for (int i = 0; i < cfg->num_agents; i++) {
                if (res.winners & (1u << i)) json_array_append_new(w, json_integer(i));
                json_array_append_new(rw, json_integer(res.rewards[i]));
            }
            kit_replay_result(&replay, json_pack("{s:s,s:i,s:o,s:o}", "result", res.result == PM_WIN ? "Win" : "Tie",
                                                 "steps", res.steps, "winners", w, "rewards", rw));
            int e = kit_replay_close(&replay);
            if (e != 0) {
                fprintf(stderr, "pommerman: cannot write %s: %s\n", replay_path, strerror(e));
                return 1;
            }
        } else {
            kit_replay_abort(&replay);
        }
    }
    if (err != DMAP_OK) {
        fprintf(stderr, "pommerman: the game could not be played: %s\n", dmap_strerror(err));
        return 1;
    }
    printf("result %s after %d steps", res.result == PM_WIN ? "Win" : "Tie", res.steps);
    if (res.result == PM_WIN)
        for (int i = 0; i < cfg->num_agents; i++)
            if (res.winners & (1u << i)) printf(": agent %d (%s) wins", i, bots[i]->name);
    printf("\nrewards");
    for (int i = 0; i < cfg->num_agents; i++) printf(" %d", res.rewards[i]);
    printf("\n");
    return 0;
}
