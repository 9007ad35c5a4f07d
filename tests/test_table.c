/* test_table.c — distance tables against dmap_field (unit steps, a ceiling far above every
 * distance) from every source: on random grids under every move rule and on the 20 Kutulu
 * mazes of arenas/kutulu/data (4-connected, as the game moves). Nearest-of-a-set against a plain
 * minimum over dmap_table_dist; paths checked step by step with dmap_step; errors. Also the
 * properties the build relies on: steps can be taken back (the table is filled half from its
 * mirror image), and tables of 64-source group boundaries and long corridors. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dmap.h"

/* Every pair of the table equals the unit-step field from each source. */
static int table_matches_fields(const dmap_grid *g, const dmap_moves *rule, const dmap_table *t) {
    dmap_moves unit = *rule;
    unit.cardinal = unit.diagonal = 1;
    size_t n = (size_t)g->w * (size_t)g->h;
    double *v = malloc(n * sizeof(double));
    int ok = v != NULL;
    for (size_t s = 0; ok && s < n; s++) {
        if (g->wall[s]) {
            ok = dmap_table_dist(t, (int)s, 0) == -1;
            continue;
        }
        dmap_goal goal = {(int)(s % (size_t)g->w), (int)(s / (size_t)g->w), 0};
        ok = dmap_field(g, &unit, &goal, 1, 1e9, v, NULL) == DMAP_OK;
        for (size_t c = 0; ok && c < n; c++) {
            int want = g->wall[c] || v[c] == 1e9 ? -1 : (int)v[c];
            if (dmap_table_dist(t, (int)s, (int)c) != want) {
                fprintf(stderr, "dist %zu -> %zu: table %d, field %d\n", s, c,
                        dmap_table_dist(t, (int)s, (int)c), want);
                ok = 0;
            }
        }
    }
    free(v);
    return ok;
}

/* A path from the table is a chain of legal steps of the right length. */
static int path_is_shortest(const dmap_grid *g, const dmap_moves *m, const dmap_table *t,
                            int from, int to) {
    int path[4096];
    size_t len = 0;
    if (dmap_table_path(t, from, to, path, 4096, &len) != DMAP_OK) return 0;
    int d = dmap_table_dist(t, from, to);
    if (d < 0) return len == 0;
    if (len != (size_t)d + 1 || path[0] != from || path[len - 1] != to) return 0;
    for (size_t k = 1; k < len; k++) {
        int legal = 0;
        for (int dir = DMAP_UP; dir < DMAP_DIR_COUNT; dir++)
            legal |= dmap_step(g, m, path[k - 1], (dmap_dir)dir) == path[k];
        if (!legal) return 0;
    }
    return 1;
}

static void check_queries(const dmap_grid *g, const dmap_moves *m, const dmap_table *t,
                          dmap_rng *r) {
    int n = g->w * g->h;
    for (int q = 0; q < 40; q++) {
        int from = (int)dmap_rng_below(r, (uint32_t)n), to = (int)dmap_rng_below(r, (uint32_t)n);
        if (!g->wall[from] && !g->wall[to]) CHECK(path_is_shortest(g, m, t, from, to));
        int set[5];
        for (int k = 0; k < 5; k++) set[k] = (int)dmap_rng_below(r, (uint32_t)n);
        int best = -1, bestd = -1, got_d = -2;
        for (int k = 0; k < 5; k++) {
            int d = dmap_table_dist(t, from, set[k]);
            if (d >= 0 && (bestd < 0 || d < bestd)) best = k, bestd = d;
        }
        CHECK_EQ_INT(dmap_table_nearest(t, from, set, 5, &got_d), best);
        CHECK_EQ_INT(got_d, bestd);
    }
}

static void test_random_grids(int cases) {
    dmap_rng r;
    dmap_rng_seed(&r, 4096);
    int bad = 0;
    for (int c = 0; c < cases; c++) {
        dmap_grid g;
        int w = 1 + (int)dmap_rng_below(&r, 20), h = 1 + (int)dmap_rng_below(&r, 20);
        dmap_grid_init(&g, w, h);
        double density = 0.45 * dmap_rng_unit(&r);
        for (int i = 0; i < w * h; i++) g.wall[i] = dmap_rng_unit(&r) < density;
        dmap_moves m = c % 3 == 0 ? dmap_moves_4() : c % 3 == 1 ? dmap_moves_8() : dmap_moves_octile();
        dmap_table *t = NULL;
        CHECK_EQ_INT(dmap_table_new(&g, &m, &t), DMAP_OK);
        if (t && !table_matches_fields(&g, &m, t)) bad++;
        if (t) check_queries(&g, &m, t, &r);
        dmap_table_free(t);
        dmap_grid_free(&g);
    }
    CHECK_EQ_INT(bad, 0);
}

