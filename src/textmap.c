/* textmap.c — the plain text map reader and writer: one row per line, '#' walls, any other
 * printable ASCII character floor (kept in `chars` so callers can find their own markers).
 *
 * Two passes over the text: the first validates everything and measures W x H without
 * allocating (so a malformed or hostile text costs no memory), the second fills the grid. */
#include <stdlib.h>
#include <string.h>

#include "dmap.h"
#include "lines.h"

/* Pass one: the size of the map, or an error with its line. */
static int measure_text_map(const char *text, size_t len, int *w_out, int *h_out,
                            dmap_diag *diag) {
    dmap_lines r;
    dmap_lines_init(&r, text, len);
    const char *s;
    size_t n, w = 0;
    int64_t rows = 0;
    int first_blank = 0; /* the first empty line after the last row seen, 0 when none */
    while (dmap_lines_next(&r, &s, &n)) {
        if (n == 0) {
            if (!first_blank) first_blank = r.line;
            continue;
        }
        if (first_blank)
            return dmap_diag_fail(diag, DMAP_ERR_FORMAT, first_blank,
                                  "empty row inside the map (only blank lines at the end are "
                                  "allowed)");
        long bad = dmap_line_bad_byte(s, n, 0);
        if (bad >= 0) {
            char what[48];
            return dmap_diag_fail(diag, DMAP_ERR_FORMAT, r.line, "%s at column %ld",
                                  dmap_byte_name((unsigned char)s[bad], what, sizeof what),
                                  bad + 1);
        }
        if (rows == 0) {
            if ((uint64_t)n > (uint64_t)DMAP_MAX_CELLS)
                return dmap_diag_fail(diag, DMAP_ERR_SIZE, r.line,
                                      "row of %zu characters is wider than the largest grid",
                                      n);
            w = n;
        } else if (n != w) {
            return dmap_diag_fail(diag, DMAP_ERR_FORMAT, r.line,
                                  "ragged row: %zu characters, the first row has %zu", n, w);
        }
        rows++;
        if (rows * (int64_t)w > DMAP_MAX_CELLS)
            return dmap_diag_fail(diag, DMAP_ERR_SIZE, r.line,
                                  "map has more than %lld cells", (long long)DMAP_MAX_CELLS);
    }
    if (rows == 0) return dmap_diag_fail(diag, DMAP_ERR_FORMAT, 1, "empty input: no map rows");
    *w_out = (int)w;
    *h_out = (int)rows;
    return DMAP_OK;
}

int dmap_parse_text_map(const char *text, size_t len, dmap_grid *g, char **chars,
                        dmap_diag *diag) {
    dmap_diag_clear(diag);
    if (chars) *chars = NULL;
    if (!g || (!text && len > 0)) return dmap_diag_fail(diag, DMAP_ERR_ARG, 0, "no text given");
    memset(g, 0, sizeof *g);
    int w = 0, h = 0;
    int rc = measure_text_map(text, len, &w, &h, diag);
    if (rc != DMAP_OK) return rc;
    rc = dmap_grid_init(g, w, h);
    if (rc != DMAP_OK) return dmap_diag_fail(diag, rc, 0, "%s", dmap_strerror(rc));
    char *copy = NULL;
    if (chars) {
        copy = (char *)malloc((size_t)w * (size_t)h);
        if (!copy) {
            dmap_grid_free(g);
            return dmap_diag_fail(diag, DMAP_ERR_NOMEM, 0, "out of memory");
        }
    }
    dmap_lines r;
    dmap_lines_init(&r, text, len);
    const char *s;
    size_t n;
    for (int y = 0; y < h && dmap_lines_next(&r, &s, &n);) {
        if (n == 0) continue; /* cannot happen before the last row: pass one checked */
        for (int x = 0; x < w; x++) g->wall[(size_t)y * (size_t)w + (size_t)x] = s[x] == '#';
        if (copy) memcpy(copy + (size_t)y * (size_t)w, s, (size_t)w);
        y++;
    }
    if (chars) *chars = copy;
    return DMAP_OK;
}

/* A map character that reads back as floor: printable ASCII other than '#'. */
static char floor_char(const char *chars, size_t i) {
    unsigned char c = chars ? (unsigned char)chars[i] : '.';
    return c >= 0x20 && c < 0x7f && c != '#' ? (char)c : '.';
}

int dmap_format_text_map(const dmap_grid *g, const char *chars, char **text, size_t *len) {
    if (text) *text = NULL;
    if (len) *len = 0;
    if (!g || !g->wall || !text) return DMAP_ERR_ARG;
    if (g->w <= 0 || g->h <= 0 || (int64_t)g->w * (int64_t)g->h > DMAP_MAX_CELLS)
        return DMAP_ERR_SIZE;
    size_t w = (size_t)g->w, h = (size_t)g->h, total = (w + 1) * h;
    char *out = (char *)malloc(total + 1);
    if (!out) return DMAP_ERR_NOMEM;
    char *p = out;
    for (size_t y = 0; y < h; y++) {
        for (size_t x = 0; x < w; x++) {
            size_t i = y * w + x;
            *p++ = g->wall[i] ? '#' : floor_char(chars, i);
        }
        *p++ = '\n';
    }
    *p = '\0';
    *text = out;
    if (len) *len = total;
    return DMAP_OK;
}
