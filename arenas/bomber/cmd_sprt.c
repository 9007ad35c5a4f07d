/* cmd_sprt.c — `bomber sprt`: is A stronger than B? Pairs of games on one map with the seats
 * swapped until the pentanomial SPRT decides (kit/sprt_run.h). */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "kit/sprt_run.h"

static const char sprt_help[] =
    "usage: bomber sprt --bots A,B [--elo0 E0] [--elo1 E1] [--alpha a] [--beta b] [--seed S]\n"
    "                   [--max-games N] [--jobs J]\n"
    "  Plays A and B in pairs of games on one map (deal p: the map of its seed) with the seats\n"
    "  swapped, and runs the pentanomial SPRT of H0 'A is E0 Elo stronger than B' against H1\n"
    "  'E1 stronger' on the pairs' scores, stopping at the first decision in game order.\n";

int cmd_sprt(int argc, char **argv) {
    kit_sprt_games g;
    memset(&g, 0, sizeof g);
    kit_sprt_opts_init(&g.opts);
    kit_outside_opts oo = {BOMBER_FIRST_LIMIT_MS, BOMBER_LIMIT_MS, NULL, KIT_STDERR_DISCARD};
    kit_opts seen = {.n = 0};
    int took;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help")) {
            fputs(sprt_help, stdout);
            fputs(kit_sprt_help, stdout);
            fputs(KIT_OUTSIDE_HELP, stdout); /* after the kit's lines */
            return 0;
        }
        if (kit_opt_once(BOMBER_PROG, &seen, a)) return KIT_EXIT_USAGE;
        if ((took = kit_sprt_option(BOMBER_PROG, argc, argv, &i, &g.opts)) != 0 ||
            (took = kit_outside_option(BOMBER_PROG, argc, argv, &i, &oo)) != 0) {
            if (took < 0) return KIT_EXIT_USAGE;
        } else {
            return kit_unknown_option(BOMBER_PROG, "sprt", a), KIT_EXIT_USAGE;
        }
    }
    if (!g.opts.bots) return kit_fail_usage(BOMBER_PROG, "sprt: --bots A,B is required");
    if (kit_sprt_opts_check(BOMBER_PROG, &g.opts)) return KIT_EXIT_USAGE;
    const bomber_bot *bots[BOMBER_PLAYERS];
    const char *names[BOMBER_PLAYERS];
    int n = 0;
    if (bomber_cli_bots("--bots", g.opts.bots, 2, 2, &oo, bots, &n)) return KIT_EXIT_USAGE;
    if (kit_outside_opts_open(BOMBER_PROG, &oo, KIT_STDERR_DISCARD)) {
        bomber_cli_free_bots(bots, n);
        return KIT_EXIT_USAGE;
    }
    for (int i = 0; i < n; i++) names[i] = bots[i]->info.name;
    g.prog = BOMBER_PROG;
    g.names = names;
    g.seats = BOMBER_PLAYERS;
    g.play = bomber_play_seated;
    g.ctx = bots;
    int rc = kit_sprt_games_run(&g, stdout, NULL, NULL);
    kit_outside_opts_close(&oo);
    bomber_cli_free_bots(bots, n);
    return rc;
}
