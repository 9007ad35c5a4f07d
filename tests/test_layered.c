/* test_layered.c — state-layered search: with one state and unit moves it must equal the Dijkstra
 * map (dmap_field, itself checked against the sweep loop); with a slasher-like model (the Code of
 * Kutulu post-mortem's, arenas/kutulu/RULES.md) it must give the hand-computed earliest danger. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dmap.h"

/* ---- one state: plain moves --------------------------------------------------------------- */

typedef struct plain_model {
    const dmap_grid *g;
    const dmap_moves *m;
} plain_model;

static int plain_next(void *user, int cell, int state, dmap_transition *out, size_t cap) {
    const plain_model *pm = user;
    int count = 0;
    (void)state;
    for (int d = DMAP_UP; d < DMAP_DIR_COUNT; d++) {
        int to = dmap_step(pm->g, pm->m, cell, (dmap_dir)d);
        if (to < 0 || (size_t)count >= cap) continue;
        double wgt = d >= DMAP_UP_RIGHT ? pm->m->diagonal : pm->m->cardinal;
        out[count].cell = to;
        out[count].state = 0;
        out[count].duration = wgt * (pm->g->cost ? pm->g->cost[to] : 1.0);
        count++;
    }
    return count;
}

static void test_one_state_equals_field(void) {
    dmap_rng rng;
    dmap_rng_seed(&rng, 8);
    dmap_workspace *ws = NULL;
    dmap_workspace_new(&ws);
    int bad = 0;
    for (int t = 0; t < 300; t++) {
        int w = 1 + (int)dmap_rng_below(&rng, 20), h = 1 + (int)dmap_rng_below(&rng, 20);
        int n = w * h;
        dmap_grid g;
        dmap_grid_init(&g, w, h);
        for (int i = 0; i < n; i++) g.wall[i] = dmap_rng_unit(&rng) < 0.3;
        if (t % 3 == 0) {
            dmap_grid_add_costs(&g);
            for (int i = 0; i < n; i++) g.cost[i] = 1 + dmap_rng_below(&rng, 4);
        }
        dmap_moves m = t % 2 ? dmap_moves_octile() : dmap_moves_4();
        dmap_layer_source src[3];
        dmap_goal goals[3];
        size_t ns = 0;
        for (int k = 0; k < 3; k++) {
            int c = (int)dmap_rng_below(&rng, (uint32_t)n);
            if (g.wall[c]) continue;
            src[ns].cell = c;
            src[ns].state = 0;
            src[ns].time = (double)dmap_rng_below(&rng, 5);
            goals[ns].x = c % w;
            goals[ns].y = c / w;
            goals[ns].value = src[ns].time;
            ns++;
        }
        double *field = malloc(sizeof(double) * (size_t)n), *arr = malloc(sizeof(double) * (size_t)n);
        int *parent = malloc(sizeof(int) * (size_t)n);
        CHECK_EQ_INT(dmap_field(&g, &m, goals, ns, 1e9, field, ws), DMAP_OK);
        plain_model pm = {&g, &m};
        CHECK_EQ_INT(dmap_layered_search(n, 1, src, ns, plain_next, &pm, 8, INFINITY, arr, parent, ws),
                     DMAP_OK);
        for (int i = 0; i < n; i++) {
            double e = g.wall[i] || field[i] >= 1e9 ? INFINITY : field[i];
            if (isinf(e) ? !isinf(arr[i]) : fabs(arr[i] - e) > 1e-9) bad++;
            if (!isinf(arr[i]) && parent[i] >= 0 && !(arr[parent[i]] <= arr[i])) bad++;
        }
        free(field);
        free(arr);
        free(parent);
        dmap_grid_free(&g);
    }
    CHECK_EQ_INT(bad, 0);
    dmap_workspace_free(ws);
}

/* ---- a slasher-like model ------------------------------------------------------------------
 * States (after arenas/kutulu/RULES.md, simplified to what decides WHEN a cell can be hit):
 *   WANDER  — moves to a 4-neighbour in 1 turn; may start stalking at once (duration 0: it
 *             starts when it sees an explorer, and any cell it stands on may see one);
 *   STALK   — after 2 turns becomes RUSH at the same cell;
 *   RUSH    — strikes any cell in its line of sight (its own cell and the 4 straight rays,
 *             stopped by walls) 1 turn later: state STRIKE at that cell;
 *   STRIKE  — the fake "dealing damage now" state of the seed: at once STUNNED;
 *   STUNNED — after 6 turns WANDER again.
 * So a slasher wandering at s at time 0 can hit cell c at the earliest at
 *   3 + min { dist(s, p) : p sees c }   (2 stalking + 1 rushing), and a STUNNED one 6 later. */

