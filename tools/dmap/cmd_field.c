/* cmd_field.c — `dmap field`: the Dijkstra map of a map file from goals given on the command
 * line (cells or map characters), printed as digits, an aligned grid or exact csv. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char field_help[] =
    "usage: dmap field MAP [options]\n"
    "\n"
    "Build the Dijkstra map of MAP (a text map with '#' walls, or a Moving AI .map; '-' reads\n"
    "standard input): every cell starts at the default value, goals at their goal value, and\n"
    "each cell becomes min(its start value, min over cells s of start(s) + distance(s, cell)).\n"
    "\n"
    "options:\n"
    "  --goal X,Y[=V]       a goal at column X, row Y (0,0 top-left) with value V (default 0);\n"
    "                       repeat for more goals\n"
    "  --goal-char C[=V]    every cell showing character C in the map is a goal (value V,\n"
    "                       default 0); repeatable. At least one goal is required.\n"
    "  --default V          the start value of the other cells, a ceiling (default 100)\n" CLI_MOVES_HELP
    "  --format F           digits (one character per cell, values 0..9 only), grid (aligned\n"
    "                       columns, the default) or csv (exact values, '#' walls)\n"
    "  -h, --help           this text\n"
    "\n"
    "Walls print as '#'. Exit status: 0 ok, 2 bad input.\n"
    "example: dmap field room.txt --goal 2,2 --format digits\n"
    "         dmap field room.txt --goal-char '>' --moves 8 --diagonal 1.5 --format csv\n";

/* The options of one field run, before the map is loaded. */
typedef struct field_options {
    const char *map_path;
    const char **goal_args;      /* argv strings of --goal */
    size_t ngoal_args;
    const char **goal_char_args; /* argv strings of --goal-char */
    size_t ngoal_char_args;
    double dflt;
    dmap_moves moves;
    cli_format format;
} field_options;

static int parse_field_options(int argc, char **argv, field_options *o) {
    for (int i = 1; i < argc; i++) {
        const char *v;
        int r;
        if ((r = cli_option(argc, argv, &i, "--goal", &v)) != 0) {
            if (r < 0) return CLI_EXIT_USAGE;
            o->goal_args[o->ngoal_args++] = v;
        } else if ((r = cli_option(argc, argv, &i, "--goal-char", &v)) != 0) {
            if (r < 0) return CLI_EXIT_USAGE;
            o->goal_char_args[o->ngoal_char_args++] = v;
        } else if ((r = cli_option(argc, argv, &i, "--default", &v)) != 0) {
            if (r < 0 || cli_number("--default", v, &o->dflt)) return CLI_EXIT_USAGE;
        } else if ((r = cli_option(argc, argv, &i, "--format", &v)) != 0) {
            if (r < 0 || cli_parse_format("--format", v, &o->format)) return CLI_EXIT_USAGE;
        } else if ((r = cli_moves_option(argc, argv, &i, &o->moves)) != 0) {
            if (r < 0) return CLI_EXIT_USAGE;
        } else if (cli_is_option(argv[i])) {
            return cli_fail("field: unknown option '%s' (see dmap help field)", argv[i]);
        } else if (o->map_path) {
            return cli_fail("field: unexpected argument '%s' (one MAP only)", argv[i]);
        } else {
            o->map_path = argv[i];
        }
    }
    if (!o->map_path) return cli_fail("field: missing MAP argument (see dmap help field)");
    if (o->ngoal_args + o->ngoal_char_args == 0)
        return cli_fail("field: no goal given (use --goal X,Y or --goal-char C)");
    return CLI_EXIT_OK;
}

/* Parse "C" or "C=V" of --goal-char. */
static int parse_goal_char(const char *arg, char *c, double *v) {
    *v = 0;
    if (arg[0] == '\0' || (arg[1] != '\0' && arg[1] != '='))
        return cli_fail("invalid value for --goal-char: '%s' (need one character C or C=V)", arg);
    if (arg[1] == '=' && cli_parse_double(arg + 2, v) != 0)
        return cli_fail("invalid goal value for --goal-char: '%s' (need a finite decimal number "
                        "after =)", arg);
    if (arg[0] == '#') return cli_fail("--goal-char '#': '#' marks walls, not goals");
    *c = arg[0];
    return CLI_EXIT_OK;
}

/* Seed every cell showing character c with v; error when there is none. */
static int seed_goal_char(const cli_map *map, double *values, const char *arg) {
    char c = 0;
    double v;
    int rc = parse_goal_char(arg, &c, &v);
    if (rc) return rc;
    size_t n = (size_t)map->grid.w * (size_t)map->grid.h, found = 0;
    for (size_t i = 0; i < n; i++) {
        if (map->chars[i] != c || map->grid.wall[i]) continue;
        if (v < values[i]) values[i] = v;
        found++;
    }
    if (!found) return cli_fail("--goal-char %s: no passable cell of %s shows '%c'", arg,
                                map->name, c);
    return CLI_EXIT_OK;
}

/* Build the field: fill, seed --goal and --goal-char goals, scan. */
static int build_field(const field_options *o, const cli_map *map, double *values) {
    const dmap_grid *g = &map->grid;
    int rc = dmap_fill(g, values, o->dflt);
    if (rc != DMAP_OK) return cli_fail("field: %s", dmap_strerror(rc));
    for (size_t k = 0; k < o->ngoal_args; k++) {
        dmap_goal goal;
        if ((rc = cli_goal(g, "--goal", o->goal_args[k], 0.0, &goal)) != 0) return rc;
        if ((rc = dmap_set_goal(g, values, goal)) != DMAP_OK)
            return cli_fail("--goal %s: %s", o->goal_args[k], dmap_strerror(rc));
    }
    for (size_t k = 0; k < o->ngoal_char_args; k++)
        if ((rc = seed_goal_char(map, values, o->goal_char_args[k])) != 0) return rc;
    if ((rc = dmap_scan(g, &o->moves, values, NULL)) != DMAP_OK)
        return cli_fail("field: scan failed: %s", dmap_strerror(rc));
    return CLI_EXIT_OK;
}

int cmd_field(int argc, char **argv) {
    if (cli_wants_help(argc, argv)) return cli_help(field_help);
    field_options o = {0};
    o.dflt = DMAP_DEFAULT_CEILING;
    o.moves = dmap_moves_4();
    o.format = CLI_FORMAT_GRID;
    o.goal_args = calloc((size_t)argc, sizeof *o.goal_args);
    o.goal_char_args = calloc((size_t)argc, sizeof *o.goal_char_args);
    int rc = (o.goal_args && o.goal_char_args) ? parse_field_options(argc, argv, &o)
                                                : cli_fail("out of memory");
    cli_map map;
    double *values = NULL;
    if (rc == CLI_EXIT_OK && (rc = cli_load_map(o.map_path, &map)) == CLI_EXIT_OK) {
        values = cli_values_new(&map.grid, o.dflt);
        rc = values ? build_field(&o, &map, values) : CLI_EXIT_USAGE;
        if (rc == CLI_EXIT_OK) rc = cli_print_values(stdout, &map.grid, values, o.format);
        free(values);
        cli_map_free(&map);
    }
    free(o.goal_args);
    free(o.goal_char_args);
    return rc;
}
