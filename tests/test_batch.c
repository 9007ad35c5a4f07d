/* test_batch.c — the batch functions (src/batch.c, src/pool.c) against one call per board:
 * dmap_bfs_batch equals dmap_bfs and dmap_field_batch equals dmap_field on every board, for
 * every element type (int8, int16, int32, float, double), pools of 1..8 threads and no pool,
 * every SIMD path this processor runs forced in turn (DMAP_SIMD_NONE, AVX2, AVX512), all move
 * rules, one source per board or several (offsets, boards without any), depth limits, board
 * counts that leave a SIMD group or a chunk part full, and boards too large for the
 * small-board engine. int8 depths reach 127 on winding boards of every path. Then the
 * argument checks: each error code (int8's depth and value limits too), and nothing written. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dmap.h"

static dmap_moves move_rule(int k) {
    dmap_moves m = k == 0 ? dmap_moves_4() : dmap_moves_8();
    if (k == 2) m.corners = DMAP_CORNERS_STRICT;
    return m;
}

static double elem_at(const void *p, dmap_elem t, size_t i) {
    switch (t) {
    case DMAP_ELEM_I8: return ((const int8_t *)p)[i];
    case DMAP_ELEM_I16: return ((const int16_t *)p)[i];
    case DMAP_ELEM_I32: return ((const int32_t *)p)[i];
    case DMAP_ELEM_F32: return ((const float *)p)[i];
    default: return ((const double *)p)[i];
    }
}

/* Every element type: the enum runs from int16 (0) to int8 (4). */
enum { FIRST_TYPE = DMAP_ELEM_I16, LAST_TYPE = DMAP_ELEM_I8 };

static size_t elem_size(dmap_elem t) {
    return t == DMAP_ELEM_I8 ? 1 : t == DMAP_ELEM_I16 ? 2 : t == DMAP_ELEM_F64 ? 8 : 4;
}

/* The depth limit a call into type t runs with: int8 on boards of more than 128 cells needs
 * one of 0..127 (127 stands in for none or a larger one). */
static int type_limit(dmap_elem t, size_t cells, int max_depth) {
    return t == DMAP_ELEM_I8 && cells > 128 && (max_depth < 0 || max_depth > 127) ? 127
                                                                                  : max_depth;
}

/* Elements of out (type t) that differ from depths searched to a limit at least `limit`, as
 * a search to `limit` (< 0: none) gives them. */
static size_t depth_mismatches(const void *out, dmap_elem t, const int *depths, size_t count,
                               int limit) {
    size_t bad = 0;
    for (size_t i = 0; i < count; i++) {
        int d = limit >= 0 && depths[i] > limit ? -1 : depths[i];
        bad += elem_at(out, t, i) != (double)d;
    }
    return bad;
}

typedef struct boards_case {
    dmap_boards b;
    unsigned char *walls;
    int *sources;
    size_t *first;
    dmap_goal *goals;
} boards_case;

/* n random boards w x h, each cell a wall with probability density (< 0: one drawn for the
 * whole case); one source per board (first NULL) or 0..3 (offsets), on the board's border
 * when edge is set. */
static void make_case_with(boards_case *c, int w, int h, size_t n, int several, double density,
                           int edge, dmap_rng *r) {
    size_t cells = (size_t)w * (size_t)h;
    c->walls = malloc(n * cells + 1);
    c->sources = malloc(n * 3 * sizeof(int) + sizeof(int));
    c->goals = malloc(n * 3 * sizeof(dmap_goal) + sizeof(dmap_goal));
    c->first = several ? malloc((n + 1) * sizeof(size_t)) : NULL;
    if (density < 0) density = 0.1 + 0.4 * dmap_rng_unit(r);
    for (size_t i = 0; i < n * cells; i++) c->walls[i] = dmap_rng_unit(r) < density;
    size_t k = 0;
    for (size_t b = 0; b < n; b++) {
        size_t count = several ? dmap_rng_below(r, 4) : 1;
        if (several) c->first[b] = k;
        for (size_t s = 0; s < count; s++, k++) {
            int cell = (int)dmap_rng_below(r, (uint32_t)cells);
            if (edge) { /* on a corner or a side: x or y at 0 or at its end */
                int x = cell % w, y = cell / w, side = (int)dmap_rng_below(r, 4);
                if (side == 0) x = 0;
                if (side == 1) x = w - 1;
                if (side == 2) y = 0;
                if (side == 3) y = h - 1;
                cell = y * w + x;
            }
            c->walls[b * cells + (size_t)cell] = 0;
            c->sources[k] = cell;
            c->goals[k].x = cell % w;
            c->goals[k].y = cell / w;
            c->goals[k].value = (double)dmap_rng_below(r, 6);
        }
    }
    if (several) c->first[n] = k;
    c->b.w = w;
    c->b.h = h;
    c->b.n = n;
    c->b.walls = c->walls;
}

