/* cmd_render.c — `dmap render`: a csv map (as `dmap field --format csv` writes it) drawn as a
 * PNG heatmap, with goals, a downhill path and arrows on request. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli_png.h"

static const char render_help[] =
    "usage: dmap render CSV --output FILE [options]\n"
    "\n"
    "Draw a csv map (H lines of W comma-separated values, '#' walls; '-' reads standard input)\n"
    "as a PNG heatmap: a viridis-like colour scale from the lowest finite value (dark purple)\n"
    "to the highest (yellow), walls dark grey, unreachable cells (inf) and cells at or above\n"
    "--ceiling grey with a hatch, goals as white squares, a legend with the value range.\n"
    "\n"
    "options:\n" CLI_PNG_HELP
    "  --goal X,Y           mark cell X,Y as a goal (repeatable)\n"
    "  --ceiling V          values >= V are 'not reached' and hatched too (e.g. the --default\n"
    "                       the map was made with; default: none)\n" CLI_MOVES_HELP
    "                       (the moves of --path and --arrows)\n"
    "  -h, --help           this text\n"
    "\n"
    "Exit status: 0 ok, 2 bad input (one line on stderr; the output file is left as it was).\n"
    "example: dmap field room.txt --goal 2,2 --format csv > room.csv\n"
    "         dmap render room.csv --output room.png --scale 24 --goal 2,2 --path 9,5\n";

typedef struct render_args {
    const char *csv;
    cli_png_args png;
    const char **goals;
    size_t ngoals;
    double ceiling;
    dmap_moves moves;
} render_args;

static int parse_render(int argc, char **argv, render_args *a) {
    for (int i = 1; i < argc; i++) {
        const char *v;
        int r = cli_png_option(argc, argv, &i, &a->png);
        if (r == 0 && (r = cli_option(argc, argv, &i, "--goal", &v)) > 0) a->goals[a->ngoals++] = v;
        if (r == 0 && (r = cli_option(argc, argv, &i, "--ceiling", &v)) > 0 &&
            cli_number("--ceiling", v, &a->ceiling))
            r = -1;
        if (r == 0) r = cli_moves_option(argc, argv, &i, &a->moves);
        if (r < 0) return CLI_EXIT_USAGE;
        if (r > 0) continue;
        if (cli_is_option(argv[i]))
            return cli_fail("render: unknown option '%s' (see dmap help render)", argv[i]);
        if (a->csv) return cli_fail("render: unexpected argument '%s' (one CSV only)", argv[i]);
        a->csv = argv[i];
    }
    if (!a->csv) return cli_fail("render: missing CSV argument (see dmap help render)");
    if (!a->png.output) return cli_fail("render: --output FILE is required");
    return CLI_EXIT_OK;
}

/* W*H goal flags from the --goal cells (each inside the map and not a wall). */
static int goal_flags(const render_args *a, const dmap_grid *g, unsigned char **flags) {
    *flags = calloc((size_t)g->w * (size_t)g->h, 1);
    if (!*flags) return cli_fail("out of memory");
    for (size_t k = 0; k < a->ngoals; k++) {
        int x, y, rc = cli_cell(g, "--goal", a->goals[k], 1, &x, &y);
        if (rc != CLI_EXIT_OK) return rc;
        (*flags)[y * g->w + x] = 1;
    }
    return CLI_EXIT_OK;
}

int cmd_render(int argc, char **argv) {
    if (cli_wants_help(argc, argv)) return cli_help(render_help);
    render_args a;
    memset(&a, 0, sizeof a);
    a.ceiling = INFINITY;
    a.moves = dmap_moves_4();
    a.goals = calloc((size_t)argc, sizeof *a.goals);
    int rc = a.goals ? parse_render(argc, argv, &a) : cli_fail("out of memory");
    dmap_grid g;
    double *values = NULL;
    if (rc == CLI_EXIT_OK && (rc = cli_load_csv(a.csv, &g, &values)) == CLI_EXIT_OK) {
        unsigned char *goal = NULL;
        rc = goal_flags(&a, &g, &goal);
        if (rc == CLI_EXIT_OK) rc = cli_png_write("render", &a.png, &g, values, goal, &a.moves, a.ceiling);
        free(goal);
        free(values);
        dmap_grid_free(&g);
    }
    free(a.goals);
    return rc;
}
