/* cmd_league.c — `kutulu league`: every table of four out of the listed entrants plays N games
 * with the seats rotated (kit/league.h), rated by TrueSkill, Plackett–Luce and Bradley–Terry. */
#include "cli.h"

const char arena_league_help[] =
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
