/* cputime.h — thread CPU time, for timing bot decisions: unlike wall-clock time it does not
 * count the time other threads or processes hold the core, so it stays meaningful when a
 * tournament runs games on every core of a shared machine. */
#ifndef KIT_CPUTIME_H
#define KIT_CPUTIME_H

#include <stdint.h>

/* CPU time consumed by the calling thread, in nanoseconds (CLOCK_THREAD_CPUTIME_ID). A system
 * call (~0.3 us): right for timing a bot over many decisions or a benchmark run, too dear to
 * wrap every sub-microsecond decision of a tournament. */
int64_t kit_thread_cpu_ns(void);

/* Monotonic wall-clock time in nanoseconds (CLOCK_MONOTONIC, answered without a system call on
 * Linux): for a referee's per-decision time limit, checked on every decision. */
int64_t kit_wall_ns(void);

#endif
