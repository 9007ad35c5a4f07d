/* counter.c — the shared game counter: one decimal number in a file, read and rewritten under
 * flock, so concurrent processes never take the same number. */
#define _DEFAULT_SOURCE /* flock */
#include "counter.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

/* The number the locked file holds (empty: 0); -1 when it holds anything else. */
static long read_count(int fd) {
    char buf[32];
    ssize_t n = pread(fd, buf, sizeof buf - 1, 0);
    if (n < 0) return -1;
    buf[n] = '\0';
    if (n > 0 && buf[n - 1] == '\n') buf[--n] = '\0';
    if (n == 0) return 0;
    char *end;
    errno = 0;
    long v = strtol(buf, &end, 10);
    if (*end || errno || v < 0 || buf[0] < '0' || buf[0] > '9') return -1;
    return v;
}

long kit_counter_take(const char *path, long n, char *err, size_t errlen) {
    int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) {
        snprintf(err, errlen, "cannot open the counter '%.200s': %s", path, strerror(errno));
        return -1;
    }
    if (flock(fd, LOCK_EX) != 0) {
        snprintf(err, errlen, "cannot lock the counter '%.200s': %s", path, strerror(errno));
        close(fd);
        return -1;
    }
    long first = read_count(fd);
    if (first < 0 || n < 0 || first > __LONG_MAX__ - n) {
        snprintf(err, errlen, "the counter '%.200s' does not hold one number", path);
        close(fd); /* closing releases the lock */
        return -1;
    }
    char buf[32];
    int len = snprintf(buf, sizeof buf, "%ld\n", first + n);
    if (ftruncate(fd, 0) != 0 || pwrite(fd, buf, (size_t)len, 0) != len) {
        snprintf(err, errlen, "cannot write the counter '%.200s': %s", path, strerror(errno));
        close(fd);
        return -1;
    }
    close(fd);
    return first;
}
