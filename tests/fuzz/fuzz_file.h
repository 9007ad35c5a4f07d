/* fuzz_file.h — the fuzz bytes as a file, for readers that take a path: one memfd per process,
 * rewritten for each input and read back through /proc/self/fd/N. */
#ifndef DMAP_FUZZ_FILE_H
#define DMAP_FUZZ_FILE_H

#define _GNU_SOURCE
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/types.h>
#include <unistd.h>

/* Replace the memfd's contents with n bytes; its path, or NULL when the memfd failed. */
static inline const char *fuzz_file(const uint8_t *data, size_t n) {
    static int fd = -1;
    static char path[64];
    if (fd < 0) {
        fd = memfd_create("dmap_fuzz", 0);
        if (fd < 0) return NULL;
        snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    }
    if (ftruncate(fd, 0) != 0) return NULL;
    size_t done = 0;
    while (done < n) {
        ssize_t k = pwrite(fd, data + done, n - done, (off_t)done);
        if (k <= 0) return NULL;
        done += (size_t)k;
    }
    return path;
}

/* A message meant for one line on stderr: non-empty, no newline, NUL-terminated in cap. */
static inline int fuzz_one_line(const char *msg, size_t cap) {
    const char *end = memchr(msg, '\0', cap);
    return end != NULL && end != msg && memchr(msg, '\n', (size_t)(end - msg)) == NULL;
}

/* Standard output and error of one call, caught in a memfd: fuzz_capture_begin before it,
 * fuzz_capture_end after, which gives the text (NUL-terminated, static) and its length. */
static int fuzz_saved_fd[2] = {-1, -1};
static int fuzz_capture_fd = -1;
static inline void fuzz_capture_begin(void) {
    fflush(stdout);
    fflush(stderr);
    if (fuzz_capture_fd < 0) fuzz_capture_fd = memfd_create("dmap_fuzz_out", 0);
    if (ftruncate(fuzz_capture_fd, 0) != 0) return;
    lseek(fuzz_capture_fd, 0, SEEK_SET);
    fuzz_saved_fd[0] = dup(1);
    fuzz_saved_fd[1] = dup(2);
    dup2(fuzz_capture_fd, 1);
    dup2(fuzz_capture_fd, 2);
}
static inline const char *fuzz_capture_end(size_t *len) {
    static char text[1 << 16];
    fflush(stdout);
    fflush(stderr);
    dup2(fuzz_saved_fd[0], 1);
    dup2(fuzz_saved_fd[1], 2);
    close(fuzz_saved_fd[0]);
    close(fuzz_saved_fd[1]);
    ssize_t k = pread(fuzz_capture_fd, text, sizeof text - 1, 0);
    *len = k > 0 ? (size_t)k : 0;
    text[*len] = '\0';
    return text;
}

#endif
