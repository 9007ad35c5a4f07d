/* cmd_replay.c — `pommerman replay TRACE [--agents]`: replays a game recorded from the original
 * environment and prints OK, or the first line that differs (exit 1), or why the file cannot be
 * read (exit 2). */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "pommerman_cli.h"

#define PROG "pommerman"

int cmd_replay(int argc, char **argv) {
    const char *path = NULL;
    int agents = 0;
    kit_opts seen = {{0}, 0};
    for (int i = 1; i < argc; i++) {
        if (kit_opt_once(PROG, &seen, argv[i])) return KIT_EXIT_USAGE;
        if (!strcmp(argv[i], "--agents")) {
            agents = 1;
        } else if (!strcmp(argv[i], "--help")) {
            puts("usage: pommerman replay TRACE [--agents]\n"
                 "Replays a trace of the original environment (arenas/pommerman/data/README.md) and\n"
                 "compares every state, observation and the end; with --agents also every SimpleAgent\n"
                 "action and random draw. Prints OK or the first differing line (exit 1).");
            return 0;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            kit_unknown_option(PROG, "replay", argv[i]);
            return KIT_EXIT_USAGE;
        } else if (path) {
            kit_fail(PROG, "replay takes one trace, got '%.60s' too", argv[i]);
            return KIT_EXIT_USAGE;
        } else {
            path = argv[i];
        }
    }
    if (!path) {
        fprintf(stderr, "pommerman: replay needs a TRACE file\n");
        return 2;
    }
    pm_trace_report rep;
    int rc = pm_replay_trace(path, agents, &rep);
    if (rc == 0) {
        printf("OK %ld steps", rep.steps);
        if (agents) printf(", %ld SimpleAgent decisions (actions and draws)", rep.decisions);
        printf("\n");
        return 0;
    }
    if (rc == 1) {
        printf("%s:%s\n", path, rep.message + 5 /* "line N: ..." -> "PATH:N: ..." */);
        return 1;
    }
    fprintf(stderr, "pommerman: %s: %s\n", path, rep.message);
    return 2;
}
