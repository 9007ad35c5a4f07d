/* cmd_sprt.c — `kutulu sprt`: is A stronger than B? Paired games on one deal with A and B's
 * seats swapped, two other entrants in the other seats, A's placing scored against B's,
 * until the SPRT decides (kit/sprt_run.h). */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "kit/sprt_run.h"

static const char sprt_help[] =
    "usage: kutulu sprt --bots A,B[,C,D] [--elo0 E0] [--elo1 E1] [--alpha a] [--beta b]\n"
    "                   [--seed S] [--max-games N] [--jobs J] [--data DIR]\n"
    "                   [--first-limit MS] [--limit MS] [--bot-stderr W]\n"
    "  Plays A and B in pairs of games on one deal (referee seed and map) with their seats\n"
    "  swapped, C and D (default: B and B) in the other two seats, and scores A's placing\n"
    "  against B's (1 better, 0.5 the same, 0 worse); the pentanomial SPRT of H0 'A is E0 Elo\n"
    "  stronger than B' against H1 'E1 stronger' stops at the first decision, in game order.\n";

/* after the kit's lines (kit_sprt_help) */
static const char sprt_help_tail[] =
    "  --data DIR, --first-limit MS, --limit MS, --bot-stderr W: as for tournament\n";

int kutulu_cmd_sprt(int argc, char **argv) {
    kit_sprt_games g;
    memset(&g, 0, sizeof g);
    kit_sprt_opts_init(&g.opts);
    kcli_seated_opts so = {NULL, NULL, 1000, 50};
    kit_opts seen = {0};
    int took;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0) {
            fputs(sprt_help, stdout);
            fputs(kit_sprt_help, stdout);
            fputs(sprt_help_tail, stdout);
            return 0;
        }
        if (kit_opt_once("kutulu", &seen, a)) return KIT_EXIT_USAGE;
        if ((took = kit_sprt_option("kutulu", argc, argv, &i, &g.opts)) != 0 ||
            (took = kcli_seated_option(argc, argv, &i, &so)) != 0) {
            if (took < 0) return KIT_EXIT_USAGE;
        } else {
            return kit_unknown_option("kutulu", "sprt", a), KIT_EXIT_USAGE;
        }
    }
    if (!g.opts.bots) return kcli_fail("sprt: --bots A,B is required (see kutulu help sprt)");
    if (kit_sprt_opts_check("kutulu", &g.opts)) return KIT_EXIT_USAGE;
    char *specs[KCLI_MAX_ENTRANTS];
    int n = 0;
    if (kit_split_bots("kutulu", "--bots", g.opts.bots, 2, KT_PLAYERS, NULL, specs, &n))
        return KIT_EXIT_USAGE;
    if (n == 3) return kcli_fail("--bots: give A,B or A,B,C,D (the two others), got 3 bots");
    if (n == 2) specs[2] = specs[3] = specs[1];
    static kt_mapset maps;
    kcli_seated ctx;
    if (kcli_seated_open(specs, KT_PLAYERS, &so, &maps, &ctx)) return KIT_EXIT_USAGE;
    g.prog = "kutulu";
    g.names = (const char *const *)ctx.specs;
    g.seats = KT_PLAYERS;
    g.play = kcli_play_seated;
    g.ctx = &ctx;
    int rc = kit_sprt_games_run(&g, stdout, NULL, NULL);
    kcli_seated_close(&ctx);
    return rc;
}
