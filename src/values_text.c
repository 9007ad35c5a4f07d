/* values_text.c — values maps as text: exact CSV (written and read back bit for bit, walls as
 * '#', "inf"/"-inf" for the infinities), an aligned grid for people, and single digits.
 *
 * CSV numbers are the shortest of %.15g, %.16g and %.17g that strtod reads back to the same
 * double, so a map survives any number of write/read round trips unchanged; negative zero is
 * written "0" (it compares equal to 0 and "-0" only confuses people and diffs). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dmap.h"
#include "lines.h"

/* ---- writing ---------------------------------------------------------------------------- */

/* A growing output text. */
typedef struct text_buf {
    char *s;
    size_t len, cap;
    int failed;
} text_buf;

static void put(text_buf *b, const char *s, size_t n) {
    if (b->failed) return;
    if (b->cap - b->len <= n) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap - b->len <= n) {
            if (cap > ((size_t)-1) / 2) {
                b->failed = 1;
                return;
            }
            cap *= 2;
        }
        char *grown = (char *)realloc(b->s, cap);
        if (!grown) {
            b->failed = 1;
            return;
        }
        b->s = grown;
        b->cap = cap;
    }
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

static void put_str(text_buf *b, const char *s) { put(b, s, strlen(s)); }

static void put_char(text_buf *b, char c) { put(b, &c, 1); }

/* The exact CSV spelling of a non-NaN v (buf of 32+ bytes). */
static const char *exact_number(char *buf, size_t size, double v) {
    if (v == 0) return "0";
    if (isinf(v)) return v > 0 ? "inf" : "-inf";
    for (int digits = 15; digits <= 17; digits++) {
        snprintf(buf, size, "%.*g", digits, v);
        if (strtod(buf, NULL) == v) break;
    }
    return buf;
}

/* The people's spelling: %.6g, no "-0". */
static const char *short_number(char *buf, size_t size, double v) {
    if (v == 0) return "0";
    if (isinf(v)) return v > 0 ? "inf" : "-inf";
    snprintf(buf, size, "%.6g", v);
    return buf;
}

/* The first passable NaN (or, for digits, non-digit) cell, reported in diag. */
static int check_printable(const dmap_grid *g, const double *values, dmap_values_format fmt,
                           dmap_diag *diag) {
    size_t w = (size_t)g->w, n = w * (size_t)g->h;
    for (size_t i = 0; i < n; i++) {
        if (g->wall[i]) continue;
        double v = values[i];
        int x = (int)(i % w), y = (int)(i / w);
        if (isnan(v))
            return dmap_diag_fail(diag, DMAP_ERR_VALUE, y + 1, "NaN at (%d,%d)", x, y);
        if (fmt == DMAP_VALUES_DIGITS && !(v >= 0 && v <= 9 && v == floor(v)))
            return dmap_diag_fail(diag, DMAP_ERR_VALUE, y + 1,
                                  "value %g at (%d,%d) is not a digit 0..9", v, x, y);
    }
    return DMAP_OK;
}

static void write_csv(text_buf *b, const dmap_grid *g, const double *values) {
    size_t w = (size_t)g->w, n = w * (size_t)g->h;
    char buf[40];
    for (size_t i = 0; i < n && !b->failed; i++) {
        if (i % w != 0) put_char(b, ',');
        put_str(b, g->wall[i] ? "#" : exact_number(buf, sizeof buf, values[i]));
        if (i % w == w - 1) put_char(b, '\n');
    }
}

static void write_grid(text_buf *b, const dmap_grid *g, const double *values) {
    size_t w = (size_t)g->w, n = w * (size_t)g->h, width = 1;
    char buf[40], pad[48];
    for (size_t i = 0; i < n; i++) {
        if (g->wall[i]) continue;
        size_t len = strlen(short_number(buf, sizeof buf, values[i]));
        if (len > width) width = len;
    }
    for (size_t i = 0; i < n && !b->failed; i++) {
        const char *s = g->wall[i] ? "#" : short_number(buf, sizeof buf, values[i]);
        size_t len = strlen(s);
        if (i % w != 0) put_char(b, ' ');
        memset(pad, ' ', width - len);
        put(b, pad, width - len);
        put(b, s, len);
        if (i % w == w - 1) put_char(b, '\n');
    }
}

