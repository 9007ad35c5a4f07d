/* test_reach.c — BFS reachability against two oracles on random grids: dmap_field with unit
 * steps and a huge ceiling, and the classic sweep loop (reference_scan); parent trees and the
 * paths read from them; can_move_to and the reachable set; depth limits; a workspace that
 * stops growing; bad arguments. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dmap.h"
#include "reference_scan.h"

#define FAR 1e9

/* Unit-step versions of the three move rules (BFS counts steps). */
static dmap_moves unit_moves(int kind) {
    dmap_moves m = kind == 0 ? dmap_moves_4() : dmap_moves_8();
    if (kind == 2) m.corners = DMAP_CORNERS_STRICT;
    m.cardinal = m.diagonal = 1.0;
    return m;
}

static int is_step(const dmap_grid *g, const dmap_moves *m, int from, int to) {
    for (int d = 1; d < DMAP_DIR_COUNT; d++)
        if (dmap_step(g, m, from, (dmap_dir)d) == to) return 1;
    return 0;
}

typedef struct fixture {
    dmap_grid g;
    int n;
    int sources[4];
    int nsources;
} fixture;

static void make_fixture(fixture *f, dmap_rng *r, double wall_p) {
    int w = 1 + (int)dmap_rng_below(r, 40), h = 1 + (int)dmap_rng_below(r, 40);
    CHECK_EQ_INT(dmap_grid_init(&f->g, w, h), DMAP_OK);
    f->n = w * h;
    for (int i = 0; i < f->n; i++) f->g.wall[i] = dmap_rng_unit(r) < wall_p;
    f->nsources = 1 + (int)dmap_rng_below(r, 4);
    for (int k = 0; k < f->nsources; k++) {
        f->sources[k] = (int)dmap_rng_below(r, (uint32_t)f->n);
        f->g.wall[f->sources[k]] = 0;
    }
}

