/* check.h — the one test harness every C test of the repository uses (tests/, the kit's and
 * the arenas' tests/).
 *
 * CHECK(cond) records a pass, or a failure printed as "file:line: CHECK failed: cond";
 * CHECK(cond, fmt, ...) prints the printf-style message instead of the condition.
 * CHECK_EQ_INT(a, b) and CHECK_NEAR(a, b, tol) print both sides (NaN is never near). A test
 * goes on after a failure; only the first CHECK_SHOWN failures are printed (a loop over
 * thousands of cases must not bury the first), all are counted. A test file's main() ends with
 * `return check_report("name");`, which prints the one summary line "name: N passed, M failed"
 * and returns non-zero when anything failed or nothing was checked, so ctest counts it.
 * check_source_dir / check_data_path find the repository's data and fail loudly when it is
 * missing. On Windows it also gives the tests POSIX's mkdtemp for their scratch folders. */
#ifndef DMAP_TEST_CHECK_H
#define DMAP_TEST_CHECK_H

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#ifdef _WIN32
#include <direct.h>
#include <io.h>
static inline char *mkdtemp(char *tmpl) {
    return _mktemp(tmpl) && _mkdir(tmpl) == 0 ? tmpl : NULL;
}
#endif

#define CHECK_SHOWN 50

static int check_passed, check_failed;

#if defined(__MINGW32__) /* gnu_printf or ms_printf, as the C library's printf */
__attribute__((format(__MINGW_PRINTF_FORMAT, 3, 4)))
#elif defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 3, 4)))
#endif
static inline void check_fail_at(const char *file, int line, const char *fmt, ...) {
    if (check_failed++ >= CHECK_SHOWN) return;
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s:%d: ", file, line);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

/* CHECK(cond) or CHECK(cond, fmt, ...): the number of arguments picks the form (up to 16
 * message arguments), in plain C11. */
#define CHECK_PICK_(a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17,  \
                    a18, name, ...)                                                           \
    name
#define CHECK(...)                                                                            \
    CHECK_PICK_(__VA_ARGS__, CHECK_MSG_, CHECK_MSG_, CHECK_MSG_, CHECK_MSG_, CHECK_MSG_,       \
                CHECK_MSG_, CHECK_MSG_, CHECK_MSG_, CHECK_MSG_, CHECK_MSG_, CHECK_MSG_,       \
                CHECK_MSG_, CHECK_MSG_, CHECK_MSG_, CHECK_MSG_, CHECK_MSG_, CHECK_MSG_,       \
                CHECK_COND_, CHECK_NONE_)                                                     \
    (__VA_ARGS__)
#define CHECK_COND_(cond)                                                                     \
    do {                                                                                      \
        if (cond)                                                                             \
            check_passed++;                                                                   \
        else                                                                                  \
            check_fail_at(__FILE__, __LINE__, "CHECK failed: %s", #cond);                     \
    } while (0)
#define CHECK_MSG_(cond, ...)                                                                 \
    do {                                                                                      \
        if (cond)                                                                             \
            check_passed++;                                                                   \
        else                                                                                  \
            check_fail_at(__FILE__, __LINE__, __VA_ARGS__);                                   \
    } while (0)

#define CHECK_EQ_INT(a, b)                                                                    \
    do {                                                                                      \
        long long check_a_ = (long long)(a), check_b_ = (long long)(b);                       \
        if (check_a_ == check_b_)                                                             \
            check_passed++;                                                                   \
        else                                                                                  \
            check_fail_at(__FILE__, __LINE__, "%s == %s failed: %lld != %lld", #a, #b,         \
                          check_a_, check_b_);                                                \
    } while (0)

#define CHECK_NEAR(a, b, tol)                                                                 \
    do {                                                                                      \
        double check_a_ = (a), check_b_ = (b);                                                \
        if (fabs(check_a_ - check_b_) <= (tol))                                               \
            check_passed++;                                                                   \
        else                                                                                  \
            check_fail_at(__FILE__, __LINE__, "%s ~ %s failed: %.17g != %.17g", #a, #b,        \
                          check_a_, check_b_);                                                \
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
    if (check_failed > CHECK_SHOWN)
        fprintf(stderr, "%s: %d more failures not shown\n", name, check_failed - CHECK_SHOWN);
    printf("%s: %d passed, %d failed\n", name, check_passed, check_failed);
    return check_failed != 0 || check_passed == 0;
}

#endif
