/* test_kutulu_hostile.c — external bots that misbehave: each plays seat 0 of a
 * game against three built-in "wait" bots, through kt_play_match and the cmd: runner
 * (player.c). The bots are tiny sh scripts this test writes into a temporary folder:
 *   silent     never answers                          -> out on turn 1 (score -1)
 *   late       answers turn 1, then sleeps on turn 2   -> out on turn 2
 *   longline   3 MB on one line, no newline            -> out on turn 1 (too long)
 *   manylines  3 MB of "WAIT" lines at once            -> plays WAIT every turn (one line a turn)
 *   binary     invalid UTF-8 and control bytes         -> out on turn 1 (invalid line)
 *   nul        "WAIT\0x": Java sees a NUL, not an end  -> out on turn 1
 *   closed     closes its stdout, then sleeps          -> out on turn 1 (closed output)
 *   exits      exits at once with status 3             -> out on turn 1 (exit)
 *   segv       kills itself with SIGSEGV               -> out on turn 1 (crash)
 *   forker     starts a child holding the pipe, exits  -> out on turn 1, the child killed
 *   stderr     floods stderr (a pipe nobody reads) and answers WAIT -> the game completes
 *   setsid     starts a child in a session of its own (out of the process group), answers
 *              WAIT -> the child is killed all the same (the keeper is its subreaper)
 *   daemon     the same child behind a double fork (its parent exits at once)
 *   zeros      "MOVE 000...0X Y" to its own cell, 300 zeros: judged whole, a WAIT -> plays on
 *              (cut at 255 bytes it would lack Y and be rejected)
 *   toolong    "WAIT" and a 5000-byte message: over KT_ANSWER_MAX -> out on turn 1
 *   regicide   kills its keeper, then sleeps           -> out on turn 1, the sleeper killed
 *              (the keeper's process group)
 *   stopper    stops its keeper with SIGSTOP, answers WAIT -> plays on; the keeper resumed
 *              at the end kills the tree
 *   discard    prints to stderr with stderr discarded -> nothing reaches the arena's stderr
 *   errfile    prints to stderr with stderr sent to a file -> the file has the line
 *   starter    a C bot written like CodinGame's starter (printf, never a flush) answering
 *              WAIT -> plays on (its stdout is a terminal, line-buffered)
 * Every case: kt_play_match returns 0, a bot that is out was ended for the reason shown (a
 * timeout where none is named), the other three play on after it is out, and every
 * process the bot started is gone afterwards. Limits are short
 * (600 ms first turn, 300 ms after) so the whole test takes seconds; only bots that never
 * answer in time are asserted to be out, never one that answers at once. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "kutulu.h"
#include "maps_arg.h"
#include "../../kit/tests/pid_gone.h"

/* Reads the protocol like a real bot: the init lines, then each turn's entities. ANSWER is
 * run for every turn with $t the turn number (from 0). */
static const char protocol_reader[] =
    "read -r w; read -r h\n"
    "i=0; while [ \"$i\" -lt \"$h\" ]; do read -r row; i=$((i + 1)); done\n"
    "read -r params\n"
    "t=0\n"
    "while read -r n; do\n"
    "  i=0; while [ \"$i\" -lt \"$n\" ]; do\n"
    "    read -r line; if [ \"$i\" -eq 0 ]; then own=$line; fi; i=$((i + 1))\n"
    "  done\n"
    "  answer\n"
    "  t=$((t + 1))\n"
    "done\n";

typedef struct hostile {
    const char *name;
    const char *script; /* sh; $1 is a file for pids the test checks afterwards */
    int reads_protocol; /* append protocol_reader (the script defines answer()) */
    int out_on_turn;    /* the decision on which it is ended; 0 = never asserted */
    int plays_on;       /* it must still be playing at the end (timeouts 0) */
    int stderr_to;      /* 0: the arena's stderr, 1: discarded, 2: a file */
    kit_end why;        /* why it is ended (when out_on_turn) */
} hostile;

/* A child that leaves the bot's process group for a session of its own and records its pid. */
#define ESCAPEE "setsid sh -c 'echo $$ >> \"$1\"; exec sleep 30' sh \"$1\""
/* The keeper's pid: it leads the process group of the program (field 5 of /proc/PID/stat). */
#define KEEPER "read -r _ _ _ _ keeper _ < /proc/$$/stat\n"
#define ZEROS "000000000000000000000000000000000000000000000000000000000000"

