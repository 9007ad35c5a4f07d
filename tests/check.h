/* check.h — the tiny test harness every tests/test_*.c uses.
 *
 * CHECK(cond) records a failure with file:line and goes on; CHECK_EQ_INT / CHECK_NEAR print
 * both sides. A test file's main() ends with `return check_report("name");`, which prints
 * "name: N passed, M failed" and returns non-zero when anything failed, so ctest counts it. */
#ifndef DMAP_TEST_CHECK_H
#define DMAP_TEST_CHECK_H

#include <math.h>
#include <stdio.h>

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

static inline int check_report(const char *name) {
    printf("%s: %d passed, %d failed\n", name, check_passed, check_failed);
    return check_failed != 0 || check_passed == 0;
}

#endif
