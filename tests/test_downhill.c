/* test_downhill.c — rolling downhill: the Dijkstra-map article's examples (ties at the centre of
 * the four-corner map, staying on a goal), blocked cells, a fair random pick, and whole paths
 * checked by their properties (strictly decreasing, legal steps, ending at a local minimum, as long
 * as the BFS distance) on random grids; determinism with a seed; bad arguments. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dmap.h"

#define BIT(d) (1u << (d))
#define CARDINALS (BIT(DMAP_UP) | BIT(DMAP_RIGHT) | BIT(DMAP_DOWN) | BIT(DMAP_LEFT))

/* Seed: "01210 / 12321 / 23432 / 12321 / 01210" — from the centre all four moves tie. */
static void test_article_examples(void) {
    dmap_grid g;
    CHECK_EQ_INT(dmap_grid_init(&g, 5, 5), DMAP_OK);
    dmap_moves m = dmap_moves_4();
    dmap_goal corners[4] = {{0, 0, 0}, {4, 0, 0}, {0, 4, 0}, {4, 4, 0}};
    double v[25];
    CHECK_EQ_INT(dmap_field(&g, &m, corners, 4, DMAP_DEFAULT_CEILING, v, NULL), DMAP_OK);
    unsigned opt = 0;
    CHECK_EQ_INT(dmap_downhill_options(&g, &m, v, 12, NULL, &opt), DMAP_OK);
    CHECK_EQ_INT(opt, CARDINALS);
    /* On a goal the lowest value is the agent's own cell: stay. */
    CHECK_EQ_INT(dmap_downhill_options(&g, &m, v, 0, NULL, &opt), DMAP_OK);
    CHECK_EQ_INT(opt, BIT(DMAP_STAY));
    /* (1,0) holds 1: only LEFT reaches 0. */
    CHECK_EQ_INT(dmap_downhill_options(&g, &m, v, 1, NULL, &opt), DMAP_OK);
    CHECK_EQ_INT(opt, BIT(DMAP_LEFT));
    /* An opponent on (2,1) removes UP from the centre's options. */
    unsigned char blocked[25] = {0};
    blocked[7] = 1;
    CHECK_EQ_INT(dmap_downhill_options(&g, &m, v, 12, blocked, &opt), DMAP_OK);
    CHECK_EQ_INT(opt, CARDINALS & ~BIT(DMAP_UP));
    /* Blocking every lower neighbour leaves only staying. */
    blocked[11] = blocked[13] = blocked[17] = 1;
    CHECK_EQ_INT(dmap_downhill_options(&g, &m, v, 12, blocked, &opt), DMAP_OK);
    CHECK_EQ_INT(opt, BIT(DMAP_STAY));
    /* Blocking the agent's own cell changes nothing: staying is always an option. */
    unsigned char self[25] = {0};
    self[0] = 1;
    CHECK_EQ_INT(dmap_downhill_options(&g, &m, v, 0, self, &opt), DMAP_OK);
    CHECK_EQ_INT(opt, BIT(DMAP_STAY));
    /* A flat map: everything ties, staying included. */
    double flat[25];
    for (int i = 0; i < 25; i++) flat[i] = 4;
    CHECK_EQ_INT(dmap_downhill_options(&g, &m, flat, 12, NULL, &opt), DMAP_OK);
    CHECK_EQ_INT(opt, CARDINALS | BIT(DMAP_STAY));
    /* 8-connected over the same values: the four diagonals (value 2) win from the centre. */
    dmap_moves m8 = dmap_moves_8();
    CHECK_EQ_INT(dmap_downhill_options(&g, &m8, v, 12, NULL, &opt), DMAP_OK);
    CHECK_EQ_INT(opt, BIT(DMAP_UP_RIGHT) | BIT(DMAP_DOWN_RIGHT) | BIT(DMAP_DOWN_LEFT) |
                          BIT(DMAP_UP_LEFT));
    dmap_grid_free(&g);
}

/* The options by the plainest loop over dmap_step. */
static unsigned plain_options(const dmap_grid *g, const dmap_moves *m, const double *v, int c,
                              const unsigned char *blocked) {
    double best = v[c];
    for (int d = 1; d < DMAP_DIR_COUNT; d++) {
        int n = dmap_step(g, m, c, (dmap_dir)d);
        if (n >= 0 && !(blocked && blocked[n]) && v[n] < best) best = v[n];
    }
    unsigned opt = v[c] == best ? BIT(DMAP_STAY) : 0;
    for (int d = 1; d < DMAP_DIR_COUNT; d++) {
        int n = dmap_step(g, m, c, (dmap_dir)d);
        if (n >= 0 && !(blocked && blocked[n]) && v[n] == best) opt |= BIT(d);
    }
    return opt;
}

