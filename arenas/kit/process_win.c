/* process_win.c — outside programs on Windows (process.h; process.c is the POSIX one). The
 * program runs in a job object of its own, the keeper's part on Windows: every process it starts
 * joins the job (breaking away is not allowed), ending the player terminates the whole job, and
 * the job dies with the arena (kill on close). Its stdin and stdout are named pipes whose arena
 * ends use overlapped I/O, so that every wait is bounded by the deadline; its stderr is the
 * arena's, NUL or a file. Its stdout is a pipe, not a terminal: a program there must flush its
 * answer (C: fflush or setvbuf; Python: -u or flush=True).
 *
 * Commands: plain words are started directly (CreateProcess finds the program on the PATH,
 * .exe optional); anything with cmd.exe's operators (& | < > ( ) ^ %) runs under cmd.exe /c.
 * A program that cannot be found ends at once with exit status 127, like a shell's.
 *
 * The wait status (kit_proc_status) is the process's exit code; a code of 0xC0000000 or more is
 * an unhandled exception (an access violation, a stack overflow...): KIT_END_CRASH. */
#define WIN32_LEAN_AND_MEAN
#include <windows.h>

#include <io.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cputime.h"
#include "process.h"
#include "process_lines.h"

struct kit_proc {
    HANDLE process, job;
    HANDLE to_program, from_program; /* the arena's ends of the pipes (overlapped) */
    HANDLE io_done;                  /* the event of the one overlapped operation at a time */
    int have_status, status;
    kit_proc_lines lines; /* what was read and not yet returned */
};

/* The child's ends of the pipes are inheritable only while one program starts: another
 * thread's program must not inherit them (it would hold the pipes open). */
static SRWLOCK starting = SRWLOCK_INIT;

static void close_handle(HANDLE *h) {
    if (*h && *h != INVALID_HANDLE_VALUE) CloseHandle(*h);
    *h = NULL;
}

static void fail_with(char *err, size_t errlen, const char *what) {
    snprintf(err, errlen, "%s: Windows error %lu", what, (unsigned long)GetLastError());
}

/* A pipe with the arena's end (overlapped, not inheritable) and the program's (inheritable,
 * synchronous). outbound: the arena writes. 0 or -1. */
static int make_pipe(int outbound, HANDLE *ours, HANDLE *theirs) {
    static atomic_long serial;
    char name[96];
    snprintf(name, sizeof name, "\\\\.\\pipe\\dmap-kit-%lu-%ld",
             (unsigned long)GetCurrentProcessId(), atomic_fetch_add(&serial, 1));
    *ours = CreateNamedPipeA(name,
                             (outbound ? PIPE_ACCESS_OUTBOUND : PIPE_ACCESS_INBOUND) |
                                 FILE_FLAG_OVERLAPPED | FILE_FLAG_FIRST_PIPE_INSTANCE,
                             PIPE_TYPE_BYTE | PIPE_READMODE_BYTE | PIPE_WAIT, 1, 65536, 65536, 0,
                             NULL);
    if (*ours == INVALID_HANDLE_VALUE) return *ours = NULL, -1;
    SECURITY_ATTRIBUTES inherit = {sizeof inherit, NULL, TRUE};
    *theirs = CreateFileA(name, outbound ? GENERIC_READ : GENERIC_WRITE, 0, &inherit,
                          OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, NULL);
    if (*theirs == INVALID_HANDLE_VALUE) {
        *theirs = NULL;
        close_handle(ours);
        return -1;
    }
    return 0;
}

/* The program's stderr: the arena's descriptor fd duplicated inheritable, or NUL. */
static HANDLE stderr_for(int fd) {
    HANDLE h = INVALID_HANDLE_VALUE;
    if (fd >= 0) {
        HANDLE mine = (HANDLE)_get_osfhandle(fd);
        if (mine == INVALID_HANDLE_VALUE ||
            !DuplicateHandle(GetCurrentProcess(), mine, GetCurrentProcess(), &h, 0, TRUE,
                             DUPLICATE_SAME_ACCESS))
            h = INVALID_HANDLE_VALUE;
    }
    if (h == INVALID_HANDLE_VALUE) {
        SECURITY_ATTRIBUTES inherit = {sizeof inherit, NULL, TRUE};
        h = CreateFileA("NUL", GENERIC_WRITE, FILE_SHARE_READ | FILE_SHARE_WRITE, &inherit,
                        OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, NULL);
    }
    return h == INVALID_HANDLE_VALUE ? NULL : h;
}

