/* cmd_sprt.c — `pommerman sprt`: is A stronger than B? Pairs of games on one board with A and
 * B's seats swapped (in ffa two other bots in the other seats, A's placing scored against
 * B's) until the SPRT decides (kit/sprt_run.h). */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "kit/sprt_run.h"

static const char sprt_help[] =
    "usage: pommerman sprt --bots A,B[,C,D] [--config C] [--elo0 E0] [--elo1 E1] [--alpha a]\n"
    "                      [--beta b] [--seed S] [--max-games N] [--jobs J]\n"
    "  Plays A and B in pairs of games on one board with their seats swapped; in ffa (the\n"
    "  default config) C and D (default: B and B) take the other two seats and A's placing is\n"
    "  scored against B's (1 better, 0.5 the same, 0 worse). The pentanomial SPRT of H0 'A is\n"
    "  E0 Elo stronger than B' against H1 'E1 stronger' stops at the first decision.\n";

int cmd_sprt(int argc, char **argv) {
    kit_sprt_games g;
    memset(&g, 0, sizeof g);
    kit_sprt_opts_init(&g.opts);
    kit_outside_opts oo = {PM_FIRST_LIMIT_MS, PM_LIMIT_MS, NULL, KIT_STDERR_DISCARD};
    const char *config = "ffa";
    kit_opts seen = {{0}, 0};
    int took;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help")) {
            fputs(sprt_help, stdout);
            fputs(kit_sprt_help, stdout);
            fputs(KIT_OUTSIDE_HELP, stdout); /* after the kit's lines */
            return 0;
        }
        if (kit_opt_once(PM_PROG, &seen, a)) return KIT_EXIT_USAGE;
        if (!strcmp(a, "--config")) {
            if (!(config = kit_opt_value(PM_PROG, argc, argv, &i))) return KIT_EXIT_USAGE;
        } else if ((took = kit_sprt_option(PM_PROG, argc, argv, &i, &g.opts)) != 0 ||
                   (took = kit_outside_option(PM_PROG, argc, argv, &i, &oo)) != 0) {
            if (took < 0) return KIT_EXIT_USAGE;
        } else {
            return kit_unknown_option(PM_PROG, "sprt", a), KIT_EXIT_USAGE;
        }
    }
    pm_seated ctx;
    if (pm_cli_config(config, &ctx.cfg)) return KIT_EXIT_USAGE;
    if (!g.opts.bots) return kit_fail_usage(PM_PROG, "sprt: --bots A,B is required");
    if (kit_sprt_opts_check(PM_PROG, &g.opts)) return KIT_EXIT_USAGE;
    int n = 0, seats = ctx.cfg->num_agents;
    if (pm_seated_bots("sprt", g.opts.bots, config, 2, seats, &oo, &ctx, &n))
        return KIT_EXIT_USAGE;
    if (n != 2 && n != seats) {
        pm_cli_free_bots(ctx.entrants, n);
        return kit_fail_usage(PM_PROG, "--bots: give A,B or all %d seats' bots, got %d", seats, n);
    }
    for (int i = n; i < seats; i++) ctx.entrants[i] = ctx.entrants[1], ctx.names[i] = ctx.names[1];
    if (kit_outside_opts_open(PM_PROG, &oo, KIT_STDERR_DISCARD)) {
        pm_cli_free_bots(ctx.entrants, n);
        return KIT_EXIT_USAGE;
    }
    g.prog = PM_PROG;
    g.names = ctx.names;
    g.seats = seats;
    g.play = pm_play_seated;
    g.ctx = &ctx;
    int rc = kit_sprt_games_run(&g, stdout, NULL, NULL);
    kit_outside_opts_close(&oo);
    pm_cli_free_bots(ctx.entrants, n);
    return rc;
}