static void write_digits(text_buf *b, const dmap_grid *g, const double *values) {
    size_t w = (size_t)g->w, n = w * (size_t)g->h;
    for (size_t i = 0; i < n && !b->failed; i++) {
        put_char(b, g->wall[i] ? '#' : (char)('0' + (int)values[i]));
        if (i % w == w - 1) put_char(b, '\n');
    }
}

int dmap_format_values(const dmap_grid *g, const double *values, dmap_values_format fmt,
                       char **text, size_t *len, dmap_diag *diag) {
    dmap_diag_clear(diag);
    if (text) *text = NULL;
    if (len) *len = 0;
    if (!g || !g->wall || !values || !text)
        return dmap_diag_fail(diag, DMAP_ERR_ARG, 0, "NULL argument");
    if (fmt != DMAP_VALUES_CSV && fmt != DMAP_VALUES_GRID && fmt != DMAP_VALUES_DIGITS)
        return dmap_diag_fail(diag, DMAP_ERR_ARG, 0, "unknown format %d", (int)fmt);
    if (g->w <= 0 || g->h <= 0 || (int64_t)g->w * (int64_t)g->h > DMAP_MAX_CELLS)
        return dmap_diag_fail(diag, DMAP_ERR_SIZE, 0, "grid size out of range");
    int rc = check_printable(g, values, fmt, diag);
    if (rc != DMAP_OK) return rc;
    text_buf b = {NULL, 0, 0, 0};
    if (fmt == DMAP_VALUES_CSV) write_csv(&b, g, values);
    else if (fmt == DMAP_VALUES_GRID) write_grid(&b, g, values);
    else write_digits(&b, g, values);
    if (b.failed) {
        free(b.s);
        return dmap_diag_fail(diag, DMAP_ERR_NOMEM, 0, "out of memory");
    }
    *text = b.s;
    if (len) *len = b.len;
    return DMAP_OK;
}

/* ---- reading CSV -------------------------------------------------------------------------- */

static size_t count_fields(const char *s, size_t n) {
    size_t k = 1;
    for (size_t i = 0; i < n; i++) k += s[i] == ',';
    return k;
}

/* Pass one: rows (non-empty lines; empty ones only at the end) of equal width, no NUL. */
static int measure_csv(const char *text, size_t len, int *w, int *h, dmap_diag *diag) {
    dmap_lines r;
    dmap_lines_init(&r, text, len);
    const char *s;
    size_t n, cols = 0;
    int64_t rows = 0;
    int first_blank = 0;
    while (dmap_lines_next(&r, &s, &n)) {
        if (n == 0) {
            if (!first_blank) first_blank = r.line;
            continue;
        }
        if (first_blank)
            return dmap_diag_fail(diag, DMAP_ERR_FORMAT, first_blank,
                                  "empty line inside the map");
        const char *nul = (const char *)memchr(s, '\0', n);
        if (nul)
            return dmap_diag_fail(diag, DMAP_ERR_FORMAT, r.line, "NUL byte at column %zu",
                                  (size_t)(nul - s) + 1);
        size_t k = count_fields(s, n);
        if (rows == 0) cols = k;
        else if (k != cols)
            return dmap_diag_fail(diag, DMAP_ERR_FORMAT, r.line,
                                  "ragged row: %zu values, the first row has %zu", k, cols);
        rows++;
        if ((uint64_t)rows * (uint64_t)cols > (uint64_t)DMAP_MAX_CELLS)
            return dmap_diag_fail(diag, DMAP_ERR_SIZE, r.line, "map has more than %lld cells",
                                  (long long)DMAP_MAX_CELLS);
    }
    if (rows == 0) return dmap_diag_fail(diag, DMAP_ERR_FORMAT, 1, "empty input: no rows");
    *w = (int)cols;
    *h = (int)rows;
    return DMAP_OK;
}

