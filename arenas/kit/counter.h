/* counter.h — a game counter in a file that many processes share: each process that plays
 * takes the next numbers under an exclusive lock (flock), so the games that programs started
 * one at a time by another tool (a league manager, a referee harness) each get their own
 * index, and with it their own seed, in the order they started. */
#ifndef KIT_COUNTER_H
#define KIT_COUNTER_H

#include <stddef.h>

/* Takes n numbers from the counter in `path` (created holding 0 when missing): returns the
 * first of them (the file then holds first + n), or -1 with err when the file cannot be
 * created, locked, read (it must hold one decimal number) or written. */
long kit_counter_take(const char *path, long n, char *err, size_t errlen);

#endif