static void test_options_vs_plain(void) {
    dmap_rng r;
    dmap_rng_seed(&r, 5);
    const dmap_moves moves[3] = {dmap_moves_4(), dmap_moves_8(), dmap_moves_octile()};
    for (int t = 0; t < 30; t++) {
        int w = 2 + (int)dmap_rng_below(&r, 12), h = 2 + (int)dmap_rng_below(&r, 12);
        dmap_grid g;
        CHECK_EQ_INT(dmap_grid_init(&g, w, h), DMAP_OK);
        int n = w * h;
        double *v = malloc((size_t)n * sizeof *v);
        unsigned char *blocked = calloc((size_t)n, 1);
        for (int i = 0; i < n; i++) {
            g.wall[i] = dmap_rng_unit(&r) < 0.25;
            blocked[i] = dmap_rng_unit(&r) < 0.1;
            v[i] = (double)dmap_rng_below(&r, 4); /* few values: many ties */
        }
        const dmap_moves *m = &moves[t % 3];
        int bad = 0;
        for (int c = 0; c < n; c++) {
            if (g.wall[c]) continue;
            unsigned opt = 0;
            if (dmap_downhill_options(&g, m, v, c, t % 2 ? blocked : NULL, &opt) != DMAP_OK) bad++;
            if (opt != plain_options(&g, m, v, c, t % 2 ? blocked : NULL)) bad++;
        }
        CHECK_EQ_INT(bad, 0);
        free(v);
        free(blocked);
        dmap_grid_free(&g);
    }
}

static void test_pick_is_fair_and_seeded(void) {
    unsigned opt = BIT(DMAP_STAY) | BIT(DMAP_RIGHT) | BIT(DMAP_LEFT) | BIT(DMAP_DOWN_LEFT);
    int counts[DMAP_DIR_COUNT] = {0};
    dmap_rng r, again;
    dmap_rng_seed(&r, 2024);
    dmap_rng_seed(&again, 2024);
    int same = 1;
    const int draws = 40000;
    for (int i = 0; i < draws; i++) {
        dmap_dir d, e;
        CHECK(dmap_pick_option(opt, &r, &d) == DMAP_OK);
        dmap_pick_option(opt, &again, &e);
        same &= d == e;
        counts[d]++;
    }
    CHECK(same);
    int outside = 0;
    for (int d = 0; d < DMAP_DIR_COUNT; d++) {
        if (opt & BIT(d)) {
            /* 10000 expected; 5 sigma is about 433. */
            CHECK(abs(counts[d] - draws / 4) < 500);
        } else {
            outside += counts[d];
        }
    }
    CHECK_EQ_INT(outside, 0);
    /* A single option needs no draw and leaves the generator alone. */
    dmap_rng one, ref;
    dmap_rng_seed(&one, 9);
    dmap_rng_seed(&ref, 9);
    dmap_dir d;
    CHECK_EQ_INT(dmap_pick_option(BIT(DMAP_UP_LEFT), &one, &d), DMAP_OK);
    CHECK_EQ_INT(d, DMAP_UP_LEFT);
    CHECK(dmap_rng_next(&one) == dmap_rng_next(&ref));
}

/* Breadth-first distance from the goal cells (value 0) by the plainest loop, for the oracle. */
static void plain_bfs(const dmap_grid *g, const dmap_moves *m, const int *goals, int ngoals,
                      int *dist) {
    int n = g->w * g->h;
    for (int i = 0; i < n; i++) dist[i] = -1;
    for (int k = 0; k < ngoals; k++) dist[goals[k]] = 0;
    for (int level = 0, changed = 1; changed; level++) {
        changed = 0;
        for (int c = 0; c < n; c++) {
            if (dist[c] != level) continue;
            for (int d = 1; d < DMAP_DIR_COUNT; d++) {
                int nb = dmap_step(g, m, c, (dmap_dir)d);
                if (nb >= 0 && dist[nb] < 0) dist[nb] = level + 1, changed = 1;
            }
        }
    }
}

