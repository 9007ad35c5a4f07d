/* test_kit_replay.c — replay files: a written replay read back line by line equals what was
 * written (header text exactly as the common format spells it, maps with null for non-finite
 * values and the same doubles back), no temporary file left behind, bad lines reported as
 * file:line, write errors reported (/dev/full) and a missing folder refused at open. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kit/replay.h"

#include "../../../tests/check.h"

static char dir[] = "/tmp/kit_replay_XXXXXX";

static void path_in(char *out, size_t cap, const char *name) { snprintf(out, cap, "%s/%s", dir, name); }

static void write_text(const char *path, const char *text) {
    FILE *f = fopen(path, "w");
    fputs(text, f);
    fclose(f);
}

static int files_in_dir(void) {
    DIR *d = opendir(dir);
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) n += e->d_name[0] != '.';
    closedir(d);
    return n;
}

static const double map_values[6] = {0, 1.5, INFINITY, -2, NAN, 0.1};

/* the reader's side: each line as parsed, kept for comparison */
typedef struct lines {
    json_t *obj[16];
    long n, stop_at;
} lines;

static int keep(void *ctx, long lineno, json_t *obj) {
    lines *l = ctx;
    CHECK(lineno == l->n + 1, "line numbers out of order");
    if (l->n < 16) l->obj[l->n++] = json_incref(obj);
    return lineno == l->stop_at ? 7 : 0;
}

static void free_lines(lines *l) {
    for (long i = 0; i < l->n; i++) json_decref(l->obj[i]);
    l->n = 0;
}

static void test_round_trip(void) {
    char path[256];
    path_in(path, sizeof path, "game.jsonl");
    kit_replay r;
    CHECK(kit_replay_open(&r, path) == 0, "open");
    const char *players[] = {"chase", "bury"};
    int rc = kit_replay_header(&r, "test", 3, 2, 9223372036854775807ull, players, 2, "#...*#",
                               json_pack("{s:s}", "rules", "x"));
    CHECK(rc == 0, "header: %d", rc);
    json_t *maps = json_object();
    json_object_set_new(maps, "p0/goal", kit_replay_map(map_values, 6));
    rc = kit_replay_turn(&r, 1, json_pack("[s,s]", "l", "s"), json_pack("{s:i}", "prey", 4),
                         maps);
    CHECK(rc == 0, "turn 1: %d", rc);
    rc = kit_replay_turn(&r, 2, json_pack("[s,s]", "s", "r"), NULL, NULL);
    CHECK(rc == 0, "turn 2: %d", rc);
    CHECK(kit_replay_result(&r, json_pack("{s:s,s:i}", "winner", "predator", "clock", 2)) == 0,
          "result");
    CHECK(files_in_dir() == 1, "the temporary file is not the only file while writing");
    CHECK(access(path, F_OK) != 0, "the final file exists before close");
    CHECK(kit_replay_close(&r) == 0, "close");
    CHECK(files_in_dir() == 1, "a temporary file was left behind");

    /* the raw text: one object per line, keys in the format's order, compact */
    FILE *f = fopen(path, "r");
    char line[512];
    CHECK(fgets(line, sizeof line, f) != NULL, "no first line");
    CHECK(strcmp(line, "{\"format\":\"dmap-replay\",\"version\":1,\"game\":\"test\",\"width\":3,"
                       "\"height\":2,\"seed\":9223372036854775807,\"players\":[\"chase\","
                       "\"bury\"],\"terrain\":[\"#..\",\".*#\"],\"rules\":\"x\"}\n") == 0,
          "header line: %s", line);
    CHECK(fgets(line, sizeof line, f) != NULL, "no second line");
    CHECK(strcmp(line, "{\"turn\":1,\"actions\":[\"l\",\"s\"],\"state\":{\"prey\":4},\"maps\":"
                       "{\"p0/goal\":[0,1.5,null,-2,null,0.10000000000000001]}}\n") == 0,
          "turn line: %s", line);
    fclose(f);
    struct stat st;
    mode_t mask = umask(0);
    umask(mask);
    CHECK(stat(path, &st) == 0 && (st.st_mode & 0777) == (0666 & ~mask), "mode %o",
          (unsigned)(st.st_mode & 0777));

    lines l = {{0}, 0, 0};
    char err[256];
    rc = kit_replay_read(path, keep, &l, err, sizeof err);
    CHECK(rc == 0 && l.n == 4, "read back: rc %d, %ld lines, %s", rc, l.n, err);
    if (l.n == 4) {
        json_t *want = json_pack("{s:i,s:[s,s],s:{s:i}}", "turn", 1, "actions", "l", "s",
                                 "state", "prey", 4);
        json_t *got_map = json_object_get(json_object_get(l.obj[1], "maps"), "p0/goal");
        json_t *got = json_deep_copy(l.obj[1]);
        json_object_del(got, "maps");
        CHECK(json_equal(got, want), "turn 1 differs");
        json_decref(got);
        json_decref(want);
        CHECK(json_array_size(got_map) == 6, "map size");
        for (size_t i = 0; i < 6 && i < json_array_size(got_map); i++) {
            json_t *v = json_array_get(got_map, i);
            if (isfinite(map_values[i]))
                CHECK(json_is_number(v) && json_number_value(v) == map_values[i],
                      "map value %zu", i);
            else
                CHECK(json_is_null(v), "map value %zu not null", i);
        }
        CHECK(!json_object_get(l.obj[2], "state") && !json_object_get(l.obj[2], "maps"),
              "turn 2 has state or maps");
        json_t *res = json_object_get(l.obj[3], "result");
        CHECK(json_integer_value(json_object_get(res, "clock")) == 2 &&
                  !strcmp(json_string_value(json_object_get(res, "winner")), "predator"),
              "result line");
    }
    free_lines(&l);

    /* a callback's nonzero answer stops the reading and comes back */
    l.stop_at = 2;
    rc = kit_replay_read(path, keep, &l, err, sizeof err);
    CHECK(rc == 7 && l.n == 2, "stop: rc %d after %ld lines", rc, l.n);
    free_lines(&l);
    unlink(path);
}

