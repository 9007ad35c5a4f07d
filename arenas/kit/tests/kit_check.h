/* kit_check.h — the check macro the arenas' tests share: CHECK(cond, fmt, ...) prints the
 * file, line and message of a failed condition (the first 50; a loop over thousands of cases
 * must not bury the first) and counts it in `failures`, which each test's main reports at the
 * end. On Windows it also gives the tests POSIX's mkdtemp for their scratch folders. */
#ifndef KIT_CHECK_H
#define KIT_CHECK_H

#include <stdio.h>

#ifdef _WIN32
#include <direct.h>
#include <io.h>
static inline char *mkdtemp(char *tmpl) {
    return _mktemp(tmpl) && _mkdir(tmpl) == 0 ? tmpl : NULL;
}
#endif

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
