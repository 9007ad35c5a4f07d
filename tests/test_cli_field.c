/* test_cli_field.c — `dmap field` prints the library's dmap_field, bit for bit, on the boards
 * where dmap_field takes its other engines: small boards (up to 64 columns, 4- and 8-connected),
 * integer goals on unit 4-connected moves (the int32 merge), fractional goals and weights (the
 * general scan), with and without a ceiling, goals from --goal and --goal-char. The command
 * runs in-process (its sources compiled in, as test_cli_csv does with cli.c) with its stdout in
 * a file, read back with the csv reader; the expected map comes from dmap_field on the goals
 * the test chose itself. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../tools/dmap/cli.c"
#include "../tools/dmap/cli_field.c"
#include "../tools/dmap/cli_png.c"
#include "../tools/dmap/cmd_field.c"
#include "../tools/dmap/heatmap.c"
#include "check.h"

/* No PNG here (the csv format is what is compared). */
int heatmap_write_png(const char *path, const heatmap_image *img, int force, char *err,
                      size_t errsize) {
    (void)path, (void)img, (void)force;
    snprintf(err, errsize, "no PNG in this test");
    return -1;
}

/* Run `dmap field ARGS` with stdout into out_path; returns its exit status. */
static int run_field(int argc, char **argv, const char *out_path) {
    nseen_options = 0; /* the CLI runs one command per process: forget the last one's options */
    fflush(stdout);
    int saved = dup(STDOUT_FILENO);
    FILE *f = fopen(out_path, "w");
    if (saved < 0 || !f) return -1;
    dup2(fileno(f), STDOUT_FILENO);
    int rc = cmd_field(argc, argv);
    fflush(stdout);
    dup2(saved, STDOUT_FILENO);
    close(saved);
    fclose(f);
    return rc;
}

typedef struct field_case {
    int w, h, moves;       /* moves: 4, 8 or 9 (octile) */
    int fractional;        /* goal values with fractions, and --cardinal 1.25 on 4-connected */
    int ceiling;           /* --default 30 instead of no ceiling */
    int goal_char;         /* also --goal-char g (with =V when fractional) */
} field_case;

static void check_case(dmap_rng *r, const field_case *c, int index) {
    char map_path[64], out_path[64];
    snprintf(map_path, sizeof map_path, "/tmp/dmap_test_cli_field_%ld.txt", (long)getpid());
    snprintf(out_path, sizeof out_path, "/tmp/dmap_test_cli_field_%ld.csv", (long)getpid());
    dmap_grid g;
    CHECK_EQ_INT(dmap_grid_init(&g, c->w, c->h), DMAP_OK);
    char *chars = malloc((size_t)c->w * (size_t)c->h);
    FILE *f = fopen(map_path, "w");
    CHECK(chars && f);
    if (!chars || !f) return;
    for (int i = 0; i < c->w * c->h; i++) {
        unsigned k = dmap_rng_below(r, 10);
        chars[i] = k < 2 ? '#' : k == 2 && c->goal_char ? 'g' : '.';
        g.wall[i] = chars[i] == '#';
    }
    chars[0] = 'g', g.wall[0] = 0; /* at least one 'g' */
    for (int y = 0; y < c->h; y++) fprintf(f, "%.*s\n", c->w, chars + y * c->w);
    fclose(f);

    /* the goals: three --goal on passable cells, then every 'g' with --goal-char */
    dmap_goal goals[4096];
    size_t n = 0;
    char goal_args[3][64], char_arg[32];
    char *argv[32];
    int argc = 0;
    argv[argc++] = "field";
    argv[argc++] = map_path;
    for (int k = 0; k < 3; k++) {
        int cell;
        do cell = (int)dmap_rng_below(r, (unsigned)(c->w * c->h));
        while (g.wall[cell]);
        double v = c->fractional ? (double)dmap_rng_below(r, 40) / 8.0 - 2.0 : (double)dmap_rng_below(r, 6);
        goals[n++] = (dmap_goal){cell % c->w, cell / c->w, v};
        snprintf(goal_args[k], sizeof goal_args[k], "%d,%d=%.17g", cell % c->w, cell / c->w, v);
        argv[argc++] = "--goal";
        argv[argc++] = goal_args[k];
    }
    if (c->goal_char) {
        double v = c->fractional ? 0.375 : 1.0;
        snprintf(char_arg, sizeof char_arg, "g=%.17g", v);
        argv[argc++] = "--goal-char";
        argv[argc++] = char_arg;
        for (int i = 0; i < c->w * c->h && n < sizeof goals / sizeof goals[0]; i++)
            if (chars[i] == 'g') goals[n++] = (dmap_goal){i % c->w, i / c->w, v};
    }
    dmap_moves m = c->moves == 4 ? dmap_moves_4() : c->moves == 8 ? dmap_moves_8() : dmap_moves_octile();
    argv[argc++] = "--moves";
    argv[argc++] = c->moves == 4 ? "4" : c->moves == 8 ? "8" : "octile";
    if (c->fractional && c->moves == 4) {
        argv[argc++] = "--cardinal";
        argv[argc++] = "1.25";
        m.cardinal = 1.25;
    }
    double dflt = c->ceiling ? 30.0 : DMAP_NO_CEILING;
    if (c->ceiling) {
        argv[argc++] = "--default";
        argv[argc++] = "30";
    }
    argv[argc++] = "--format";
    argv[argc++] = "csv";
    argv[argc] = NULL;

    double *want = malloc((size_t)c->w * (size_t)c->h * sizeof *want);
    CHECK(want != NULL);
    CHECK_EQ_INT(dmap_field(&g, &m, goals, n, dflt, want, NULL), DMAP_OK);
    int rc = run_field(argc, argv, out_path);
    CHECK_EQ_INT(rc, CLI_EXIT_OK);
    dmap_grid got_grid;
    double *got = NULL;
    if (rc == CLI_EXIT_OK && cli_load_csv(out_path, &got_grid, &got) == CLI_EXIT_OK) {
        CHECK(got_grid.w == c->w && got_grid.h == c->h);
        int diff = 0;
        for (int i = 0; i < c->w * c->h && !diff; i++)
            diff = got_grid.wall[i] != g.wall[i] ||
                   (!g.wall[i] && memcmp(&got[i], &want[i], sizeof want[i]) != 0);
        if (diff) fprintf(stderr, "case %d (%dx%d, moves %d): dmap field differs from dmap_field\n",
                          index, c->w, c->h, c->moves);
        CHECK(!diff);
        free(got);
        dmap_grid_free(&got_grid);
    } else {
        CHECK(0 && "dmap field's csv did not load");
    }
    free(want);
    free(chars);
    dmap_grid_free(&g);
    remove(map_path);
    remove(out_path);
}

int main(void) {
    dmap_rng r;
    dmap_rng_seed(&r, 7);
    static const int sizes[][2] = {{5, 5}, {17, 9}, {64, 40}, {63, 64}, {65, 30}, {100, 70}};
    int index = 0;
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
        for (int moves = 4; moves <= 9; moves += moves == 4 ? 4 : 1)
            for (int fractional = 0; fractional < 2; fractional++)
                for (int ceiling = 0; ceiling < 2; ceiling++)
                    for (int goal_char = 0; goal_char < 2; goal_char++) {
                        field_case c = {sizes[s][0], sizes[s][1], moves, fractional, ceiling, goal_char};
                        check_case(&r, &c, index++);
                    }
    return check_report("test_cli_field");
}
