/* cmd_replay.c — `pommerman replay TRACE... [--agents]`: replays games recorded from the original
 * environment and prints OK for each, or the first line that differs (exit 1), or why a file
 * cannot be read (exit 2); it stops at the first file that does not replay. */
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const char replay_help[] =
    "usage: pommerman replay TRACE... [--agents]\n"
    "Replays games recorded from the original environment (trace format v1, plain or gzip;\n"
    "data/README.md) and compares every state, observation and the end; with --agents\n"
    "also every SimpleAgent action and random draw. Prints OK for each trace (with several,\n"
    "after its name), or PATH:LINE and the first difference (exit 1).\n";

/* 0 OK, 1 a difference, 2 an unreadable or malformed file. */
static int replay_one(const char *path, int agents, int named) {
    pm_trace_report rep;
    int rc = pm_replay_trace(path, agents, &rep);
    if (rc == 0) {
        if (named) printf("%s: ", path);
        printf("OK %ld steps", rep.steps);
        if (agents) printf(", %ld SimpleAgent decisions (actions and draws)", rep.decisions);
        printf("\n");
    } else if (rc == 1) {
        printf("%s:%s\n", path, rep.message + 5 /* "line N: ..." -> "PATH:N: ..." */);
    } else {
        kit_fail(ARENA_PROG, "%s: %s", path, rep.message);
    }
    return rc;
}

int cmd_replay(int argc, char **argv) {
    int agents = 0, npaths = 0;
    kit_opts seen = {{0}, 0};
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help")) return fputs(replay_help, stdout), 0;
        if (kit_opt_once(ARENA_PROG, &seen, argv[i])) return KIT_EXIT_USAGE;
        if (!strcmp(argv[i], "--agents")) {
            agents = 1;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            kit_unknown_option(ARENA_PROG, "replay", argv[i]);
            return KIT_EXIT_USAGE;
        } else {
            argv[++npaths] = argv[i]; /* the traces, in order, over the options */
        }
    }
    if (!npaths) {
        kit_fail(ARENA_PROG, "replay needs a TRACE file (see pommerman help replay)");
        return KIT_EXIT_USAGE;
    }
    for (int k = 1; k <= npaths; k++) {
        int rc = replay_one(argv[k], agents, npaths > 1);
        if (rc) return rc;
    }
    return 0;
}
