/* cmd_field.c — `dmap field`: the Dijkstra map of a map file from goals given on the command
 * line (cells or map characters), printed as digits, an aligned grid or exact csv, or drawn as a PNG heatmap. */
#include <stdlib.h>

#include "cli.h"

static const char field_help[] =
    "usage: dmap field MAP [options]\n"
    "\n"
    "Build the Dijkstra map of MAP (a text map with '#' walls, or a Moving AI .map; '-' reads\n"
    "standard input): each cell gets min over goals g of value(g) + distance(g, cell), its\n"
    "cost to the best goal. There is no ceiling unless --default gives one: cells no goal\n"
    "reaches print 'inf'. With --default V every cell starts at V and keeps it when the goals\n"
    "are farther (V = 100 is the classic roguelike map, where far cells all look alike).\n"
    "\n"
    "options:\n"
    "  --goal X,Y[=V]       a goal at column X, row Y (0,0 top-left) with value V (default 0);\n"
    "                       repeat for more goals\n"
    "  --goal-char C[=V]    every cell showing character C in the map is a goal (value V,\n"
    "                       default 0); repeatable. At least one goal is required, and\n"
    "                       every goal value must be below the ceiling.\n"
    "  --default V          a ceiling: the start value of the other cells (default: none,\n"
    "                       which --default inf also says)\n"
    CLI_MOVES_HELP
    "  --format F           digits (one character per cell, values 0..9 only), grid (aligned\n"
    "                       columns, the default) or csv (exact values, '#' walls, 'inf'\n"
    "                       where no goal reaches; `dmap combine` reads it back), or png (a\n"
    "                       heatmap picture written to --output, goals marked)\n" CLI_PNG_HELP
    "  -h, --help           this text\n"
    "\n"
    "Walls print as '#'. Every option but --goal and --goal-char may be given once.\n"
    "Exit status: 0 ok, 2 bad input.\n"
    "example: dmap field room.txt --goal 2,2 --format digits\n"
    "         dmap field room.txt --goal-char '>' --moves 8 --diagonal 1.5 --format csv\n"
    "         dmap field arena.map --goal 10,10 --moves octile --default 100\n"
    "         dmap field room.txt --goal 2,2 --format png --output room.png --path 9,5\n";

int cmd_field(int argc, char **argv) {
    if (cli_wants_help(argc, argv)) return cli_help(field_help);
    cli_field_args f;
    int rc = cli_field_args_init(&f, "field",
                                 CLI_ARG_GOALS | CLI_ARG_DEFAULT | CLI_ARG_FORMAT | CLI_ARG_WEIGHTS |
                                     CLI_ARG_PNG,
                                 argc);
    if (rc == CLI_EXIT_OK) rc = cli_parse_field_args(argc, argv, &f, NULL, NULL);
    if (rc == CLI_EXIT_OK && f.ngoal_args + f.ngoal_char_args == 0)
        rc = cli_fail("field: no goal given (use --goal X,Y or --goal-char C)");
    cli_map map;
    double *values;
    if (rc == CLI_EXIT_OK && (rc = cli_field_make(&f, &map, &values)) == CLI_EXIT_OK) {
        rc = cli_field_output(&f, &map, values, 1);
        free(values);
        cli_map_free(&map);
    }
    cli_field_args_free(&f);
    return rc;
}
