/* cli.c — the helpers every `dmap` command shares (see cli.h): one-line errors, option and
 * number parsing, loading maps and csv value maps, printing values as digits|grid|csv. */
#include "cli.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

int cli_fail(const char *fmt, ...) {
    va_list ap;
    fputs("dmap: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return CLI_EXIT_USAGE;
}

/* ---- help and options ------------------------------------------------------------------- */

int cli_wants_help(int argc, char **argv) {
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) return 1;
    return 0;
}

int cli_help(const char *text) {
    fputs(text, stdout);
    return CLI_EXIT_OK;
}

/* The options seen so far on this command line: every option may be given once, except the
 * few that add one more item each time (a process runs one command, so one list will do). */
enum { SEEN_MAX = 64 };
static const char *seen_options[SEEN_MAX];
static int nseen_options;

static int repeatable(const char *name) {
    static const char *const names[] = {"--goal", "--goal-char", "--block", "--enemy"};
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
        if (strcmp(name, names[k]) == 0) return 1;
    return 0;
}

int cli_seen(const char *name) {
    for (int k = 0; k < nseen_options; k++)
        if (strcmp(seen_options[k], name) == 0) return 1;
    return 0;
}

/* Record option `name` as given; -1 (after printing) when it was given before. */
static int note_option(const char *name) {
    if (!repeatable(name) && cli_seen(name)) {
        cli_fail("option %s given twice", name);
        return -1;
    }
    if (nseen_options < SEEN_MAX) seen_options[nseen_options++] = name;
    return 0;
}

int cli_option(int argc, char **argv, int *i, const char *name, const char **value) {
    if (strcmp(argv[*i], name) != 0) return 0;
    if (note_option(name) != 0) return -1;
    if (*i + 1 >= argc) {
        cli_fail("option %s needs a value", name);
        return -1;
    }
    *i += 1;
    *value = argv[*i];
    return 1;
}

int cli_flag(char **argv, int i, const char *name) {
    if (strcmp(argv[i], name) != 0) return 0;
    return note_option(name) != 0 ? -1 : 1;
}

int cli_is_option(const char *s) {
    if (s[0] != '-' || s[1] == '\0') return 0;
    if ((s[1] >= '0' && s[1] <= '9') || s[1] == '.') return 0; /* a negative number */
    return 1;
}

int cli_unknown_option(const char *command, const char *arg) {
    return cli_fail("%s: unknown option '%s' (see dmap help %s)", command, arg, command);
}

/* ---- numbers and cells ------------------------------------------------------------------ */

/* Only plain decimal notation: digits, sign, point, exponent (so no nan, inf, hex, spaces). */
static int decimal_chars_only(const char *s) {
    if (*s == '\0') return 0;
    for (; *s; s++)
        if (!strchr("0123456789+-.eE", *s)) return 0;
    return 1;
}

int cli_parse_double(const char *s, double *out) {
    if (!s || !decimal_chars_only(s)) return -1;
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (end == s || *end != '\0' || !isfinite(v)) return -1;
    *out = v; /* ERANGE on underflow is fine: the tiny result is what the text says */
    return 0;
}

int cli_parse_long(const char *s, long lo, long hi, long *out) {
    if (!s || !((*s >= '0' && *s <= '9') || (*s == '-' && s[1] >= '0' && s[1] <= '9')))
        return -1;
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || *end != '\0' || v < lo || v > hi) return -1;
    *out = v;
    return 0;
}

int cli_number(const char *what, const char *arg, double *out) {
    if (cli_parse_double(arg, out) != 0)
        return cli_fail("invalid number for %s: '%s' (need a finite decimal number)", what, arg);
    return CLI_EXIT_OK;
}

int cli_integer(const char *what, const char *arg, long lo, long hi, long *out) {
    if (cli_parse_long(arg, lo, hi, out) != 0)
        return cli_fail("invalid value for %s: '%s' (need an integer from %ld to %ld)", what, arg,
                        lo, hi);
    return CLI_EXIT_OK;
}

