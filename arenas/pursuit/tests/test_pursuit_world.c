/* test_pursuit_world.c — the pursuit world file format (world.c): reading the game's four
 * worlds, the writer's byte-for-byte round trip, every rejection with its line, the checks,
 * and mutated worlds (bit flips, cuts, inserted bytes from a fixed seed) that must be refused
 * with a good diag or accepted and round-trip. */
#include <stdlib.h>
#include <string.h>

#include "../../../tests/check.h"
#include "pursuit.h"

static int parse(const char *text, int w, int h, pursuit_world *world, dmap_diag *diag) {
    return pursuit_parse_world(text, strlen(text), w, h, world, diag);
}

static void expect_format_error(const char *text, int w, int h, int line, const char *words) {
    pursuit_world world;
    dmap_diag diag;
    CHECK_EQ_INT(parse(text, w, h, &world, &diag), DMAP_ERR_FORMAT);
    CHECK_EQ_INT(diag.line, line);
    CHECK(strstr(diag.message, words) != NULL);
    if (!strstr(diag.message, words)) fprintf(stderr, "  message was: %s\n", diag.message);
    CHECK(world.grid.wall == NULL && world.grid.w == 0);
}

/* The four worlds of the game, as pictures ('#' obstacle, '.' free, '@' predator, '*' prey)
 * read off the files by hand. */
static const struct {
    const char *file;
    const char *rows[8];
} game_worlds[] = {
    {"battlefield.dat",
     {".@#.....", ".#..##..", ".....#..", ".#.###..", "..#.#...", "..#.#...", "..#*##..",
      "........"}},
    {"battlefield1.dat",
     {"........", "..####..", ".@...#..", "..####..", "..#*#...", "..#.....", "..####..",
      "........"}},
    {"battlefield2.dat",
     {"*######.", ".#......", ".#......", ".#...##.", ".#...##.", ".#......", ".#......",
      ".######@"}},
    {"battlefield3.dat",
     {"*.......", ".#####..", ".#...#..", ".#.@.#..", ".#...#..", ".#......", ".#####..",
      "........"}},
};

static int world_matches_picture(const pursuit_world *w, const char *const *rows) {
    for (int i = 0; i < 64; i++) {
        char c = rows[i / 8][i % 8];
        if ((c == '#') != (w->grid.wall[i] != 0)) return 0;
        if ((c == '@') != (i == w->predator) || (c == '*') != (i == w->prey)) return 0;
    }
    return 1;
}

static void test_game_files(const char *data) {
    char path[1024];
    for (size_t k = 0; k < sizeof game_worlds / sizeof game_worlds[0]; k++) {
        char rel[256], *text = NULL;
        size_t len;
        dmap_diag diag;
        snprintf(rel, sizeof rel, "%s", game_worlds[k].file);
        if (!check_data_path(path, sizeof path, data, rel)) continue;
        CHECK_EQ_INT(dmap_read_file(path, &text, &len, &diag), DMAP_OK);
        if (!text) continue;
        pursuit_world world;
        CHECK_EQ_INT(pursuit_parse_world(text, len, 0, 0, &world, &diag), DMAP_OK);
        CHECK_EQ_INT(world.grid.w, 8);
        CHECK_EQ_INT(world.grid.h, 8);
        CHECK(world.grid.cost == NULL);
        CHECK(world_matches_picture(&world, game_worlds[k].rows));
        CHECK_EQ_INT(pursuit_world_check(&world), DMAP_OK);
        /* the writer reproduces the file byte for byte (one integer per line) */
        char *out = NULL;
        size_t outlen = 0;
        CHECK_EQ_INT(pursuit_format_world(&world, &out, &outlen), DMAP_OK);
        CHECK_EQ_INT(outlen, len);
        CHECK(out && memcmp(out, text, len) == 0);
        /* and reading it back with the size given gives the same world */
        pursuit_world again;
        CHECK_EQ_INT(pursuit_parse_world(out, outlen, 8, 8, &again, &diag), DMAP_OK);
        CHECK(memcmp(again.grid.wall, world.grid.wall, 64) == 0);
        CHECK(again.predator == world.predator && again.prey == world.prey);
        pursuit_world_free(&again);
        free(out);
        free(text);
        pursuit_world_free(&world);
        /* pursuit_world_load reads the same */
        CHECK_EQ_INT(pursuit_world_load(path, &world, &diag), DMAP_OK);
        CHECK(world_matches_picture(&world, game_worlds[k].rows));
        pursuit_world_free(&world);
    }
}

