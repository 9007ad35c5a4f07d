/* test_readers.c — the map, scenario and file readers: every reject path reports the right
 * error code and 1-based line, accepted inputs give the right grid, and all Moving AI maps in
 * data/movingai load with the sizes of their headers and as many floor cells as the text has
 * passable characters (counted here independently of the reader). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "dmap.h"

/* ---- helpers -------------------------------------------------------------------------------- */

/* Parse a text map given with an explicit length (so it may hold NUL bytes). */
static int text_map(const char *s, size_t len, dmap_grid *g, char **chars, dmap_diag *d) {
    return dmap_parse_text_map(s, len, g, chars, d);
}

/* Expect a text map to be rejected with code and line. */
static void text_map_rejects(const char *s, size_t len, int code, int line, const char *what) {
    dmap_grid g;
    char *chars = (char *)1;
    dmap_diag d;
    int rc = text_map(s, len, &g, &chars, &d);
    CHECK_EQ_INT(rc, code);
    CHECK_EQ_INT(d.line, line);
    CHECK(d.message[0] != '\0' && strchr(d.message, '\n') == NULL);
    CHECK(chars == NULL && g.wall == NULL);
    if (rc != code || d.line != line)
        fprintf(stderr, "  case '%s': got %d line %d: %s\n", what, rc, d.line, d.message);
}

static void movingai_rejects(const char *s, size_t len, int code, int line, const char *what) {
    dmap_grid g;
    dmap_diag d;
    int rc = dmap_parse_movingai_map(s, len, &g, NULL, &d);
    CHECK_EQ_INT(rc, code);
    CHECK_EQ_INT(d.line, line);
    CHECK(d.message[0] != '\0');
    CHECK(g.wall == NULL);
    if (rc != code || d.line != line)
        fprintf(stderr, "  case '%s': got %d line %d: %s\n", what, rc, d.line, d.message);
}

static void scen_rejects(const char *s, size_t len, int line, const char *what) {
    dmap_scen_query *q = (dmap_scen_query *)1;
    size_t n = 99;
    dmap_diag d;
    int rc = dmap_parse_scen(s, len, &q, &n, &d);
    CHECK_EQ_INT(rc, DMAP_ERR_FORMAT);
    CHECK_EQ_INT(d.line, line);
    CHECK(d.message[0] != '\0');
    CHECK(q == NULL && n == 0);
    if (rc != DMAP_ERR_FORMAT || d.line != line)
        fprintf(stderr, "  case '%s': got %d line %d: %s\n", what, rc, d.line, d.message);
}

#define S(lit) lit, sizeof(lit) - 1

/* ---- plain text maps ---------------------------------------------------------------------- */

static void test_text_map_accepts(void) {
    dmap_grid g;
    char *chars;
    dmap_diag d;
    /* CRLF, trailing blank lines, markers kept in chars */
    CHECK_EQ_INT(text_map(S("#.#\r\n.>@\r\n\r\n\n"), &g, &chars, &d), DMAP_OK);
    CHECK_EQ_INT(g.w, 3);
    CHECK_EQ_INT(g.h, 2);
    CHECK(g.cost == NULL);
    const unsigned char walls[6] = {1, 0, 1, 0, 0, 0};
    CHECK(memcmp(g.wall, walls, 6) == 0);
    CHECK(chars && memcmp(chars, "#.#.>@", 6) == 0);
    free(chars);
    dmap_grid_free(&g);
    /* no final newline; chars may be NULL; spaces are floor */
    CHECK_EQ_INT(text_map(S("# \n #"), &g, NULL, &d), DMAP_OK);
    CHECK_EQ_INT(g.w, 2);
    CHECK_EQ_INT(g.h, 2);
    CHECK(g.wall[0] == 1 && g.wall[1] == 0 && g.wall[2] == 0 && g.wall[3] == 1);
    dmap_grid_free(&g);
    /* diag may be NULL */
    CHECK_EQ_INT(text_map(S("."), &g, NULL, NULL), DMAP_OK);
    dmap_grid_free(&g);
    CHECK_EQ_INT(text_map(S(""), &g, NULL, NULL), DMAP_ERR_FORMAT);
}

