/* cmd_flee.c — `dmap flee`: the flee map away from goals (threats) on a map file: the Dijkstra
 * map of the threats, times a negative factor, scanned again (the -1.2 trick). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char flee_help[] =
    "usage: dmap flee MAP --goal X,Y[=V] ... [options]\n"
    "\n"
    "Build the Dijkstra map of the threats given by --goal on MAP (a text map with '#' walls,\n"
    "or a Moving AI .map; '-' reads standard input), multiply it by the factor and scan it\n"
    "again. Rolling downhill on the result runs away from the threats, and out of dead ends\n"
    "rather than into them. The threats' map has no ceiling unless --default gives one;\n"
    "cells no threat reaches print 'inf' (nothing to flee from there).\n"
    "\n"
    "options:\n"
    "  --goal X,Y[=V]       a threat at column X, row Y (value V, default 0); repeatable,\n"
    "                       at least one threat (--goal or --goal-char)\n"
    "  --goal-char C[=V]    every cell showing character C is a threat; repeatable\n"
    "  --factor F           the negative factor (default -1.2)\n"
    "  --default V          a ceiling for the threats' map (default: none, or inf; with one,\n"
    "                       cells farther than it from every threat all look alike)\n"
    CLI_MOVES_HELP
    "  --format F           grid (the default), csv (exact values), digits, or png (a heatmap\n"
    "                       picture written to --output)\n" CLI_PNG_HELP
    "  -h, --help           this text\n"
    "\n"
    "Walls print as '#'. Every option but --goal and --goal-char may be given once.\n"
    "Exit status: 0 ok, 2 bad input.\n"
    "example: dmap flee room.txt --goal 6,6 --format csv > flee.csv\n";

typedef struct flee_options {
    cli_field_args f; /* MAP, --goal (the threats), --default, moves, --format */
    double factor;
} flee_options;

/* flee's own option, --factor (a cli_own_option). */
static int flee_option(void *ctx, int argc, char **argv, int *i) {
    flee_options *o = ctx;
    const char *v;
    int r = cli_option(argc, argv, i, "--factor", &v);
    if (r <= 0) return r;
    if (cli_number("--factor", v, &o->factor)) return -1;
    if (!(o->factor < 0)) {
        cli_fail("invalid value for --factor: '%s' (must be negative)", v);
        return -1;
    }
    return 1;
}

/* The threats' field times the factor, scanned again. */
static int build_flee(const flee_options *o, const dmap_grid *g, double *values) {
    int rc = cli_field_scan(&o->f, g, values);
    if (rc != CLI_EXIT_OK) return rc;
    if ((rc = dmap_flee(g, &o->f.moves, values, o->factor, values, NULL)) != DMAP_OK)
        return cli_fail("flee: %s", dmap_strerror(rc));
    return CLI_EXIT_OK;
}

int cmd_flee(int argc, char **argv) {
    if (cli_wants_help(argc, argv)) return cli_help(flee_help);
    flee_options o = {.factor = DMAP_FLEE_FACTOR};
    int rc = cli_field_args_init(&o.f, "flee",
                                 CLI_ARG_GOALS | CLI_ARG_DEFAULT | CLI_ARG_FORMAT | CLI_ARG_WEIGHTS |
                                     CLI_ARG_PNG,
                                 argc);
    if (rc == CLI_EXIT_OK) rc = cli_parse_field_args(argc, argv, &o.f, flee_option, &o);
    if (rc == CLI_EXIT_OK && o.f.ngoal_args + o.f.ngoal_char_args == 0)
        rc = cli_fail("flee: no threat given (use --goal X,Y or --goal-char C)");
    cli_map map;
    double *values;
    if (rc == CLI_EXIT_OK && (rc = cli_field_load(&o.f, &map, &values)) == CLI_EXIT_OK) {
        rc = build_flee(&o, &map.grid, values);
        if (rc == CLI_EXIT_OK) rc = cli_field_output(&o.f, &map, values, 0);
        free(values);
        cli_map_free(&map);
    }
    cli_field_args_free(&o.f);
    return rc;
}