static void test_parsing(void) {
    pursuit_world world;
    dmap_diag diag;
    /* whitespace-separated, given size, non-square */
    CHECK_EQ_INT(parse("0 1 -1\n10 0 0\r\n", 3, 2, &world, &diag), DMAP_OK);
    CHECK_EQ_INT(world.predator, 1);
    CHECK_EQ_INT(world.prey, 3);
    CHECK(world.grid.wall[2] && !world.grid.wall[0] && !world.grid.wall[1] &&
          !world.grid.wall[3]);
    pursuit_world_free(&world);
    CHECK(world.grid.wall == NULL);
    /* inferred 2x2, no final newline */
    CHECK_EQ_INT(parse("1\n10\n0\n-1", 0, 0, &world, &diag), DMAP_OK);
    CHECK_EQ_INT(world.grid.w, 2);
    CHECK(world.grid.wall[3] && !world.grid.wall[2]);
    pursuit_world_free(&world);

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

    CHECK_EQ_INT(pursuit_parse_world(NULL, 0, 0, 0, &world, &diag), DMAP_ERR_ARG);
    CHECK_EQ_INT(parse("1 10 0 0", 2, 0, &world, &diag), DMAP_ERR_ARG);
    CHECK_EQ_INT(parse("1 10 0 0", -2, -2, &world, &diag), DMAP_ERR_ARG);
    CHECK_EQ_INT(parse("1 10 0 0", 1 << 20, 1 << 20, &world, NULL), DMAP_ERR_SIZE);
    /* every error fills the diag, not only format errors */
    diag.message[0] = '\0';
    CHECK_EQ_INT(parse("1 10 0 0", 1 << 20, 1 << 20, &world, &diag), DMAP_ERR_SIZE);
    CHECK(diag.message[0] != '\0');
    diag.message[0] = '\0';
    CHECK_EQ_INT(parse("1 10 0 0", -2, -2, &world, &diag), DMAP_ERR_ARG);
    CHECK(diag.message[0] != '\0');
    /* diag may be NULL */
    CHECK_EQ_INT(parse("1 1 0 0", 0, 0, &world, NULL), DMAP_ERR_FORMAT);
}

/* The writer refuses what pursuit_world_check refuses, and leaves *text NULL. */
static void test_checks(void) {
    pursuit_world w;
    CHECK_EQ_INT(parse("1 10 0 -1", 0, 0, &w, NULL), DMAP_OK);
    char *text = NULL;
    size_t len = 0;
    CHECK_EQ_INT(pursuit_format_world(&w, &text, &len), DMAP_OK);
    CHECK(text && strcmp(text, "1\n10\n0\n-1\n") == 0 && len == 10);
    free(text);
    w.predator = 3; /* on the obstacle */
    text = (char *)1;
    CHECK_EQ_INT(pursuit_format_world(&w, &text, NULL), DMAP_ERR_WALL);
    CHECK(text == NULL);
    w.predator = 1; /* on the prey */
    CHECK_EQ_INT(pursuit_format_world(&w, &text, NULL), DMAP_ERR_ARG);
    w.predator = 4; /* outside */
    CHECK_EQ_INT(pursuit_format_world(&w, &text, NULL), DMAP_ERR_RANGE);
    w.predator = 0;
    CHECK_EQ_INT(pursuit_format_world(NULL, &text, NULL), DMAP_ERR_ARG);
    CHECK_EQ_INT(pursuit_format_world(&w, NULL, NULL), DMAP_ERR_ARG);
    pursuit_world_free(&w);
    pursuit_world_free(NULL);
    CHECK_EQ_INT(pursuit_world_check(NULL), DMAP_ERR_ARG);
}

