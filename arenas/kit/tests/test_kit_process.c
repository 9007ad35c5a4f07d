/* test_kit_process.c — outside programs under the keeper (process.h):
 *   - a C bot that prints with printf and never flushes, and a Python bot run without -u and
 *     without PYTHONUNBUFFERED, answer every line (their stdout is a terminal, line-buffered),
 *     and what they print arrives as printed (raw mode: no "\r\n", no echo of the input);
 *   - a line of cap - 1 bytes is taken whole, one of cap bytes is too long (never cut), and
 *     a line after many short ones is still read one at a time;
 *   - each way of ending: timeout, exit, crash (a direct program and one under /bin/sh),
 *     closed output (the program runs on);
 *   - kit_proc_stop ends every process the program started: one in a session of its own
 *     (setsid), one behind a double fork, one that stopped the keeper;
 *   - seats (outside.h): --bots lists with cmd: seats (the adapter copied, the spec's command
 *     and limits, the one-line errors), the limit options, kit_bot_preset for built-in and
 *     outside bots, an adapter's game (ask, reject, why it ended, on which decision), the
 *     table of reasons (its exact text; nothing without an outside entrant).
 * Limits are seconds long where a program must answer, so a busy machine changes nothing;
 * only programs that never answer are timed out. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "dmap.h"
#include "kit/cputime.h"
#include "kit/outside.h"
#include "kit/process.h"
#include "kit_capture.h"
#include "pid_gone.h"
#include "../../../tests/check.h"
#include "process_checks.h"

/* The commands of each behaviour (process_checks.h); crash: the C bot's "crash". */
static proc_commands commands = {
    "head -c 99 /dev/zero | tr '\\000' x; echo; sleep 30",
    "head -c 100 /dev/zero | tr '\\000' x; echo; sleep 30",
    "printf 'a\\tb\\rc\\n'; sleep 30",
    "yes abc 2>/dev/null",
    "cat",
    "sleep 30",
    "sh -c 'exit 3'",
    "printf partial",
    NULL,
    "kill -SEGV $$",
    "exec >&-; exec sleep 30",
    500};

/* The shared endings, then the POSIX ones: a missing program, a closed input. */
static void check_posix_endings(void) {
    check_endings(&commands);
    char line[100];
    size_t len;
    kit_end why = first_line("no-such-program-anywhere", 100, 10 * SECOND, line, &len);
    CHECK(why == KIT_END_EXIT, "missing program: %s", kit_end_name(why));
    /* a program that closes its input: the send says how it ended */
    kit_proc *p = start("exec <&-; exit 4");
    if (p) {
        static char big[1 << 17];
        memset(big, 'x', sizeof big);
        struct timespec ms = {0, 100000000};
        nanosleep(&ms, NULL);
        why = kit_proc_send(p, big, sizeof big, kit_wall_ns() + 10 * SECOND);
        CHECK(why == KIT_END_EXIT, "closed input: %s", kit_end_name(why));
        int status = 0;
        CHECK(kit_proc_status(p, SECOND, &status) == 0 && WEXITSTATUS(status) == 4,
              "status %d", status);
        kit_proc_stop(p);
    }
}

/* A process is gone (pid_gone.h), waiting up to two seconds for it. */
static int gone(long pid) {
    for (int k = 0; k < 200; k++) {
        if (kit_test_pid_gone(pid)) return 1;
        struct timespec ms = {0, 10000000};
        nanosleep(&ms, NULL);
    }
    return 0;
}

/* The program starts escapees that write their pids to a file and then answers "ready";
 * after kit_proc_stop every pid in the file is gone. */
static void check_tree(const char *name, const char *escape) {
    char pidfile[] = "/tmp/kit_process_XXXXXX";
    int fd = mkstemp(pidfile);
    if (fd < 0) return;
    close(fd);
    char command[2048], line[64];
    snprintf(command, sizeof command,
             "f=%s; %s echo $$ >> $f; sleep 0.2; echo ready; exec sleep 30", pidfile, escape);
    kit_proc *p = start(command);
    if (!p) return;
    size_t len;
    kit_end why = kit_proc_read_line(p, line, sizeof line, &len, kit_wall_ns() + 10 * SECOND);
    CHECK(why == KIT_END_NONE && strcmp(line, "ready") == 0, "%s: %s", name, kit_end_name(why));
    kit_proc_stop(p);
    FILE *f = fopen(pidfile, "r");
    long pid;
    int count = 0;
    while (f && fscanf(f, "%ld", &pid) == 1) {
        count++;
        CHECK(gone(pid), "%s: process %ld still running", name, pid);
        if (!gone(pid)) kill((pid_t)pid, SIGKILL);
    }
    if (f) fclose(f);
    CHECK(count >= 2, "%s: %d pids", name, count);
    remove(pidfile);
}

