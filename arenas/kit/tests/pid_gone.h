/* pid_gone.h — for the tests that check a bot's processes ended (POSIX): whether a process is
 * gone now, that is no longer exists or is a zombie nobody reaped yet (a killed grandchild
 * reparented to a PID 1 that does not reap). */
#ifndef KIT_TESTS_PID_GONE_H
#define KIT_TESTS_PID_GONE_H

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>

static inline int kit_test_pid_gone(long pid) {
    if (kill((pid_t)pid, 0) != 0 && errno == ESRCH) return 1;
    char path[64], buf[512];
    snprintf(path, sizeof path, "/proc/%ld/stat", pid);
    FILE *f = fopen(path, "r");
    if (!f) return 1;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    const char *rp = strrchr(buf, ')');
    return rp && (rp[2] == 'Z' || rp[2] == 'X');
}

#endif
