/* test_garbage.c — every reader, fed thousands of mutated versions of valid inputs.
 *
 * The fuzzers in tests/fuzz/ are not deterministic and not part of the suite; this test is
 * their fixed-seed stand-in. From one dmap_rng seed it mutates valid text maps, Moving AI
 * maps, scenarios and the dmap CLI's csv maps (tools/dmap/cli.c is compiled
 * in) with bit flips, truncation, duplicated and dropped lines, huge numbers, NaN/inf tokens,
 * NUL bytes and CR/LF mixes, and requires of every reader:
 *   - it returns DMAP_OK or one of the negative DMAP_ERR_* codes;
 *   - on error the diag names a line of the input (1..newlines+1, or 0 for "no line") and
 *     its message is non-empty, one line; nothing is left allocated in the outputs;
 *   - on success the result is consistent (sizes, walls vs characters, queries in range);
 *   - the same input gives the same answer twice.
 * Memory errors and leaks are the sanitizer pass's job (test.sh runs this under ASan). Each
 * unmutated input must be accepted, and every reader must both accept and reject some mutants,
 * so the test fails when the mutations stop reaching the readers. */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <unistd.h>

#include "../tools/dmap/cli.c"
#include "check.h"

#define MUTANTS_PER_INPUT 400
#define MAX_TEXT 8192

/* ---- valid inputs ------------------------------------------------------------------------- */

static const char *text_maps[] = {
    "#####\n#..G#\n#.#.#\n#@..#\n#####\n",
    "...\r\n.#.\r\n...\r\n\n\n",
    "a",
};

static const char *movingai_maps[] = {
    "type octile\nheight 3\nwidth 4\nmap\n..@.\nT.G.\nS..W\n",
    "type octile\r\nheight 2\r\nwidth 2\r\nmap\r\n.@\r\n..\r\n\r\n",
};

static const char *scens[] = {
    "version 1\n0\tmaps/a.map\t4\t3\t0\t0\t3\t2\t3.82842712\n"
    "1\tb.map\t4\t3\t1\t1\t2\t2\t1.41421356\n\n",
    "version 1.0\r\n3 x.map 10 10 9 9 0 0 12.7279\r\n",
};

static const char *csvs[] = {
    "0,1,2\n1,#,3.5\n2,3,-4e10\n",
    "1e308,#\r\n-0,0.1\r\n\r\n",
};

/* ---- mutations -------------------------------------------------------------------------- */

typedef struct buf {
    char s[MAX_TEXT];
    size_t n;
} buf;

/* Insert k bytes of src at position at (dropped when the buffer is full). */
static void insert(buf *b, size_t at, const char *src, size_t k) {
    if (at > b->n) at = b->n;
    if (b->n + k > MAX_TEXT) return;
    memmove(b->s + at + k, b->s + at, b->n - at);
    memcpy(b->s + at, src, k);
    b->n += k;
}

static void erase(buf *b, size_t at, size_t k) {
    if (at >= b->n) return;
    if (k > b->n - at) k = b->n - at;
    memmove(b->s + at, b->s + at + k, b->n - at - k);
    b->n -= k;
}

static size_t pick(dmap_rng *r, size_t n) { return n ? dmap_rng_below(r, (uint32_t)n) : 0; }

/* The start of the line holding position at, and its length with the '\n'. */
static void line_around(const buf *b, size_t at, size_t *start, size_t *len) {
    size_t s = at, e = at;
    while (s > 0 && b->s[s - 1] != '\n') s--;
    while (e < b->n && b->s[e] != '\n') e++;
    if (e < b->n) e++;
    *start = s;
    *len = e - s;
}

/* The first digit run at or after position at, if any: its start and length. */
static int number_after(const buf *b, size_t at, size_t *start, size_t *len) {
    while (at < b->n && !(b->s[at] >= '0' && b->s[at] <= '9')) at++;
    if (at >= b->n) return 0;
    size_t e = at;
    while (e < b->n && b->s[e] >= '0' && b->s[e] <= '9') e++;
    *start = at;
    *len = e - at;
    return 1;
}

static const char *const huge_numbers[] = {
    "99999999999999999999999", "2147483647", "2147483648", "4294967296", "268435456",
    "268435457", "16385", "-1", "0", "-0", "+7", "1e308", "1e999", "0x10", "00000000000000003",
    "-9223372036854775808"};
static const char *const odd_tokens[] = {"nan", "NaN", "inf", "-inf", "infinity", "1e999",
                                         "-1e999", "1e-999", ".", "-", "e5", "#", ",", ",,",
                                         "\t", "  ", "\xff\xfe", "\x7f"};

