/* scen.c — the Moving AI scenario reader (.map.scen): "version 1", then one query per line,
 * nine tab- or space-separated columns:
 *     bucket  map  map_width  map_height  start_x  start_y  goal_x  goal_y  optimal_length
 * Blank lines are ignored anywhere (some files end with several). The map column is a path
 * from the original archive and is skipped; callers match maps by file name. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dmap.h"
#include "lines.h"

#define SCEN_COLUMNS 9

/* Copy a token into a NUL-terminated buffer for strtol/strtod; 0 when it does not fit. */
static int token_copy(const char *t, size_t n, char *buf, size_t size) {
    if (n == 0 || n >= size) return 0;
    memcpy(buf, t, n);
    buf[n] = '\0';
    return 1;
}

static int parse_column_int(const char *t, size_t n, long lo, long hi, int *out) {
    char buf[32];
    if (!token_copy(t, n, buf, sizeof buf)) return 0;
    if (!((buf[0] >= '0' && buf[0] <= '9') || buf[0] == '-')) return 0;
    char *end;
    errno = 0;
    long v = strtol(buf, &end, 10);
    if (errno || *end || v < lo || v > hi) return 0;
    *out = (int)v;
    return 1;
}

static int parse_column_double(const char *t, size_t n, double *out) {
    char buf[64];
    if (!token_copy(t, n, buf, sizeof buf)) return 0;
    if (!((buf[0] >= '0' && buf[0] <= '9') || buf[0] == '.')) return 0; /* no sign, no "inf" */
    char *end;
    errno = 0;
    double v = strtod(buf, &end);
    if (errno || *end || !isfinite(v)) return 0;
    *out = v;
    return 1;
}

static const char *column_names[SCEN_COLUMNS] = {
    "bucket", "map", "map_width", "map_height", "start_x", "start_y", "goal_x", "goal_y",
    "optimal_length"};

/* Parse one query line into q (columns already counted). */
static int parse_query(const char **tok, const size_t *tlen, int line, dmap_scen_query *q,
                       dmap_diag *diag) {
    const long max_side = (long)DMAP_MAX_CELLS;
    int *ints[SCEN_COLUMNS] = {&q->bucket, NULL, &q->map_w, &q->map_h, &q->start_x,
                               &q->start_y, &q->goal_x, &q->goal_y, NULL};
    for (int c = 0; c < SCEN_COLUMNS - 1; c++) {
        if (!ints[c]) continue;
        long lo = (c == 2 || c == 3) ? 1 : 0;
        if (!parse_column_int(tok[c], tlen[c], lo, max_side, ints[c]))
            return dmap_diag_fail(diag, DMAP_ERR_FORMAT, line,
                                  "column %d (%s): '%.*s' is not an integer from %ld to %ld",
                                  c + 1, column_names[c], (int)(tlen[c] > 24 ? 24 : tlen[c]),
                                  tok[c], lo, max_side);
    }
    if (!parse_column_double(tok[8], tlen[8], &q->optimal))
        return dmap_diag_fail(diag, DMAP_ERR_FORMAT, line,
                              "column 9 (optimal_length): '%.*s' is not a finite number >= 0",
                              (int)(tlen[8] > 24 ? 24 : tlen[8]), tok[8]);
    if (q->start_x >= q->map_w || q->start_y >= q->map_h || q->goal_x >= q->map_w ||
        q->goal_y >= q->map_h)
        return dmap_diag_fail(diag, DMAP_ERR_FORMAT, line,
                              "start or goal outside the %d x %d map the line names", q->map_w,
                              q->map_h);
    q->line = line;
    return DMAP_OK;
}

static int check_version_line(const char *s, size_t n, dmap_diag *diag) {
    const char *tok[3];
    size_t tlen[3];
    int count = dmap_line_tokens(s, n, tok, tlen, 2);
    if (count == 2 && tlen[0] == 7 && memcmp(tok[0], "version", 7) == 0 &&
        ((tlen[1] == 1 && tok[1][0] == '1') || (tlen[1] == 3 && memcmp(tok[1], "1.0", 3) == 0)))
        return DMAP_OK;
    return dmap_diag_fail(diag, DMAP_ERR_FORMAT, 1, "first line must be 'version 1'");
}

/* Append q to the growable array. */
static int push_query(dmap_scen_query **arr, size_t *count, size_t *cap,
                      const dmap_scen_query *q) {
    if (*count == *cap) {
        size_t ncap = *cap ? *cap * 2 : 64;
        if (ncap > SIZE_MAX / sizeof **arr) return DMAP_ERR_NOMEM;
        dmap_scen_query *grown = (dmap_scen_query *)realloc(*arr, ncap * sizeof **arr);
        if (!grown) return DMAP_ERR_NOMEM;
        *arr = grown;
        *cap = ncap;
    }
    (*arr)[(*count)++] = *q;
    return DMAP_OK;
}

int dmap_parse_scen(const char *text, size_t len, dmap_scen_query **queries, size_t *count,
                    dmap_diag *diag) {
    dmap_diag_clear(diag);
    if (queries) *queries = NULL;
    if (count) *count = 0;
    if (!queries || !count || (!text && len > 0))
        return dmap_diag_fail(diag, DMAP_ERR_ARG, 0, "no text or result given");
    dmap_lines r;
    dmap_lines_init(&r, text, len);
    const char *s;
    size_t n;
    if (!dmap_lines_next(&r, &s, &n)) return dmap_diag_fail(diag, DMAP_ERR_FORMAT, 1, "empty input");
    int rc = DMAP_OK;
    long bad = dmap_line_bad_byte(s, n, 1);
    if (bad >= 0) {
        char what[48];
        return dmap_diag_fail(diag, DMAP_ERR_FORMAT, 1, "%s at column %ld",
                              dmap_byte_name((unsigned char)s[bad], what, sizeof what), bad + 1);
    }
    if ((rc = check_version_line(s, n, diag)) != DMAP_OK) return rc;
    dmap_scen_query *arr = NULL;
    size_t got = 0, cap = 0;
    while (rc == DMAP_OK && dmap_lines_next(&r, &s, &n)) {
        if (dmap_line_blank(s, n)) continue;
        bad = dmap_line_bad_byte(s, n, 1);
        if (bad >= 0) {
            char what[48];
            rc = dmap_diag_fail(diag, DMAP_ERR_FORMAT, r.line, "%s at column %ld",
                                dmap_byte_name((unsigned char)s[bad], what, sizeof what),
                                bad + 1);
            break;
        }
        const char *tok[SCEN_COLUMNS];
        size_t tlen[SCEN_COLUMNS];
        int cols = dmap_line_tokens(s, n, tok, tlen, SCEN_COLUMNS);
        if (cols != SCEN_COLUMNS) {
            rc = dmap_diag_fail(diag, DMAP_ERR_FORMAT, r.line, "expected 9 columns, found %s%d",
                                cols > SCEN_COLUMNS ? "more than " : "",
                                cols > SCEN_COLUMNS ? SCEN_COLUMNS : cols);
            break;
        }
        dmap_scen_query q;
        rc = parse_query(tok, tlen, r.line, &q, diag);
        if (rc == DMAP_OK && (rc = push_query(&arr, &got, &cap, &q)) != DMAP_OK)
            dmap_diag_fail(diag, rc, r.line, "out of memory");
    }
    if (rc != DMAP_OK) {
        free(arr);
        return rc;
    }
    *queries = arr;
    *count = got;
    return DMAP_OK;
}
