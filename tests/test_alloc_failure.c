/* test_alloc_failure.c — every allocation failure handled, the way SQLite proves it.
 *
 * malloc, calloc, realloc and free are wrapped at link time (tests/CMakeLists.txt adds
 * -Wl,--wrap=... for this test and defines DMAP_TEST_WRAP_ALLOC). For each public function
 * that allocates, a scenario runs the call once to count its allocations, then once more for
 * every N from 1 to that count with the N-th allocation failing. Each failing run must:
 *   - return DMAP_ERR_NOMEM (a NULL object for the constructors that return one);
 *   - leak nothing: every block allocated during the run is freed once the scenario has freed
 *     what a successful call would hand over (the wrappers track live blocks by address);
 *   - leave what the contract promises (a zeroed grid, an unchanged grid after burying, ...);
 *   - and then work normally: the same call on the same workspace or object, with no failure,
 *     gives the result of a call that never failed.
 * Where the linker cannot wrap (not GNU ld or lld), the test says so and fails: a check that
 * cannot run is not a pass. */
#define _DEFAULT_SOURCE /* mkstemps, fdopen */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dmap.h"

#ifndef DMAP_TEST_WRAP_ALLOC
int main(void) {
    fprintf(stderr, "test_alloc_failure: built without --wrap for malloc; cannot inject failures\n");
    return 1;
}
#else

/* ---- the allocation hook ------------------------------------------------------------------ */

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t n);
void __real_free(void *p);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t n);
void __wrap_free(void *p);

static long alloc_count;  /* allocations while armed */
static long fail_at;      /* fail the fail_at-th allocation while armed (0: none) */
static int armed;         /* inject only inside the call under test */
static int failed;        /* the injected failure happened */

/* Live blocks allocated through the wrappers, by address (open addressing, linear probing;
 * deleted slots hold a tombstone). Only blocks made while tracking is on are recorded. */
#define LIVE_SLOTS (1u << 20)
#define TOMBSTONE ((void *)1)
static void *live[LIVE_SLOTS];
static long live_count;
static int tracking;

static size_t slot_of(void *p) { return (size_t)(((uintptr_t)p >> 4) * 2654435761u) & (LIVE_SLOTS - 1); }

static void live_add(void *p) {
    if (!p || !tracking) return;
    size_t i = slot_of(p);
    while (live[i] && live[i] != TOMBSTONE) i = (i + 1) & (LIVE_SLOTS - 1);
    live[i] = p;
    live_count++;
}

static void live_remove(void *p) {
    if (!p) return;
    size_t i = slot_of(p);
    while (live[i]) {
        if (live[i] == p) {
            live[i] = TOMBSTONE;
            live_count--;
            return;
        }
        i = (i + 1) & (LIVE_SLOTS - 1);
    }
}

static int should_fail(size_t n) {
    if (!armed || n == 0) return 0;
    alloc_count++;
    if (fail_at && alloc_count == fail_at) {
        failed = 1;
        return 1;
    }
    return 0;
}

void *__wrap_malloc(size_t n) {
    if (should_fail(n)) return NULL;
    void *p = __real_malloc(n);
    live_add(p);
    return p;
}

void *__wrap_calloc(size_t n, size_t size) {
    if (should_fail(n * size)) return NULL;
    void *p = __real_calloc(n, size);
    live_add(p);
    return p;
}

void *__wrap_realloc(void *p, size_t n) {
    if (should_fail(n)) return NULL; /* like a real failure: p stays valid and owned */
    void *q = __real_realloc(p, n);
    if (q || n == 0) live_remove(p);
    live_add(q);
    return q;
}

void __wrap_free(void *p) {
    live_remove(p);
    __real_free(p);
}

/* ---- the harness ---------------------------------------------------------------------------- */

static long points;       /* (function, N) failure points exercised */
static const char *scenario;
static long cur_n, total_n;
static long live_at_start;

/* CHECK_ALLOC(cond): the harness's CHECK, its message naming the scenario and the failing
 * allocation. */