int cli_seed(const char *what, const char *arg, uint64_t *out) {
    const char *s = arg;
    int ok = *s != '\0';
    uint64_t v = 0;
    for (; ok && *s; s++) {
        if (*s < '0' || *s > '9' || v > (UINT64_C(1) << 63) / 10) ok = 0;
        else v = v * 10 + (uint64_t)(*s - '0');
    }
    if (!ok || v > (uint64_t)INT64_MAX)
        return cli_fail("invalid value for %s: '%s' (need an integer from 0 to "
                        "9223372036854775807)", what, arg);
    *out = v;
    return CLI_EXIT_OK;
}

/* One coordinate: any decimal integer of 64 bits (long long, since long has 32 bits on
 * Windows), so that a huge one is "outside the map" on every system, not "invalid". */
static int parse_coordinate(const char *s, long long *out) {
    if (!((*s >= '0' && *s <= '9') || (*s == '-' && s[1] >= '0' && s[1] <= '9'))) return -1;
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (errno || *end != '\0') return -1;
    *out = v;
    return 0;
}

/* Parse "X,Y" from the n first characters of arg. */
static int parse_xy(const char *arg, size_t n, long long *x, long long *y) {
    char buf[64];
    if (n >= sizeof buf) return -1;
    memcpy(buf, arg, n);
    buf[n] = '\0';
    char *comma = strchr(buf, ',');
    if (!comma) return -1;
    *comma = '\0';
    if (parse_coordinate(buf, x) != 0) return -1;
    if (parse_coordinate(comma + 1, y) != 0) return -1;
    return 0;
}

static int check_cell(const dmap_grid *g, const char *what, const char *arg, long long x,
                      long long y, int need_passable) {
    if (x < 0 || y < 0 || x >= g->w || y >= g->h)
        return cli_fail("%s %s: cell (%lld,%lld) is outside the %dx%d map", what, arg, x, y,
                        g->w, g->h);
    if (need_passable && g->wall[(size_t)y * (size_t)g->w + (size_t)x])
        return cli_fail("%s %s: cell (%lld,%lld) is a wall", what, arg, x, y);
    return CLI_EXIT_OK;
}

int cli_cell(const dmap_grid *g, const char *what, const char *arg, int need_passable, int *x,
             int *y) {
    long long lx, ly;
    if (parse_xy(arg, strlen(arg), &lx, &ly) != 0)
        return cli_fail("invalid cell for %s: '%s' (need X,Y)", what, arg);
    int rc = check_cell(g, what, arg, lx, ly, need_passable);
    if (rc) return rc;
    *x = (int)lx;
    *y = (int)ly;
    return CLI_EXIT_OK;
}

int cli_goal(const dmap_grid *g, const char *what, const char *arg, double dflt_value,
             dmap_goal *goal) {
    const char *eq = strchr(arg, '=');
    size_t n = eq ? (size_t)(eq - arg) : strlen(arg);
    long long lx, ly;
    if (parse_xy(arg, n, &lx, &ly) != 0)
        return cli_fail("invalid goal for %s: '%s' (need X,Y or X,Y=V)", what, arg);
    double v = dflt_value;
    if (eq && cli_parse_double(eq + 1, &v) != 0)
        return cli_fail("invalid goal value for %s: '%s' (need a finite decimal number after =)",
                        what, arg);
    int rc = check_cell(g, what, arg, lx, ly, 1);
    if (rc) return rc;
    goal->x = (int)lx;
    goal->y = (int)ly;
    goal->value = v;
    return CLI_EXIT_OK;
}

/* ---- loading maps ----------------------------------------------------------------------- */

static const char *display_name(const char *path) {
    return strcmp(path, "-") == 0 ? "<stdin>" : path;
}

