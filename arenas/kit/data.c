/* data.c — finding an arena's data folder (data.h).
 * (A minimal version for the Kutulu arena's build; the kit's own version replaces it.) */
#define _DEFAULT_SOURCE
#include "data.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

static int is_dir(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* The folder of the running program, or "" when it cannot be known. */
static void program_dir(char *out, size_t cap) {
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    out[0] = '\0';
    if (n <= 0) return;
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    if (!slash) return;
    *slash = '\0';
    snprintf(out, cap, "%s", exe);
}

int kit_data_dir(const char *prog, const char *game, const char *override, char *out,
                 size_t cap) {
    if (override) {
        struct stat st;
        if (stat(override, &st) != 0)
            return kit_fail(prog, "--data %.200s: %s", override, strerror(errno));
        if (!S_ISDIR(st.st_mode)) return kit_fail(prog, "--data %.200s: not a folder", override);
        if ((size_t)snprintf(out, cap, "%s", override) >= cap)
            return kit_fail(prog, "--data: path too long");
        return 0;
    }
    char dir[PATH_MAX], beside[PATH_MAX + 16], installed[PATH_MAX + 128];
    program_dir(dir, sizeof dir);
    snprintf(beside, sizeof beside, "%s/data", dir);
    snprintf(installed, sizeof installed, "%s/../share/dmap/%s", dir, game);
    const char *found = dir[0] && is_dir(beside) ? beside : dir[0] && is_dir(installed) ? installed
                                                                                          : NULL;
    if (!found)
        return kit_fail(prog, "no data folder: neither %.200s nor %.200s (give --data DIR)",
                        beside, installed);
    if ((size_t)snprintf(out, cap, "%s", found) >= cap)
        return kit_fail(prog, "data folder path too long");
    return 0;
}
