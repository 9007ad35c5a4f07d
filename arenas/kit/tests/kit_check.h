/* kit_check.h — the check macro the arenas' tests share: CHECK(cond, fmt, ...) prints the
 * file, line and message of a failed condition (the first 50; a loop over thousands of cases
 * must not bury the first) and counts it in `failures`, which each test's main reports at the
 * end. */
#ifndef KIT_CHECK_H
#define KIT_CHECK_H

#include <stdio.h>

static int failures;
#define CHECK(cond, ...)                                                  \
    do {                                                                  \
        if (!(cond)) {                                                    \
            if (failures < 50) {                                          \
                fprintf(stderr, "%s:%d: ", __FILE__, __LINE__);           \
                fprintf(stderr, __VA_ARGS__);                             \
                fputc('\n', stderr);                                      \
            }                                                             \
            failures++;                                                   \
        }                                                                 \
    } while (0)

#endif