static void test_paths_on_random_grids(void) {
    dmap_rng r;
    dmap_rng_seed(&r, 77);
    for (int t = 0; t < 40; t++) {
        int w = 4 + (int)dmap_rng_below(&r, 30), h = 4 + (int)dmap_rng_below(&r, 30);
        int n = w * h;
        dmap_grid g;
        CHECK_EQ_INT(dmap_grid_init(&g, w, h), DMAP_OK);
        for (int i = 0; i < n; i++) g.wall[i] = dmap_rng_unit(&r) < 0.3;
        dmap_moves m = t % 2 ? dmap_moves_8() : dmap_moves_4();
        if (t % 4 == 3) m.corners = DMAP_CORNERS_STRICT;
        dmap_goal goals[3];
        int goal_cells[3], ngoals = 0;
        for (int k = 0; k < 3; k++) {
            int c = (int)dmap_rng_below(&r, (uint32_t)n);
            g.wall[c] = 0;
            goals[ngoals] = (dmap_goal){c % w, c / w, 0};
            goal_cells[ngoals++] = c;
        }
        double *v = malloc((size_t)n * sizeof *v);
        int *dist = malloc((size_t)n * sizeof *dist), *path = malloc((size_t)n * sizeof *path);
        int *again = malloc((size_t)n * sizeof *again);
        CHECK_EQ_INT(dmap_field(&g, &m, goals, (size_t)ngoals, 1e9, v, NULL), DMAP_OK);
        plain_bfs(&g, &m, goal_cells, ngoals, dist);
        int bad_len = 0, bad_step = 0, bad_end = 0, bad_seed = 0;
        for (int start = 0; start < n; start++) {
            if (g.wall[start]) continue;
            dmap_rng a, b;
            dmap_rng_seed(&a, (uint64_t)start);
            dmap_rng_seed(&b, (uint64_t)start);
            size_t len = 0, len2 = 0;
            if (dmap_downhill_path(&g, &m, v, start, NULL, &a, path, (size_t)n, &len) != DMAP_OK)
                bad_len++;
            dmap_downhill_path(&g, &m, v, start, NULL, &b, again, (size_t)n, &len2);
            if (len != len2 || memcmp(path, again, len * sizeof *path) != 0) bad_seed++;
            if (path[0] != start) bad_step++;
            for (size_t i = 1; i < len; i++) {
                int legal = 0;
                for (int d = 1; d < DMAP_DIR_COUNT; d++)
                    legal |= dmap_step(&g, &m, path[i - 1], (dmap_dir)d) == path[i];
                if (!legal || !(v[path[i]] < v[path[i - 1]])) bad_step++;
            }
            unsigned opt = 0;
            dmap_downhill_options(&g, &m, v, path[len - 1], NULL, &opt);
            if (!(opt & BIT(DMAP_STAY))) bad_end++;
            /* Unit steps: a reachable start rolls to a goal in exactly its BFS distance; an
             * unreachable one sits on the flat ceiling and stays. */
            size_t expect = dist[start] >= 0 ? (size_t)dist[start] + 1 : 1;
            if (len != expect) bad_len++;
            if (dist[start] >= 0 && v[path[len - 1]] != 0) bad_end++;
        }
        CHECK_EQ_INT(bad_len, 0);
        CHECK_EQ_INT(bad_step, 0);
        CHECK_EQ_INT(bad_end, 0);
        CHECK_EQ_INT(bad_seed, 0);
        free(v);
        free(dist);
        free(path);
        free(again);
        dmap_grid_free(&g);
    }
}

