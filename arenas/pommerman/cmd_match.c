/* cmd_match.c — `pommerman match`: one game between named bots, printed as a result line (with
 * --render, the board after every step; with --replay, a JSON Lines replay file through the
 * kit's writer), and the --bots list parser the commands share. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <unistd.h>

#include "cli.h"
#include "pommerman_cli.h"
#include "html_replay.h"
#include "replay.h"

#define PROG "pommerman"

int pcli_parse_bots(char *s, const char *config, int n, const pm_bot **out) {
    char *items[PM_MAX_AGENTS], note[80];
    int k = 0;
    snprintf(note, sizeof note, "config %s", config);
    if (kit_split_bots(PROG, "--bots", s, n, n, note, items, &k)) return KIT_EXIT_USAGE;
    for (int i = 0; i < k; i++) {
        const kit_bot_info *info = kit_bot_lookup(PROG, "--bots", &pm_bot_table, items[i], NULL);
        if (!info) return KIT_EXIT_USAGE;
        out[i] = (const pm_bot *)info;
    }
    return 0;
}

typedef struct match_ctx {
    FILE *render;       /* NULL: no picture */
    kit_replay *replay; /* NULL: no replay file */
} match_ctx;

static const char *const action_names[PM_NUM_ACTIONS] = {"stop", "up", "down", "left", "right", "bomb"};

/* The board as rows of item codes (the environment's constants). */
static json_t *board_rows(const unsigned char *board, int n) {
    json_t *rows = json_array();
    for (int r = 0; r < n; r++) {
        json_t *row = json_array();
        for (int c = 0; c < n; c++) json_array_append_new(row, json_integer(board[r * n + c]));
        json_array_append_new(rows, row);
    }
    return rows;
}

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
    return json_pack("{s:i,s:o,s:o,s:o,s:o,s:o}", "step", s->step, "board", board_rows(s->board, s->size),
                     "agents", agents, "bombs", bombs, "flames", flames, "items", items);
}

static int match_step(void *user, const pm_state *s, const int *actions, const pm_step_maps *maps) {
    match_ctx *m = user;
    if (m->render) {
        fprintf(m->render, "actions:");
        for (int i = 0; i < s->nagents; i++) fprintf(m->render, " %s", action_names[actions[i]]);
        fputc('\n', m->render);
        pm_render(m->render, s);
        fputc('\n', m->render);
    }
    if (m->replay) {
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
        if (kit_replay_turn(m->replay, s->step, acts, state_json(s), jm) != 0) return DMAP_ERR_IO;
    }
    return 0;
}

int cmd_match(int argc, char **argv) {
    const char *config_arg = "ffa", *replay_path = NULL, *html_path = NULL;
    char *bots_arg = NULL;
    uint64_t seed = 1;
    int render = 0, want_maps = 0;
    kit_opts seen = {{0}, 0};
    for (int i = 1; i < argc; i++) {
        const char *opt = argv[i];
        if (!strcmp(opt, "--help")) {
            puts("usage: pommerman match [--seed S] --bots A,B,C,D [--config ffa|1v1] [--render]\n"
                 "                       [--replay FILE] [--html FILE] [--maps]\n"
                 "Plays one game: the board from random.Random(S) (default S = 1) as the original\n"
                 "environment draws it (SimpleAgents then draw from the same stream), bots in seats\n"
                 "0..3 (two in 1v1).\n"
                 "--render prints the board after every step; --replay writes a JSON Lines replay,\n"
                 "--html the same replay inside the viewer as one standalone HTML file; --maps adds\n"
                 "the bots' maps (dmap: desire, burn; tutorial: depth) to either.");
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
        } else if (!strcmp(opt, "--html")) {
            if (!(html_path = kit_opt_value(PROG, argc, argv, &i))) return KIT_EXIT_USAGE;
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
        kit_fail(PROG, "invalid value for --config: '%.60s' (need ffa or 1v1)", config_arg);
        return 2;
    }
    if (!bots_arg) {
        kit_fail(PROG, "match: --bots is required (see pommerman help match)");
        return 2;
    }
    const pm_bot *bots[PM_MAX_AGENTS];
    if (pcli_parse_bots(bots_arg, config_arg, cfg->num_agents, bots)) return 2;
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
    char tmp_replay[4200] = "";
    if (html_path && !replay_path) { /* the replay goes to a temporary file beside the HTML */
        snprintf(tmp_replay, sizeof tmp_replay, "%s.XXXXXX", html_path);
        int fd = mkstemp(tmp_replay);
        if (fd < 0) {
            kit_fail(PROG, "cannot write %.200s: %s", html_path, strerror(errno));
            return KIT_EXIT_USAGE;
        }
        close(fd);
        replay_path = tmp_replay;
    }
    if (replay_path) {
        int e = kit_replay_open(&replay, replay_path);
        if (e != 0) {
            if (tmp_replay[0]) remove(tmp_replay);
            kit_fail(PROG, "cannot write %.200s: %s", replay_path, strerror(e));
            return KIT_EXIT_USAGE;
        }
        const char *names[PM_MAX_AGENTS];
        char terrain[PM_MAX_CELLS + 1];
        for (int i = 0; i < cfg->num_agents; i++) names[i] = bots[i]->info.name;
        pm_format_board(start.board, start.size, terrain);
        kit_replay_header(&replay, "pommerman", cfg->size, cfg->size, seed, names, cfg->num_agents, terrain,
                          json_pack("{s:s,s:o}", "config", cfg->name, "state", state_json(&start)));
        mc.replay = &replay;
    }
    if (want_maps && !replay_path && !html_path) {
        kit_fail(PROG, "--maps needs --replay FILE or --html FILE");
        return KIT_EXIT_USAGE;
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
                if (tmp_replay[0]) remove(tmp_replay);
                kit_fail(PROG, "cannot write %.200s: %s", replay_path, strerror(e));
                return 1;
            }
            char err[512];
            int bad = html_path && kit_html_replay_from_file(html_path, replay_path, err, sizeof err) != 0;
            if (tmp_replay[0]) remove(tmp_replay);
            if (bad) {
                kit_fail(PROG, "%s", err);
                return 1;
            }
        } else {
            kit_replay_abort(&replay);
            if (tmp_replay[0]) remove(tmp_replay);
        }
    }
    if (err != DMAP_OK) {
        fprintf(stderr, "pommerman: the game could not be played: %s\n", dmap_strerror(err));
        return 1;
    }
    printf("result %s after %d steps", res.result == PM_WIN ? "Win" : "Tie", res.steps);
    if (res.result == PM_WIN)
        for (int i = 0; i < cfg->num_agents; i++)
            if (res.winners & (1u << i)) printf(": agent %d (%s) wins", i, bots[i]->info.name);
    printf("\nrewards");
    for (int i = 0; i < cfg->num_agents; i++) printf(" %d", res.rewards[i]);
    printf("\n");
    return 0;
}