static void make_case(boards_case *c, int w, int h, size_t n, int several, dmap_rng *r) {
    make_case_with(c, w, h, n, several, -1.0, 0, r);
}

static void free_case(boards_case *c) {
    free(c->walls);
    free(c->sources);
    free(c->first);
    free(c->goals);
}

static void board_range(const boards_case *c, size_t b, size_t *k0, size_t *k1) {
    *k0 = c->first ? c->first[b] : b;
    *k1 = c->first ? c->first[b + 1] : b + 1;
}

/* dmap_bfs_batch into out (type t, `bytes` bytes, filled with 0x5a by the caller). Where t
 * cannot hold every depth (int8 on more than 128 cells without a limit of 0..127) the call
 * must be refused with DMAP_ERR_LIMIT, nothing written, and then runs with limit 127. Returns
 * the limit of the run. */
static int bfs_batch_typed(const boards_case *c, const dmap_moves *m, int max_depth, dmap_elem t,
                           unsigned char *out, size_t bytes, dmap_pool *pool, dmap_simd simd) {
    int limit = type_limit(t, (size_t)c->b.w * (size_t)c->b.h, max_depth);
    if (limit != max_depth) {
        CHECK_EQ_INT(dmap_bfs_batch(&c->b, m, c->sources, c->first, max_depth, t, out, pool, simd),
                     DMAP_ERR_LIMIT);
        size_t touched = 0;
        for (size_t i = 0; i < bytes; i++) touched += out[i] != 0x5a;
        CHECK_EQ_INT((int)touched, 0);
    }
    CHECK_EQ_INT(dmap_bfs_batch(&c->b, m, c->sources, c->first, limit, t, out, pool, simd),
                 DMAP_OK);
    return limit;
}

/* The per-board answers: depths (n*cells ints) and field values (n*cells doubles). */
static void per_board(const boards_case *c, const dmap_moves *m, int max_depth, double dflt,
                      int *depths, double *values) {
    size_t cells = (size_t)c->b.w * (size_t)c->b.h;
    for (size_t b = 0; b < c->b.n; b++) {
        size_t k0, k1;
        board_range(c, b, &k0, &k1);
        dmap_grid g = {c->b.w, c->b.h, c->walls + b * cells, NULL};
        CHECK_EQ_INT(dmap_bfs(&g, m, c->sources + k0, k1 - k0, max_depth, depths + b * cells,
                              NULL, NULL),
                     DMAP_OK);
        CHECK_EQ_INT(dmap_field(&g, m, c->goals + k0, k1 - k0, dflt, values + b * cells, NULL),
                     DMAP_OK);
    }
}

