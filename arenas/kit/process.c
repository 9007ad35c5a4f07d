/* process.c — outside programs under a keeper (process.h) on POSIX systems: the keeper's side
 * (it starts the program with a pseudo-terminal as its stdout, reports how the program ended,
 * and kills the whole tree when the arena lets go) and the arena's side (feeding lines, reading
 * within a deadline what process_lines.c cuts into whole answer lines, telling why the output
 * ended). Windows has its own, process_win.c. */
#define _GNU_SOURCE /* pipe2, cfmakeraw, ptsname_r, syscall() for close_range */
#include "process.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "cputime.h"
#include "process_lines.h"

struct kit_proc {
    pid_t keeper;     /* the keeper: it leads the program's process group */
    int to_program;   /* the program's stdin (a pipe, non-blocking) */
    int from_program; /* the pseudo-terminal's master: the program's stdout (non-blocking) */
    int control;      /* the keeper ends the tree when this closes */
    int status_fd;    /* the keeper writes the program's wait status here when it ends */
    int have_status, status;
    kit_proc_lines lines; /* what was read and not yet returned */
};

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

/* The keeper's program: its wait status goes to the arena (descriptor 4) once. */
static pid_t keeper_program = -1;

/* Reap every child that has already ended, reporting the program's status. */
static void reap_ended(void) {
    int status;
    pid_t pid;
    while ((pid = waitpid(-1, &status, WNOHANG)) > 0) {
        if (pid == keeper_program) {
            ssize_t n = write(4, &status, sizeof status);
            (void)n;
            close(4);
            keeper_program = -1;
        }
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

/* SIGCHLD wakes the keeper's poll through a pipe to itself (descriptor 5). */
static void on_child(int sig) {
    (void)sig;
    int saved = errno;
    ssize_t n = write(6, "c", 1);
    (void)n;
    errno = saved;
}

/* Run the command (in the program's process; never returns). A command of plain words is run
 * directly (execvp of the words), so that the program is the keeper's own child and its exit
 * or crash is its own (dash runs even the last command of `sh -c` as a child); anything with
 * the shell's quoting, expansions, redirections or operators goes to /bin/sh -c. A program
 * that cannot be run says why on its stderr, as the shell would, and exits 127. */
static void run_command(const char *command) {
    if (!strpbrk(command, "\"'\\$`;&|<>()*?[]{}~#=%!\n")) {
        char *copy = strdup(command), *argv[256], *save = NULL;
        int n = 0;
        for (char *w = copy ? strtok_r(copy, " \t", &save) : NULL; w && n < 255;
             w = strtok_r(NULL, " \t", &save))
            argv[n++] = w;
        argv[n] = NULL;
        if (n > 0) {
            execvp(argv[0], argv);
            char why[512];
            int len = snprintf(why, sizeof why, "cannot run %.300s: %s\n", argv[0], strerror(errno));
            ssize_t ignored = write(2, why, len > 0 && (size_t)len < sizeof why ? (size_t)len : 0);
            (void)ignored;
            _exit(127);
        }
    }
    execl("/bin/sh", "sh", "-c", command, (char *)NULL);
    _exit(127);
}

/* Descriptors on arrival: the program's stdin pipe end, its stdout (the terminal's slave), its
 * stderr (-1: /dev/null), the read end of the control pipe and the write end of the status
 * pipe. The program gets them as 0, 1 and 2; the keeper keeps control as 3, status as 4 and
 * its wake-up pipe as 5 (read) and 6 (write), and waits for the control pipe's end, reaping
 * the tree's dead meanwhile. */
static void keeper_main(int in_fd, int out_fd, int err_fd, int control, int status,
                        const char *command) {
    setpgid(0, 0); /* not in the arena's group: a ^C to the arena must not end the keeper */
#ifdef __linux__
    prctl(PR_SET_CHILD_SUBREAPER, 1);
#endif
    int wake[2];
    if (pipe(wake) != 0) _exit(127);
    int fds[7] = {fcntl(in_fd, F_DUPFD, 10), fcntl(out_fd, F_DUPFD, 10),
                  err_fd >= 0 ? fcntl(err_fd, F_DUPFD, 10) : -1, fcntl(control, F_DUPFD, 10),
                  fcntl(status, F_DUPFD, 10), fcntl(wake[0], F_DUPFD, 10),
                  fcntl(wake[1], F_DUPFD, 10)};
    if (fds[2] < 0) fds[2] = open("/dev/null", O_WRONLY); /* discarded, or our stderr is closed */
    for (int i = 0; i < 7; i++)
        if (fds[i] < 0 || dup2(fds[i], i) < 0) _exit(127);
    close_from(7);
    for (int i = 5; i <= 6; i++) fcntl(i, F_SETFL, fcntl(i, F_GETFL) | O_NONBLOCK);
    for (int i = 0; i <= 6; i++) fcntl(i, F_SETFD, 0);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_child;
    sa.sa_flags = SA_NOCLDSTOP | SA_RESTART;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGCHLD, &sa, NULL);
    sigset_t none; /* a thread of the arena may block signals; the keeper and program start clean */
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    pid_t shell = fork();
    if (shell == 0) {
        for (int i = 3; i <= 6; i++) close(i);
        signal(SIGPIPE, SIG_DFL);
        signal(SIGCHLD, SIG_DFL);
        run_command(command);
    }
    keeper_program = shell;
    close(0), close(1), close(2);
    if (shell > 0) {
        for (;;) {
            reap_ended();
            struct pollfd pfd[2] = {{3, POLLIN, 0}, {5, POLLIN, 0}};
            int r = poll(pfd, 2, 1000);
            if (r < 0 && errno != EINTR) break;
            char drain[64];
            while (read(5, drain, sizeof drain) > 0) {
            }
            if (r > 0 && pfd[0].revents) {
                char c;
                ssize_t n = read(3, &c, 1);
                if (n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN)) break;
            }
        }
    }
    kill_tree();
    _exit(0);
}