static void test_text_map_rejects(void) {
    text_map_rejects(S(""), DMAP_ERR_FORMAT, 1, "empty");
    text_map_rejects(S("\n\r\n\n"), DMAP_ERR_FORMAT, 1, "only blank lines");
    text_map_rejects(S("...\n.\0.\n"), DMAP_ERR_FORMAT, 2, "NUL byte");
    text_map_rejects(S("..\x07\n"), DMAP_ERR_FORMAT, 1, "control byte");
    text_map_rejects(S("..\n..\n.\t\n"), DMAP_ERR_FORMAT, 3, "tab");
    text_map_rejects(S("..\n\xc3\xa9\n"), DMAP_ERR_FORMAT, 2, "non-ASCII");
    text_map_rejects(S("..\n.\r.\n"), DMAP_ERR_FORMAT, 2, "lone CR");
    text_map_rejects(S("...\n...\n..\n"), DMAP_ERR_FORMAT, 3, "ragged short");
    text_map_rejects(S("...\n....\n"), DMAP_ERR_FORMAT, 2, "ragged long");
    text_map_rejects(S("...\n\n...\n"), DMAP_ERR_FORMAT, 2, "empty row inside");
    text_map_rejects(S("\n...\n"), DMAP_ERR_FORMAT, 1, "empty first row");
    dmap_grid g;
    CHECK_EQ_INT(text_map(NULL, 3, &g, NULL, NULL), DMAP_ERR_ARG);
    CHECK_EQ_INT(text_map("..", 2, NULL, NULL, NULL), DMAP_ERR_ARG);
}

/* A text map wider than DMAP_MAX_CELLS in total must fail with SIZE, not allocate. */
static void test_text_map_too_big(void) {
    size_t w = ((size_t)1 << 14) + 1; /* 16385 columns x 16385 rows > 2^28 cells */
    size_t rows = w, len = rows * (w + 1);
    char *s = malloc(len);
    CHECK(s != NULL);
    if (!s) return;
    memset(s, '.', len);
    for (size_t r = 0; r < rows; r++) s[r * (w + 1) + w] = '\n';
    dmap_grid g;
    dmap_diag d;
    CHECK_EQ_INT(text_map(s, len, &g, NULL, &d), DMAP_ERR_SIZE);
    CHECK_EQ_INT(d.line, 16384); /* 16384 rows x 16385 > 2^28 */
    free(s);
}

/* ---- Moving AI maps --------------------------------------------------------------------------- */

static void test_movingai_accepts(void) {
    dmap_grid g;
    dmap_diag d;
    char *chars = NULL;
    CHECK_EQ_INT(dmap_parse_movingai_map(S("type octile\r\nheight 2\r\nwidth 4\r\nmap\r\n"
                                           ".GS@\r\nOTW.\r\n\r\n\r\n"), &g, &chars, &d),
                 DMAP_OK);
    CHECK_EQ_INT(g.w, 4);
    CHECK_EQ_INT(g.h, 2);
    const unsigned char walls[8] = {0, 0, 0, 1, 1, 1, 1, 0};
    CHECK(g.wall && memcmp(g.wall, walls, 8) == 0);
    /* the map's own characters come back, as from the text reader (no CR, no header) */
    CHECK(chars && memcmp(chars, ".GS@OTW.", 8) == 0);
    free(chars);
    dmap_grid_free(&g);
    /* dmap_parse_map tells the formats apart by the "type " start */
    CHECK_EQ_INT(dmap_parse_map(S("type octile\nheight 1\nwidth 2\nmap\nT.\n"), &g, &chars, &d),
                 DMAP_OK);
    CHECK(g.w == 2 && g.h == 1 && g.wall[0] == 1 && g.wall[1] == 0);
    CHECK(chars && memcmp(chars, "T.", 2) == 0);
    free(chars);
    dmap_grid_free(&g);
    CHECK_EQ_INT(dmap_parse_map(S("type#.\n"), &g, &chars, &d), DMAP_OK); /* a text map */
    CHECK(g.w == 6 && g.h == 1 && g.wall[4] == 1 && chars && chars[0] == 't');
    free(chars);
    dmap_grid_free(&g);
    /* a failed parse leaves no characters behind */
    chars = (char *)&d;
    CHECK_EQ_INT(dmap_parse_movingai_map(S("type octile\nheight 1\nwidth 2\nmap\nX.\n"), &g,
                                         &chars, &d),
                 DMAP_ERR_FORMAT);
    CHECK(chars == NULL);
    /* width before height, extra spaces, no final newline */
    CHECK_EQ_INT(dmap_parse_movingai_map(S("type  octile\nwidth 1\nheight\t3\nmap\n.\n@\n."), &g,
                                         NULL, &d),
                 DMAP_OK);
    CHECK(g.w == 1 && g.h == 3 && g.wall[0] == 0 && g.wall[1] == 1 && g.wall[2] == 0);
    dmap_grid_free(&g);
}