static const hostile cases[] = {
    {"silent", "echo $$ >> \"$1\"\nexec sleep 30\n", 0, 1, 0, 0, KIT_END_TIMEOUT},
    {"late", "echo $$ >> \"$1\"\nanswer() { if [ $t -ge 1 ]; then sleep 5; fi; echo WAIT; }\n",
     1, 2, 0, 0, KIT_END_TIMEOUT},
    {"longline", "echo $$ >> \"$1\"\nhead -c 3000000 /dev/zero | tr '\\000' A\nexec sleep 30\n",
     0, 1, 0, 0, KIT_END_TOO_LONG},
    {"manylines", "echo $$ >> \"$1\"\nyes WAIT | head -c 3000000\nexec sleep 30\n", 0, 0, 1, 0, KIT_END_NONE},
    {"binary", "echo $$ >> \"$1\"\nprintf '\\377\\376\\001\\200\\300\\257WAIT\\n'\nexec sleep 30\n",
     0, 1, 0, 0, KIT_END_INVALID},
    {"nul", "echo $$ >> \"$1\"\nprintf 'WAIT\\000x\\n'\nexec sleep 30\n", 0, 1, 0, 0, KIT_END_INVALID},
    {"closed", "echo $$ >> \"$1\"\nexec >&-\nexec sleep 30\n", 0, 1, 0, 0, KIT_END_CLOSED},
    {"exits", "echo $$ >> \"$1\"\nexit 3\n", 0, 1, 0, 0, KIT_END_EXIT},
    {"segv", "echo $$ >> \"$1\"\nkill -SEGV $$\nsleep 30\n", 0, 1, 0, 0, KIT_END_CRASH},
    {"forker", "sleep 30 &\necho $! >> \"$1\"\nexit 0\n", 0, 1, 0, 0, KIT_END_TIMEOUT},
    {"stderr",
     "(while :; do echo 'flood flood flood flood flood flood flood flood' >&2; done) &\n"
     "echo $! >> \"$1\"\necho $$ >> \"$1\"\nanswer() { echo WAIT; }\n",
     1, 0, 0, 0, KIT_END_NONE},
    {"setsid", ESCAPEE " &\necho $$ >> \"$1\"\nanswer() { echo WAIT; }\n", 1, 0, 1, 0, KIT_END_NONE},
    {"daemon", "(" ESCAPEE " &)\necho $$ >> \"$1\"\nanswer() { echo WAIT; }\n", 1, 0, 1, 0, KIT_END_NONE},
    {"zeros",
     "echo $$ >> \"$1\"\nz=" ZEROS ZEROS ZEROS ZEROS ZEROS "\n"
     "answer() { set -- $own; echo \"MOVE $z$3 $z$4\"; }\n",
     1, 0, 1, 0, KIT_END_NONE},
    {"toolong",
     "echo $$ >> \"$1\"\nprintf 'WAIT '; head -c 5000 /dev/zero | tr '\\000' a; echo\n"
     "exec sleep 30\n",
     0, 1, 0, 0, KIT_END_TOO_LONG},
    {"regicide", "echo $$ >> \"$1\"\n" KEEPER "kill -KILL $keeper\nexec sleep 30\n", 0, 1, 0, 0, KIT_END_TIMEOUT},
    {"stopper", ESCAPEE " &\necho $$ >> \"$1\"\n" KEEPER "kill -STOP $keeper\nanswer() { echo WAIT; }\n",
     1, 0, 1, 0, KIT_END_NONE},
    {"discard", "echo $$ >> \"$1\"\nanswer() { echo debug-line >&2; echo WAIT; }\n", 1, 0, 1,
     1, KIT_END_NONE},
    {"errfile", "echo $$ >> \"$1\"\nanswer() { echo debug-line >&2; echo WAIT; }\n", 1, 0, 1,
     2, KIT_END_NONE},
    {"starter", "echo $$ >> \"$1\"\nexec \"$STARTER_BOT\"\n", 0, 0, 1, 0, KIT_END_NONE},
};

/* Every pid in the file is gone within 2 s (the kill is immediate; reaping may lag). */
static int all_gone(const char *pidfile, int *count) {
    FILE *f = fopen(pidfile, "r");
    *count = 0;
    if (!f) return 0;
    long pid;
    int ok = 1;
    while (fscanf(f, "%ld", &pid) == 1) {
        (*count)++;
        int gone = 0;
        for (int k = 0; k < 200 && !gone; k++) {
            gone = kit_test_pid_gone(pid);
            struct timespec ts = {0, 10000000};
            if (!gone) nanosleep(&ts, NULL);
        }
        if (!gone) {
            fprintf(stderr, "process %ld still running\n", pid);
            kill((pid_t)pid, SIGKILL);
            ok = 0;
        }
    }
    fclose(f);
    return ok;
}

static int write_bot(const char *path, const hostile *h) {
    FILE *f = fopen(path, "w");
    if (!f) return -1;
    fputs(h->script, f);
    if (h->reads_protocol) fputs(protocol_reader, f);
    return fclose(f);
}

/* Whether what can be read from fd now (non-blocking) contains needle. */
static int pipe_has(int fd, const char *needle) {
    static char buf[1 << 16];
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
    ssize_t n = read(fd, buf, sizeof buf - 1);
    if (n <= 0) return 0;
    buf[n] = '\0';
    return strstr(buf, needle) != NULL;
}

static int file_has(const char *path, const char *needle) {
    char buf[4096];
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    return strstr(buf, needle) != NULL;
}

