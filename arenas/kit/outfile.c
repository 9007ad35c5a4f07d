/* outfile.c — output files written whole through a temporary file and a rename, or in place
 * when the name is a device or a pipe (outfile.h). */
#define _XOPEN_SOURCE 700 /* realpath */
#include "outfile.h"

#include "compat.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A name that exists and is not a regular file (stat follows symbolic links). */
static int writes_in_place(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 && !S_ISREG(st.st_mode);
}

/* For a symbolic link, the file it names, into o->path (the link itself must stay: a rename
 * over the link would replace it, and over /dev/stdout, a link, the device's name). 0 when
 * path is no link, 1 when o->path is the file it names, -1 when that file cannot be named (a
 * link to nothing yet): then the link is written through in place. */
static int follow_link(kit_outfile *o, const char *path) {
#ifndef _WIN32
    struct stat st;
    if (lstat(path, &st) != 0 || !S_ISLNK(st.st_mode)) return 0;
    char *real = realpath(path, NULL);
    int ok = real && strlen(real) < sizeof o->path;
    if (ok) strcpy(o->path, real);
    free(real);
    return ok ? 1 : -1;
#else
    (void)o, (void)path;
    return 0;
#endif
}

int kit_outfile_open(kit_outfile *o, const char *path) {
    memset(o, 0, sizeof *o);
    if (!path || !path[0]) return EINVAL;
    if (strlen(path) >= sizeof o->path) return ENAMETOOLONG;
    strcpy(o->path, path);
    if (writes_in_place(path) || follow_link(o, path) < 0) {
        o->f = fopen(path, "wb");
        return o->f ? 0 : errno;
    }
    snprintf(o->tmp, sizeof o->tmp, "%s.XXXXXX", o->path);
    int fd = mkstemp(o->tmp);
    if (fd < 0) {
        int e = errno;
        o->tmp[0] = '\0';
        return e;
    }
    if (kit_usual_mode(fd) != 0 || !(o->f = fdopen(fd, "wb"))) {
        int e = errno;
        close(fd);
        unlink(o->tmp);
        o->tmp[0] = '\0';
        return e ? e : EIO;
    }
    return 0;
}

int kit_outfile_commit(kit_outfile *o) {
    if (!o->f) return EINVAL;
    int e = 0;
    errno = 0;
    if (fflush(o->f) != 0 || ferror(o->f)) e = errno ? errno : EIO;
    errno = 0;
    if (fclose(o->f) != 0 && e == 0) e = errno ? errno : EIO;
    o->f = NULL;
    if (o->tmp[0]) {
        if (e == 0 && kit_rename_over(o->tmp, o->path) != 0) e = errno ? errno : EIO;
        if (e != 0) unlink(o->tmp);
        o->tmp[0] = '\0';
    }
    return e;
}

int kit_same_file(const char *a, const char *b) {
    if (!a || !b) return 0;
#ifndef _WIN32 /* Windows' stat gives no inode: names are compared there */
    struct stat sa, sb;
    if (stat(a, &sa) == 0 && stat(b, &sb) == 0)
        return S_ISREG(sa.st_mode) && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
#endif
    return strcmp(a, b) == 0;
}

void kit_outfile_abort(kit_outfile *o) {
    if (o->f) fclose(o->f);
    o->f = NULL;
    if (o->tmp[0]) unlink(o->tmp);
    o->tmp[0] = '\0';
}
