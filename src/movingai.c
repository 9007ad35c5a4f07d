/* movingai.c — the Moving AI Lab .map reader ("type octile", "height H", "width W", "map",
 * then H rows of W characters), and dmap_parse_map, which tells the two map formats apart.
 *
 * The header is checked first (every key once, nothing unknown, sizes in range), then the
 * rows are validated in a pass that allocates nothing — so a header claiming a huge height
 * over a short file fails on its missing rows instead of allocating gigabytes — and only then
 * is the grid allocated and filled. */
#include <stdlib.h>
#include <string.h>

#include "dmap.h"
#include "lines.h"

/* The header fields, and the line each was seen on (0: not yet). */
typedef struct movingai_header {
    int64_t height, width;
    int type_line, height_line, width_line;
} movingai_header;

static int token_is(const char *t, size_t n, const char *word) {
    return strlen(word) == n && memcmp(t, word, n) == 0;
}

/* A header size: decimal digits, 1..DMAP_MAX_CELLS. */
static int parse_size(const char *t, size_t n, const char *key, int line, int64_t *out,
                      dmap_diag *diag) {
    size_t i = (n > 0 && (t[0] == '-' || t[0] == '+')) ? 1 : 0;
    if (i == n) return dmap_diag_fail(diag, DMAP_ERR_FORMAT, line, "%s is not a number", key);
    int64_t v = 0;
    for (; i < n; i++) {
        if (t[i] < '0' || t[i] > '9')
            return dmap_diag_fail(diag, DMAP_ERR_FORMAT, line, "%s '%.*s' is not a number", key,
                                  (int)(n > 20 ? 20 : n), t);
        if (v <= DMAP_MAX_CELLS) v = v * 10 + (t[i] - '0');
    }
    if (t[0] == '-' || v == 0)
        return dmap_diag_fail(diag, DMAP_ERR_SIZE, line, "%s must be > 0", key);
    if (v > DMAP_MAX_CELLS)
        return dmap_diag_fail(diag, DMAP_ERR_SIZE, line, "%s is larger than %lld", key,
                              (long long)DMAP_MAX_CELLS);
    *out = v;
    return DMAP_OK;
}

/* One header line (not "map"): type, height or width, each at most once. */
static int parse_header_line(const char *s, size_t n, int line, movingai_header *hd,
                             dmap_diag *diag) {
    const char *tok[2];
    size_t tlen[2];
    int count = dmap_line_tokens(s, n, tok, tlen, 2);
    if (count == 0) return DMAP_OK; /* blank lines in the header are harmless */
    int *seen = NULL;
    if (token_is(tok[0], tlen[0], "type")) seen = &hd->type_line;
    else if (token_is(tok[0], tlen[0], "height")) seen = &hd->height_line;
    else if (token_is(tok[0], tlen[0], "width")) seen = &hd->width_line;
    else
        return dmap_diag_fail(diag, DMAP_ERR_FORMAT, line, "unknown header '%.*s'",
                              (int)(tlen[0] > 20 ? 20 : tlen[0]), tok[0]);
    if (*seen)
        return dmap_diag_fail(diag, DMAP_ERR_FORMAT, line, "duplicate header '%.*s' (first on "
                              "line %d)", (int)tlen[0], tok[0], *seen);
    if (count != 2)
        return dmap_diag_fail(diag, DMAP_ERR_FORMAT, line, "header '%.*s' needs exactly one "
                              "value", (int)tlen[0], tok[0]);
    *seen = line;
    if (seen == &hd->type_line) {
        if (!token_is(tok[1], tlen[1], "octile"))
            return dmap_diag_fail(diag, DMAP_ERR_FORMAT, line, "unsupported map type '%.*s' "
                                  "(expected octile)", (int)(tlen[1] > 20 ? 20 : tlen[1]),
                                  tok[1]);
        return DMAP_OK;
    }
    if (seen == &hd->height_line)
        return parse_size(tok[1], tlen[1], "height", line, &hd->height, diag);
    return parse_size(tok[1], tlen[1], "width", line, &hd->width, diag);
}

/* The line to name for "the text ended too soon": the empty line after a final newline, or
 * the last line itself when the text does not end in one (never a line past the input). */
static int end_line(const dmap_lines *r) {
    return r->len == 0 || r->text[r->len - 1] == '\n' ? r->line + 1 : r->line;
}

