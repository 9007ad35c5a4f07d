/* cmd_replay.c — `kutulu replay TRACE...`: games recorded from the official referee replayed
 * and compared line by line (trace.c), and `kutulu replay --file REPLAY`: a replay file of
 * `kutulu match` played back and checked (replay_file.c). Prints OK, or the first difference. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char replay_help[] =
    "usage: kutulu replay [--data DIR] TRACE...\n"
    "  Plays each game recorded from the official referee with its recorded actions and\n"
    "  compares the drawn map, player 0's first input, every state line, the turns and the\n"
    "  scores. Prints 'OK FILE: N turns' or the first differing line; exit 1 on a difference.\n"
    "usage: kutulu replay [--data DIR] --file REPLAY.jsonl\n"
    "  Reads a replay file written by `kutulu match --replay`, plays its actions from its seed\n"
    "  and map and checks every recorded state line and the scores. Prints OK or the first\n"
    "  difference.\n"
    "  --data DIR     the data folder holding maps/ (default: data beside the program, or\n"
    "                 share/dmap/kutulu of its install prefix)\n";

int cmd_replay(int argc, char **argv) {
    const char *data_dir = NULL, *file = NULL;
    int first = 1;
    for (; first < argc && argv[first][0] == '-' && argv[first][1]; first++) {
        if (strcmp(argv[first], "--help") == 0) return fputs(replay_help, stdout), 0;
        if (strcmp(argv[first], "--data") == 0 || strcmp(argv[first], "--file") == 0) {
            const char **dst = argv[first][2] == 'd' ? &data_dir : &file;
            if (*dst) return kcli_fail("option %s given twice", argv[first]);
            if (!(*dst = kit_opt_value(ARENA_PROG, argc, argv, &first))) return KIT_EXIT_USAGE;
            continue;
        }
        return kit_unknown_option(ARENA_PROG, "replay", argv[first]), KIT_EXIT_USAGE;
    }
    if (first >= argc && !file)
        return kcli_fail("replay: give a TRACE file or --file REPLAY (see kutulu help replay)");
    static kt_mapset maps;
    if (kcli_load_maps(data_dir, &maps)) return KIT_EXIT_USAGE;
    if (file) {
        char err[1024];
        int rc = kt_replay_check_file(file, &maps, err, sizeof err);
        if (rc < 0) return kcli_fail("%s", err);
        if (rc > 0) {
            printf("%s\n", err);
            return 1;
        }
        printf("OK %s\n", file);
        if (first >= argc) return 0;
    }
    int worst = 0;
    for (int i = first; i < argc; i++) {
        int rc = kt_trace_replay(argv[i], &maps);
        if (rc > worst) worst = rc;
    }
    return worst;
}
