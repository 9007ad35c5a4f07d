/* cmd_tournament.c — `pursuit tournament` (the kit's command, kit/tournament_cmd.h): every
 * predator against every prey on the same N seeded random worlds, and on the worlds of the data
 * folder from their own start (M bot seeds) and from M random starts. Here the options and the
 * opening; one world's games in cmd_tournament_play.c, the tables in cmd_tournament_tables.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd_tournament.h"

static const char help[] =
    "usage: pursuit tournament --bots A,B,... --games N [--size WxH] [--walls P] [--clocks N]\n"
    "                          [--seed S] [--data-games M] [--data DIR] [--jobs J] [--breakdown]\n"
    "  Plays every predator against every prey on the same N random worlds (seeded by S; one\n"
    "  game per pairing on each) and on the worlds (*.dat) of the data folder (--data DIR, by\n"
    "  default the data folder beside the program or in its install prefix): M games per\n"
    "  pairing from each world's own start (the bots' seeds vary) and M from random starts on\n"
    "  its obstacles (--data-games M, default 200; 0: no data worlds, no data folder needed).\n"
    "  Prints the prey's survival rate with a 95% Wilson interval, the mean capture clock\n"
    "  (+- its 95% half-width) and each bot's mean decision time per move.\n"
    "  --bots A,B,... the bots, each in the seats it plays (pursuit bots lists them; random and\n"
    "                 cmd: programs play both)\n"
    "  --predators A,B --preys C,D  instead of --bots: the bots of each seat, in this order\n"
    "  --breakdown    also the survival rate by the initial predator-prey path distance, and\n"
    "                 how the prey played (stood still; games ending on a dead-end cell)\n"
    "  Random worlds come first among the --shard worlds, then the data worlds' games.\n";

static int option(void *arena, kit_tour *kt, int argc, char **argv, int *i) {
    pt_tournament *t = arena;
    const char *o = argv[*i];
    char *v;
    int c;
    if (!strcmp(o, "--breakdown")) return t->breakdown = 1;
    if (strcmp(o, "--seed") && (c = pcli_common_option(argc, argv, i, &t->common)) != 0)
        return c < 0 ? -1 : 1;
    if (strcmp(o, "--predators") && strcmp(o, "--preys") && strcmp(o, "--data") &&
        strcmp(o, "--data-games"))
        return 0;
    if (!(v = pcli_value(argc, argv, i))) return -1;
    if (!strcmp(o, "--data-games")) return pcli_long(o, v, 0, 1000000, &t->data_games) ? -1 : 1;
    if (!strcmp(o, "--data")) t->data = v;
    else *(o[5] == 'd' ? &t->predators_arg : &t->preys_arg) = v;
    kt->bots_elsewhere = 1;
    return 1;
}

static int open_worlds(void *arena, kit_tour *kt) {
    pt_tournament *t = arena;
    static char lists[2][4096 * 2];
    char *seat[2] = {lists[0], lists[1]};
    lists[0][0] = lists[1][0] = '\0';
    if (kt->bots && (t->predators_arg || t->preys_arg))
        return pcli_fail("tournament: give --bots, or --predators and --preys, not both");
    if (kt->bots && pcli_role_lists(kt->bots, seat, sizeof lists[0])) return PCLI_USAGE;
    if (!kt->bots && (!t->predators_arg || !t->preys_arg))
        return pcli_fail("tournament: %s is required with %s", t->preys_arg ? "--predators" : "--preys",
                         t->preys_arg ? "--preys" : "--predators");
    if (!kt->bots) seat[0] = t->predators_arg, seat[1] = t->preys_arg;
    const char *opt[2] = {kt->bots ? "--bots" : "--predators", kt->bots ? "--bots" : "--preys"};
    if (pcli_bot_list(opt[0], seat[0], PURSUIT_PREDATOR, &kt->outside, t->predators, &t->npred) ||
        pcli_bot_list(opt[1], seat[1], PURSUIT_PREY, &kt->outside, t->preys, &t->nprey))
        return PCLI_USAGE;
    if (t->data_games > 0 &&
        (pcli_data_dir(t->data, t->data_dir, sizeof t->data_dir) || pt_load_data_worlds(t)))
        return PCLI_USAGE;
    t->worlds = kt->games;
    if (pt_prepare(t, kt->seed)) return pcli_fail("tournament: out of memory"), 1;
    kt->run.games = t->worlds + (long)t->ndata * 2 * t->data_games;
    kt->run.record_size = pt_world_size(t);
    kt->run.play = pt_play_world;
    kt->run.ctx = t;
    kt->run.label = "worlds";
    return 0;
}

static const kit_tournament_cmd command = {
    .prog = ARENA_PROG, .help = help, .unit = "worlds", .games_min = 0, .games_max = 100000000,
    .games_default = -1, .outside = 1, .first_limit_ms = PCLI_FIRST_LIMIT_MS,
    .limit_ms = PCLI_LIMIT_MS, .option = option, .open = open_worlds, .table = pt_tables,
    .close = pt_free};

int cmd_tournament_from(int argc, char **argv, const kit_merged *merged) {
    pt_tournament *t = calloc(1, sizeof *t);
    if (!t) return pcli_fail("tournament: out of memory"), 1;
    pcli_common_defaults(&t->common);
    t->data_games = 200;
    int rc = kit_tournament_command(&command, t, argc, argv, merged);
    free(t);
    return rc;
}

int cmd_tournament(int argc, char **argv) { return cmd_tournament_from(argc, argv, NULL); }