static void mutate_once(buf *b, dmap_rng *r) {
    size_t at = pick(r, b->n + 1), start, len;
    switch (dmap_rng_below(r, 11)) {
    case 0: /* flip one bit */
        if (b->n) b->s[pick(r, b->n)] ^= (char)(1u << dmap_rng_below(r, 8));
        break;
    case 1: /* truncate */
        b->n = pick(r, b->n + 1);
        break;
    case 2: /* duplicate a line */
        if (b->n) {
            line_around(b, pick(r, b->n), &start, &len);
            char tmp[MAX_TEXT];
            memcpy(tmp, b->s + start, len);
            insert(b, start, tmp, len);
        }
        break;
    case 3: /* drop a line */
        if (b->n) {
            line_around(b, pick(r, b->n), &start, &len);
            erase(b, start, len);
        }
        break;
    case 4: /* a number becomes huge, negative, zero or odd */
        if (number_after(b, at, &start, &len)) {
            const char *h = huge_numbers[pick(r, sizeof huge_numbers / sizeof *huge_numbers)];
            erase(b, start, len);
            insert(b, start, h, strlen(h));
        }
        break;
    case 5: { /* a NaN/inf or odd token */
        const char *t = odd_tokens[pick(r, sizeof odd_tokens / sizeof *odd_tokens)];
        if (number_after(b, at, &start, &len) && dmap_rng_below(r, 2)) erase(b, start, len);
        else start = at;
        insert(b, start, t, strlen(t));
        break;
    }
    case 6: /* NUL bytes */
        insert(b, at, "\0\0", 1 + dmap_rng_below(r, 2));
        break;
    case 7: /* CRLF mixes: LF -> CRLF, a lone CR, or CR -> nothing */
        for (size_t i = at; i < b->n; i++) {
            if (b->s[i] == '\n') {
                if (dmap_rng_below(r, 2)) insert(b, i, "\r", 1);
                else b->s[i] = '\r';
                break;
            }
            if (b->s[i] == '\r') {
                erase(b, i, 1);
                break;
            }
        }
        break;
    case 8: /* a byte from the formats' own alphabet */
        if (b->n) b->s[pick(r, b->n)] = "#.@TGSW \t\n\r,-0123456789e"[dmap_rng_below(r, 24)];
        break;
    case 9: /* an empty line */
        insert(b, at, "\n", 1);
        break;
    default: /* a random byte */
        if (b->n) b->s[pick(r, b->n)] = (char)dmap_rng_below(r, 256);
        break;
    }
}

static void mutate(buf *b, const char *src, size_t n, dmap_rng *r) {
    memcpy(b->s, src, n);
    b->n = n;
    unsigned rounds = 1 + dmap_rng_below(r, 3);
    for (unsigned k = 0; k < rounds; k++) mutate_once(b, r);
}

/* ---- the contract ----------------------------------------------------------------------- */

/* Tallies per reader: mutants accepted and rejected. */
typedef struct tally {
    const char *name;
    int accepted, rejected, broken;
} tally;

static int lines_in(const char *s, size_t n) {
    int lines = 1;
    for (size_t i = 0; i < n; i++) lines += s[i] == '\n';
    return lines;
}

/* Print the input of the first few broken cases, to reproduce them (on stdout: stderr is
 * silenced while the csv reader runs). */
static void report_broken(tally *t, const buf *b, const char *why, int rc, const dmap_diag *d) {
    t->broken++;
    if (t->broken > 5) return;
    printf("%s: %s (rc %d, line %d, '%s') on %zu bytes:\n", t->name, why, rc,
            d ? d->line : -1, d ? d->message : "", b->n);
    for (size_t i = 0; i < b->n && i < 400; i++) {
        unsigned char c = (unsigned char)b->s[i];
        if (c == '\n' || (c >= 0x20 && c < 0x7f)) putchar(c);
        else printf("\\x%02x", c);
    }
    putchar('\n');
}

/* The common contract of a reader's answer; returns 1 when it holds. */
static int reader_answer_ok(tally *t, const buf *b, int rc, const dmap_diag *d) {
    if (!(rc == DMAP_OK || (rc <= DMAP_ERR_ARG && rc >= DMAP_ERR_LIMIT))) {
        report_broken(t, b, "unknown return code", rc, d);
        return 0;
    }
    if (rc == DMAP_OK) {
        t->accepted++;
        return 1;
    }
    t->rejected++;
    if (d->line < 0 || d->line > lines_in(b->s, b->n)) {
        report_broken(t, b, "diag line outside the input", rc, d);
        return 0;
    }
    if (!memchr(d->message, '\0', sizeof d->message) || d->message[0] == '\0' ||
        strchr(d->message, '\n')) {
        report_broken(t, b, "diag message empty or not one line", rc, d);
        return 0;
    }
    return 1;
}