static void test_equal_per_board(void) {
    dmap_rng r;
    dmap_rng_seed(&r, 20);
    dmap_pool *pools[9] = {NULL};
    for (int t = 1; t <= 8; t++) CHECK_EQ_INT(dmap_pool_new(&pools[t], t), DMAP_OK);
    dmap_simd best = dmap_simd_best();
    printf("test_batch: SIMD paths up to %s\n",
           best == DMAP_SIMD_AVX512 ? "AVX-512" : best == DMAP_SIMD_AVX2 ? "AVX2" : "none");
    const int sizes[][3] = {{11, 11, 200}, {1, 1, 9},   {64, 64, 21}, {13, 7, 130},
                            {64, 3, 17},   {5, 64, 33}, {70, 9, 11},  {8, 8, 64}};
    int cases = 0;
    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
        for (int k = 0; k < 3; k++) {
            int w = sizes[si][0], h = sizes[si][1];
            size_t n = (size_t)sizes[si][2], cells = (size_t)w * (size_t)h;
            boards_case c;
            make_case(&c, w, h, n, (int)(si + (size_t)k) % 2, &r);
            dmap_moves m = move_rule(k);
            int max_depth = dmap_rng_below(&r, 3) ? -1 : (int)dmap_rng_below(&r, 9);
            double dflt = 40.0 + (double)dmap_rng_below(&r, 30); /* an integer ceiling */
            int *depths = malloc(n * cells * sizeof *depths);
            double *values = malloc(n * cells * sizeof *values);
            per_board(&c, &m, max_depth, dflt, depths, values);
            unsigned char *out = malloc(n * cells * 8);
            for (int type = FIRST_TYPE; type <= LAST_TYPE; type++) {
                size_t bytes = n * cells * elem_size((dmap_elem)type);
                /* every path, every pool (0: none) */
                for (int simd = DMAP_SIMD_NONE; simd <= (int)best; simd++) {
                    for (int t = 0; t <= 8; t++) {
                        memset(out, 0x5a, n * cells * 8);
                        int limit = bfs_batch_typed(&c, &m, max_depth, (dmap_elem)type, out,
                                                    bytes, t ? pools[t] : NULL, (dmap_simd)simd);
                        CHECK_EQ_INT((int)depth_mismatches(out, (dmap_elem)type, depths,
                                                           n * cells, limit),
                                     0);
                        cases++;
                    }
                }
                dmap_pool *pool = pools[1 + dmap_rng_below(&r, 8)];
                memset(out, 0x5a, n * cells * 8);
                CHECK_EQ_INT(dmap_field_batch(&c.b, &m, c.goals, c.first, dflt, (dmap_elem)type,
                                              out, pool),
                             DMAP_OK);
                int bad = 0;
                for (size_t i = 0; i < n * cells; i++) {
                    double expect = type == DMAP_ELEM_F32 ? (double)(float)values[i] : values[i];
                    bad += elem_at(out, (dmap_elem)type, i) != expect;
                }
                CHECK_EQ_INT(bad, 0);
            }
            free(out);
            free(depths);
            free(values);
            free_case(&c);
        }
    }
    for (int t = 1; t <= 8; t++) dmap_pool_free(pools[t]);
    printf("test_batch: %d batch calls compared board by board\n", cases);
}

/* The edges of the narrow-board paths (boards up to 16 columns wide, 32 per register; up to
 * 32, 16 per register) and of their neighbours: widths 1, 16, 17, 32 and 33, heights 1 and
 * 64, board counts that leave the last group of 32 or 16 part full, walls everywhere but the
 * sources, no walls, sources on the border, depth limits 0, 1 and a few. Every type, every SIMD path, pools of 1..8 threads or none;
 * the elements after the last board stay untouched. */
static void test_narrow_edges(void) {
    dmap_rng r;
    dmap_rng_seed(&r, 16);
    dmap_pool *pools[9] = {NULL};
    for (int t = 1; t <= 8; t++) CHECK_EQ_INT(dmap_pool_new(&pools[t], t), DMAP_OK);
    dmap_simd best = dmap_simd_best();
    const int sizes[][3] = {{16, 11, 33}, {17, 11, 40}, {1, 1, 1},   {1, 64, 35},
                            {16, 64, 31}, {16, 1, 65},  {3, 1, 32},  {11, 11, 97},
                            {2, 63, 64},  {15, 2, 129}, {16, 16, 32}, {7, 5, 1},
                            {32, 64, 17}, {33, 9, 20},  {32, 1, 16},  {24, 20, 47},
                            {31, 3, 33}};
    const double densities[] = {-1.0, 1.0, 0.0, 0.05};
    const int depth_limits[] = {-1, 0, 1, 5, -1, 1000};
    int cases = 0;
    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
        for (int v = 0; v < 6; v++) {
            int w = sizes[si][0], h = sizes[si][1], k = v % 3;
            size_t n = (size_t)sizes[si][2], cells = (size_t)w * (size_t)h;
            boards_case c;
            make_case_with(&c, w, h, n, v >= 3, densities[(si + (size_t)v) % 4], v % 2, &r);
            dmap_moves m = move_rule(k);
            int max_depth = depth_limits[(si * 7 + (size_t)v) % 6];
            int *depths = malloc(n * cells * sizeof *depths);
            for (size_t b = 0; b < n; b++) {
                size_t k0, k1;
                board_range(&c, b, &k0, &k1);
                dmap_grid g = {w, h, c.walls + b * cells, NULL};
                CHECK_EQ_INT(dmap_bfs(&g, &m, c.sources + k0, k1 - k0, max_depth,
                                      depths + b * cells, NULL, NULL),
                             DMAP_OK);
            }
            unsigned char *out = malloc(n * cells * 8 + 64);
            for (int type = FIRST_TYPE; type <= LAST_TYPE; type++) {
                size_t bytes = n * cells * elem_size((dmap_elem)type);
                for (int simd = DMAP_SIMD_NONE; simd <= (int)best; simd++) {
                    int t = (int)dmap_rng_below(&r, 9);
                    memset(out, 0x5a, bytes + 64);
                    int limit = bfs_batch_typed(&c, &m, max_depth, (dmap_elem)type, out, bytes,
                                                t ? pools[t] : NULL, (dmap_simd)simd);
                    size_t bad = depth_mismatches(out, (dmap_elem)type, depths, n * cells, limit);
                    for (size_t i = bytes; i < bytes + 64; i++) bad += out[i] != 0x5a;
                    CHECK_EQ_INT((int)bad, 0);
                    cases++;
                }
            }
            free(out);
            free(depths);
            free_case(&c);
        }
    }
    for (int t = 1; t <= 8; t++) dmap_pool_free(pools[t]);
    printf("test_batch: %d batch calls on the narrow boards' edges\n", cases);
}

