/* cmd_combine.c — `dmap combine`: weighted sum (or element-wise min / max) of csv maps, the
 * "desire-driven" combination from the command line. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char combine_help[] =
    "usage: dmap combine TERM TERM... [--min | --max] [--format F]\n"
    "\n"
    "Combine csv maps (as written by the --format csv of field, flee and timing, or by this\n"
    "command: numbers, 'inf', '-inf', '#' walls) cell by cell. Each TERM is\n"
    "PATH or PATH*W: the map in PATH ('-' reads standard input, once) times the weight W\n"
    "(a finite decimal number; PATH alone means weight 1). The text after the LAST '*' is the\n"
    "weight when it is a number; quote terms so the shell does not expand the '*'.\n"
    "All maps must have the same size; a cell that is a wall ('#') in any map is a wall in\n"
    "the result. Infinities follow IEEE arithmetic (inf * 2 is inf); a cell whose result is\n"
    "undefined (inf - inf, or inf * 0) is an error naming it.\n"
    "\n"
    "options:\n"
    "  (default)            the weighted sum W1*A + W2*B + ...\n"
    "  --min                the element-wise minimum of W1*A, W2*B, ...\n"
    "  --max                the element-wise maximum of W1*A, W2*B, ...\n"
    "  --format F           csv (the default: exact values, '#' walls), grid, digits, or png\n"
    "                       (a heatmap picture written to --output; --path and --arrows\n"
    "                       follow 4-connected unit steps)\n" CLI_PNG_HELP
    "  -h, --help           this text\n"
    "\n"
    "Every option may be given once. Exit status: 0 ok, 2 bad input.\n"
    "example: dmap combine 'centre.csv' 'corners.csv*2' > sum.csv\n"
    "         dmap combine 'threat1.csv' 'threat2.csv' --min --format grid\n";

typedef enum combine_mode { COMBINE_SUM, COMBINE_MIN, COMBINE_MAX } combine_mode;

/* One TERM: its path (a copy without the weight) and weight. */
typedef struct term {
    char *path;
    double weight;
} term;

static int parse_term(const char *arg, term *t) {
    const char *star = strrchr(arg, '*');
    t->weight = 1.0;
    size_t path_len = strlen(arg);
    if (star && cli_parse_double(star + 1, &t->weight) == 0) path_len = (size_t)(star - arg);
    else if (star && star[1] != '\0' && strchr("+-.0123456789", star[1]))
        return cli_fail("invalid weight in '%s' (need a finite decimal number after '*')", arg);
    if (path_len == 0) return cli_fail("term '%s' has no map path before '*'", arg);
    t->path = malloc(path_len + 1);
    if (!t->path) return cli_fail("out of memory");
    memcpy(t->path, arg, path_len);
    t->path[path_len] = '\0';
    return CLI_EXIT_OK;
}

/* Load every map, check the sizes, and make the result's grid (walls: the union). */
static int load_maps(term *terms, size_t nterms, dmap_grid *out, double **maps) {
    dmap_grid g;
    int rc = CLI_EXIT_OK, stdin_used = 0;
    for (size_t k = 0; k < nterms && rc == CLI_EXIT_OK; k++) {
        if (strcmp(terms[k].path, "-") == 0) {
            if (stdin_used) return cli_fail("combine: '-' (standard input) given twice");
            stdin_used = 1;
        }
        if ((rc = cli_load_csv(terms[k].path, &g, &maps[k])) != CLI_EXIT_OK) break;
        if (k == 0) {
            *out = g;
            continue;
        }
        if (g.w != out->w || g.h != out->h)
            rc = cli_fail("combine: %s is %dx%d but %s is %dx%d", terms[k].path, g.w, g.h,
                          terms[0].path, out->w, out->h);
        else
            for (size_t i = 0; i < (size_t)g.w * (size_t)g.h; i++) out->wall[i] |= g.wall[i];
        dmap_grid_free(&g);
    }
    return rc;
}

