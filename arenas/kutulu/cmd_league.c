/* cmd_league.c — `kutulu league`: every table of four out of the listed entrants plays N games
 * with the seats rotated (kit/league.h), rated by TrueSkill, Plackett–Luce and Bradley–Terry. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "kit/league.h"

static const char league_help[] =
    "usage: kutulu league --bots A,B,C,D,... --games N [--seed S] [--jobs J] [--html FILE]\n"
    "                     [--data DIR] [--first-limit MS] [--limit MS] [--bot-stderr W]\n"
    "  --bots A,B,...  4 to 16 entrants (built-in bots or cmd:PROGRAM ARGS; repeats allowed):\n"
    "                  every table of 4 of them plays N games\n"
    "  --games N       games per table, seats rotated over each group of 4 (default 100)\n"
    "  --seed S        the league's seed (default 1): game k of every table plays deal k/4\n"
    "  --jobs J        games in parallel (0 = every core, the default); same tables for any J\n"
    "  --html FILE     also a standalone page: ratings, the pairwise score heatmap, games\n"
    "  --data DIR, --first-limit MS, --limit MS, --bot-stderr W: as for tournament\n"
    "Prints TrueSkill (CodinGame's), Plackett-Luce and Bradley-Terry Elo ratings per entrant,\n"
    "the pairwise score matrix (a better place scores 1, the same 0.5) and games per pairing.\n";

int kutulu_cmd_league(int argc, char **argv) {
    kit_league_opts lo;
    kit_league_opts_init(&lo);
    kcli_seated_opts so = {NULL, NULL, 1000, 50};
    kit_opts seen = {0};
    int took;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0) return fputs(league_help, stdout), 0;
        if (kit_opt_once("kutulu", &seen, a)) return KIT_EXIT_USAGE;
        if ((took = kit_league_option("kutulu", argc, argv, &i, &lo)) != 0 ||
            (took = kcli_seated_option(argc, argv, &i, &so)) != 0) {
            if (took < 0) return KIT_EXIT_USAGE;
        } else {
            return kit_unknown_option("kutulu", "league", a), KIT_EXIT_USAGE;
        }
    }
    if (!lo.bots) return kcli_fail("league: --bots is required (see kutulu help league)");
    if (lo.games < 0) lo.games = 100;
    char *specs[KCLI_MAX_ENTRANTS];
    int n = 0;
    if (kit_split_bots("kutulu", "--bots", lo.bots, KT_PLAYERS, KCLI_MAX_ENTRANTS, NULL, specs, &n))
        return KIT_EXIT_USAGE;
    static kt_mapset maps;
    kcli_seated ctx;
    if (kcli_seated_open(specs, n, &so, &maps, &ctx)) return KIT_EXIT_USAGE;
    kit_league l = {"kutulu", n, (const char *const *)ctx.specs, KT_PLAYERS, lo.games, lo.seed,
                    lo.jobs, kcli_play_seated, &ctx, lo.html, argc, argv};
    int rc = kit_league_run(&l, stdout);
    kcli_seated_close(&ctx);
    return rc;
}
