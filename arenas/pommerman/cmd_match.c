/* cmd_match.c — `pommerman match`: one game between named bots, printed as a result line
 * (and, with --render, the board after every step). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pommerman_cli.h"
#ifdef PM_HAVE_KIT_RUNNER
#include "replay.h"
#endif

int pcli_parse_bots(const char *s, int n, const pm_bot **out) {
    char buf[256];
    if (strlen(s) >= sizeof buf) {
        fprintf(stderr, "pommerman: --bots: list too long\n");
        return 2;
    }
    strcpy(buf, s);
    int k = 0;
    for (char *tok = buf, *next; tok; tok = next) {
        next = strchr(tok, ',');
        if (next) *next++ = '\0';
        const pm_bot *b = pm_find_bot(tok);
        if (!b) {
            fprintf(stderr, "pommerman: --bots: unknown bot '%s' (see pommerman bots)\n", tok);
            return 2;
        }
        if (k >= n) {
            fprintf(stderr, "pommerman: --bots: this config seats %d bots, got more\n", n);
            return 2;
        }
        out[k++] = b;
    }
    if (k != n) {
        fprintf(stderr, "pommerman: --bots: this config seats %d bots, got %d\n", n, k);
        return 2;
    }
    return 0;
}

typedef struct match_ctx {
    FILE *render; /* NULL: no picture */
#ifdef PM_HAVE_KIT_RUNNER
    kit_replay *replay; /* NULL: no replay file */
#endif
} match_ctx;

#ifdef PM_HAVE_KIT_RUNNER
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
#endif

static int match_step(void *user, const pm_state *s, const int *actions) {
    match_ctx *m = user;
    static const char *const names[PM_NUM_ACTIONS] = {"stop", "up", "down", "left", "right", "bomb"};
    if (m->render) {
        fprintf(m->render, "actions:");
        for (int i = 0; i < s->nagents; i++) fprintf(m->render, " %s", names[actions[i]]);
        fputc('\n', m->render);
        pm_render(m->render, s);
        fputc('\n', m->render);
    }
#ifdef PM_HAVE_KIT_RUNNER
    if (m->replay) {
        json_t *acts = json_array();
        for (int i = 0; i < s->nagents; i++) json_array_append_new(acts, json_integer(actions[i]));
        if (kit_replay_turn(m->replay, s->step, acts, state_json(s), NULL) != 0) return DMAP_ERR_IO;
    }
#endif
    return 0;
}

int cmd_match(int argc, char **argv) {
    const char *bots_arg = NULL, *config_arg = "ffa", *replay_path = NULL;
    uint64_t seed = 1;
    int render = 0, seen_seed = 0, seen_config = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help")) {
            puts("usage: pommerman match --seed S --bots A,B,C,D [--config ffa|1v1] [--render] [--replay FILE]\n"
                 "Plays one game: the board from random.Random(S) as the original environment draws it\n"
                 "(SimpleAgents then draw from the same stream), bots in seats 0..3 (two in 1v1).\n"
                 "--render prints the board after every step; --replay writes a JSON Lines replay.");
            return 0;
        }
        int takes_value = !strcmp(a, "--seed") || !strcmp(a, "--bots") || !strcmp(a, "--config") ||
                          !strcmp(a, "--replay");
        if (takes_value && i + 1 >= argc) {
            fprintf(stderr, "pommerman: %s needs a value\n", a);
            return 2;
        }
        if (!strcmp(a, "--seed")) {
            char *end;
            const char *v = argv[++i];
            unsigned long long s = strtoull(v, &end, 10);
            if (seen_seed++ || !(v[0] >= '0' && v[0] <= '9') || *end || s > 0x7fffffffffffffffull) {
                fprintf(stderr, "pommerman: --seed: expected an integer in 0..2^63-1 given once, got '%s'\n", v);
                return 2;
            }
            seed = s;
        } else if (!strcmp(a, "--bots")) {
            if (bots_arg) {
                fprintf(stderr, "pommerman: --bots given twice\n");
                return 2;
            }
            bots_arg = argv[++i];
        } else if (!strcmp(a, "--config")) {
            if (seen_config++) {
                fprintf(stderr, "pommerman: --config given twice\n");
                return 2;
            }
            config_arg = argv[++i];
        } else if (!strcmp(a, "--replay")) {
            if (replay_path) {
                fprintf(stderr, "pommerman: --replay given twice\n");
                return 2;
            }
            replay_path = argv[++i];
#ifndef PM_HAVE_KIT_RUNNER
            fprintf(stderr, "pommerman: --replay needs the arena kit's replay writer, not in this tree yet\n");
            return 2;
#endif
        } else if (!strcmp(a, "--render")) {
            render = 1;
        } else {
            fprintf(stderr, "pommerman: unknown option '%s' (see pommerman match --help)\n", a);
            return 2;
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
#ifdef PM_HAVE_KIT_RUNNER
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
#endif
    int err = pm_play(cfg, bots, seed, match_step, &mc, &final, &res);
#ifdef PM_HAVE_KIT_RUNNER
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
#endif
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
