/* test_world.c — pursuit world files: reading the lab's four worlds, the writer round trip,
 * and every rejection (with its line) from rules/pursuit.md. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dmap.h"

static int parse(const char *text, int w, int h, dmap_world *world, dmap_diag *diag) {
    return dmap_parse_world(text, strlen(text), w, h, world, diag);
}

static void expect_format_error(const char *text, int w, int h, int line, const char *words) {
    dmap_world world;
    dmap_diag diag;
    CHECK_EQ_INT(parse(text, w, h, &world, &diag), DMAP_ERR_FORMAT);
    CHECK_EQ_INT(diag.line, line);
    CHECK(strstr(diag.message, words) != NULL);
    if (!strstr(diag.message, words)) fprintf(stderr, "  message was: %s\n", diag.message);
    CHECK(world.cells == NULL && world.w == 0);
}

static void test_lab_files(const char *source) {
    /* predator and prey positions read off the files by hand (index = row*8 + col) */
    static const struct {
        const char *file;
        int predator, prey, obstacles;
    } expect[] = {
        {"battlefield.dat", 1, 6 * 8 + 3, 16},
        {"battlefield1.dat", 2 * 8 + 1, 4 * 8 + 3, 16},
        {"battlefield2.dat", 63, 0, 22},
        {"battlefield3.dat", 3 * 8 + 3, 0, 17},
    };
    char path[1024];
    if (!check_data_path(path, sizeof path, source, "arenas/pursuit/data")) return;
    for (size_t k = 0; k < 4; k++) {
        char rel[256], *text = NULL;
        size_t len;
        dmap_diag diag;
        snprintf(rel, sizeof rel, "arenas/pursuit/data/%s", expect[k].file);
        if (!check_data_path(path, sizeof path, source, rel)) continue;
        CHECK_EQ_INT(dmap_read_file(path, &text, &len, &diag), DMAP_OK);
        if (!text) continue;
        dmap_world world;
        CHECK_EQ_INT(dmap_parse_world(text, len, 0, 0, &world, &diag), DMAP_OK);
        CHECK_EQ_INT(world.w, 8);
        CHECK_EQ_INT(world.h, 8);
        CHECK_EQ_INT(world.predator, expect[k].predator);
        CHECK_EQ_INT(world.prey, expect[k].prey);
        CHECK_EQ_INT(dmap_world_check(&world), DMAP_OK);
        dmap_grid g;
        CHECK_EQ_INT(dmap_world_to_grid(&world, &g), DMAP_OK);
        int walls = 0;
        for (int i = 0; i < 64; i++) walls += g.wall[i];
        CHECK_EQ_INT(walls, expect[k].obstacles);
        CHECK(!g.wall[world.predator] && !g.wall[world.prey]);
        dmap_grid_free(&g);
        /* the writer reproduces the lab's file byte for byte (one integer per line) */
        char *out = NULL;
        size_t outlen = 0;
        CHECK_EQ_INT(dmap_format_world(&world, &out, &outlen), DMAP_OK);
        CHECK_EQ_INT(outlen, len);
        CHECK(out && memcmp(out, text, len) == 0);
        /* and reading it back with the size given gives the same world */
        dmap_world again;
        CHECK_EQ_INT(dmap_parse_world(out, outlen, 8, 8, &again, &diag), DMAP_OK);
        CHECK(memcmp(again.cells, world.cells, 64) == 0);
        dmap_world_free(&again);
        free(out);
        free(text);
        dmap_world_free(&world);
    }
}