static void test_movingai_rejects(void) {
    movingai_rejects(S(""), DMAP_ERR_FORMAT, 1, "empty");
    movingai_rejects(S("type grid\nheight 1\nwidth 1\nmap\n.\n"), DMAP_ERR_FORMAT, 1, "type");
    movingai_rejects(S("type octile\nlength 1\nwidth 1\nmap\n.\n"), DMAP_ERR_FORMAT, 2,
                     "unknown header");
    movingai_rejects(S("type octile\nheight 1\nheight 1\nwidth 1\nmap\n.\n"), DMAP_ERR_FORMAT, 3,
                     "duplicate header");
    movingai_rejects(S("type octile\nheight 1\nmap\n.\n"), DMAP_ERR_FORMAT, 3, "missing width");
    movingai_rejects(S("height 1\nwidth 1\nmap\n.\n"), DMAP_ERR_FORMAT, 3, "missing type");
    movingai_rejects(S("type octile\nheight 1\nwidth 1\n"), DMAP_ERR_FORMAT, 4, "missing map");
    movingai_rejects(S("type octile\nheight 1 2\nwidth 1\nmap\n.\n"), DMAP_ERR_FORMAT, 2,
                     "two values");
    movingai_rejects(S("type octile\nheight\nwidth 1\nmap\n.\n"), DMAP_ERR_FORMAT, 2, "no value");
    movingai_rejects(S("type octile\nheight abc\nwidth 1\nmap\n.\n"), DMAP_ERR_FORMAT, 2,
                     "non-numeric");
    movingai_rejects(S("type octile\nheight 1\nwidth 1.5\nmap\n.\n"), DMAP_ERR_FORMAT, 3,
                     "fraction");
    movingai_rejects(S("type octile\nheight 0\nwidth 1\nmap\n"), DMAP_ERR_SIZE, 2, "zero");
    movingai_rejects(S("type octile\nheight 1\nwidth -3\nmap\n"), DMAP_ERR_SIZE, 3, "negative");
    movingai_rejects(S("type octile\nheight 1\nwidth 99999999999999999999999\nmap\n"),
                     DMAP_ERR_SIZE, 3, "huge width");
    movingai_rejects(S("type octile\nheight 100000\nwidth 100000\nmap\n"), DMAP_ERR_SIZE, 4,
                     "cell count above the limit");
    /* 2^28 cells exactly is allowed by the size check, but the rows are missing: the reader
     * must notice without allocating 256 MiB (ASan / valgrind would show a huge block). */
    movingai_rejects(S("type octile\nheight 16384\nwidth 16384\nmap\n................\n"),
                     DMAP_ERR_FORMAT, 5, "short row of a huge map");
    movingai_rejects(S("type octile\nheight 3\nwidth 2\nmap\n..\n..\n"), DMAP_ERR_FORMAT, 7,
                     "truncated");
    movingai_rejects(S("type octile\nheight 2\nwidth 2\nmap\n..\n.\n"), DMAP_ERR_FORMAT, 6,
                     "ragged short");
    movingai_rejects(S("type octile\nheight 2\nwidth 2\nmap\n...\n..\n"), DMAP_ERR_FORMAT, 5,
                     "ragged long");
    movingai_rejects(S("type octile\nheight 2\nwidth 2\nmap\n..\n.#\n"), DMAP_ERR_FORMAT, 6,
                     "unknown character");
    movingai_rejects(S("type octile\nheight 2\nwidth 2\nmap\n..\n.\0\n"), DMAP_ERR_FORMAT, 6,
                     "NUL in a row");
    movingai_rejects(S("type\0octile\nheight 2\nwidth 2\nmap\n..\n..\n"), DMAP_ERR_FORMAT, 1,
                     "NUL in the header");
    movingai_rejects(S("type octile\nheight 1\nwidth 2\nmap\n..\n..\n"), DMAP_ERR_FORMAT, 6,
                     "too many rows");
    movingai_rejects(S("type octile\nheight 1\nwidth 2\nmap\n..\n\n\n@@\n"), DMAP_ERR_FORMAT, 8,
                     "extra row after blank lines");
    /* Found by test_garbage: without a final newline, "the text ended" names the last line,
     * not a line past the end of the file. */
    movingai_rejects(S("type octile\nheight 1\nwidth 1"), DMAP_ERR_FORMAT, 3,
                     "missing map, no final newline");
    movingai_rejects(S("type octile\nheight 3\nwidth 2\nmap\n..\n.."), DMAP_ERR_FORMAT, 6,
                     "truncated, no final newline");
}