/* The mirror image the build relies on: every step can be taken back (dmap_step(a, d) == b
 * implies dmap_step(b, d') == a for some d'), under every move rule and corner rule, so
 * dist(a, b) == dist(b, a); and the tables read that way. */
static void test_steps_undirected(void) {
    dmap_rng r;
    dmap_rng_seed(&r, 64);
    dmap_moves rules[4] = {dmap_moves_4(), dmap_moves_8(), dmap_moves_octile(), dmap_moves_8()};
    rules[3].corners = DMAP_CORNERS_STRICT;
    int one_way = 0, asymmetric = 0;
    for (int c = 0; c < 40; c++) {
        dmap_grid g;
        int w = 1 + (int)dmap_rng_below(&r, 16), h = 1 + (int)dmap_rng_below(&r, 16);
        dmap_grid_init(&g, w, h);
        for (int i = 0; i < w * h; i++) g.wall[i] = dmap_rng_unit(&r) < 0.35;
        const dmap_moves *m = &rules[c % 4];
        for (int a = 0; a < w * h; a++)
            for (int d = DMAP_UP; d < DMAP_DIR_COUNT; d++) {
                int b = dmap_step(&g, m, a, (dmap_dir)d), back = 0;
                if (b < 0) continue;
                for (int e = DMAP_UP; e < DMAP_DIR_COUNT; e++)
                    back |= dmap_step(&g, m, b, (dmap_dir)e) == a;
                one_way += !back;
            }
        dmap_table *t = NULL;
        CHECK_EQ_INT(dmap_table_new(&g, m, &t), DMAP_OK);
        for (int a = 0; t && a < w * h; a++)
            for (int b = 0; b < w * h; b++)
                asymmetric += dmap_table_dist(t, a, b) != dmap_table_dist(t, b, a);
        dmap_table_free(t);
        dmap_grid_free(&g);
    }
    CHECK_EQ_INT(one_way, 0);
    CHECK_EQ_INT(asymmetric, 0);
}

/* The searches run 64 sources at a time: tables of exactly 64 and 128 cells, one past a
 * multiple of 64, and a winding corridor (2079 cells in 33 groups, distances up to 2078, past
 * one byte) against the fields. */
static void test_word_sizes_and_long_corridors(void) {
    int sizes[4][2] = {{8, 8}, {16, 8}, {13, 5}, {64, 63}};
    dmap_moves m = dmap_moves_4();
    for (int k = 0; k < 4; k++) {
        dmap_grid g;
        int w = sizes[k][0], h = sizes[k][1];
        dmap_grid_init(&g, w, h);
        if (k == 3) /* odd rows are walls but for one end, alternating: a single winding path */
            for (int y = 1; y < h; y += 2)
                for (int x = 0; x < w; x++) g.wall[y * w + x] = x != ((y / 2) % 2 ? 0 : w - 1);
        dmap_table *t = NULL;
        CHECK_EQ_INT(dmap_table_new(&g, &m, &t), DMAP_OK);
        CHECK(t && table_matches_fields(&g, &m, t));
        if (k == 3) {
            CHECK_EQ_INT(dmap_table_passable(t), 2079);
            /* from the first cell to the last: 31 rows across and 31 turns of two steps */
            CHECK_EQ_INT(dmap_table_dist(t, 0, w * h - 1), 31 * 63 + 31 * 2);
        }
        dmap_table_free(t);
        dmap_grid_free(&g);
    }
}

