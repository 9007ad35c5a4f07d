/* cmd_bury.c — `dmap bury`: read a map, bury its dead ends and print the map before and after,
 * as pictures. Marked floor cells (agents, goals) are never filled. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char bury_help[] =
    "usage: dmap bury MAP [options]\n"
    "\n"
    "Read a map (a plain text map, '#' walls, or a Moving AI map; '-' reads standard input),\n"
    "bury its dead ends (a free cell walled on three sides, or on two adjacent sides with the\n"
    "diagonal between them open, is filled, repeatedly), and print the map, a blank line, then\n"
    "the buried map: buried cells as '#', every other cell as in the file. Marked floor cells\n"
    "(any character but '.' and ' ' on a passable cell, e.g. '@' and '*' for two agents) are\n"
    "never filled. The file itself is never changed.\n"
    "\n"
    "options:\n"
    "  --mark          print buried cells as '+' instead of '#'\n"
    "  --edge-wall     treat the outside of the board as wall (by default it is not: dead\n"
    "                  ends formed by the board edge stay open)\n"
    "  -h, --help      this text\n"
    "\n"
    "Every option may be given once.\n"
    "Exit status: 0 ok, 2 bad input (one line on stderr: FILE:LINE: reason).\n"
    "example: dmap bury room.txt --mark\n";

typedef struct bury_options {
    const char *path;
    int mark, edge_wall;
} bury_options;

static int parse_bury_options(int argc, char **argv, bury_options *o) {
    for (int i = 1; i < argc; i++) {
        int r;
        if ((r = cli_flag(argv, i, "--mark")) != 0) {
            if (r < 0) return CLI_EXIT_USAGE;
            o->mark = 1;
        } else if ((r = cli_flag(argv, i, "--edge-wall")) != 0) {
            if (r < 0) return CLI_EXIT_USAGE;
            o->edge_wall = 1;
        } else if (cli_is_option(argv[i])) {
            return cli_unknown_option("bury", argv[i]);
        } else if (o->path) {
            return cli_fail("bury: unexpected argument '%s' (one MAP only)", argv[i]);
        } else {
            o->path = argv[i];
        }
    }
    if (!o->path) return cli_fail("bury: missing MAP file (see dmap help bury)");
    return CLI_EXIT_OK;
}

/* The marked floor cells, which burying never fills: *n of them in a malloc'ed *cells. */
static int marked_cells(const cli_map *map, int **cells, size_t *n) {
    size_t count = (size_t)map->grid.w * (size_t)map->grid.h;
    *n = 0;
    if (!(*cells = malloc((count ? count : 1) * sizeof **cells))) return -1;
    for (size_t i = 0; i < count; i++)
        if (!map->grid.wall[i] && map->chars[i] != '.' && map->chars[i] != ' ')
            (*cells)[(*n)++] = (int)i;
    return 0;
}

/* Print the map's characters, buried cells as '#' (or '+' when marked). */
static void print_map(const cli_map *map, const unsigned char *buried, int mark) {
    for (int y = 0; y < map->grid.h; y++) {
        for (int x = 0; x < map->grid.w; x++) {
            int i = y * map->grid.w + x;
            putchar(buried && buried[i] ? (mark ? '+' : '#') : map->chars[i]);
        }
        putchar('\n');
    }
}

int cmd_bury(int argc, char **argv) {
    if (cli_wants_help(argc, argv)) return cli_help(bury_help);
    bury_options o = {NULL, 0, 0};
    int rc = parse_bury_options(argc, argv, &o);
    if (rc != CLI_EXIT_OK) return rc;
    cli_map map;
    if ((rc = cli_load_map(o.path, &map)) != CLI_EXIT_OK) return rc;
    int *protect = NULL;
    size_t nprotect = 0;
    unsigned char *buried = malloc((size_t)map.grid.w * (size_t)map.grid.h);
    if (!buried || marked_cells(&map, &protect, &nprotect) != 0) {
        free(buried);
        cli_map_free(&map);
        return cli_fail("out of memory");
    }
    rc = dmap_bury_dead_ends(&map.grid, protect, nprotect,
                             o.edge_wall ? DMAP_BURY_EDGE_WALL : 0u, buried, NULL, NULL);
    if (rc == DMAP_OK) {
        print_map(&map, NULL, 0);
        putchar('\n');
        print_map(&map, buried, o.mark);
    }
    free(protect);
    free(buried);
    cli_map_free(&map);
    if (rc != DMAP_OK) return cli_fail("bury: %s", dmap_strerror(rc));
    return CLI_EXIT_OK;
}
