/* cmd_replay.c — `pursuit replay FILE...`: each replay file (as `pursuit match --replay` writes
 * them) played again through the engine from its recorded world and start with its recorded
 * moves, every state and the result compared. Prints "OK FILE: ..." per file, or
 * "DIFF FILE: turn T: what" at the first difference (exit 1); a file that is not a pursuit
 * replay is one line on stderr and exit 2. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "pursuit_replay.h"

static const char replay_help[] =
    "usage: pursuit replay FILE...\n"
    "  Replays each replay file written by `pursuit match --replay`: the recorded moves go\n"
    "  through the engine from the recorded world and start, and every state line and the\n"
    "  result are compared with the engine's. Prints 'OK FILE: ...' for each file that\n"
    "  matches (exit 0), or 'DIFF FILE: turn T: ...' at the first difference (exit 1).\n"
    "  A file that cannot be read as a pursuit replay: one line on stderr, exit 2.\n";

static int replay_one(const char *path) {
    pursuit_replay_report rep;
    char err[600];
    int rc = pursuit_replay_check(path, &rep, err, sizeof err);
    if (rc < 0) return pcli_fail("%s", err);
    if (rc > 0) {
        if (rep.turn >= 0)
            printf("DIFF %s: turn %ld: %s\n", path, rep.turn, rep.what);
        else
            printf("DIFF %s: line %ld: %s\n", path, rep.line, rep.what);
        return 1;
    }
    if (rep.predator_won)
        printf("OK %s: %d clocks, the predator won at clock %d\n", path, rep.clocks, rep.clocks);
    else
        printf("OK %s: %d clocks, the prey survived\n", path, rep.clocks);
    return 0;
}

int cmd_replay(int argc, char **argv) {
    if (kit_help_asked(argc, argv, replay_help)) return 0;
    if (argc < 2) return pcli_fail("replay: give one or more replay files (see pursuit help replay)");
    for (int i = 1; i < argc; i++)
        if (argv[i][0] == '-' && argv[i][1] == '-')
            return pcli_unknown("replay", argv[i]);
    for (int i = 1; i < argc; i++) {
        int rc = replay_one(argv[i]);
        if (rc) return rc;
    }
    return 0;
}
