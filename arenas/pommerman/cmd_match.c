/* cmd_match.c — `pommerman match`: one game between named bots, printed as a result line
 * (and, with --render, the board after every step). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pommerman_cli.h"

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

typedef struct render_ctx {
    FILE *out;
} render_ctx;

static int render_step(void *user, const pm_state *s, const int *actions) {
    render_ctx *r = user;
    static const char *const names[PM_NUM_ACTIONS] = {"stop", "up", "down", "left", "right", "bomb"};
    fprintf(r->out, "actions:");
    for (int i = 0; i < s->nagents; i++) fprintf(r->out, " %s", names[actions[i]]);
    fputc('\n', r->out);
    pm_render(r->out, s);
    fputc('\n', r->out);
    return 0;
}

int cmd_match(int argc, char **argv) {
    const char *bots_arg = NULL, *config_arg = "ffa";
    uint64_t seed = 1;
    int render = 0, seen_seed = 0, seen_config = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help")) {
            puts("usage: pommerman match --seed S --bots A,B,C,D [--config ffa|1v1] [--render]\n"
                 "Plays one game: the board from random.Random(S), bots in seats 0..3 (two in 1v1).");
            return 0;
        }
        int takes_value = !strcmp(a, "--seed") || !strcmp(a, "--bots") || !strcmp(a, "--config");
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
    render_ctx rc = {stdout};
    pm_game_result res;
    pm_state final;
    if (render) {
        pm_state start;
        kit_pyrandom py;
        kit_pyrandom_seed(&py, (int64_t)seed);
        pm_reset(&start, cfg, &py);
        pm_render(stdout, &start);
        fputc('\n', stdout);
    }
    int err = pm_play(cfg, bots, seed, render ? render_step : NULL, &rc, &final, &res);
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
