/* test_flee.c — flee maps: the Dijkstra-map article's dead-end situation, the reference scan as
 * oracle on random grids, and bad arguments.
 *
 * The situation (the article: "if we were to simply ... multiply the map by a negative
 * coefficient, our agent would simply pathfind into corners of rooms"): a 7x7 room with the
 * threat T in it; the top-left corner C is the room cell farthest from T, but a dead end;
 * the door D in the top-right leads to a long corridor. An agent A rolling down the plain
 * negated map climbs distance greedily and ends in C; on the flee map it leaves through D. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dmap.h"
#include "reference_scan.h"

#define W 60
#define H 9

/* Row 1 continues through the door at x = 8 into a corridor to x = 58. */
static void build_room(dmap_grid *g) {
    CHECK_EQ_INT(dmap_grid_init(g, W, H), DMAP_OK);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            int room = x >= 1 && x <= 7 && y >= 1 && y <= 7;
            int corridor = y == 1 && x >= 8 && x <= W - 2;
            g->wall[y * W + x] = !(room || corridor);
        }
}

static int idx(int x, int y) { return y * W + x; }

static void test_dead_end_room(void) {
    dmap_grid g;
    build_room(&g);
    dmap_moves m = dmap_moves_4();
    const int tx = 6, ty = 6; /* threat */
    const int ax = 3, ay = 4; /* agent */
    dmap_goal threat = {tx, ty, 0};
    double *toward = malloc(W * H * sizeof *toward);
    double *plain = malloc(W * H * sizeof *plain);
    double *flee = malloc(W * H * sizeof *flee);
    CHECK_EQ_INT(dmap_field(&g, &m, &threat, 1, DMAP_DEFAULT_CEILING, toward, NULL), DMAP_OK);

    /* Hand-checked distances: Manhattan inside the room; the door is 7 steps away; the
     * corridor end 57; the corner C (1,1) 10, the farthest room cell. */
    int room_ok = 1;
    for (int y = 1; y <= 7; y++)
        for (int x = 1; x <= 7; x++) room_ok &= toward[idx(x, y)] == abs(x - tx) + abs(y - ty);
    CHECK(room_ok);
    CHECK_EQ_INT((int)toward[idx(8, 1)], 7);
    CHECK_EQ_INT((int)toward[idx(W - 2, 1)], 57);
    CHECK_EQ_INT((int)toward[idx(1, 1)], 10);

    CHECK_EQ_INT(dmap_scale(&g, toward, -1.0, plain), DMAP_OK);
    memcpy(flee, toward, W * H * sizeof *flee);
    CHECK_EQ_INT(dmap_flee(&g, &m, flee, DMAP_FLEE_FACTOR, flee, NULL), DMAP_OK);
    /* Hand-checked flee values: the corridor end keeps -1.2*57; the agent's cell is pulled
     * by it to -1.2*57 + 58 (58 steps away), below its own -6 and the corner's -12 + 5. */
    CHECK_NEAR(flee[idx(W - 2, 1)], -1.2 * 57, 1e-9);
    CHECK_NEAR(flee[idx(ax, ay)], -1.2 * 57 + 58, 1e-9);
    CHECK_NEAR(flee[idx(1, 1)], -12.0, 1e-9);

    /* Roll down both maps from A, with several seeds for the ties: plain ends in C, flee
     * leaves through the door and ends at the corridor's far end. */
    int cap = W * H, *path = malloc((size_t)cap * sizeof *path);
    for (uint64_t seed = 1; seed <= 8; seed++) {
        dmap_rng r;
        size_t len = 0;
        dmap_rng_seed(&r, seed);
        CHECK_EQ_INT(dmap_downhill_path(&g, &m, plain, idx(ax, ay), NULL, &r, path, (size_t)cap,
                                        &len),
                     DMAP_OK);
        CHECK_EQ_INT(path[len - 1], idx(1, 1));
        CHECK_EQ_INT(len, 6); /* 5 steps up and left, start included */

        dmap_rng_seed(&r, seed);
        CHECK_EQ_INT(dmap_downhill_path(&g, &m, flee, idx(ax, ay), NULL, &r, path, (size_t)cap,
                                        &len),
                     DMAP_OK);
        CHECK_EQ_INT(path[len - 1], idx(W - 2, 1));
        int through_door = 0;
        for (size_t i = 0; i < len; i++) through_door |= path[i] == idx(8, 1);
        CHECK(through_door);
    }
    free(path);
    free(toward);
    free(plain);
    free(flee);
    dmap_grid_free(&g);
}

