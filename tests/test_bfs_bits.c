/* test_bfs_bits.c — the bitset BFS (src/bfs_bits.c, used by dmap_bfs, dmap_reachable and
 * dmap_can_move_to on small 4-connected grids) against two oracles on random grids whose
 * shapes sit on the bitset's edges (one column, one row, rows of 63/64/65 cells, exactly
 * DMAP_BFS_BITS_MAX_CELLS cells, words that end mid-row):
 *   - the classic sweep loop (reference_scan) with unit steps: the step counts;
 *   - the queue BFS of reach.c (dmap_bfs asked for parents always takes it): the same depths,
 *     with several sources and depth limits.
 * Also the private entry directly: the early stop at a target and the seen bits. */
#include <stdlib.h>
#include <string.h>

#include "bfs_bits.h"
#include "check.h"
#include "dmap.h"
#include "reference_scan.h"

#define FAR 1e9

static const int shapes[][2] = {{1, 1},  {1, 40},  {40, 1}, {8, 8},   {7, 9},  {63, 3},
                                {64, 2}, {65, 3},  {3, 65}, {32, 32}, {16, 64}, {13, 17},
                                {5, 200}, {1024, 1}, {31, 33}, {10, 10}};

static void random_grid(dmap_grid *g, int w, int h, double walls, dmap_rng *r) {
    CHECK_EQ_INT(dmap_grid_init(g, w, h), DMAP_OK);
    for (int i = 0; i < w * h; i++) g->wall[i] = dmap_rng_unit(r) < walls;
}

static int passable_cell(const dmap_grid *g, dmap_rng *r) {
    int n = g->w * g->h, c = (int)dmap_rng_below(r, (uint32_t)n);
    g->wall[c] = 0;
    return c;
}

static void test_against_oracles(void) {
    dmap_rng r;
    dmap_rng_seed(&r, 77);
    dmap_moves four = dmap_moves_4();
    int nshapes = (int)(sizeof shapes / sizeof shapes[0]);
    for (int t = 0; t < 6 * nshapes; t++) {
        int w = shapes[t % nshapes][0], h = shapes[t % nshapes][1];
        dmap_grid g;
        random_grid(&g, w, h, 0.05 + 0.4 * dmap_rng_unit(&r), &r);
        CHECK(dmap_bfs_bits_fits(&g, &four));
        size_t n = (size_t)w * (size_t)h;
        int sources[3], nsources = 1 + (int)dmap_rng_below(&r, 3);
        for (int k = 0; k < nsources; k++) sources[k] = passable_cell(&g, &r);
        int *bits = malloc(n * sizeof *bits), *queue = malloc(n * sizeof *queue);
        int *parent = malloc(n * sizeof *parent);
        double *sweep = malloc(n * sizeof *sweep);
        CHECK_EQ_INT(dmap_bfs(&g, &four, sources, (size_t)nsources, -1, bits, NULL, NULL),
                     DMAP_OK);
        CHECK_EQ_INT(dmap_bfs(&g, &four, sources, (size_t)nsources, -1, queue, parent, NULL),
                     DMAP_OK);
        for (size_t i = 0; i < n; i++) sweep[i] = FAR;
        for (int k = 0; k < nsources; k++) sweep[sources[k]] = 0;
        CHECK(reference_scan(&g, &four, sweep) > 0);
        int bad_queue = 0, bad_sweep = 0;
        for (size_t i = 0; i < n; i++) {
            bad_queue += bits[i] != queue[i];
            int expect = g.wall[i] || sweep[i] >= FAR ? -1 : (int)sweep[i];
            bad_sweep += bits[i] != expect;
        }
        CHECK_EQ_INT(bad_queue, 0);
        CHECK_EQ_INT(bad_sweep, 0);

        /* depth limits: the same depths cut off */
        int limit = (int)dmap_rng_below(&r, 8);
        CHECK_EQ_INT(dmap_bfs(&g, &four, sources, (size_t)nsources, limit, bits, NULL, NULL),
                     DMAP_OK);
        int bad_limit = 0;
        for (size_t i = 0; i < n; i++) bad_limit += bits[i] != (queue[i] <= limit ? queue[i] : -1);
        CHECK_EQ_INT(bad_limit, 0);

        /* the private entry: seen bits, and the early stop at a target */
        uint64_t seen[DMAP_BFS_BITS_WORDS];
        int target = passable_cell(&g, &r);
        /* (making the target passable may open a path: recompute the full depths first) */
        CHECK_EQ_INT(dmap_bfs(&g, &four, sources, 1, -1, queue, parent, NULL), DMAP_OK);
        int found = dmap_bfs_bits(&g, sources, 1, -1, target, bits, seen);
        CHECK_EQ_INT(found, queue[target] >= 0);
        int bad_seen = 0, bad_early = 0;
        for (size_t i = 0; i < n; i++) {
            int bit = (int)(seen[i / 64] >> (i % 64) & 1);
            bad_seen += bit != (bits[i] >= 0);
            /* stopped at the target's level: every depth found is final, none beyond it */
            if (bits[i] >= 0 && bits[i] != queue[i]) bad_early++;
            if (found && queue[i] >= 0 && queue[i] < queue[target] && bits[i] < 0) bad_early++;
            if (found && bits[i] > queue[target]) bad_early++;
        }
        CHECK_EQ_INT(bad_seen, 0);
        CHECK_EQ_INT(bad_early, 0);
        free(bits);
        free(queue);
        free(parent);
        free(sweep);
        dmap_grid_free(&g);
    }
}

static void test_fits(void) {
    dmap_grid g;
    dmap_moves four = dmap_moves_4(), eight = dmap_moves_8();
    CHECK_EQ_INT(dmap_grid_init(&g, 32, 32), DMAP_OK);
    CHECK(dmap_bfs_bits_fits(&g, &four));
    CHECK(!dmap_bfs_bits_fits(&g, &eight)); /* 8-connected: the queue BFS */
    dmap_grid_free(&g);
    CHECK_EQ_INT(dmap_grid_init(&g, 33, 32), DMAP_OK);
    CHECK(!dmap_bfs_bits_fits(&g, &four)); /* above the bitset's size */
    dmap_grid_free(&g);
}

int main(void) {
    test_against_oracles();
    test_fits();
    return check_report("test_bfs_bits");
}
