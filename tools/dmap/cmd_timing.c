/* cmd_timing.c — `dmap timing`: the timing map of a map file (for each cell, the earliest time
 * any enemy can be there: the minimum of the enemies' threat maps) and, with --me, the safe
 * region of the safe walk. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char timing_help[] =
    "usage: dmap timing MAP --enemy X,Y[+DELAY] ... [options]\n"
    "\n"
    "Print the timing map of MAP (a text map with '#' walls, or a Moving AI .map; '-' reads\n"
    "standard input): for each cell, the earliest time an enemy can be there — its walking\n"
    "distance from the enemy plus the enemy's spawn delay, minimised over the enemies. 'inf'\n"
    "means never (walls print as '#'). With --me, a blank line follows and then the safe\n"
    "region: the cells I can reach (starting at time 0) arriving strictly before the timing\n"
    "map, as a picture: '@' me, '+' safe, '.' not safely reachable, '#' wall.\n"
    "\n"
    "options:\n"
    "  --enemy X,Y[+D]  an enemy at column X, row Y, spawning after D turns (default 0);\n"
    "                   repeatable, at least one\n"
    "  --me X,Y         my cell: also print the safe region\n"
    "  --cutoff D       each enemy only threatens cells within distance D (default: no cutoff)\n"
    CLI_MOVES_HELP
    "  --format F       grid (aligned columns, the default) or csv (exact values, 'inf'\n"
    "                   for never; `dmap combine` reads it back), or png (a heatmap picture\n"
    "                   written to --output; the safe region still prints)\n" CLI_PNG_HELP
    "  -h, --help       this text\n"
    "\n"
    "Every option but --enemy may be given once. Exit status: 0 ok, 2 bad input.\n"
    "example: dmap timing room.txt --enemy 4,1 --enemy 0,3+2 --me 1,1 --cutoff 6\n";

enum { MAX_ENEMIES = 256 };

typedef struct timing_options {
    cli_field_args f; /* MAP, moves, --format grid|csv */
    const char *enemy_args[MAX_ENEMIES];
    size_t nenemies;
    const char *me_arg;
    double cutoff;
} timing_options;

/* timing's own options (a cli_own_option). */
static int timing_option(void *ctx, int argc, char **argv, int *i) {
    timing_options *o = ctx;
    const char *v;
    int r;
    if ((r = cli_option(argc, argv, i, "--enemy", &v)) != 0) {
        if (r < 0) return -1;
        if (o->nenemies == MAX_ENEMIES) {
            cli_fail("timing: more than %d enemies", MAX_ENEMIES);
            return -1;
        }
        o->enemy_args[o->nenemies++] = v;
        return 1;
    }
    if ((r = cli_option(argc, argv, i, "--me", &v)) != 0) {
        if (r > 0) o->me_arg = v;
        return r;
    }
    if ((r = cli_option(argc, argv, i, "--cutoff", &v)) != 0) {
        if (r < 0 || cli_number("--cutoff", v, &o->cutoff)) return -1;
        if (o->cutoff < 0) {
            cli_fail("invalid value for --cutoff: '%s' (must be >= 0)", v);
            return -1;
        }
        return 1;
    }
    return 0;
}

static int parse_timing_options(int argc, char **argv, timing_options *o) {
    o->f.missing_map = "missing MAP"; /* timing's wording */
    int rc = cli_parse_field_args(argc, argv, &o->f, timing_option, o);
    if (rc != CLI_EXIT_OK) return rc;
    if (o->nenemies == 0) return cli_fail("timing: give at least one --enemy X,Y[+DELAY]");
    return CLI_EXIT_OK;
}

/* Parse "X,Y" or "X,Y+DELAY" into an enemy on g. */
static int parse_enemy(const dmap_grid *g, const char *arg, double cutoff, dmap_enemy *e) {
    char cell[64];
    const char *plus = strchr(arg, '+');
    size_t n = plus ? (size_t)(plus - arg) : strlen(arg);
    if (n >= sizeof cell)
        return cli_fail("invalid value for --enemy: '%s' (need X,Y[+DELAY])", arg);
    memcpy(cell, arg, n);
    cell[n] = '\0';
    int x, y, rc = cli_cell(g, "--enemy", cell, 1, &x, &y);
    if (rc != CLI_EXIT_OK) return rc;
    e->cell = y * g->w + x;
    e->delay = 0;
    e->cutoff = cutoff;
    if (plus) {
        if (cli_number("--enemy delay", plus + 1, &e->delay)) return CLI_EXIT_USAGE;
        if (e->delay < 0)
            return cli_fail("invalid value for --enemy: '%s' (the delay must be >= 0)", arg);
    }
    return CLI_EXIT_OK;
}

static void print_safe_region(const dmap_grid *g, const double *arrival, int me) {
    for (int i = 0; i < g->w * g->h; i++) {
        char c = g->wall[i] ? '#' : i == me ? '@' : isinf(arrival[i]) ? '.' : '+';
        putchar(c);
        if (i % g->w == g->w - 1) putchar('\n');
    }
}

/* Compute and print, map loaded and enemies parsed. */
static int run_timing(const timing_options *o, const cli_map *map, const dmap_enemy *enemies) {
    const dmap_grid *g = &map->grid;
    int me = -1, rc;
    if (o->me_arg) {
        int x, y;
        if ((rc = cli_cell(g, "--me", o->me_arg, 1, &x, &y)) != CLI_EXIT_OK) return rc;
        me = y * g->w + x;
    }
    double *timing = cli_values_new(g, 0), *arrival = me >= 0 ? cli_values_new(g, 0) : NULL;
    if (!timing || (me >= 0 && !arrival)) {
        free(timing);
        return CLI_EXIT_USAGE;
    }
    dmap_workspace *ws = NULL;
    dmap_workspace_new(&ws);
    rc = ws ? dmap_timing_map(g, &o->f.moves, enemies, o->nenemies, timing, ws) : DMAP_ERR_NOMEM;
    if (rc == DMAP_OK && me >= 0)
        rc = dmap_safe_walk(g, &o->f.moves, timing, me, 0.0, arrival, NULL, NULL, ws);
    int out = CLI_EXIT_OK;
    if (rc == DMAP_OK && (out = cli_field_output(&o->f, map, timing, 0)) == CLI_EXIT_OK) {
        if (me >= 0) {
            putchar('\n');
            print_safe_region(g, arrival, me);
        }
    }
    dmap_workspace_free(ws);
    free(timing);
    free(arrival);
    if (rc != DMAP_OK) return cli_fail("timing: %s", dmap_strerror(rc));
    return out;
}

int cmd_timing(int argc, char **argv) {
    if (cli_wants_help(argc, argv)) return cli_help(timing_help);
    timing_options o = {.cutoff = INFINITY};
    int rc = cli_field_args_init(&o.f, "timing", CLI_ARG_FORMAT_NUMBERS | CLI_ARG_WEIGHTS | CLI_ARG_PNG,
                                 argc);
    if (rc == CLI_EXIT_OK) rc = parse_timing_options(argc, argv, &o);
    if (rc != CLI_EXIT_OK) return rc;
    cli_map map;
    if ((rc = cli_load_map(o.f.map_path, &map)) != CLI_EXIT_OK) return rc;
    dmap_enemy enemies[MAX_ENEMIES];
    for (size_t k = 0; k < o.nenemies && rc == CLI_EXIT_OK; k++)
        rc = parse_enemy(&map.grid, o.enemy_args[k], o.cutoff, &enemies[k]);
    if (rc == CLI_EXIT_OK) rc = run_timing(&o, &map, enemies);
    cli_map_free(&map);
    return rc;
}