enum { WANDER, STALK, RUSH, STRIKE, STUNNED, NSTATES };

static int slasher_next(void *user, int cell, int state, dmap_transition *out, size_t cap) {
    const dmap_grid *g = user;
    dmap_moves m4 = dmap_moves_4();
    int count = 0;
#define EMIT(c, s, d)                                                                          \
    do {                                                                                       \
        if ((size_t)count >= cap) return DMAP_ERR_LIMIT;                                       \
        out[count].cell = (c);                                                                 \
        out[count].state = (s);                                                                \
        out[count].duration = (d);                                                             \
        count++;                                                                               \
    } while (0)
    switch (state) {
    case WANDER:
        for (int d = DMAP_UP; d <= DMAP_LEFT; d++) {
            int to = dmap_step(g, &m4, cell, (dmap_dir)d);
            if (to >= 0) EMIT(to, WANDER, 1.0);
        }
        EMIT(cell, STALK, 0.0);
        break;
    case STALK: EMIT(cell, RUSH, 2.0); break;
    case RUSH:
        EMIT(cell, STRIKE, 1.0);
        for (int d = DMAP_UP; d <= DMAP_LEFT; d++)
            for (int c = dmap_step(g, &m4, cell, (dmap_dir)d); c >= 0;
                 c = dmap_step(g, &m4, c, (dmap_dir)d))
                EMIT(c, STRIKE, 1.0);
        break;
    case STRIKE: EMIT(cell, STUNNED, 0.0); break;
    case STUNNED: EMIT(cell, WANDER, 6.0); break;
    default: return DMAP_ERR_ARG;
    }
#undef EMIT
    return count;
}

/* The map (5x3), slasher at S = (0,1):
 *     . . # . .
 *     S . # . .
 *     . . . . .
 * Walking distances from S: (0,0) 1, (1,1) 1, (0,2) 1, (1,0) 2, (1,2) 2, (2,2) 3, (3,2) 4,
 * (4,2) 5, (3,1) 5, (3,0) 6, (4,1) 6, (4,0) 7.
 * Earliest strike = 3 + nearest distance to a cell seeing c:
 *   column 0 and (1,1) see S itself -> 3. (1,0): sees (0,0) [1] and (1,1) [1] -> 4.
 *   (1,2), (2,2), (3,2), (4,2): row 2 sees (0,2) [1] -> 4 (the wall at (2,1) stops column
 *   2, so (2,2) does not see row 0). (3,0), (3,1): column 3 sees (3,2) [4] -> 7; the wall
 *   hides row 0/1 to the left. (4,0), (4,1): column 4 sees (4,2) [5] -> 8.
 * Second case: S is STUNNED at time 0 (+6 to all of the above), and another slasher starts
 * WANDERING at (4,2) at time 2: it strikes at 2 + 3 + nearest seeing distance from (4,2):
 *   row 2 and column 4 see (4,2) -> 5; (3,0), (3,1) see (3,2) [1] -> 6; (1,0), (1,1) see
 *   (1,2) [3] -> 8; (0,0), (0,1) see (0,2) [4] -> 9. The minimum of both is the expectation. */
static const double W = -1; /* wall marker in the expectations */
static const double slasher_alone[15] = {3, 4, W, 7, 8, 3, 3, W, 7, 8, 3, 4, 4, 4, 4};
static const double slasher_pair[15] = {9, 8, W, 6, 5, 9, 8, W, 6, 5, 5, 5, 5, 5, 5};

static void check_strike_layer(const double *arrival, const double *expect, const char *what) {
    int bad = 0;
    for (int i = 0; i < 15; i++) {
        double got = arrival[STRIKE * 15 + i];
        if (expect[i] == W ? !isinf(got) : got != expect[i]) bad++;
    }
    CHECK_EQ_INT(bad, 0);
    if (bad) {
        fprintf(stderr, "%s strike layer:", what);
        for (int i = 0; i < 15; i++) fprintf(stderr, "%s%g", i % 5 ? " " : "\n  ", arrival[STRIKE * 15 + i]);
        fputc('\n', stderr);
    }
}

