/* cmd_descend.c — `dmap descend`: roll downhill on the Dijkstra map of goals from a start cell
 * and print the path, one "x,y" per line ("rolling downhill"). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char descend_help[] =
    "usage: dmap descend MAP --goal X,Y[=V] ... --from X,Y [options]\n"
    "\n"
    "Build the Dijkstra map of the goals on MAP (a text map with '#' walls, or a Moving AI\n"
    ".map; '-' reads standard input) and roll downhill from --from: each step goes to a lowest\n"
    "neighbour, until staying is as good as any move (a goal or another local minimum).\n"
    "Prints the path, one \"x,y\" per line, start and end included. The map has no ceiling\n"
    "unless --default gives one. A start that no goal reaches (or, with --default, that lies\n"
    "on the flat plateau at the ceiling) has no way down: \"no goal within reach of X,Y\" on\n"
    "stderr and exit status 1.\n"
    "\n"
    "options:\n"
    "  --goal X,Y[=V]       a goal at column X, row Y (value V, default 0); repeatable,\n"
    "                       at least one goal (--goal or --goal-char)\n"
    "  --goal-char C[=V]    every cell showing character C is a goal; repeatable\n"
    "  --from X,Y           the start cell (passable; required)\n"
    "  --seed N             break ties between equally low moves at random with seed N\n"
    "                       (0 to 2^63-1); without it the first in the order\n"
    "                       stay, up, right, down, left, up-right, down-right, down-left,\n"
    "                       up-left wins\n"
    "  --block X,Y          a cell never entered (e.g. an opponent); repeatable\n"
    "  --flee               roll down the flee map of the goals instead (they are threats):\n"
    "                       their Dijkstra map times the factor, scanned again\n"
    "  --factor F           the flee factor, negative (default -1.2; implies --flee)\n"
    "  --default V          a ceiling: the start value of non-goal cells (default: none,\n"
    "                       which --default inf also says)\n"
    CLI_MOVES_HELP
    "  -h, --help           this text\n"
    "\n"
    "Every option but --goal, --goal-char and --block may be given once.\n"
    "Exit status: 0 ok, 1 no goal within reach of the start, 2 bad input.\n"
    "example: dmap descend room.txt --goal 0,0 --goal 4,4 --from 2,2 --seed 7\n"
    "         dmap descend room.txt --goal 6,6 --from 3,4 --flee\n";

typedef struct descend_options {
    cli_field_args f; /* MAP, --goal, --default, moves */
    const char **block_args;
    size_t nblock_args;
    const char *from_arg;
    int seeded, flee;
    uint64_t seed;
    double factor;
} descend_options;

/* descend's own options (a cli_own_option). */
static int descend_option(void *ctx, int argc, char **argv, int *i) {
    descend_options *o = ctx;
    const char *v;
    int r;
    if ((r = cli_option(argc, argv, i, "--block", &v)) != 0) {
        if (r > 0) o->block_args[o->nblock_args++] = v;
        return r;
    }
    if ((r = cli_option(argc, argv, i, "--from", &v)) != 0) {
        if (r > 0) o->from_arg = v;
        return r;
    }
    if ((r = cli_option(argc, argv, i, "--seed", &v)) != 0) {
        if (r < 0 || cli_seed("--seed", v, &o->seed)) return -1;
        o->seeded = 1;
        return 1;
    }
    if ((r = cli_flag(argv, *i, "--flee")) != 0) {
        if (r > 0) o->flee = 1;
        return r;
    }
    if ((r = cli_option(argc, argv, i, "--factor", &v)) != 0) {
        if (r < 0 || cli_number("--factor", v, &o->factor)) return -1;
        if (!(o->factor < 0)) {
            cli_fail("invalid value for --factor: '%s' (must be negative)", v);
            return -1;
        }
        o->flee = 1;
        return 1;
    }
    return 0;
}

