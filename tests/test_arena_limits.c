/* test_arena_limits.c — the size limits of the arenas' readers: recorded games and
 * replay files above the documented sizes are refused with a clear one-line error, before the
 * file is read into memory; files at the limit are still read.
 *   bomber     BOMBER_FILE_MAX (64 MiB uncompressed): a gzip bomb of 64 MiB + 1 is refused
 *   pommerman  PM_TRACE_MAX_BYTES (64 MiB): refused from its size alone; gzip: 64 MiB + 1 out
 *   kutulu     KIT_FILE_LIMIT (64 MiB, the kit's kit_read_file): from its size; gzip: 64 MiB + 1 out
 *   kit        KIT_REPLAY_FILE_MAX (1 GiB) from its size alone; KIT_REPLAY_LINE_MAX (64 MiB)
 * The oversized files are sparse (holes read as NUL bytes), so each would fail differently
 * ("NUL byte", "not a JSON object") if the reader read it whole: the message proves which
 * check refused it. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "check.h"
#include "kit/file.h"
#include "kutulu.h"
#include "pommerman.h"
#include "kit/replay.h"
#include "trace.h"

static char path[] = "/tmp/dmap_arena_limits_XXXXXX";

/* A sparse file of n bytes (all NUL). */
static int sparse(long long n) {
    int fd = open(path, O_WRONLY | O_TRUNC);
    if (fd < 0) return -1;
    int rc = ftruncate(fd, (off_t)n);
    close(fd);
    return rc;
}

/* n bytes of text lines ("aaa...a\n", 1 KiB each, the last maybe shorter), gzip or plain. */
static int text_file(long long n, int gzip) {
    static char chunk[1 << 16];
    for (size_t i = 0; i < sizeof chunk; i++) chunk[i] = (i % 1024 == 1023) ? '\n' : 'a';
    if (gzip) {
        gzFile g = gzopen(path, "wb1");
        if (!g) return -1;
        for (long long done = 0; done < n;) {
            unsigned k = (unsigned)(n - done < (long long)sizeof chunk ? n - done : (long long)sizeof chunk);
            if (gzwrite(g, chunk, k) != (int)k) return gzclose(g), -1;
            done += k;
        }
        return gzclose(g) == Z_OK ? 0 : -1;
    }
    FILE *f = fopen(path, "wb");
    if (!f) return -1;
    for (long long done = 0; done < n;) {
        size_t k = (size_t)(n - done < (long long)sizeof chunk ? n - done : (long long)sizeof chunk);
        if (fwrite(chunk, 1, k, f) != k) return fclose(f), -1;
        done += (long long)k;
    }
    return fclose(f);
}

static int one_line_naming(const char *msg, const char *what) {
    return msg[0] && !strchr(msg, '\n') && strstr(msg, what) != NULL;
}

static void bomber_limit(void) {
    bomber_lines l;
    char err[512] = "";
    CHECK(text_file((long long)BOMBER_FILE_MAX + 1, 1) == 0);
    CHECK_EQ_INT(bomber_lines_read(path, &l, err, sizeof err), -1);
    CHECK(one_line_naming(err, "larger than 64 MiB uncompressed"));
    CHECK(text_file(BOMBER_FILE_MAX, 1) == 0); /* at the limit: read */
    err[0] = '\0';
    CHECK_EQ_INT(bomber_lines_read(path, &l, err, sizeof err), 0);
    if (err[0] == '\0') {
        CHECK_EQ_INT(l.n, BOMBER_FILE_MAX / 1024); /* 1 KiB lines */
        bomber_lines_free(&l);
    }
}