/* dmap_flee == scale by the factor, then the classic sweep loop. */
static void test_flee_vs_reference(void) {
    dmap_rng r;
    dmap_rng_seed(&r, 99);
    const double factors[] = {DMAP_FLEE_FACTOR, -1.3, -1.0, -2.0};
    for (int t = 0; t < 24; t++) {
        int w = 3 + (int)dmap_rng_below(&r, 25), h = 3 + (int)dmap_rng_below(&r, 25);
        dmap_grid g;
        CHECK_EQ_INT(dmap_grid_init(&g, w, h), DMAP_OK);
        for (int i = 0; i < w * h; i++) g.wall[i] = dmap_rng_unit(&r) < 0.3;
        g.wall[0] = 0;
        dmap_moves m = t % 3 == 0 ? dmap_moves_4() : (t % 3 == 1 ? dmap_moves_8() : dmap_moves_octile());
        dmap_goal goal = {0, 0, 0};
        size_t n = (size_t)w * (size_t)h;
        double *src = malloc(n * sizeof *src), *mine = malloc(n * sizeof *mine);
        double *oracle = malloc(n * sizeof *oracle);
        CHECK_EQ_INT(dmap_field(&g, &m, &goal, 1, DMAP_DEFAULT_CEILING, src, NULL), DMAP_OK);
        double factor = factors[t % 4];
        memcpy(oracle, src, n * sizeof *src);
        for (size_t i = 0; i < n; i++)
            if (!g.wall[i]) oracle[i] = factor * src[i];
        CHECK(reference_scan(&g, &m, oracle) > 0);
        for (size_t i = 0; i < n; i++) mine[i] = g.wall[i] ? -77.0 : 0.0;
        CHECK_EQ_INT(dmap_flee(&g, &m, src, factor, mine, NULL), DMAP_OK);
        int same = 1;
        for (size_t i = 0; i < n; i++)
            same &= g.wall[i] ? mine[i] == -77.0 : fabs(mine[i] - oracle[i]) <= 1e-9;
        CHECK(same);
        free(src);
        free(mine);
        free(oracle);
        dmap_grid_free(&g);
    }
}

static void test_bad_arguments(void) {
    dmap_grid g;
    CHECK_EQ_INT(dmap_grid_init(&g, 3, 3), DMAP_OK);
    dmap_moves m = dmap_moves_4();
    double src[9], dst[9];
    for (int i = 0; i < 9; i++) src[i] = i, dst[i] = 42;
    CHECK_EQ_INT(dmap_flee(&g, &m, src, 1.2, dst, NULL), DMAP_ERR_ARG);
    CHECK_EQ_INT(dmap_flee(&g, &m, src, 0.0, dst, NULL), DMAP_ERR_ARG);
    CHECK_EQ_INT(dmap_flee(&g, &m, src, NAN, dst, NULL), DMAP_ERR_VALUE);
    CHECK_EQ_INT(dmap_flee(&g, &m, src, -INFINITY, dst, NULL), DMAP_ERR_VALUE);
    CHECK_EQ_INT(dmap_flee(&g, &m, NULL, -1.2, dst, NULL), DMAP_ERR_ARG);
    CHECK_EQ_INT(dmap_flee(&g, &m, src, -1.2, NULL, NULL), DMAP_ERR_ARG);
    CHECK_EQ_INT(dmap_flee(&g, NULL, src, -1.2, dst, NULL), DMAP_ERR_ARG);
    dmap_moves bad = m;
    bad.connectivity = 6;
    CHECK_EQ_INT(dmap_flee(&g, &bad, src, -1.2, dst, NULL), DMAP_ERR_ARG);
    src[4] = NAN;
    CHECK_EQ_INT(dmap_flee(&g, &m, src, -1.2, dst, NULL), DMAP_ERR_VALUE);
    src[4] = 1.7e308; /* finite, but times -1.2 overflows */
    CHECK_EQ_INT(dmap_flee(&g, &m, src, -1.2, dst, NULL), DMAP_ERR_VALUE);
    int unchanged = 1;
    for (int i = 0; i < 9; i++) unchanged &= dst[i] == 42;
    CHECK(unchanged);
    /* A NaN on a wall is fine: walls are neither scaled nor scanned. */
    g.wall[4] = 1;
    src[4] = NAN;
    CHECK_EQ_INT(dmap_flee(&g, &m, src, -1.2, dst, NULL), DMAP_OK);
    CHECK(dst[4] == 42);
    dmap_grid_free(&g);
}

int main(void) {
    test_dead_end_room();
    test_flee_vs_reference();
    test_bad_arguments();
    return check_report("test_flee");
}