/* Outputs larger than the caches on the narrow paths: int8, int16 and int32 outputs of 32,771
 * boards of 16x16, 16,387 of 32x16 and 70,001 of 11x11 equal dmap_bfs board by board, on 3
 * threads and none (int8 on the two larger sizes with depth limit 127). */
static void test_large_output(void) {
    dmap_rng r;
    dmap_rng_seed(&r, 17);
    dmap_pool *pool = NULL;
    CHECK_EQ_INT(dmap_pool_new(&pool, 3), DMAP_OK);
    const int sizes[][3] = {{16, 16, 32771}, {32, 16, 16387}, {11, 11, 70001}};
    for (int si = 0; si < 3; si++) {
        int w = sizes[si][0], h = sizes[si][1];
        size_t n = (size_t)sizes[si][2], cells = (size_t)w * (size_t)h;
        boards_case c;
        make_case_with(&c, w, h, n, si == 1, -1.0, 0, &r);
        dmap_moves m = move_rule(si);
        int *depths = malloc(n * cells * sizeof *depths);
        for (size_t b = 0; b < n; b++) {
            size_t k0, k1;
            board_range(&c, b, &k0, &k1);
            dmap_grid g = {w, h, c.walls + b * cells, NULL};
            CHECK_EQ_INT(dmap_bfs(&g, &m, c.sources + k0, k1 - k0, -1, depths + b * cells, NULL,
                                  NULL),
                         DMAP_OK);
        }
        unsigned char *out = malloc(n * cells * 4);
        const dmap_elem types[] = {DMAP_ELEM_I8, DMAP_ELEM_I16, DMAP_ELEM_I32};
        for (int ti = 0; ti < 3; ti++) {
            for (int p = 0; p < 2; p++) {
                memset(out, 0x5a, n * cells * 4);
                int limit = bfs_batch_typed(&c, &m, -1, types[ti], out,
                                            n * cells * elem_size(types[ti]), p ? pool : NULL,
                                            DMAP_SIMD_AUTO);
                CHECK_EQ_INT((int)depth_mismatches(out, types[ti], depths, n * cells, limit), 0);
            }
        }
        free(out);
        free(depths);
        free_case(&c);
    }
    dmap_pool_free(pool);
}

