/* process_lines.c — what outside programs share on every system (process_lines.h): the names of
 * the ways a player ends, why its output ended, and whole answer lines cut from what it printed. */
#include "process_lines.h"

#include "cputime.h"

#include <stdlib.h>
#include <string.h>

const char *kit_end_name(kit_end why) {
    static const char *const names[KIT_END_COUNT] = {
        "playing", "timeout", "crash", "exit", "closed output", "too long", "invalid line"};
    return why >= 0 && why < KIT_END_COUNT ? names[why] : "?";
}

int kit_proc_wait_ms(int64_t left_ns) {
    if (left_ns <= 0) return 0;
    int64_t ms = (left_ns + 999999) / 1000000;
    return ms > 1000000 ? 1000000 : (int)ms;
}

kit_end kit_proc_lines_read(kit_proc_lines *b, kit_proc *p, kit_proc_fill fill, char *line,
                            size_t cap, size_t *len, int64_t deadline_ns) {
    *len = 0;
    if (cap) line[0] = '\0';
    if (cap < 1) return KIT_END_TOO_LONG;
    if (b->cap < cap) { /* room for a whole line of cap - 1 bytes and its end */
        char *more = realloc(b->buf, cap);
        if (!more) return KIT_END_TIMEOUT;
        b->buf = more;
        b->cap = cap;
    }
    for (;;) {
        char *nl = memchr(b->buf, '\n', b->len);
        if (nl) {
            size_t n = (size_t)(nl - b->buf);
            if (n > cap - 1) return KIT_END_TOO_LONG; /* judged whole or not at all */
            memcpy(line, b->buf, n);
            line[n] = '\0';
            *len = n;
            memmove(b->buf, nl + 1, b->len - n - 1);
            b->len -= n + 1;
            return KIT_END_NONE;
        }
        if (b->len >= cap) return KIT_END_TOO_LONG; /* cap bytes and no end: longer than cap - 1 */
        size_t got = 0;
        kit_end why = fill(p, b->buf + b->len, cap - b->len, &got, deadline_ns);
        if (why != KIT_END_NONE) return why;
        b->len += got;
    }
}

kit_end kit_proc_why_gone(kit_proc *p, int64_t deadline_ns) {
    int64_t wait = deadline_ns - kit_wall_ns();
    if (wait < 50000000) wait = 50000000;
    int status;
    if (kit_proc_status(p, wait, &status)) return KIT_END_CLOSED;
    return kit_proc_status_is_crash(status) ? KIT_END_CRASH : KIT_END_EXIT;
}
