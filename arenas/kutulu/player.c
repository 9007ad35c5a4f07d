/* player.c — a seat at the table: an in-process bot (a kt_bot fed the parsed protocol text)
 * or an external program ("cmd:PROGRAM ARGS", run by /bin/sh in its own process group) that
 * reads the CodinGame protocol on stdin and answers one line per turn on stdout.
 *
 * External programs get the referee's time limits (1000 ms for the first turn, 50 ms after,
 * wall clock from the moment their input is written): no complete line in time is a timeout,
 * and the referee then ends that player. Nothing here blocks: pipes are non-blocking and every
 * wait is a poll() bounded by the deadline. A finished or timed-out program is killed with its
 * whole process group. In-process bots are timed on the thread's CPU clock; they are never
 * stopped (so a game stays the same on a busy machine) but a slow decision is counted. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cputime.h"
#include "dmap.h"
#include "kutulu_players.h"

struct kt_player {
    char name[128];
    const kt_bot *bot;
    void *state;
    int started;
    uint64_t seed;
    kt_view view;
    /* external programs */
    char *command;
    pid_t pid;
    int to_child, from_child;
    char rbuf[4096];
    size_t rlen;
    int dead; /* the program exited, timed out or spoke garbage: it gets no more input */
};

static int64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

kt_player *kt_player_new(const char *spec, char *err, size_t errlen) {
    kt_player *p = calloc(1, sizeof *p);
    if (!p) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    p->pid = -1;
    p->to_child = p->from_child = -1;
    if (strncmp(spec, "cmd:", 4) == 0) {
        if (!spec[4]) {
            free(p);
            snprintf(err, errlen, "'cmd:' needs a program");
            return NULL;
        }
        p->command = strdup(spec + 4);
        if (!p->command) {
            free(p);
            snprintf(err, errlen, "out of memory");
            return NULL;
        }
        snprintf(p->name, sizeof p->name, "%s", spec);
        return p;
    }
    p->bot = kt_find_bot(spec);
    if (!p->bot) {
        free(p);
        snprintf(err, errlen, "unknown bot '%s' (kutulu bots lists them; or cmd:PROGRAM ARGS)",
                 spec);
        return NULL;
    }
    snprintf(p->name, sizeof p->name, "%s", spec);
    return p;
}

const char *kt_player_name(const kt_player *p) { return p->name; }

static void stop_program(kt_player *p) {
    if (p->to_child >= 0) close(p->to_child);
    if (p->from_child >= 0) close(p->from_child);
    p->to_child = p->from_child = -1;
    if (p->pid > 0) {
        kill(-p->pid, SIGKILL); /* the whole process group: a shell and what it started */
        int status;
        while (waitpid(p->pid, &status, 0) < 0 && errno == EINTR) {
        }
        p->pid = -1;
    }
    p->dead = 1;
}

void kt_player_end(kt_player *p) {
    if (!p) return;
    if (p->bot && p->state && p->bot->release) p->bot->release(p->state);
    p->state = NULL;
    p->started = 0;
    if (p->command) stop_program(p);
}

void kt_player_free(kt_player *p) {
    if (!p) return;
    kt_player_end(p);
    free(p->command);
    free(p);
}

static int start_program(kt_player *p, char *err, size_t errlen) {
    int in[2], out[2];
    if (pipe(in) != 0) return snprintf(err, errlen, "pipe: %s", strerror(errno)), -1;
    if (pipe(out) != 0) {
        close(in[0]);
        close(in[1]);
        return snprintf(err, errlen, "pipe: %s", strerror(errno)), -1;
    }
    pid_t pid = fork();
    if (pid < 0) {
        close(in[0]), close(in[1]), close(out[0]), close(out[1]);
        return snprintf(err, errlen, "fork: %s", strerror(errno)), -1;
    }
    if (pid == 0) {
        setpgid(0, 0);
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[0]), close(in[1]), close(out[0]), close(out[1]);
        signal(SIGPIPE, SIG_DFL);
        execl("/bin/sh", "sh", "-c", p->command, (char *)NULL);
        _exit(127);
    }
    setpgid(pid, pid); /* also here, so the group exists before we might kill it */
    close(in[0]);
    close(out[1]);
    p->pid = pid;
    p->to_child = in[1];
    p->from_child = out[0];
    fcntl(p->to_child, F_SETFL, fcntl(p->to_child, F_GETFL) | O_NONBLOCK);
    fcntl(p->from_child, F_SETFL, fcntl(p->from_child, F_GETFL) | O_NONBLOCK);
    fcntl(p->to_child, F_SETFD, FD_CLOEXEC);
    fcntl(p->from_child, F_SETFD, FD_CLOEXEC);
    signal(SIGPIPE, SIG_IGN); /* a program that exits must not kill the runner */
    p->rlen = 0;
    p->dead = 0;
    return 0;
}