#define CHECK_ALLOC(cond)                                                                     \
    CHECK(cond, "%s, failing allocation %ld of %ld: %s", scenario, cur_n, total_n, #cond)

/* Runs the loop body once with no failure (counting), then once per failure point. */
#define FOR_EACH_FAILURE(name) for (begin(name); next_point();)

static void begin(const char *name) {
    scenario = name;
    cur_n = -1;
    total_n = 0;
}

static int next_point(void) {
    if (cur_n >= 0 && live_count != live_at_start) {
        CHECK(0, "%s: %ld block(s) leaked with allocation %ld of %ld failing", scenario,
              live_count - live_at_start, cur_n, total_n);
    }
    cur_n++;
    if (cur_n > 0 && cur_n > total_n) {
        if (total_n == 0) {
            CHECK(0, "%s: the call allocated nothing (scenario too small?)", scenario);
        }
        return 0;
    }
    if (cur_n > 0) points++;
    tracking = 1;
    live_at_start = live_count;
    return 1;
}

/* Around the call under test. */
static void arm(void) {
    alloc_count = 0;
    failed = 0;
    fail_at = cur_n;
    armed = 1;
}

static void disarm(void) {
    armed = 0;
    if (cur_n == 0) total_n = alloc_count;
}

/* The return code the call must give: NOMEM when the injected failure happened. */
static int expected_rc(void) { return failed ? DMAP_ERR_NOMEM : DMAP_OK; }

/* ---- inputs ----------------------------------------------------------------------------------- */

enum { W = 23, H = 17, N = W * H };

static const char *maze_text =
    ".......#...............\n"
    ".#####.#.#####.#######.\n"
    ".#...#.#.#...#.......#.\n"
    ".#.#.#.#.#.#.#######.#.\n"
    ".#.#...#...#.........#.\n"
    ".#.#########.#########.\n"
    ".#.........#.#.......#.\n"
    ".#########.#.#.#####.#.\n"
    ".........#.#.#.#...#.#.\n"
    "########.#.#.#.#.#.#.#.\n"
    "#......#.#...#...#...#.\n"
    "#.####.#.#########.###.\n"
    "#.#..#.#.........#.#...\n"
    "#.#.##.#########.#.#.##\n"
    "#.#..............#.#...\n"
    "#.################.###.\n"
    "#......................\n";

static dmap_grid maze(void) {
    dmap_grid g;
    dmap_diag d;
    if (dmap_parse_text_map(maze_text, strlen(maze_text), &g, NULL, &d) != DMAP_OK) {
        fprintf(stderr, "test_alloc_failure: the maze does not parse: %s\n", d.message);
        exit(1);
    }
    return g;
}

static dmap_grid maze_with_costs(void) {
    dmap_grid g = maze();
    if (dmap_grid_add_costs(&g) != DMAP_OK) exit(1);
    for (int i = 0; i < N; i++) g.cost[i] = 1.0 + (double)((i * 7) % 5) * 0.25;
    return g;
}

static int same_doubles(const double *a, const double *b, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (memcmp(&a[i], &b[i], sizeof a[i]) != 0) return 0;
    return 1;
}

static int is_zero_grid(const dmap_grid *g) { return g->w == 0 && g->h == 0 && !g->wall && !g->cost; }

/* ---- scenarios: grids and readers ----------------------------------------------------------- */

static void grids(void) {
    FOR_EACH_FAILURE("dmap_grid_init") {
        dmap_grid g;
        memset(&g, 0x55, sizeof g);
        arm();
        int rc = dmap_grid_init(&g, 40, 30);
        disarm();
        CHECK_ALLOC(rc == expected_rc());
        if (rc != DMAP_OK) CHECK_ALLOC(is_zero_grid(&g));
        if (rc != DMAP_OK) CHECK_ALLOC(dmap_grid_init(&g, 40, 30) == DMAP_OK);
        dmap_grid_free(&g);
    }
    FOR_EACH_FAILURE("dmap_grid_add_costs") {
        dmap_grid g = maze();
        arm();
        int rc = dmap_grid_add_costs(&g);
        disarm();
        CHECK_ALLOC(rc == expected_rc());
        if (rc != DMAP_OK) CHECK_ALLOC(g.cost == NULL && g.wall != NULL);
        if (rc != DMAP_OK) CHECK_ALLOC(dmap_grid_add_costs(&g) == DMAP_OK);
        CHECK_ALLOC(g.cost && g.cost[5] == 1.0);
        dmap_grid_free(&g);
    }
}

static void readers(void) {
    static const char *mai = "type octile\nheight 3\nwidth 4\nmap\n.@T.\n..G.\nS...\n";
    static const char *scen = "version 1\n0\tm.map\t4\t3\t0\t0\t3\t2\t3.82842712\n"
                              "1\tm.map\t4\t3\t1\t0\t3\t0\t2\n";
    FOR_EACH_FAILURE("dmap_parse_text_map") {
        dmap_grid g;
        char *chars = (char *)1;
        arm();
        int rc = dmap_parse_text_map(maze_text, strlen(maze_text), &g, &chars, NULL);
        disarm();
        CHECK_ALLOC(rc == expected_rc());
        if (rc != DMAP_OK) {
            CHECK_ALLOC(is_zero_grid(&g));
            CHECK_ALLOC(dmap_parse_text_map(maze_text, strlen(maze_text), &g, &chars, NULL) == DMAP_OK);
        }
        CHECK_ALLOC(g.w == W && g.h == H && chars && chars[7] == '#');
        free(chars);
        dmap_grid_free(&g);
    }
    FOR_EACH_FAILURE("dmap_parse_movingai_map") {
        dmap_grid g;
        char *chars = NULL;
        arm();
        int rc = dmap_parse_movingai_map(mai, strlen(mai), &g, &chars, NULL);
        disarm();
        CHECK_ALLOC(rc == expected_rc());
        if (rc != DMAP_OK) {
            CHECK_ALLOC(is_zero_grid(&g));
            CHECK_ALLOC(dmap_parse_movingai_map(mai, strlen(mai), &g, &chars, NULL) == DMAP_OK);
        }
        CHECK_ALLOC(g.w == 4 && g.wall[1] && chars && chars[1] == '@');
        free(chars);
        dmap_grid_free(&g);
    }
    FOR_EACH_FAILURE("dmap_format_text_map") {
        dmap_grid g = maze();
        char *text = NULL;
        size_t len = 0;
        arm();
        int rc = dmap_format_text_map(&g, NULL, &text, &len);
        disarm();
        CHECK_ALLOC(rc == expected_rc());
        if (rc != DMAP_OK) CHECK_ALLOC(dmap_format_text_map(&g, NULL, &text, &len) == DMAP_OK);
        CHECK_ALLOC(text && len == strlen(maze_text) && memcmp(text, maze_text, len) == 0);
        free(text);
        dmap_grid_free(&g);
    }
    FOR_EACH_FAILURE("dmap_parse_scen") {
        dmap_scen_query *q = (dmap_scen_query *)1;
        size_t count = 99;
        arm();
        int rc = dmap_parse_scen(scen, strlen(scen), &q, &count, NULL);
        disarm();
        CHECK_ALLOC(rc == expected_rc());
        if (rc != DMAP_OK) {
            CHECK_ALLOC(q == NULL && count == 0);
            CHECK_ALLOC(dmap_parse_scen(scen, strlen(scen), &q, &count, NULL) == DMAP_OK);
        }
        CHECK_ALLOC(count == 2 && q && q[1].goal_x == 3);
        free(q);
    }
    char path[] = "/tmp/dmap_alloc_failure_XXXXXX.txt";
    FILE *f = NULL;
    int fd = mkstemps(path, 4);
    if (fd >= 0) f = fdopen(fd, "w");
    if (!f || fputs(maze_text, f) < 0 || fclose(f) != 0) {
        CHECK(0, "test_alloc_failure: cannot write %s", path);
        return;
    }
    FOR_EACH_FAILURE("dmap_read_file") {
        char *text = NULL;
        size_t len = 0;
        arm();
        int rc = dmap_read_file(path, &text, &len, NULL);
        disarm();
        CHECK_ALLOC(rc == expected_rc());
        if (rc != DMAP_OK) CHECK_ALLOC(dmap_read_file(path, &text, &len, NULL) == DMAP_OK);
        CHECK_ALLOC(text && len == strlen(maze_text) && memcmp(text, maze_text, len) == 0);
        free(text);
    }
    remove(path);
}

static void values_text(void) {
    dmap_grid g = maze();
    double v[N];
    dmap_goal goal = {0, 0, -1.5};
    if (dmap_field(&g, &(dmap_moves){4, 1, 1, DMAP_CORNERS_CUT}, &goal, 1, DMAP_NO_CEILING, v,
                   NULL) != DMAP_OK)
        exit(1);
    char *ref = NULL;
    size_t ref_len = 0;
    tracking = 0;
    if (dmap_format_values(&g, v, DMAP_VALUES_CSV, &ref, &ref_len, NULL) != DMAP_OK) exit(1);
    FOR_EACH_FAILURE("dmap_format_values") {
        char *text = (char *)1;
        size_t len = 0;
        arm();
        int rc = dmap_format_values(&g, v, DMAP_VALUES_CSV, &text, &len, NULL);
        disarm();
        CHECK_ALLOC(rc == expected_rc());
        if (rc != DMAP_OK) {
            CHECK_ALLOC(text == NULL);
            CHECK_ALLOC(dmap_format_values(&g, v, DMAP_VALUES_CSV, &text, &len, NULL) == DMAP_OK);
        }
        CHECK_ALLOC(text && len == ref_len && memcmp(text, ref, len) == 0);
        free(text);
    }
    FOR_EACH_FAILURE("dmap_parse_values_csv") {
        dmap_grid back;
        double *values = (double *)1;
        arm();
        int rc = dmap_parse_values_csv(ref, ref_len, &back, &values, NULL);
        disarm();
        CHECK_ALLOC(rc == expected_rc());
        if (rc != DMAP_OK) {
            CHECK_ALLOC(is_zero_grid(&back) && values == NULL);
            CHECK_ALLOC(dmap_parse_values_csv(ref, ref_len, &back, &values, NULL) == DMAP_OK);
        }
        CHECK_ALLOC(values && back.w == W && back.wall[7] && values[5] == v[5]);
        free(values);
        dmap_grid_free(&back);
    }
    tracking = 0;
    free(ref);
    dmap_grid_free(&g);
}

/* ---- scenarios: scans and searches, each with a fresh workspace that must work afterwards --- */

typedef int (*ws_call)(const dmap_grid *g, dmap_workspace *ws, double *out);

/* Runs call with every failure point; out holds n doubles compared with a clean run's. */
static void with_workspace(const char *name, const dmap_grid *g, ws_call call, size_t n) {
    double *ref = malloc(n * sizeof *ref), *out = malloc(n * sizeof *out);
    if (!ref || !out || call(g, NULL, ref) != DMAP_OK) {
        CHECK(0, "%s: the clean call failed", name);
        free(ref);
        free(out);
        return;
    }
    FOR_EACH_FAILURE(name) {
        dmap_workspace *ws = NULL;
        dmap_workspace_new(&ws);
        CHECK_ALLOC(ws != NULL);
        arm();
        int rc = call(g, ws, out);
        disarm();
        CHECK_ALLOC(rc == expected_rc());
        if (rc != DMAP_OK) CHECK_ALLOC(call(g, ws, out) == DMAP_OK); /* the same workspace works */
        CHECK_ALLOC(same_doubles(out, ref, n));
        dmap_workspace_free(ws);
    }
    /* and with no workspace at all (the call makes a temporary one) */
    char name_null[96];
    snprintf(name_null, sizeof name_null, "%s (no workspace)", name);
    FOR_EACH_FAILURE(name_null) {
        arm();
        int rc = call(g, NULL, out);
        disarm();
        CHECK_ALLOC(rc == expected_rc());
        if (rc == DMAP_OK) CHECK_ALLOC(same_doubles(out, ref, n));
    }
    free(ref);
    free(out);
}

static const dmap_goal goals3[] = {{0, 0, 0.0}, {22, 16, -3.0}, {12, 8, 1.5}};

static int call_scan(const dmap_grid *g, dmap_workspace *ws, double *out) {
    dmap_fill(g, out, 1e9);
    for (size_t k = 0; k < 3; k++) dmap_set_goal(g, out, goals3[k]);
    return dmap_scan(g, &(dmap_moves){4, 1, 1, DMAP_CORNERS_CUT}, out, ws);
}

static int call_field_octile(const dmap_grid *g, dmap_workspace *ws, double *out) {
    dmap_moves m = dmap_moves_octile();
    return dmap_field(g, &m, goals3, 3, DMAP_NO_CEILING, out, ws);
}

static int call_flee(const dmap_grid *g, dmap_workspace *ws, double *out) {
    dmap_moves m = dmap_moves_4();
    int rc = dmap_field(g, &m, goals3, 1, DMAP_NO_CEILING, out, NULL);
    return rc ? rc : dmap_flee(g, &m, out, -1.2, out, ws);
}

enum { BIG_W = 300, BIG_H = 200 };

static int call_reachable(const dmap_grid *g, dmap_workspace *ws, double *out) {
    dmap_moves m = dmap_moves_4();
    static unsigned char reached[BIG_W * BIG_H];
    size_t count = 0, n = (size_t)g->w * (size_t)g->h;
    int rc = dmap_reachable(g, &m, 0, reached, &count, ws);
    for (size_t i = 0; i < n; i++) out[i] = reached[i];
    return rc;
}

static int call_can_move_to(const dmap_grid *g, dmap_workspace *ws, double *out) {
    dmap_moves m = dmap_moves_4();
    int yes = -1;
    int rc = dmap_can_move_to(g, &m, 0, g->w * g->h - 1, &yes, ws);
    out[0] = yes;
    return rc;
}

static int call_bfs(const dmap_grid *g, dmap_workspace *ws, double *out) {
    dmap_moves m = dmap_moves_8();
    int depth[N], parent[N], src[2] = {0, N - 1};
    int rc = dmap_bfs(g, &m, src, 2, -1, depth, parent, ws);
    for (int i = 0; i < N; i++) out[i] = depth[i] * 1000.0 + parent[i];
    return rc;
}

static int call_threat(const dmap_grid *g, dmap_workspace *ws, double *out) {
    dmap_moves m = dmap_moves_4();
    return dmap_threat_map(g, &m, 0, 2.0, 30.0, out, ws);
}

static int call_timing(const dmap_grid *g, dmap_workspace *ws, double *out) {
    dmap_moves m = dmap_moves_4();
    dmap_enemy e[2] = {{0, 0.0, INFINITY}, {N - 1, 3.0, 25.0}};
    return dmap_timing_map(g, &m, e, 2, out, ws);
}

static int call_safe_walk(const dmap_grid *g, dmap_workspace *ws, double *out) {
    dmap_moves m = dmap_moves_4();
    double timing[N];
    dmap_enemy e = {N - 1, 0.0, INFINITY};
    int rc = dmap_timing_map(g, &m, &e, 1, timing, NULL);
    int parent[N];
    size_t nsafe = 0;
    if (rc == DMAP_OK) rc = dmap_safe_walk(g, &m, timing, 0, 0.0, out, parent, &nsafe, ws);
    for (int i = 0; rc == DMAP_OK && i < N; i++)
        if (parent[i] >= 0) out[i] += parent[i] * 1e-6;
    return rc;
}

/* A two-state walker on the maze's grid for the layered search: state 1 moves at half speed,
 * and a cell may switch state in 0.5. */
static const dmap_grid *layered_grid;

static int layered_next(void *user, int cell, int state, dmap_transition *out, size_t cap) {
    (void)user;
    int n = 0, x = cell % W, y = cell / W;
    static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
    for (int d = 0; d < 4 && (size_t)n < cap; d++) {
        int nx = x + dx[d], ny = y + dy[d];
        if (dmap_grid_passable(layered_grid, nx, ny))
            out[n++] = (dmap_transition){ny * W + nx, state, state ? 2.0 : 1.0};
    }
    if ((size_t)n < cap) out[n++] = (dmap_transition){cell, 1 - state, 0.5};
    return n;
}

static int call_layered(const dmap_grid *g, dmap_workspace *ws, double *out) {
    layered_grid = g;
    dmap_layer_source s = {0, 1, 0.0};
    int parent[2 * N];
    int rc = dmap_layered_search(N, 2, &s, 1, layered_next, NULL, 5, INFINITY, out, parent, ws);
    for (int i = 0; rc == DMAP_OK && i < 2 * N; i++)
        if (parent[i] >= 0 && isfinite(out[i])) out[i] += parent[i] * 1e-7;
    return rc;
}

static void searches(void) {
    dmap_grid g = maze(), gc = maze_with_costs();
    tracking = 0;
    with_workspace("dmap_scan", &g, call_scan, N);
    with_workspace("dmap_scan (per-cell costs: heap)", &gc, call_scan, N);
    with_workspace("dmap_field (octile)", &g, call_field_octile, N);
    with_workspace("dmap_flee", &g, call_flee, N);
    /* reachability on small grids runs on a bitset on the stack: use a large grid */
    dmap_grid big;
    if (dmap_grid_init(&big, BIG_W, BIG_H) != DMAP_OK) exit(1);
    for (int i = 0; i < BIG_W * BIG_H; i++) big.wall[i] = (i * 2654435761u) % 7 == 0;
    big.wall[0] = big.wall[BIG_W * BIG_H - 1] = 0;
    with_workspace("dmap_reachable", &big, call_reachable, BIG_W * BIG_H);
    with_workspace("dmap_can_move_to", &big, call_can_move_to, 1);
    tracking = 0;
    dmap_grid_free(&big);
    with_workspace("dmap_bfs", &g, call_bfs, N);
    with_workspace("dmap_threat_map", &g, call_threat, N);
    with_workspace("dmap_threat_map (per-cell costs)", &gc, call_threat, N);
    with_workspace("dmap_timing_map", &g, call_timing, N);
    with_workspace("dmap_safe_walk", &g, call_safe_walk, N);
    with_workspace("dmap_layered_search", &g, call_layered, 2 * N);
    tracking = 0;
    dmap_grid_free(&g);
    dmap_grid_free(&gc);
    FOR_EACH_FAILURE("dmap_workspace_new") {
        dmap_workspace *ws = (dmap_workspace *)1;
        arm();
        int rc = dmap_workspace_new(&ws);
        disarm();
        CHECK_ALLOC(rc == expected_rc());
        CHECK_ALLOC((ws == NULL) == (failed != 0));
        dmap_workspace_free(ws);
    }
}

/* ---- scenarios: batches and the thread pool -------------------------------------------------- */

/* Stacked boards: nb copies of a w x h board with a wall pattern, one source per board. */
static unsigned char *stacked_boards(int w, int h, size_t nb, int *sources) {
    size_t cells = (size_t)w * (size_t)h;
    unsigned char *walls = malloc(cells * nb);
    if (!walls) exit(1);
    for (size_t i = 0; i < cells * nb; i++) walls[i] = (i * 2654435761u) % 5 == 0;
    for (size_t b = 0; b < nb; b++) {
        sources[b] = (int)((b * 37) % cells);
        walls[b * cells + (size_t)sources[b]] = 0;
    }
    return walls;
}

static void batches(void) {
    FOR_EACH_FAILURE("dmap_pool_new") {
        dmap_pool *pool = (dmap_pool *)&pool;
        arm();
        int rc = dmap_pool_new(&pool, 4);
        disarm();
        CHECK_ALLOC(rc == expected_rc());
        CHECK_ALLOC((pool == NULL) == (rc != DMAP_OK));
        dmap_pool_free(pool);
    }
    /* every path: the plain one allocates per-thread scratch, boards over 64 wide a workspace;
     * no pool, so the allocations come in one order */
    const int sizes[2][2] = {{11, 11}, {70, 9}};
    for (int k = 0; k < 2; k++) {
        int w = sizes[k][0], h = sizes[k][1];
        size_t nb = 70, cells = (size_t)w * (size_t)h;
        int sources[70];
        unsigned char *walls = stacked_boards(w, h, nb, sources);
        dmap_boards bd = {w, h, nb, walls};
        dmap_moves m = dmap_moves_8();
        int32_t *want = malloc(cells * nb * sizeof *want), *got = malloc(cells * nb * sizeof *got);
        double *want_f = malloc(cells * nb * sizeof *want_f), *got_f = malloc(cells * nb * sizeof *got_f);
        dmap_goal *goals = malloc(nb * sizeof *goals);
        for (size_t b = 0; b < nb; b++) {
            goals[b].x = sources[b] % w;
            goals[b].y = sources[b] / w;
            goals[b].value = (double)(b % 3);
        }
        tracking = 0;
        if (dmap_bfs_batch(&bd, &m, sources, NULL, -1, DMAP_ELEM_I32, want, NULL, DMAP_SIMD_NONE) ||
            dmap_field_batch(&bd, &m, goals, NULL, 1e6, DMAP_ELEM_F64, want_f, NULL))
            exit(1);
        FOR_EACH_FAILURE(k ? "dmap_bfs_batch (70x9: dmap_bfs per board)" : "dmap_bfs_batch (plain)") {
            arm();
            int rc = dmap_bfs_batch(&bd, &m, sources, NULL, -1, DMAP_ELEM_I32, got, NULL,
                                    DMAP_SIMD_NONE);
            disarm();
            CHECK_ALLOC(rc == expected_rc());
            if (rc != DMAP_OK)
                CHECK_ALLOC(dmap_bfs_batch(&bd, &m, sources, NULL, -1, DMAP_ELEM_I32, got, NULL,
                                     DMAP_SIMD_NONE) == DMAP_OK);
            CHECK_ALLOC(memcmp(got, want, cells * nb * sizeof *got) == 0);
        }
        if (w <= 32 && dmap_simd_best() == DMAP_SIMD_AVX512) {
            /* narrow boards on AVX-512 (narrow_avx512.c): no allocation at all */
            begin("dmap_bfs_batch (auto, narrow boards)");
            cur_n = 0;
            arm();
            int rc = dmap_bfs_batch(&bd, &m, sources, NULL, -1, DMAP_ELEM_I32, got, NULL,
                                    DMAP_SIMD_AUTO);
            disarm();
            CHECK_ALLOC(rc == DMAP_OK);
            CHECK_ALLOC(alloc_count == 0);
            CHECK_ALLOC(memcmp(got, want, cells * nb * sizeof *got) == 0);
        } else FOR_EACH_FAILURE("dmap_bfs_batch (auto)") {
            arm();
            int rc = dmap_bfs_batch(&bd, &m, sources, NULL, -1, DMAP_ELEM_I32, got, NULL,
                                    DMAP_SIMD_AUTO);
            disarm();
            CHECK_ALLOC(rc == expected_rc());
            if (rc != DMAP_OK)
                CHECK_ALLOC(dmap_bfs_batch(&bd, &m, sources, NULL, -1, DMAP_ELEM_I32, got, NULL,
                                     DMAP_SIMD_AUTO) == DMAP_OK);
            CHECK_ALLOC(memcmp(got, want, cells * nb * sizeof *got) == 0);
        }
        FOR_EACH_FAILURE("dmap_field_batch") {
            arm();
            int rc = dmap_field_batch(&bd, &m, goals, NULL, 1e6, DMAP_ELEM_F64, got_f, NULL);
            disarm();
            CHECK_ALLOC(rc == expected_rc());
            if (rc != DMAP_OK)
                CHECK_ALLOC(dmap_field_batch(&bd, &m, goals, NULL, 1e6, DMAP_ELEM_F64, got_f, NULL) ==
                      DMAP_OK);
            CHECK_ALLOC(same_doubles(got_f, want_f, cells * nb));
        }
        tracking = 0;
        free(want);
        free(got);
        free(want_f);
        free(got_f);
        free(goals);
        free(walls);
    }
}

/* ---- scenarios: burying, choice ---------------------------------------------------------- */

static void burying(void) {
    dmap_grid ref = maze();
    size_t ref_n = 0;
    tracking = 0;
    if (dmap_bury_dead_ends(&ref, NULL, 0, 0, NULL, &ref_n, NULL) != DMAP_OK || ref_n == 0) {
        CHECK(0, "dmap_bury_dead_ends: the clean call failed or buried nothing");
    }
    FOR_EACH_FAILURE("dmap_bury_dead_ends") {
        dmap_grid g = maze();
        unsigned char before[N];
        memcpy(before, g.wall, N);
        size_t nburied = 0;
        arm();
        int rc = dmap_bury_dead_ends(&g, NULL, 0, 0, NULL, &nburied, NULL);
        disarm();
        CHECK_ALLOC(rc == expected_rc());
        if (rc != DMAP_OK) {
            CHECK_ALLOC(memcmp(before, g.wall, N) == 0); /* g is unchanged after an error */
            CHECK_ALLOC(dmap_bury_dead_ends(&g, NULL, 0, 0, NULL, &nburied, NULL) == DMAP_OK);
        }
        CHECK_ALLOC(nburied == ref_n && memcmp(g.wall, ref.wall, N) == 0);
        dmap_grid_free(&g);
    }
    tracking = 0;
    dmap_grid_free(&ref);
}

static double score_mod3(void *user, int c) {
    (void)user;
    return c % 3 == 0;
}

static double score_neg(void *user, int c) {
    (void)user;
    return -(double)(c % 7);
}

static void choice(void) {
    enum { NC = 200 };
    dmap_filter f[2] = {{DMAP_FILTER_KEEP_TRUE, score_mod3, NULL},
                        {DMAP_FILTER_KEEP_MAX, score_neg, NULL}};
    FOR_EACH_FAILURE("dmap_filter_moves (200 candidates)") {
        int cands[NC], before[NC];
        for (int i = 0; i < NC; i++) cands[i] = before[i] = i;
        size_t n = NC;
        arm();
        int rc = dmap_filter_moves(cands, &n, f, 2, NULL);
        disarm();
        CHECK_ALLOC(rc == expected_rc());
        if (rc != DMAP_OK) {
            CHECK_ALLOC(n == NC); /* the list is left whole */
            CHECK_ALLOC(dmap_filter_moves(cands, &n, f, 2, NULL) == DMAP_OK);
        }
        /* kept: multiples of 3 that are multiples of 7 too (score 0 is the largest) */
        CHECK_ALLOC(n == 10 && cands[0] == 0 && cands[1] == 21 && cands[9] == 189);
    }
}

/* ---- scenarios: live maps, distance tables, the map cache ------------------------------------ */

static void live_maps(void) {
    dmap_grid g = maze();
    dmap_moves m = dmap_moves_4();
    dmap_edit edits[3] = {{DMAP_EDIT_WALL, 0, 1, 0}, {DMAP_EDIT_GOAL, 10, 8, -2}, {DMAP_EDIT_UNGOAL, 0, 0, 0}};
    /* the reference: a fresh field of the edited inputs */
    dmap_grid ge = maze();
    double ref0[N], ref1[N], from0[N];
    dmap_goal after[2] = {{22, 16, -3.0}, {10, 8, -2.0}};
    tracking = 0;
    ge.wall[1 * W + 0] = 1;
    if (dmap_field(&g, &m, goals3, 1, DMAP_NO_CEILING, from0, NULL) != DMAP_OK ||
        dmap_field(&g, &m, goals3, 2, DMAP_NO_CEILING, ref0, NULL) != DMAP_OK ||
        dmap_field(&ge, &m, after, 2, DMAP_NO_CEILING, ref1, NULL) != DMAP_OK)
        exit(1);
    FOR_EACH_FAILURE("dmap_live_new") {
        dmap_live *lm = (dmap_live *)1;
        arm();
        int rc = dmap_live_new(&g, &m, goals3, 2, DMAP_NO_CEILING, NULL, &lm);
        disarm();
        CHECK_ALLOC(rc == expected_rc());
        if (rc != DMAP_OK) {
            CHECK_ALLOC(lm == NULL);
            CHECK_ALLOC(dmap_live_new(&g, &m, goals3, 2, DMAP_NO_CEILING, NULL, &lm) == DMAP_OK);
        }
        CHECK_ALLOC(lm && same_doubles(dmap_live_values(lm), ref0, N));
        dmap_live_free(lm);
    }
    FOR_EACH_FAILURE("dmap_live_apply") {
        dmap_live *lm = NULL;
        if (dmap_live_new(&g, &m, goals3, 2, DMAP_NO_CEILING, NULL, &lm) != DMAP_OK) exit(1);
        size_t touched = 0;
        arm();
        int rc = dmap_live_apply(lm, edits, 3, &touched);
        disarm();
        CHECK_ALLOC(rc == expected_rc());
        if (rc != DMAP_OK) { /* nothing changed: the map before the batch; then it applies */
            CHECK_ALLOC(same_doubles(dmap_live_values(lm), ref0, N));
            CHECK_ALLOC(dmap_live_grid(lm)->wall[1 * W + 0] == 0);
            CHECK_ALLOC(dmap_live_apply(lm, edits, 3, NULL) == DMAP_OK);
        }
        CHECK_ALLOC(same_doubles(dmap_live_values(lm), ref1, N));
        dmap_live_free(lm);
    }
    FOR_EACH_FAILURE("dmap_table_new") {
        dmap_table *t = (dmap_table *)1;
        arm();
        int rc = dmap_table_new(&g, &m, &t);
        disarm();
        CHECK_ALLOC(rc == expected_rc());
        if (rc != DMAP_OK) {
            CHECK_ALLOC(t == NULL);
            CHECK_ALLOC(dmap_table_new(&g, &m, &t) == DMAP_OK);
        }
        for (int i = 0; t && i < N; i++) /* step distances from cell 0 = a unit-step field */
            if (!g.wall[i])
                CHECK_ALLOC(dmap_table_dist(t, 0, i) == (isinf(from0[i]) ? -1 : (int)from0[i]));
        CHECK_ALLOC(t != NULL);
        dmap_table_free(t);
    }
    FOR_EACH_FAILURE("dmap_cache_new + dmap_cache_get + dmap_cache_edit") {
        dmap_cache *c = NULL;
        const double *map = NULL;
        arm();
        int rc = dmap_cache_new(&g, &m, DMAP_NO_CEILING, 2, &c);
        if (rc == DMAP_OK) rc = dmap_cache_get(c, 0, &map);
        if (rc == DMAP_OK) rc = dmap_cache_get(c, N - 1, &map);
        if (rc == DMAP_OK) rc = dmap_cache_edit(c, edits, 1);
        if (rc == DMAP_OK) rc = dmap_cache_get(c, N - 1, &map);
        disarm();
        CHECK_ALLOC(rc == expected_rc());
        if (rc != DMAP_OK && c) {
            /* the cache works normally afterwards: edit (again: a repeated wall is harmless)
             * and ask */
            CHECK_ALLOC(dmap_cache_edit(c, edits, 1) == DMAP_OK);
            CHECK_ALLOC(dmap_cache_get(c, N - 1, &map) == DMAP_OK);
        }
        if (c) {
            /* goal N-1 at 0 on the edited grid: distances from the far corner */
            double want[N];
            dmap_goal corner = {22, 16, 0.0};
            dmap_field(&ge, &m, &corner, 1, DMAP_NO_CEILING, want, NULL);
            CHECK_ALLOC(map && same_doubles(map, want, N));
        }
        dmap_cache_free(c);
    }
    tracking = 0;
    dmap_grid_free(&g);
    dmap_grid_free(&ge);
}

int main(void) {
    grids();
    readers();
    values_text();
    searches();
    burying();
    choice();
    live_maps();
    batches();
    printf("test_alloc_failure: %ld (function, N) failure points\n", points);
    return check_report("test_alloc_failure");
}
#endif
