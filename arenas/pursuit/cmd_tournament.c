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

/* --bots A,B,...: each bot into the seats it plays (cmd: programs into both), in list order. */
static int split_roles(char *list, char *seat[2], size_t cap) {
    char *items[2 * PCLI_MAX_BOTS];
    int n = 0;
    if (kit_split_bots(PCLI_PROG, "--bots", list, 1, 2 * PCLI_MAX_BOTS, NULL, items, &n))
        return PCLI_USAGE;
    for (int i = 0; i < n; i++) {
        char base[64];
        snprintf(base, sizeof base, "%.*s", (int)strcspn(items[i], ":"), items[i]);
        int outside = !strncmp(items[i], "cmd:", 4), found = 0;
        for (int r = 0; r < 2; r++)
            if (outside || pursuit_bot_find(base, (pursuit_role)r)) {
                size_t at = strlen(seat[r]);
                snprintf(seat[r] + at, cap - at, "%s%s", at ? "," : "", items[i]);
                found = 1;
            }
        if (!found) { /* the kit's line, the known names those of both seats */
            const char *known[2 * PCLI_MAX_BOTS + 8];
            int nk = 0;
            for (int r = 0; r < 2; r++)
                for (int b = 0; b < pursuit_seat_bots((pursuit_role)r)->n; b++) {
                    const char *name = pursuit_seat_bots((pursuit_role)r)->bots[b]->name;
                    int k = 0;
                    while (k < nk && strcmp(known[k], name)) k++;
                    if (k == nk && nk < (int)(sizeof known / sizeof *known)) known[nk++] = name;
                }
            return kit_unknown_bot(PCLI_PROG, "--bots", items[i], known, nk, "or cmd:PROGRAM ARGS"), PCLI_USAGE;
        }
    }
    if (!seat[0][0] || !seat[1][0])
        return pcli_fail("--bots: no %s among them (see pursuit bots)", seat[0][0] ? "prey" : "predator");
    return 0;
}

static int open_worlds(void *arena, kit_tour *kt) {
    pt_tournament *t = arena;
    static char lists[2][4096 * 2];
    char *seat[2] = {lists[0], lists[1]};
    lists[0][0] = lists[1][0] = '\0';
    if (kt->bots && (t->predators_arg || t->preys_arg))
        return pcli_fail("tournament: give --bots, or --predators and --preys, not both");
    if (kt->bots && split_roles(kt->bots, seat, sizeof lists[0])) return PCLI_USAGE;
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
    t->common.seed = kt->seed;
    t->worlds = kt->games;
    t->pairs = calloc(t->npred * t->nprey, sizeof *t->pairs);
    t->world_seeds = malloc((size_t)(t->worlds ? t->worlds : 1) * sizeof *t->world_seeds);
    if (!t->pairs || !t->world_seeds) return pcli_fail("tournament: out of memory"), 1;
    for (size_t i = 0; i < t->npred * t->nprey; i++)
        t->pairs[i].predator = t->predators[i / t->nprey], t->pairs[i].prey = t->preys[i % t->nprey];
    dmap_rng master; /* world i's seed: the same for any --jobs */
    dmap_rng_seed(&master, kt->seed);
    for (long i = 0; i < t->worlds; i++) {
        uint64_t hi = dmap_rng_next(&master);
        t->world_seeds[i] = (hi << 32) | dmap_rng_next(&master);
    }
    kt->run.games = t->worlds + (long)t->ndata * 2 * t->data_games;
    kt->run.record_size = pt_world_size(t);
    kt->run.play = pt_play_world;
    kt->run.ctx = t;
    kt->run.label = "worlds";
    return 0;
}

static int tables(void *arena, const kit_tour *kt, const void *slots, long failed) {
    (void)failed;
    return pt_tables(arena, &kt->run, slots);
}

static void close_worlds(void *arena) {
    pt_tournament *t = arena;
    pcli_free_bots(t->predators, t->npred);
    pcli_free_bots(t->preys, t->nprey);
    for (size_t k = 0; k < t->ndata; k++) pursuit_world_free(&t->data_worlds[k]), free(t->data_names[k]);
    free(t->pairs);
    free(t->world_seeds);
}

static const kit_tournament_cmd command = {
    .prog = PCLI_PROG, .help = help, .unit = "worlds", .games_min = 0, .games_max = 100000000,
    .games_default = -1, .outside = 1, .first_limit_ms = PCLI_FIRST_LIMIT_MS,
    .limit_ms = PCLI_LIMIT_MS, .option = option, .open = open_worlds, .table = tables,
    .close = close_worlds};

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
