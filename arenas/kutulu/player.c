/* player.c — a seat at the table: an in-process bot (a kt_bot fed the parsed protocol text)
 * or an external program ("cmd:PROGRAM ARGS", run by /bin/sh) that reads the CodinGame
 * protocol on stdin and answers one line per turn on stdout.
 *
 * External programs get the referee's time limits (1000 ms for the first turn, 50 ms after,
 * wall clock from the moment their input is written): no complete line in time is a timeout,
 * and the referee then ends that player. Nothing here blocks: pipes are non-blocking and every
 * wait is a poll() bounded by the deadline. An answer is judged whole, up to KT_ANSWER_MAX
 * bytes; a longer one ends the player.
 *
 * Every program runs under a keeper: a small process of ours between the arena and the
 * program's shell, made the subreaper of what the program starts (Linux), so that nothing the
 * program starts can leave its tree, not even by setsid() or a double fork. When the arena
 * closes the keeper's control pipe (the player is ended, or the arena itself dies), the keeper
 * kills every process below it and exits. In-process bots are timed on the thread's CPU clock;
 * they are never stopped (so a game stays the same on a busy machine) but a slow decision is
 * counted. */
#define _DEFAULT_SOURCE /* syscall() for close_range */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "kit/cputime.h"
#include "dmap.h"
#include "kutulu.h"

struct kt_player {
    char name[128];
    const kt_bot *bot;
    void *state;
    int started;
    uint64_t seed;
    kt_view view;
    /* external programs */
    char *command;
    pid_t pid;       /* the keeper */
    int to_child, from_child, control;
    int stderr_fd;   /* the program's stderr: a descriptor of ours, or -1 for /dev/null */
    char rbuf[KT_ANSWER_MAX];
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
    p->to_child = p->from_child = p->control = -1;
    p->stderr_fd = 2;
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
    p->bot = kt_bot_find(spec);
    if (!p->bot) {
        free(p);
        snprintf(err, errlen, "unknown bot '%.60s'", spec); /* the CLI checks names first */
        return NULL;
    }
    snprintf(p->name, sizeof p->name, "%s", spec);
    return p;
}

const char *kt_player_name(const kt_player *p) { return p->name; }

/* Close the keeper's control pipe (it then kills the program's whole tree and exits), wait up
 * to 2 s for it to exit, kill its process group, which the program's shell shares (that ends
 * what is left of a program that killed its keeper, or kept it stopped: it is sent SIGCONT
 * while we wait), and reap it. */
static void stop_program(kt_player *p) {
    if (p->to_child >= 0) close(p->to_child);
    if (p->from_child >= 0) close(p->from_child);
    if (p->control >= 0) close(p->control);
    p->to_child = p->from_child = p->control = -1;
    if (p->pid > 0) {
        /* wait for the keeper's exit without reaping it, so that its pid (the group's id)
         * cannot be reused before the group is killed */
        for (int waited_ms = 0; waited_ms < 2000; waited_ms++) {
            kill(p->pid, SIGCONT); /* the program may have stopped it */
            siginfo_t info;
            memset(&info, 0, sizeof info);
            if (waitid(P_PID, (id_t)p->pid, &info, WEXITED | WNOHANG | WNOWAIT) != 0) {
                if (errno == EINTR) continue;
                break;
            }
            if (info.si_pid == p->pid) break;
            struct timespec ms = {0, 1000000};
            nanosleep(&ms, NULL);
        }
        kill(-p->pid, SIGKILL); /* what is left in the group of a program that killed its keeper */
        int status;
        while (waitpid(p->pid, &status, 0) < 0 && errno == EINTR) {
        }
        p->pid = -1;
    }
    p->dead = 1;
}

