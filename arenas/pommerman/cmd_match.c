/* cmd_match.c — `pommerman match`: one game between named bots, printed as a result line; with
 * --render the board after every step, with --replay / --html the game as a replay file or a
 * standalone page (the kit's outputs), with --maps the bots' maps in it. */
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const char match_help[] =
    "usage: pommerman match [--seed S] --bots A,B,C,D [--config C] [--render]\n"
    "                       [--replay FILE] [--html FILE] [--maps]\n"
    "                       [--first-limit MS] [--limit MS] [--bot-stderr W]\n"
    "Plays one game: the board from random.Random(S) (default S = 1) as the original\n"
    "environment draws it (SimpleAgents then draw from the same stream), bots in seats\n"
    "0..3 (two in 1v1). --config C: a config id of the playground's registry, or ffa\n"
    "(PommeFFACompetition-v0, 4 bots, the default) or 1v1 (OneVsOne-v0, 2 bots).\n"
    "--render prints the board after every step; --replay writes a JSON Lines replay,\n"
    "--html the same replay inside the viewer as one standalone HTML file; --maps adds\n"
    "the bots' maps (dmap: desire, burn; tutorial: depth) to either.\n"
    "A bot may be cmd:PROGRAM ARGS, an outside program that reads the observation as JSON\n"
    "Lines and answers an action per line (README, \"Outside programs\"):\n"
    "  --first-limit MS, --limit MS  its time limits for the first and every later answer\n"
    "                 (default 1000 and 100)\n"
    "  --bot-stderr W its stderr: inherit (the default), discard, or a FILE (appended to)\n";

typedef struct match_ctx {
    FILE *render;       /* NULL: no picture */
    kit_replay *replay; /* NULL: no replay file */
} match_ctx;

static const char *const action_names[PM_NUM_ACTIONS] = {"stop", "up", "down", "left", "right", "bomb"};

static int match_step(void *user, const pm_state *s, const int *actions, const pm_step_maps *maps) {
    match_ctx *m = user;
    if (m->render) {
        fprintf(m->render, "actions:");
        for (int i = 0; i < s->nagents; i++) fprintf(m->render, " %s", action_names[actions[i]]);
        fputc('\n', m->render);
        pm_render(m->render, s);
        fputc('\n', m->render);
    }
    if (m->replay && pm_replay_turn(m->replay, s, actions, maps) != 0) return DMAP_ERR_IO;
    return DMAP_OK;
}

static void print_result(const pm_config *cfg, const pm_bot *const *bots, const pm_game_result *res) {
    printf("result %s after %d steps", res->result == PM_WIN ? "Win" : "Tie", res->steps);
    if (res->result == PM_WIN)
        for (int i = 0; i < cfg->num_agents; i++)
            if (res->winners & (1u << i)) printf(": agent %d (%s) wins", i, bots[i]->info.name);
    printf("\nrewards");
    for (int i = 0; i < cfg->num_agents; i++) printf(" %d", res->rewards[i]);
    printf("\n");
}

int cmd_match(int argc, char **argv) {
    const char *config_arg = "ffa";
    char *bots_arg = NULL;
    uint64_t seed = 1;
    int render = 0;
    kit_outputs out;
    memset(&out, 0, sizeof out);
    kit_opts seen = {{0}, 0};
    kit_outside_opts oo = {PM_FIRST_LIMIT_MS, PM_LIMIT_MS, NULL, 2, 0};
    for (int i = 1; i < argc; i++) {
        const char *opt = argv[i];
        if (!strcmp(opt, "--help")) return fputs(match_help, stdout), 0;
        if (kit_opt_once(ARENA_PROG, &seen, opt)) return KIT_EXIT_USAGE;
        if (!strcmp(opt, "--seed")) {
            const char *v = kit_opt_value(ARENA_PROG, argc, argv, &i);
            if (!v || kit_parse_seed(ARENA_PROG, opt, v, &seed)) return KIT_EXIT_USAGE;
        } else if (!strcmp(opt, "--bots")) {
            if (!(bots_arg = kit_opt_value(ARENA_PROG, argc, argv, &i))) return KIT_EXIT_USAGE;
        } else if (!strcmp(opt, "--config")) {
            if (!(config_arg = kit_opt_value(ARENA_PROG, argc, argv, &i))) return KIT_EXIT_USAGE;
        } else if (!strcmp(opt, "--render")) {
            render = 1;
        } else if (kit_play_option(ARENA_PROG, "match", argc, argv, &i, &out, &oo) < 0) {
            return KIT_EXIT_USAGE;
        }
    }
    const pm_config *cfg;
    if (pm_cli_config(config_arg, &cfg)) return KIT_EXIT_USAGE;
    if (!bots_arg) {
        kit_fail(ARENA_PROG, "match: --bots is required (see pommerman help match)");
        return KIT_EXIT_USAGE;
    }
    const pm_bot *bots[PM_MAX_AGENTS];
    if (pm_cli_bots(bots_arg, config_arg, cfg, &oo, bots)) return KIT_EXIT_USAGE;
    if (kit_outputs_guard(&out, ARENA_PROG, "--bot-stderr", kit_outside_stderr_file(oo.stderr_arg)) ||
        kit_outputs_open(&out, ARENA_PROG) || kit_outside_opts_open(ARENA_PROG, &oo, 2)) {
        pm_cli_free_bots(bots, cfg->num_agents);
        return KIT_EXIT_USAGE;
    }
    for (int p = 0; p < cfg->num_agents; p++) { /* made before --bot-stderr was opened */
        const kit_bot_info *info = &bots[p]->info;
        kit_outside_seats_stderr(&info, 1, &oo);
    }

    pm_state start, final;
    kit_pyrandom py;
    kit_pyrandom_seed(&py, (int64_t)seed);
    pm_reset(&start, cfg, &py);
    match_ctx mc = {render ? stdout : NULL, kit_outputs_replay(&out)};
    if (render) {
        pm_render(stdout, &start);
        fputc('\n', stdout);
    }
    if (mc.replay) pm_replay_header(mc.replay, cfg, bots, seed, &start);
    pm_game_result res;
    int err = pm_play(cfg, bots, seed, match_step, &mc, out.maps, &final, &res);
    kit_outside_opts_close(&oo);
    if (err != DMAP_OK) {
        pm_cli_free_bots(bots, cfg->num_agents);
        kit_outputs_abort(&out);
        kit_fail(ARENA_PROG, "the game could not be played: %s", dmap_strerror(err));
        return 1;
    }
    if (mc.replay) pm_replay_result(mc.replay, cfg, &res);
    if (kit_outputs_close(&out, ARENA_PROG)) {
        pm_cli_free_bots(bots, cfg->num_agents);
        return 1;
    }
    for (int i = 0; i < cfg->num_agents; i++)
        if (res.ended[i] != KIT_END_NONE)
            printf("ended: agent %d (%.200s) by %s on decision %ld\n", i, bots[i]->info.name,
                   kit_end_name(res.ended[i]), res.ended_on[i]);
    print_result(cfg, bots, &res);
    pm_cli_free_bots(bots, cfg->num_agents);
    return 0;
}
