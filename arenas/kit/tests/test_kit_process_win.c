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
#include "process_checks.h"

static const char *bot;

/* `winbot ARGS` (a buffer per call: the commands of one run, at most 16, stay live). */
static const char *winbot(const char *args) {
    static char commands[16][2048];
    static int next;
    char *c = commands[next++ % 16];
    snprintf(c, sizeof commands[0], "%s %s", bot, args);
    return c;
}

/* The shared endings, then Windows' own: a program that is not there, a closed input. */
static void check_win_endings(const proc_commands *c) {
    check_endings(c);
    char line[100], err[256];
    size_t len;
    kit_proc *p = kit_proc_start("no-such-program-anywhere", 2, err, sizeof err);
    CHECK(p != NULL, "missing program: %s", err);
    if (p) {
        kit_end why = kit_proc_read_line(p, line, sizeof line, &len, kit_wall_ns() + 10 * SECOND);
        int status = 0;
        CHECK(why == KIT_END_EXIT && kit_proc_status(p, 0, &status) == 0 && status == 127,
              "missing program: %s, status %d", kit_end_name(why), status);
        kit_proc_stop(p);
    }
    p = start(winbot("closein 4"));
    if (p) {
        static char big[1 << 17];
        memset(big, 'x', sizeof big);
        Sleep(100);
        kit_end why = kit_proc_send(p, big, sizeof big, kit_wall_ns() + 10 * SECOND);
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
    kit_proc *p = start(winbot(args));
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
    /* Wine starts a program slowly: closing is given 5 s to be seen */
    const proc_commands c = {winbot("line 99"), winbot("line 100"), winbot("raw"), winbot("flood"),
                             winbot("cat"), winbot("sleep"), winbot("exit 3"), winbot("partial"),
                             winbot("crash"), winbot("crash & rem under cmd.exe"), winbot("closeout"),
                             5000};
    check_pongs(winbot("pong"));
    check_lines(&c);
    check_win_endings(&c);
    check_tree();
    return check_report("test_kit_process_win");
}
