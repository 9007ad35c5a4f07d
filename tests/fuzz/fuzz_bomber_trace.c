/* fuzz_bomber_trace.c — libFuzzer harness for the bomber arena's recorded-game reader
 * (arenas/bomber/trace.c): the bytes as a file (plain text; zlib's gzread reads both), read
 * into lines by bomber_lines_read and replayed by bomber_replay_trace. Any bytes give 0 (the
 * engine agrees), 1 (first difference) or 2 (malformed), or a read error, each with a one-line
 * message; nothing leaks (ASan) and nothing reads out of bounds. */
#include "fuzz_file.h"

#include "fuzz_common.h"
#include "trace.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const char *path = fuzz_file(data, size);
    if (!path) return 0;
    bomber_lines l;
    char err[512];
    err[0] = '\0';
    if (bomber_lines_read(path, &l, err, sizeof err) != 0) {
        FUZZ_ASSERT(fuzz_one_line(err, sizeof err));
        return 0;
    }
    bomber_trace_info info;
    err[0] = '\0';
    int rc = bomber_replay_trace(&l, NULL, NULL, &info, err, sizeof err);
    FUZZ_ASSERT(rc == 0 || rc == 1 || rc == 2);
    if (rc != 0) FUZZ_ASSERT(fuzz_one_line(err, sizeof err));
    bomber_lines_free(&l);
    return 0;
}