/* Read the header up to and including the "map" line; checks sizes. */
static int parse_header(dmap_lines *r, movingai_header *hd, dmap_diag *diag) {
    const char *s;
    size_t n;
    memset(hd, 0, sizeof *hd);
    if (r->len == 0) return dmap_diag_fail(diag, DMAP_ERR_FORMAT, 1, "empty input");
    while (dmap_lines_next(r, &s, &n)) {
        long bad = dmap_line_bad_byte(s, n, 1);
        if (bad >= 0) {
            char what[48];
            return dmap_diag_fail(diag, DMAP_ERR_FORMAT, r->line, "%s at column %ld",
                                  dmap_byte_name((unsigned char)s[bad], what, sizeof what),
                                  bad + 1);
        }
        const char *tok[2];
        size_t tlen[2];
        int count = dmap_line_tokens(s, n, tok, tlen, 1);
        if (count == 1 && token_is(tok[0], tlen[0], "map")) {
            const char *missing = !hd->type_line ? "type" : !hd->height_line ? "height"
                                  : !hd->width_line ? "width" : NULL;
            if (missing)
                return dmap_diag_fail(diag, DMAP_ERR_FORMAT, r->line,
                                      "header '%s' missing before 'map'", missing);
            if (hd->width * hd->height > DMAP_MAX_CELLS)
                return dmap_diag_fail(diag, DMAP_ERR_SIZE, r->line,
                                      "%lld x %lld cells is more than the largest grid (%lld)",
                                      (long long)hd->width, (long long)hd->height,
                                      (long long)DMAP_MAX_CELLS);
            return DMAP_OK;
        }
        int rc = parse_header_line(s, n, r->line, hd, diag);
        if (rc != DMAP_OK) return rc;
    }
    return dmap_diag_fail(diag, DMAP_ERR_FORMAT, end_line(r), "missing 'map' line");
}

static int is_passable_char(char c) { return c == '.' || c == 'G' || c == 'S'; }
static int is_blocked_char(char c) { return c == '@' || c == 'O' || c == 'T' || c == 'W'; }

/* Validate the H rows after the header and what follows them, without allocating. */
static int check_rows(dmap_lines r, const movingai_header *hd, dmap_diag *diag) {
    const char *s;
    size_t n;
    int first_row_line = r.line + 1;
    for (int64_t y = 0; y < hd->height; y++) {
        if (!dmap_lines_next(&r, &s, &n))
            return dmap_diag_fail(diag, DMAP_ERR_FORMAT, end_line(&r),
                                  "truncated: %lld of %lld map rows (rows start on line %d)",
                                  (long long)y, (long long)hd->height, first_row_line);
        for (size_t x = 0; x < n && x < (size_t)hd->width; x++) {
            char c = s[x];
            if (!is_passable_char(c) && !is_blocked_char(c)) {
                char what[48];
                unsigned char u = (unsigned char)c;
                if (u < 0x20 || u >= 0x7f)
                    return dmap_diag_fail(diag, DMAP_ERR_FORMAT, r.line, "%s at column %zu",
                                          dmap_byte_name(u, what, sizeof what), x + 1);
                return dmap_diag_fail(diag, DMAP_ERR_FORMAT, r.line,
                                      "unknown map character '%c' at column %zu", c, x + 1);
            }
        }
        if (n != (size_t)hd->width)
            return dmap_diag_fail(diag, DMAP_ERR_FORMAT, r.line,
                                  "ragged row: %zu characters, width is %lld", n,
                                  (long long)hd->width);
    }
    while (dmap_lines_next(&r, &s, &n))
        if (!dmap_line_blank(s, n))
            return dmap_diag_fail(diag, DMAP_ERR_FORMAT, r.line,
                                  "too many rows: the header says height %lld",
                                  (long long)hd->height);
    return DMAP_OK;
}

int dmap_parse_movingai_map(const char *text, size_t len, dmap_grid *g, char **chars,
                            dmap_diag *diag) {
    dmap_diag_clear(diag);
    if (chars) *chars = NULL;
    if (!g || (!text && len > 0)) return dmap_diag_fail(diag, DMAP_ERR_ARG, 0, "no text given");
    memset(g, 0, sizeof *g);
    dmap_lines r;
    dmap_lines_init(&r, text, len);
    movingai_header hd;
    int rc = parse_header(&r, &hd, diag);
    if (rc == DMAP_OK) rc = check_rows(r, &hd, diag);
    if (rc != DMAP_OK) return rc;
    rc = dmap_grid_init(g, (int)hd.width, (int)hd.height);
    if (rc != DMAP_OK) return dmap_diag_fail(diag, rc, 0, "%s", dmap_strerror(rc));
    size_t w = (size_t)hd.width, cells = w * (size_t)hd.height;
    char *copy = NULL;
    if (chars && !(copy = (char *)malloc(cells))) {
        dmap_grid_free(g);
        return dmap_diag_fail(diag, DMAP_ERR_NOMEM, 0, "out of memory");
    }
    const char *s;
    size_t n;
    for (size_t y = 0; y < (size_t)hd.height && dmap_lines_next(&r, &s, &n); y++) {
        for (size_t x = 0; x < w; x++) g->wall[y * w + x] = is_blocked_char(s[x]);
        if (copy) memcpy(copy + y * w, s, w);
    }
    if (chars) *chars = copy;
    return DMAP_OK;
}

int dmap_parse_map(const char *text, size_t len, dmap_grid *g, char **chars, dmap_diag *diag) {
    if (text && len >= 5 && memcmp(text, "type", 4) == 0 && (text[4] == ' ' || text[4] == '\t'))
        return dmap_parse_movingai_map(text, len, g, chars, diag);
    return dmap_parse_text_map(text, len, g, chars, diag);
}
