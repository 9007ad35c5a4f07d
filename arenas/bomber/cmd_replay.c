/* cmd_replay.c — `bomber replay TRACE... [--gambit LOG]`: plays recorded games again on the
 * engine from their seeds and recorded answers and compares every line; with --gambit, also
 * runs the Gambit port again on every logged decision (gambit_log.c). */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "gambit_log.h"
#include "trace.h"

static int help(void) {
    puts("usage: bomber replay TRACE[.gz]... [--gambit LOG[.gz]]\n"
         "Plays recorded games of the original again from their seeds and recorded answers and\n"
         "compares every line: OK for each, or DIFF with the first tick and field that differ\n"
         "(exit 1 at the first difference).\n"
         "  --gambit LOG  (one TRACE) also makes every decision of the game's Gambit decision log\n"
         "                again and compares it: view, weights, memory, goal map bit for bit,\n"
         "                ties, choice, bomb check, component maps, answer");
    return 0;
}

/* The Gambit decisions of log, made again while the trace t (of a game with info's seed and
 * players) is replayed once more: 0, 1 (a difference, printed) or KIT_EXIT_USAGE. */
static int replay_decisions(const bomber_lines *t, bomber_trace_info *info, const char *log) {
    char err[1024] = "";
    bomber_lines l;
    if (bomber_lines_read(log, &l, err, sizeof err)) {
        kit_fail(ARENA_PROG, "%s", err);
        return KIT_EXIT_USAGE;
    }
    static gambit_log_check check; /* two Gambit states: too large for the stack */
    if (gambit_log_begin(&check, &l, info->seed, (const char(*)[32])info->kind)) {
        gambit_log_end(&check);
        bomber_lines_free(&l);
        kit_fail(ARENA_PROG, "replay: out of memory");
        return 1;
    }
    int rc = bomber_replay_trace(t, gambit_log_hook, &check, info, err, sizeof err);
    if (!rc) rc = gambit_log_finish(&check);
    gambit_log_end(&check);
    bomber_lines_free(&l);
    if (rc == 2) {
        kit_fail(ARENA_PROG, "%s: %s", log, check.err);
        return KIT_EXIT_USAGE;
    }
    if (rc) {
        printf("DIFF %s: %s\n", log, check.err[0] ? check.err : err);
        return 1;
    }
    printf("OK %s: %ld Gambit calls\n", log, check.calls);
    return 0;
}

/* One recorded game (and its decision log when log is not NULL): 0, 1 or KIT_EXIT_USAGE. */
static int replay_game(const char *trace, const char *log) {
    char err[1024] = "";
    bomber_lines t;
    if (bomber_lines_read(trace, &t, err, sizeof err)) {
        kit_fail(ARENA_PROG, "%s", err);
        return KIT_EXIT_USAGE;
    }
    bomber_trace_info info;
    int rc = bomber_replay_trace(&t, NULL, NULL, &info, err, sizeof err);
    if (rc == 2) {
        kit_fail(ARENA_PROG, "%s: %s", trace, err);
        rc = KIT_EXIT_USAGE;
    } else if (rc) {
        printf("DIFF %s: %s\n", trace, err);
    } else {
        printf("OK %s: seed %lld, %ld ticks\n", trace, info.seed, info.ticks);
        if (log) rc = replay_decisions(&t, &info, log);
    }
    bomber_lines_free(&t);
    return rc;
}

int cmd_replay(int argc, char **argv) {
    const char *log = NULL;
    int ntraces = 0;
    kit_opts seen = {.n = 0};
    for (int i = 1; i < argc; i++) {
        if (kit_opt_once(ARENA_PROG, &seen, argv[i])) return KIT_EXIT_USAGE;
        if (!strcmp(argv[i], "--gambit")) {
            if (!(log = kit_opt_value(ARENA_PROG, argc, argv, &i))) return KIT_EXIT_USAGE;
        } else if (!strcmp(argv[i], "--help")) {
            return help();
        } else if (argv[i][0] == '-' && argv[i][1]) {
            return kit_unknown_option(ARENA_PROG, "replay", argv[i]), KIT_EXIT_USAGE;
        } else {
            argv[++ntraces] = argv[i]; /* the traces, in order, from argv[1] on */
        }
    }
    if (!ntraces) {
        kit_fail(ARENA_PROG, "replay: no trace given (bomber replay TRACE)");
        return KIT_EXIT_USAGE;
    }
    if (log && ntraces > 1) {
        kit_fail(ARENA_PROG, "replay: --gambit LOG goes with one trace, got %d", ntraces);
        return KIT_EXIT_USAGE;
    }
    int rc = 0;
    for (int k = 1; k <= ntraces && !rc; k++) rc = replay_game(argv[k], log);
    return rc;
}
