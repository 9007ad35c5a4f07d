/* file.c — whole-file reading with a size limit (plain or gzip through zlib's gzread, which
 * reads both), and splitting a text into lines. */
#include "file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

/* The limit as the message says it: "64 MiB", or bytes when it is not a whole MiB. */
static void limit_text(size_t limit, char *buf, size_t cap) {
    if (limit >= (1u << 20) && limit % (1u << 20) == 0)
        snprintf(buf, cap, "%zu MiB", limit >> 20);
    else
        snprintf(buf, cap, "%zu bytes", limit);
}

static void too_large(const char *path, size_t limit, char *err, size_t errlen) {
    char lim[32];
    limit_text(limit, lim, sizeof lim);
    snprintf(err, errlen, "%s: larger than %s (the limit for this file)", path, lim);
}

/* zlib's verdict on a stream that stopped: 0 when it ended cleanly, else -1 with its message
 * (a truncated or corrupt gzip stream ends like a short file otherwise). */
static int stream_error(gzFile f, const char *path, char *err, size_t errlen) {
    int zerr = Z_OK;
    const char *msg = gzerror(f, &zerr);
    if (zerr == Z_OK || zerr == Z_STREAM_END) return 0;
    snprintf(err, errlen, "%s: cannot read (%s)", path, msg);
    return -1;
}

/* Reads from an open stream into a growing buffer; -1 with err on failure. */
static int read_stream(gzFile f, const char *path, size_t limit, char **text, size_t *len,
                       char *err, size_t errlen) {
    size_t cap = limit < (1u << 16) ? limit : (1u << 16), n = 0;
    char *buf = malloc(cap + 1);
    for (;;) {
        if (!buf) {
            snprintf(err, errlen, "%s: out of memory", path);
            return -1;
        }
        if (n == cap && cap == limit) { /* full at the limit: one more byte is too many */
            char extra;
            if (gzread(f, &extra, 1) == 1) {
                too_large(path, limit, err, errlen);
                free(buf);
                return -1;
            }
            if (stream_error(f, path, err, errlen)) return free(buf), -1;
            break;
        }
        if (n == cap) {
            size_t grow = cap > limit / 2 ? limit : cap * 2;
            char *more = realloc(buf, grow + 1);
            if (!more) free(buf);
            buf = more;
            cap = grow;
            continue;
        }
        size_t want = cap - n > (1u << 30) ? (1u << 30) : cap - n;
        int got = gzread(f, buf + n, (unsigned)want);
        if (got <= 0) {
            snprintf(err, errlen, "%s: cannot read", path);
            if (stream_error(f, path, err, errlen) || got < 0) return free(buf), -1;
            break;
        }
        n += (size_t)got;
    }
    buf[n] = '\0';
    *text = buf;
    *len = n;
    return 0;
}

int kit_read_file(const char *path, size_t limit, unsigned flags, char **text, size_t *len,
                  char *err, size_t errlen) {
    *text = NULL;
    *len = 0;
    int is_stdin = strcmp(path, "-") == 0;
    const char *name = is_stdin ? "standard input" : path;
    int fd = is_stdin ? dup(0) : -1;
    errno = 0;
    gzFile f = is_stdin ? (fd >= 0 ? gzdopen(fd, "rb") : NULL) : gzopen(path, "rb");
    if (!f) {
        if (fd >= 0) close(fd);
        snprintf(err, errlen, "%s: cannot open: %s", name, errno ? strerror(errno) : "out of memory");
        return -1;
    }
    if (!(flags & KIT_FILE_GZIP)) gzdirect(f); /* decided at the first read; see below */
    char *buf = NULL;
    size_t n = 0;
    int rc = read_stream(f, name, limit, &buf, &n, err, errlen);
    if (rc == 0 && !(flags & KIT_FILE_GZIP) && !gzdirect(f)) {
        snprintf(err, errlen, "%s: gzip-compressed (this file must be plain text)", name);
        free(buf);
        rc = -1;
    }
    gzclose(f);
    if (rc) return -1;
    if ((flags & KIT_FILE_TEXT) && memchr(buf, '\0', n)) {
        snprintf(err, errlen, "%s: not a text file (NUL byte)", name);
        free(buf);
        return -1;
    }
    *text = buf;
    *len = n;
    return 0;
}

int kit_split_lines(char *text, size_t len, char ***lines, size_t *n) {
    size_t count = 0;
    for (size_t i = 0; i < len; i++) count += text[i] == '\n';
    if (len && text[len - 1] != '\n') count++;
    char **out = malloc((count ? count : 1) * sizeof *out);
    if (!out) return -1;
    size_t k = 0;
    for (size_t start = 0; start < len;) {
        char *nl = memchr(text + start, '\n', len - start);
        size_t end = nl ? (size_t)(nl - text) : len;
        text[end] = '\0'; /* text[len] is the terminating NUL */
        if (end > start && text[end - 1] == '\r') text[end - 1] = '\0';
        out[k++] = text + start;
        start = end + 1;
    }
    *lines = out;
    *n = k;
    return 0;
}
