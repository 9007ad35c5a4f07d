/* cmd_league.c — `pursuit league`: entrants are predator/prey pairs; every pairing of entrants
 * plays N games on random worlds, each world twice with the roles swapped (kit/league.h),
 * rated by TrueSkill, Plackett–Luce and Bradley–Terry. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "kit/league.h"

static const char league_help[] =
    "usage: pursuit league --predators A,B,... --preys X,Y,... --games N [--seed S] [--jobs J]\n"
    "                      [--html FILE] [--size WxH] [--walls P] [--clocks N]\n"
    "  Entrant i is predator i with prey i (2 to 16 entrants). Every pairing plays N games:\n"
    "  game k on the random world of deal k/2 (the same worlds for every pairing), one\n"
    "  entrant's predator against the other's prey, the roles swapped on odd k. A capture wins\n"
    "  for the predator's entrant, a survival for the prey's. Prints TrueSkill (CodinGame's),\n"
    "  Plackett-Luce and Bradley-Terry Elo ratings, the pairwise score matrix and games per\n"
    "  pairing; --html FILE writes the same as a standalone page. Same output for any --jobs.\n"
    KIT_OUTSIDE_HELP;

int cmd_league(int argc, char **argv) {
    kit_league_opts lo;
    kit_league_opts_init(&lo);
    static pcli_seated ctx;
    pcli_seated_defaults(&ctx.opts);
    kit_opts seen = {{0}, 0};
    int took;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help")) return fputs(league_help, stdout), 0;
        if (pcli_once(&seen, a)) return PCLI_USAGE;
        if ((took = kit_league_option(PCLI_PROG, argc, argv, &i, &lo)) != 0 ||
            (took = pcli_seated_option(argc, argv, &i, &ctx.opts)) != 0) {
            if (took < 0) return PCLI_USAGE;
        } else {
            return pcli_unknown("league", a);
        }
    }
    if (lo.bots) return pcli_fail("league: give --predators and --preys (entrant i: predator i and prey i), not --bots");
    if (lo.games < 0) return pcli_fail("league: --games N is required");
    if (pcli_seated_open("league", &ctx, 2, PCLI_MAX_BOTS)) return PCLI_USAGE;
    kit_league l = {PCLI_PROG, ctx.n, ctx.names, 2, lo.games, lo.seed, lo.jobs,
                    pcli_play_seated, &ctx, lo.html, argc, argv};
    int rc = kit_league_run(&l, stdout);
    pcli_seated_close(&ctx);
    return rc;
}