/* ---- the arena's side ---------------------------------------------------------------------- */

/* A pseudo-terminal in raw mode: *master (non-blocking, close-on-exec) and *slave. 0 or -1. */
static int open_terminal(int *master, int *slave, char *err, size_t errlen) {
    int m = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (m < 0) return snprintf(err, errlen, "posix_openpt: %s", strerror(errno)), -1;
    int s = -1;
    if (grantpt(m) == 0 && unlockpt(m) == 0) {
#ifdef TIOCGPTPEER
        s = ioctl(m, TIOCGPTPEER, O_RDWR | O_NOCTTY | O_CLOEXEC);
#endif
        if (s < 0) {
            char name[128];
            if (ptsname_r(m, name, sizeof name) == 0) s = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC);
        }
    }
    struct termios t;
    if (s < 0 || tcgetattr(s, &t) != 0) {
        snprintf(err, errlen, "pseudo-terminal: %s", strerror(errno));
        if (s >= 0) close(s);
        close(m);
        return -1;
    }
    cfmakeraw(&t); /* no echo of what the program prints, no "\n" -> "\r\n" */
    tcsetattr(s, TCSANOW, &t);
    fcntl(m, F_SETFL, fcntl(m, F_GETFL) | O_NONBLOCK);
    *master = m;
    *slave = s;
    return 0;
}

static void close_all(int *fds, int n) {
    for (int i = 0; i < n; i++)
        if (fds[i] >= 0) close(fds[i]);
}

kit_proc *kit_proc_start(const char *command, int stderr_fd, char *err, size_t errlen) {
    kit_proc *p = calloc(1, sizeof *p);
    if (!p) return snprintf(err, errlen, "out of memory"), NULL;
    /* in, ctl, status pipes and the terminal: fd[0..1], fd[2..3], fd[4..5], fd[6] master,
     * fd[7] slave */
    int fd[8] = {-1, -1, -1, -1, -1, -1, -1, -1};
    if (pipe2(fd, O_CLOEXEC) || pipe2(fd + 2, O_CLOEXEC) || pipe2(fd + 4, O_CLOEXEC)) {
        snprintf(err, errlen, "pipe: %s", strerror(errno));
        close_all(fd, 8);
        free(p);
        return NULL;
    }
    if (open_terminal(&fd[6], &fd[7], err, errlen)) {
        close_all(fd, 8);
        free(p);
        return NULL;
    }
    signal(SIGPIPE, SIG_IGN); /* a program that exits must not kill the arena */
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(err, errlen, "fork: %s", strerror(errno));
        close_all(fd, 8);
        free(p);
        return NULL;
    }
    if (pid == 0) keeper_main(fd[0], fd[7], stderr_fd, fd[2], fd[5], command);
    setpgid(pid, pid); /* also here, so the group exists before we might kill it */
    close(fd[0]), close(fd[7]), close(fd[2]), close(fd[5]);
    p->keeper = pid;
    p->to_program = fd[1];
    p->control = fd[3];
    p->status_fd = fd[4];
    p->from_program = fd[6];
    fcntl(p->to_program, F_SETFL, fcntl(p->to_program, F_GETFL) | O_NONBLOCK);
    fcntl(p->status_fd, F_SETFL, fcntl(p->status_fd, F_GETFL) | O_NONBLOCK);
    return p;
}

