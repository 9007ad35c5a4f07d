/* cmd_bury.c — `dmap bury`: read a pursuit world file, bury its dead ends and print the world
 * before and after, as pictures. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char bury_help[] =
    "usage: dmap bury WORLD [options]\n"
    "\n"
    "Read a pursuit world file (W*H integers, one per line or separated by any whitespace;\n"
    "0 free, -1 obstacle, 1 predator, 10 prey; exactly one predator and one prey; '-' reads\n"
    "standard input), bury its dead ends (a free cell walled on three sides, or on two\n"
    "adjacent sides with the diagonal between them open, is filled, repeatedly), and\n"
    "print the original world, a blank line, then the buried world. Pictures: '#' obstacle\n"
    "(buried cells included), '.' free, '@' predator, '*' prey. The agents' cells are never\n"
    "filled. The file itself is never changed.\n"
    "\n"
    "options:\n"
    "  --mark          print buried cells as '+' instead of '#'\n"
    "  --edge-wall     treat the outside of the board as obstacle (by default it is not:\n"
    "                  dead ends formed by the board edge stay open)\n"
    "  --size WxH      the world's size, e.g. 12x8 (default: a square inferred from the\n"
    "                  count of values, 8x8 for 64)\n"
    "  -h, --help      this text\n"
    "\n"
    "Every option may be given once.\n"
    "Exit status: 0 ok, 2 bad input (one line on stderr: FILE:LINE: reason).\n"
    "example: dmap bury battlefield.dat --mark\n";

typedef struct bury_options {
    const char *path;
    int mark, edge_wall, w, h;
} bury_options;

static int parse_bury_options(int argc, char **argv, bury_options *o) {
    for (int i = 1; i < argc; i++) {
        const char *v;
        int r;
        if ((r = cli_flag(argv, i, "--mark")) != 0) {
            if (r < 0) return CLI_EXIT_USAGE;
            o->mark = 1;
        } else if ((r = cli_flag(argv, i, "--edge-wall")) != 0) {
            if (r < 0) return CLI_EXIT_USAGE;
            o->edge_wall = 1;
        } else if ((r = cli_option(argc, argv, &i, "--size", &v)) != 0) {
            if (r < 0 || cli_size("--size", v, &o->w, &o->h)) return CLI_EXIT_USAGE;
        } else if (cli_is_option(argv[i])) {
            return cli_unknown_option("bury", argv[i]);
        } else if (o->path) {
            return cli_fail("bury: unexpected argument '%s' (one WORLD only)", argv[i]);
        } else {
            o->path = argv[i];
        }
    }
    if (!o->path) return cli_fail("bury: missing WORLD file (see dmap help bury)");
    return CLI_EXIT_OK;
}

static int load_world(const bury_options *o, dmap_world *world) {
    const char *name = strcmp(o->path, "-") == 0 ? "<stdin>" : o->path;
    char *text = NULL;
    size_t len = 0;
    dmap_diag d = {0, ""};
    int rc = dmap_read_file(o->path, &text, &len, &d);
    if (rc == DMAP_OK) rc = dmap_parse_world(text, len, o->w, o->h, world, &d);
    free(text);
    if (rc == DMAP_OK) return CLI_EXIT_OK;
    if (rc == DMAP_ERR_NOMEM) return cli_fail("%s: out of memory", name);
    if (rc == DMAP_ERR_SIZE) return cli_fail("%s: the world is too large", name);
    if (d.line > 0) return cli_fail("%s:%d: %s", name, d.line, d.message);
    return cli_fail("%s: %s", name, d.message[0] ? d.message : dmap_strerror(rc));
}

/* Print a world: its own obstacles when g is NULL, else g's walls (buried marks optional). */
static void print_world(const dmap_world *world, const dmap_grid *g, const unsigned char *buried) {
    for (int y = 0; y < world->h; y++) {
        for (int x = 0; x < world->w; x++) {
            int i = y * world->w + x;
            char c = '.';
            if (i == world->predator) c = '@';
            else if (i == world->prey) c = '*';
            else if (buried && buried[i]) c = '+';
            else if (g ? g->wall[i] != 0 : world->cells[i] == DMAP_WORLD_OBSTACLE) c = '#';
            putchar(c);
        }
        putchar('\n');
    }
}

int cmd_bury(int argc, char **argv) {
    if (cli_wants_help(argc, argv)) return cli_help(bury_help);
    bury_options o = {NULL, 0, 0, 0, 0};
    int rc = parse_bury_options(argc, argv, &o);
    if (rc != CLI_EXIT_OK) return rc;
    dmap_world world;
    if ((rc = load_world(&o, &world)) != CLI_EXIT_OK) return rc;
    dmap_grid g;
    unsigned char *buried = NULL;
    if (dmap_world_to_grid(&world, &g) != DMAP_OK ||
        !(buried = malloc((size_t)g.w * (size_t)g.h))) {
        dmap_grid_free(&g);
        dmap_world_free(&world);
        return cli_fail("out of memory");
    }
    int agents[2] = {world.predator, world.prey};
    rc = dmap_bury_dead_ends(&g, agents, 2, o.edge_wall ? DMAP_BURY_EDGE_WALL : 0u, buried, NULL,
                             NULL);
    if (rc == DMAP_OK) {
        print_world(&world, NULL, NULL);
        putchar('\n');
        print_world(&world, &g, o.mark ? buried : NULL);
    }
    free(buried);
    dmap_grid_free(&g);
    dmap_world_free(&world);
    if (rc != DMAP_OK) return cli_fail("bury: %s", dmap_strerror(rc));
    return CLI_EXIT_OK;
}