/* The command line to start: the command itself, or cmd.exe /d /s /c "command" when it uses
 * cmd.exe's operators. NULL when out of memory. */
static char *command_line(const char *command) {
    int shell = strpbrk(command, "&|<>()^%") != NULL;
    size_t n = strlen(command) + 32;
    char *line = malloc(n);
    if (line) snprintf(line, n, shell ? "cmd.exe /d /s /c \"%s\"" : "%s", command);
    return line;
}

/* A job that kills its processes when it ends and lets none break away. */
static HANDLE make_job(void) {
    HANDLE job = CreateJobObjectA(NULL, NULL);
    if (!job) return NULL;
    JOBOBJECT_EXTENDED_LIMIT_INFORMATION limits;
    memset(&limits, 0, sizeof limits);
    limits.BasicLimitInformation.LimitFlags =
        JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE | JOB_OBJECT_LIMIT_DIE_ON_UNHANDLED_EXCEPTION;
    if (!SetInformationJobObject(job, JobObjectExtendedLimitInformation, &limits, sizeof limits)) {
        CloseHandle(job);
        return NULL;
    }
    return job;
}

/* Start the program suspended, in the job, with the three handles; then let it run. */
static int start_program(kit_proc *p, const char *command, HANDLE in, HANDLE out, HANDLE errh,
                         char *err, size_t errlen) {
    char *line = command_line(command);
    if (!line) return snprintf(err, errlen, "out of memory"), -1;
    STARTUPINFOA si;
    memset(&si, 0, sizeof si);
    si.cb = sizeof si;
    si.dwFlags = STARTF_USESTDHANDLES;
    si.hStdInput = in;
    si.hStdOutput = out;
    si.hStdError = errh;
    PROCESS_INFORMATION pi;
    /* no CREATE_NO_WINDOW: the program shares the arena's console (Wine gives a program
     * without one a console of its own that keeps a copy of its stdout open) */
    BOOL ok = CreateProcessA(NULL, line, NULL, NULL, TRUE, CREATE_SUSPENDED,
                             NULL, NULL, &si, &pi);
    DWORD why = GetLastError();
    free(line);
    if (!ok) {
        if (why == ERROR_FILE_NOT_FOUND || why == ERROR_PATH_NOT_FOUND ||
            why == ERROR_BAD_EXE_FORMAT) {
            p->have_status = 1; /* as a shell says "not found": exit status 127 */
            p->status = 127;
            return 0;
        }
        SetLastError(why);
        fail_with(err, errlen, "CreateProcess");
        return -1;
    }
    if (!AssignProcessToJobObject(p->job, pi.hProcess)) {
        fail_with(err, errlen, "AssignProcessToJobObject");
        TerminateProcess(pi.hProcess, 1);
        CloseHandle(pi.hThread);
        CloseHandle(pi.hProcess);
        return -1;
    }
    ResumeThread(pi.hThread);
    CloseHandle(pi.hThread);
    p->process = pi.hProcess;
    return 0;
}

kit_proc *kit_proc_start(const char *command, int stderr_fd, char *err, size_t errlen) {
    kit_proc *p = calloc(1, sizeof *p);
    if (!p) return snprintf(err, errlen, "out of memory"), NULL;
    p->job = make_job();
    p->io_done = CreateEventA(NULL, TRUE, FALSE, NULL);
    if (!p->job || !p->io_done) {
        fail_with(err, errlen, "job object");
        kit_proc_stop(p);
        return NULL;
    }
    HANDLE in = NULL, out = NULL, errh = NULL;
    AcquireSRWLockExclusive(&starting);
    int rc = -1;
    if (make_pipe(1, &p->to_program, &in) || make_pipe(0, &p->from_program, &out))
        fail_with(err, errlen, "pipe");
    else if (!(errh = stderr_for(stderr_fd)))
        fail_with(err, errlen, "stderr");
    else
        rc = start_program(p, command, in, out, errh, err, errlen);
    close_handle(&in);
    close_handle(&out);
    close_handle(&errh);
    ReleaseSRWLockExclusive(&starting);
    if (rc != 0) {
        kit_proc_stop(p);
        return NULL;
    }
    return p;
}

