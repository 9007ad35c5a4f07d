/* cmd_sprt.c — `pursuit sprt`: is entrant A (predator A with prey A) stronger than entrant B?
 * Pairs of games on one random world with the roles swapped until the SPRT decides
 * (kit/sprt_run.h). */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "kit/sprt_run.h"

static const char sprt_help[] =
    "usage: pursuit sprt --predators A,B --preys X,Y [--elo0 E0] [--elo1 E1] [--alpha a]\n"
    "                    [--beta b] [--seed S] [--max-games N] [--jobs J] [--size WxH]\n"
    "                    [--walls P] [--clocks N]\n"
    "  Entrant A is predator A with prey X, entrant B predator B with prey Y. Each pair of games\n"
    "  plays one random world twice: A's predator against B's prey, then B's predator against\n"
    "  A's prey. The pentanomial SPRT of H0 'A is E0 Elo stronger than B' against H1 'E1\n"
    "  stronger' on the pairs' scores stops at the first decision in game order.\n";

int cmd_sprt(int argc, char **argv) {
    kit_sprt_games g;
    memset(&g, 0, sizeof g);
    kit_sprt_opts_init(&g.opts);
    static pcli_seated ctx;
    pcli_seated_defaults(&ctx.opts);
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
        if (pcli_once(&seen, a)) return PCLI_USAGE;
        if ((took = kit_sprt_option(PCLI_PROG, argc, argv, &i, &g.opts)) != 0 ||
            (took = pcli_seated_option(argc, argv, &i, &ctx.opts)) != 0) {
            if (took < 0) return PCLI_USAGE;
        } else {
            return pcli_unknown("sprt", a);
        }
    }
    if (g.opts.bots) return pcli_fail("sprt: give --predators A,B and --preys X,Y, not --bots");
    if (kit_sprt_opts_check(PCLI_PROG, &g.opts)) return PCLI_USAGE;
    if (pcli_seated_open("sprt", &ctx, 2, 2)) return PCLI_USAGE;
    g.prog = PCLI_PROG;
    g.names = ctx.names;
    g.seats = 2;
    g.play = pcli_play_seated;
    g.ctx = &ctx;
    int rc = kit_sprt_games_run(&g, stdout, NULL, NULL);
    pcli_seated_close(&ctx);
    return rc;
}