static void test_errors(void) {
    dmap_rng r;
    dmap_rng_seed(&r, 5);
    boards_case c;
    make_case(&c, 6, 5, 10, 0, &r);
    dmap_moves m = dmap_moves_4(), bad_moves = m;
    bad_moves.connectivity = 5;
    int16_t out[300];
    for (int i = 0; i < 300; i++) out[i] = 7;
    CHECK_EQ_INT(dmap_bfs_batch(NULL, &m, c.sources, NULL, -1, DMAP_ELEM_I16, out, NULL, 0),
                 DMAP_ERR_ARG);
    CHECK_EQ_INT(dmap_bfs_batch(&c.b, &bad_moves, c.sources, NULL, -1, DMAP_ELEM_I16, out, NULL, 0),
                 DMAP_ERR_ARG);
    CHECK_EQ_INT(dmap_bfs_batch(&c.b, &m, c.sources, NULL, -1, (dmap_elem)9, out, NULL, 0),
                 DMAP_ERR_ARG);
    CHECK_EQ_INT(dmap_bfs_batch(&c.b, &m, c.sources, NULL, -1, (dmap_elem)(LAST_TYPE + 1), out,
                                NULL, 0),
                 DMAP_ERR_ARG);
    CHECK_EQ_INT(dmap_field_batch(&c.b, &m, c.goals, NULL, 100, (dmap_elem)(LAST_TYPE + 1), out,
                                  NULL),
                 DMAP_ERR_ARG);
    CHECK_EQ_INT(dmap_bfs_batch(&c.b, &m, c.sources, NULL, -1, DMAP_ELEM_I16, out, NULL,
                                (dmap_simd)7),
                 DMAP_ERR_ARG);
    CHECK_EQ_INT(dmap_bfs_batch(&c.b, &m, NULL, NULL, -1, DMAP_ELEM_I16, out, NULL, 0),
                 DMAP_ERR_ARG);
    dmap_boards big = c.b;
    big.w = 0;
    CHECK_EQ_INT(dmap_bfs_batch(&big, &m, c.sources, NULL, -1, DMAP_ELEM_I16, out, NULL, 0),
                 DMAP_ERR_SIZE);
    big = c.b;
    big.n = SIZE_MAX / 4;
    CHECK_EQ_INT(dmap_bfs_batch(&big, &m, c.sources, NULL, -1, DMAP_ELEM_I16, out, NULL, 0),
                 DMAP_ERR_SIZE);
    int saved = c.sources[3];
    c.sources[3] = 30;
    CHECK_EQ_INT(dmap_bfs_batch(&c.b, &m, c.sources, NULL, -1, DMAP_ELEM_I16, out, NULL, 0),
                 DMAP_ERR_RANGE);
    c.sources[3] = saved;
    c.walls[3 * 30 + (size_t)saved] = 1;
    CHECK_EQ_INT(dmap_bfs_batch(&c.b, &m, c.sources, NULL, -1, DMAP_ELEM_I16, out, NULL, 0),
                 DMAP_ERR_WALL);
    CHECK_EQ_INT(dmap_field_batch(&c.b, &m, c.goals, NULL, 100, DMAP_ELEM_I16, out, NULL),
                 DMAP_ERR_WALL);
    c.walls[3 * 30 + (size_t)saved] = 0;
    size_t first[11] = {0, 1, 2, 3, 4, 5, 6, 5, 8, 9, 10};
    CHECK_EQ_INT(dmap_bfs_batch(&c.b, &m, c.sources, first, -1, DMAP_ELEM_I16, out, NULL, 0),
                 DMAP_ERR_ARG);
    int bad = 0;
    for (int i = 0; i < 300; i++) bad += out[i] != 7;
    CHECK_EQ_INT(bad, 0); /* nothing written by a refused call */
    /* int16 cannot hold every depth of a board of more than 32768 cells */
    dmap_boards tall = {300, 200, 1, NULL};
    unsigned char *walls = calloc(300 * 200, 1);
    tall.walls = walls;
    int src = 0;
    int16_t *deep = malloc(300 * 200 * sizeof *deep);
    CHECK_EQ_INT(dmap_bfs_batch(&tall, &m, &src, NULL, -1, DMAP_ELEM_I16, deep, NULL, 0),
                 DMAP_ERR_LIMIT);
    CHECK_EQ_INT(dmap_bfs_batch(&tall, &m, &src, NULL, 100, DMAP_ELEM_I16, deep, NULL, 0), DMAP_OK);
    CHECK_EQ_INT(deep[299], -1);
    CHECK_EQ_INT(deep[100], 100);
    free(deep);
    free(walls);
    /* fields: ceilings, values that do not fit an integer type */
    CHECK_EQ_INT(dmap_field_batch(&c.b, &m, c.goals, NULL, NAN, DMAP_ELEM_F64, out, NULL),
                 DMAP_ERR_VALUE);
    CHECK_EQ_INT(dmap_field_batch(&c.b, &m, c.goals, NULL, 2, DMAP_ELEM_F64, out, NULL),
                 DMAP_ERR_CEILING);
    CHECK_EQ_INT(dmap_field_batch(&c.b, &m, c.goals, NULL, DMAP_NO_CEILING, DMAP_ELEM_I32, out,
                                  NULL),
                 DMAP_ERR_VALUE);
    CHECK_EQ_INT(dmap_field_batch(&c.b, &m, c.goals, NULL, 1e6, DMAP_ELEM_I16, out, NULL),
                 DMAP_ERR_VALUE);
    dmap_pool *pool = (dmap_pool *)&r;
    CHECK_EQ_INT(dmap_pool_new(NULL, 2), DMAP_ERR_ARG);
    CHECK_EQ_INT(dmap_pool_new(&pool, 0), DMAP_ERR_ARG);
    CHECK(pool == NULL);
    CHECK_EQ_INT(dmap_pool_new(&pool, 257), DMAP_ERR_ARG);
    CHECK_EQ_INT(dmap_pool_threads(NULL), 1);
    dmap_pool_free(NULL);
    free_case(&c);
}

