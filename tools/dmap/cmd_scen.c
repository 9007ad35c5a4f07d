/* cmd_scen.c — `dmap scen`: answer every query of a Moving AI scenario file with the engine
 * (octile moves: 8-connected, diagonal sqrt 2, no corner cutting) and compare with the file's
 * optimal lengths. Queries are grouped by start cell so each distinct start costs ONE scan,
 * and one workspace serves all scans. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char scen_help[] =
    "usage: dmap scen MAP.map MAP.map.scen\n"
    "\n"
    "Answer every query of a Moving AI scenario file on its map with dmap's scan, using\n"
    "octile moves (8-connected, cardinal 1, diagonal sqrt 2, no corner cutting), one scan per\n"
    "distinct start cell, and compare each length with the file's optimal length within\n"
    "1e-5 * length + 0.006 (older files print about 6 digits). Prints 'N/N matched' and exits\n"
    "0, or lists each mismatch (line, query, expected, got) and 'K/N matched' and exits 1.\n"
    "Each scan is capped just above the longest length its queries expect (cells beyond\n"
    "keep the cap), so a goal farther than that shows as 'no path up to CAP'.\n"
    "A query whose map size differs from MAP, a file without queries, or a malformed file,\n"
    "exits 2.\n"
    "\n"
    "options:\n"
    "  --every K    check only every K-th query in file order (1st, K+1st, ...): a quick run\n"
    "               on slow (debug, sanitizer) builds; prints 'checked M of N queries'\n"
    "  -h, --help   this text\n"
    "\n"
    "example: dmap scen arena.map arena.map.scen\n"
    "         dmap scen --every 50 maze512-1-0.map maze512-1-0.map.scen\n";

/* Load and check the scenario: every query must be for a map of the grid's size. */
static int load_scen(const char *path, const dmap_grid *g, dmap_scen_query **qs, size_t *n) {
    const char *name = strcmp(path, "-") == 0 ? "<stdin>" : path;
    char *text;
    size_t len;
    dmap_diag d;
    int rc = dmap_read_file(path, &text, &len, &d);
    if (rc == DMAP_OK) {
        rc = dmap_parse_scen(text, len, qs, n, &d);
        free(text);
    }
    if (rc != DMAP_OK) {
        if (d.line > 0) return cli_fail("%s:%d: %s", name, d.line, d.message);
        return cli_fail("%s: %s", name, d.message);
    }
    for (size_t k = 0; k < *n; k++) {
        const dmap_scen_query *q = &(*qs)[k];
        if (q->map_w != g->w || q->map_h != g->h) {
            int line = q->line;
            int qw = q->map_w, qh = q->map_h;
            free(*qs);
            *qs = NULL;
            return cli_fail("%s:%d: query is for a %dx%d map, the map is %dx%d", name, line, qw,
                            qh, g->w, g->h);
        }
    }
    return CLI_EXIT_OK;
}

/* A query's place in the scan order: by start cell, then by line (qsort has no context
 * pointer, so the keys travel with the index). */
typedef struct query_key {
    long long start; /* start_y * W + start_x */
    int line;
    size_t query;
} query_key;

static int by_start(const void *a, const void *b) {
    const query_key *ka = a, *kb = b;
    if (ka->start != kb->start) return ka->start < kb->start ? -1 : 1;
    return (ka->line > kb->line) - (ka->line < kb->line);
}

/* One mismatch, kept to be printed in file order. */
typedef struct mismatch {
    int line;
    size_t query;
    double got;     /* the scan's length, or GOT_BEYOND / GOT_WALL */
    double ceiling; /* the scan's ceiling */
} mismatch;

enum { GOT_BEYOND = -1, GOT_WALL = -2 }; /* no path up to the ceiling; start or goal a wall */

static int by_line(const void *a, const void *b) {
    const mismatch *ma = a, *mb = b;
    return (ma->line > mb->line) - (ma->line < mb->line);
}

static int length_matches(double got, double expected) {
    return got >= 0 && fabs(got - expected) <= 1e-5 * expected + 0.006;
}

/* The scan's ceiling for a group of queries: just above the longest length that could still
 * match. Cells farther away keep the ceiling, so the scan settles only the cells it needs
 * (the engine never relaxes past the ceiling), which makes short queries cheap. */
static double group_ceiling(const dmap_scen_query *qs, const query_key *order, size_t from,
                            size_t to) {
    double longest = 0;
    for (size_t k = from; k < to; k++)
        if (qs[order[k].query].optimal > longest) longest = qs[order[k].query].optimal;
    return longest + 1e-5 * longest + 1.0;
}