void kt_player_end(kt_player *p) {
    if (!p) return;
    if (p->bot && p->started) p->bot->release(p->state);
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

/* ---- the keeper (runs in the forked child; never returns) ---------------------------------- */

/* Close every descriptor from lowest up: the keeper must not hold the arena's other pipes
 * (another keeper's control pipe would then never see its end). */
static void close_from(int lowest) {
#ifdef SYS_close_range
    if (syscall(SYS_close_range, (unsigned)lowest, ~0U, 0) == 0) return;
#endif
    struct rlimit rl;
    long top = getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY
                   ? (long)rl.rlim_cur
                   : 65536;
    if (top > 65536) top = 65536;
    for (long fd = lowest; fd < top; fd++) close((int)fd);
}

/* The parent pid of process pid from /proc/PID/stat (the field after the name, which may itself
 * hold parentheses), or -1. */
static long parent_of(const char *pid) {
    char path[300], buf[512];
    snprintf(path, sizeof path, "/proc/%s/stat", pid);
    int fd = open(path, O_RDONLY);
    if (fd < 0) return -1;
    ssize_t n = read(fd, buf, sizeof buf - 1);
    close(fd);
    if (n <= 0) return -1;
    buf[n] = '\0';
    const char *rp = strrchr(buf, ')');
    long ppid;
    if (!rp || sscanf(rp + 1, " %*c %ld", &ppid) != 1) return -1;
    return ppid;
}

/* SIGKILL every child of this process; the number found. (opendir allocates: glibc keeps
 * malloc usable in the child of a multithreaded fork.) */
static int kill_children(void) {
    DIR *d = opendir("/proc");
    if (!d) return 0;
    long self = (long)getpid();
    int found = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] < '1' || e->d_name[0] > '9') continue;
        if (parent_of(e->d_name) != self) continue;
        kill((pid_t)strtol(e->d_name, NULL, 10), SIGKILL);
        found++;
    }
    closedir(d);
    return found;
}

/* Reap every child that has already ended. */
static void reap_ended(void) {
    int status;
    while (waitpid(-1, &status, WNOHANG) > 0) {
    }
}

/* Kill the whole tree below: as the subreaper, the keeper inherits the children of every
 * process it kills before it reaps that process, so rescanning after each reap reaches every
 * descendant. Done when no child is left. */
static void kill_tree(void) {
    for (long round = 0; round < 100000; round++) {
        int status;
        if (kill_children() > 0) {
            while (waitpid(-1, &status, 0) < 0 && errno == EINTR) {
            }
        } else if (waitpid(-1, &status, WNOHANG) < 0 && errno == ECHILD) {
            return;
        }
        reap_ended();
    }
}

/* Descriptors on arrival: the program's stdin and stdout pipe ends, its stderr (-1: /dev/null)
 * and the read end of the control pipe. The program gets them as 0, 1 and 2; the keeper keeps
 * the control pipe as 3 and waits for its end, reaping the tree's dead meanwhile. */
static void keeper_main(int in_fd, int out_fd, int err_fd, int control, const char *command) {
    setpgid(0, 0); /* not in the arena's group: a ^C to the arena must not end the keeper */
#ifdef __linux__
    prctl(PR_SET_CHILD_SUBREAPER, 1);
#endif
    int in = fcntl(in_fd, F_DUPFD, 10), out = fcntl(out_fd, F_DUPFD, 10);
    int err = err_fd >= 0 ? fcntl(err_fd, F_DUPFD, 10) : -1;
    if (err < 0) err = open("/dev/null", O_WRONLY); /* discarded, or our stderr is closed */
    int ctl = fcntl(control, F_DUPFD, 10);
    if (in < 0 || out < 0 || err < 0 || ctl < 0) _exit(127);
    if (dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0 || dup2(ctl, 3) < 0) _exit(127);
    close_from(4);
    pid_t shell = fork();
    if (shell == 0) {
        close(3);
        signal(SIGPIPE, SIG_DFL);
        sigset_t none; /* a thread of the arena may block signals; the program starts clean */
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        execl("/bin/sh", "sh", "-c", command, (char *)NULL);
        _exit(127);
    }
    close(0), close(1), close(2);
    if (shell > 0) {
        for (;;) {
            struct pollfd pfd = {3, POLLIN, 0};
            int r = poll(&pfd, 1, 200);
            reap_ended();
            if (r < 0 && errno != EINTR) break;
            if (r > 0) {
                char c;
                ssize_t n = read(3, &c, 1);
                if (n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN)) break;
            }
        }
    }
    kill_tree();
    _exit(0);
}

