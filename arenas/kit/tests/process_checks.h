/* process_checks.h — the checks of outside programs (process.h) that both systems make, over
 * commands each system names (test_kit_process.c: shell commands and its C bot;
 * test_kit_process_win.c: its winbot): pings answered one line at a time; a line of cap - 1
 * bytes taken whole, one of cap bytes too long (never cut), output as printed ("\r" and tabs
 * kept, no "\r\n"), a flood of short lines read one at a time, the input not echoed; each way
 * of ending: timeout, exit, a line cut by the exit, crash (directly and under the shell),
 * closed output (the program runs on). Included by the one C file of each test, after
 * kit/cputime.h, kit/process.h and check.h. */
#ifndef KIT_TEST_PROCESS_CHECKS_H
#define KIT_TEST_PROCESS_CHECKS_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

static const int64_t SECOND = 1000000000LL;

/* The commands of each behaviour. */
typedef struct proc_commands {
    const char *line99, *line100; /* print a line of 99 (100) 'x' and wait */
    const char *raw;              /* prints "a\tb\rc" and a line end, and waits */
    const char *flood;            /* prints "abc" lines without end */
    const char *cat;              /* writes back what it reads */
    const char *sleep;            /* never answers */
    const char *exit3;            /* exits with status 3 */
    const char *partial;          /* prints "partial" without a line end and exits */
    const char *crash, *crash_shell; /* crashes; under the system's shell */
    const char *closeout;         /* closes its output and runs on */
    long closeout_ms;             /* how long closing may take to be seen */
} proc_commands;

static kit_proc *start(const char *command) {
    char err[256];
    kit_proc *p = kit_proc_start(command, 2, err, sizeof err);
    CHECK(p != NULL, "%s: %s", command, err);
    return p;
}

/* Three pings, three pongs, each read within a generous limit. */
static void check_pongs(const char *command) {
    kit_proc *p = start(command);
    if (!p) return;
    for (int i = 1; i <= 3; i++) {
        char ping[32], want[32], line[64];
        snprintf(ping, sizeof ping, "ping %d\n", i);
        snprintf(want, sizeof want, "pong %d", i);
        size_t len;
        CHECK(kit_proc_send(p, ping, strlen(ping), kit_wall_ns() + 5 * SECOND) == KIT_END_NONE,
              "%s: send", command);
        kit_end why = kit_proc_read_line(p, line, sizeof line, &len, kit_wall_ns() + 10 * SECOND);
        CHECK(why == KIT_END_NONE && strcmp(line, want) == 0 && len == strlen(want),
              "%s: answer %d: %s '%s'", command, i, kit_end_name(why), line);
    }
    kit_proc_stop(p);
}

/* What `command` prints, read with buffer cap: the first result, and the line. */
static kit_end first_line(const char *command, size_t cap, int64_t limit, char *line,
                          size_t *len) {
    kit_proc *p = start(command);
    if (!p) return KIT_END_COUNT;
    kit_end why = kit_proc_read_line(p, line, cap, len, kit_wall_ns() + limit);
    kit_proc_stop(p);
    return why;
}

static void check_lines(const proc_commands *c) {
    char line[4096];
    size_t len;
    kit_end why = first_line(c->line99, 100, 10 * SECOND, line, &len); /* whole in 100 bytes */
    CHECK(why == KIT_END_NONE && len == 99 && strspn(line, "x") == 99, "99 bytes: %s %zu",
          kit_end_name(why), len);
    why = first_line(c->line100, 100, 10 * SECOND, line, &len); /* too long, nothing returned */
    CHECK(why == KIT_END_TOO_LONG && len == 0 && line[0] == '\0', "100 bytes: %s %zu",
          kit_end_name(why), len);
    why = first_line(c->raw, 100, 10 * SECOND, line, &len);
    CHECK(why == KIT_END_NONE && strcmp(line, "a\tb\rc") == 0, "raw: %s '%s'",
          kit_end_name(why), line);
    kit_proc *p = start(c->flood);
    if (p) {
        for (int i = 0; i < 1000; i++) {
            why = kit_proc_read_line(p, line, 8, &len, kit_wall_ns() + 10 * SECOND);
            if (why != KIT_END_NONE || strcmp(line, "abc") != 0) {
                CHECK(0, "flood line %d: %s '%s'", i, kit_end_name(why), line);
                break;
            }
        }
        kit_proc_stop(p);
    }
    p = start(c->cat);
    if (p) {
        kit_proc_send(p, "hello\n", 6, kit_wall_ns() + 5 * SECOND);
        why = kit_proc_read_line(p, line, 100, &len, kit_wall_ns() + 10 * SECOND);
        CHECK(why == KIT_END_NONE && strcmp(line, "hello") == 0, "cat: %s '%s'",
              kit_end_name(why), line);
        why = kit_proc_read_line(p, line, 100, &len, kit_wall_ns() + SECOND / 5);
        CHECK(why == KIT_END_TIMEOUT, "cat echoed: %s '%s'", kit_end_name(why), line);
        kit_proc_stop(p);
    }
}

static void check_endings(const proc_commands *c) {
    char line[100];
    size_t len;
    kit_end why = first_line(c->sleep, 100, SECOND / 5, line, &len);
    CHECK(why == KIT_END_TIMEOUT, "sleep: %s", kit_end_name(why));
    why = first_line(c->exit3, 100, 10 * SECOND, line, &len);
    CHECK(why == KIT_END_EXIT, "exit: %s", kit_end_name(why));
    why = first_line(c->partial, 100, 10 * SECOND, line, &len);
    CHECK(why == KIT_END_EXIT, "partial line: %s", kit_end_name(why));
    why = first_line(c->crash, 100, 10 * SECOND, line, &len);
    CHECK(why == KIT_END_CRASH, "crash: %s", kit_end_name(why));
    why = first_line(c->crash_shell, 100, 10 * SECOND, line, &len);
    CHECK(why == KIT_END_CRASH, "crash under the shell: %s", kit_end_name(why));
    why = first_line(c->closeout, 100, c->closeout_ms * (SECOND / 1000), line, &len);
    CHECK(why == KIT_END_CLOSED, "closed: %s", kit_end_name(why));
}

#endif
