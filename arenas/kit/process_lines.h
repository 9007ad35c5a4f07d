/* process_lines.h — private to the kit's process files (process.c on POSIX systems,
 * process_win.c on Windows): what both share behind process.h. An answer line is cut from the
 * bytes read so far; the system's file supplies more bytes (fill) and says why there are none. */
#ifndef KIT_PROCESS_LINES_H
#define KIT_PROCESS_LINES_H

#include <stddef.h>
#include <stdint.h>

#include "process.h"

/* What was read from the program and not yet returned. */
typedef struct kit_proc_lines {
    char *buf;
    size_t cap, len;
} kit_proc_lines;

/* The system's read: at least one byte of the program's output into dst[0..room-1] before
 * deadline_ns (*got: how many) and KIT_END_NONE, else why there is none (KIT_END_TIMEOUT, or
 * how the output ended). */
typedef kit_end (*kit_proc_fill)(kit_proc *p, char *dst, size_t room, size_t *got,
                                 int64_t deadline_ns);

/* kit_proc_read_line (process.h) on lines b, reading more through fill. */
kit_end kit_proc_lines_read(kit_proc_lines *b, kit_proc *p, kit_proc_fill fill, char *line,
                            size_t cap, size_t *len, int64_t deadline_ns);

/* Whether an exit status of kit_proc_status is a crash (the system's file says). */
int kit_proc_status_is_crash(int status);

/* Why the output ended or the input broke: how the program ended, waiting for it until the
 * deadline (at least 50 ms), else it closed its pipes and runs on (KIT_END_CLOSED). */
kit_end kit_proc_why_gone(kit_proc *p, int64_t deadline_ns);

/* Milliseconds to wait for left_ns (rounded up; 0 when past; at most 1000000). */
int kit_proc_wait_ms(int64_t left_ns);

#endif
