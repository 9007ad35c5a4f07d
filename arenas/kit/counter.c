/* counter.c — the shared game counter: one decimal number in a file, read and rewritten under
 * flock (Windows: LockFileEx), so concurrent processes never take the same number. */
#define _DEFAULT_SOURCE /* flock */
#include "counter.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compat.h"

#ifdef _WIN32
/* The whole file locked for this process until it closes it (flock's LOCK_EX). */
static int lock_whole(int fd) {
    OVERLAPPED at;
    memset(&at, 0, sizeof at);
    HANDLE h = (HANDLE)_get_osfhandle(fd);
    if (h == INVALID_HANDLE_VALUE ||
        !LockFileEx(h, LOCKFILE_EXCLUSIVE_LOCK, 0, MAXDWORD, MAXDWORD, &at))
        return errno = EACCES, -1;
    return 0;
}

static ssize_t pread(int fd, void *buf, size_t n, long at) {
    return lseek(fd, at, SEEK_SET) < 0 ? -1 : read(fd, buf, (unsigned)n);
}
#define pwrite(fd, buf, n, at) (lseek(fd, at, SEEK_SET) < 0 ? -1 : write(fd, buf, (unsigned)(n)))
#define ftruncate(fd, n) _chsize(fd, n)
#else
#include <sys/file.h>
#define lock_whole(fd) flock(fd, LOCK_EX)
#endif

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
    if (lock_whole(fd) != 0) {
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