static int combine(combine_mode mode, const dmap_grid *g, term *terms, double **maps,
                   size_t nterms, double *dst) {
    int rc = DMAP_OK;
    if (mode == COMBINE_SUM) {
        double *weights = malloc(nterms * sizeof *weights);
        if (!weights) return cli_fail("out of memory");
        for (size_t k = 0; k < nterms; k++) weights[k] = terms[k].weight;
        rc = dmap_weighted_sum(g, (const double *const *)maps, weights, nterms, dst);
        free(weights);
    } else {
        rc = dmap_scale(g, maps[0], terms[0].weight, dst);
        for (size_t k = 1; k < nterms && rc == DMAP_OK; k++) {
            rc = dmap_scale(g, maps[k], terms[k].weight, maps[k]);
            if (rc == DMAP_OK)
                rc = mode == COMBINE_MIN ? dmap_min(g, dst, maps[k], dst)
                                         : dmap_max(g, dst, maps[k], dst);
        }
    }
    if (rc != DMAP_OK) return cli_fail("combine: %s", dmap_strerror(rc));
    for (size_t i = 0; i < (size_t)g->w * (size_t)g->h; i++)
        if (!g->wall[i] && isnan(dst[i]))
            return cli_fail("combine: the result at (%zu,%zu) is undefined (inf - inf or inf * 0)",
                            i % (size_t)g->w, i / (size_t)g->w);
    return CLI_EXIT_OK;
}

int cmd_combine(int argc, char **argv) {
    if (cli_wants_help(argc, argv)) return cli_help(combine_help);
    combine_mode mode = COMBINE_SUM;
    cli_format format = CLI_FORMAT_CSV;
    cli_png_args png = {0};
    term *terms = calloc((size_t)argc, sizeof *terms);
    double **maps = calloc((size_t)argc, sizeof *maps);
    size_t nterms = 0;
    int rc = terms && maps ? CLI_EXIT_OK : cli_fail("out of memory");
    for (int i = 1; i < argc && rc == CLI_EXIT_OK; i++) {
        const char *v;
        int r;
        if ((r = cli_flag(argv, i, "--min")) != 0 || (r = cli_flag(argv, i, "--max")) != 0) {
            combine_mode want = argv[i][3] == 'i' ? COMBINE_MIN : COMBINE_MAX;
            if (r < 0) rc = CLI_EXIT_USAGE;
            else if (mode != COMBINE_SUM && mode != want)
                rc = cli_fail("combine: --min and --max exclude each other");
            mode = want;
        } else if ((r = cli_option(argc, argv, &i, "--format", &v)) != 0) {
            rc = r < 0 ? CLI_EXIT_USAGE : cli_parse_format("--format", v, &format);
        } else if ((r = cli_png_option(argc, argv, &i, &png)) != 0) {
            if (r < 0) rc = CLI_EXIT_USAGE;
        } else if (cli_is_option(argv[i]) && strcmp(argv[i], "-") != 0 &&
                   strncmp(argv[i], "-*", 2) != 0) { /* '-' and '-*W' are stdin terms */
            rc = cli_unknown_option("combine", argv[i]);
        } else {
            rc = parse_term(argv[i], &terms[nterms]);
            if (rc == CLI_EXIT_OK) nterms++;
        }
    }
    if (rc == CLI_EXIT_OK && nterms == 0)
        rc = cli_fail("combine: no map given (see dmap help combine)");
    if (rc == CLI_EXIT_OK) rc = cli_png_check("combine", format == CLI_FORMAT_PNG, &png);
    dmap_grid g = {0};
    double *dst = NULL;
    if (rc == CLI_EXIT_OK) rc = load_maps(terms, nterms, &g, maps);
    if (rc == CLI_EXIT_OK && !(dst = cli_values_new(&g, 0))) rc = CLI_EXIT_USAGE;
    if (rc == CLI_EXIT_OK) rc = combine(mode, &g, terms, maps, nterms, dst);
    dmap_moves steps = dmap_moves_4();
    if (rc == CLI_EXIT_OK)
        rc = format == CLI_FORMAT_PNG ? cli_png_write("combine", &png, &g, dst, NULL, &steps, INFINITY)
                                      : cli_print_values(stdout, &g, dst, format);
    free(dst);
    dmap_grid_free(&g);
    for (size_t k = 0; k < nterms && terms; k++) free(terms[k].path);
    for (int k = 0; k < argc && maps; k++) free(maps[k]);
    free(terms);
    free(maps);
    return rc;
}