/* Scan from each distinct start and record the answers that disagree. */
static int answer_queries(const dmap_grid *g, const dmap_scen_query *qs, size_t n,
                          const query_key *order, mismatch *bad, size_t *nbad) {
    dmap_moves m = dmap_moves_octile();
    double *values = cli_values_new(g, 0);
    dmap_workspace *ws = NULL;
    dmap_workspace_new(&ws);
    if (!values || !ws) {
        free(values);
        dmap_workspace_free(ws);
        return values ? cli_fail("out of memory") : CLI_EXIT_USAGE;
    }
    int rc = CLI_EXIT_OK;
    *nbad = 0;
    for (size_t k = 0; k < n && rc == CLI_EXIT_OK;) {
        const dmap_scen_query *first = &qs[order[k].query];
        size_t end = k;
        while (end < n && order[end].start == order[k].start) end++;
        double ceiling = group_ceiling(qs, order, k, end);
        int start_open = dmap_grid_passable(g, first->start_x, first->start_y);
        if (start_open) {
            dmap_goal start = {first->start_x, first->start_y, 0.0};
            int e = dmap_field(g, &m, &start, 1, ceiling, values, ws);
            if (e != DMAP_OK) rc = cli_fail("scan failed: %s", dmap_strerror(e));
        }
        for (; k < end && rc == CLI_EXIT_OK; k++) {
            const dmap_scen_query *q = &qs[order[k].query];
            double got = GOT_WALL;
            if (start_open && dmap_grid_passable(g, q->goal_x, q->goal_y)) {
                got = values[(size_t)q->goal_y * (size_t)g->w + (size_t)q->goal_x];
                if (got >= ceiling) got = GOT_BEYOND;
            }
            if (!length_matches(got, q->optimal))
                bad[(*nbad)++] = (mismatch){q->line, order[k].query, got, ceiling};
        }
    }
    free(values);
    dmap_workspace_free(ws);
    return rc;
}

static void print_mismatches(const char *name, const dmap_scen_query *qs, mismatch *bad,
                             size_t nbad) {
    qsort(bad, nbad, sizeof *bad, by_line);
    char exp[40], got[40];
    for (size_t k = 0; k < nbad; k++) {
        const dmap_scen_query *q = &qs[bad[k].query];
        cli_format_exact(exp, sizeof exp, q->optimal);
        if (bad[k].got == GOT_BEYOND) snprintf(got, sizeof got, "no path up to %g", bad[k].ceiling);
        else if (bad[k].got == GOT_WALL) snprintf(got, sizeof got, "a wall at start or goal");
        else cli_format_exact(got, sizeof got, bad[k].got);
        printf("%s:%d: (%d,%d) -> (%d,%d): expected %s, got %s\n", name, q->line, q->start_x,
               q->start_y, q->goal_x, q->goal_y, exp, got);
    }
}

/* The command line: two files and --every K. */
static int parse_scen_args(int argc, char **argv, const char **map_path, const char **scen_path,
                           long *every) {
    *map_path = *scen_path = NULL;
    *every = 1;
    for (int i = 1; i < argc; i++) {
        const char *v;
        int r = cli_option(argc, argv, &i, "--every", &v);
        if (r < 0) return CLI_EXIT_USAGE;
        if (r) {
            if (cli_integer("--every", v, 1, 1000000000L, every)) return CLI_EXIT_USAGE;
        } else if (cli_is_option(argv[i])) {
            return cli_unknown_option("scen", argv[i]);
        } else if (!*map_path) {
            *map_path = argv[i];
        } else if (!*scen_path) {
            *scen_path = argv[i];
        } else {
            return cli_fail("scen: unexpected argument '%s' (need MAP.map MAP.map.scen)", argv[i]);
        }
    }
    if (!*scen_path) return cli_fail("scen: need MAP.map and MAP.map.scen (see dmap help scen)");
    return CLI_EXIT_OK;
}

int cmd_scen(int argc, char **argv) {
    if (cli_wants_help(argc, argv)) return cli_help(scen_help);
    const char *map_path, *scen_path;
    long every;
    int rc = parse_scen_args(argc, argv, &map_path, &scen_path, &every);
    if (rc) return rc;
    cli_map map;
    if ((rc = cli_load_map(map_path, &map)) != 0) return rc;
    dmap_scen_query *qs = NULL;
    size_t n = 0;
    if ((rc = load_scen(scen_path, &map.grid, &qs, &n)) != 0) {
        cli_map_free(&map);
        return rc;
    }
    if (n == 0) { /* "0/0 matched" would pass a check that checked nothing */
        cli_map_free(&map);
        return cli_fail("%s: no queries in the scenario file", scen_path);
    }
    query_key *order = malloc((n ? n : 1) * sizeof *order);
    mismatch *bad = malloc((n ? n : 1) * sizeof *bad);
    size_t nbad = 0, checked = 0;
    if (!order || !bad) rc = cli_fail("out of memory");
    if (rc == CLI_EXIT_OK) {
        for (size_t k = 0; k < n; k += (size_t)every)
            order[checked++] = (query_key){
                (long long)qs[k].start_y * map.grid.w + qs[k].start_x, qs[k].line, k};
        qsort(order, checked, sizeof *order, by_start);
        rc = answer_queries(&map.grid, qs, checked, order, bad, &nbad);
    }
    if (rc == CLI_EXIT_OK) {
        print_mismatches(scen_path, qs, bad, nbad);
        if (every > 1)
            printf("checked %zu of %zu queries (one in every %ld)\n", checked, n, every);
        printf("%zu/%zu matched\n", checked - nbad, checked);
        rc = nbad ? CLI_EXIT_FAIL : CLI_EXIT_OK;
    }
    free(order);
    free(bad);
    free(qs);
    cli_map_free(&map);
    return rc;
}
