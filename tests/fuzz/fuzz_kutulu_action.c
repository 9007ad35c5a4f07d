/* fuzz_kutulu_action.c — libFuzzer harness for the parser of what an external Kutulu bot
 * prints (arenas/kutulu/protocol.c, kt_parse_action, the referee's grammar). The bytes up to
 * the first newline are one answer line. Accepted lines give a known action kind; the action
 * printed back (kt_format_action) parses to the same action. */
#include "fuzz_common.h"
#include "kutulu.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const uint8_t *nl = memchr(data, '\n', size);
    size_t n = nl ? (size_t)(nl - data) : size;
    char *line = malloc(n + 1);
    if (!line) return 0;
    memcpy(line, data, n);
    line[n] = '\0';
    kt_action a;
    int rc = kt_parse_action(line, &a);
    FUZZ_ASSERT(rc == 0 || rc == -1);
    if (rc == 0) {
        FUZZ_ASSERT(a.kind >= KT_WAIT && a.kind <= KT_MOVE);
        char out[64];
        kt_format_action(&a, out, sizeof out);
        kt_action b;
        FUZZ_ASSERT(kt_parse_action(out, &b) == 0);
        FUZZ_ASSERT(b.kind == a.kind);
        if (a.kind == KT_MOVE) FUZZ_ASSERT(b.x == a.x && b.y == a.y);
    }
    free(line);
    return 0;
}