/* Only plain decimal notation: digits, sign, point, exponent (no nan, hex, spaces). */
static int decimal_chars_only(const char *s) {
    if (*s == '\0') return 0;
    for (; *s; s++)
        if (!strchr("0123456789+-.eE", *s)) return 0;
    return 1;
}

/* One field: '#' (a wall), "inf", "-inf" or a finite decimal number, spaces around allowed.
 * Returns 0, or -1 when malformed. */
static int parse_field(const char *s, size_t n, int *wall, double *v) {
    while (n > 0 && (*s == ' ' || *s == '\t')) s++, n--;
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t')) n--;
    *wall = 0;
    if (n == 1 && *s == '#') {
        *wall = 1;
        *v = 0;
        return 0;
    }
    char buf[64];
    if (n == 0 || n >= sizeof buf) return -1;
    memcpy(buf, s, n);
    buf[n] = '\0';
    if (strcmp(buf, "inf") == 0 || strcmp(buf, "-inf") == 0) {
        *v = buf[0] == '-' ? -INFINITY : INFINITY;
        return 0;
    }
    if (!decimal_chars_only(buf)) return -1;
    char *end;
    errno = 0;
    double x = strtod(buf, &end);
    if (end == buf || *end != '\0' || !isfinite(x)) return -1; /* "1e999" is not "inf" */
    *v = x; /* ERANGE on underflow is fine: the tiny result is what the text says */
    return 0;
}

/* Pass two: fill the grid and values of a measured text. */
static int fill_csv(const char *text, size_t len, dmap_grid *g, double *values,
                    dmap_diag *diag) {
    dmap_lines r;
    dmap_lines_init(&r, text, len);
    const char *s;
    size_t n, w = (size_t)g->w;
    for (size_t y = 0; y < (size_t)g->h && dmap_lines_next(&r, &s, &n);) {
        if (n == 0) continue;
        size_t start = 0;
        for (size_t x = 0; x < w; x++) {
            const char *comma = (const char *)memchr(s + start, ',', n - start);
            size_t end = comma ? (size_t)(comma - s) : n;
            int wall;
            size_t i = y * w + x;
            if (parse_field(s + start, end - start, &wall, &values[i]) != 0) {
                size_t show = end - start > 24 ? 24 : end - start;
                char shown[25];
                for (size_t k = 0; k < show; k++) {
                    unsigned char c = (unsigned char)s[start + k];
                    shown[k] = c >= 0x20 && c < 0x7f ? (char)c : '?';
                }
                shown[show] = '\0';
                return dmap_diag_fail(diag, DMAP_ERR_FORMAT, r.line,
                                      "value %zu '%s' is not a number, inf, -inf or '#'", x + 1,
                                      shown);
            }
            g->wall[i] = (unsigned char)wall;
            start = end + 1;
        }
        y++;
    }
    return DMAP_OK;
}

int dmap_parse_values_csv(const char *text, size_t len, dmap_grid *g, double **values,
                          dmap_diag *diag) {
    dmap_diag_clear(diag);
    if (values) *values = NULL;
    if (!g || !values || (!text && len > 0))
        return dmap_diag_fail(diag, DMAP_ERR_ARG, 0, "NULL argument");
    memset(g, 0, sizeof *g);
    int w = 0, h = 0;
    int rc = measure_csv(text, len, &w, &h, diag);
    if (rc != DMAP_OK) return rc;
    if ((rc = dmap_grid_init(g, w, h)) != DMAP_OK)
        return dmap_diag_fail(diag, rc, 0, "%s", dmap_strerror(rc));
    *values = (double *)malloc((size_t)w * (size_t)h * sizeof **values);
    if (!*values) {
        dmap_grid_free(g);
        return dmap_diag_fail(diag, DMAP_ERR_NOMEM, 0, "out of memory");
    }
    rc = fill_csv(text, len, g, *values, diag);
    if (rc != DMAP_OK) {
        dmap_grid_free(g);
        free(*values);
        *values = NULL;
    }
    return rc;
}