/* A heap copy of exactly the mutant's bytes, so ASan catches reads past the end. */
static char *exact_copy(const buf *b) {
    char *s = malloc(b->n ? b->n : 1);
    if (s) memcpy(s, b->s, b->n);
    return s;
}

/* ---- one reader each -------------------------------------------------------------------- */

static void run_text_map(tally *t, const buf *b) {
    char *s = exact_copy(b), *chars = NULL;
    dmap_grid g, g2;
    dmap_diag d, d2;
    int rc = dmap_parse_text_map(s, b->n, &g, &chars, &d);
    int rc2 = dmap_parse_text_map(s, b->n, &g2, NULL, &d2);
    if (reader_answer_ok(t, b, rc, &d)) {
        if (rc != rc2 || (rc != DMAP_OK && (d.line != d2.line || strcmp(d.message, d2.message))))
            report_broken(t, b, "not the same answer twice", rc, &d);
        else if (rc != DMAP_OK && (chars || g.wall))
            report_broken(t, b, "output left allocated after an error", rc, &d);
        else if (rc == DMAP_OK) {
            size_t n = (size_t)g.w * (size_t)g.h;
            int ok = dmap_grid_check(&g) == DMAP_OK && chars && n <= b->n;
            for (size_t i = 0; ok && i < n; i++) ok = (g.wall[i] != 0) == (chars[i] == '#');
            if (!ok || memcmp(g.wall, g2.wall, n) != 0)
                report_broken(t, b, "accepted map inconsistent", rc, &d);
        }
    }
    dmap_grid_free(&g);
    dmap_grid_free(&g2);
    free(chars);
    free(s);
}

static int blocked_char(char c) { return c == '@' || c == 'O' || c == 'T' || c == 'W'; }

static void run_movingai(tally *t, const buf *b) {
    char *s = exact_copy(b);
    dmap_grid g;
    dmap_diag d, d2;
    char *chars = NULL;
    int rc = dmap_parse_movingai_map(s, b->n, &g, &chars, &d);
    if (reader_answer_ok(t, b, rc, &d)) {
        dmap_grid g2;
        int rc2 = dmap_parse_movingai_map(s, b->n, &g2, NULL, &d2);
        dmap_grid_free(&g2);
        if (rc != rc2 || (rc != DMAP_OK && (d.line != d2.line || strcmp(d.message, d2.message))))
            report_broken(t, b, "not the same answer twice", rc, &d);
        else if (rc != DMAP_OK && (g.wall || chars))
            report_broken(t, b, "output left allocated after an error", rc, &d);
        else if (rc == DMAP_OK) {
            /* the reader's copy of the characters must match the walls */
            size_t n = (size_t)g.w * (size_t)g.h;
            int ok = dmap_grid_check(&g) == DMAP_OK && chars && n <= b->n;
            for (size_t i = 0; ok && i < n; i++) ok = (g.wall[i] != 0) == blocked_char(chars[i]);
            if (!ok) report_broken(t, b, "accepted map inconsistent", rc, &d);
        }
    }
    free(chars);
    dmap_grid_free(&g);
    free(s);
}

static void run_scen(tally *t, const buf *b) {
    char *s = exact_copy(b);
    dmap_scen_query *q = NULL;
    size_t count = 77;
    dmap_diag d;
    int rc = dmap_parse_scen(s, b->n, &q, &count, &d);
    if (reader_answer_ok(t, b, rc, &d)) {
        if (rc != DMAP_OK && (q || count))
            report_broken(t, b, "output left after an error", rc, &d);
        int lines = lines_in(b->s, b->n);
        for (size_t i = 0; rc == DMAP_OK && i < count; i++) {
            const dmap_scen_query *e = &q[i];
            if (!(e->map_w > 0 && e->map_h > 0 && e->start_x >= 0 && e->start_y >= 0 &&
                  e->goal_x >= 0 && e->goal_y >= 0 && e->start_x < e->map_w &&
                  e->goal_x < e->map_w && e->start_y < e->map_h && e->goal_y < e->map_h &&
                  isfinite(e->optimal) && e->optimal >= 0 && e->line > 1 && e->line <= lines)) {
                report_broken(t, b, "accepted query out of range", rc, &d);
                break;
            }
        }
    }
    free(q);
    free(s);
}

/* The CLI's csv reader takes a path: the mutant goes through a temporary file. Its one-line
 * complaints go to stderr, which is pointed at /dev/null meanwhile. */