/* Count the passable characters of a Moving AI map text after its "map" line. */
static long count_passable(const char *text) {
    const char *rows = strstr(text, "\nmap");
    long n = 0;
    if (!rows) return -1;
    rows = strchr(rows + 1, '\n');
    for (const char *p = rows; p && *p; p++) n += *p == '.' || *p == 'G' || *p == 'S';
    return n;
}

static void test_movingai_files(const char *source) {
    static const char *names[] = {"arena", "den520d", "lak303d", "AR0011SR", "Archipelago",
                                  "maze512-1-0", "random512-10-0", "8room_000", "Berlin_0_256"};
    char path[1024];
    if (!check_data_path(path, sizeof path, source, "tests/data/movingai")) return;
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        char rel[256];
        snprintf(rel, sizeof rel, "tests/data/movingai/%s.map", names[k]);
        if (!check_data_path(path, sizeof path, source, rel)) continue;
        char *text;
        size_t len;
        dmap_diag d;
        int rc = dmap_read_file(path, &text, &len, &d);
        CHECK_EQ_INT(rc, DMAP_OK);
        if (rc != DMAP_OK) {
            fprintf(stderr, "  %s: %s\n", path, d.message);
            continue;
        }
        int hw = -1, hh = -1;
        const char *hp = strstr(text, "height"), *wp = strstr(text, "width");
        CHECK(hp && wp && sscanf(hp, "height %d", &hh) == 1 && sscanf(wp, "width %d", &hw) == 1);
        dmap_grid g;
        rc = dmap_parse_movingai_map(text, len, &g, NULL, &d);
        CHECK_EQ_INT(rc, DMAP_OK);
        if (rc == DMAP_OK) {
            CHECK_EQ_INT(g.w, hw);
            CHECK_EQ_INT(g.h, hh);
            long floor = 0;
            for (long i = 0; i < (long)g.w * g.h; i++) floor += !g.wall[i];
            CHECK_EQ_INT(floor, count_passable(text));
            CHECK_EQ_INT(dmap_grid_check(&g), DMAP_OK);
        } else {
            fprintf(stderr, "  %s:%d: %s\n", path, d.line, d.message);
        }
        dmap_grid_free(&g);
        free(text);
    }
}

/* ---- scenarios ---------------------------------------------------------------------------- */

static void test_scen_accepts(void) {
    const char text[] = "version 1\r\n"
                        "0\tmaps/dao/arena.map\t49\t49\t1\t11\t1\t12\t1\r\n"
                        "\n"
                        "3 arena.map 49 48 0 47 48 0 61.3259\n"
                        "   \t \n"
                        "\n\n";
    dmap_scen_query *q;
    size_t n;
    dmap_diag d;
    CHECK_EQ_INT(dmap_parse_scen(S(text), &q, &n, &d), DMAP_OK);
    CHECK_EQ_INT(n, 2);
    if (n == 2) {
        CHECK(q[0].bucket == 0 && q[0].map_w == 49 && q[0].map_h == 49);
        CHECK(q[0].start_x == 1 && q[0].start_y == 11 && q[0].goal_x == 1 && q[0].goal_y == 12);
        CHECK_NEAR(q[0].optimal, 1.0, 0);
        CHECK_EQ_INT(q[0].line, 2);
        CHECK(q[1].bucket == 3 && q[1].map_w == 49 && q[1].map_h == 48);
        CHECK(q[1].start_x == 0 && q[1].start_y == 47 && q[1].goal_x == 48 && q[1].goal_y == 0);
        CHECK_NEAR(q[1].optimal, 61.3259, 0);
        CHECK_EQ_INT(q[1].line, 4);
    }
    free(q);
    CHECK_EQ_INT(dmap_parse_scen(S("version 1\n"), &q, &n, &d), DMAP_OK);
    CHECK_EQ_INT(n, 0);
    free(q);
}