static int parse_descend_options(int argc, char **argv, descend_options *o) {
    int rc = cli_parse_field_args(argc, argv, &o->f, descend_option, o);
    if (rc != CLI_EXIT_OK) return rc;
    if (o->f.ngoal_args + o->f.ngoal_char_args == 0)
        return cli_fail("descend: no goal given (use --goal X,Y or --goal-char C)");
    if (!o->from_arg) return cli_fail("descend: missing --from X,Y");
    return CLI_EXIT_OK;
}

/* The blocked mask, the start cell, and the (flee) field of the goals set in values. A start
 * that no goal reaches, or that sits on the plateau at the ceiling, has no way down: exit 1. */
static int prepare(const descend_options *o, const dmap_grid *g, double *values,
                   unsigned char *blocked, int *from) {
    int rc, x, y;
    for (size_t k = 0; k < o->nblock_args; k++) {
        if ((rc = cli_cell(g, "--block", o->block_args[k], 0, &x, &y)) != 0) return rc;
        blocked[dmap_grid_index(g, x, y)] = 1;
    }
    if ((rc = cli_cell(g, "--from", o->from_arg, 1, &x, &y)) != 0) return rc;
    *from = dmap_grid_index(g, x, y);
    if ((rc = cli_field_scan(&o->f, g, values)) != CLI_EXIT_OK) return rc;
    if (!(values[*from] < o->f.dflt)) {
        fprintf(stderr, "dmap: descend: no %s within reach of %d,%d%s\n",
                o->flee ? "threat" : "goal", x, y,
                isinf(o->f.dflt) ? "" : " (it lies on the plateau at the --default ceiling)");
        return CLI_EXIT_FAIL;
    }
    if (o->flee && (rc = dmap_flee(g, &o->f.moves, values, o->factor, values, NULL)) != DMAP_OK)
        return cli_fail("descend: flee map: %s", dmap_strerror(rc));
    return CLI_EXIT_OK;
}

/* Roll down from --from on the field of the goals (values, goals set) and print the path. */
static int descend(const descend_options *o, const dmap_grid *g, double *values) {
    size_t n = (size_t)g->w * (size_t)g->h, len = 0;
    unsigned char *blocked = calloc(n, 1);
    int *path = malloc(n * sizeof *path), from = 0;
    int rc = blocked && path ? CLI_EXIT_OK : cli_fail("out of memory");
    if (rc == CLI_EXIT_OK) rc = prepare(o, g, values, blocked, &from);
    if (rc == CLI_EXIT_OK) {
        dmap_rng rng;
        dmap_rng_seed(&rng, (uint64_t)o->seed);
        int err = dmap_downhill_path(g, &o->f.moves, values, from, blocked,
                                     o->seeded ? &rng : NULL, path, n, &len);
        if (err != DMAP_OK) rc = cli_fail("descend: %s", dmap_strerror(err));
    }
    for (size_t k = 0; rc == CLI_EXIT_OK && k < len; k++)
        printf("%d,%d\n", path[k] % g->w, path[k] / g->w);
    free(blocked);
    free(path);
    return rc;
}

int cmd_descend(int argc, char **argv) {
    if (cli_wants_help(argc, argv)) return cli_help(descend_help);
    descend_options o = {.factor = DMAP_FLEE_FACTOR};
    int rc = cli_field_args_init(&o.f, "descend", CLI_ARG_GOALS | CLI_ARG_DEFAULT | CLI_ARG_WEIGHTS,
                                 argc);
    o.block_args = calloc((size_t)argc, sizeof *o.block_args);
    if (rc == CLI_EXIT_OK)
        rc = o.block_args ? parse_descend_options(argc, argv, &o) : cli_fail("out of memory");
    cli_map map;
    double *values;
    if (rc == CLI_EXIT_OK && (rc = cli_field_load(&o.f, &map, &values)) == CLI_EXIT_OK) {
        rc = descend(&o, &map.grid, values);
        free(values);
        cli_map_free(&map);
    }
    cli_field_args_free(&o.f);
    free(o.block_args);
    return rc;
}
