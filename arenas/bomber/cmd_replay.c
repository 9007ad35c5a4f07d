/* cmd_replay.c — `bomber replay TRACE [--gambit LOG]`: plays a recorded game again on the
 * engine from its seed and recorded answers and compares every line; with --gambit, also
 * re-runs the Gambit port on every logged decision (gambit_log.c). */
#include <stdio.h>
#include <string.h>

#include "bomber_cli.h"
#include "cli.h"
#include "gambit_log.h"
#include "trace.h"

int cmd_replay(int argc, char **argv) {
    const char *trace = NULL, *log = NULL;
    kit_opts seen = {.n = 0};
    for (int i = 1; i < argc; i++) {
        if (kit_opt_once("bomber", &seen, argv[i])) return BCLI_USAGE;
        if (!strcmp(argv[i], "--gambit")) {
            if (!(log = kit_opt_value("bomber", argc, argv, &i))) return BCLI_USAGE;
        } else if (!strcmp(argv[i], "--help")) {
            puts("usage: bomber replay TRACE[.gz] [--gambit LOG[.gz]]");
            return 0;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            return kit_unknown_option("bomber", "replay", argv[i]), BCLI_USAGE;
        } else if (trace) {
            return bcli_fail("replay: more than one trace given ('%s')", argv[i]);
        } else {
            trace = argv[i];
        }
    }
    if (!trace) return bcli_fail("replay: no trace given (bomber replay TRACE)");
    char err[1024] = "";
    bomber_lines t;
    if (bomber_lines_read(trace, &t, err, sizeof err)) return bcli_fail("%s", err);
    bomber_trace_info info;
    int rc = bomber_replay_trace(&t, NULL, NULL, &info, err, sizeof err);
    if (rc == 2) {
        bomber_lines_free(&t);
        return bcli_fail("%s: %s", trace, err);
    }
    if (rc) {
        bomber_lines_free(&t);
        printf("DIFF %s: %s\n", trace, err);
        return BCLI_FAIL;
    }
    printf("OK %s: seed %lld, %ld ticks\n", trace, info.seed, info.ticks);
    if (!log) {
        bomber_lines_free(&t);
        return 0;
    }
    /* The decisions: replay again, running the port after every tick. */
    bomber_lines l;
    if (bomber_lines_read(log, &l, err, sizeof err)) {
        bomber_lines_free(&t);
        return bcli_fail("%s", err);
    }
    static gambit_log_check check;
    if (gambit_log_begin(&check, &l, info.seed, (const char(*)[32])info.kind)) {
        bomber_lines_free(&t);
        bomber_lines_free(&l);
        return bcli_fail("out of memory");
    }
    rc = bomber_replay_trace(&t, gambit_log_hook, &check, &info, err, sizeof err);
    if (!rc) rc = gambit_log_finish(&check);
    gambit_log_end(&check);
    bomber_lines_free(&t);
    bomber_lines_free(&l);
    if (rc == 2) return bcli_fail("%s: %s", log, check.err);
    if (rc) {
        printf("DIFF %s: %s\n", log, check.err[0] ? check.err : err);
        return BCLI_FAIL;
    }
    printf("OK %s: %ld Gambit calls\n", log, check.calls);
    return 0;
}
