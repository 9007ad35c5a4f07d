/* tournament_cmd.c — the `tournament` command every arena runs (tournament_cmd.h): the common
 * options, the checks, the games where the options say (kit_tournament_play), the arena's
 * table, and one line for the games that could not be played. */
#include "tournament_cmd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "program.h"

void kit_tournament_failures(const char *prog, const kit_tournament *t, const void *slots,
                             long failed) {
    const char *label = t->label ? t->label : "games";
    size_t n = strlen(label);
    int one = (int)(n > 1 && label[n - 1] == 's' ? n - 1 : n); /* "game", "world" */
    int count = failed == 1 ? one : (int)n;
    long g = 0;
    while (g < t->games && !kit_slot_const(t, slots, g)->failed) g++;
    if (g == t->games) {
        kit_fail(prog, "tournament: %ld %.*s could not be played", failed, count, label);
        return;
    }
    const kit_game_slot *s = kit_slot_const(t, slots, g);
    kit_fail(prog, "tournament: %ld %.*s could not be played (%.*s %ld: %s)", failed, count,
             label, one, label, s->seating.game, s->why);
}

/* The option loop: the kit's options, then the arena's. 0, or KIT_EXIT_USAGE after one line. */
static int parse(const kit_tournament_cmd *c, void *arena, kit_tour *t, kit_shard *sh, int argc,
                 char **argv) {
    const char *prog = c->prog;
    kit_opts seen = {{0}, 0};
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i], *v;
        int took;
        if (kit_opt_once(prog, &seen, o)) return KIT_EXIT_USAGE;
        if ((took = kit_shard_option(sh, argc, argv, &i)) != 0) {
            if (took < 0) return KIT_EXIT_USAGE;
        } else if (!strcmp(o, "--bots")) {
            if (!(t->bots = kit_opt_value(prog, argc, argv, &i))) return KIT_EXIT_USAGE;
        } else if (!strcmp(o, "--games")) {
            if (!(v = kit_opt_value(prog, argc, argv, &i)) ||
                kit_parse_long(prog, o, v, c->games_min, c->games_max, &t->games))
                return KIT_EXIT_USAGE;
        } else if (!strcmp(o, "--seed")) {
            if (!(v = kit_opt_value(prog, argc, argv, &i)) || kit_parse_seed(prog, o, v, &t->seed))
                return KIT_EXIT_USAGE;
        } else if (!strcmp(o, "--jobs")) {
            if (!(v = kit_opt_value(prog, argc, argv, &i)) || kit_parse_jobs(prog, o, v, &t->jobs))
                return KIT_EXIT_USAGE;
        } else if (c->outside && (took = kit_outside_option(prog, argc, argv, &i, &t->outside))) {
            if (took < 0) return KIT_EXIT_USAGE;
        } else if (c->option && (took = c->option(arena, t, argc, argv, &i)) != 0) {
            if (took < 0) return KIT_EXIT_USAGE;
        } else {
            return kit_unknown_option(prog, "tournament", o), KIT_EXIT_USAGE;
        }
    }
    if (!t->bots && !t->bots_elsewhere)
        return kit_fail_usage(prog, "tournament: %s (see %s help tournament)",
                              c->bots_needed ? c->bots_needed : "--bots A,B,... is required",
                              prog);
    if (t->games < 0)
        return kit_fail_usage(prog, "tournament: --games N is required (see %s help tournament)",
                              prog);
    return kit_shard_check(sh) ? KIT_EXIT_USAGE : 0;
}

/* After the options: open, play (here, a shard file, or merged slots), the table. */
static int run(const kit_tournament_cmd *c, void *arena, kit_tour *t, const kit_shard *sh) {
    /* --bot-stderr is opened before the arena makes its seats: a seat copies the descriptor */
    if (c->outside && kit_outside_opts_open(c->prog, &t->outside, KIT_STDERR_DISCARD))
        return KIT_EXIT_USAGE;
    int rc = c->open(arena, t);
    if (rc) { /* a bad bot, say: a --bot-stderr FILE made above goes again */
        if (c->outside) kit_outside_opts_abandon(&t->outside);
        return rc;
    }
    long games = t->run.games;
    void *slots = calloc((size_t)(games > 0 ? games : 1), kit_slot_size(&t->run));
    if (!slots) { /* nothing played either */
        if (c->outside) kit_outside_opts_abandon(&t->outside);
        return kit_fail(c->prog, "tournament: out of memory for %ld games", games), 1;
    }
    long failed = 0;
    int where = kit_tournament_play(&t->run, sh, slots, &failed);
    if (c->outside) kit_outside_opts_close(&t->outside);
    if (where != KIT_SHARD_TABLE) { /* failed (it said why), or the table is printed elsewhere */
        free(slots);
        return where < 0 || failed ? 1 : 0;
    }
    rc = c->table(arena, t, slots, failed);
    if (rc == 0 && failed) {
        kit_tournament_failures(c->prog, &t->run, slots, failed);
        rc = 1;
    }
    free(slots);
    return rc;
}

/* --help: the arena's lines, then those of the options every tournament takes. */
static void print_help(const kit_tournament_cmd *c) {
    fputs(c->help, stdout);
    printf("  --seed S       the tournament's seed, 0 to 2^63-1 (default 1): every game's seeds\n"
           "                 derive from it and the game's index\n"
           "  --jobs J       games in parallel (0, the default: every online core); the table is\n"
           "                 the same for any J\n"
           "  --shard K/N --out FILE  play only the %s i with i %% N == K-1 and write their\n"
           "                 results to FILE; `%s merge FILE...` prints the table of shards 1..N\n",
           c->unit ? c->unit : "games", c->prog);
    if (c->outside)
        printf("  A bot may be cmd:PROGRAM ARGS, an outside program (README, \"Outside programs\");\n"
               "  then a last table says why its players were ended.\n"
               "  --first-limit MS, --limit MS  its time limits (default %ld and %ld)\n"
               "  --bot-stderr W  its stderr: discard (the default), inherit, or a FILE (appended to)\n",
               c->first_limit_ms, c->limit_ms);
    puts("A progress line is drawn on stderr when it is a terminal.");
}

int kit_tournament_command(const kit_tournament_cmd *c, void *arena, int argc, char **argv,
                           const kit_merged *merged) {
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) return print_help(c), 0;
    kit_tour t;
    memset(&t, 0, sizeof t);
    t.games = c->games_default;
    t.seed = 1;
    t.outside = (kit_outside_opts){c->first_limit_ms, c->limit_ms, NULL, KIT_STDERR_DISCARD, 0};
    t.merging = merged != NULL;
    kit_shard *sh = malloc(sizeof *sh); /* its recorded arguments are 16 KiB */
    if (!sh) return kit_fail(c->prog, "tournament: out of memory"), 1;
    kit_shard_init(sh, c->prog, argc, argv, merged);
    int rc = parse(c, arena, &t, sh, argc, argv);
    if (rc == 0) {
        t.run = (kit_tournament){.games = t.games, .jobs = t.jobs, .seed = t.seed,
                                 .label = "games", .progress = -1};
        rc = run(c, arena, &t, sh);
        if (c->close) c->close(arena);
    }
    free(sh);
    return rc;
}