#define ESCAPEE "setsid sh -c 'echo $$ >> '$f'; exec sleep 30'"

/* A typed bot like an arena's, for the seats. */
typedef struct view {
    int turn;
} view;
KIT_BOT_INTERFACE(test_bot, view, int);
static int init_none(void **state, const view *v, uint64_t seed) {
    (void)v, (void)seed;
    *state = NULL;
    return 0;
}
static int decide_none(void *state, const view *v, int *a) {
    (void)state, (void)v;
    *a = 0;
    return 0;
}
static void release_none(void *state) { (void)state; }
static const test_bot builtin = {{"builtin", "a built-in bot"}, init_none, decide_none,
                                 release_none, NULL};
static const kit_bot_info *const table_bots[] = {&builtin.info};
static const kit_bot_table table = {table_bots, 1, NULL};
static int adapter_init(void **state, const view *v, uint64_t seed) {
    (void)v, (void)seed;
    return kit_outside_start(state);
}
static const test_bot adapter = {{"cmd:", "an outside program"}, adapter_init, decide_none,
                                 kit_outside_release, NULL};

static void check_seats(void) {
    kit_outside_opts o = {1000, 100, NULL, KIT_STDERR_DISCARD, 0};
    char *argv[] = {"match", "--limit", "250", "--first-limit", "x", "--bot-stderr", "discard",
                    "--seed", NULL};
    int i = 1;
    CHECK(kit_outside_option("prog", 8, argv, &i, &o) == 1 && i == 2 && o.limit_ms == 250,
          "--limit 250");
    i = 3;
    capture_begin();
    CHECK(kit_outside_option("prog", 8, argv, &i, &o) == -1, "--first-limit x");
    CHECK(strcmp(captured(), "prog: invalid value for --first-limit: 'x' (need an integer from "
                             "1 to 3600000)\n") == 0, "first-limit words");
    capture_end();
    i = 5;
    CHECK(kit_outside_option("prog", 8, argv, &i, &o) == 1 && strcmp(o.stderr_arg, "discard") == 0,
          "--bot-stderr");
    i = 7;
    CHECK(kit_outside_option("prog", 8, argv, &i, &o) == 0 && i == 7, "--seed is not ours");
    CHECK(kit_outside_opts_open("prog", &o, 2) == 0 && o.stderr_fd == KIT_STDERR_DISCARD,
          "discard opened");

    char list[] = "builtin,cmd:sh -c 'echo hello; read x',builtin";
    const kit_bot_info *bots[4];
    int n = 0;
    CHECK(kit_parse_seats("prog", "--bots", list, &table, 3, 3, NULL, &adapter.info,
                          sizeof adapter, &o, bots, &n) == 0 && n == 3, "seats");
    if (n != 3) return;
    CHECK(bots[0] == &builtin.info && bots[2] == &builtin.info, "built-in bots looked up");
    const kit_outside_spec *spec = kit_outside_of(bots[1]);
    CHECK(spec && strcmp(bots[1]->name, "cmd:sh -c 'echo hello; read x'") == 0 &&
              strcmp(spec->command, "sh -c 'echo hello; read x'") == 0 &&
              spec->first_limit_ns == 1000000000LL && spec->limit_ns == 250000000LL,
          "the seat's spec");
    const test_bot *seat = (const test_bot *)bots[1];
    CHECK(seat->init == adapter_init && seat->release == kit_outside_release,
          "the adapter copied");
    CHECK(kit_bot_preset(bots[0]) == NULL && kit_bot_preset(bots[1]) == spec, "presets");
    CHECK(kit_outside_of(bots[0]) == NULL, "a built-in bot is no seat");

    /* one game of the seat: an answer, then a rejected one, then nothing asked */
    void *state = kit_bot_preset(bots[1]);
    CHECK(seat->init(&state, NULL, 1) == 0 && state != NULL, "the program starts");
    if (state) {
        kit_outside *g = state;
        const char *line = kit_outside_ask_text(g, "{\"turn\":0}");
        CHECK(line && strcmp(line, "hello") == 0, "answer: %s", line ? line : "none");
        long on = -1;
        CHECK(kit_bot_ended(bots[1], state, &on) == KIT_END_NONE && on == 0, "still playing");
        kit_outside_reject(g);
        CHECK(kit_outside_ask_text(g, "{\"turn\":1}") == NULL, "an ended player is not asked");
        CHECK(kit_bot_ended(bots[1], state, &on) == KIT_END_INVALID && on == 1,
              "ended by an invalid line on decision 1");
        CHECK(kit_bot_ended(bots[0], state, &on) == KIT_END_NONE && on == 0,
              "a built-in bot never ends so");
        seat->release(state);
    }

    /* the table of reasons */
    kit_end_tally t[3];
    memset(t, 0, sizeof t);
    kit_end_tally_add(&t[1], KIT_END_NONE);
    kit_end_tally_add(&t[1], KIT_END_TIMEOUT);
    kit_end_tally_add(&t[1], KIT_END_CRASH);
    const char *names[3] = {bots[0]->name, bots[1]->name, bots[2]->name};
    FILE *f = tmpfile();
    char text[1024] = "";
    if (f) {
        kit_print_ended(f, names, t, 3);
        rewind(f);
        size_t k = fread(text, 1, sizeof text - 1, f);
        text[k] = '\0';
        fclose(f);
    }
    CHECK(strcmp(text, "\n| bot | games | played to the end | timeout | crash | exit | closed "
                       "output | too long | invalid line |\n|---|---|---|---|---|---|---|---|---|"
                       "\n| cmd:sh -c 'echo hello; read x' | 3 | 1 | 1 | 1 | 0 | 0 | 0 | 0 |\n") == 0,
          "table: %s", text);
    f = tmpfile();
    if (f) {
        kit_print_ended(f, names, t, 1); /* the built-in bot alone: no table */
        CHECK(ftell(f) == 0, "a table without outside entrants");
        fclose(f);
    }
    kit_outside_free(bots, n);

    /* the one-line errors */
    const char *bad[][2] = {
        {"builtin,cmd:,builtin", "prog: --bots: 'cmd:' needs a program\n"},
        {"builtin,nobody,builtin",
         "prog: --bots: unknown bot 'nobody' (known: builtin, or cmd:PROGRAM ARGS)\n"},
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        char copy[128];
        snprintf(copy, sizeof copy, "%s", bad[k][0]);
        capture_begin();
        int rc = kit_parse_seats("prog", "--bots", copy, &table, 3, 3, NULL, &adapter.info,
                                 sizeof adapter, &o, bots, &n);
        const char *said = captured();
        capture_end();
        CHECK(rc == -1 && strcmp(said, bad[k][1]) == 0, "%s: %s", bad[k][0], said);
    }
}

