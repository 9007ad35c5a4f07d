/* data.c — finding an arena's data folder: the --data option, else `data` beside the
 * executable (build tree), else share/dmap/<game> under the install prefix. The prefix is
 * found from the executable's own path, not compiled in, so a moved install still finds it. */
#define _POSIX_C_SOURCE 200809L
#include "data.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef _WIN32
#define WIN32_LEAN_AND_MEAN
#include <windows.h>
#endif

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

/* The data root relative to the programs' folder: CMake passes the path from the install's
 * bin folder to its share folder (CMAKE_INSTALL_BINDIR to CMAKE_INSTALL_DATADIR). */
#ifndef KIT_DATA_FROM_BIN
#define KIT_DATA_FROM_BIN "../share"
#endif

static int is_folder(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* dst[cap] = the folder part of path ("." when it has none, "/" for a file at the root);
 * 0, or -1 when it does not fit. */
static int folder_of(const char *path, char *dst, size_t cap) {
    const char *slash = strrchr(path, '/');
#ifdef _WIN32 /* the folder of C:\dmap\bin\bomber.exe */
    const char *backslash = strrchr(path, '\\');
    if (backslash && (!slash || backslash > slash)) slash = backslash;
#endif
    size_t n = !slash ? 1 : slash == path ? 1 : (size_t)(slash - path);
    if (!slash) path = ".";
    if (n >= cap) return -1;
    memcpy(dst, path, n);
    dst[n] = '\0';
    return 0;
}

static int copy_out(const char *prog, const char *path, char *out, size_t cap) {
    size_t n = strlen(path);
    if (n >= cap) {
        fprintf(stderr, "%s: %s: path too long\n", prog, path);
        return -1;
    }
    memcpy(out, path, n + 1);
    return 0;
}

int kit_data_dir_at(const char *prog, const char *game, const char *override, const char *exe,
                    char *out, size_t cap) {
    if (!prog) prog = "dmap";
    if (!game || !out || cap == 0) {
        fprintf(stderr, "%s: no data folder asked for\n", prog);
        return -1;
    }
    if (override) {
        if (!is_folder(override)) {
            fprintf(stderr, "%s: --data %s: not a folder\n", prog, override);
            return -1;
        }
        return copy_out(prog, override, out, cap);
    }
    char dir[PATH_MAX];
    if (!exe || folder_of(exe, dir, sizeof dir)) {
        fprintf(stderr, "%s: cannot find the %s data (the program's own path is unknown; give "
                        "--data DIR)\n", prog, game);
        return -1;
    }
    char build[PATH_MAX + 8], install[PATH_MAX + 256];
    snprintf(build, sizeof build, "%s/data", dir);
    int n = snprintf(install, sizeof install, "%s/%s/dmap/%s", dir, KIT_DATA_FROM_BIN, game);
    if (is_folder(build)) return copy_out(prog, build, out, cap);
    if (n > 0 && (size_t)n < sizeof install && is_folder(install))
        return copy_out(prog, install, out, cap);
    fprintf(stderr, "%s: cannot find the %s data (looked in %s, %s; give --data DIR)\n", prog,
            game, build, install);
    return -1;
}

int kit_data_dir(const char *prog, const char *game, const char *override, char *out, size_t cap) {
    char exe[PATH_MAX];
#ifdef _WIN32
    DWORD got = override ? 0 : GetModuleFileNameA(NULL, exe, sizeof exe);
    long n = got > 0 && got < sizeof exe ? (long)got : -1;
#else
    ssize_t n = override ? -1 : readlink("/proc/self/exe", exe, sizeof exe - 1);
#endif
    if (n > 0) exe[n] = '\0';
    return kit_data_dir_at(prog, game, override, n > 0 ? exe : NULL, out, cap);
}
