/* fuzz_kit_replay.c — libFuzzer harness for the kit's replay reader (arenas/kit/replay.c,
 * kit_replay_read): any bytes give 0 with one callback per line, each a JSON object, or -1
 * with a one-line message; no leak, no out-of-bounds access. */
#include "fuzz_file.h"

#include "fuzz_common.h"
#include "kit/replay.h"

static int count_line(void *ctx, long lineno, json_t *obj) {
    long *n = ctx;
    FUZZ_ASSERT(lineno == *n + 1 && json_is_object(obj));
    *n = lineno;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const char *path = fuzz_file(data, size);
    if (!path) return 0;
    char err[1024];
    long n = 0;
    int rc = kit_replay_read(path, count_line, &n, err, sizeof err);
    FUZZ_ASSERT(rc == 0 || rc == -1);
    if (rc != 0) FUZZ_ASSERT(fuzz_one_line(err, sizeof err));
    if (rc == 0) {
        long lines = 0;
        for (size_t i = 0; i < size; i++) lines += data[i] == '\n';
        if (size && data[size - 1] != '\n') lines++;
        FUZZ_ASSERT(n == lines);
    }
    return 0;
}
