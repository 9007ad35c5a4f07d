/* cmd_sprt.c — `pommerman sprt`: is A stronger than B? Pairs of games on one board with A and
 * B's seats swapped (in ffa two other bots in the other seats, A's placing scored against
 * B's) until the SPRT decides (kit/sprt_run.h). */
#include "cli.h"

const char arena_sprt_help[] =
    "usage: pommerman sprt --bots A,B[,C,D] [--config C] [--elo0 E0] [--elo1 E1] [--alpha a]\n"
    "                      [--beta b] [--seed S] [--max-games N] [--jobs J]\n"
    "  Plays A and B in pairs of games on one board with their seats swapped; in ffa (the\n"
    "  default config) C and D (default: B and B) take the other two seats and A's placing is\n"
    "  scored against B's (1 better, 0.5 the same, 0 worse). The pentanomial SPRT of H0 'A is\n"
    "  E0 Elo stronger than B' against H1 'E1 stronger' stops at the first decision.\n";