static void run_csv(tally *t, const buf *b, const char *path) {
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(b->s, 1, b->n, f) != b->n) {
        if (f) fclose(f);
        report_broken(t, b, "cannot write the temporary file", 0, NULL);
        return;
    }
    fclose(f);
    dmap_grid g;
    double *values = NULL;
    int rc = cli_load_csv(path, &g, &values);
    if (rc == CLI_EXIT_OK) {
        t->accepted++;
        size_t n = (size_t)g.w * (size_t)g.h;
        int ok = dmap_grid_check(&g) == DMAP_OK && values;
        for (size_t i = 0; ok && i < n; i++) ok = g.wall[i] ? values[i] == 0 : isfinite(values[i]);
        if (!ok) report_broken(t, b, "accepted csv inconsistent", rc, NULL);
    } else if (rc == CLI_EXIT_USAGE) {
        t->rejected++;
        if (values || g.wall) report_broken(t, b, "output left allocated after an error", rc, NULL);
    } else {
        report_broken(t, b, "unknown exit code", rc, NULL);
    }
    free(values);
    dmap_grid_free(&g);
}

/* ---- the driver ------------------------------------------------------------------------- */

/* Every reader must accept its valid inputs, and accept and reject some of the mutants. */
static void check_tally(const tally *t) {
    printf("%s: %d mutants accepted, %d rejected, %d broken\n", t->name, t->accepted,
           t->rejected, t->broken);
    CHECK_EQ_INT(t->broken, 0);
    CHECK(t->accepted > 0);
    CHECK(t->rejected > 0);
}

/* Each base input unmutated must be accepted, or mutating it tests little. */
static void check_base(tally *t, int accepted_before) {
    CHECK_EQ_INT(t->accepted, accepted_before + 1);
}

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

int main(void) {
    dmap_rng r;
    dmap_rng_seed(&r, 20240501);
    static buf b;

    tally t = {"text map", 0, 0, 0};
    for (size_t k = 0; k < COUNT(text_maps); k++) {
        memcpy(b.s, text_maps[k], b.n = strlen(text_maps[k]));
        int before = t.accepted;
        run_text_map(&t, &b);
        check_base(&t, before);
        for (int i = 0; i < MUTANTS_PER_INPUT; i++) {
            mutate(&b, text_maps[k], strlen(text_maps[k]), &r);
            run_text_map(&t, &b);
        }
    }
    check_tally(&t);

    tally tm = {"moving ai map", 0, 0, 0};
    for (size_t k = 0; k < COUNT(movingai_maps); k++) {
        memcpy(b.s, movingai_maps[k], b.n = strlen(movingai_maps[k]));
        int before = tm.accepted;
        run_movingai(&tm, &b);
        check_base(&tm, before);
        for (int i = 0; i < MUTANTS_PER_INPUT; i++) {
            mutate(&b, movingai_maps[k], strlen(movingai_maps[k]), &r);
            run_movingai(&tm, &b);
        }
    }
    check_tally(&tm);

    tally ts = {"scenario", 0, 0, 0};
    for (size_t k = 0; k < COUNT(scens); k++) {
        memcpy(b.s, scens[k], b.n = strlen(scens[k]));
        int before = ts.accepted;
        run_scen(&ts, &b);
        check_base(&ts, before);
        for (int i = 0; i < MUTANTS_PER_INPUT; i++) {
            mutate(&b, scens[k], strlen(scens[k]), &r);
            run_scen(&ts, &b);
        }
    }
    check_tally(&ts);

    char path[64];
    snprintf(path, sizeof path, "/tmp/dmap_test_garbage_%ld.csv", (long)getpid());
    fflush(stderr);
    int saved_stderr = dup(2), devnull = open("/dev/null", O_WRONLY);
    tally tc = {"csv values map", 0, 0, 0};
    for (size_t k = 0; k < COUNT(csvs); k++) {
        memcpy(b.s, csvs[k], b.n = strlen(csvs[k]));
        int before = tc.accepted;
        run_csv(&tc, &b, path);
        check_base(&tc, before);
        if (devnull >= 0) dup2(devnull, 2);
        for (int i = 0; i < MUTANTS_PER_INPUT; i++) {
            mutate(&b, csvs[k], strlen(csvs[k]), &r);
            run_csv(&tc, &b, path);
        }
        fflush(stderr);
        if (saved_stderr >= 0) dup2(saved_stderr, 2);
    }
    if (devnull >= 0) close(devnull);
    if (saved_stderr >= 0) close(saved_stderr);
    remove(path);
    check_tally(&tc);

    return check_report("test_garbage");
}