static void test_depths_vs_oracles(void) {
    dmap_rng r;
    dmap_rng_seed(&r, 31);
    dmap_workspace *ws = NULL;
    dmap_workspace_new(&ws);
    CHECK(ws != NULL);
    for (int t = 0; t < 60; t++) {
        fixture f;
        make_fixture(&f, &r, 0.1 + 0.35 * dmap_rng_unit(&r));
        dmap_moves m = unit_moves(t % 3);
        size_t n = (size_t)f.n;
        int *depth = malloc(n * sizeof *depth), *parent = malloc(n * sizeof *parent);
        double *field = malloc(n * sizeof *field), *sweep = malloc(n * sizeof *sweep);
        int *path = malloc(n * sizeof *path);
        CHECK_EQ_INT(dmap_bfs(&f.g, &m, f.sources, (size_t)f.nsources, -1, depth, parent,
                              t % 2 ? ws : NULL),
                     DMAP_OK);
        dmap_goal goals[4];
        for (int k = 0; k < f.nsources; k++)
            goals[k] = (dmap_goal){f.sources[k] % f.g.w, f.sources[k] / f.g.w, 0};
        CHECK_EQ_INT(dmap_field(&f.g, &m, goals, (size_t)f.nsources, FAR, field, NULL), DMAP_OK);
        for (size_t i = 0; i < n; i++) sweep[i] = FAR;
        for (int k = 0; k < f.nsources; k++) sweep[f.sources[k]] = 0;
        CHECK(reference_scan(&f.g, &m, sweep) > 0);
        int bad_field = 0, bad_sweep = 0, bad_tree = 0, bad_path = 0;
        for (size_t i = 0; i < n; i++) {
            if (f.g.wall[i]) {
                if (depth[i] != -1) bad_field++;
                continue;
            }
            double expect = field[i] >= FAR ? -1 : field[i];
            if (depth[i] != expect) bad_field++;
            if (depth[i] != (sweep[i] >= FAR ? -1 : sweep[i])) bad_sweep++;
            if (depth[i] > 0) {
                int p = parent[i];
                if (p < 0 || depth[p] != depth[i] - 1 || !is_step(&f.g, &m, p, (int)i))
                    bad_tree++;
            } else if (parent[i] != -1) {
                bad_tree++;
            }
            size_t len = 0;
            if (dmap_bfs_path(&f.g, depth, parent, (int)i, path, n, &len) != DMAP_OK) {
                bad_path++;
                continue;
            }
            if (depth[i] < 0) {
                if (len != 0) bad_path++;
                continue;
            }
            if (len != (size_t)depth[i] + 1 || path[len - 1] != (int)i || depth[path[0]] != 0)
                bad_path++;
            for (size_t k = 1; k < len; k++)
                if (!is_step(&f.g, &m, path[k - 1], path[k])) bad_path++;
        }
        CHECK_EQ_INT(bad_field, 0);
        CHECK_EQ_INT(bad_sweep, 0);
        CHECK_EQ_INT(bad_tree, 0);
        CHECK_EQ_INT(bad_path, 0);

        /* A depth limit cuts the same depths off. */
        int limit = (int)dmap_rng_below(&r, 6);
        int *limited = malloc(n * sizeof *limited);
        CHECK_EQ_INT(dmap_bfs(&f.g, &m, f.sources, (size_t)f.nsources, limit, limited, NULL, ws),
                     DMAP_OK);
        int bad_limit = 0;
        for (size_t i = 0; i < n; i++)
            if (limited[i] != (depth[i] <= limit ? depth[i] : -1)) bad_limit++;
        CHECK_EQ_INT(bad_limit, 0);

        /* From the first source alone: reachable set and can_move_to agree with depths. */
        int from = f.sources[0];
        CHECK_EQ_INT(dmap_bfs(&f.g, &m, &from, 1, -1, depth, NULL, ws), DMAP_OK);
        unsigned char *reached = malloc(n);
        size_t count = 0, expect_count = 0;
        CHECK_EQ_INT(dmap_reachable(&f.g, &m, from, reached, &count, ws), DMAP_OK);
        int bad_set = 0, bad_can = 0;
        for (size_t i = 0; i < n; i++) {
            expect_count += depth[i] >= 0;
            if (reached[i] != (depth[i] >= 0)) bad_set++;
            int yes = -5;
            if (dmap_can_move_to(&f.g, &m, from, (int)i, &yes, t % 2 ? ws : NULL) != DMAP_OK)
                bad_can++;
            if (yes != (depth[i] >= 0)) bad_can++;
        }
        CHECK_EQ_INT(count, expect_count);
        CHECK_EQ_INT(bad_set, 0);
        CHECK_EQ_INT(bad_can, 0);
        free(reached);
        free(limited);
        free(depth);
        free(parent);
        free(field);
        free(sweep);
        free(path);
        dmap_grid_free(&f.g);
    }
    dmap_workspace_free(ws);
}

static void test_costs_are_ignored_and_steady_state(void) {
    /* A 30x20 grid with costs 7 everywhere: BFS still counts steps. */
    dmap_grid g;
    CHECK_EQ_INT(dmap_grid_init(&g, 30, 20), DMAP_OK);
    CHECK_EQ_INT(dmap_grid_add_costs(&g), DMAP_OK);
    for (int i = 0; i < 600; i++) g.cost[i] = 7.0;
    dmap_moves m = dmap_moves_octile();
    int depth[600], src = 0;
    dmap_workspace *ws = NULL;
    dmap_workspace_new(&ws);
    CHECK_EQ_INT(dmap_bfs(&g, &m, &src, 1, -1, depth, NULL, ws), DMAP_OK);
    CHECK_EQ_INT(depth[19 * 30 + 29], 29); /* Chebyshev distance */
    size_t bytes = dmap_workspace_bytes(ws);
    int yes = 0;
    for (int k = 0; k < 5; k++) {
        CHECK_EQ_INT(dmap_can_move_to(&g, &m, 0, 599, &yes, ws), DMAP_OK);
        CHECK_EQ_INT(dmap_bfs(&g, &m, &src, 1, 3, depth, NULL, ws), DMAP_OK);
    }
    CHECK_EQ_INT(yes, 1);
    size_t after = dmap_workspace_bytes(ws);
    unsigned char reached[600];
    CHECK_EQ_INT(dmap_reachable(&g, &m, 0, reached, NULL, ws), DMAP_OK);
    CHECK_EQ_INT(dmap_workspace_bytes(ws), after);
    CHECK(bytes <= after);
    dmap_workspace_free(ws);
    dmap_grid_free(&g);
}

