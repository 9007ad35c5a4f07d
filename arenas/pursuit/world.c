/* world.c — a pursuit world (grid + the two agents' cells): checking, freeing, printing its
 * picture, and the world file format (reading, writing, loading). Generation lives in
 * worldgen.c.
 *
 * A world file is W*H integers from {0, -1, 1, 10}, one per line in the game's own files,
 * though any whitespace between them is accepted (as the referee does). Every rejection names
 * the line it happened on, so a program can print "file:line: reason". */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pursuit.h"

void pursuit_world_free(pursuit_world *w) {
    if (!w) return;
    dmap_grid_free(&w->grid);
    memset(w, 0, sizeof *w);
}

static int cell_in_grid(const dmap_grid *g, int cell) {
    return cell >= 0 && (int64_t)cell < (int64_t)g->w * g->h;
}

int pursuit_world_check(const pursuit_world *w) {
    if (!w) return DMAP_ERR_ARG;
    int rc = dmap_grid_check(&w->grid);
    if (rc != DMAP_OK) return rc;
    if (!cell_in_grid(&w->grid, w->predator) || !cell_in_grid(&w->grid, w->prey))
        return DMAP_ERR_RANGE;
    if (w->grid.wall[w->predator] || w->grid.wall[w->prey]) return DMAP_ERR_WALL;
    if (w->predator == w->prey) return DMAP_ERR_ARG;
    return DMAP_OK;
}

void pursuit_render(FILE *out, const dmap_grid *g, int predator, int prey) {
    for (int y = 0; y < g->h; y++) {
        for (int x = 0; x < g->w; x++) {
            int i = y * g->w + x;
            char c = g->wall[i] ? '#' : '.';
            if (i == prey) c = '*';
            if (i == predator) c = '@';
            fputc(c, out);
        }
        fputc('\n', out);
    }
}

/* ---- the world file format ---------------------------------------------------------- */

#if defined(__MINGW32__) /* mingw-w64's C99 stdio: gcc checks its formats as gnu_printf */
#define PURSUIT_WORLD_PRINTF(f, a) __attribute__((format(gnu_printf, f, a)))
#elif defined(__GNUC__) || defined(__clang__)
#define PURSUIT_WORLD_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define PURSUIT_WORLD_PRINTF(f, a)
#endif

/* Fill diag (when given) with the line and reason and return code: every error of the
 * reader says why. fail() is the common case, a malformed text. */
static int fail_code(dmap_diag *diag, int code, int line, const char *fmt, ...)
    PURSUIT_WORLD_PRINTF(4, 5);
static int fail(dmap_diag *diag, int line, const char *fmt, ...) PURSUIT_WORLD_PRINTF(3, 4);

static int vfail(dmap_diag *diag, int code, int line, const char *fmt, va_list ap) {
    if (diag) {
        diag->line = line;
        vsnprintf(diag->message, sizeof diag->message, fmt, ap);
    }
    return code;
}

static int fail_code(dmap_diag *diag, int code, int line, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vfail(diag, code, line, fmt, ap);
    va_end(ap);
    return code;
}

static int fail(dmap_diag *diag, int line, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vfail(diag, DMAP_ERR_FORMAT, line, fmt, ap);
    va_end(ap);
    return DMAP_ERR_FORMAT;
}

static int is_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

static int known_value(long v) {
    return v == PURSUIT_WORLD_FREE || v == PURSUIT_WORLD_OBSTACLE || v == PURSUIT_WORLD_PREDATOR ||
           v == PURSUIT_WORLD_PREY;
}

/* A cursor over the text that counts lines. */
typedef struct cursor {
    const char *s;
    size_t len, pos;
    int line;
} cursor;

/* Move to the next token; returns 0 at the end of the text. */
static int next_token(cursor *c) {
    while (c->pos < c->len && is_space(c->s[c->pos])) {
        if (c->s[c->pos] == '\n') c->line++;
        c->pos++;
    }
    return c->pos < c->len;
}

