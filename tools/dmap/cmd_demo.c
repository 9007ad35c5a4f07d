/* cmd_demo.c — `dmap demo`, the default job: the classic two 5x5 examples and their sum,
 * computed by the engine, then the Dijkstra map of a small bundled dungeon and the path an
 * agent takes rolling down it. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char demo_help[] =
    "usage: dmap demo      (also what plain `dmap` runs)\n"
    "\n"
    "Print the classic Dijkstra-map examples computed by dmap's scan: a 5x5 open grid with a\n"
    "goal at the centre, the same grid with goals at the four corners (default 100, goal\n"
    "value 0, unit steps, 4-connected), their cell-by-cell sum, and the Dijkstra map of a small\n"
    "dungeon towards its stairs '>' in grid format, and the path an agent takes rolling\n"
    "downhill on it from the top-left room.\n"
    "\n"
    "options:\n"
    "  -h, --help   this text\n"
    "\n"
    "example: dmap demo\n";

/* A small dungeon: '#' walls, '>' the stairs the map leads to. */
static const char demo_dungeon[] =
    "####################\n"
    "#......#...........#\n"
    "#......#....####...#\n"
    "#......+....#..#...#\n"
    "####.###....#..#...#\n"
    "#......#....#.>#...#\n"
    "#......#....##.#...#\n"
    "#..............#...#\n"
    "#......#...........#\n"
    "####################\n";

/* The classic 5x5 field: all floor, goals (value 0) at the given cells, default 100. */
static int seed_field(const dmap_goal *goals, size_t ngoals, dmap_grid *g, double *values) {
    dmap_moves m = dmap_moves_4();
    int rc = dmap_field(g, &m, goals, ngoals, DMAP_DEFAULT_CEILING, values, NULL);
    if (rc != DMAP_OK) return cli_fail("demo: %s", dmap_strerror(rc));
    return CLI_EXIT_OK;
}

/* Print three 5x5 digit maps side by side as the classic write-up does: "A   B   C" with + and = in the
 * middle row. Values are small integers here (checked by the caller's data). */
static void print_sum_line(const dmap_grid *g, const double *a, const double *b,
                           const double *c) {
    for (int y = 0; y < g->h; y++) {
        const char *plus = y == g->h / 2 ? " + " : "   ";
        const char *eq = y == g->h / 2 ? " = " : "   ";
        const double *rows[3] = {a, b, c};
        for (int k = 0; k < 3; k++) {
            for (int x = 0; x < g->w; x++) printf("%d", (int)rows[k][y * g->w + x]);
            if (k < 2) fputs(k == 0 ? plus : eq, stdout);
        }
        putchar('\n');
    }
}

static int demo_seed_examples(void) {
    dmap_grid g;
    if (dmap_grid_init(&g, 5, 5) != DMAP_OK) return cli_fail("out of memory");
    double centre[25], corners[25], sum[25];
    const dmap_goal centre_goal[] = {{2, 2, 0.0}};
    const dmap_goal corner_goals[] = {{0, 0, 0.0}, {4, 0, 0.0}, {0, 4, 0.0}, {4, 4, 0.0}};
    int rc = seed_field(centre_goal, 1, &g, centre);
    if (rc == CLI_EXIT_OK) rc = seed_field(corner_goals, 4, &g, corners);
    if (rc == CLI_EXIT_OK && dmap_add(&g, centre, corners, sum) != DMAP_OK)
        rc = cli_fail("demo: cannot add the maps");
    if (rc == CLI_EXIT_OK) {
        printf("A 5x5 grid with a goal at the centre:\n\n");
        rc = cli_print_values(stdout, &g, centre, CLI_FORMAT_DIGITS);
    }
    if (rc == CLI_EXIT_OK) {
        printf("\nThe same grid with goals at each corner:\n\n");
        rc = cli_print_values(stdout, &g, corners, CLI_FORMAT_DIGITS);
    }
    if (rc == CLI_EXIT_OK) {
        printf("\nTheir sum, cell by cell:\n\n");
        print_sum_line(&g, centre, corners, sum);
    }
    dmap_grid_free(&g);
    return rc;
}

/* Roll downhill from the top-left room to the stairs and draw the path with '*' (ties go to
 * the first direction in dmap_dir order, so the picture is always the same). */
static int demo_roll_downhill(const dmap_grid *g, const double *values, char *chars) {
    dmap_moves m = dmap_moves_4();
    int path[256];
    size_t len = 0;
    int from = 1 * g->w + 1;
    int rc = dmap_downhill_path(g, &m, values, from, NULL, NULL, path, 256, &len);
    if (rc != DMAP_OK) return cli_fail("demo: %s", dmap_strerror(rc));
    for (size_t k = 1; k + 1 < len; k++) chars[path[k]] = '*';
    chars[from] = '@';
    printf("\nRolling downhill from '@' (1,1) reaches the stairs in %zu steps:\n\n", len - 1);
    for (int y = 0; y < g->h; y++) printf("%.*s\n", g->w, chars + (size_t)y * g->w);
    return CLI_EXIT_OK;
}

static int demo_dungeon_map(void) {
    dmap_grid g;
    char *chars;
    dmap_diag d;
    int rc = dmap_parse_text_map(demo_dungeon, strlen(demo_dungeon), &g, &chars, &d);
    if (rc != DMAP_OK) return cli_fail("demo: bundled map:%d: %s", d.line, d.message);
    double *values = cli_values_new(&g, DMAP_DEFAULT_CEILING);
    const char *stairs = memchr(chars, '>', (size_t)g.w * (size_t)g.h); /* chars has no NUL */
    if (values && stairs) {
        int i = (int)(stairs - chars);
        dmap_goal goal = {i % g.w, i / g.w, 0.0};
        dmap_moves m = dmap_moves_4();
        rc = dmap_field(&g, &m, &goal, 1, DMAP_DEFAULT_CEILING, values, NULL);
        if (rc != DMAP_OK) rc = cli_fail("demo: %s", dmap_strerror(rc));
    } else {
        rc = values ? cli_fail("demo: bundled map has no '>'") : CLI_EXIT_USAGE;
    }
    if (rc == CLI_EXIT_OK) {
        printf("\nA small dungeon:\n\n%s\nits Dijkstra map towards the stairs '>' "
               "(4-connected, unit steps):\n\n", demo_dungeon);
        rc = cli_print_values(stdout, &g, values, CLI_FORMAT_GRID);
    }
    if (rc == CLI_EXIT_OK) rc = demo_roll_downhill(&g, values, chars);
    free(values);
    free(chars);
    dmap_grid_free(&g);
    return rc;
}

int cmd_demo(int argc, char **argv) {
    if (cli_wants_help(argc, argv)) return cli_help(demo_help);
    if (argc > 1) return cli_fail("demo: takes no arguments, got '%s'", argv[1]);
    int rc = demo_seed_examples();
    if (rc == CLI_EXIT_OK) rc = demo_dungeon_map();
    return rc;
}