static void pommerman_limit(void) {
    pm_trace_report rep;
    CHECK(sparse((long long)PM_TRACE_MAX_BYTES + 1) == 0);
    CHECK_EQ_INT(pm_replay_trace(path, 0, &rep), 2);
    CHECK(one_line_naming(rep.message, "larger than 64 MiB"));
    CHECK(text_file((long long)PM_TRACE_MAX_BYTES + 1, 1) == 0); /* a gzip bomb */
    CHECK_EQ_INT(pm_replay_trace(path, 0, &rep), 2);
    CHECK(one_line_naming(rep.message, "larger than 64 MiB"));
    CHECK(sparse(PM_TRACE_MAX_BYTES) == 0); /* at the limit: read (and refused for its NULs) */
    CHECK_EQ_INT(pm_replay_trace(path, 0, &rep), 2);
    CHECK(one_line_naming(rep.message, "NUL"));
}

/* kt_trace_replay (the Kutulu trace reader) prints its complaint: catch stdout and stderr; its
 * return code. None of these files gets as far as needing the league maps. */
static int kutulu_read(char *msg, size_t cap) {
    static kt_mapset no_maps;
    fflush(stdout), fflush(stderr);
    FILE *out = tmpfile();
    if (!out) return -2;
    int saved1 = dup(1), saved2 = dup(2);
    dup2(fileno(out), 1), dup2(fileno(out), 2);
    int rc = kt_trace_replay(path, &no_maps);
    fflush(stdout), fflush(stderr);
    dup2(saved1, 1), dup2(saved2, 2);
    close(saved1), close(saved2);
    rewind(out);
    size_t n = fread(msg, 1, cap - 1, out);
    msg[n] = '\0';
    if (n && msg[n - 1] == '\n') msg[n - 1] = '\0';
    fclose(out);
    return rc;
}

static void kutulu_limit(void) {
    char msg[512];
    CHECK(sparse((long long)KIT_FILE_LIMIT + 1) == 0);
    CHECK_EQ_INT(kutulu_read(msg, sizeof msg), 2);
    CHECK(one_line_naming(msg, "larger than 64 MiB"));
    CHECK(text_file((long long)KIT_FILE_LIMIT + 1, 1) == 0); /* a gzip bomb */
    CHECK_EQ_INT(kutulu_read(msg, sizeof msg), 2);
    CHECK(one_line_naming(msg, "larger than 64 MiB"));
    CHECK(sparse((long long)KIT_FILE_LIMIT) == 0); /* at the limit: read (and refused for its NULs) */
    CHECK_EQ_INT(kutulu_read(msg, sizeof msg), 2);
    CHECK(one_line_naming(msg, "NUL byte"));
    CHECK(text_file((long long)KIT_FILE_LIMIT, 0) == 0); /* at the limit: read, and no trace */
    CHECK_EQ_INT(kutulu_read(msg, sizeof msg), 2);
    CHECK(one_line_naming(msg, "no '# seed' line"));
}

static int any_line(void *ctx, long lineno, json_t *obj) {
    (void)ctx, (void)lineno, (void)obj;
    return 0;
}

static void kit_limits(void) {
    char err[1024] = "";
    CHECK(sparse((long long)KIT_REPLAY_FILE_MAX + 1) == 0);
    CHECK_EQ_INT(kit_replay_read(path, any_line, NULL, err, sizeof err), -1);
    CHECK(one_line_naming(err, "larger than 1024 MiB"));
    CHECK(sparse((long long)KIT_REPLAY_LINE_MAX + 1) == 0); /* one line of NULs, too long */
    CHECK_EQ_INT(kit_replay_read(path, any_line, NULL, err, sizeof err), -1);
    CHECK(one_line_naming(err, ":1: line longer than 64 MiB"));
    CHECK(sparse(1000) == 0); /* short: read, and refused as JSON */
    CHECK_EQ_INT(kit_replay_read(path, any_line, NULL, err, sizeof err), -1);
    CHECK(!strstr(err, "longer") && !strstr(err, "larger") && one_line_naming(err, ":1:"));
}

int main(void) {
    int fd = mkstemp(path);
    if (fd < 0) return 1;
    close(fd);
    bomber_limit();
    pommerman_limit();
    kutulu_limit();
    kit_limits();
    remove(path);
    return check_report("test_arena_limits");
}