/* ---- mutated worlds --------------------------------------------------------------------- */

static int lines_in(const char *s, size_t n) {
    int lines = 1;
    for (size_t i = 0; i + 1 < n; i++) lines += s[i] == '\n';
    return lines;
}

/* One mutant: 1-3 of flip a bit, insert a byte from a small alphabet, delete a byte, cut. */
static size_t mutate(char *buf, size_t cap, const char *src, dmap_rng *r) {
    static const char alphabet[] = "0 1-\n\r\t10x\0";
    size_t n = strlen(src);
    memcpy(buf, src, n);
    for (uint32_t k = 0, edits = 1 + dmap_rng_below(r, 3); k < edits; k++) {
        uint32_t what = dmap_rng_below(r, 4), at = n ? dmap_rng_below(r, (uint32_t)n) : 0;
        if (what == 0 && n) buf[at] ^= (char)(1u << dmap_rng_below(r, 8));
        else if (what == 1 && n + 1 < cap) {
            memmove(buf + at + 1, buf + at, n - at);
            buf[at] = alphabet[dmap_rng_below(r, sizeof alphabet - 1)];
            n++;
        } else if (what == 2 && n) {
            memmove(buf + at, buf + at + 1, n - at - 1);
            n--;
        } else if (what == 3) n = at;
    }
    return n;
}

static void test_mutants(void) {
    static const struct {
        const char *text;
        int w, h;
    } worlds[] = {
        {"0\n1\n-1\n0\n0\n0\n0\n0\n0\n-1\n0\n0\n-1\n-1\n0\n10\n", 0, 0},
        {"0 -1 1\n0 10 0\n", 3, 2},
    };
    dmap_rng r;
    dmap_rng_seed(&r, 19);
    int accepted = 0, refused = 0, broken = 0;
    char buf[256];
    for (size_t k = 0; k < 2; k++)
        for (int i = 0; i < 2000; i++) {
            size_t n = mutate(buf, sizeof buf, worlds[k].text, &r);
            pursuit_world w;
            dmap_diag d;
            int rc = pursuit_parse_world(buf, n, worlds[k].w, worlds[k].h, &w, &d);
            if (rc != DMAP_OK) {
                refused++;
                broken += rc >= 0 || d.line < 0 || d.line > lines_in(buf, n) ||
                          !d.message[0] || strchr(d.message, '\n') || w.grid.wall != NULL;
                continue;
            }
            accepted++;
            char *out = NULL;
            size_t len = 0;
            pursuit_world back;
            int ok = pursuit_world_check(&w) == DMAP_OK &&
                     pursuit_format_world(&w, &out, &len) == DMAP_OK &&
                     pursuit_parse_world(out, len, w.grid.w, w.grid.h, &back, NULL) == DMAP_OK;
            if (ok) {
                ok = back.predator == w.predator && back.prey == w.prey &&
                     memcmp(back.grid.wall, w.grid.wall, (size_t)w.grid.w * (size_t)w.grid.h) ==
                         0;
                pursuit_world_free(&back);
            }
            broken += !ok;
            free(out);
            pursuit_world_free(&w);
        }
    CHECK_EQ_INT(broken, 0);
    CHECK(accepted > 0 && refused > 0); /* the mutations reach both answers */
}

int main(int argc, char **argv) {
    const char *data = check_source_dir(argc, argv); /* here: the arena's data folder */
    if (data) test_game_files(data);
    test_parsing();
    test_checks();
    test_mutants();
    return check_report("test_pursuit_world");
}
