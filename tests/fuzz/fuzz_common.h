/* fuzz_common.h — what every libFuzzer harness in tests/fuzz/ shares: the reader contract
 * checks (return code, diagnostic line and message) and a loud failure that libFuzzer records
 * as a crash with its input. Harnesses are built only with -DDMAP_FUZZ=ON (see README.md). */
#ifndef DMAP_FUZZ_COMMON_H
#define DMAP_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dmap.h"

/* A broken contract: say which and abort, so libFuzzer saves the input. */
#define FUZZ_ASSERT(cond)                                                                    \
    do {                                                                                     \
        if (!(cond)) {                                                                       \
            fprintf(stderr, "%s:%d: fuzz contract broken: %s\n", __FILE__, __LINE__, #cond); \
            abort();                                                                         \
        }                                                                                    \
    } while (0)

/* The number of lines a reader may name: newlines + 1 (after a final newline, that is the
 * empty line where "missing 'map' line" or "truncated" point; never a line past the text). */
static inline int fuzz_line_count(const char *text, size_t len) {
    int lines = 1;
    for (size_t i = 0; i < len; i++) lines += text[i] == '\n';
    return lines;
}

/* A reader's result: DMAP_OK, or a known negative code with a diag naming a line inside the
 * text (0 = not tied to a line) and a non-empty message. */
static inline void fuzz_check_reader_result(int rc, const dmap_diag *d, const char *text,
                                            size_t len) {
    FUZZ_ASSERT(rc == DMAP_OK || (rc <= DMAP_ERR_ARG && rc >= DMAP_ERR_LIMIT));
    if (rc == DMAP_OK) return;
    FUZZ_ASSERT(d->line >= 0 && d->line <= fuzz_line_count(text, len));
    FUZZ_ASSERT(memchr(d->message, '\0', sizeof d->message) != NULL);
    FUZZ_ASSERT(d->message[0] != '\0');
    FUZZ_ASSERT(strchr(d->message, '\n') == NULL);
}

/* The fuzz bytes as a heap copy of exactly len bytes (no NUL after it), so ASan catches a
 * reader that reads one byte past the end. */
static inline char *fuzz_copy(const uint8_t *data, size_t len) {
    char *text = malloc(len ? len : 1);
    if (text && len) memcpy(text, data, len);
    return text;
}

#endif
