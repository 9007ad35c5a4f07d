/* cmd_sprt.c — `kutulu sprt`: is A stronger than B? Paired games on one deal with A and B's
 * seats swapped, two other entrants in the other seats, A's placing scored against B's,
 * until the SPRT decides (kit/sprt_run.h). */
#include "cli.h"

const char arena_sprt_help[] =
    "usage: kutulu sprt --bots A,B[,C,D] [--elo0 E0] [--elo1 E1] [--alpha a] [--beta b]\n"
    "                   [--seed S] [--max-games N] [--jobs J] [--data DIR]\n"
    "                   [--first-limit MS] [--limit MS] [--bot-stderr W]\n"
    "  Plays A and B in pairs of games on one deal (referee seed and map) with their seats\n"
    "  swapped, C and D (default: B and B) in the other two seats, and scores A's placing\n"
    "  against B's (1 better, 0.5 the same, 0 worse); the pentanomial SPRT of H0 'A is E0 Elo\n"
    "  stronger than B' against H1 'E1 stronger' stops at the first decision, in game order.\n";
