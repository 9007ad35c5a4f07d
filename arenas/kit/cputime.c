/* cputime.c — the calling thread's CPU clock and the monotonic wall clock, in nanoseconds. */
#define _POSIX_C_SOURCE 200809L
#include "cputime.h"

#include <time.h>

int64_t kit_thread_cpu_ns(void) {
    struct timespec ts;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0) return 0;
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

int64_t kit_wall_ns(void) {
    struct timespec ts;
    if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0) return 0;
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}
