/* test_steady_state.c — the toolkit functions a bot calls every tick do not allocate once
 * warmed up ("bots must use workspaces so a game does no allocation per tick in steady state").
 *
 * Two oracles:
 *   - the workspace: after a first pass over a set of inputs, a second pass over the same
 *     inputs leaves dmap_workspace_bytes unchanged (for every function that takes one);
 *   - an allocation counter: where the linker supports --wrap (GNU ld, lld; set up in
 *     tests/CMakeLists.txt, which then defines DMAP_TEST_COUNT_ALLOCS), every malloc, calloc
 *     and realloc made by the library and the arena is counted, and the second pass must make
 *     none — this also covers the functions without a workspace (downhill, pick, filters,
 *     minimax) and, when the pursuit arena is built (DMAP_TEST_WITH_PURSUIT), whole bot
 *     decisions. Without --wrap only the first oracle runs.
 * Inputs: 8x8 game boards (the bitset BFS, the scan's small cases) and 48x40 grids (the queue
 * BFS, radix-sorted seeds), 4-, 8- and octile moves. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dmap.h"
#ifdef DMAP_TEST_WITH_PURSUIT
#include "pursuit.h"
#endif

/* ---- the allocation counter ------------------------------------------------------------------- */

static long allocations;

#ifdef DMAP_TEST_COUNT_ALLOCS
void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t n);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t n);

void *__wrap_malloc(size_t n) {
    allocations++;
    return __real_malloc(n);
}
void *__wrap_calloc(size_t n, size_t size) {
    allocations++;
    return __real_calloc(n, size);
}
void *__wrap_realloc(void *p, size_t n) {
    allocations++;
    return __real_realloc(p, n);
}
#endif

/* ---- inputs ----------------------------------------------------------------------------------- */

enum { SMALL = 6, LARGE = 2, GRIDS = SMALL + LARGE, PASSES = 2 };

typedef struct input {
    dmap_grid g;
    int cells[3]; /* three distinct passable cells */
} input;

static input inputs[GRIDS];

static void make_inputs(void) {
    dmap_rng r;
    dmap_rng_seed(&r, 2024);
    for (int k = 0; k < GRIDS; k++) {
        int w = k < SMALL ? 8 : 48, h = k < SMALL ? 8 : 40;
        input *in = &inputs[k];
        CHECK_EQ_INT(dmap_grid_init(&in->g, w, h), DMAP_OK);
        for (int i = 0; i < w * h; i++) in->g.wall[i] = dmap_rng_unit(&r) < 0.2;
        for (int j = 0; j < 3; j++) {
            int c;
            do c = (int)dmap_rng_below(&r, (uint32_t)(w * h));
            while (j > 0 && (c == in->cells[0] || c == in->cells[j - 1]));
            in->cells[j] = c;
            in->g.wall[c] = 0;
        }
    }
}

static dmap_moves moves_of(int k) {
    if (k % 3 == 0) return dmap_moves_4();
    if (k % 3 == 1) return dmap_moves_8();
    return dmap_moves_octile();
}

/* ---- one tick's worth of toolkit calls ----------------------------------------------------------- */

typedef struct scratch {
    double a[48 * 40], b[48 * 40];
    int depth[48 * 40], parent[48 * 40];
    unsigned char bytes[48 * 40];
    double layers[2 * 48 * 40]; /* the layered search's two states */
    int layer_parent[2 * 48 * 40];
    dmap_grid copy; /* 48x40 for burying, shrunk to the input's shape */
} scratch;

static int layered_next(void *user, int cell, int state, dmap_transition *out, size_t cap) {
    const dmap_grid *g = user;
    dmap_moves four = dmap_moves_4();
    int n = 0;
    for (int d = DMAP_UP; d <= DMAP_LEFT && (size_t)n < cap; d++) {
        int to = dmap_step(g, &four, cell, (dmap_dir)d);
        if (to >= 0) out[n++] = (dmap_transition){to, state, 1.0};
    }
    if ((size_t)n < cap) out[n++] = (dmap_transition){cell, 1 - state, 0.5};
    return n;
}

