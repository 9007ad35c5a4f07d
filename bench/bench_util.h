/* bench_util.h — the timing helpers the benchmarks share: a monotonic clock in milliseconds and
 * the median of a set of run times. Header-only (static inline) since each benchmark is one
 * program of one source file. The including file defines _POSIX_C_SOURCE (for clock_gettime)
 * before its first #include. */
#ifndef DMAP_BENCH_UTIL_H
#define DMAP_BENCH_UTIL_H

#include <stdlib.h>
#include <time.h>

/* Milliseconds on the monotonic clock (only differences mean anything). */
static inline double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static inline int bench_compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The median of t[0..k-1] (k >= 1); sorts t. */
static inline double median(double *t, int k) {
    qsort(t, (size_t)k, sizeof *t, bench_compare_doubles);
    return k % 2 ? t[k / 2] : 0.5 * (t[k / 2 - 1] + t[k / 2]);
}

#endif