static int start_program(kt_player *p, char *err, size_t errlen) {
    int in[2], out[2], ctl[2];
    if (pipe(in) != 0) return snprintf(err, errlen, "pipe: %s", strerror(errno)), -1;
    if (pipe(out) != 0) {
        close(in[0]), close(in[1]);
        return snprintf(err, errlen, "pipe: %s", strerror(errno)), -1;
    }
    if (pipe(ctl) != 0) {
        close(in[0]), close(in[1]), close(out[0]), close(out[1]);
        return snprintf(err, errlen, "pipe: %s", strerror(errno)), -1;
    }
    pid_t pid = fork();
    if (pid < 0) {
        close(in[0]), close(in[1]), close(out[0]), close(out[1]), close(ctl[0]), close(ctl[1]);
        return snprintf(err, errlen, "fork: %s", strerror(errno)), -1;
    }
    if (pid == 0) keeper_main(in[0], out[1], p->stderr_fd, ctl[0], p->command);
    setpgid(pid, pid); /* also here, so the group exists before we might kill it */
    close(in[0]), close(out[1]), close(ctl[0]);
    p->pid = pid;
    p->to_child = in[1];
    p->from_child = out[0];
    p->control = ctl[1];
    fcntl(p->to_child, F_SETFL, fcntl(p->to_child, F_GETFL) | O_NONBLOCK);
    fcntl(p->from_child, F_SETFL, fcntl(p->from_child, F_GETFL) | O_NONBLOCK);
    fcntl(p->to_child, F_SETFD, FD_CLOEXEC);
    fcntl(p->from_child, F_SETFD, FD_CLOEXEC);
    fcntl(p->control, F_SETFD, FD_CLOEXEC);
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
            if (n > cap - 1) return -1; /* judged whole or not at all */
            memcpy(line, p->rbuf, n);
            line[n] = '\0';
            /* a NUL byte is a character to the referee, not the end of the line: keep the
             * line as long, with a control byte that its grammar treats as a NUL */
            for (size_t i = 0; i < n; i++)
                if (line[i] == '\0') line[i] = '\x01';
            if (n && line[n - 1] == '\r') line[n - 1] = '\0';
            memmove(p->rbuf, nl + 1, p->rlen - n - 1);
            p->rlen -= n + 1;
            return 0;
        }
        if (p->rlen == sizeof p->rbuf) return -1; /* longer than KT_ANSWER_MAX - 1: ended */
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
        int failed = p->bot->init(&p->state, &p->view, p->seed);
        if (failed) {
            p->state = NULL;
            snprintf(err, errlen, "bot %s: %s", p->bot->info.name, dmap_strerror(failed));
            return KT_TURN_ERROR;
        }
        p->started = 1;
    }
    kt_action a = {KT_WAIT, 0, 0};
    int failed = p->bot->decide(p->state, &p->view, &a);
    if (failed) {
        snprintf(err, errlen, "bot %s: %s", p->bot->info.name, dmap_strerror(failed));
        return KT_TURN_ERROR;
    }
    p->view.turn++;
    kt_format_action(&a, line, cap);
    *spent_ns = kit_thread_cpu_ns() - t0;
    return KT_TURN_OK;
}

int kt_player_maps(kt_player *p, kit_map *out, int max) {
    if (!p->bot || !p->started || !p->bot->maps) return 0;
    return p->bot->maps(p->state, out, max);
}

void kt_player_seed(kt_player *p, uint64_t seed) { p->seed = seed; }

void kt_player_stderr(kt_player *p, int fd) { p->stderr_fd = fd; }

int kt_player_is_external(const kt_player *p) { return p->command != NULL; }
