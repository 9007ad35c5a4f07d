/* data.c — where an arena program finds its data folder (data.h). */
#define _POSIX_C_SOURCE 200809L
#include "data.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

static int is_dir(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static int put(char *out, size_t cap, const char *fmt, const char *a, const char *b) {
    int n = snprintf(out, cap, fmt, a, b);
    return n >= 0 && (size_t)n < cap;
}

int kit_data_dir_at(const char *prog, const char *game, const char *override, const char *exe,
                    char *out, size_t cap) {
    if (override) {
        if (!is_dir(override) || !put(out, cap, "%s%s", override, ""))
            return kit_fail(prog, "--data %.200s: not a folder", override);
        return 0;
    }
    char dir[4096] = ".";
    const char *slash = exe ? strrchr(exe, '/') : NULL;
    if (slash && (size_t)(slash - exe) < sizeof dir)
        snprintf(dir, sizeof dir, "%.*s", (int)(slash - exe), exe);
    char beside[4200], installed[4300];
    snprintf(beside, sizeof beside, "%s/data", dir);
    snprintf(installed, sizeof installed, "%s/../share/dmap/%s", dir, game);
    if (is_dir(beside) && put(out, cap, "%s%s", beside, "")) return 0;
    if (is_dir(installed) && put(out, cap, "%s%s", installed, "")) return 0;
    return kit_fail(prog, "cannot find the %s data (looked in %.200s, %.200s; give --data DIR)",
                    game, beside, installed);
}

int kit_data_dir(const char *prog, const char *game, const char *override, char *out,
                 size_t cap) {
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    exe[n > 0 ? n : 0] = '\0';
    return kit_data_dir_at(prog, game, override, n > 0 ? exe : NULL, out, cap);
}