static double score_index(void *user, int move) {
    (void)user;
    return move % 2;
}

static double outcome(void *user, int mine, const int *opp, size_t nopp) {
    (void)user;
    double v = mine;
    for (size_t j = 0; j < nopp; j++) v -= opp[j];
    return v;
}

/* Every function once on input k. Returns the number of calls that failed. */
static int one_tick(int k, scratch *s, dmap_workspace *ws, dmap_rng *rng) {
    const input *in = &inputs[k];
    const dmap_grid *g = &in->g;
    dmap_moves m = moves_of(k);
    size_t n = (size_t)g->w * (size_t)g->h;
    int bad = 0, yes = 0;
    dmap_goal goals[2] = {{in->cells[0] % g->w, in->cells[0] / g->w, 0},
                          {in->cells[1] % g->w, in->cells[1] / g->w, 3}};
    bad += dmap_field(g, &m, goals, 2, 1e6, s->a, ws) != DMAP_OK;
    memcpy(s->b, s->a, n * sizeof(double));
    s->b[in->cells[2]] = -5;
    bad += dmap_scan(g, &m, s->b, ws) != DMAP_OK;
    bad += dmap_flee(g, &m, s->a, DMAP_FLEE_FACTOR, s->b, ws) != DMAP_OK;
    bad += dmap_bfs(g, &m, in->cells, 2, -1, s->depth, NULL, ws) != DMAP_OK;
    bad += dmap_bfs(g, &m, in->cells, 3, 4, s->depth, s->parent, ws) != DMAP_OK;
    bad += dmap_reachable(g, &m, in->cells[0], s->bytes, NULL, ws) != DMAP_OK;
    bad += dmap_can_move_to(g, &m, in->cells[0], in->cells[2], &yes, ws) != DMAP_OK;
    s->copy.w = g->w;
    s->copy.h = g->h;
    memcpy(s->copy.wall, g->wall, n);
    bad += dmap_bury_dead_ends(&s->copy, in->cells, 2, 0, s->bytes, NULL, ws) != DMAP_OK;
    bad += dmap_threat_map(g, &m, in->cells[1], 1.0, 20.0, s->a, ws) != DMAP_OK;
    dmap_enemy enemies[2] = {{in->cells[1], 0, 1e9}, {in->cells[2], 2, 1e9}};
    bad += dmap_timing_map(g, &m, enemies, 2, s->a, ws) != DMAP_OK;
    bad += dmap_safe_walk(g, &m, s->a, in->cells[0], 0.0, s->b, s->parent, NULL, ws) != DMAP_OK;
    dmap_layer_source src = {in->cells[0], 0, 0.0};
    bad += dmap_layered_search(n, 2, &src, 1, layered_next, (void *)g, 5, 1e9, s->layers,
                               s->layer_parent, ws) != DMAP_OK;
    /* the functions without a workspace */
    unsigned options = 0;
    dmap_dir d;
    bad += dmap_downhill_options(g, &m, s->b, in->cells[0], NULL, &options) != DMAP_OK;
    bad += dmap_pick_option(options ? options : 1u, rng, &d) != DMAP_OK;
    int cands[9] = {0, 1, 2, 3, 4, 5, 6, 7, 8};
    size_t ncands = 9;
    dmap_filter f = {DMAP_FILTER_KEEP_MAX, score_index, NULL};
    bad += dmap_filter_moves(cands, &ncands, &f, 1, NULL) != DMAP_OK;
    size_t nopp[3] = {5, 5, 2};
    double worst[5];
    int best[5];
    size_t nbest;
    bad += dmap_minimax_moves(5, nopp, 3, outcome, NULL, worst, NULL, best, &nbest) != DMAP_OK;
    return bad;
}

