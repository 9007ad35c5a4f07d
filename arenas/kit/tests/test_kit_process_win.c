/* test_kit_process_win.c — outside programs on Windows (process_win.c), with tests/bots/winbot.c
 * as the program:
 *   - pings answered one line at a time; what the program prints arrives as printed (no
 *     "\r\n" added, "\r" kept), its input is not echoed;
 *   - a line of cap - 1 bytes is taken whole, one of cap bytes is too long (never cut), a
 *     flood of short lines is read one at a time;
 *   - each way of ending: timeout, exit (with its status), a line cut by the exit, crash,
 *     closed output (the program runs on), a program that is not there (exit 127), closed
 *     input (the send says how the program ended);
 *   - the same under cmd.exe (a command with its operators);
 *   - kit_proc_stop ends every process the program started (its job).
 * Limits are seconds long where a program must answer; only programs that never answer are
 * timed out. */
#define WIN32_LEAN_AND_MEAN
#include <windows.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kit/cputime.h"
#include "kit/process.h"
#include "../../../tests/check.h"

static const int64_t SECOND = 1000000000LL;
static const char *bot;

static kit_proc *start(const char *args) {
    char command[2048], err[256];
    snprintf(command, sizeof command, "%s %s", bot, args);
    kit_proc *p = kit_proc_start(command, 2, err, sizeof err);
    CHECK(p != NULL, "%s: %s", command, err);
    return p;
}

/* What `winbot ARGS` prints first, read with buffer cap within limit. */
static kit_end first_line(const char *args, size_t cap, int64_t limit, char *line, size_t *len) {
    kit_proc *p = start(args);
    if (!p) return KIT_END_COUNT;
    kit_end why = kit_proc_read_line(p, line, cap, len, kit_wall_ns() + limit);
    kit_proc_stop(p);
    return why;
}

static void check_pongs(void) {
    kit_proc *p = start("pong");
    if (!p) return;
    for (int i = 1; i <= 3; i++) {
        char ping[32], want[32], line[64];
        size_t len;
        snprintf(ping, sizeof ping, "ping %d\n", i);
        snprintf(want, sizeof want, "pong %d", i);
        CHECK(kit_proc_send(p, ping, strlen(ping), kit_wall_ns() + 5 * SECOND) == KIT_END_NONE,
              "send %d", i);
        kit_end why = kit_proc_read_line(p, line, sizeof line, &len, kit_wall_ns() + 10 * SECOND);
        CHECK(why == KIT_END_NONE && strcmp(line, want) == 0 && len == strlen(want),
              "answer %d: %s '%s'", i, kit_end_name(why), line);
    }
    kit_proc_stop(p);
}

static void check_lines(void) {
    char line[4096];
    size_t len;
    kit_end why = first_line("line 99", 100, 10 * SECOND, line, &len);
    CHECK(why == KIT_END_NONE && len == 99 && strspn(line, "x") == 99, "99 bytes: %s %zu",
          kit_end_name(why), len);
    why = first_line("line 100", 100, 10 * SECOND, line, &len);
    CHECK(why == KIT_END_TOO_LONG && len == 0 && line[0] == '\0', "100 bytes: %s %zu",
          kit_end_name(why), len);
    why = first_line("raw", 100, 10 * SECOND, line, &len);
    CHECK(why == KIT_END_NONE && strcmp(line, "a\tb\rc") == 0, "raw: %s '%s'",
          kit_end_name(why), line);
    kit_proc *p = start("flood");
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
    p = start("cat");
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

static void check_endings(void) {
    char line[100];
    size_t len;
    kit_end why = first_line("sleep", 100, SECOND / 5, line, &len);
    CHECK(why == KIT_END_TIMEOUT, "sleep: %s", kit_end_name(why));
    why = first_line("exit 3", 100, 10 * SECOND, line, &len);
    CHECK(why == KIT_END_EXIT, "exit: %s", kit_end_name(why));
    why = first_line("partial", 100, 10 * SECOND, line, &len);
    CHECK(why == KIT_END_EXIT, "partial line: %s", kit_end_name(why));
    why = first_line("crash", 100, 10 * SECOND, line, &len);
    CHECK(why == KIT_END_CRASH, "crash: %s", kit_end_name(why));
    why = first_line("crash & rem under cmd.exe", 100, 10 * SECOND, line, &len);
    CHECK(why == KIT_END_CRASH, "crash under cmd.exe: %s", kit_end_name(why));
    why = first_line("closeout", 100, 5 * SECOND, line, &len); /* Wine starts a program slowly */
    CHECK(why == KIT_END_CLOSED, "closed: %s", kit_end_name(why));
    char err[256];
    kit_proc *p = kit_proc_start("no-such-program-anywhere", 2, err, sizeof err);
    CHECK(p != NULL, "missing program: %s", err);
    if (p) {
        why = kit_proc_read_line(p, line, sizeof line, &len, kit_wall_ns() + 10 * SECOND);
        int status = 0;
        CHECK(why == KIT_END_EXIT && kit_proc_status(p, 0, &status) == 0 && status == 127,
              "missing program: %s, status %d", kit_end_name(why), status);
        kit_proc_stop(p);
    }
    p = start("closein 4");
    if (p) {
        static char big[1 << 17];
        memset(big, 'x', sizeof big);
        Sleep(100);
        why = kit_proc_send(p, big, sizeof big, kit_wall_ns() + 10 * SECOND);
        CHECK(why == KIT_END_EXIT, "closed input: %s", kit_end_name(why));
        int status = 0;
        CHECK(kit_proc_status(p, SECOND, &status) == 0 && status == 4, "status %d", status);
        kit_proc_stop(p);
    }
}

/* Whether process pid has ended (or is not there), waiting up to 2 s. */
static int gone(unsigned long pid) {
    HANDLE h = OpenProcess(SYNCHRONIZE, FALSE, (DWORD)pid);
    if (!h) return 1;
    int ended = WaitForSingleObject(h, 2000) == WAIT_OBJECT_0;
    CloseHandle(h);
    return ended;
}

static void check_tree(void) {
    char dir[MAX_PATH], pidfile[MAX_PATH], args[2 * MAX_PATH], line[64];
    if (!GetTempPathA(sizeof dir, dir) || !GetTempFileNameA(dir, "kit", 0, pidfile)) {
        CHECK(0, "no temporary file");
        return;
    }
    snprintf(args, sizeof args, "tree \"%s\"", pidfile);
    kit_proc *p = start(args);
    if (!p) return;
    size_t len;
    kit_end why = kit_proc_read_line(p, line, sizeof line, &len, kit_wall_ns() + 10 * SECOND);
    CHECK(why == KIT_END_NONE && strcmp(line, "ready") == 0, "tree: %s", kit_end_name(why));
    kit_proc_stop(p);
    FILE *f = fopen(pidfile, "r");
    unsigned long pid;
    int count = 0;
    while (f && fscanf(f, "%lu", &pid) == 1) {
        count++;
        CHECK(pid != 0 && gone(pid), "tree: process %lu still running", pid);
    }
    if (f) fclose(f);
    CHECK(count == 2, "tree: %d pids", count);
    remove(pidfile);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: test_kit_process_win WINBOT\n");
        return 2;
    }
    bot = argv[1];
    check_pongs();
    check_lines();
    check_endings();
    check_tree();
    return check_report("test_kit_process_win");
}
