/* cmd_league.c — `bomber league`: every pairing of the listed bots plays N games with the seats
 * swapped on alternate games (kit/league.h), rated by TrueSkill, Plackett–Luce and
 * Bradley–Terry. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "kit/league.h"

static const char league_help[] =
    "usage: bomber league --bots A,B,... --games N [--seed S] [--jobs J] [--html FILE]\n"
    "  Every pairing of 2 to 16 bots (built-in or cmd:PROGRAM ARGS) plays N games, game k on\n"
    "  deal k/2 (the map of its seed, the same for every pairing), seats swapped on odd k.\n"
    "  Prints TrueSkill (CodinGame's), Plackett-Luce and Bradley-Terry Elo ratings, the\n"
    "  pairwise score matrix (a win 1, a draw 0.5) and games per pairing; --html FILE writes\n"
    "  the same as a standalone page. Same output for any --jobs (default 0: every core).\n"
    KIT_OUTSIDE_HELP;

int cmd_league(int argc, char **argv) {
    kit_league_opts lo;
    kit_league_opts_init(&lo);
    kit_outside_opts oo = {BOMBER_FIRST_LIMIT_MS, BOMBER_LIMIT_MS, NULL, KIT_STDERR_DISCARD};
    kit_opts seen = {.n = 0};
    int took;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help")) return fputs(league_help, stdout), 0;
        if (kit_opt_once(BOMBER_PROG, &seen, a)) return KIT_EXIT_USAGE;
        if ((took = kit_league_option(BOMBER_PROG, argc, argv, &i, &lo)) != 0 ||
            (took = kit_outside_option(BOMBER_PROG, argc, argv, &i, &oo)) != 0) {
            if (took < 0) return KIT_EXIT_USAGE;
        } else {
            return kit_unknown_option(BOMBER_PROG, "league", a), KIT_EXIT_USAGE;
        }
    }
    if (!lo.bots) return kit_fail_usage(BOMBER_PROG, "league: --bots A,B,... is required");
    if (lo.games < 0) return kit_fail_usage(BOMBER_PROG, "league: --games N is required");
    const bomber_bot *bots[KIT_LEAGUE_MAX_ENTRANTS];
    const char *names[KIT_LEAGUE_MAX_ENTRANTS];
    int n = 0;
    if (bomber_cli_bots("--bots", lo.bots, 2, KIT_LEAGUE_MAX_ENTRANTS, &oo, bots, &n))
        return KIT_EXIT_USAGE;
    if (kit_outside_opts_open(BOMBER_PROG, &oo, KIT_STDERR_DISCARD)) {
        bomber_cli_free_bots(bots, n);
        return KIT_EXIT_USAGE;
    }
    for (int i = 0; i < n; i++) names[i] = bots[i]->info.name;
    kit_league l = {BOMBER_PROG, n, names, BOMBER_PLAYERS, lo.games, lo.seed, lo.jobs,
                    bomber_play_seated, bots, lo.html, argc, argv};
    int rc = kit_league_run(&l, stdout);
    kit_outside_opts_close(&oo);
    bomber_cli_free_bots(bots, n);
    return rc;
}
