/* fuzz_kutulu_trace.c — libFuzzer harness for the Kutulu arena's recorded-game reader
 * (arenas/kutulu/cmd_replay.c, kutulu_replay_trace, with the program's file reader from
 * main.c compiled in; the league maps come from arenas/kutulu/data/maps, KUTULU_MAPS_DIR). Any bytes
 * give 0 (same game), 1 (first difference) or 2 (malformed) and exactly one line of output
 * (stdout or stderr, caught here); no leak, no out-of-bounds access. */
#include "fuzz_file.h"

#include "fuzz_common.h"

#define main kutulu_program_main
#include "../../arenas/kutulu/main.c"
#undef main
#include "../../arenas/kutulu/cmd_replay.c"

/* The other commands are not fuzzed here. */
int kutulu_cmd_match(int argc, char **argv) { return (void)argc, (void)argv, KCLI_USAGE; }
int kutulu_cmd_tournament(int argc, char **argv) { return (void)argc, (void)argv, KCLI_USAGE; }

static kt_mapset maps;

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc, (void)argv;
    char err[512];
    if (kt_mapset_load(KUTULU_MAPS_DIR, &maps, err, sizeof err)) {
        fprintf(stderr, "fuzz_kutulu_trace: %s\n", err);
        abort();
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const char *path = fuzz_file(data, size);
    if (!path) return 0;
    fuzz_capture_begin();
    int rc = kutulu_replay_trace(path, &maps);
    size_t len;
    const char *out = fuzz_capture_end(&len);
    FUZZ_ASSERT(rc == 0 || rc == 1 || rc == KCLI_USAGE);
    FUZZ_ASSERT(len > 1 && out[len - 1] == '\n' && memchr(out, '\n', len - 1) == NULL);
    return 0;
}
