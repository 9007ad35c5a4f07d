/* cmd_render.c — `dmap render`: a csv map (as `dmap field --format csv` writes it) drawn as a
 * PNG heatmap, with goals, a downhill path and arrows on request. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char render_help[] =
    "usage: dmap render CSV --output FILE [options]\n"
    "\n"
    "Draw a csv map (H lines of W comma-separated values, '#' walls; '-' reads standard input)\n"
    "as a PNG heatmap: a viridis-like colour scale from the lowest finite value (dark purple)\n"
    "to the highest (yellow), walls dark grey, unreachable cells (inf) and cells at or above\n"
    "--ceiling grey with a hatch, goals as white squares, a legend with the value range.\n"
    "\n"
    "options:\n"
    "  --output FILE        the PNG file to write (required); an existing file is refused\n"
    "                       unless --force is given\n" CLI_PNG_HELP_REST
    "  --goal X,Y           mark cell X,Y as a goal (repeatable)\n"
    "  --ceiling V          values >= V are 'not reached' and hatched too (e.g. the --default\n"
    "                       the map was made with; default: none)\n"
    "the moves that --path and --arrows follow:\n" CLI_MOVES_HELP
    "  -h, --help           this text\n"
    "\n"
    "Every option but --goal may be given once.\n"
    "Exit status: 0 ok, 2 bad input (one line on stderr; the output file is left as it was).\n"
    "example: dmap field room.txt --goal 2,2 --format csv > room.csv\n"
    "         dmap render room.csv --output room.png --scale 24 --goal 2,2 --path 9,5\n";

typedef struct render_args {
    cli_field_args f; /* CSV (as the MAP argument), the move options, the PNG options */
    const char **goals;
    size_t ngoals;
    double ceiling;
} render_args;

/* render's own options, --goal (marks only) and --ceiling (a cli_own_option). */
static int render_option(void *ctx, int argc, char **argv, int *i) {
    render_args *a = ctx;
    const char *v;
    int r = cli_option(argc, argv, i, "--goal", &v);
    if (r > 0) a->goals[a->ngoals++] = v;
    if (r != 0) return r;
    if ((r = cli_option(argc, argv, i, "--ceiling", &v)) > 0 &&
        cli_number("--ceiling", v, &a->ceiling))
        return -1;
    return r;
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
    a.goals = calloc((size_t)argc, sizeof *a.goals);
    int rc = a.goals ? cli_field_args_init(&a.f, "render", CLI_ARG_WEIGHTS | CLI_ARG_PNG, argc)
                     : cli_fail("out of memory");
    a.f.missing_map = "missing CSV argument";
    a.f.format = CLI_FORMAT_PNG; /* the only output: --output is required */
    if (rc == CLI_EXIT_OK) rc = cli_parse_field_args(argc, argv, &a.f, render_option, &a);
    dmap_grid g;
    double *values = NULL;
    if (rc == CLI_EXIT_OK && (rc = cli_load_csv(a.f.map_path, &g, &values)) == CLI_EXIT_OK) {
        unsigned char *goal = NULL;
        rc = goal_flags(&a, &g, &goal);
        if (rc == CLI_EXIT_OK)
            rc = cli_png_write("render", &a.f.png, &g, values, goal, &a.f.moves, a.ceiling);
        free(goal);
        free(values);
        dmap_grid_free(&g);
    }
    cli_field_args_free(&a.f);
    free(a.goals);
    return rc;
}