int kit_proc_status(kit_proc *p, int64_t wait_ns, int *status) {
    int64_t deadline = kit_wall_ns() + wait_ns;
    while (!p->have_status && p->status_fd >= 0) {
        ssize_t n = read(p->status_fd, &p->status, sizeof p->status);
        if (n == (ssize_t)sizeof p->status) {
            p->have_status = 1;
            break;
        }
        if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR)) break; /* the keeper is gone */
        int64_t left = deadline - kit_wall_ns();
        if (left <= 0) break;
        struct pollfd pfd = {p->status_fd, POLLIN, 0};
        poll(&pfd, 1, kit_proc_wait_ms(left));
    }
    if (!p->have_status) return -1;
    *status = p->status;
    return 0;
}

int kit_proc_status_is_crash(int status) {
    /* /bin/sh -c reports a command killed by signal N as exit status 128 + N */
    int shell_signal = WIFEXITED(status) && WEXITSTATUS(status) > 128 && WEXITSTATUS(status) <= 192;
    return WIFSIGNALED(status) || shell_signal;
}

kit_end kit_proc_send(kit_proc *p, const char *text, size_t len, int64_t deadline_ns) {
    size_t done = 0;
    while (done < len) {
        ssize_t n = write(p->to_program, text + done, len - done);
        if (n > 0) {
            done += (size_t)n;
            continue;
        }
        if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
            return kit_proc_why_gone(p, deadline_ns);
        int64_t left = deadline_ns - kit_wall_ns();
        if (left <= 0) return KIT_END_TIMEOUT;
        struct pollfd pfd = {p->to_program, POLLOUT, 0};
        poll(&pfd, 1, kit_proc_wait_ms(left));
    }
    return KIT_END_NONE;
}

/* At least one byte of the program's output (kit_proc_fill). */
static kit_end fill(kit_proc *p, char *dst, size_t room, size_t *got, int64_t deadline_ns) {
    for (;;) {
        ssize_t n = read(p->from_program, dst, room);
        if (n > 0) {
            *got = (size_t)n;
            return KIT_END_NONE;
        }
        /* the terminal gives EIO once every holder of its slave side is gone */
        if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR))
            return kit_proc_why_gone(p, deadline_ns);
        int64_t left = deadline_ns - kit_wall_ns();
        if (left <= 0) return KIT_END_TIMEOUT;
        struct pollfd pfd = {p->from_program, POLLIN, 0};
        poll(&pfd, 1, kit_proc_wait_ms(left));
    }
}

kit_end kit_proc_read_line(kit_proc *p, char *line, size_t cap, size_t *len, int64_t deadline_ns) {
    return kit_proc_lines_read(&p->lines, p, fill, line, cap, len, deadline_ns);
}

/* Close the keeper's control pipe (it then kills the program's whole tree and exits), wait up
 * to 2 s for it to exit, kill its process group, which the program's shell shares (that ends
 * what is left of a program that killed its keeper, or kept it stopped: it is sent SIGCONT
 * while we wait), and reap it. The program's terminal closes last, so that a program killed
 * while it prints does not see its output fail first (and say so on its stderr). */
void kit_proc_stop(kit_proc *p) {
    if (!p) return;
    close(p->control);
    if (p->keeper > 0) {
        /* wait for the keeper's exit without reaping it, so that its pid (the group's id)
         * cannot be reused before the group is killed */
        for (int waited_ms = 0; waited_ms < 2000; waited_ms++) {
            kill(p->keeper, SIGCONT); /* the program may have stopped it */
            siginfo_t info;
            memset(&info, 0, sizeof info);
            if (waitid(P_PID, (id_t)p->keeper, &info, WEXITED | WNOHANG | WNOWAIT) != 0) {
                if (errno == EINTR) continue;
                break;
            }
            if (info.si_pid == p->keeper) break;
            struct timespec ms = {0, 1000000};
            nanosleep(&ms, NULL);
        }
        kill(-p->keeper, SIGKILL); /* what is left in the group of a program that killed its keeper */
        int status;
        while (waitpid(p->keeper, &status, 0) < 0 && errno == EINTR) {
        }
    }
    int fds[3] = {p->to_program, p->from_program, p->status_fd};
    close_all(fds, 3);
    free(p->lines.buf);
    free(p);
}