/* A token as it may be shown in a message: at most 16 bytes, non-printable ones as \xNN, so
 * binary garbage never reaches a terminal raw. */
static const char *shown_token(const char *t, size_t n, char *buf, size_t size) {
    size_t out = 0;
    for (size_t i = 0; i < n && i < 16 && out + 5 < size; i++) {
        unsigned char b = (unsigned char)t[i];
        if (b >= 0x20 && b < 0x7f && b != '\'') buf[out++] = (char)b;
        else out += (size_t)snprintf(buf + out, size - out, "\\x%02x", b);
    }
    if (n > 16 && out + 4 < size) {
        memcpy(buf + out, "...", 3);
        out += 3;
    }
    buf[out] = '\0';
    return buf;
}

/* Read one integer token of a world file into *v. */
static int read_value(cursor *c, long *v, dmap_diag *diag) {
    size_t start = c->pos, end = start;
    while (end < c->len && !is_space(c->s[end])) end++;
    size_t n = end - start, i = 0;
    const char *t = c->s + start;
    char shown[96];
    int neg = 0;
    if (n > 0 && (t[0] == '-' || t[0] == '+')) {
        neg = t[0] == '-';
        i = 1;
    }
    int digits = i < n;
    for (size_t k = i; k < n; k++) digits &= t[k] >= '0' && t[k] <= '9';
    if (!digits)
        return fail(diag, c->line, "'%s' is not an integer",
                    shown_token(t, n, shown, sizeof shown));
    long value = 0;
    for (; i < n; i++)
        if (value < 1000) value = value * 10 + (t[i] - '0'); /* larger is invalid anyway */
    *v = neg ? -value : value;
    if (!known_value(*v))
        return fail(diag, c->line, "value '%s' is not one of 0, -1, 1, 10",
                    shown_token(t, n, shown, sizeof shown));
    c->pos = end;
    return DMAP_OK;
}

/* Count the values (for inferring the size), checking each on the way: a token that is not a
 * world value is reported as such, before any complaint about the count. */
static int count_values(const char *text, size_t len, size_t *count, dmap_diag *diag) {
    cursor c = {text, len, 0, 1};
    *count = 0;
    while (next_token(&c)) {
        long v;
        int rc = read_value(&c, &v, diag);
        if (rc != DMAP_OK) return rc;
        (*count)++;
    }
    return DMAP_OK;
}

/* Line number of the end of the text (the line after a final newline counts only when
 * something follows it). */
static int last_line(const char *text, size_t len) {
    int line = 1;
    for (size_t i = 0; i + 1 < len; i++)
        if (text[i] == '\n') line++;
    return line;
}

static int infer_square(size_t count, int line, int *w, int *h, dmap_diag *diag) {
    if (count == 0) return fail(diag, line, "the world file holds no values");
    size_t side = 1;
    while ((side + 1) * (side + 1) <= count) side++;
    if (side * side != count)
        return fail(diag, line, "%zu values do not make a square world (%zux%zu = %zu)", count,
                    side, side, side * side);
    if (side > (size_t)INT_MAX || (int64_t)side * (int64_t)side > DMAP_MAX_CELLS)
        return fail_code(diag, DMAP_ERR_SIZE, line, "%zux%zu world is larger than the largest "
                         "grid", side, side);
    *w = *h = (int)side;
    return DMAP_OK;
}

