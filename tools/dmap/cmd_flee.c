/* cmd_flee.c — `dmap flee`: the flee map away from goals (threats) on a map file: the Dijkstra
 * map of the threats, times a negative factor, scanned again (the seed's -1.2 trick). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char flee_help[] =
    "usage: dmap flee MAP --goal X,Y[=V] ... [options]\n"
    "\n"
    "Build the Dijkstra map of the threats given by --goal on MAP (a text map with '#' walls,\n"
    "or a Moving AI .map; '-' reads standard input), multiply it by the factor and scan it\n"
    "again. Rolling downhill on the result runs away from the threats, and out of dead ends\n"
    "rather than into them.\n"
    "\n"
    "options:\n"
    "  --goal X,Y[=V]       a threat at column X, row Y (value V, default 0); repeatable,\n"
    "                       at least one\n"
    "  --factor F           the negative factor (default -1.2)\n"
    "  --default V          the ceiling of the threat map (default 1000000: keep it above\n"
    "                       the largest distance, or far cells all look alike)\n" CLI_MOVES_HELP
    "  --format F           grid (the default), csv (exact values) or digits\n"
    "  -h, --help           this text\n"
    "\n"
    "Walls print as '#'. Exit status: 0 ok, 2 bad input.\n"
    "example: dmap flee room.txt --goal 6,6 --format csv > flee.csv\n";

typedef struct flee_options {
    const char *map_path;
    const char **goal_args;
    size_t ngoal_args;
    double factor, dflt;
    dmap_moves moves;
    cli_format format;
} flee_options;

static int parse_flee_options(int argc, char **argv, flee_options *o) {
    for (int i = 1; i < argc; i++) {
        const char *v;
        int r;
        if ((r = cli_option(argc, argv, &i, "--goal", &v)) != 0) {
            if (r < 0) return CLI_EXIT_USAGE;
            o->goal_args[o->ngoal_args++] = v;
        } else if ((r = cli_option(argc, argv, &i, "--factor", &v)) != 0) {
            if (r < 0 || cli_number("--factor", v, &o->factor)) return CLI_EXIT_USAGE;
            if (!(o->factor < 0))
                return cli_fail("invalid value for --factor: '%s' (must be negative)", v);
        } else if ((r = cli_option(argc, argv, &i, "--default", &v)) != 0) {
            if (r < 0 || cli_number("--default", v, &o->dflt)) return CLI_EXIT_USAGE;
        } else if ((r = cli_option(argc, argv, &i, "--format", &v)) != 0) {
            if (r < 0 || cli_parse_format("--format", v, &o->format)) return CLI_EXIT_USAGE;
        } else if ((r = cli_moves_option(argc, argv, &i, &o->moves)) != 0) {
            if (r < 0) return CLI_EXIT_USAGE;
        } else if (cli_is_option(argv[i])) {
            return cli_fail("flee: unknown option '%s' (see dmap help flee)", argv[i]);
        } else if (o->map_path) {
            return cli_fail("flee: unexpected argument '%s' (one MAP only)", argv[i]);
        } else {
            o->map_path = argv[i];
        }
    }
    if (!o->map_path) return cli_fail("flee: missing MAP argument (see dmap help flee)");
    if (o->ngoal_args == 0) return cli_fail("flee: no threat given (use --goal X,Y)");
    return CLI_EXIT_OK;
}

static int build_flee(const flee_options *o, const dmap_grid *g, double *values) {
    int rc;
    for (size_t k = 0; k < o->ngoal_args; k++) {
        dmap_goal goal;
        if ((rc = cli_goal(g, "--goal", o->goal_args[k], 0.0, &goal)) != 0) return rc;
        if ((rc = dmap_set_goal(g, values, goal)) != DMAP_OK)
            return cli_fail("--goal %s: %s", o->goal_args[k], dmap_strerror(rc));
    }
    if ((rc = dmap_scan(g, &o->moves, values, NULL)) != DMAP_OK)
        return cli_fail("flee: scan failed: %s", dmap_strerror(rc));
    if ((rc = dmap_flee(g, &o->moves, values, o->factor, values, NULL)) != DMAP_OK)
        return cli_fail("flee: %s", dmap_strerror(rc));
    return CLI_EXIT_OK;
}

int cmd_flee(int argc, char **argv) {
    if (cli_wants_help(argc, argv)) return cli_help(flee_help);
    flee_options o = {0};
    o.factor = DMAP_FLEE_FACTOR;
    o.dflt = 1e6;
    o.moves = dmap_moves_4();
    o.format = CLI_FORMAT_GRID;
    o.goal_args = calloc((size_t)argc, sizeof *o.goal_args);
    int rc = o.goal_args ? parse_flee_options(argc, argv, &o) : cli_fail("out of memory");
    cli_map map;
    if (rc == CLI_EXIT_OK && (rc = cli_load_map(o.map_path, &map)) == CLI_EXIT_OK) {
        double *values = cli_values_new(&map.grid, o.dflt);
        rc = values ? build_flee(&o, &map.grid, values) : CLI_EXIT_USAGE;
        if (rc == CLI_EXIT_OK) rc = cli_print_values(stdout, &map.grid, values, o.format);
        free(values);
        cli_map_free(&map);
    }
    free(o.goal_args);
    return rc;
}