/* n winding boards w x h: the odd rows are walls but for one cell at alternate ends, so the
 * even rows make one long corridor (deeper than 127 on every size used); board b's source on
 * row 0 at column b % w. */
static void make_winding(boards_case *c, int w, int h, size_t n) {
    size_t cells = (size_t)w * (size_t)h;
    c->walls = malloc(n * cells);
    c->sources = malloc(n * sizeof(int));
    c->goals = NULL;
    c->first = NULL;
    for (size_t b = 0; b < n; b++) {
        unsigned char *wall = c->walls + b * cells;
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
                wall[y * w + x] = y % 2 == 1 && x != (y % 4 == 1 ? w - 1 : 0);
        c->sources[b] = (int)(b % (size_t)w);
    }
    c->b.w = w;
    c->b.h = h;
    c->b.n = n;
    c->b.walls = c->walls;
}

/* int8 depths up to 127 on every path: winding boards on the narrow paths (16x16 with 16-bit
 * lanes, 32x12 with 32-bit lanes), the AVX-512 rows (64x9 four at a time, 40x24 one at a
 * time), the AVX2 lanes, and the general engine (70x5), every move rule, depth limits 127,
 * 126 and none (refused, then 127), every type, pools of 1..8 threads and none. */
static void test_int8_winding(void) {
    dmap_pool *pools[9] = {NULL};
    for (int t = 1; t <= 8; t++) CHECK_EQ_INT(dmap_pool_new(&pools[t], t), DMAP_OK);
    dmap_simd best = dmap_simd_best();
    const int sizes[][3] = {{16, 16, 45}, {32, 12, 21}, {64, 9, 7}, {40, 24, 5}, {70, 5, 3}};
    const int limits[] = {127, 126, -1};
    int cases = 0, deepest = 0;
    for (int si = 0; si < 5; si++) {
        int w = sizes[si][0], h = sizes[si][1];
        size_t n = (size_t)sizes[si][2], cells = (size_t)w * (size_t)h;
        boards_case c;
        make_winding(&c, w, h, n);
        int *depths = malloc(n * cells * sizeof *depths);
        unsigned char *out = malloc(n * cells * 8);
        for (int k = 0; k < 3; k++) {
            dmap_moves m = move_rule(k);
            for (int li = 0; li < 3; li++) {
                for (size_t b = 0; b < n; b++) {
                    dmap_grid g = {w, h, c.walls + b * cells, NULL};
                    CHECK_EQ_INT(dmap_bfs(&g, &m, c.sources + b, 1, limits[li],
                                          depths + b * cells, NULL, NULL),
                                 DMAP_OK);
                }
                for (int type = FIRST_TYPE; type <= LAST_TYPE; type++) {
                    size_t bytes = n * cells * elem_size((dmap_elem)type);
                    for (int simd = DMAP_SIMD_NONE; simd <= (int)best; simd++) {
                        for (int t = 0; t <= 8; t++) {
                            memset(out, 0x5a, n * cells * 8);
                            int limit = bfs_batch_typed(&c, &m, limits[li], (dmap_elem)type, out,
                                                        bytes, t ? pools[t] : NULL,
                                                        (dmap_simd)simd);
                            CHECK_EQ_INT((int)depth_mismatches(out, (dmap_elem)type, depths,
                                                               n * cells, limit),
                                         0);
                            if (type == DMAP_ELEM_I8)
                                for (size_t i = 0; i < bytes; i++)
                                    if (((int8_t *)out)[i] > deepest) deepest = ((int8_t *)out)[i];
                            cases++;
                        }
                    }
                }
            }
        }
        free(out);
        free(depths);
        free(c.walls);
        free(c.sources);
    }
    CHECK_EQ_INT(deepest, 127); /* the boards reach the top of int8 */
    for (int t = 1; t <= 8; t++) dmap_pool_free(pools[t]);
    printf("test_batch: %d batch calls on winding boards\n", cases);
}

/* int8's limits: depths on boards of more than 128 cells need a limit of 0..127 (12x11: -1
 * and 128 refused, 127 taken; 11x11 and 16x8 need none); field values must lie in
 * -128..127 (ceiling 127 fits, 128 does not; a goal of -128 fits, -129 does not). */