static int fail_diag(const char *name, const dmap_diag *d) {
    if (d->line > 0) return cli_fail("%s:%d: %s", name, d->line, d->message);
    return cli_fail("%s: %s", name, d->message);
}

int cli_load_map(const char *path, cli_map *map) {
    memset(map, 0, sizeof *map);
    const char *name = display_name(path);
    char *text;
    size_t len;
    dmap_diag d;
    int rc = dmap_read_file(path, &text, &len, &d);
    if (rc != DMAP_OK) return fail_diag(name, &d);
    rc = dmap_parse_map(text, len, &map->grid, &map->chars, &d);
    free(text);
    if (rc != DMAP_OK) return fail_diag(name, &d);
    map->name = name;
    return CLI_EXIT_OK;
}

void cli_map_free(cli_map *map) {
    if (!map) return;
    dmap_grid_free(&map->grid);
    free(map->chars);
    memset(map, 0, sizeof *map);
}

double *cli_values_new(const dmap_grid *g, double v) {
    size_t n = (size_t)g->w * (size_t)g->h;
    double *values = malloc(n * sizeof *values);
    if (!values) {
        cli_fail("out of memory for a %dx%d map", g->w, g->h);
        return NULL;
    }
    for (size_t i = 0; i < n; i++) values[i] = v;
    return values;
}

/* ---- printing values -------------------------------------------------------------------- */

int cli_parse_format(const char *what, const char *arg, cli_format *fmt) {
    if (strcmp(arg, "digits") == 0) *fmt = CLI_FORMAT_DIGITS;
    else if (strcmp(arg, "grid") == 0) *fmt = CLI_FORMAT_GRID;
    else if (strcmp(arg, "csv") == 0) *fmt = CLI_FORMAT_CSV;
    else if (strcmp(arg, "png") == 0) *fmt = CLI_FORMAT_PNG;
    else return cli_fail("invalid value for %s: '%s' (need digits, grid, csv or png)", what, arg);
    return CLI_EXIT_OK;
}

char *cli_format_exact(char *buf, size_t size, double v) {
    if (v == 0 || isinf(v)) {
        snprintf(buf, size, "%s", v == 0 ? "0" : v > 0 ? "inf" : "-inf");
        return buf;
    }
    for (int digits = 15; digits <= 17; digits++) {
        snprintf(buf, size, "%.*g", digits, v);
        if (strtod(buf, NULL) == v) break;
    }
    return buf;
}

int cli_print_values(FILE *out, const dmap_grid *g, const double *values, cli_format fmt) {
    if (fmt == CLI_FORMAT_PNG) return cli_fail("--format png writes a file: give --output FILE");
    dmap_values_format f = fmt == CLI_FORMAT_DIGITS ? DMAP_VALUES_DIGITS
                           : fmt == CLI_FORMAT_CSV  ? DMAP_VALUES_CSV
                                                    : DMAP_VALUES_GRID;
    char *text;
    size_t len;
    dmap_diag d;
    int rc = dmap_format_values(g, values, f, &text, &len, &d);
    if (rc != DMAP_OK) {
        if (rc == DMAP_ERR_VALUE && f == DMAP_VALUES_DIGITS)
            return cli_fail("%s; use --format grid or csv", d.message);
        return cli_fail("%s", d.message);
    }
    fwrite(text, 1, len, out);
    free(text);
    return CLI_EXIT_OK;
}

/* ---- reading csv values maps ------------------------------------------------------------ */

int cli_load_csv(const char *path, dmap_grid *g, double **values) {
    const char *name = display_name(path);
    memset(g, 0, sizeof *g);
    *values = NULL;
    char *text;
    size_t len;
    dmap_diag d;
    if (dmap_read_file(path, &text, &len, &d) != DMAP_OK) return fail_diag(name, &d);
    int rc = dmap_parse_values_csv(text, len, g, values, &d);
    free(text);
    if (rc != DMAP_OK) return fail_diag(name, &d);
    return CLI_EXIT_OK;
}
