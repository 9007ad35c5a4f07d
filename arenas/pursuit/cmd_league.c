/* cmd_league.c — `pursuit league`: entrants are predator/prey pairs; every pairing of entrants
 * plays N games on random worlds, each world twice with the roles swapped (kit/league.h),
 * rated by TrueSkill, Plackett–Luce and Bradley–Terry. */
#include "cli.h"

const char arena_league_help[] =
    "usage: pursuit league --predators A,B,... --preys X,Y,... --games N [--seed S] [--jobs J]\n"
    "                      [--html FILE] [--size WxH] [--walls P] [--clocks N]\n"
    "  Entrant i is predator i with prey i (2 to 16 entrants). Every pairing plays N games:\n"
    "  game k on the random world of deal k/2 (the same worlds for every pairing), one\n"
    "  entrant's predator against the other's prey, the roles swapped on odd k. A capture wins\n"
    "  for the predator's entrant, a survival for the prey's. Prints TrueSkill (CodinGame's),\n"
    "  Plackett-Luce and Bradley-Terry Elo ratings, the pairwise score matrix and games per\n"
    "  pairing; --html FILE writes the same as a standalone page. Same output for any --jobs.\n"
    KIT_OUTSIDE_HELP;
