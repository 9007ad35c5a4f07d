/* cmd_sprt.c — `bomber sprt`: is A stronger than B? Pairs of games on one map with the seats
 * swapped until the pentanomial SPRT decides (kit/sprt_run.h); the kit's command
 * (kit/lab_cmd.h) over the arena's part in seated.c. */
#include "cli.h"

const char arena_sprt_help[] =
    "usage: bomber sprt --bots A,B [--elo0 E0] [--elo1 E1] [--alpha a] [--beta b] [--seed S]\n"
    "                   [--max-games N] [--jobs J]\n"
    "  Plays A and B in pairs of games on one map (deal p: the map of its seed) with the seats\n"
    "  swapped, and runs the pentanomial SPRT of H0 'A is E0 Elo stronger than B' against H1\n"
    "  'E1 stronger' on the pairs' scores, stopping at the first decision in game order.\n";