static void test_scen_rejects(void) {
    scen_rejects(S(""), 1, "empty");
    scen_rejects(S("version 2\n"), 1, "version 2");
    scen_rejects(S("0 a.map 4 4 0 0 1 1 1\n"), 1, "no version line");
    scen_rejects(S("version 1\n0 a.map 4 4 0 0 1 1\n"), 2, "8 columns");
    scen_rejects(S("version 1\n\n0 a.map 4 4 0 0 1 1 1 7\n"), 3, "10 columns");
    scen_rejects(S("version 1\n0 a.map 4 4 0 0 1 1 1\n0 a.map 4 4 0 x 1 1 1\n"), 3, "bad int");
    scen_rejects(S("version 1\n0 a.map 4 4 0 0 1 1 1x\n"), 2, "junk after number");
    scen_rejects(S("version 1\n0 a.map 4 4 0 0 1 1 nan\n"), 2, "nan");
    scen_rejects(S("version 1\n0 a.map 4 4 0 0 1 1 inf\n"), 2, "inf");
    scen_rejects(S("version 1\n0 a.map 4 4 0 0 1 1 -1\n"), 2, "negative length");
    scen_rejects(S("version 1\n0 a.map 4 4 -1 0 1 1 1\n"), 2, "negative x");
    scen_rejects(S("version 1\n0 a.map 0 4 0 0 1 1 1\n"), 2, "zero width");
    scen_rejects(S("version 1\n0 a.map 4 4 4 0 1 1 1\n"), 2, "start outside the map size");
    scen_rejects(S("version 1\n0 a.map 4 4 0 0 1 99999999999999999999 1\n"), 2, "overflow");
    scen_rejects(S("version 1\n0 a.map 4 4 0 0 1 1 1\n0 a.map 4\0 4 0 0 1 1 1\n"), 3, "NUL");
    dmap_scen_query *q;
    size_t n;
    CHECK_EQ_INT(dmap_parse_scen(S("version 1\n"), NULL, &n, NULL), DMAP_ERR_ARG);
    CHECK_EQ_INT(dmap_parse_scen(S("version 1\n"), &q, NULL, NULL), DMAP_ERR_ARG);
}

/* ---- files -------------------------------------------------------------------------------- */

static void test_read_file(void) {
    char *text;
    size_t len;
    dmap_diag d;
    CHECK_EQ_INT(dmap_read_file("/nonexistent/dmap/file.map", &text, &len, &d), DMAP_ERR_IO);
    CHECK(text == NULL && strstr(d.message, "No such file") != NULL);
    CHECK_EQ_INT(dmap_read_file("/tmp", &text, &len, &d), DMAP_ERR_IO);
    CHECK(text == NULL && strstr(d.message, "directory") != NULL);
    CHECK_EQ_INT(dmap_read_file(NULL, &text, &len, &d), DMAP_ERR_ARG);
    CHECK_EQ_INT(dmap_read_file("x", NULL, &len, &d), DMAP_ERR_ARG);

    char path[64];
    snprintf(path, sizeof path, "/tmp/dmap_test_readers_%ld.txt", (long)getpid());
    FILE *f = fopen(path, "wb");
    CHECK(f != NULL);
    if (!f) return;
    /* a file larger than the first read buffer, with a NUL inside */
    size_t n = 200000;
    for (size_t i = 0; i < n; i++) fputc(i == 7 ? '\0' : 'a' + (int)(i % 26), f);
    fclose(f);
    CHECK_EQ_INT(dmap_read_file(path, &text, &len, &d), DMAP_OK);
    CHECK_EQ_INT(len, n);
    if (text) {
        CHECK(text[len] == '\0' && text[7] == '\0' && text[8] == 'a' + 8 && text[n - 1] ==
              'a' + (int)((n - 1) % 26));
    }
    free(text);
    remove(path);
}

int main(int argc, char **argv) {
    const char *source = check_source_dir(argc, argv);
    test_text_map_accepts();
    test_text_map_rejects();
    test_text_map_too_big();
    test_movingai_accepts();
    test_movingai_rejects();
    if (source) test_movingai_files(source);
    test_scen_accepts();
    test_scen_rejects();
    test_read_file();
    return check_report("test_readers");
}
