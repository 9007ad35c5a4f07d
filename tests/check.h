/* check.h — the tiny test harness every tests/test_*.c uses.
 *
 * CHECK(cond) records a failure with file:line and goes on; CHECK_EQ_INT / CHECK_NEAR print
 * both sides. A test file's main() ends with `return check_report("name");`, which prints
 * "name: N passed, M failed" and returns non-zero when anything failed, so ctest counts it.
 * check_source_dir / check_data_path find the repository's data and fail loudly when it is missing. */
#ifndef DMAP_TEST_CHECK_H
#define DMAP_TEST_CHECK_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

static int check_passed, check_failed;

#define CHECK(cond)                                                                          \
    do {                                                                                     \
        if (cond) {                                                                          \
            check_passed++;                                                                  \
        } else {                                                                             \
            check_failed++;                                                                  \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond);         \
        }                                                                                    \
    } while (0)

#define CHECK_EQ_INT(a, b)                                                                   \
    do {                                                                                     \
        long long check_a_ = (long long)(a), check_b_ = (long long)(b);                      \
        if (check_a_ == check_b_) {                                                          \
            check_passed++;                                                                  \
        } else {                                                                             \
            check_failed++;                                                                  \
            fprintf(stderr, "%s:%d: %s == %s failed: %lld != %lld\n", __FILE__, __LINE__, #a, \
                    #b, check_a_, check_b_);                                                 \
        }                                                                                    \
    } while (0)

#define CHECK_NEAR(a, b, tol)                                                                \
    do {                                                                                     \
        double check_a_ = (a), check_b_ = (b);                                               \
        if (fabs(check_a_ - check_b_) <= (tol)) {                                            \
            check_passed++;                                                                  \
        } else {                                                                             \
            check_failed++;                                                                  \
            fprintf(stderr, "%s:%d: %s ~ %s failed: %.17g != %.17g\n", __FILE__, __LINE__,   \
                    #a, #b, check_a_, check_b_);                                             \
        }                                                                                    \
    } while (0)

/* The repository's data (tests/data/movingai, arenas/<game>/data): ctest passes the source
 * folder as argv[1] and in DMAP_SOURCE. The data a test needs is never optional: when it is
 * missing the test FAILS with one line naming the missing path, instead of skipping or passing.
 * check_source_dir returns the folder, or NULL after recording that none was given. */
static inline const char *check_source_dir(int argc, char **argv) {
    const char *dir = argc > 1 ? argv[1] : getenv("DMAP_SOURCE");
    if (dir && *dir) return dir;
    check_failed++;
    fprintf(stderr, "MISSING DATA: no source folder given (argv[1] or DMAP_SOURCE)\n");
    return NULL;
}

/* check_data_path(path, size, dir, rel): writes dir/rel into path[size]; 1 when that file
 * or folder exists, else records one failure with a line naming it and returns 0. */
static inline int check_data_path(char *path, size_t size, const char *dir, const char *rel) {
    struct stat st;
    int n = snprintf(path, size, "%s/%s", dir, rel);
    if (n >= 0 && (size_t)n < size && stat(path, &st) == 0) return 1;
    check_failed++;
    fprintf(stderr, "MISSING DATA: %s/%s does not exist\n", dir, rel);
    return 0;
}

static inline int check_report(const char *name) {
    printf("%s: %d passed, %d failed\n", name, check_passed, check_failed);
    return check_failed != 0 || check_passed == 0;
}

#endif
