/* cmd_replay.c — `bomber replay TRACE [--gambit LOG]`: plays a recorded game again on the
 * engine from its seed and recorded answers and compares every line; with --gambit, also
 * re-runs the Gambit port on every logged decision (gambit_log.c). */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "gambit_log.h"
#include "trace.h"

static int help(void) {
    puts("usage: bomber replay TRACE[.gz] [--gambit LOG[.gz]]\n"
         "Plays a recorded game of the original again from its seed and recorded answers and\n"
         "compares every line: OK, or DIFF with the first tick and field that differ (exit 1).\n"
         "  --gambit LOG  also makes every decision of the game's Gambit decision log again and\n"
         "                compares it: view, weights, memory, goal map bit for bit, ties, choice,\n"
         "                bomb check, component maps, answer");
    return 0;
}

int cmd_replay(int argc, char **argv) {
    const char *trace = NULL, *log = NULL;
    kit_opts seen = {.n = 0};
    for (int i = 1; i < argc; i++) {
        if (kit_opt_once(BOMBER_PROG, &seen, argv[i])) return KIT_EXIT_USAGE;
        if (!strcmp(argv[i], "--gambit")) {
            if (!(log = kit_opt_value(BOMBER_PROG, argc, argv, &i))) return KIT_EXIT_USAGE;
        } else if (!strcmp(argv[i], "--help")) {
            return help();
        } else if (argv[i][0] == '-' && argv[i][1]) {
            return kit_unknown_option(BOMBER_PROG, "replay", argv[i]), KIT_EXIT_USAGE;
        } else if (trace) {
            kit_fail(BOMBER_PROG, "replay: more than one trace given ('%.60s')", argv[i]);
            return KIT_EXIT_USAGE;
        } else {
            trace = argv[i];
        }
    }
    if (!trace) {
        kit_fail(BOMBER_PROG, "replay: no trace given (bomber replay TRACE)");
        return KIT_EXIT_USAGE;
    }
    char err[1024] = "";
    bomber_lines t;
    if (bomber_lines_read(trace, &t, err, sizeof err)) {
        kit_fail(BOMBER_PROG, "%s", err);
        return KIT_EXIT_USAGE;
    }
    bomber_trace_info info;
    int rc = bomber_replay_trace(&t, NULL, NULL, &info, err, sizeof err);
    if (rc == 2) {
        bomber_lines_free(&t);
        kit_fail(BOMBER_PROG, "%s: %s", trace, err);
        return KIT_EXIT_USAGE;
    }
    if (rc) {
        bomber_lines_free(&t);
        printf("DIFF %s: %s\n", trace, err);
        return bomber_cli_flushed(1);
    }
    printf("OK %s: seed %lld, %ld ticks\n", trace, info.seed, info.ticks);
    if (!log) {
        bomber_lines_free(&t);
        return bomber_cli_flushed(0);
    }
    /* The decisions: replay again, running the port after every tick. */
    bomber_lines l;
    if (bomber_lines_read(log, &l, err, sizeof err)) {
        bomber_lines_free(&t);
        kit_fail(BOMBER_PROG, "%s", err);
        return KIT_EXIT_USAGE;
    }
    static gambit_log_check check;
    if (gambit_log_begin(&check, &l, info.seed, (const char(*)[32])info.kind)) {
        bomber_lines_free(&t);
        bomber_lines_free(&l);
        kit_fail(BOMBER_PROG, "replay: out of memory");
        return 1;
    }
    rc = bomber_replay_trace(&t, gambit_log_hook, &check, &info, err, sizeof err);
    if (!rc) rc = gambit_log_finish(&check);
    gambit_log_end(&check);
    bomber_lines_free(&t);
    bomber_lines_free(&l);
    if (rc == 2) {
        kit_fail(BOMBER_PROG, "%s: %s", log, check.err);
        return KIT_EXIT_USAGE;
    }
    if (rc) {
        printf("DIFF %s: %s\n", log, check.err[0] ? check.err : err);
        return bomber_cli_flushed(1);
    }
    printf("OK %s: %ld Gambit calls\n", log, check.calls);
    return bomber_cli_flushed(0);
}
