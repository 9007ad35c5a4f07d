/* test_kit_data.c — kit_data_dir: the search order (--data, `data` beside the executable,
 * share/dmap/<game> under the install prefix) on a scratch tree laid out like a build tree
 * and an install, the one-line failures (nothing found, a --data that is no folder, a result
 * that does not fit), and the real program's path from /proc/self/exe. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kit/data.h"

#include "kit_capture.h"
#include "../../../tests/check.h"


/* the call succeeded silently with out equal to want */
static void expect_dir(int rc, const char *out, const char *want, const char *what) {
    const char *t = captured();
    CHECK(rc == 0 && strcmp(out, want) == 0 && t[0] == '\0',
          "%s: rc %d, out '%s' (want '%s'), stderr '%s'", what, rc, out, want, t);
}

/* the call failed with exactly one line starting "prog: " that holds want and also2 (may be
 * NULL) */
static void expect_error(int rc, const char *what, const char *want, const char *also2) {
    const char *t = captured();
    size_t len = strlen(t);
    int one_line = len > 0 && t[len - 1] == '\n' && strchr(t, '\n') == t + len - 1;
    CHECK(rc == -1, "%s: accepted", what);
    CHECK(one_line && strncmp(t, "prog: ", 6) == 0 && strstr(t, want) != NULL &&
              (!also2 || strstr(t, also2) != NULL),
          "%s: message '%s' (want one line with '%s')", what, t, want);
}

static char root[256];

static void path_of(char *dst, size_t n, const char *rel) { snprintf(dst, n, "%s/%s", root, rel); }

static void make_dir(const char *rel) {
    char p[512];
    path_of(p, sizeof p, rel);
    CHECK(mkdir(p, 0700) == 0, "mkdir %s", p);
}

static void remove_dir(const char *rel) {
    char p[512];
    path_of(p, sizeof p, rel);
    CHECK(rmdir(p) == 0, "rmdir %s", p);
}

static void test_search_order(void) {
    char exe[512], out[512], want[512], want2[512], file[512];
    path_of(exe, sizeof exe, "bin/game"); /* the program itself need not exist: only its folder */
    make_dir("bin");
    make_dir("share");
    make_dir("share/dmap");

    /* nothing there: one line naming both places and the option */
    path_of(want, sizeof want, "bin/data");
    path_of(want2, sizeof want2, "bin/../share/dmap/game");
    int rc = kit_data_dir_at("prog", "game", NULL, exe, out, sizeof out);
    expect_error(rc, "nothing found", want, want2);
    CHECK(strstr(captured_text, "cannot find the game data") && strstr(captured_text, "--data DIR"),
          "message '%s'", captured_text);

    /* an install: share/dmap/<game> */
    make_dir("share/dmap/game");
    rc = kit_data_dir_at("prog", "game", NULL, exe, out, sizeof out);
    expect_dir(rc, out, want2, "install prefix");
    /* another game's folder is not this game's */
    rc = kit_data_dir_at("prog", "other", NULL, exe, out, sizeof out);
    expect_error(rc, "other game", "cannot find the other data", NULL);

    /* a build tree: data beside the program wins over the prefix */
    make_dir("bin/data");
    rc = kit_data_dir_at("prog", "game", NULL, exe, out, sizeof out);
    expect_dir(rc, out, want, "beside the program");

    /* a file named data is not a data folder */
    remove_dir("bin/data");
    path_of(file, sizeof file, "bin/data");
    FILE *f = fopen(file, "w");
    CHECK(f != NULL, "create %s", file);
    if (f) fclose(f);
    rc = kit_data_dir_at("prog", "game", NULL, exe, out, sizeof out);
    expect_dir(rc, out, want2, "a file named data is skipped");
    CHECK(unlink(file) == 0, "unlink %s", file);

    /* --data wins over both, and must be a folder */
    char other[512];
    path_of(other, sizeof other, "share");
    rc = kit_data_dir_at("prog", "game", other, exe, out, sizeof out);
    expect_dir(rc, out, other, "--data");
    rc = kit_data_dir_at("prog", "game", "/nonexistent/folder", exe, out, sizeof out);
    expect_error(rc, "--data missing", "--data /nonexistent/folder: not a folder", NULL);
    rc = kit_data_dir_at("prog", "game", other, NULL, out, sizeof out);
    expect_dir(rc, out, other, "--data without the program's path");

    /* a result that does not fit: an error, never a cut path */
    char small[8];
    rc = kit_data_dir_at("prog", "game", NULL, exe, small, sizeof small);
    expect_error(rc, "small buffer", "path too long", NULL);

    /* no path for the program and no --data */
    rc = kit_data_dir_at("prog", "game", NULL, NULL, out, sizeof out);
    expect_error(rc, "no program path", "give --data DIR", NULL);

    /* a program named without a folder looks in ./data */
    rc = kit_data_dir_at("prog", "nosuchgame", NULL, "game", out, sizeof out);
    expect_error(rc, "bare program name", "looked in ./data, ./../share/dmap/nosuchgame", NULL);

    remove_dir("share/dmap/game");
    remove_dir("share/dmap");
    remove_dir("share");
    remove_dir("bin");
}

/* The real program: /proc/self/exe's folder is where the search starts. */
static void test_own_path(void) {
    char exe[4096], out[512];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) return; /* no /proc: nothing to compare with */
    exe[n] = '\0';
    *strrchr(exe, '/') = '\0';
    int rc = kit_data_dir("prog", "no-such-game", NULL, out, sizeof out);
    const char *t = captured();
    char want[8400];
    snprintf(want, sizeof want, "looked in %s/data, %s/../share/dmap/no-such-game", exe, exe);
    CHECK(rc == -1 && strstr(t, want) != NULL, "own path: rc %d, '%s' (want '%s')", rc, t, want);
    rc = kit_data_dir("prog", "game", exe, out, sizeof out);
    expect_dir(rc, out, exe, "own path with --data");
}

int main(void) {
    snprintf(root, sizeof root, "/tmp/test_kit_data_XXXXXX");
    if (!mkdtemp(root)) {
        perror("mkdtemp");
        return 1;
    }
    /* a program named without a folder is looked for from the working folder */
    if (chdir(root) != 0) {
        perror("chdir");
        return 1;
    }
    capture_begin();
    test_search_order();
    test_own_path();
    capture_end();
    CHECK(chdir("/") == 0 && rmdir(root) == 0, "rmdir %s", root);
    return check_report("test_kit_data");
}
