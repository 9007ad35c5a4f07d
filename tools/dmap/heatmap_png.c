/* heatmap_png.c — writing a heatmap image as a PNG file with libpng (its simplified write API),
 * safely: never over an existing file unless asked, never a half-written file at the name the
 * user gave (a temporary file beside it is moved into place when complete), and never a file
 * in place of a device or a pipe (--force to /dev/stdout writes into it). */
#define _XOPEN_SOURCE 700 /* realpath */
#include "heatmap.h"

#include <errno.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* mkstemp makes a private file (0600); give it the mode any new file gets (0666 less the
 * umask). A failure here is not fatal: the contents are still right. */
static void give_usual_mode(int fd) {
    mode_t mask = umask(0);
    umask(mask);
    int ignored = fchmod(fd, 0666 & ~mask);
    (void)ignored;
}

static int say(char *err, size_t size, const char *path, const char *why) {
    snprintf(err, size, "%s: %s", path, why);
    return -1;
}

/* Encode img into the open file f; 0 or -1 with libpng's reason in err. */
static int encode(FILE *f, const heatmap_image *img, const char *path, char *err, size_t size) {
    png_image png;
    memset(&png, 0, sizeof png);
    png.version = PNG_IMAGE_VERSION;
    png.width = (png_uint_32)img->w;
    png.height = (png_uint_32)img->h;
    png.format = PNG_FORMAT_RGB;
    int ok = png_image_write_to_stdio(&png, f, 0, img->rgb, 0, NULL);
    if (!ok) say(err, size, path, png.message[0] ? png.message : "the PNG encoder failed");
    png_image_free(&png);
    return ok ? 0 : -1;
}

/* Encode img into path itself: a device or a pipe (renaming over it would replace it). */
static int write_in_place(const char *path, const heatmap_image *img, char *err, size_t size) {
    FILE *f = fopen(path, "wb");
    if (!f) {
        snprintf(err, size, "%s: %s", path, strerror(errno));
        return -1;
    }
    int rc = encode(f, img, path, err, size);
    if (fclose(f) != 0 && rc == 0) {
        snprintf(err, size, "%s: cannot write: %s", path, strerror(errno));
        rc = -1;
    }
    return rc;
}

int heatmap_write_png(const char *path, const heatmap_image *img, int force, char *err,
                      size_t errsize) {
    if (!path || !img || !img->rgb || img->w < 1 || img->h < 1)
        return say(err, errsize, path ? path : "(null)", "nothing to write");
    struct stat st;
    int exists = stat(path, &st) == 0;
    if (!force && exists) return say(err, errsize, path, "exists (use --force to overwrite it)");
    if (exists && !S_ISREG(st.st_mode)) return write_in_place(path, img, err, errsize);
    /* a symbolic link stays (over /dev/stdout it is the device's name): the file it names is
     * the one replaced, or written through when it names nothing yet */
    int is_link = force && lstat(path, &st) == 0 && S_ISLNK(st.st_mode);
    char *real = is_link ? realpath(path, NULL) : NULL;
    if (is_link && !real) return write_in_place(path, img, err, errsize);
    const char *target = real ? real : path;
    size_t n = strlen(target);
    char *tmp = malloc(n + 16);
    if (!tmp) {
        free(real);
        return say(err, errsize, path, "out of memory");
    }
    snprintf(tmp, n + 16, "%s.tmp-XXXXXX", target);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        snprintf(err, errsize, "%s: cannot create a file there: %s", path, strerror(errno));
        free(tmp);
        free(real);
        return -1;
    }
    give_usual_mode(fd);
    FILE *f = fdopen(fd, "wb");
    int rc =
        f ? encode(f, img, path, err, errsize) : say(err, errsize, path, "cannot open the file");
    if (!f) close(fd);
    if (f && fclose(f) != 0 && rc == 0) rc = say(err, errsize, path, "cannot write the file");
    if (rc == 0) {
        /* link() refuses an existing name atomically; rename() replaces it (--force) */
        int moved = force ? rename(tmp, target) : link(tmp, path);
        if (moved != 0) {
            snprintf(err, errsize, "%s: %s", path,
                     errno == EEXIST ? "exists (use --force to overwrite it)" : strerror(errno));
            rc = -1;
        }
    }
    if (rc != 0 || !force) unlink(tmp);
    free(tmp);
    free(real);
    return rc;
}