static void test_int8_limits(void) {
    dmap_moves m = dmap_moves_4();
    unsigned char walls[16 * 11];
    memset(walls, 0, sizeof walls);
    int8_t out[16 * 11 + 8];
    int16_t out16[16 * 11];
    int src = 0;
    const int shapes[][3] = {{12, 11, 0}, {11, 11, 1}, {16, 8, 1}};
    for (int si = 0; si < 3; si++) {
        dmap_boards b = {shapes[si][0], shapes[si][1], 1, walls};
        int needs_limit = !shapes[si][2];
        memset(out, 0x5a, sizeof out);
        CHECK_EQ_INT(dmap_bfs_batch(&b, &m, &src, NULL, -1, DMAP_ELEM_I8, out, NULL, 0),
                     needs_limit ? DMAP_ERR_LIMIT : DMAP_OK);
        CHECK_EQ_INT(dmap_bfs_batch(&b, &m, &src, NULL, 128, DMAP_ELEM_I8, out, NULL, 0),
                     needs_limit ? DMAP_ERR_LIMIT : DMAP_OK);
        if (needs_limit) CHECK_EQ_INT(out[0], 0x5a); /* nothing written */
        CHECK_EQ_INT(dmap_bfs_batch(&b, &m, &src, NULL, 127, DMAP_ELEM_I8, out, NULL, 0),
                     DMAP_OK);
        int cells = b.w * b.h;
        CHECK_EQ_INT(out[cells - 1], b.w - 1 + b.h - 1); /* the far corner */
        CHECK_EQ_INT(out[cells], 0x5a);
        /* int16 takes the 12x11 board without a limit */
        if (needs_limit)
            CHECK_EQ_INT(dmap_bfs_batch(&b, &m, &src, NULL, -1, DMAP_ELEM_I16, out16, NULL, 0),
                         DMAP_OK);
    }
    /* fields on 12x11 with one wall (it gets the ceiling) and one goal at (0, 0) */
    dmap_boards b = {12, 11, 1, walls};
    walls[5 * 12 + 5] = 1;
    dmap_grid g = {12, 11, walls, NULL};
    double want[12 * 11];
    dmap_goal goal = {0, 0, 120.0};
    CHECK_EQ_INT(dmap_field(&g, &m, &goal, 1, 127, want, NULL), DMAP_OK);
    memset(out, 0x5a, sizeof out);
    CHECK_EQ_INT(dmap_field_batch(&b, &m, &goal, NULL, 127, DMAP_ELEM_I8, out, NULL), DMAP_OK);
    int bad = 0;
    for (int i = 0; i < 12 * 11; i++) bad += out[i] != want[i];
    CHECK_EQ_INT(bad, 0);
    CHECK_EQ_INT(out[5 * 12 + 5], 127);
    CHECK_EQ_INT(out[0], 120);
    CHECK_EQ_INT(dmap_field_batch(&b, &m, &goal, NULL, 128, DMAP_ELEM_I8, out, NULL),
                 DMAP_ERR_VALUE);
    CHECK_EQ_INT(dmap_field_batch(&b, &m, &goal, NULL, 128, DMAP_ELEM_I16, out16, NULL), DMAP_OK);
    goal.value = -128.0;
    CHECK_EQ_INT(dmap_field(&g, &m, &goal, 1, 0, want, NULL), DMAP_OK);
    CHECK_EQ_INT(dmap_field_batch(&b, &m, &goal, NULL, 0, DMAP_ELEM_I8, out, NULL), DMAP_OK);
    bad = 0;
    for (int i = 0; i < 12 * 11; i++) bad += out[i] != want[i];
    CHECK_EQ_INT(bad, 0);
    CHECK_EQ_INT(out[0], -128);
    goal.value = -129.0;
    CHECK_EQ_INT(dmap_field_batch(&b, &m, &goal, NULL, 0, DMAP_ELEM_I8, out, NULL),
                 DMAP_ERR_VALUE);
    goal.value = 0.5; /* not an integer */
    CHECK_EQ_INT(dmap_field_batch(&b, &m, &goal, NULL, 10, DMAP_ELEM_I8, out, NULL),
                 DMAP_ERR_VALUE);
}

/* Many boards: the sources (and a field's goals) are checked in stripes on the pool's threads,
 * yet the call gives the error of the first bad board in board order (a wall in an early
 * stripe before a source out of range in a later one, and a later stripe's error alone) and
 * writes nothing. */
