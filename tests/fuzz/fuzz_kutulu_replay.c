/* fuzz_kutulu_replay.c — libFuzzer harness for the Kutulu arena's replay-file reader
 * (arenas/kutulu/replay_file.c, kt_replay_check_file, over the kit's JSON Lines reader): any bytes
 * give 0, 1 (a difference) or -1 (not a replay) with a one-line message; no leak, no
 * out-of-bounds access. */
#include "fuzz_file.h"

#include "fuzz_common.h"
#include "kutulu.h"

static kt_mapset maps;

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc, (void)argv;
    char err[512];
    if (kt_mapset_load(KUTULU_MAPS_DIR, &maps, err, sizeof err)) {
        fprintf(stderr, "fuzz_kutulu_replay: %s\n", err);
        abort();
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const char *path = fuzz_file(data, size);
    if (!path) return 0;
    char err[1024];
    err[0] = '\0';
    int rc = kt_replay_check_file(path, &maps, err, sizeof err);
    FUZZ_ASSERT(rc == 0 || rc == 1 || rc == -1);
    if (rc != 0) FUZZ_ASSERT(fuzz_one_line(err, sizeof err));
    return 0;
}