/* More passable cells than the limit are refused; a grid with walls counts only its floor. */
static void test_limits_and_errors(void) {
    dmap_grid g;
    dmap_moves m = dmap_moves_4();
    dmap_table *t = (dmap_table *)&g;
    dmap_grid_init(&g, 100, 82); /* 8200 > DMAP_TABLE_MAX_CELLS passable cells */
    CHECK_EQ_INT(dmap_table_new(&g, &m, &t), DMAP_ERR_LIMIT);
    CHECK(t == NULL);
    /* rows 1 and 3 open, joined by a gap at the right end of row 2; the rest walls */
    for (int i = 0; i < 100 * 82; i++) g.wall[i] = !(i / 100 == 1 || i / 100 == 3 || i == 299);
    CHECK_EQ_INT(dmap_table_new(&g, &m, &t), DMAP_OK);
    CHECK_EQ_INT(dmap_table_passable(t), 201);
    CHECK_EQ_INT(dmap_table_dist(t, 100, 101), 1);
    CHECK_EQ_INT(dmap_table_dist(t, 100, 300), 2 * 99 + 2); /* around the end of the wall row */
    CHECK_EQ_INT(dmap_table_dist(t, 0, 100), -1);      /* a wall */
    CHECK_EQ_INT(dmap_table_dist(t, 100, 8200), -1);   /* outside */
    CHECK_EQ_INT(dmap_table_dist(t, -1, 100), -1);
    int path[3];
    size_t len = 0;
    CHECK_EQ_INT(dmap_table_path(t, 100, 103, path, 3, &len), DMAP_ERR_LIMIT);
    CHECK_EQ_INT(len, 4);
    CHECK_EQ_INT(dmap_table_path(t, 100, 102, path, 3, &len), DMAP_OK);
    CHECK(len == 3 && path[1] == 101);
    CHECK_EQ_INT(dmap_table_path(t, 0, 102, path, 3, &len), DMAP_ERR_WALL);
    CHECK_EQ_INT(dmap_table_path(t, 100, 9000, path, 3, &len), DMAP_ERR_RANGE);
    CHECK_EQ_INT(dmap_table_path(t, 100, 102, NULL, 3, &len), DMAP_ERR_ARG);
    int none[2] = {0, 5};
    int d = 7;
    CHECK_EQ_INT(dmap_table_nearest(t, 100, none, 2, &d), -1); /* both walls */
    CHECK_EQ_INT(d, -1);
    CHECK_EQ_INT(dmap_table_nearest(t, 100, NULL, 0, &d), -1);
    dmap_table_free(t);
    CHECK_EQ_INT(dmap_table_new(NULL, &m, &t), DMAP_ERR_ARG);
    CHECK_EQ_INT(dmap_table_new(&g, &m, NULL), DMAP_ERR_ARG);
    dmap_table_free(NULL);
    dmap_grid_free(&g);
    /* two rooms without a door: unreachable pairs, an empty path */
    dmap_grid_init(&g, 5, 1);
    g.wall[2] = 1;
    CHECK_EQ_INT(dmap_table_new(&g, &m, &t), DMAP_OK);
    CHECK_EQ_INT(dmap_table_dist(t, 0, 4), -1);
    CHECK_EQ_INT(dmap_table_path(t, 0, 4, path, 3, &len), DMAP_OK);
    CHECK_EQ_INT(len, 0);
    dmap_table_free(t);
    dmap_grid_free(&g);
}

static const char *const kutulu_maps[20] = {
    "ChallengeFromBeyond", "Cog", "Corridors", "Cross", "FourOfAKind", "HillClimbing",
    "Hypersonic", "MinimalSpawningThree", "Oasis", "OneOnOne", "OriginOfSymmetry", "PacMan",
    "Pixelated", "Roommates", "ShelterInPeril", "ShelterMe", "SlasherHell", "TheRandomMap",
    "TooSmallForUsTwo", "Typhoon"};

static void test_kutulu(const char *source) {
    dmap_rng r;
    dmap_rng_seed(&r, 20);
    dmap_moves m = dmap_moves_4();
    for (int k = 0; source && k < 20; k++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/arenas/kutulu/data/maps/%s.txt", source, kutulu_maps[k]);
        char *text;
        size_t len;
        dmap_grid g;
        if (dmap_read_file(path, &text, &len, NULL) != DMAP_OK) {
            check_failed++;
            fprintf(stderr, "MISSING DATA: %s\n", path);
            continue;
        }
        CHECK_EQ_INT(dmap_parse_text_map(text, len, &g, NULL, NULL), DMAP_OK);
        free(text);
        dmap_table *t = NULL;
        CHECK_EQ_INT(dmap_table_new(&g, &m, &t), DMAP_OK);
        CHECK(t && table_matches_fields(&g, &m, t));
        if (t) check_queries(&g, &m, t, &r);
        dmap_table_free(t);
        dmap_grid_free(&g);
    }
}

int main(int argc, char **argv) {
    test_limits_and_errors();
    test_steps_undirected();
    test_word_sizes_and_long_corridors();
    test_random_grids(300);
    test_kutulu(check_source_dir(argc, argv));
    return check_report("test_table");
}
