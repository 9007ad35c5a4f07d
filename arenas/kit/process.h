/* process.h — an outside program at the table: a command run by /bin/sh under a keeper
 * process, fed lines on its stdin and read one whole answer line at a time, within a time
 * limit, from its stdout; and why it ended when it did.
 *
 * Containment. The keeper is a small process of ours between the arena and the program, the
 * leader of the program's process group and (Linux) the subreaper of everything the program
 * starts, so nothing can leave the tree, not by setsid() and not by a double fork. Ending the
 * player (kit_proc_stop, or the arena dying: the keeper watches a pipe only the arena holds)
 * makes the keeper kill every descendant and exit; the arena then kills the process group too
 * (for a program that killed or stopped its keeper) and reaps the keeper.
 *
 * Buffering as on the contest platforms. The program's stdout is a pseudo-terminal in raw mode
 * (no echo, no CR translation), so that C stdio, Python, and every runtime that buffers a pipe
 * fully but a terminal by line deliver a line as soon as it is printed: a bot that prints its
 * answer and never flushes works, as on CodinGame. Its stdin is a pipe, its stderr the
 * arena's, /dev/null or a file.
 *
 * Lines. An answer is judged whole: a line longer than the caller's buffer ends the player
 * (KIT_END_TOO_LONG), it is never cut to a prefix that might parse. Nothing blocks: every wait
 * is a poll() bounded by the deadline.
 *
 * This is process.c, on POSIX systems. On Windows process_win.c gives the same interface: a job
 * object instead of the keeper, pipes for stdin and stdout (no terminal: the program must flush
 * its answers), waits bounded by the deadline through overlapped I/O; the wait status is the
 * exit code. */
#ifndef KIT_PROCESS_H
#define KIT_PROCESS_H

#include <stddef.h>
#include <stdint.h>

/* Why a player ended (the tables' words are kit_end_name's). */
typedef enum kit_end {
    KIT_END_NONE = 0, /* still playing */
    KIT_END_TIMEOUT,  /* no whole line within the time limit (or its input could not be written) */
    KIT_END_CRASH,    /* the program was killed by a signal */
    KIT_END_EXIT,     /* the program exited */
    KIT_END_CLOSED,   /* the program closed its output and kept running */
    KIT_END_TOO_LONG, /* an answer line longer than the arena takes */
    KIT_END_INVALID,  /* an answer line the rules reject (the arena judges it) */
    KIT_END_COUNT
} kit_end;

/* "timeout", "crash", "exit", "closed output", "too long", "invalid line" ("playing" for
 * KIT_END_NONE). */
const char *kit_end_name(kit_end why);

/* Where the program's stderr goes: a descriptor of the caller's (duplicated into the program;
 * 2, the arena's own stderr, by default), or KIT_STDERR_DISCARD for /dev/null. */
#define KIT_STDERR_DISCARD (-1)

typedef struct kit_proc kit_proc;

/* Start `command` under its keeper: plain words are run directly (execvp), anything with the
 * shell's syntax by /bin/sh -c COMMAND. NULL with err when no pipe,
 * terminal or process could be had. The caller ignores SIGPIPE from then on (set here). */
kit_proc *kit_proc_start(const char *command, int stderr_fd, char *err, size_t errlen);

/* Write len bytes of text to the program's stdin before deadline_ns (kit_wall_ns clock).
 * KIT_END_NONE, or why the program cannot be fed (KIT_END_TIMEOUT: its input is full and it
 * reads nothing; or how it ended). */
kit_end kit_proc_send(kit_proc *p, const char *text, size_t len, int64_t deadline_ns);

/* Read the next whole line (without its '\n') into line[0..cap-1], NUL-terminated, before
 * deadline_ns; *len gets its length (a line may hold NUL bytes). KIT_END_NONE with the line,
 * else why there is none: KIT_END_TOO_LONG (cap - 1 bytes and no end yet), KIT_END_TIMEOUT,
 * KIT_END_EXIT or KIT_END_CRASH (the output ended with the program), KIT_END_CLOSED (the
 * output ended, the program runs on). */
kit_end kit_proc_read_line(kit_proc *p, char *line, size_t cap, size_t *len, int64_t deadline_ns);

/* The program's wait status once it has ended (its exit or signal), waiting up to wait_ns for
 * it: 0 and *status, or -1 when it still runs. */
int kit_proc_status(kit_proc *p, int64_t wait_ns, int *status);

/* End the program and every process it started, reap the keeper, free p (NULL is fine). */
void kit_proc_stop(kit_proc *p);

#endif
