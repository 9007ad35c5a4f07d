/* test_arena_garbage.c — the arenas' readers fed fixed-seed byte mutations of valid inputs: the
 * deterministic stand-in for the libFuzzer harnesses of tests/fuzz.
 *
 * Inputs are the fuzz seeds (tests/fuzz/seeds/<reader>/: recorded games cut to a few turns,
 * replay files, bot answers) and the files of tests/fuzz/regressions/ (each once, unmutated).
 * From one dmap_rng seed each input gets ARENA_MUTANTS mutants, each 1-4 of: flip a bit, insert
 * random bytes, delete a run, truncate, splice in a piece of another input of the same reader,
 * duplicate a line. Every reader must return one of its documented codes, and on anything but
 * success say why in exactly one line (the Kutulu trace reader prints: its whole output is
 * caught and must be one line). Leaks and memory errors are the sanitizer pass's job (test.sh
 * runs this under ASan + LSan). Each real recorded game of the arenas' data, read whole and
 * unmutated, must replay with success, so a reader that rejects everything fails here; every
 * reader must also reject some mutants, so mutations that stop reaching it fail too. */
#define _GNU_SOURCE
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "dmap.h"
#include "kutulu.h"
#include "pommerman.h"
#include "kit/replay.h"
#include "trace.h"

#ifndef DMAP_SOURCE_DIR
#error "DMAP_SOURCE_DIR must name the repository (tests/CMakeLists.txt sets it)"
#endif

enum { ARENA_MUTANTS = 150, ARENA_MAX_INPUT = 1 << 16, ARENA_MAX_INPUTS = 32 };

static kt_mapset maps;
static char tmp_path[] = "/tmp/dmap_arena_garbage_XXXXXX";

typedef struct bytes {
    unsigned char *p;
    size_t n;
} bytes;

/* ---- the readers ------------------------------------------------------------------------- */

/* Non-empty, NUL-terminated within cap, no newline. */
static int one_line(const char *msg, size_t cap) {
    const char *end = memchr(msg, '\0', cap);
    return end && end != msg && !memchr(msg, '\n', (size_t)(end - msg));
}

/* Each reader: 0 for success, 1 for a documented failure with a one-line message, -1 for a
 * broken contract (a code outside the documented ones, a message that is not one line). */
static int read_bomber(const char *path) {
    bomber_lines l;
    char err[512] = "";
    if (bomber_lines_read(path, &l, err, sizeof err) != 0) return one_line(err, sizeof err) ? 1 : -1;
    bomber_trace_info info;
    err[0] = '\0';
    int rc = bomber_replay_trace(&l, NULL, NULL, &info, err, sizeof err);
    bomber_lines_free(&l);
    if (rc == 0) return 0;
    return (rc == 1 || rc == 2) && one_line(err, sizeof err) ? 1 : -1;
}

static int read_pommerman(const char *path) {
    pm_trace_report rep;
    int rc = pm_replay_trace(path, 1, &rep);
    if (rc == 0) return 0;
    return (rc == 1 || rc == 2) && one_line(rep.message, sizeof rep.message) ? 1 : -1;
}

/* kt_trace_replay prints its verdict: catch stdout and stderr in a file, one line. */
static int read_kutulu_trace(const char *path) {
    fflush(stdout), fflush(stderr);
    FILE *out = tmpfile();
    if (!out) return -1;
    int saved1 = dup(1), saved2 = dup(2);
    dup2(fileno(out), 1), dup2(fileno(out), 2);
    int rc = kt_trace_replay(path, &maps);
    fflush(stdout), fflush(stderr);
    dup2(saved1, 1), dup2(saved2, 2);
    close(saved1), close(saved2);
    char text[4096];
    rewind(out);
    size_t n = fread(text, 1, sizeof text - 1, out);
    fclose(out);
    text[n] = '\0';
    int lines_ok = n > 1 && text[n - 1] == '\n' && !memchr(text, '\n', n - 1);
    if (!lines_ok) fprintf(stderr, "kutulu trace output is not one line: '%s'\n", text);
    if (!lines_ok || (rc != 0 && rc != 1 && rc != 2)) return -1;
    return rc == 0 ? 0 : 1;
}

static int read_kutulu_replay(const char *path) {
    char err[1024] = "";
    int rc = kt_replay_check_file(path, &maps, err, sizeof err);
    if (rc == 0) return 0;
    return (rc == 1 || rc == -1) && one_line(err, sizeof err) ? 1 : -1;
}

static int count_line(void *ctx, long lineno, json_t *obj) {
    long *n = ctx;
    if (lineno != *n + 1 || !json_is_object(obj)) return 2;
    *n = lineno;
    return 0;
}

static int read_kit_replay(const char *path) {
    char err[1024] = "";
    long n = 0;
    int rc = kit_replay_read(path, count_line, &n, err, sizeof err);
    if (rc == 0) return 0;
    return rc == -1 && one_line(err, sizeof err) ? 1 : -1;
}