static void expect_read_error(const char *name, const char *text, const char *want) {
    char path[256], err[512], full[600];
    path_in(path, sizeof path, name);
    write_text(path, text);
    lines l = {{0}, 0, 0};
    int rc = kit_replay_read(path, keep, &l, err, sizeof err);
    snprintf(full, sizeof full, "%s%s", path, want);
    CHECK(rc == -1 && strncmp(err, full, strlen(full)) == 0, "%s: rc %d, message '%s', want '%s...'",
          name, rc, err, full);
    free_lines(&l);
    unlink(path);
}

static void test_bad_files(void) {
    expect_read_error("badjson.jsonl", "{\"turn\":1}\n{\"turn\":2,\n{}\n", ":2: ");
    expect_read_error("array.jsonl", "{}\n{}\n[1,2]\n", ":3: not a JSON object");
    expect_read_error("two.jsonl", "{} {}\n", ":1: ");
    expect_read_error("dup.jsonl", "{\"a\":1,\"a\":2}\n", ":1: ");
    expect_read_error("blank.jsonl", "{}\n\n{}\n", ":2: ");
    expect_read_error("binary.jsonl", "{}\n\x01\xff\xfe garbage\n", ":2: ");
    expect_read_error("empty.jsonl", "", ": empty file");
    char err[256];
    lines l = {{0}, 0, 0};
    CHECK(kit_replay_read("/nonexistent/x.jsonl", keep, &l, err, sizeof err) == -1 &&
              strstr(err, "/nonexistent/x.jsonl: ") == err,
          "missing file: %s", err);
}

static void test_write_errors(void) {
    kit_replay r;
    if (access("/dev/full", W_OK) == 0) {
        CHECK(kit_replay_open(&r, "/dev/full") == 0, "open /dev/full");
        const char *p[] = {"a"};
        kit_replay_header(&r, "test", 1, 1, 1, p, 1, ".", NULL);
        for (int t = 0; t < 2000; t++) /* more than a stdio buffer */
            kit_replay_turn(&r, t, json_pack("[s]", "s"), NULL, NULL);
        CHECK(kit_replay_close(&r) == ENOSPC, "/dev/full: no ENOSPC");
        struct stat st;
        CHECK(stat("/dev/full", &st) == 0 && S_ISCHR(st.st_mode), "/dev/full was replaced");
    } else {
        CHECK(0, "/dev/full not writable: the write-error check cannot run");
    }
    char path[256];
    path_in(path, sizeof path, "nodir/game.jsonl");
    CHECK(kit_replay_open(&r, path) == ENOENT, "open in a missing folder");
    CHECK(kit_replay_open(&r, "") == EINVAL, "empty path");

    /* an abandoned replay leaves the old file as it was, and no temporary file */
    path_in(path, sizeof path, "keep.jsonl");
    write_text(path, "old\n");
    CHECK(kit_replay_open(&r, path) == 0, "open over an existing file");
    const char *p[] = {"a"};
    kit_replay_header(&r, "test", 1, 1, 1, p, 1, ".", NULL);
    kit_replay_abort(&r);
    FILE *f = fopen(path, "r");
    char line[16] = {0};
    CHECK(f && fgets(line, sizeof line, f) && !strcmp(line, "old\n"), "old file changed");
    if (f) fclose(f);
    CHECK(files_in_dir() == 1, "abort left a temporary file");
    unlink(path);

    /* bad arguments are refused and what was stolen is freed (the sanitizer build checks) */
    CHECK(kit_replay_open(&r, path) == 0, "open");
    CHECK(kit_replay_header(&r, "test", 0, 1, 1, p, 1, ".", json_object()) == EINVAL, "width 0");
    CHECK(kit_replay_turn(&r, 1, NULL, json_object(), json_object()) == EINVAL, "no actions");
    CHECK(kit_replay_close(&r) != 0, "close after an error");
    CHECK(access(path, F_OK) != 0 && files_in_dir() == 0, "a failed replay left a file");
}

int main(void) {
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 1;
    }
    test_round_trip();
    test_bad_files();
    test_write_errors();
    rmdir(dir);
    return check_report("test_kit_replay");
}
