/* cputime.h — thread CPU time, for timing bot decisions: unlike wall-clock time it does not
 * count the time other threads or processes hold the core, so it stays meaningful when a
 * tournament runs games on every core of a shared machine. */
#ifndef KIT_CPUTIME_H
#define KIT_CPUTIME_H

#include <stdint.h>

/* CPU time consumed by the calling thread, in nanoseconds (CLOCK_THREAD_CPUTIME_ID). */
int64_t kit_thread_cpu_ns(void);

#endif