int kit_proc_status(kit_proc *p, int64_t wait_ns, int *status) {
    if (!p->have_status && p->process) {
        int64_t deadline = kit_wall_ns() + wait_ns;
        DWORD code;
        for (;;) {
            if (GetExitCodeProcess(p->process, &code) && code != STILL_ACTIVE) {
                p->have_status = 1;
                p->status = (int)code;
                break;
            }
            int64_t left = deadline - kit_wall_ns();
            if (left <= 0) break;
            /* a program may exit with code 259 (STILL_ACTIVE): the wait tells */
            if (WaitForSingleObject(p->process, (DWORD)kit_proc_wait_ms(left)) == WAIT_OBJECT_0 &&
                GetExitCodeProcess(p->process, &code)) {
                p->have_status = 1;
                p->status = (int)code;
                break;
            }
        }
    }
    if (!p->have_status) return -1;
    *status = p->status;
    return 0;
}

/* An exception code (0xC0000005 an access violation, ...) as the exit code is a crash. */
int kit_proc_status_is_crash(int status) { return (unsigned)status >= 0xC0000000u; }

/* One overlapped read or write on h until the deadline: KIT_END_NONE and *done bytes (0 for a
 * program's empty write), or KIT_END_TIMEOUT (the operation cancelled, nothing done), or why
 * the pipe broke. */
static kit_end transfer(kit_proc *p, HANDLE h, int writing, void *buf, size_t n, size_t *done,
                        int64_t deadline_ns) {
    *done = 0;
    if (!h) return kit_proc_why_gone(p, deadline_ns);
    OVERLAPPED ov;
    memset(&ov, 0, sizeof ov);
    ov.hEvent = p->io_done;
    ResetEvent(p->io_done);
    DWORD count = n > 1u << 30 ? 1u << 30 : (DWORD)n, got = 0;
    BOOL ok = writing ? WriteFile(h, buf, count, NULL, &ov) : ReadFile(h, buf, count, NULL, &ov);
    if (!ok && GetLastError() != ERROR_IO_PENDING) return kit_proc_why_gone(p, deadline_ns);
    int64_t left = deadline_ns - kit_wall_ns();
    if (WaitForSingleObject(p->io_done, (DWORD)kit_proc_wait_ms(left)) != WAIT_OBJECT_0)
        CancelIoEx(h, &ov);
    if (GetOverlappedResult(h, &ov, &got, TRUE)) { /* done before the cancel came */
        *done = got;
        return KIT_END_NONE;
    }
    return GetLastError() == ERROR_OPERATION_ABORTED ? KIT_END_TIMEOUT : kit_proc_why_gone(p, deadline_ns);
}

kit_end kit_proc_send(kit_proc *p, const char *text, size_t len, int64_t deadline_ns) {
    size_t sent = 0;
    while (sent < len) {
        size_t n;
        kit_end why = transfer(p, p->to_program, 1, (void *)(text + sent), len - sent, &n,
                               deadline_ns);
        if (why != KIT_END_NONE) return why;
        sent += n;
    }
    return KIT_END_NONE;
}

/* At least one byte of the program's output (kit_proc_fill). */
static kit_end fill(kit_proc *p, char *dst, size_t room, size_t *got, int64_t deadline_ns) {
    return transfer(p, p->from_program, 0, dst, room, got, deadline_ns);
}

kit_end kit_proc_read_line(kit_proc *p, char *line, size_t cap, size_t *len, int64_t deadline_ns) {
    return kit_proc_lines_read(&p->lines, p, fill, line, cap, len, deadline_ns);
}

/* Terminate the whole job (the program and everything it started), wait up to 2 s for the
 * program to be gone, close everything. */
void kit_proc_stop(kit_proc *p) {
    if (!p) return;
    if (p->job) TerminateJobObject(p->job, 1);
    if (p->process) WaitForSingleObject(p->process, 2000);
    close_handle(&p->to_program);
    close_handle(&p->from_program);
    close_handle(&p->process);
    close_handle(&p->job);
    close_handle(&p->io_done);
    free(p->lines.buf);
    free(p);
}