/* Write all of text before the deadline. 0, or -1 (timeout or the program is gone). */
static int write_all(kt_player *p, const char *text, size_t len, int64_t deadline) {
    size_t done = 0;
    while (done < len) {
        ssize_t n = write(p->to_child, text + done, len - done);
        if (n > 0) {
            done += (size_t)n;
            continue;
        }
        if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) return -1;
        int64_t left = deadline - now_ns();
        if (left <= 0) return -1;
        struct pollfd pfd = {p->to_child, POLLOUT, 0};
        poll(&pfd, 1, (int)(left / 1000000 + 1));
    }
    return 0;
}

/* Read one line before the deadline into line (without '\n'). 0, or -1. */
static int read_line(kt_player *p, char *line, size_t cap, int64_t deadline) {
    for (;;) {
        char *nl = memchr(p->rbuf, '\n', p->rlen);
        if (nl) {
            size_t n = (size_t)(nl - p->rbuf);
            size_t keep = n < cap - 1 ? n : cap - 1;
            memcpy(line, p->rbuf, keep);
            line[keep] = '\0';
            /* a NUL byte is a character to the referee, not the end of the line: keep the
             * line as long, with a control byte that its grammar treats as a NUL */
            for (size_t i = 0; i < keep; i++)
                if (line[i] == '\0') line[i] = '\x01';
            if (keep && line[keep - 1] == '\r') line[keep - 1] = '\0';
            memmove(p->rbuf, nl + 1, p->rlen - n - 1);
            p->rlen -= n + 1;
            return 0;
        }
        if (p->rlen == sizeof p->rbuf) return -1; /* a line longer than anything sensible */
        ssize_t n = read(p->from_child, p->rbuf + p->rlen, sizeof p->rbuf - p->rlen);
        if (n > 0) {
            p->rlen += (size_t)n;
            continue;
        }
        if (n == 0) return -1; /* end of output: the program is gone */
        if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) return -1;
        int64_t left = deadline - now_ns();
        if (left <= 0) return -1;
        struct pollfd pfd = {p->from_child, POLLIN, 0};
        poll(&pfd, 1, (int)((left + 999999) / 1000000));
    }
}

int kt_player_turn(kt_player *p, const char *init_text, const char *turn_text,
                   int64_t limit_ns, char *line, size_t cap, int64_t *spent_ns, char *err,
                   size_t errlen) {
    line[0] = '\0';
    *spent_ns = 0;
    if (p->command) {
        if (p->dead) return KT_TURN_TIMEOUT;
        if (!p->started) {
            if (start_program(p, err, errlen)) return KT_TURN_ERROR;
            p->started = 1;
        }
        int64_t t0 = now_ns(), deadline = t0 + limit_ns;
        /* the input is written before the clock matters (the referee counts from then) */
        if ((init_text && write_all(p, init_text, strlen(init_text), t0 + 1000000000LL)) ||
            write_all(p, turn_text, strlen(turn_text), t0 + 1000000000LL)) {
            stop_program(p);
            return KT_TURN_TIMEOUT;
        }
        deadline = now_ns() + limit_ns;
        int rc = read_line(p, line, cap, deadline);
        *spent_ns = now_ns() - t0;
        if (rc) {
            stop_program(p);
            return KT_TURN_TIMEOUT;
        }
        return KT_TURN_OK;
    }
    int64_t t0 = kit_thread_cpu_ns();
    char why[160];
    if (init_text && kt_parse_init(init_text, &p->view, why, sizeof why)) {
        snprintf(err, errlen, "%s", why);
        return KT_TURN_ERROR;
    }
    if (kt_parse_turn(turn_text, &p->view, why, sizeof why)) {
        snprintf(err, errlen, "%s", why);
        return KT_TURN_ERROR;
    }
    if (!p->started) {
        p->state = p->bot->init ? p->bot->init(&p->view, p->seed) : NULL;
        p->started = 1;
        if (p->bot->init && !p->state) {
            snprintf(err, errlen, "bot %s: %s", p->bot->name, dmap_strerror(DMAP_ERR_NOMEM));
            return KT_TURN_ERROR;
        }
    }
    kt_action a = p->bot->decide(p->state, &p->view);
    int failed = p->bot->error ? p->bot->error(p->state) : 0;
    if (failed) {
        snprintf(err, errlen, "bot %s: %s", p->bot->name, dmap_strerror(failed));
        return KT_TURN_ERROR;
    }
    p->view.turn++;
    kt_format_action(&a, line, cap);
    *spent_ns = kit_thread_cpu_ns() - t0;
    return KT_TURN_OK;
}

void kt_player_seed(kt_player *p, uint64_t seed) { p->seed = seed; }

int kt_player_is_external(const kt_player *p) { return p->command != NULL; }