static void test_parsing(void) {
    dmap_world world;
    dmap_diag diag;
    /* whitespace-separated, given size, non-square */
    CHECK_EQ_INT(parse("0 1 -1\n10 0 0\r\n", 3, 2, &world, &diag), DMAP_OK);
    CHECK_EQ_INT(world.predator, 1);
    CHECK_EQ_INT(world.prey, 3);
    CHECK_EQ_INT(world.cells[2], DMAP_WORLD_OBSTACLE);
    dmap_world_free(&world);
    CHECK(world.cells == NULL);
    /* inferred 2x2, no final newline */
    CHECK_EQ_INT(parse("1\n10\n0\n-1", 0, 0, &world, &diag), DMAP_OK);
    CHECK_EQ_INT(world.w, 2);
    dmap_world_free(&world);

    expect_format_error("1\n10\n0\n", 0, 0, 3, "square");            /* 3 values */
    expect_format_error("1\n10\n0\n", 2, 2, 3, "short");             /* given 2x2 */
    expect_format_error("1\n10\nx\n0\n", 0, 0, 3, "not an integer"); /* junk on line 3 */
    expect_format_error("1\n10\n0.5\n0\n", 0, 0, 3, "not an integer");
    expect_format_error("1\n10\n-\n0\n", 0, 0, 3, "not an integer");
    expect_format_error("1\n10\n2\n0\n", 0, 0, 3, "not one of");
    expect_format_error("1\n10\n0\n100000000000000000000\n", 0, 0, 4, "not one of");
    expect_format_error("1\n10\n1\n0\n", 0, 0, 3, "second predator");
    expect_format_error("10\n1\n10\n0\n", 0, 0, 3, "second prey");
    expect_format_error("0\n10\n0\n0\n", 0, 0, 4, "no predator");
    expect_format_error("0\n1\n0\n0\n", 0, 0, 4, "no prey");
    expect_format_error("1 10 0 0 0\n", 2, 2, 1, "more than");
    expect_format_error("", 0, 0, 1, "no values");
    expect_format_error("\n\n", 2, 2, 2, "short");

    CHECK_EQ_INT(dmap_parse_world(NULL, 0, 0, 0, &world, &diag), DMAP_ERR_ARG);
    CHECK_EQ_INT(parse("1 10 0 0", 2, 0, &world, &diag), DMAP_ERR_ARG);
    CHECK_EQ_INT(parse("1 10 0 0", -2, -2, &world, &diag), DMAP_ERR_ARG);
    CHECK_EQ_INT(parse("1 10 0 0", 1 << 20, 1 << 20, &world, NULL), DMAP_ERR_SIZE);
    /* Found by the garbage review: every error fills the diag, not only format errors. */
    diag.message[0] = '\0';
    CHECK_EQ_INT(parse("1 10 0 0", 1 << 20, 1 << 20, &world, &diag), DMAP_ERR_SIZE);
    CHECK(diag.message[0] != '\0');
    diag.message[0] = '\0';
    CHECK_EQ_INT(parse("1 10 0 0", -2, -2, &world, &diag), DMAP_ERR_ARG);
    CHECK(diag.message[0] != '\0');
    /* diag may be NULL */
    CHECK_EQ_INT(parse("1 1 0 0", 0, 0, &world, NULL), DMAP_ERR_FORMAT);
}

static void test_checks(void) {
    signed char cells[4] = {1, 10, 0, -1};
    dmap_world w = {2, 2, cells, 0, 1};
    CHECK_EQ_INT(dmap_world_check(&w), DMAP_OK);
    w.predator = 2;
    CHECK_EQ_INT(dmap_world_check(&w), DMAP_ERR_VALUE);
    w.predator = 0;
    cells[2] = 5;
    CHECK_EQ_INT(dmap_world_check(&w), DMAP_ERR_VALUE);
    char *text = (char *)1;
    CHECK_EQ_INT(dmap_format_world(&w, &text, NULL), DMAP_ERR_VALUE);
    CHECK(text == NULL);
    cells[2] = 1; /* two predators */
    CHECK_EQ_INT(dmap_world_check(&w), DMAP_ERR_VALUE);
    cells[2] = 0;
    dmap_grid g;
    CHECK_EQ_INT(dmap_world_to_grid(&w, &g), DMAP_OK);
    CHECK(g.wall[3] && !g.wall[0] && !g.wall[1] && !g.wall[2] && g.cost == NULL);
    dmap_grid_free(&g);
    CHECK_EQ_INT(dmap_world_check(NULL), DMAP_ERR_ARG);
    w.w = 0;
    CHECK_EQ_INT(dmap_world_check(&w), DMAP_ERR_SIZE);
    dmap_world_free(NULL);
}

int main(int argc, char **argv) {
    const char *source = check_source_dir(argc, argv);
    if (source) test_lab_files(source);
    test_parsing();
    test_checks();
    return check_report("test_world");
}
