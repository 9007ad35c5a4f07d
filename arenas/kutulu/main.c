/* main.c — the `kutulu` program: match, replay and tournament commands, and the helpers they
 * share (kutulu_cli.h). */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kutulu_cli.h"

#ifndef KUTULU_DEFAULT_MAPS
#define KUTULU_DEFAULT_MAPS "../shared/data/kutulu/maps"
#endif

int kcli_fail(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fputs("kutulu: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return KCLI_USAGE;
}

int kcli_read_file(const char *path, char **text, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return kcli_fail("%s: cannot open: %s", path, strerror(errno)), -1;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        n += fread(buf + n, 1, cap - n - 1, f);
        if (n < cap - 1) break;
        if (n >= KCLI_FILE_MAX) { /* full at the limit: one more byte is too many */
            if (fgetc(f) == EOF) break;
            free(buf);
            fclose(f);
            return kcli_fail("%s: larger than %d MiB (the limit for recorded games)", path,
                             KCLI_FILE_MAX >> 20), -1;
        }
        size_t grow = cap * 2 > (size_t)KCLI_FILE_MAX + 1 ? (size_t)KCLI_FILE_MAX + 1 : cap * 2;
        char *more = realloc(buf, grow);
        if (!more) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = more;
        cap = grow;
    }
    int bad = ferror(f);
    fclose(f);
    if (!buf || bad) {
        free(buf);
        return kcli_fail("%s: %s", path, bad ? "read error" : "out of memory"), -1;
    }
    buf[n] = '\0';
    if (memchr(buf, '\0', n)) {
        free(buf);
        return kcli_fail("%s: binary file (NUL byte)", path), -1;
    }
    *text = buf;
    *len = n;
    return 0;
}

int kcli_load_maps(const char *dir, kt_mapset *maps) {
    char err[512];
    if (kt_mapset_load(dir ? dir : KUTULU_DEFAULT_MAPS, maps, err, sizeof err))
        return kcli_fail("%s", err);
    return 0;
}

static const char usage[] =
    "usage: kutulu COMMAND [options]   (kutulu help COMMAND: its options)\n"
    "  match --seed S --bots A,B,C,D [--map NAME] [--render] [--replay FILE]\n"
    "  replay TRACE...           replay games recorded from the official referee\n"
    "  tournament --bots A,B,C,D --games N [--seed S] [--jobs J]\n"
    "  bots                      list the built-in bots\n";

int main(int argc, char **argv) {
    if (argc < 2) { /* like dmap and pursuit: no command is not an error, it shows the usage */
        fputs(usage, stdout);
        return 0;
    }
    if (strcmp(argv[1], "help") == 0 && argc > 2) { /* help COMMAND = COMMAND --help */
        char *help_argv[] = {argv[2], "--help", NULL};
        if (strcmp(argv[2], "replay") == 0) return kutulu_cmd_replay(2, help_argv);
        if (strcmp(argv[2], "match") == 0) return kutulu_cmd_match(2, help_argv);
        if (strcmp(argv[2], "tournament") == 0) return kutulu_cmd_tournament(2, help_argv);
        if (strcmp(argv[2], "bots") != 0)
            return kcli_fail("unknown command '%.60s' (see kutulu --help)", argv[2]);
        argv[1] = argv[2]; /* help bots: the list itself */
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "help") == 0) {
        fputs(usage, stdout);
        return 0;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "replay") == 0) return kutulu_cmd_replay(argc - 1, argv + 1);
    if (strcmp(cmd, "match") == 0) return kutulu_cmd_match(argc - 1, argv + 1);
    if (strcmp(cmd, "tournament") == 0) return kutulu_cmd_tournament(argc - 1, argv + 1);
    if (strcmp(cmd, "bots") == 0) {
        kit_bot_list(stdout, &kt_bot_table);
        return 0;
    }
    return kcli_fail("unknown command '%.60s' (see kutulu --help)", cmd);
}