static void run_case(const kt_mapset *maps, const char *dir, const hostile *h,
                     const kt_match_result *reference) {
    char bot[512], pidfile[512], errfile[512], spec[1100], err[256];
    snprintf(bot, sizeof bot, "%s/%s.sh", dir, h->name);
    snprintf(pidfile, sizeof pidfile, "%s/%s.pids", dir, h->name);
    snprintf(errfile, sizeof errfile, "%s/%s.err", dir, h->name);
    CHECK(write_bot(bot, h) == 0);
    snprintf(spec, sizeof spec, "cmd:sh %s %s", bot, pidfile);
    kt_player *p[KT_PLAYERS];
    p[0] = kt_player_new(spec, err, sizeof err);
    for (int i = 1; i < KT_PLAYERS; i++) p[i] = kt_player_new("wait", err, sizeof err);
    for (int i = 0; i < KT_PLAYERS; i++) CHECK(p[i] != NULL);
    if (!p[0] || !p[1] || !p[2] || !p[3]) return;
    int errfd = -1;
    if (h->stderr_to == 1) kt_player_stderr(p[0], -1);
    if (h->stderr_to == 2) {
        errfd = open(errfile, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
        CHECK(errfd >= 0);
        kt_player_stderr(p[0], errfd);
    }
    /* stderr: a pipe nobody reads while the bots play (the flooder fills it at once) */
    int saved = dup(2), pipefd[2] = {-1, -1};
    if (pipe(pipefd) == 0) {
        fcntl(pipefd[0], F_SETFD, FD_CLOEXEC);
        dup2(pipefd[1], 2);
        close(pipefd[1]);
    }
    kt_match_config cfg = {11, -1, 1, 600000000LL, 300000000LL};
    kt_match_result res;
    int rc = kt_play_match(p, maps, &cfg, NULL, NULL, &res, err, sizeof err);
    dup2(saved, 2);
    close(saved);
    if (h->stderr_to) {
        CHECK(!pipe_has(pipefd[0], "debug-line"));
        if (h->stderr_to == 2) CHECK(file_has(errfile, "debug-line"));
    }
    if (errfd >= 0) close(errfd);
    remove(errfile);
    if (pipefd[0] >= 0) close(pipefd[0]);
    fprintf(stderr, "%-10s rc %d turns %d seat0: score %d decisions %d timeouts %d ended: %s\n",
            h->name, rc, res.turns, res.score[0], res.decisions[0], res.timeouts[0],
            kit_end_name(res.ended[0]));
    CHECK_EQ_INT(rc, 0);
    if (rc != 0) fprintf(stderr, "%s: %s\n", h->name, err);
    /* the others played on after the hostile bot was out */
    if (h->out_on_turn) CHECK(res.turns > res.decisions[0]);
    if (h->out_on_turn) {
        CHECK_EQ_INT(res.timeouts[0], 1);
        CHECK_EQ_INT(res.decisions[0], h->out_on_turn);
        CHECK_EQ_INT((int)res.ended[0], (int)h->why);
        if (res.ended[0] != h->why)
            fprintf(stderr, "%s: ended by %s, expected %s\n", h->name, kit_end_name(res.ended[0]),
                    kit_end_name(h->why));
        if (h->out_on_turn == 1) CHECK_EQ_INT(res.score[0], -1);
    }
    if (h->plays_on) {
        /* WAIT every turn, like the built-in wait bot in the reference game */
        CHECK_EQ_INT(res.timeouts[0], 0);
        CHECK_EQ_INT((int)res.ended[0], (int)KIT_END_NONE);
        CHECK_EQ_INT(res.turns, reference->turns);
        for (int i = 0; i < KT_PLAYERS; i++) CHECK_EQ_INT(res.score[i], reference->score[i]);
    }
    for (int i = 0; i < KT_PLAYERS; i++) kt_player_free(p[i]);
    int count = 0;
    CHECK(all_gone(pidfile, &count));
    CHECK(count >= 1);
    remove(pidfile);
    remove(bot);
}

int main(int argc, char **argv) {
    static kt_mapset maps;
    int loaded = kt_test_load_maps(argc, argv, 3,
                                   "test_kutulu_hostile MAPS_DIR TESTS_DIR STARTER_BOT", &maps);
    if (loaded != 0) return loaded;
    setenv("STARTER_BOT", argv[3], 1); /* the starter case runs it */
    char err[256];
    char dir[] = "/tmp/kutulu_hostile_XXXXXX";
    if (!mkdtemp(dir)) {
        fprintf(stderr, "FAIL: mkdtemp: %s\n", strerror(errno));
        return 1;
    }
    /* the same game with four built-in wait bots: what a bot answering WAIT must reproduce */
    kt_player *w[KT_PLAYERS];
    for (int i = 0; i < KT_PLAYERS; i++) w[i] = kt_player_new("wait", err, sizeof err);
    kt_match_config cfg = {11, -1, 1, 600000000LL, 300000000LL};
    kt_match_result reference;
    CHECK_EQ_INT(kt_play_match(w, &maps, &cfg, NULL, NULL, &reference, err, sizeof err), 0);
    for (int i = 0; i < KT_PLAYERS; i++) kt_player_free(w[i]);
    CHECK(reference.turns > 2);
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++)
        run_case(&maps, dir, &cases[c], &reference);
    rmdir(dir);
    return check_report("test_kutulu_hostile");
}
