/* test_mapcache.c — the map cache against dmap_field: random gets of goal maps interleaved with
 * wall, floor and cost edits, every returned map equal bit for bit to a fresh dmap_field on a
 * grid edited alongside; LRU eviction and the counters; errors. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dmap.h"

static void test_random_use(void) {
    dmap_rng r;
    dmap_rng_seed(&r, 40);
    for (int round = 0; round < 12; round++) {
        int w = 8 + (int)dmap_rng_below(&r, 30), h = 8 + (int)dmap_rng_below(&r, 30), n = w * h;
        dmap_grid g;
        dmap_grid_init(&g, w, h);
        for (int i = 0; i < n; i++) g.wall[i] = dmap_rng_below(&r, 5) == 0;
        dmap_grid_add_costs(&g);
        dmap_moves m = round % 3 == 0 ? dmap_moves_4() : round % 3 == 1 ? dmap_moves_octile()
                                                                      : dmap_moves_8();
        double dflt = round % 3 == 2 ? DMAP_NO_CEILING : round % 2 ? 1e300 : 30;
        dmap_cache *c = NULL;
        CHECK_EQ_INT(dmap_cache_new(&g, &m, dflt, 3, &c), DMAP_OK);
        int goals[6];
        for (int k = 0; k < 6; k++) { /* distinct cells, passable at first */
            int i;
            int dup;
            do {
                i = (int)dmap_rng_below(&r, (uint32_t)n);
                dup = g.wall[i];
                for (int j = 0; j < k; j++) dup |= goals[j] == i;
            } while (dup);
            goals[k] = i;
        }
        double *want = malloc(sizeof(double) * (size_t)n);
        size_t gets = 0, mismatches = 0;
        for (int step = 0; step < 150; step++) {
            if (dmap_rng_below(&r, 3) == 0) {
                dmap_edit e[2];
                size_t ne = 1 + dmap_rng_below(&r, 2);
                for (size_t k = 0; k < ne; k++) {
                    e[k].x = (int)dmap_rng_below(&r, (uint32_t)w);
                    e[k].y = (int)dmap_rng_below(&r, (uint32_t)h);
                    e[k].kind = (dmap_edit_kind)(dmap_rng_below(&r, 3) == 0 ? DMAP_EDIT_COST
                                                 : dmap_rng_below(&r, 2) ? DMAP_EDIT_WALL
                                                                         : DMAP_EDIT_FLOOR);
                    e[k].value = 1 + dmap_rng_below(&r, 3);
                    int i = e[k].y * w + e[k].x;
                    if (e[k].kind == DMAP_EDIT_WALL) g.wall[i] = 1;
                    if (e[k].kind == DMAP_EDIT_FLOOR) g.wall[i] = 0;
                    if (e[k].kind == DMAP_EDIT_COST) g.cost[i] = e[k].value;
                }
                CHECK_EQ_INT(dmap_cache_edit(c, e, ne), DMAP_OK);
                continue;
            }
            int goal = goals[dmap_rng_below(&r, 6)];
            const double *map = NULL;
            int rc = dmap_cache_get(c, goal, &map);
            if (g.wall[goal]) {
                CHECK_EQ_INT(rc, DMAP_ERR_WALL);
                continue;
            }
            CHECK_EQ_INT(rc, DMAP_OK);
            dmap_goal g0 = {goal % w, goal / w, 0};
            CHECK_EQ_INT(dmap_field(&g, &m, &g0, 1, dflt, want, NULL), DMAP_OK);
            for (int i = 0; i < n; i++) /* dmap_field's walls hold dflt; compare floors */
                if (!g.wall[i] && map && memcmp(&map[i], &want[i], sizeof(double)) != 0) {
                    if (!mismatches)
                        fprintf(stderr, "round %d step %d goal %d cell %d: %.17g vs %.17g\n",
                                round, step, goal, i, map[i], want[i]);
                    mismatches++;
                    break;
                }
            gets++;
        }
        CHECK_EQ_INT(mismatches, 0);
        dmap_cache_counters st;
        dmap_cache_stats(c, &st);
        CHECK_EQ_INT(st.hits + st.misses, gets);
        CHECK(st.evictions > 0 && st.updates > 0); /* 6 goals in 3 slots; edits in between */
        CHECK(memcmp(dmap_cache_grid(c)->wall, g.wall, (size_t)n) == 0);
        free(want);
        dmap_cache_free(c);
        dmap_grid_free(&g);
    }
}

static void test_lru_and_errors(void) {
    dmap_grid g;
    dmap_grid_init(&g, 10, 1);
    g.wall[9] = 1;
    dmap_moves m = dmap_moves_4();
    dmap_cache *c = NULL;
    CHECK_EQ_INT(dmap_cache_new(&g, &m, 1e300, 2, &c), DMAP_OK);
    const double *map;
    CHECK_EQ_INT(dmap_cache_get(c, 0, &map), DMAP_OK);
    CHECK_EQ_INT(dmap_cache_get(c, 5, &map), DMAP_OK);
    CHECK_EQ_INT(dmap_cache_get(c, 0, &map), DMAP_OK); /* a hit; 5 is now least recent */
    CHECK_EQ_INT(dmap_cache_get(c, 8, &map), DMAP_OK); /* evicts 5 */
    CHECK(map[0] == 8 && map[8] == 0);
    CHECK_EQ_INT(dmap_cache_get(c, 0, &map), DMAP_OK); /* still kept: a hit */
    dmap_cache_counters st;
    dmap_cache_stats(c, &st);
    CHECK(st.hits == 2 && st.misses == 3 && st.evictions == 1);
    dmap_edit wall = {DMAP_EDIT_WALL, 4, 0, 0};
    CHECK_EQ_INT(dmap_cache_edit(c, &wall, 1), DMAP_OK);
    CHECK_EQ_INT(dmap_cache_get(c, 0, &map), DMAP_OK);
    CHECK(map[3] == 3 && map[5] == 1e300); /* cut off by the new wall */
    CHECK_EQ_INT(dmap_cache_get(c, 9, &map), DMAP_ERR_WALL);
    CHECK(map == NULL);
    CHECK_EQ_INT(dmap_cache_get(c, 10, &map), DMAP_ERR_RANGE);
    CHECK_EQ_INT(dmap_cache_get(c, 0, NULL), DMAP_ERR_ARG);
    dmap_edit goal = {DMAP_EDIT_GOAL, 1, 0, 0}, outside = {DMAP_EDIT_WALL, 10, 0, 0},
              cost = {DMAP_EDIT_COST, 1, 0, -1};
    CHECK_EQ_INT(dmap_cache_edit(c, &goal, 1), DMAP_ERR_ARG);
    CHECK_EQ_INT(dmap_cache_edit(c, &outside, 1), DMAP_ERR_RANGE);
    CHECK_EQ_INT(dmap_cache_edit(c, &cost, 1), DMAP_ERR_VALUE);
    dmap_cache_free(c);
    CHECK_EQ_INT(dmap_cache_new(&g, &m, 1e300, 0, &c), DMAP_ERR_ARG);
    CHECK(c == NULL);
    CHECK_EQ_INT(dmap_cache_new(&g, &m, NAN, 2, &c), DMAP_ERR_VALUE);
    CHECK_EQ_INT(dmap_cache_new(&g, &m, -INFINITY, 2, &c), DMAP_ERR_VALUE);
    CHECK(c == NULL);
    dmap_cache_free(NULL);
    dmap_grid_free(&g);
}

int main(void) {
    test_lru_and_errors();
    test_random_use();
    return check_report("test_mapcache");
}
