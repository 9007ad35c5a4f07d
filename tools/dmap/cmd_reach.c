/* cmd_reach.c — `dmap reach`: breadth-first reachability on a map file: a shortest path in
 * steps to one cell, or every reachable cell's depth. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char reach_help[] =
    "usage: dmap reach MAP --from X,Y [--to X,Y] [options]\n"
    "\n"
    "Breadth-first search on MAP (a text map with '#' walls, or a Moving AI .map; '-' reads\n"
    "standard input) from the passable cell --from, counting steps (weights are ignored).\n"
    "\n"
    "With --to: prints \"length N\" (N steps) and then the path, one \"x,y\" per line, start\n"
    "and end included, and exits 0; or prints \"unreachable\" and exits 1 (also when --to is a\n"
    "wall).\n"
    "Without --to: prints \"reachable N\" (N cells, the start included) and then the map of\n"
    "BFS depths: aligned columns, '#' walls, '.' cells not reached.\n"
    "\n"
    "options:\n"
    "  --from X,Y           the start cell (required)\n"
    "  --to X,Y             the target cell\n"
    "  --max-depth D        stop the search at depth D (a non-negative integer); a --to\n"
    "                       farther than D prints \"deeper than D\" and exits 1\n"
    CLI_MOVES_STEPS_HELP
    "  -h, --help           this text\n"
    "\n"
    "Step weights do not apply (every step counts 1), so --cardinal and --diagonal are not\n"
    "options here. Every option may be given once.\n"
    "Exit status: 0 ok, 1 unreachable (or deeper than --max-depth), 2 bad input.\n"
    "example: dmap reach maze.txt --from 1,1 --to 9,7 --moves 8\n";

typedef struct reach_options {
    cli_field_args f; /* MAP, moves */
    const char *from_arg, *to_arg;
    long max_depth;
} reach_options;

/* reach's own options (a cli_own_option). */
static int reach_option(void *ctx, int argc, char **argv, int *i) {
    reach_options *o = ctx;
    const char *v;
    int r;
    if ((r = cli_option(argc, argv, i, "--from", &v)) != 0) {
        if (r > 0) o->from_arg = v;
        return r;
    }
    if ((r = cli_option(argc, argv, i, "--to", &v)) != 0) {
        if (r > 0) o->to_arg = v;
        return r;
    }
    if ((r = cli_option(argc, argv, i, "--max-depth", &v)) != 0) {
        if (r < 0 || cli_integer("--max-depth", v, 0, INT_MAX, &o->max_depth)) return -1;
        return 1;
    }
    return 0;
}

static int parse_reach_options(int argc, char **argv, reach_options *o) {
    int rc = cli_parse_field_args(argc, argv, &o->f, reach_option, o);
    if (rc != CLI_EXIT_OK) return rc;
    if (!o->from_arg) return cli_fail("reach: missing --from X,Y");
    return CLI_EXIT_OK;
}

/* The depth map: one column per cell, right-aligned to the widest depth. */
static void print_depths(const dmap_grid *g, const int *depth) {
    int widest = 1;
    size_t n = (size_t)g->w * (size_t)g->h;
    for (size_t i = 0; i < n; i++) {
        int digits = 1;
        for (int d = depth[i]; d >= 10; d /= 10) digits++;
        if (digits > widest) widest = digits;
    }
    for (int y = 0; y < g->h; y++) {
        for (int x = 0; x < g->w; x++) {
            size_t i = (size_t)y * (size_t)g->w + (size_t)x;
            if (x > 0) putchar(' ');
            if (g->wall[i]) printf("%*s", widest, "#");
            else if (depth[i] < 0) printf("%*s", widest, ".");
            else printf("%*d", widest, depth[i]);
        }
        putchar('\n');
    }
}

static int reach(const reach_options *o, const dmap_grid *g) {
    int x, y, rc;
    if ((rc = cli_cell(g, "--from", o->from_arg, 1, &x, &y)) != 0) return rc;
    int from = dmap_grid_index(g, x, y), to = -1;
    if (o->to_arg) {
        if ((rc = cli_cell(g, "--to", o->to_arg, 0, &x, &y)) != 0) return rc;
        to = dmap_grid_index(g, x, y);
    }
    size_t n = (size_t)g->w * (size_t)g->h, len = 0;
    int *depth = malloc(n * sizeof *depth), *parent = malloc(n * sizeof *parent);
    int *path = malloc(n * sizeof *path);
    rc = depth && parent && path ? CLI_EXIT_OK : cli_fail("out of memory");
    int err = DMAP_OK;
    if (rc == CLI_EXIT_OK)
        err = dmap_bfs(g, &o->f.moves, &from, 1, (int)o->max_depth, depth, parent, NULL);
    if (rc == CLI_EXIT_OK && err == DMAP_OK && to >= 0)
        err = dmap_bfs_path(g, depth, parent, to, path, n, &len);
    if (rc == CLI_EXIT_OK && err != DMAP_OK) rc = cli_fail("reach: %s", dmap_strerror(err));
    if (rc == CLI_EXIT_OK && to >= 0) {
        int farther = 0;
        if (len == 0 && o->max_depth >= 0 &&
            dmap_can_move_to(g, &o->f.moves, from, to, &farther, NULL) != DMAP_OK)
            farther = 0;
        if (len == 0 && farther) {
            printf("deeper than --max-depth %ld\n", o->max_depth); /* reachable, beyond --max-depth */
            rc = CLI_EXIT_FAIL;
        } else if (len == 0) {
            printf("unreachable\n");
            rc = CLI_EXIT_FAIL;
        } else {
            printf("length %zu\n", len - 1);
            for (size_t k = 0; k < len; k++) printf("%d,%d\n", path[k] % g->w, path[k] / g->w);
        }
    } else if (rc == CLI_EXIT_OK) {
        size_t count = 0;
        for (size_t i = 0; i < n; i++) count += depth[i] >= 0;
        printf("reachable %zu\n", count);
        print_depths(g, depth);
    }
    free(depth);
    free(parent);
    free(path);
    return rc;
}

int cmd_reach(int argc, char **argv) {
    if (cli_wants_help(argc, argv)) return cli_help(reach_help);
    reach_options o = {.max_depth = -1};
    int rc = cli_field_args_init(&o.f, "reach", 0, argc);
    if (rc == CLI_EXIT_OK) rc = parse_reach_options(argc, argv, &o);
    cli_map map;
    if (rc == CLI_EXIT_OK && (rc = cli_load_map(o.f.map_path, &map)) == CLI_EXIT_OK) {
        rc = reach(&o, &map.grid);
        cli_map_free(&map);
    }
    return rc;
}