static void test_walls_and_corners(void) {
    /* 3x3, walls right of and below (0,0): 8-connected cut reaches (1,1); strict does not. */
    dmap_grid g;
    CHECK_EQ_INT(dmap_grid_init(&g, 3, 3), DMAP_OK);
    g.wall[1] = g.wall[3] = 1;
    dmap_moves cut = dmap_moves_8(), strict = dmap_moves_8(), four = dmap_moves_4();
    strict.corners = DMAP_CORNERS_STRICT;
    int yes = -1;
    CHECK_EQ_INT(dmap_can_move_to(&g, &cut, 0, 8, &yes, NULL), DMAP_OK);
    CHECK_EQ_INT(yes, 1);
    CHECK_EQ_INT(dmap_can_move_to(&g, &strict, 0, 8, &yes, NULL), DMAP_OK);
    CHECK_EQ_INT(yes, 0);
    CHECK_EQ_INT(dmap_can_move_to(&g, &four, 0, 8, &yes, NULL), DMAP_OK);
    CHECK_EQ_INT(yes, 0);
    CHECK_EQ_INT(dmap_can_move_to(&g, &four, 0, 0, &yes, NULL), DMAP_OK);
    CHECK_EQ_INT(yes, 1);
    CHECK_EQ_INT(dmap_can_move_to(&g, &four, 8, 1, &yes, NULL), DMAP_OK); /* into a wall */
    CHECK_EQ_INT(yes, 0);
    size_t count = 0;
    unsigned char reached[9];
    CHECK_EQ_INT(dmap_reachable(&g, &four, 0, reached, &count, NULL), DMAP_OK);
    CHECK_EQ_INT(count, 1);
    CHECK_EQ_INT(dmap_reachable(&g, &cut, 0, reached, &count, NULL), DMAP_OK);
    CHECK_EQ_INT(count, 7);
    dmap_grid_free(&g);
}

