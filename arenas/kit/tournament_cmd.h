/* tournament_cmd.h — every arena's `tournament` command: the option loop (--bots, --games,
 * --seed, --jobs, outside programs' --first-limit/--limit/--bot-stderr, --shard K/N --out
 * FILE, --help), the one-line errors, the games on the kit's runner (or a shard file, or the
 * slots of merged shard files: shard.h), and the one line that says how many games could not
 * be played and why. The arena gives what is its own through a few hooks: its options, the
 * opening (bots, maps, worlds; the runner's schedule and play function), its table.
 *
 * In an arena's cmd_tournament.c:
 *
 *     static const kit_tournament_cmd cmd = {.prog = "bomber", .help = help, .games_min = 1,
 *         .games_max = 10000000, .games_default = -1, .outside = 1, ...,
 *         .open = open_bots, .table = print_table, .close = free_bots};
 *     int cmd_tournament_from(int argc, char **argv, const kit_merged *merged) {
 *         return kit_tournament_command(&cmd, &state, argc, argv, merged);
 *     }
 *     int cmd_merge(int argc, char **argv) {
 *         return kit_merge_command("bomber", argc, argv, cmd_tournament_from);
 *     } */
#ifndef KIT_TOURNAMENT_CMD_H
#define KIT_TOURNAMENT_CMD_H

#include <stdint.h>

#include "outside.h"
#include "shard.h"
#include "tournament.h"

/* What the command parsed and runs, handed to the arena's hooks. */
typedef struct kit_tour {
    char *bots;               /* --bots A,B,... (the raw list: the arena splits it); NULL: not given */
    long games;               /* --games N, or the arena's default */
    uint64_t seed;            /* --seed S (default 1) */
    int jobs;                 /* --jobs J (default 0: every online core) */
    kit_outside_opts outside; /* --first-limit, --limit, --bot-stderr (opened before open) */
    int merging;              /* 1: nothing is played (merge): skip what only playing needs */
    int bots_elsewhere;       /* set by the arena's option hook when its own options name the
                                 bots (pursuit's --predators, --preys): --bots is not required */
    /* filled by the arena's open hook: the runner (games in all, the arena's record, its play
     * function and schedule, the progress label); games, jobs and seed come preset from the
     * options above */
    kit_tournament run;
} kit_tour;

typedef struct kit_tournament_cmd {
    const char *prog;           /* the program's name: the first word of every message */
    const char *help;           /* --help's text: the usage and the arena's own options (the kit
                                   adds the lines of --seed, --jobs, --shard and outside programs) */
    const char *unit;           /* what --shard splits: "games" (NULL) or "worlds" */
    long games_min, games_max;  /* --games range */
    long games_default;         /* -1: --games N is required */
    int outside;                /* 1: the kit takes --first-limit, --limit and --bot-stderr */
    long first_limit_ms, limit_ms; /* their defaults */
    const char *bots_needed;    /* the message without --bots (default "--bots A,B,... is required") */
    /* The arena's own options: argv[*i] taken (and its value, *i moving on): 1; not one: 0;
     * a bad value: -1 after one line on stderr. May be NULL. */
    int (*option)(void *arena, kit_tour *t, int argc, char **argv, int *i);
    /* After the options are checked: the bots looked up, what playing needs loaded, t->run
     * filled. 0, or an exit status after one line on stderr (close is still called). */
    int (*open)(void *arena, kit_tour *t);
    /* The tables of the games played (slots of every game in index order; `failed` of them
     * could not be played, their slots say why). 0, and the kit adds its line about the failed
     * games; or an exit status after the arena's own one line (no line from the kit then). */
    int (*table)(void *arena, const kit_tour *t, const void *slots, long failed);
    /* Frees what open took (also after a failed open). May be NULL. */
    void (*close)(void *arena);
} kit_tournament_cmd;

/* Runs `PROG tournament ARGS` (merged: the slots of merged shard files, as kit_merge_command
 * hands them; NULL otherwise) with `arena` the arena's state for the hooks. Errors in the
 * options: one line "PROG: ..." and KIT_EXIT_USAGE; after the table, when games could not be
 * played, one line "PROG: tournament: N games could not be played (game G: WHY)" and 1. */
int kit_tournament_command(const kit_tournament_cmd *c, void *arena, int argc, char **argv,
                           const kit_merged *merged);

/* "PROG: tournament: N games could not be played (game G: WHY)" on stderr for the first failed
 * game of the slots (label: "games" or the runner's label, its singular for G). */
void kit_tournament_failures(const char *prog, const kit_tournament *t, const void *slots,
                             long failed);

#endif
