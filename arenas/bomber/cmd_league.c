/* cmd_league.c — `bomber league`: every pairing of the listed bots plays N games with the seats
 * swapped on alternate games (kit/league.h), rated by TrueSkill, Plackett–Luce and
 * Bradley–Terry; the kit's command (kit/lab_cmd.h) over the arena's part in seated.c. */
#include "cli.h"

const char arena_league_help[] =
    "usage: bomber league --bots A,B,... --games N [--seed S] [--jobs J] [--html FILE]\n"
    "  Every pairing of 2 to 16 bots (built-in or cmd:PROGRAM ARGS) plays N games, game k on\n"
    "  deal k/2 (the map of its seed, the same for every pairing), seats swapped on odd k.\n"
    "  Prints TrueSkill (CodinGame's), Plackett-Luce and Bradley-Terry Elo ratings, the\n"
    "  pairwise score matrix (a win 1, a draw 0.5) and games per pairing; --html FILE writes\n"
    "  the same as a standalone page. Same output for any --jobs (default 0: every core).\n";
