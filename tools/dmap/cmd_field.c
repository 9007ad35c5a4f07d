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
    cli_field_args f;            /* MAP, --goal, --default, moves, --format */
    const char **goal_char_args; /* argv strings of --goal-char */
    size_t ngoal_char_args;
} field_options;

/* field's own option, --goal-char (a cli_own_option). */
static int field_option(void *ctx, int argc, char **argv, int *i) {
    field_options *o = ctx;
    const char *v;
    int r = cli_option(argc, argv, i, "--goal-char", &v);
    if (r > 0) o->goal_char_args[o->ngoal_char_args++] = v;
    return r;
}

static int parse_field_options(int argc, char **argv, field_options *o) {
    int rc = cli_parse_field_args(argc, argv, &o->f, field_option, o);
    if (rc != CLI_EXIT_OK) return rc;
    if (o->f.ngoal_args + o->ngoal_char_args == 0)
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

int cmd_field(int argc, char **argv) {
    if (cli_wants_help(argc, argv)) return cli_help(field_help);
    field_options o = {0};
    int rc = cli_field_args_init(&o.f, "field", CLI_ARG_GOALS | CLI_ARG_DEFAULT | CLI_ARG_FORMAT,
                                 argc, DMAP_DEFAULT_CEILING);
    o.goal_char_args = calloc((size_t)argc, sizeof *o.goal_char_args);
    if (rc == CLI_EXIT_OK)
        rc = o.goal_char_args ? parse_field_options(argc, argv, &o) : cli_fail("out of memory");
    cli_map map;
    double *values;
    if (rc == CLI_EXIT_OK && (rc = cli_field_load(&o.f, &map, &values)) == CLI_EXIT_OK) {
        for (size_t k = 0; rc == CLI_EXIT_OK && k < o.ngoal_char_args; k++)
            rc = seed_goal_char(&map, values, o.goal_char_args[k]);
        if (rc == CLI_EXIT_OK) rc = cli_field_scan(&o.f, &map.grid, values);
        if (rc == CLI_EXIT_OK) rc = cli_print_values(stdout, &map.grid, values, o.f.format);
        free(values);
        cli_map_free(&map);
    }
    cli_field_args_free(&o.f);
    free(o.goal_char_args);
    return rc;
}