static int read_cells(const char *text, size_t len, pursuit_world *world, dmap_diag *diag) {
    size_t n = (size_t)world->grid.w * (size_t)world->grid.h;
    cursor c = {text, len, 0, 1};
    int predator_line = 0, prey_line = 0;
    world->predator = world->prey = -1;
    for (size_t i = 0; i < n; i++) {
        if (!next_token(&c))
            return fail(diag, last_line(text, len), "short world: %zu values, %zu needed", i, n);
        long v = 0;
        int rc = read_value(&c, &v, diag);
        if (rc != DMAP_OK) return rc;
        if (v == PURSUIT_WORLD_PREDATOR) {
            if (world->predator >= 0)
                return fail(diag, c.line, "a second predator (the first is on line %d)",
                            predator_line);
            world->predator = (int)i;
            predator_line = c.line;
        } else if (v == PURSUIT_WORLD_PREY) {
            if (world->prey >= 0)
                return fail(diag, c.line, "a second prey (the first is on line %d)", prey_line);
            world->prey = (int)i;
            prey_line = c.line;
        }
        world->grid.wall[i] = v == PURSUIT_WORLD_OBSTACLE;
    }
    if (next_token(&c))
        return fail(diag, c.line, "more than %zu values (%dx%d world)", n, world->grid.w,
                    world->grid.h);
    if (world->predator < 0)
        return fail(diag, last_line(text, len), "the world has no predator (value 1)");
    if (world->prey < 0) return fail(diag, last_line(text, len), "the world has no prey (value 10)");
    return DMAP_OK;
}

int pursuit_parse_world(const char *text, size_t len, int w, int h, pursuit_world *world,
                        dmap_diag *diag) {
    if (world) memset(world, 0, sizeof *world);
    if (diag) {
        diag->line = 0;
        diag->message[0] = '\0';
    }
    if (!text || !world || w < 0 || h < 0 || (w == 0) != (h == 0))
        return fail_code(diag, DMAP_ERR_ARG, 0, "invalid arguments (no text or world, or a bad "
                         "size %dx%d)", w, h);
    int rc = DMAP_OK;
    if (w == 0) {
        size_t count = 0;
        rc = count_values(text, len, &count, diag);
        if (rc == DMAP_OK) rc = infer_square(count, last_line(text, len), &w, &h, diag);
    }
    if (rc != DMAP_OK) return rc;
    if ((int64_t)w * h > DMAP_MAX_CELLS)
        return fail_code(diag, DMAP_ERR_SIZE, 0, "%dx%d world is larger than the largest grid",
                         w, h);
    rc = dmap_grid_init(&world->grid, w, h);
    if (rc != DMAP_OK) {
        memset(world, 0, sizeof *world);
        return fail_code(diag, rc, 0, "out of memory for a %dx%d world", w, h);
    }
    rc = read_cells(text, len, world, diag);
    if (rc != DMAP_OK) pursuit_world_free(world);
    return rc;
}

int pursuit_format_world(const pursuit_world *world, char **text, size_t *len) {
    if (!text) return DMAP_ERR_ARG;
    *text = NULL;
    int rc = pursuit_world_check(world);
    if (rc != DMAP_OK) return rc;
    size_t n = (size_t)world->grid.w * (size_t)world->grid.h;
    if (n > SIZE_MAX / 4 - 1) return DMAP_ERR_SIZE;
    char *out = malloc(n * 3 + 1), *p = out; /* at most "-1\n" or "10\n" per cell */
    if (!out) return DMAP_ERR_NOMEM;
    for (size_t i = 0; i < n; i++) {
        int v = (int)i == world->predator ? PURSUIT_WORLD_PREDATOR
                : (int)i == world->prey   ? PURSUIT_WORLD_PREY
                : world->grid.wall[i]     ? PURSUIT_WORLD_OBSTACLE
                                          : PURSUIT_WORLD_FREE;
        if (v < 0) *p++ = '-';
        if (v == PURSUIT_WORLD_PREY) *p++ = '1';
        *p++ = v == PURSUIT_WORLD_FREE || v == PURSUIT_WORLD_PREY ? '0' : '1';
        *p++ = '\n';
    }
    *p = '\0';
    *text = out;
    if (len) *len = (size_t)(p - out);
    return DMAP_OK;
}

int pursuit_world_load(const char *path, pursuit_world *w, dmap_diag *diag) {
    if (!path || !w) return DMAP_ERR_ARG;
    memset(w, 0, sizeof *w);
    char *text = NULL;
    size_t len = 0;
    int rc = dmap_read_file(path, &text, &len, diag);
    if (rc != DMAP_OK) return rc;
    rc = pursuit_parse_world(text, len, 0, 0, w, diag);
    free(text);
    return rc;
}