static void test_bad_arguments(void) {
    dmap_grid g;
    CHECK_EQ_INT(dmap_grid_init(&g, 4, 4), DMAP_OK);
    g.wall[5] = 1;
    dmap_moves m = dmap_moves_4();
    int yes, depth[16], parent[16], path[16], src = 0;
    unsigned char reached[16];
    size_t len;
    CHECK_EQ_INT(dmap_can_move_to(&g, &m, 5, 0, &yes, NULL), DMAP_ERR_WALL);
    CHECK_EQ_INT(dmap_can_move_to(&g, &m, 16, 0, &yes, NULL), DMAP_ERR_RANGE);
    CHECK_EQ_INT(dmap_can_move_to(&g, &m, 0, -1, &yes, NULL), DMAP_ERR_RANGE);
    CHECK_EQ_INT(dmap_can_move_to(&g, &m, 0, 1, NULL, NULL), DMAP_ERR_ARG);
    CHECK_EQ_INT(dmap_can_move_to(NULL, &m, 0, 1, &yes, NULL), DMAP_ERR_ARG);
    dmap_moves bad = m;
    bad.connectivity = 5;
    CHECK_EQ_INT(dmap_can_move_to(&g, &bad, 0, 1, &yes, NULL), DMAP_ERR_ARG);
    CHECK_EQ_INT(dmap_reachable(&g, &m, 5, reached, NULL, NULL), DMAP_ERR_WALL);
    CHECK_EQ_INT(dmap_reachable(&g, &m, 0, NULL, NULL, NULL), DMAP_ERR_ARG);
    int bad_sources[2] = {0, 5};
    for (int i = 0; i < 16; i++) depth[i] = 99;
    CHECK_EQ_INT(dmap_bfs(&g, &m, bad_sources, 2, -1, depth, NULL, NULL), DMAP_ERR_WALL);
    CHECK_EQ_INT(depth[0], 99); /* untouched on error */
    bad_sources[1] = 40;
    CHECK_EQ_INT(dmap_bfs(&g, &m, bad_sources, 2, -1, depth, NULL, NULL), DMAP_ERR_RANGE);
    CHECK_EQ_INT(dmap_bfs(&g, &m, NULL, 1, -1, depth, NULL, NULL), DMAP_ERR_ARG);
    CHECK_EQ_INT(dmap_bfs(&g, &m, &src, 1, -1, NULL, NULL, NULL), DMAP_ERR_ARG);
    dmap_grid big = g;
    big.w = 1 << 16;
    big.h = 1 << 16;
    CHECK_EQ_INT(dmap_bfs(&big, &m, &src, 1, -1, depth, NULL, NULL), DMAP_ERR_SIZE);
    /* No sources: nothing reached. */
    CHECK_EQ_INT(dmap_bfs(&g, &m, NULL, 0, -1, depth, parent, NULL), DMAP_OK);
    CHECK_EQ_INT(depth[0], -1);

    /* Tree paths: capacity, unreached targets, broken trees. */
    CHECK_EQ_INT(dmap_bfs(&g, &m, &src, 1, -1, depth, parent, NULL), DMAP_OK);
    CHECK_EQ_INT(depth[15], 6);
    CHECK_EQ_INT(dmap_bfs_path(&g, depth, parent, 15, path, 6, &len), DMAP_ERR_LIMIT);
    CHECK_EQ_INT(len, 7);
    CHECK_EQ_INT(dmap_bfs_path(&g, depth, parent, 15, path, 7, &len), DMAP_OK);
    CHECK(path[0] == 0 && path[6] == 15);
    CHECK_EQ_INT(dmap_bfs_path(&g, depth, parent, 5, path, 16, &len), DMAP_OK);
    CHECK_EQ_INT(len, 0);
    CHECK_EQ_INT(dmap_bfs_path(&g, depth, parent, 16, path, 16, &len), DMAP_ERR_RANGE);
    CHECK_EQ_INT(dmap_bfs_path(&g, depth, NULL, 15, path, 16, &len), DMAP_ERR_ARG);
    parent[15] = 15; /* a loop */
    CHECK_EQ_INT(dmap_bfs_path(&g, depth, parent, 15, path, 16, &len), DMAP_ERR_ARG);
    parent[15] = -7;
    CHECK_EQ_INT(dmap_bfs_path(&g, depth, parent, 15, path, 16, &len), DMAP_ERR_ARG);
    /* A broken link deep in the chain: nothing is written, not even the cells above it. */
    CHECK_EQ_INT(dmap_bfs(&g, &m, &src, 1, -1, depth, parent, NULL), DMAP_OK);
    int broken = parent[parent[15]];
    parent[broken] = 15; /* a link that does not step one depth down */
    for (int i = 0; i < 16; i++) path[i] = -5;
    len = 99;
    CHECK_EQ_INT(dmap_bfs_path(&g, depth, parent, 15, path, 16, &len), DMAP_ERR_ARG);
    int untouched = 1;
    for (int i = 0; i < 16; i++) untouched &= path[i] == -5;
    CHECK(untouched);
    CHECK_EQ_INT(len, 99);
    /* A depth no tree of 16 cells has is a broken tree, not a path too long for cap. */
    CHECK_EQ_INT(dmap_bfs(&g, &m, &src, 1, -1, depth, parent, NULL), DMAP_OK);
    depth[15] = 1 << 30;
    CHECK_EQ_INT(dmap_bfs_path(&g, depth, parent, 15, path, 16, &len), DMAP_ERR_ARG);
    dmap_grid_free(&g);
}

int main(void) {
    test_depths_vs_oracles();
    test_costs_are_ignored_and_steady_state();
    test_walls_and_corners();
    test_bad_arguments();
    return check_report("test_reach");
}