static void test_slasher(void) {
    dmap_grid g;
    dmap_grid_init(&g, 5, 3);
    g.wall[2] = g.wall[7] = 1;
    double arrival[15 * NSTATES];
    int parent[15 * NSTATES];
    const int cap = 5 + 3 + 5;
    dmap_layer_source one = {5, WANDER, 0.0};
    CHECK_EQ_INT(dmap_layered_search(15, NSTATES, &one, 1, slasher_next, &g, cap, INFINITY,
                                     arrival, parent, NULL),
                 DMAP_OK);
    check_strike_layer(arrival, slasher_alone, "alone");
    /* the path to the strike at (3,0): walk to (3,2) (4 steps), stalk, rush, strike */
    int path[32];
    size_t len = 0;
    CHECK_EQ_INT(dmap_parent_path(parent, arrival, 15 * NSTATES, STRIKE * 15 + 3, path, 32, &len),
                 DMAP_OK);
    CHECK_EQ_INT(len, 8);
    CHECK_EQ_INT(path[0], WANDER * 15 + 5);
    CHECK_EQ_INT(path[len - 3], STALK * 15 + 13);
    CHECK_EQ_INT(path[len - 2], RUSH * 15 + 13);
    CHECK_EQ_INT(path[len - 1], STRIKE * 15 + 3);

    dmap_layer_source two[2] = {{5, STUNNED, 0.0}, {14, WANDER, 2.0}};
    CHECK_EQ_INT(dmap_layered_search(15, NSTATES, two, 2, slasher_next, &g, cap, INFINITY,
                                     arrival, NULL, NULL),
                 DMAP_OK);
    check_strike_layer(arrival, slasher_pair, "pair");

    /* horizon: nothing later than 5 is recorded */
    CHECK_EQ_INT(dmap_layered_search(15, NSTATES, &one, 1, slasher_next, &g, cap, 5.0, arrival,
                                     NULL, NULL),
                 DMAP_OK);
    int bad = 0;
    for (int i = 0; i < 15; i++) {
        double e = slasher_alone[i] == W || slasher_alone[i] > 5 ? INFINITY : slasher_alone[i];
        if (arrival[STRIKE * 15 + i] != e) bad++;
    }
    CHECK_EQ_INT(bad, 0);

    /* errors: the callback's own code comes back; a too small cap is caught */
    CHECK_EQ_INT(dmap_layered_search(15, NSTATES, &one, 1, slasher_next, &g, 3, INFINITY, arrival,
                                     NULL, NULL),
                 DMAP_ERR_LIMIT);
    dmap_layer_source bad_src = {15, 0, 0.0};
    CHECK_EQ_INT(dmap_layered_search(15, NSTATES, &bad_src, 1, slasher_next, &g, cap, INFINITY,
                                     arrival, NULL, NULL),
                 DMAP_ERR_RANGE);
    dmap_layer_source nan_src = {0, 0, NAN};
    CHECK_EQ_INT(dmap_layered_search(15, NSTATES, &nan_src, 1, slasher_next, &g, cap, INFINITY,
                                     arrival, NULL, NULL),
                 DMAP_ERR_VALUE);
    dmap_layer_source early_src = {0, 0, -5.0}; /* the header: a negative time is an error */
    CHECK_EQ_INT(dmap_layered_search(15, NSTATES, &early_src, 1, slasher_next, &g, cap, INFINITY,
                                     arrival, NULL, NULL),
                 DMAP_ERR_VALUE);
    CHECK_EQ_INT(dmap_layered_search(15, 0, &one, 1, slasher_next, &g, cap, INFINITY, arrival,
                                     NULL, NULL),
                 DMAP_ERR_ARG);
    CHECK_EQ_INT(dmap_layered_search(1 << 20, 1 << 10, &one, 1, slasher_next, &g, cap, INFINITY,
                                     arrival, NULL, NULL),
                 DMAP_ERR_SIZE);
    dmap_grid_free(&g);
}

/* Bad transitions from a callback are rejected. */
static int bad_duration_next(void *user, int cell, int state, dmap_transition *out, size_t cap) {
    (void)user;
    (void)state;
    (void)cap;
    out[0].cell = (cell + 1) % 4;
    out[0].state = 0;
    out[0].duration = -1;
    return 1;
}
static int too_many_next(void *user, int cell, int state, dmap_transition *out, size_t cap) {
    (void)user;
    (void)cell;
    (void)state;
    (void)out;
    return (int)cap + 1;
}

static void test_bad_callbacks(void) {
    double arrival[4];
    dmap_layer_source s = {0, 0, 0.0};
    CHECK_EQ_INT(dmap_layered_search(4, 1, &s, 1, bad_duration_next, NULL, 1, INFINITY, arrival,
                                     NULL, NULL),
                 DMAP_ERR_VALUE);
    CHECK_EQ_INT(dmap_layered_search(4, 1, &s, 1, too_many_next, NULL, 1, INFINITY, arrival, NULL,
                                     NULL),
                 DMAP_ERR_ARG);
}

int main(void) {
    test_one_state_equals_field();
    test_slasher();
    test_bad_callbacks();
    return check_report("test_layered");
}