static void test_path_blocked_and_limit(void) {
    /* A 7x1 corridor, goal at x = 0, opponent at x = 2: from x = 5 the roll stops at x = 3. */
    dmap_grid g;
    CHECK_EQ_INT(dmap_grid_init(&g, 7, 1), DMAP_OK);
    dmap_moves m = dmap_moves_4();
    dmap_goal goal = {0, 0, 0};
    double v[7];
    CHECK_EQ_INT(dmap_field(&g, &m, &goal, 1, DMAP_DEFAULT_CEILING, v, NULL), DMAP_OK);
    unsigned char blocked[7] = {0, 0, 1, 0, 0, 0, 0};
    int path[7];
    size_t len = 0;
    CHECK_EQ_INT(dmap_downhill_path(&g, &m, v, 5, blocked, NULL, path, 7, &len), DMAP_OK);
    CHECK_EQ_INT(len, 3);
    CHECK_EQ_INT(path[0], 5);
    CHECK_EQ_INT(path[2], 3);
    /* Without the opponent: 6 cells; capacity 4 reports the need and keeps the prefix. */
    int small[4] = {-1, -1, -1, -1};
    CHECK_EQ_INT(dmap_downhill_path(&g, &m, v, 5, NULL, NULL, small, 4, &len), DMAP_ERR_LIMIT);
    CHECK_EQ_INT(len, 6);
    CHECK(small[0] == 5 && small[1] == 4 && small[2] == 3 && small[3] == 2);
    CHECK_EQ_INT(dmap_downhill_path(&g, &m, v, 5, NULL, NULL, NULL, 0, &len), DMAP_ERR_LIMIT);
    CHECK_EQ_INT(len, 6);
    /* From the goal itself: a path of one cell. */
    CHECK_EQ_INT(dmap_downhill_path(&g, &m, v, 0, NULL, NULL, path, 7, &len), DMAP_OK);
    CHECK_EQ_INT(len, 1);
    dmap_grid_free(&g);
}

static void test_bad_arguments(void) {
    dmap_grid g;
    CHECK_EQ_INT(dmap_grid_init(&g, 3, 3), DMAP_OK);
    g.wall[4] = 1;
    dmap_moves m = dmap_moves_4();
    double v[9] = {0};
    unsigned opt;
    int path[9];
    size_t len;
    dmap_rng r;
    dmap_rng_seed(&r, 1);
    dmap_dir d;
    CHECK_EQ_INT(dmap_downhill_options(&g, &m, v, 4, NULL, &opt), DMAP_ERR_WALL);
    CHECK_EQ_INT(dmap_downhill_options(&g, &m, v, 9, NULL, &opt), DMAP_ERR_RANGE);
    CHECK_EQ_INT(dmap_downhill_options(&g, &m, v, -1, NULL, &opt), DMAP_ERR_RANGE);
    CHECK_EQ_INT(dmap_downhill_options(&g, &m, v, 0, NULL, NULL), DMAP_ERR_ARG);
    CHECK_EQ_INT(dmap_downhill_options(&g, &m, NULL, 0, NULL, &opt), DMAP_ERR_ARG);
    CHECK_EQ_INT(dmap_downhill_options(NULL, &m, v, 0, NULL, &opt), DMAP_ERR_ARG);
    dmap_moves bad = m;
    bad.cardinal = -1;
    CHECK_EQ_INT(dmap_downhill_options(&g, &bad, v, 0, NULL, &opt), DMAP_ERR_ARG);
    v[0] = NAN;
    CHECK_EQ_INT(dmap_downhill_options(&g, &m, v, 0, NULL, &opt), DMAP_ERR_VALUE);
    CHECK_EQ_INT(dmap_downhill_path(&g, &m, v, 0, NULL, NULL, path, 9, &len), DMAP_ERR_VALUE);
    v[0] = 0;
    /* A NaN neighbour is never chosen. */
    v[1] = NAN;
    v[3] = -1;
    CHECK_EQ_INT(dmap_downhill_options(&g, &m, v, 0, NULL, &opt), DMAP_OK);
    CHECK_EQ_INT(opt, BIT(DMAP_DOWN));
    CHECK_EQ_INT(dmap_downhill_path(&g, &m, v, 0, NULL, NULL, path, 9, NULL), DMAP_ERR_ARG);
    CHECK_EQ_INT(dmap_downhill_path(&g, &m, v, 0, NULL, NULL, NULL, 9, &len), DMAP_ERR_ARG);
    CHECK_EQ_INT(dmap_pick_option(0, &r, &d), DMAP_ERR_ARG);
    CHECK_EQ_INT(dmap_pick_option(1u << DMAP_DIR_COUNT, &r, &d), DMAP_ERR_ARG);
    CHECK_EQ_INT(dmap_pick_option(1, NULL, &d), DMAP_ERR_ARG);
    CHECK_EQ_INT(dmap_pick_option(1, &r, NULL), DMAP_ERR_ARG);
    dmap_grid_free(&g);
}

int main(void) {
    test_article_examples();
    test_options_vs_plain();
    test_pick_is_fair_and_seeded();
    test_paths_on_random_grids();
    test_path_blocked_and_limit();
    test_bad_arguments();
    return check_report("test_downhill");
}
