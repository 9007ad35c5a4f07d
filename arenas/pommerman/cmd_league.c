/* cmd_league.c — `pommerman league`: every table of the config's agent count (4 in ffa, 2 in
 * 1v1) out of the listed bots plays N games with the seats rotated (kit/league.h), rated by
 * TrueSkill, Plackett–Luce and Bradley–Terry. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "kit/league.h"

static const char league_help[] =
    "usage: pommerman league --bots A,B,C,D,... --games N [--config C] [--seed S] [--jobs J]\n"
    "                        [--html FILE]\n"
    "  Every table of 4 (--config ffa, the default) or 2 (1v1) out of up to 16 bots (built-in\n"
    "  or cmd:PROGRAM ARGS; repeats allowed) plays N games: game k on the board of deal\n"
    "  k/seats (the same boards for every table), the seats rotated. The winners place 1 and\n"
    "  the others 2; in a tie every agent places 1. Prints TrueSkill (CodinGame's),\n"
    "  Plackett-Luce and Bradley-Terry Elo ratings, the pairwise score matrix and games per\n"
    "  pairing; --html FILE writes the same as a standalone page. Same output for any --jobs.\n"
    KIT_OUTSIDE_HELP;

int cmd_league(int argc, char **argv) {
    kit_league_opts lo;
    kit_league_opts_init(&lo);
    kit_outside_opts oo = {PM_FIRST_LIMIT_MS, PM_LIMIT_MS, NULL, KIT_STDERR_DISCARD};
    const char *config = "ffa";
    kit_opts seen = {{0}, 0};
    int took;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help")) return fputs(league_help, stdout), 0;
        if (kit_opt_once(PM_PROG, &seen, a)) return KIT_EXIT_USAGE;
        if (!strcmp(a, "--config")) {
            if (!(config = kit_opt_value(PM_PROG, argc, argv, &i))) return KIT_EXIT_USAGE;
        } else if ((took = kit_league_option(PM_PROG, argc, argv, &i, &lo)) != 0 ||
                   (took = kit_outside_option(PM_PROG, argc, argv, &i, &oo)) != 0) {
            if (took < 0) return KIT_EXIT_USAGE;
        } else {
            return kit_unknown_option(PM_PROG, "league", a), KIT_EXIT_USAGE;
        }
    }
    pm_seated ctx;
    if (pm_cli_config(config, &ctx.cfg)) return KIT_EXIT_USAGE;
    if (!lo.bots || lo.games < 0)
        return kit_fail_usage(PM_PROG, "league needs --bots and --games (see pommerman help league)");
    int n = 0, seats = ctx.cfg->num_agents;
    if (pm_seated_bots("league", lo.bots, config, seats, PM_SEATED_MAX, &oo, &ctx, &n))
        return KIT_EXIT_USAGE;
    if (kit_outside_opts_open(PM_PROG, &oo, KIT_STDERR_DISCARD)) {
        pm_cli_free_bots(ctx.entrants, n);
        return KIT_EXIT_USAGE;
    }
    kit_league l = {PM_PROG, n, ctx.names, seats, lo.games, lo.seed, lo.jobs, pm_play_seated,
                    &ctx, lo.html, argc, argv};
    int rc = kit_league_run(&l, stdout);
    kit_outside_opts_close(&oo);
    pm_cli_free_bots(ctx.entrants, n);
    return rc;
}
