/* readfile.c — loading a whole file (or standard input, "-") into memory for the readers.
 *
 * A directory says "is a directory": fopen on one succeeds on POSIX systems and the first read
 * fails with EISDIR; on Windows fopen fails with "Permission denied" and stat tells. Plain ISO
 * C elsewhere (no feature-test macro, no fileno): the one-file header's implementation then
 * compiles even when the user's file included system headers before it in strict C11 mode.
 * Files are capped at 1 GiB so a runaway pipe cannot eat the machine. A named file is read
 * unbuffered: the reads are big, and the C library's buffer would be one more allocation whose
 * failure it hides (it then reads unbuffered anyway), so out of memory is always reported. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _WIN32
#include <sys/stat.h>
#endif

#include "dmap.h"
#include "lines.h"

#define READ_LIMIT ((size_t)1 << 30)

static int slurp(FILE *f, char **text, size_t *len, dmap_diag *diag) {
    size_t cap = 1 << 16, used = 0;
    char *buf = (char *)malloc(cap);
    if (!buf) return dmap_diag_fail(diag, DMAP_ERR_NOMEM, 0, "out of memory");
    for (;;) {
        if (cap - used < 2) {
            if (cap >= READ_LIMIT) {
                free(buf);
                return dmap_diag_fail(diag, DMAP_ERR_IO, 0, "file is larger than 1 GiB");
            }
            char *grown = (char *)realloc(buf, cap * 2);
            if (!grown) {
                free(buf);
                return dmap_diag_fail(diag, DMAP_ERR_NOMEM, 0, "out of memory");
            }
            buf = grown;
            cap *= 2;
        }
        size_t got = fread(buf + used, 1, cap - used - 1, f);
        used += got;
        if (got == 0) break;
    }
    if (ferror(f)) {
        int err = errno;
        free(buf);
#ifdef EISDIR
        if (err == EISDIR) return dmap_diag_fail(diag, DMAP_ERR_IO, 0, "is a directory");
#endif
        return dmap_diag_fail(diag, DMAP_ERR_IO, 0, "read error: %s",
                              err ? strerror(err) : "unknown");
    }
    buf[used] = '\0';
    *text = buf;
    *len = used;
    return DMAP_OK;
}

int dmap_read_file(const char *path, char **text, size_t *len, dmap_diag *diag) {
    dmap_diag_clear(diag);
    if (text) *text = NULL;
    if (len) *len = 0;
    if (!path || !text || !len) return dmap_diag_fail(diag, DMAP_ERR_ARG, 0, "no path given");
    if (path[0] == '\0') return dmap_diag_fail(diag, DMAP_ERR_IO, 0, "empty file name");
    int is_stdin = strcmp(path, "-") == 0;
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    if (!f) {
        int err = errno;
#ifdef _WIN32
        /* Only Windows refuses to open a directory; elsewhere the read says EISDIR, without a
         * path lookup (one more system call, one more import for the WebAssembly host). */
        struct stat st;
        if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
            return dmap_diag_fail(diag, DMAP_ERR_IO, 0, "is a directory");
#endif
        return dmap_diag_fail(diag, DMAP_ERR_IO, 0, "cannot open: %s", strerror(err));
    }
    if (!is_stdin) setvbuf(f, NULL, _IONBF, 0);
    errno = 0;
    int rc = slurp(f, text, len, diag);
    if (!is_stdin) fclose(f);
    return rc;
}