static void test_first_error_of_many_boards(void) {
    enum { W = 3, H = 2, N = 3 * 4096 + 100 };
    unsigned char *walls = calloc((size_t)N * W * H, 1);
    int *sources = malloc(N * sizeof *sources);
    dmap_goal *goals = malloc(N * sizeof *goals);
    int8_t *out = malloc((size_t)N * W * H);
    dmap_pool *pool = NULL;
    CHECK_EQ_INT(dmap_pool_new(&pool, 3), DMAP_OK);
    if (!walls || !sources || !goals || !out || !pool) abort();
    for (int b = 0; b < N; b++) sources[b] = b % (W * H);
    memset(out, 7, (size_t)N * W * H);
    dmap_boards bd = {W, H, N, walls};
    dmap_moves m = dmap_moves_4();
    sources[N - 5] = W * H;                          /* out of range, in the last stripe */
    unsigned char *early = &walls[(size_t)5000 * W * H + (size_t)sources[5000]];
    *early = 1;                                      /* on a wall, an earlier one */
    for (int b = 0; b < N; b++) goals[b] = (dmap_goal){sources[b] % W, sources[b] / W, 0};
    goals[N - 5].y = H;
    for (int threads = 0; threads < 2; threads++) {
        dmap_pool *p = threads ? pool : NULL;
        CHECK_EQ_INT(dmap_bfs_batch(&bd, &m, sources, NULL, -1, DMAP_ELEM_I8, out, p, 0),
                     DMAP_ERR_WALL);
        CHECK_EQ_INT(dmap_field_batch(&bd, &m, goals, NULL, 100, DMAP_ELEM_I8, out, p),
                     DMAP_ERR_WALL);
        *early = 0;
        CHECK_EQ_INT(dmap_bfs_batch(&bd, &m, sources, NULL, -1, DMAP_ELEM_I8, out, p, 0),
                     DMAP_ERR_RANGE);
        CHECK_EQ_INT(dmap_field_batch(&bd, &m, goals, NULL, 100, DMAP_ELEM_I8, out, p),
                     DMAP_ERR_RANGE);
        *early = 1;
    }
    int written = 0;
    for (size_t i = 0; i < (size_t)N * W * H; i++) written += out[i] != 7;
    CHECK_EQ_INT(written, 0);
    *early = 0;
    sources[N - 5] = 0;
    CHECK_EQ_INT(dmap_bfs_batch(&bd, &m, sources, NULL, -1, DMAP_ELEM_I8, out, pool, 0), DMAP_OK);
    CHECK_EQ_INT(out[(size_t)(N - 5) * W * H], 0);
    CHECK_EQ_INT(out[(size_t)(N - 5) * W * H + W * H - 1], 3);
    dmap_pool_free(pool);
    free(out);
    free(goals);
    free(sources);
    free(walls);
}

/* dmap_pool_run runs every chunk exactly once, on a thread index below the pool's count, for
 * any pool (NULL included); a NULL job runs nothing instead of calling through NULL. */
typedef struct chunk_log {
    int runs[100];
    int bad_thread;
} chunk_log;

static void log_chunk(void *ctx, size_t chunk, int thread) {
    chunk_log *log = (chunk_log *)ctx;
    log->runs[chunk]++; /* each chunk its own counter: no two threads share one */
    if (thread < 0 || thread >= 4) log->bad_thread = 1;
}

static void test_pool_run(void) {
    dmap_pool *pool = NULL;
    CHECK_EQ_INT(dmap_pool_new(&pool, 4), DMAP_OK);
    dmap_pool *pools[2] = {NULL, pool};
    for (int k = 0; k < 2; k++) {
        chunk_log log;
        memset(&log, 0, sizeof log);
        dmap_pool_run(pools[k], log_chunk, &log, 100);
        int once = 1;
        for (int c = 0; c < 100; c++) once &= log.runs[c] == 1;
        CHECK(once && !log.bad_thread);
        dmap_pool_run(pools[k], NULL, &log, 100);
        dmap_pool_run(pools[k], NULL, NULL, 1);
    }
    dmap_pool_free(pool);
}

int main(void) {
    test_pool_run();
    test_equal_per_board();
    test_narrow_edges();
    test_large_output();
    test_int8_winding();
    test_int8_limits();
    test_errors();
    test_first_error_of_many_boards();
    return check_report("test_batch");
}