/* The answer line of an external bot: the bytes up to the first newline. Accepted answers
 * print back (kt_format_action) to a line that parses to the same action. */
static int read_kutulu_action(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return -1;
    char line[4096];
    size_t n = fread(line, 1, sizeof line - 1, f);
    fclose(f);
    line[n] = '\0';
    char *nl = memchr(line, '\n', n);
    if (nl) *nl = '\0';
    kt_action a, b;
    if (kt_parse_action(line, &a) != 0) return 1;
    char out[64];
    kt_format_action(&a, out, sizeof out);
    if (kt_parse_action(out, &b) != 0 || b.kind != a.kind) return -1;
    if (a.kind == KT_MOVE && (a.x != b.x || a.y != b.y)) return -1;
    return 0;
}

typedef struct reader {
    const char *name; /* the folder under tests/fuzz/seeds */
    int (*read)(const char *path);
    int skip_first_byte; /* the fuzz seed's first byte is the harness's option */
} reader;

static const reader readers[] = {
    {"bomber_trace", read_bomber, 0},         {"pommerman_trace", read_pommerman, 1},
    {"kutulu_trace", read_kutulu_trace, 0},   {"kutulu_replay", read_kutulu_replay, 0},
    {"kit_replay", read_kit_replay, 0},       {"kutulu_action", read_kutulu_action, 0},
};

/* ---- files and mutations ----------------------------------------------------------------- */

static int put_file(const unsigned char *p, size_t n) {
    FILE *f = fopen(tmp_path, "wb");
    if (!f) return -1;
    size_t w = fwrite(p, 1, n, f);
    return fclose(f) == 0 && w == n ? 0 : -1;
}

static int load(const char *path, bytes *b) {
    FILE *f = fopen(path, "rb");
    if (!f) return -1;
    b->p = malloc(ARENA_MAX_INPUT);
    b->n = b->p ? fread(b->p, 1, ARENA_MAX_INPUT, f) : 0;
    fclose(f);
    return b->p ? 0 : -1;
}

static uint64_t rnd(dmap_rng *r, uint64_t bound) { return bound ? dmap_rng_next(r) % bound : 0; }

/* One mutant of in (others: the same reader's inputs, for splices) into out (ARENA_MAX_INPUT). */
static size_t mutate(dmap_rng *r, const bytes *in, const bytes *others, int nothers,
                     unsigned char *out) {
    size_t n = in->n;
    memcpy(out, in->p, n);
    int steps = 1 + (int)rnd(r, 4);
    for (int s = 0; s < steps; s++) {
        switch (rnd(r, 6)) {
        case 0: /* flip a bit */
            if (n) out[rnd(r, n)] ^= (unsigned char)(1u << rnd(r, 8));
            break;
        case 1: { /* insert 1-8 random bytes (digits and separators often) */
            size_t k = 1 + rnd(r, 8), at = rnd(r, n + 1);
            if (n + k > ARENA_MAX_INPUT) break;
            memmove(out + at + k, out + at, n - at);
            static const char pick[] = "0123456789 ,-|\n\r:.#9e";
            for (size_t i = 0; i < k; i++)
                out[at + i] = rnd(r, 2) ? (unsigned char)rnd(r, 256)
                                        : (unsigned char)pick[rnd(r, sizeof pick - 1)];
            n += k;
            break;
        }
        case 2: { /* delete a run */
            if (!n) break;
            size_t at = rnd(r, n), k = 1 + rnd(r, 1 + (n - at) / 4);
            if (k > n - at) k = n - at;
            memmove(out + at, out + at + k, n - at - k);
            n -= k;
            break;
        }
        case 3: /* truncate */
            n = rnd(r, n + 1);
            break;
        case 4: { /* splice a piece of another input at a random place */
            const bytes *o = &others[rnd(r, (uint64_t)nothers)];
            if (!o->n) break;
            size_t from = rnd(r, o->n), k = 1 + rnd(r, o->n - from), at = rnd(r, n + 1);
            if (n + k > ARENA_MAX_INPUT) break;
            memmove(out + at + k, out + at, n - at);
            memcpy(out + at, o->p + from, k);
            n += k;
            break;
        }
        default: { /* duplicate a line */
            if (!n) break;
            size_t a = rnd(r, n);
            while (a > 0 && out[a - 1] != '\n') a--;
            size_t e = a;
            while (e < n && out[e] != '\n') e++;
            if (e < n) e++;
            size_t k = e - a;
            if (n + k > ARENA_MAX_INPUT) break;
            memmove(out + e + k, out + e, n - e);
            memcpy(out + e, out + a, k);
            n += k;
            break;
        }
        }
    }
    return n;
}

