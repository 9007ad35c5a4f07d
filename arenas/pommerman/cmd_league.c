/* cmd_league.c — `pommerman league`: every table of the config's agent count (4 in ffa, 2 in
 * 1v1) out of the listed bots plays N games with the seats rotated (kit/league.h), rated by
 * TrueSkill, Plackett–Luce and Bradley–Terry. */
#include "cli.h"

const char arena_league_help[] =
    "usage: pommerman league --bots A,B,C,D,... --games N [--config C] [--seed S] [--jobs J]\n"
    "                        [--html FILE]\n"
    "  Every table of 4 (--config ffa, the default) or 2 (1v1) out of up to 16 bots (built-in\n"
    "  or cmd:PROGRAM ARGS; repeats allowed) plays N games: game k on the board of deal\n"
    "  k/seats (the same boards for every table), the seats rotated. The winners place 1 and\n"
    "  the others 2; in a tie every agent places 1. Prints TrueSkill (CodinGame's),\n"
    "  Plackett-Luce and Bradley-Terry Elo ratings, the pairwise score matrix and games per\n"
    "  pairing; --html FILE writes the same as a standalone page. Same output for any --jobs.\n";