/* A program that cannot be run (no such file, not executable) exits at once and says why on
 * the stderr it was given, as the shell does for a command it cannot find. */
static void check_not_run(void) {
    char path[] = "/tmp/kit_not_run_XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0, "mkstemp");
    if (fd < 0) return;
    const char *commands[] = {"/nonexistent/bot --fast", "/tmp"};
    const char *reasons[] = {"cannot run /nonexistent/bot: No such file or directory",
                             "cannot run /tmp: Permission denied"};
    for (int k = 0; k < 2; k++) {
        if (ftruncate(fd, 0) != 0 || lseek(fd, 0, SEEK_SET) != 0) break;
        char err[256], line[64], said[256] = "";
        size_t len;
        kit_proc *p = kit_proc_start(commands[k], fd, err, sizeof err);
        CHECK(p != NULL, "%s: %s", commands[k], err);
        if (!p) continue;
        kit_end why = kit_proc_read_line(p, line, sizeof line, &len, kit_wall_ns() + 10 * SECOND);
        kit_proc_stop(p);
        ssize_t n = pread(fd, said, sizeof said - 1, 0);
        said[n > 0 ? n : 0] = '\0';
        CHECK(why == KIT_END_EXIT && strstr(said, reasons[k]) != NULL, "%s: %s, stderr '%s'",
              commands[k], kit_end_name(why), said);
    }
    close(fd);
    unlink(path);
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: test_kit_process UNFLUSHED_C_BOT UNFLUSHED_PY_BOT\n");
        return 2;
    }
    unsetenv("PYTHONUNBUFFERED"); /* the Python bot runs as the platforms run it */
    check_pongs(argv[1]);
    char command[4200];
    if (system("python3 -c pass 2>/dev/null") == 0) {
        snprintf(command, sizeof command, "python3 %s", argv[2]);
        check_pongs(command);
    } else {
        fprintf(stderr, "test_kit_process: no python3, the Python bot is not run\n");
    }
    check_lines(&commands);
    snprintf(command, sizeof command, "%s crash", argv[1]);
    commands.crash = command;
    check_posix_endings();
    check_tree("setsid", ESCAPEE " &");
    check_tree("double fork", "(" ESCAPEE " &);");
    check_tree("keeper stopped",
               ESCAPEE " & read -r _ _ _ _ k _ < /proc/$$/stat; kill -STOP $k;");
    check_seats();
    check_not_run();
    return check_report("test_kit_process");
}
