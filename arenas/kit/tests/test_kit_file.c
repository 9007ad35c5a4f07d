/* test_kit_file.c — whole-file reading: plain and gzip files come back byte for byte, the size
 * limit holds exactly (limit bytes pass, limit + 1 fail, a gzip bomb too), NUL bytes and gzip
 * are refused where the flags say so, missing files give one line; lines split as documented. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "kit/file.h"

#include "../../../tests/check.h"

static char dir[] = "/tmp/kit_file_XXXXXX";

static void path_of(char *out, size_t cap, const char *name) {
    snprintf(out, cap, "%s/%s", dir, name);
}

static void write_plain(const char *name, const char *data, size_t n) {
    char p[256];
    path_of(p, sizeof p, name);
    FILE *f = fopen(p, "wb");
    fwrite(data, 1, n, f);
    fclose(f);
}

static void write_gzip(const char *name, const char *data, size_t n) {
    char p[256];
    path_of(p, sizeof p, name);
    gzFile f = gzopen(p, "wb");
    gzwrite(f, data, (unsigned)n);
    gzclose(f);
}

/* reads name with limit and flags: the status; text, len and err as kit_read_file gives them */
static int read_back(const char *name, size_t limit, unsigned flags, char **text, size_t *len,
                     char *err) {
    char p[256];
    path_of(p, sizeof p, name);
    err[0] = '\0';
    return kit_read_file(p, limit, flags, text, len, err, 512);
}

static void test_round_trip(void) {
    size_t n = 300000;
    char *data = malloc(n);
    for (size_t i = 0; i < n; i++) data[i] = (char)('a' + (i * 7919) % 26);
    data[n - 1] = '\n';
    write_plain("plain.txt", data, n);
    write_gzip("packed.gz", data, n);
    char *text, err[512];
    size_t len;
    CHECK(read_back("plain.txt", KIT_FILE_LIMIT, KIT_FILE_TEXT, &text, &len, err) == 0, "%s", err);
    CHECK(len == n && text && memcmp(text, data, n) == 0 && text[n] == '\0', "plain differs");
    free(text);
    CHECK(read_back("packed.gz", KIT_FILE_LIMIT, KIT_FILE_GZIP | KIT_FILE_TEXT, &text, &len, err) == 0,
          "%s", err);
    CHECK(len == n && text && memcmp(text, data, n) == 0, "gzip differs");
    free(text);
    /* plain files pass with the gzip flag too; gzip files are refused without it */
    CHECK(read_back("plain.txt", KIT_FILE_LIMIT, KIT_FILE_GZIP, &text, &len, err) == 0 && len == n,
          "plain with GZIP flag");
    free(text);
    CHECK(read_back("packed.gz", KIT_FILE_LIMIT, 0, &text, &len, err) == -1 && !text &&
              strstr(err, "gzip-compressed"),
          "gzip without the flag: %s", err);
    free(data);
}

static void test_limits(void) {
    char data[1000], *text, err[512];
    size_t len;
    memset(data, 'x', sizeof data);
    write_plain("k.txt", data, sizeof data);
    CHECK(read_back("k.txt", 1000, 0, &text, &len, err) == 0 && len == 1000, "at the limit: %s", err);
    free(text);
    CHECK(read_back("k.txt", 999, 0, &text, &len, err) == -1 && !text &&
              strstr(err, "larger than 999 bytes") && !strchr(err, '\n'),
          "over the limit: %s", err);
    /* a gzip bomb: 8 MiB of zeros compress to a few kB; the limit is on what comes out */
    size_t big = 8u << 20;
    char *zeros = calloc(big, 1);
    memset(zeros, 'z', big);
    write_gzip("bomb.gz", zeros, big);
    free(zeros);
    CHECK(read_back("bomb.gz", (size_t)1 << 20, KIT_FILE_GZIP, &text, &len, err) == -1 &&
              strstr(err, "larger than 1 MiB"),
          "gzip bomb: %s", err);
    CHECK(read_back("bomb.gz", big, KIT_FILE_GZIP, &text, &len, err) == 0 && len == big,
          "bomb within its limit: %s", err);
    free(text);
    /* an empty file is an empty text */
    write_plain("empty.txt", "", 0);
    CHECK(read_back("empty.txt", 10, KIT_FILE_TEXT, &text, &len, err) == 0 && len == 0 && text &&
              text[0] == '\0',
          "empty: %s", err);
    free(text);
}

static void test_errors(void) {
    char *text = (char *)1, err[512];
    size_t len = 7;
    CHECK(read_back("missing.txt", 10, 0, &text, &len, err) == -1 && !text && len == 0 &&
              strstr(err, "missing.txt: cannot open: No such file"),
          "missing: %s", err);
    write_plain("nul.txt", "ab\0cd", 5);
    CHECK(read_back("nul.txt", 10, KIT_FILE_TEXT, &text, &len, err) == -1 && strstr(err, "NUL byte"),
          "NUL: %s", err);
    CHECK(read_back("nul.txt", 10, 0, &text, &len, err) == 0 && len == 5, "binary allowed");
    free(text);
    /* a truncated gzip stream is an error, not a short file */
    char p[256];
    write_gzip("cut.gz", "0123456789012345678901234567890123456789", 40);
    path_of(p, sizeof p, "cut.gz");
    FILE *f = fopen(p, "rb+");
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fclose(f);
    CHECK(truncate(p, size - 6) == 0, "truncate");
    CHECK(read_back("cut.gz", 1000, KIT_FILE_GZIP, &text, &len, err) == -1 && strstr(err, "cut.gz"),
          "truncated gzip: %s", err);
}

static void test_lines(void) {
    char text[] = "one\r\ntwo\n\nlast";
    char **lines;
    size_t n;
    CHECK(kit_split_lines(text, strlen("one\r\ntwo\n\nlast"), &lines, &n) == 0, "split");
    CHECK(n == 4 && !strcmp(lines[0], "one") && !strcmp(lines[1], "two") && !strcmp(lines[2], "") &&
              !strcmp(lines[3], "last"),
          "lines: %zu", n);
    free(lines);
    char empty[] = "";
    CHECK(kit_split_lines(empty, 0, &lines, &n) == 0 && n == 0, "empty text has no line");
    free(lines);
    char ends[] = "a\nb\n";
    CHECK(kit_split_lines(ends, 4, &lines, &n) == 0 && n == 2 && !strcmp(lines[1], "b"), "final newline");
    free(lines);
}

int main(void) {
    if (!mkdtemp(dir)) return perror("mkdtemp"), 1;
    test_round_trip();
    test_limits();
    test_errors();
    test_lines();
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd) != 0) fprintf(stderr, "could not remove %s\n", dir);
    return check_report("test_kit_file");
}