/* The files of a folder (sorted, so the mutants are the same on every machine). */
static int list_files(const char *dir, bytes *files, int max) {
    struct dirent **names;
    int k = scandir(dir, &names, NULL, alphasort), n = 0;
    for (int i = 0; i < k; i++) {
        char path[1400];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]->d_name);
        if (names[i]->d_name[0] != '.' && n < max && load(path, &files[n]) == 0) n++;
        free(names[i]);
    }
    free(names);
    return n;
}

static void run_reader(const reader *rd, dmap_rng *rng, unsigned char *buf) {
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/tests/fuzz/seeds/%s", DMAP_SOURCE_DIR, rd->name);
    bytes seeds[ARENA_MAX_INPUTS];
    int n = list_files(dir, seeds, ARENA_MAX_INPUTS);
    CHECK(n > 0);
    long accepted = 0, rejected = 0, broken = 0;
    for (int s = 0; s < n; s++) {
        size_t skip = rd->skip_first_byte && seeds[s].n ? 1 : 0;
        bytes body = {seeds[s].p + skip, seeds[s].n - skip};
        for (int m = 0; m < ARENA_MUTANTS; m++) {
            size_t len = mutate(rng, &body, seeds, n, buf);
            CHECK(put_file(buf, len) == 0);
            int v = rd->read(tmp_path);
            if (v < 0) {
                if (broken++ < 5)
                    fprintf(stderr, "%s: seed %d mutant %d broke the contract\n", rd->name, s, m);
            }
            accepted += v == 0;
            rejected += v == 1;
        }
    }
    fprintf(stderr, "%-16s %d seeds, %d mutants: %ld accepted, %ld rejected, %ld broken\n",
            rd->name, n, n * ARENA_MUTANTS, accepted, rejected, broken);
    CHECK_EQ_INT(broken, 0);
    CHECK(rejected > 0);
    for (int s = 0; s < n; s++) free(seeds[s].p);
}

/* Each file of tests/fuzz/regressions/, named after its reader, read once: a documented
 * code and a one-line message. */
static void run_regressions(void) {
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/tests/fuzz/regressions", DMAP_SOURCE_DIR);
    struct dirent **names;
    int k = scandir(dir, &names, NULL, alphasort), seen = 0;
    for (int i = 0; i < k; i++) {
        const char *name = names[i]->d_name;
        for (size_t r = 0; r < sizeof readers / sizeof readers[0]; r++) {
            size_t len = strlen(readers[r].name);
            if (strncmp(name, readers[r].name, len) != 0 || name[len] != '_') continue;
            char path[1400];
            snprintf(path, sizeof path, "%s/%s", dir, name);
            int v = readers[r].read(path);
            if (v < 0) fprintf(stderr, "regression %s broke the contract\n", name);
            CHECK(v >= 0);
            seen++;
        }
        free(names[i]);
    }
    free(names);
    CHECK(seen > 0);
}

int main(int argc, char **argv) {
    const char *source = argc > 1 ? argv[1] : DMAP_SOURCE_DIR;
    char path[1024];
    snprintf(path, sizeof path, "%s/arenas/kutulu/data/maps", source);
    char err[512];
    if (kt_mapset_load(path, &maps, err, sizeof err)) {
        fprintf(stderr, "FAIL: missing data: %s\n", err);
        return 1;
    }
    int fd = mkstemp(tmp_path);
    if (fd < 0) return 1;
    close(fd);
    /* whole recorded games of the original engines replay as they are */
    snprintf(path, sizeof path, "%s/arenas/bomber/data/traces/random-random/seed_1.trace.gz", source);
    CHECK_EQ_INT(read_bomber(path), 0);
    snprintf(path, sizeof path, "%s/arenas/pommerman/data/traces/1v1-SS/seed_1.txt", source);
    CHECK_EQ_INT(read_pommerman(path), 0);
    snprintf(path, sizeof path, "%s/arenas/kutulu/data/traces/seed_1.txt", source);
    CHECK_EQ_INT(read_kutulu_trace(path), 0);
    /* a recorded gzip file cut short: an error, one line */
    snprintf(path, sizeof path, "%s/arenas/bomber/data/traces/random-random/seed_117.trace.gz", source);
    bytes gz;
    CHECK(load(path, &gz) == 0);
    for (size_t cut = 0; cut < gz.n; cut += gz.n / 7 + 1) {
        CHECK(put_file(gz.p, cut) == 0);
        CHECK_EQ_INT(read_bomber(tmp_path), 1);
    }
    free(gz.p);
    dmap_rng rng;
    dmap_rng_seed(&rng, 15);
    unsigned char *buf = malloc(ARENA_MAX_INPUT);
    CHECK(buf != NULL);
    for (size_t r = 0; buf && r < sizeof readers / sizeof readers[0]; r++)
        run_reader(&readers[r], &rng, buf);
    run_regressions();
    free(buf);
    remove(tmp_path);
    return check_report("test_arena_garbage");
}
