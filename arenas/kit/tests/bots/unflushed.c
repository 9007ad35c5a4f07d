/* unflushed.c — an outside bot written like CodinGame's C starter: it reads a line, prints its
 * answer with printf and never flushes. Its stdout must be line-buffered (a terminal) for the
 * answer to leave before it reads again. "pong N" for each "ping N"; `crash` as its argument:
 * it dies of SIGSEGV at once instead. */
#include <signal.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
    char line[256];
    if (argc > 1 && strcmp(argv[1], "crash") == 0) {
        signal(SIGSEGV, SIG_DFL); /* a sanitizer's handler would turn the crash into an exit */
        raise(SIGSEGV);
    }
    while (fgets(line, sizeof line, stdin)) {
        int n;
        if (sscanf(line, "ping %d", &n) == 1) printf("pong %d\n", n);
    }
    return 0;
}