static void test_toolkit_calls(void) {
    make_inputs();
    scratch *s = malloc(sizeof *s);
    CHECK(s != NULL);
    if (!s) return;
    CHECK_EQ_INT(dmap_grid_init(&s->copy, 48, 40), DMAP_OK);
    dmap_workspace *ws = NULL;
    dmap_workspace_new(&ws);
    dmap_rng rng;
    dmap_rng_seed(&rng, 7);
    size_t bytes[PASSES];
    long allocs[PASSES];
    for (int pass = 0; pass < PASSES; pass++) {
        long before = allocations;
        int bad = 0;
        for (int k = 0; k < GRIDS; k++) bad += one_tick(k, s, ws, &rng);
        CHECK_EQ_INT(bad, 0);
        bytes[pass] = dmap_workspace_bytes(ws);
        allocs[pass] = allocations - before;
    }
    CHECK(bytes[0] > 0);
    CHECK_EQ_INT(bytes[1], bytes[0]);
#ifdef DMAP_TEST_COUNT_ALLOCS
    CHECK(allocs[0] > 0); /* the counter works: the first pass grew the workspace */
    CHECK_EQ_INT(allocs[1], 0);
#endif
    (void)allocs;
    dmap_workspace_free(ws);
    dmap_grid_free(&s->copy);
    for (int k = 0; k < GRIDS; k++) dmap_grid_free(&inputs[k].g);
    free(s);
}

/* The bots themselves: a game's decisions, after its first clocks, allocate nothing. Every
 * pairing plays 30 clocks on a few boards, capture or not (as the benchmark's forced games);
 * allocations are counted over the decisions of clocks 11..30. */
static void test_bot_decisions(void) {
#if defined(DMAP_TEST_COUNT_ALLOCS) && defined(DMAP_TEST_WITH_PURSUIT)
    const kit_bot_table *preds = pursuit_seat_bots(PURSUIT_PREDATOR);
    const kit_bot_table *preys = pursuit_seat_bots(PURSUIT_PREY);
    for (int p = 0; p < preds->n; p++)
        for (int q = 0; q < preys->n; q++) {
            const pursuit_bot *pred = (const pursuit_bot *)preds->bots[p];
            const pursuit_bot *prey = (const pursuit_bot *)preys->bots[q];
            long late = 0;
            for (uint64_t seed = 1; seed <= 4; seed++) {
                pursuit_world w;
                CHECK_EQ_INT(pursuit_world_random(&w, 8, 0.2, seed), DMAP_OK);
                pursuit_view v = {&w.grid, w.predator, w.prey, 1, 30, PURSUIT_PREDATOR};
                pursuit_view vy = v;
                vy.role = PURSUIT_PREY;
                void *ps = NULL, *ys = NULL;
                if (pred->init) CHECK_EQ_INT(pred->init(&ps, &v, seed), DMAP_OK);
                if (prey->init) CHECK_EQ_INT(prey->init(&ys, &vy, seed + 100), DMAP_OK);
                for (int clock = 1; clock <= 30; clock++) {
                    v.clock = vy.clock = clock;
                    long before = allocations;
                    pursuit_action pm = 's', ym = 's';
                    CHECK_EQ_INT(pred->decide(ps, &v, &pm), DMAP_OK);
                    CHECK_EQ_INT(prey->decide(ys, &vy, &ym), DMAP_OK);
                    if (clock > 10) late += allocations - before;
                    v.predator = pursuit_apply_move(&w.grid, v.predator, pm);
                    if (!pursuit_prey_rests(clock))
                        v.prey = pursuit_apply_move(&w.grid, v.prey, ym);
                    vy.predator = v.predator;
                    vy.prey = v.prey;
                }
                if (pred->release) pred->release(ps);
                if (prey->release) prey->release(ys);
                pursuit_world_free(&w);
            }
            if (late != 0)
                fprintf(stderr, "test_steady_state: %s vs %s: %ld allocations in late decisions\n",
                        pred->info.name, prey->info.name, late);
            CHECK_EQ_INT(late, 0);
        }
#endif
}

int main(void) {
    test_toolkit_calls();
    test_bot_decisions();
    return check_report("test_steady_state");
}
