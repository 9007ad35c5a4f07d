/* cmd_sprt.c — `pursuit sprt`: is entrant A (predator A with prey A) stronger than entrant B?
 * Pairs of games on one random world with the roles swapped until the SPRT decides
 * (kit/sprt_run.h). */
#include "cli.h"

const char arena_sprt_help[] =
    "usage: pursuit sprt --predators A,B --preys X,Y [--elo0 E0] [--elo1 E1] [--alpha a]\n"
    "                    [--beta b] [--seed S] [--max-games N] [--jobs J] [--size WxH]\n"
    "                    [--walls P] [--clocks N]\n"
    "  Entrant A is predator A with prey X, entrant B predator B with prey Y. Each pair of games\n"
    "  plays one random world twice: A's predator against B's prey, then B's predator against\n"
    "  A's prey. The pentanomial SPRT of H0 'A is E0 Elo stronger than B' against H1 'E1\n"
    "  stronger' on the pairs' scores stops at the first decision in game order.\n";
