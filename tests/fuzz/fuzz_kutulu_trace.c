/* fuzz_kutulu_trace.c — libFuzzer harness for the Kutulu arena's recorded-game reader
 * (arenas/kutulu/trace.c, kt_trace_replay, over the kit's file reader; the league maps come
 * from arenas/kutulu/data/maps, KUTULU_MAPS_DIR). Any bytes
 * give 0 (same game), 1 (first difference) or 2 (malformed) and exactly one line of output
 * (stdout or stderr, caught here); no leak, no out-of-bounds access. */
#include "fuzz_file.h"

#include "fuzz_common.h"
#include "kutulu.h"

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
    int rc = kt_trace_replay(path, &maps);
    size_t len;
    const char *out = fuzz_capture_end(&len);
    FUZZ_ASSERT(rc == 0 || rc == 1 || rc == 2);
    FUZZ_ASSERT(len > 1 && out[len - 1] == '\n' && memchr(out, '\n', len - 1) == NULL);
    return 0;
}
