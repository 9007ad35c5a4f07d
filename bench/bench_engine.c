/* bench_engine.c — the engine benchmark, built to be trusted on a busy machine:
 * incremental updates against full rescans, distance tables, and the scan against its floors.
 *
 * Method. The contenders of a case run interleaved, round by round, in rotated order (A B C,
 * B C A, C A B, ...), so that a burst of load from another process hits every contender of the
 * case alike. Times are the thread's CPU time (CLOCK_THREAD_CPUTIME_ID), so the time the
 * bench spends preempted by other processes is not counted; what remains of their effect
 * (caches, memory bandwidth) shows in the per-round ranges. Each contender's run repeats its
 * operation enough times to last about 2 ms
 * (calibrated once after a warm-up); the time per operation of each round is kept. A row
 * prints each contender's median over the rounds and, for a ratio, the median of the
 * per-round ratios with their range [min-max]. The machine's load average is printed before
 * and after. Every result is checked (live maps against a fresh dmap_field bit for bit, the
 * floors' BFS against dmap_field, tables against the field) and a wrong one fails the run;
 * a missed speed target never does.
 *
 * Floors: a minimal int32 breadth-first search (padded grid, one int32 queue, no generality:
 * exactly the 4-connected unit case) and the memory write of the output (W*H doubles set).
 *
 * usage: dmap_bench_engine [--quick] [--rounds R] [--only floor|octile|small|incremental|tables|heap] [SOURCE]
 * (SOURCE: the repository, for tests/data/movingai and arenas/kutulu/data/maps; by default the
 * one this program was built from) */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench_util.h"
#include "dmap.h"

#ifdef DMAP_BENCH_LIBTCOD
#include <libtcod.h>
#endif

#define MAX_ROUNDS 101
#define MAX_CONTENDERS 8
#define RUN_MS (quick ? 0.3 : 2.0) /* per contender and round */
#define NOT_REACHED 1e9

static int rounds = 21;
static int quick = 0;
static int failures = 0;

/* ---- the interleaved timer ---------------------------------------------------------------- */

typedef int (*op_fn)(void *ctx, long reps); /* runs the operation reps times; 0 = ok */

typedef struct contender {
    const char *name;
    op_fn run;
    void *ctx;
    long reps;
    double ns[MAX_ROUNDS]; /* per operation, per round */
} contender;

/* Milliseconds of CPU time this thread has run: time spent waiting while other processes
 * hold the cores is not counted, which on a shared machine is most of the noise. */
static double cpu_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static double run_once(contender *c, long reps) {
    double t0 = cpu_ms();
    if (c->run(c->ctx, reps) != 0) {
        fprintf(stderr, "bench: %s failed\n", c->name);
        failures++;
    }
    return cpu_ms() - t0;
}

/* Warm up and calibrate every contender, then run the rounds in rotated order. */
static void interleave(contender *c, int n) {
    for (int i = 0; i < n; i++) {
        run_once(&c[i], 1);
        double one = run_once(&c[i], 1);
        long reps = one > 0 ? (long)(RUN_MS / one) : 100000;
        if (reps < 1) reps = 1;
        if (reps > 1000000) reps = 1000000;
        double t = run_once(&c[i], reps); /* recalibrate on the batch: small ops are noisy */
        if (t > 0) reps = (long)((double)reps * RUN_MS / t);
        c[i].reps = reps < 1 ? 1 : reps;
    }
    for (int r = 0; r < rounds; r++)
        for (int k = 0; k < n; k++) {
            contender *x = &c[(k + r) % n];
            x->ns[r] = run_once(x, x->reps) * 1e6 / (double)x->reps;
        }
}

static double median_ns(const contender *c) {
    double t[MAX_ROUNDS];
    memcpy(t, c->ns, sizeof(double) * (size_t)rounds);
    return median(t, rounds);
}

/* The per-round ratio num/den: median, min, max. */
typedef struct ratio {
    double med, lo, hi;
} ratio;

static ratio ratio_of(const contender *num, const contender *den) {
    double t[MAX_ROUNDS];
    ratio q = {0, INFINITY, -INFINITY};
    for (int r = 0; r < rounds; r++) {
        t[r] = num->ns[r] / den->ns[r];
        if (t[r] < q.lo) q.lo = t[r];
        if (t[r] > q.hi) q.hi = t[r];
    }
    q.med = median(t, rounds);
    return q;
}

static void print_time(double ns) {
    if (ns >= 1e6)
        printf("%9.2f ms", ns / 1e6);
    else if (ns >= 1e3)
        printf("%9.2f us", ns / 1e3);
    else
        printf("%9.1f ns", ns);
}

/* One row: name, the two contenders' medians, the ratio num/den with its range, a target. */
static void print_row(const char *name, const contender *num, const contender *den,
                      const char *target, int met) {
    ratio q = ratio_of(num, den);
    printf("%-34s ", name);
    print_time(median_ns(num));
    printf("  ");
    print_time(median_ns(den));
    printf("  %7.2fx [%.2f-%.2f]", q.med, q.lo, q.hi);
    if (target) printf("  %-10s %s", target, met ? "PASS" : "MISS");
    printf("\n");
}

static void print_load(const char *when) {
    FILE *f = fopen("/proc/loadavg", "r");
    char buf[128] = "unknown";
    if (f) {
        if (!fgets(buf, sizeof buf, f)) strcpy(buf, "unknown\n");
        fclose(f);
    }
    buf[strcspn(buf, "\n")] = '\0';
    printf("load average %s: %s (%ld cores online)\n", when, buf, sysconf(_SC_NPROCESSORS_ONLN));
}

/* ---- the floors ----------------------------------------------------------------------------- */

/* The minimal int32 BFS: 4-connected, unit steps, from sources, on a padded copy of the grid
 * made once (pad holds -1 on walls and the border). dist: padded, written in full. */
typedef struct bfs_floor {
    int w, h, pw;
    size_t np;
    int32_t *pad, *dist, *queue;
    const int *sources; /* grid indices */
    size_t nsources;
} bfs_floor;

static int bfs_floor_init(bfs_floor *b, const dmap_grid *g, const int *sources, size_t ns) {
    b->w = g->w, b->h = g->h, b->pw = g->w + 2;
    b->np = (size_t)(g->w + 2) * (size_t)(g->h + 2);
    b->pad = malloc(b->np * sizeof(int32_t));
    b->dist = malloc(b->np * sizeof(int32_t));
    b->queue = malloc(b->np * sizeof(int32_t));
    if (!b->pad || !b->dist || !b->queue) return -1;
    for (size_t p = 0; p < b->np; p++) b->pad[p] = -1;
    for (int y = 0; y < g->h; y++)
        for (int x = 0; x < g->w; x++)
            b->pad[(size_t)(y + 1) * b->pw + x + 1] = g->wall[y * g->w + x] ? -1 : INT32_MAX;
    b->sources = sources;
    b->nsources = ns;
    return 0;
}

static void bfs_floor_free(bfs_floor *b) {
    free(b->pad);
    free(b->dist);
    free(b->queue);
}

static void bfs_floor_once(bfs_floor *b) {
    int32_t *d = b->dist, *q = b->queue;
    const int32_t pw = b->pw;
    memcpy(d, b->pad, b->np * sizeof(int32_t));
    size_t head = 0, tail = 0;
    for (size_t k = 0; k < b->nsources; k++) {
        int32_t p = (b->sources[k] / b->w + 1) * pw + b->sources[k] % b->w + 1;
        d[p] = 0;
        q[tail++] = p;
    }
    while (head < tail) {
        int32_t p = q[head++], nd = d[p] + 1;
        if (d[p - pw] > nd) d[p - pw] = nd, q[tail++] = p - pw;
        if (d[p + 1] > nd) d[p + 1] = nd, q[tail++] = p + 1;
        if (d[p + pw] > nd) d[p + pw] = nd, q[tail++] = p + pw;
        if (d[p - 1] > nd) d[p - 1] = nd, q[tail++] = p - 1;
    }
}

static int run_bfs_floor(void *ctx, long reps) {
    for (long i = 0; i < reps; i++) bfs_floor_once(ctx);
    return 0;
}

/* The BFS floor computes what dmap_field computes (4-connected, unit, no ceiling). */
static int bfs_floor_agrees(const bfs_floor *b, const double *v, const dmap_grid *g) {
    for (int y = 0; y < g->h; y++)
        for (int x = 0; x < g->w; x++) {
            int i = y * g->w + x;
            if (g->wall[i]) continue;
            int32_t d = b->dist[(size_t)(y + 1) * b->pw + x + 1];
            double want = d == INT32_MAX ? NOT_REACHED : (double)d;
            if (v[i] != want) return 0;
        }
    return 1;
}

typedef struct write_floor {
    double *out;
    size_t n;
} write_floor;

static int run_write_floor(void *ctx, long reps) {
    write_floor *w = ctx;
    for (long i = 0; i < reps; i++) {
        double v = (double)i;
        for (size_t k = 0; k < w->n; k++) w->out[k] = v;
        __asm__ volatile("" : : "r"(w->out) : "memory"); /* the stores must happen */
    }
    return 0;
}

/* ---- dmap_field as a contender -------------------------------------------------------------- */

typedef struct field_run {
    const dmap_grid *g;
    dmap_moves m;
    const dmap_goal *goals;
    size_t ngoals;
    double *v;
    dmap_workspace *ws;
} field_run;

static int run_field(void *ctx, long reps) {
    field_run *f = ctx;
    for (long i = 0; i < reps; i++)
        if (dmap_field(f->g, &f->m, f->goals, f->ngoals, NOT_REACHED, f->v, f->ws) != DMAP_OK)
            return -1;
    return 0;
}

static void field_init(field_run *f, const dmap_grid *g, dmap_moves m, const dmap_goal *goals,
                       size_t n) {
    f->g = g;
    f->m = m;
    f->goals = goals;
    f->ngoals = n;
    f->v = malloc(sizeof(double) * (size_t)g->w * (size_t)g->h);
    dmap_workspace_new(&f->ws);
}

static void field_free(field_run *f) {
    free(f->v);
    dmap_workspace_free(f->ws);
}

#ifdef DMAP_BENCH_LIBTCOD
typedef struct tcod_run {
    TCOD_map_t map;
    TCOD_dijkstra_t dijkstra;
    int x, y;
} tcod_run;

static int run_tcod(void *ctx, long reps) {
    tcod_run *t = ctx;
    for (long i = 0; i < reps; i++) TCOD_dijkstra_compute(t->dijkstra, t->x, t->y);
    return 0;
}
#endif

/* ---- section 1: the floor ----------------------------------------------------------------- */

/* A side x side grid with wall_percent random walls and the centre open: the same grid as
 * bench_scan.c's "walls25" cases (same seed, same draws). */
static void walled_grid(dmap_grid *g, int side, int wall_percent) {
    dmap_grid_init(g, side, side);
    dmap_rng rng;
    dmap_rng_seed(&rng, 20240601u);
    for (long i = 0; i < (long)side * side; i++)
        g->wall[i] = dmap_rng_below(&rng, 100) < (uint32_t)wall_percent;
    g->wall[(side / 2) * side + side / 2] = 0;
}

/* libtcod's TCOD_dijkstra_compute against dmap_field from the centre of g, 8-connected with
 * diagonal 1.41 and cut corners (libtcod's own rule: a diagonal only asks whether the target
 * is walkable), interleaved. The two must agree on every passable cell (libtcod counts in
 * hundredths: within 0.004; -1 where it cannot reach is our NOT_REACHED). */
static void libtcod_row(const char *name, const dmap_grid *g) {
#ifdef DMAP_BENCH_LIBTCOD
    const int side = g->w;
    dmap_moves m141 = {8, 1.0, 1.41, DMAP_CORNERS_CUT};
    dmap_goal goal = {side / 2, side / 2, 0};
    field_run f8;
    field_init(&f8, g, m141, &goal, 1);
    tcod_run t;
    t.map = TCOD_map_new(side, side);
    for (int y = 0; y < side; y++)
        for (int x = 0; x < side; x++) {
            int open = !g->wall[y * side + x];
            TCOD_map_set_properties(t.map, x, y, open, open);
        }
    t.dijkstra = TCOD_dijkstra_new(t.map, 1.41f);
    t.x = t.y = side / 2;
    contender l[2] = {{"libtcod", run_tcod, &t, 0, {0}}, {"dmap 8-conn 1.41 cut", run_field, &f8, 0, {0}}};
    interleave(l, 2);
    for (int i = 0; i < side * side; i++) {
        if (g->wall[i]) continue;
        float theirs = TCOD_dijkstra_get_distance(t.dijkstra, i % side, i / side);
        int unreached = f8.v[i] >= NOT_REACHED;
        if (theirs < 0 ? !unreached : unreached || fabs(theirs - f8.v[i]) > 0.004) {
            fprintf(stderr, "bench: libtcod disagrees at cell %d: %f vs %f\n", i, theirs, f8.v[i]);
            failures++;
            break;
        }
    }
    ratio q = ratio_of(&l[0], &l[1]);
    print_row(name, &l[0], &l[1], ">= 2.5x", q.lo >= 2.5);
    TCOD_dijkstra_delete(t.dijkstra);
    TCOD_map_delete(t.map);
    field_free(&f8);
#else
    (void)g;
    printf("%-34s (libtcod not found: not measured)\n", name);
#endif
}

static void section_floor(void) {
    int side = quick ? 100 : 1000;
    dmap_grid g;
    dmap_grid_init(&g, side, side);
    int centre = (side / 2) * side + side / 2;
    dmap_goal goal = {side / 2, side / 2, 0};
    printf("\n## The scan against its floors (open %dx%d, one goal in the centre)\n", side, side);
    printf("%-34s %12s  %12s  %s\n", "case", "A", "B", "A/B per round: median [range]");

    field_run f4;
    field_init(&f4, &g, dmap_moves_4(), &goal, 1);
    bfs_floor bf;
    bfs_floor_init(&bf, &g, &centre, 1);
    write_floor wf = {malloc(sizeof(double) * (size_t)side * side), (size_t)side * side};
    contender c[3] = {{"dmap_field 4-conn", run_field, &f4, 0, {0}},
                      {"int32 BFS", run_bfs_floor, &bf, 0, {0}},
                      {"write W*H doubles", run_write_floor, &wf, 0, {0}}};
    interleave(c, 3);
    if (!bfs_floor_agrees(&bf, f4.v, &g)) {
        fprintf(stderr, "bench: the BFS floor disagrees with dmap_field\n");
        failures++;
    }
    ratio q = ratio_of(&c[0], &c[1]);
    print_row("4-conn unit: dmap / int32 BFS", &c[0], &c[1], "<= 1.2x", q.med <= 1.2);
    print_row("4-conn unit: dmap / memory write", &c[0], &c[2], NULL, 0);
    print_row("int32 BFS / memory write", &c[1], &c[2], NULL, 0);

    /* strict vs cut corners, octile weights, on the open grid (they compute the same map) */
    dmap_moves cut = dmap_moves_octile();
    cut.corners = DMAP_CORNERS_CUT;
    field_run fs, fc;
    field_init(&fs, &g, dmap_moves_octile(), &goal, 1);
    field_init(&fc, &g, cut, &goal, 1);
    contender s[2] = {{"strict", run_field, &fs, 0, {0}}, {"cut", run_field, &fc, 0, {0}}};
    interleave(s, 2);
    if (memcmp(fs.v, fc.v, sizeof(double) * (size_t)side * side) != 0) {
        fprintf(stderr, "bench: strict and cut corners differ on an open grid\n");
        failures++;
    }
    q = ratio_of(&s[0], &s[1]);
    print_row("8-conn octile: strict / cut", &s[0], &s[1], "<= 1.1x", q.med <= 1.1);

    libtcod_row("8-conn 1.41 cut: libtcod / dmap", &g);
    dmap_grid walls;
    walled_grid(&walls, side, 25);
    libtcod_row("25% walls, same: libtcod / dmap", &walls);
    dmap_grid_free(&walls);
    field_free(&fs);
    field_free(&fc);
    field_free(&f4);
    bfs_floor_free(&bf);
    free(wf.out);
    dmap_grid_free(&g);
}

/* ---- section 1b: the octile scan against its floor ----------------------------------------
 * What any label-setting octile scan must do, and nothing else: visit every passable cell once
 * in the order a scan settles it (nondecreasing value), read its wall byte, write its value
 * once, and pass its index through one of two FIFO rings (cardinal or diagonal, by the step it
 * was reached with). The order and the ring of each cell are worked out before the clock
 * starts (from dmap's own map); the clocked loop reads them as a queue's pops would stream.
 * The same loop in row order (every cell in place, one stream) is the plain memory floor. */
typedef struct octile_floor {
    const unsigned char *wall;
    int32_t *order;         /* the passable cells, settle order (or row order) */
    unsigned char *ring_of; /* per position in order: 0 cardinal ring, 1 diagonal ring */
    size_t n;
    double *out;
    int32_t *ring[2];
    size_t mask;
    unsigned walls_seen;
} octile_floor;

static int run_octile_floor(void *ctx, long reps) {
    octile_floor *f = ctx;
    for (long r = 0; r < reps; r++) {
        size_t tail[2] = {0, 0};
        unsigned walls = 0;
        for (size_t k = 0; k < f->n; k++) {
            int32_t p = f->order[k];
            int q = f->ring_of[k];
            walls += f->wall[p];
            f->out[p] = (double)k;
            f->ring[q][tail[q]++ & f->mask] = p;
        }
        f->walls_seen = walls;
        __asm__ volatile("" : : "r"(f->out), "r"(f->ring[0]), "r"(f->ring[1]) : "memory");
    }
    return 0;
}

static const double *sort_values; /* qsort's context: the map the order follows */
static int by_value(const void *a, const void *b) {
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    double vx = sort_values[x], vy = sort_values[y];
    return vx < vy ? -1 : vx > vy ? 1 : (x > y) - (x < y);
}

/* The floor of g's octile map v (dmap_field's, from the goals): settle order when wave is set,
 * row order otherwise. A cell goes to the cardinal ring when a cardinal neighbour one step
 * below explains its value (the goals too), else to the diagonal ring. */
static int octile_floor_init(octile_floor *f, const dmap_grid *g, const double *v, int wave) {
    size_t n = (size_t)g->w * (size_t)g->h, k = 0;
    f->wall = g->wall;
    f->order = malloc(n * sizeof(int32_t));
    f->ring_of = malloc(n);
    f->out = malloc(n * sizeof(double));
    f->mask = 8191;
    f->ring[0] = malloc((f->mask + 1) * sizeof(int32_t));
    f->ring[1] = malloc((f->mask + 1) * sizeof(int32_t));
    if (!f->order || !f->ring_of || !f->out || !f->ring[0] || !f->ring[1]) return -1;
    for (size_t i = 0; i < n; i++)
        if (!g->wall[i] && v[i] < NOT_REACHED) f->order[k++] = (int32_t)i;
    f->n = k;
    if (wave) {
        sort_values = v;
        qsort(f->order, k, sizeof(int32_t), by_value);
    }
    static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
    for (size_t j = 0; j < k; j++) {
        int i = f->order[j], x = i % g->w, y = i / g->w, card = 0;
        for (int d = 0; d < 4; d++) {
            int nx = x + dx[d], ny = y + dy[d];
            if (nx < 0 || ny < 0 || nx >= g->w || ny >= g->h || g->wall[ny * g->w + nx]) continue;
            card |= v[ny * g->w + nx] + 1.0 == v[i];
        }
        f->ring_of[j] = (unsigned char)!(card || v[i] == 0);
    }
    return 0;
}

static void octile_floor_free(octile_floor *f) {
    free(f->order);
    free(f->ring_of);
    free(f->out);
    free(f->ring[0]);
    free(f->ring[1]);
}

/* One grid: dmap's octile scan (cut and strict corners), its 4-connected scan, the two floors
 * and libtcod, all interleaved in the same rounds. */
static void octile_case(const char *label, const dmap_grid *g) {
    const int side = g->w;
    dmap_goal goal = {side / 2, side / 2, 0};
    dmap_moves cut = dmap_moves_octile(), strict = dmap_moves_octile();
    cut.corners = DMAP_CORNERS_CUT;
    field_run fc, fs, f4, f141;
    field_init(&fc, g, cut, &goal, 1);
    field_init(&fs, g, strict, &goal, 1);
    field_init(&f4, g, dmap_moves_4(), &goal, 1);
    dmap_moves m141 = {8, 1.0, 1.41, DMAP_CORNERS_CUT};
    field_init(&f141, g, m141, &goal, 1);
    run_field(&fc, 1);
    octile_floor wave, raster;
    if (octile_floor_init(&wave, g, fc.v, 1) || octile_floor_init(&raster, g, fc.v, 0)) {
        fprintf(stderr, "bench: out of memory\n");
        exit(1);
    }
    contender c[7] = {{"dmap octile cut", run_field, &fc, 0, {0}},
                      {"dmap octile strict", run_field, &fs, 0, {0}},
                      {"dmap 4-conn", run_field, &f4, 0, {0}},
                      {"floor, settle order", run_octile_floor, &wave, 0, {0}},
                      {"floor, row order", run_octile_floor, &raster, 0, {0}},
                      {"dmap 8-conn 1.41 cut", run_field, &f141, 0, {0}},
                      {"libtcod", NULL, NULL, 0, {0}}};
    int n = 6;
#ifdef DMAP_BENCH_LIBTCOD
    tcod_run t;
    t.map = TCOD_map_new(side, side);
    for (int y = 0; y < side; y++)
        for (int x = 0; x < side; x++) {
            int open = !g->wall[y * side + x];
            TCOD_map_set_properties(t.map, x, y, open, open);
        }
    t.dijkstra = TCOD_dijkstra_new(t.map, 1.41f);
    t.x = t.y = side / 2;
    c[6].run = run_tcod, c[6].ctx = &t;
    n = 7;
#endif
    interleave(c, n);
    printf("%s: %zu passable cells\n", label, wave.n);
    print_row("octile cut / 4-conn", &c[0], &c[2], "<= 2.5x", ratio_of(&c[0], &c[2]).med <= 2.5);
    print_row("octile cut / floor (settle order)", &c[0], &c[3], "<= 2x",
              ratio_of(&c[0], &c[3]).med <= 2.0);
    print_row("octile cut / floor (row order)", &c[0], &c[4], NULL, 0);
    print_row("floor: settle / row order", &c[3], &c[4], NULL, 0);
    print_row("octile strict / cut", &c[1], &c[0], "<= 1.1x", ratio_of(&c[1], &c[0]).med <= 1.1);
#ifdef DMAP_BENCH_LIBTCOD
    print_row("libtcod / dmap, 1.41 cut", &c[6], &c[5], ">= 3x", ratio_of(&c[6], &c[5]).med >= 3.0);
    for (int i = 0; i < side * side; i++) {
        if (g->wall[i]) continue;
        float theirs = TCOD_dijkstra_get_distance(t.dijkstra, i % side, i / side);
        int unreached = f141.v[i] >= NOT_REACHED;
        if (theirs < 0 ? !unreached : unreached || fabs(theirs - f141.v[i]) > 0.004) {
            fprintf(stderr, "bench: libtcod disagrees at cell %d: %f vs %f\n", i, theirs,
                    f141.v[i]);
            failures++;
            break;
        }
    }
    TCOD_dijkstra_delete(t.dijkstra);
    TCOD_map_delete(t.map);
#else
    printf("%-34s (libtcod not found: not measured)\n", "libtcod / dmap, 1.41 cut");
#endif
    /* the floors visit every cell dmap reaches, once; cut and strict agree on the open grid */
    if (wave.n != raster.n || wave.walls_seen != 0) {
        fprintf(stderr, "bench: the octile floor's cells are wrong\n");
        failures++;
    }
    int open = 1;
    for (int i = 0; i < side * side; i++) open &= !g->wall[i];
    if (open && memcmp(fc.v, fs.v, sizeof(double) * (size_t)side * side) != 0) {
        fprintf(stderr, "bench: strict and cut corners differ on an open grid\n");
        failures++;
    }
    octile_floor_free(&wave);
    octile_floor_free(&raster);
    field_free(&fc);
    field_free(&fs);
    field_free(&f4);
    field_free(&f141);
}

/* Walls that make paths wind: `lines` vertical lines, from the top and from the bottom in turn,
 * each covering five sixths of the height (1 % of the cells in all with 12 lines on 1000x1000),
 * so that a path to a far column turns up and down once per line. */
static void winding_grid(dmap_grid *g, int side, int lines) {
    dmap_grid_init(g, side, side);
    for (int k = 0; k < lines; k++) {
        int x = (k + 1) * side / (lines + 1), len = side * 5 / 6;
        for (int y = 0; y < len; y++) g->wall[(k % 2 ? side - 1 - y : y) * side + x] = 1;
    }
    g->wall[(side / 2) * side + side / 2] = 0;
}

/* Random walls on per10k of every 10,000 cells (seeded), the centre open. */
static void sparse_grid(dmap_grid *g, int side, int per10k) {
    dmap_grid_init(g, side, side);
    dmap_rng rng;
    dmap_rng_seed(&rng, 20240601u);
    for (long i = 0; i < (long)side * side; i++)
        g->wall[i] = dmap_rng_below(&rng, 10000) < (uint32_t)per10k;
    g->wall[(side / 2) * side + side / 2] = 0;
}

static void section_octile(void) {
    int side = quick ? 100 : 1000;
    printf("\n## The octile scan against its floor and the 4-connected scan (%dx%d, goal in the "
           "centre; A/B per round: median [range])\n",
           side, side);
    dmap_grid g;
    dmap_grid_init(&g, side, side);
    octile_case("open", &g);
    dmap_grid_free(&g);
    walled_grid(&g, side, 25);
    octile_case("25% walls", &g);
    dmap_grid_free(&g);
    /* grids with few walls: the raster sweeps' ground (src/sweep.c), where they settle the map
     * in a few passes, and where they give up and the scan runs after them */
    sparse_grid(&g, side, 50);
    octile_case("0.5% walls", &g);
    dmap_grid_free(&g);
    winding_grid(&g, side, 12);
    octile_case("winding 1% walls", &g);
    dmap_grid_free(&g);
}

/* ---- small boards -------------------------------------------------------------------------- */

/* A bomber-like 12x10 board: 43 blocks (18 metal, 20 wood, 5 ore) on random cells, seeded. */
static void bomber_board(dmap_grid *g, dmap_rng *r) {
    dmap_grid_init(g, 12, 10);
    for (int placed = 0; placed < 43;) {
        int i = (int)dmap_rng_below(r, 120);
        if (!g->wall[i]) g->wall[i] = 1, placed++;
    }
}

/* n distinct passable cells as goals (value 0) and as grid indices. */
static size_t pick_goals(const dmap_grid *g, dmap_rng *r, size_t n, dmap_goal *goals, int *cells) {
    size_t k = 0;
    int total = g->w * g->h;
    for (int tries = 0; k < n && tries < 100000; tries++) {
        int i = (int)dmap_rng_below(r, (uint32_t)total);
        int dup = g->wall[i];
        for (size_t j = 0; j < k; j++) dup |= cells[j] == i;
        if (dup) continue;
        cells[k] = i;
        goals[k].x = i % g->w;
        goals[k].y = i / g->w;
        goals[k].value = 0;
        k++;
    }
    return k;
}

static void small_board_row(const char *name, dmap_grid *g, size_t ngoals, dmap_rng *r,
                            double target_ns) {
    dmap_goal goals[8];
    int cells[8];
    ngoals = pick_goals(g, r, ngoals, goals, cells);
    field_run f;
    field_init(&f, g, dmap_moves_4(), goals, ngoals);
    bfs_floor bf;
    bfs_floor_init(&bf, g, cells, ngoals);
    contender c[2] = {{"dmap", run_field, &f, 0, {0}}, {"int32 BFS", run_bfs_floor, &bf, 0, {0}}};
    interleave(c, 2);
    if (!bfs_floor_agrees(&bf, f.v, g)) {
        fprintf(stderr, "bench: the BFS floor disagrees with dmap_field on %s\n", name);
        failures++;
    }
    char target[32];
    snprintf(target, sizeof target, "<= %.0f ns", target_ns);
    print_row(name, &c[0], &c[1], target, median_ns(&c[0]) <= target_ns);
    field_free(&f);
    bfs_floor_free(&bf);
}

static void section_small(void) {
    printf("\n## Small boards (4-connected, unit steps; A = dmap_field, B = int32 BFS floor)\n");
    dmap_rng r;
    dmap_rng_seed(&r, 1210);
    dmap_grid g;
    bomber_board(&g, &r);
    small_board_row("12x10 bomber board, 5 goals", &g, 5, &r, 500);
    dmap_grid_free(&g);
    dmap_grid_init(&g, 8, 8);
    for (int k = 0; k < 8; k++) g.wall[dmap_rng_below(&r, 64)] = 1; /* a pursuit-like world */
    small_board_row("8x8 board, 1 goal", &g, 1, &r, 250);
    dmap_grid_free(&g);
}

/* ---- incremental updates ----------------------------------------------------------------------- */

/* One side of an incremental case: either a live map (apply) or a full rescan (dmap_field on
 * a grid and goal list kept in step). Both walk through the same cyclic list of edit batches. */
typedef struct edit_case {
    const dmap_edit *batches; /* nb batches of per edits each */
    size_t nb, per;
    size_t at;                /* next batch */
    /* the live side */
    dmap_live *lm;
    /* the rescan side */
    dmap_grid g;
    dmap_goal *goals;
    size_t ngoals;
    double dflt;
    dmap_moves m;
    double *v;
    dmap_workspace *ws;
    size_t touched;
} edit_case;

/* Rescan side: apply a batch to the kept grid and goal list. GOAL adds or moves a goal (value
 * replaced), UNGOAL removes the goal on that cell. */
static void rescan_edit(edit_case *e, const dmap_edit *d) {
    size_t i = (size_t)d->y * (size_t)e->g.w + (size_t)d->x;
    if (d->kind == DMAP_EDIT_WALL) e->g.wall[i] = 1;
    if (d->kind == DMAP_EDIT_FLOOR) e->g.wall[i] = 0;
    if (d->kind == DMAP_EDIT_UNGOAL || d->kind == DMAP_EDIT_GOAL)
        for (size_t k = 0; k < e->ngoals; k++)
            if (e->goals[k].x == d->x && e->goals[k].y == d->y) {
                e->goals[k] = e->goals[--e->ngoals];
                break;
            }
    if (d->kind == DMAP_EDIT_GOAL) {
        dmap_goal g0 = {d->x, d->y, d->value};
        e->goals[e->ngoals++] = g0;
    }
}

static int run_rescan(void *ctx, long reps) {
    edit_case *e = ctx;
    for (long i = 0; i < reps; i++) {
        const dmap_edit *b = e->batches + e->at * e->per;
        for (size_t k = 0; k < e->per; k++) rescan_edit(e, &b[k]);
        if (dmap_field(&e->g, &e->m, e->goals, e->ngoals, e->dflt, e->v, e->ws) != DMAP_OK)
            return -1;
        e->at = (e->at + 1) % e->nb;
    }
    return 0;
}

static int run_live(void *ctx, long reps) {
    edit_case *e = ctx;
    for (long i = 0; i < reps; i++) {
        size_t touched;
        if (dmap_live_apply(e->lm, e->batches + e->at * e->per, e->per, &touched) != DMAP_OK)
            return -1;
        e->touched += touched;
        e->at = (e->at + 1) % e->nb;
    }
    return 0;
}

/* The live map equals a fresh field of the same inputs (bring both to batch 0 first). */
static int live_matches(edit_case *live, edit_case *rescan) {
    while (live->at != 0) run_live(live, 1);
    while (rescan->at != 0) run_rescan(rescan, 1);
    size_t n = (size_t)rescan->g.w * (size_t)rescan->g.h;
    const double *lv = dmap_live_values(live->lm);
    for (size_t i = 0; i < n; i++)
        if (!rescan->g.wall[i] && memcmp(&lv[i], &rescan->v[i], sizeof(double)) != 0) return 0;
    return 1;
}

/* Run one incremental case: live vs rescan over the cyclic batches. Returns the ratio. */
static ratio incremental_row(const char *name, const dmap_grid *g, dmap_moves m,
                             const dmap_goal *goals, size_t ngoals, double dflt,
                             const dmap_edit *batches, size_t nb, size_t per, double target,
                             int print) {
    edit_case live = {batches, nb, per, 0, NULL, {0}, NULL, 0, dflt, m, NULL, NULL, 0};
    edit_case full = live;
    dmap_live_new(g, &m, goals, ngoals, dflt, NULL, &live.lm);
    dmap_grid_init(&full.g, g->w, g->h);
    memcpy(full.g.wall, g->wall, (size_t)g->w * (size_t)g->h);
    full.goals = malloc(sizeof(dmap_goal) * (ngoals + nb * per + 1));
    memcpy(full.goals, goals, sizeof(dmap_goal) * ngoals);
    full.ngoals = ngoals;
    full.v = malloc(sizeof(double) * (size_t)g->w * (size_t)g->h);
    dmap_workspace_new(&full.ws);
    contender c[2] = {{"rescan", run_rescan, &full, 0, {0}}, {"live", run_live, &live, 0, {0}}};
    interleave(c, 2);
    long applied = 0;
    for (int i = 0; i < 2; i++) applied += c[i].reps;
    (void)applied;
    if (!live_matches(&live, &full)) {
        fprintf(stderr, "bench: %s: the live map differs from a fresh field\n", name);
        failures++;
    }
    ratio q = ratio_of(&c[0], &c[1]);
    if (print) {
        char t[32];
        snprintf(t, sizeof t, ">= %.0fx", target);
        print_row(name, &c[0], &c[1], t, q.med >= target);
    }
    dmap_live_free(live.lm);
    dmap_grid_free(&full.g);
    free(full.goals);
    free(full.v);
    dmap_workspace_free(full.ws);
    return q;
}

/* A cyclic random walk of the goal: nb/2 steps out to random passable neighbours (8 around
 * under octile moves, a legal step), then the same steps back. Each batch: ungoal, goal. */
static size_t goal_walk(const dmap_grid *g, const dmap_moves *m, int start, dmap_rng *r,
                        dmap_edit *out, size_t half) {
    int path[512];
    path[0] = start;
    size_t len = 1;
    while (len <= half) {
        int d = 1 + (int)dmap_rng_below(r, (uint32_t)m->connectivity);
        int q = dmap_step(g, m, path[len - 1], (dmap_dir)d);
        if (q >= 0) path[len++] = q;
    }
    size_t nb = 0;
    for (size_t k = 0; k + 1 < len; k++, nb++) {
        dmap_edit un = {DMAP_EDIT_UNGOAL, path[k] % g->w, path[k] / g->w, 0};
        dmap_edit go = {DMAP_EDIT_GOAL, path[k + 1] % g->w, path[k + 1] / g->w, 0};
        out[2 * nb] = un, out[2 * nb + 1] = go;
    }
    for (size_t k = len - 1; k > 0; k--, nb++) {
        dmap_edit un = {DMAP_EDIT_UNGOAL, path[k] % g->w, path[k] / g->w, 0};
        dmap_edit go = {DMAP_EDIT_GOAL, path[k - 1] % g->w, path[k - 1] / g->w, 0};
        out[2 * nb] = un, out[2 * nb + 1] = go;
    }
    return nb;
}

/* Random walls on passable cells other than the goals, each added then removed. */
static size_t wall_toggles(const dmap_grid *g, dmap_rng *r, const int *avoid, size_t navoid,
                           dmap_edit *out, size_t count) {
    size_t nb = 0;
    while (nb < 2 * count) {
        int i = (int)dmap_rng_below(r, (uint32_t)(g->w * g->h));
        int bad = g->wall[i];
        for (size_t k = 0; k < navoid; k++) bad |= avoid[k] == i;
        if (bad) continue;
        dmap_edit add = {DMAP_EDIT_WALL, i % g->w, i / g->w, 0};
        dmap_edit del = {DMAP_EDIT_FLOOR, i % g->w, i / g->w, 0};
        out[nb++] = add;
        out[nb++] = del;
    }
    return nb;
}

static int load_movingai(const char *source, const char *name, dmap_grid *g, int *start) {
    char path[2048];
    snprintf(path, sizeof path, "%s/tests/data/movingai/%s.map", source, name);
    char *text;
    size_t len;
    if (dmap_read_file(path, &text, &len, NULL) != DMAP_OK) {
        fprintf(stderr, "bench: missing %s\n", path);
        return -1;
    }
    int rc = dmap_parse_movingai_map(text, len, g, NULL, NULL);
    free(text);
    if (rc != DMAP_OK) return -1;
    /* the start of the longest scenario query: a cell of the main region */
    snprintf(path, sizeof path, "%s/tests/data/movingai/%s.map.scen", source, name);
    *start = -1;
    if (dmap_read_file(path, &text, &len, NULL) == DMAP_OK) {
        dmap_scen_query *q = NULL;
        size_t count = 0;
        if (dmap_parse_scen(text, len, &q, &count, NULL) == DMAP_OK) {
            double longest = -1;
            for (size_t k = 0; k < count; k++)
                if (q[k].optimal > longest && dmap_grid_passable(g, q[k].start_x, q[k].start_y))
                    longest = q[k].optimal, *start = q[k].start_y * g->w + q[k].start_x;
        }
        free(q);
        free(text);
    }
    for (int i = 0; *start < 0 && i < g->w * g->h; i++)
        if (!g->wall[i]) *start = i;
    return *start < 0 ? -1 : 0;
}

static const char *const movingai_maps[] = {"8room_000",     "AR0011SR",       "Archipelago",
                                            "Berlin_0_256",  "arena",          "den520d",
                                            "lak303d",       "maze512-1-0",    "random512-10-0"};

static void section_incremental(const char *source) {
    printf("\n## Incremental updates (A = full rescan with dmap_field, B = dmap_live_apply;\n"
           "## times per update; octile moves on Moving AI maps, no ceiling)\n");
    printf("%-34s %12s  %12s  %s\n", "case", "rescan", "live", "rescan/live per round");
    /* --quick (the ctest smoke run): the two smallest maps, arena and Berlin */
    static const size_t quick_maps[2] = {4, 3};
    size_t nmaps = quick ? 2 : sizeof movingai_maps / sizeof movingai_maps[0];
    dmap_moves oct = dmap_moves_octile();
    double goal_worst = INFINITY, wall_worst = INFINITY, many_worst = INFINITY;
    for (size_t j = 0; j < nmaps; j++) {
        size_t k = quick ? quick_maps[j] : j;
        dmap_grid g;
        int start;
        if (load_movingai(source, movingai_maps[k], &g, &start) != 0) {
            failures++;
            continue;
        }
        dmap_rng r;
        dmap_rng_seed(&r, 14 + k);
        dmap_edit *ed = malloc(sizeof(dmap_edit) * 1024);
        char name[96];
        /* the map's only goal moves one cell */
        dmap_goal goal = {start % g.w, start / g.w, 0};
        size_t nb = goal_walk(&g, &oct, start, &r, ed, 16);
        snprintf(name, sizeof name, "%s: move the only goal", movingai_maps[k]);
        ratio q = incremental_row(name, &g, oct, &goal, 1, NOT_REACHED, ed, nb, 2, 20, 1);
        if (q.med < goal_worst) goal_worst = q.med;
        /* one of 32 goals moves one cell */
        dmap_goal many[32];
        int cells[32];
        size_t ng = pick_goals(&g, &r, 32, many, cells);
        nb = goal_walk(&g, &oct, cells[0], &r, ed, 16);
        snprintf(name, sizeof name, "%s: move 1 of %zu goals", movingai_maps[k], ng);
        q = incremental_row(name, &g, oct, many, ng, NOT_REACHED, ed, nb, 2, 20, 1);
        if (q.med < many_worst) many_worst = q.med;
        /* a wall added, then removed (each an update) */
        nb = wall_toggles(&g, &r, &start, 1, ed, 256);
        snprintf(name, sizeof name, "%s: add/remove a wall", movingai_maps[k]);
        q = incremental_row(name, &g, oct, &goal, 1, NOT_REACHED, ed, nb, 1, 10, 1);
        if (q.med < wall_worst) wall_worst = q.med;
        free(ed);
        dmap_grid_free(&g);
    }
    /* a bomber board, 5 goals, a bomb placed on a free cell (then taken away again) */
    dmap_rng r;
    dmap_rng_seed(&r, 35);
    dmap_grid g;
    bomber_board(&g, &r);
    dmap_goal goals[5];
    int cells[5];
    size_t ng = pick_goals(&g, &r, 5, goals, cells);
    dmap_edit ed[2 * 64];
    size_t nb = wall_toggles(&g, &r, cells, ng, ed, 64);
    ratio q = incremental_row("12x10 bomber, 5 goals: place/remove a bomb", &g, dmap_moves_4(),
                              goals, ng, DMAP_DEFAULT_CEILING, ed, nb, 1, 2, 1);
    dmap_grid_free(&g);
    printf("worst map: move the only goal %.2fx (target 20x), move 1 of 32 goals %.2fx, "
           "add/remove a wall %.2fx (target 10x); bomber %.2fx (target 2x)\n",
           goal_worst, many_worst, wall_worst, q.med);
}

/* ---- distance tables --------------------------------------------------------------------------- */

static const char *const kutulu_maps[20] = {
    "ChallengeFromBeyond", "Cog", "Corridors", "Cross", "FourOfAKind", "HillClimbing",
    "Hypersonic", "MinimalSpawningThree", "Oasis", "OneOnOne", "OriginOfSymmetry", "PacMan",
    "Pixelated", "Roommates", "ShelterInPeril", "ShelterMe", "SlasherHell", "TheRandomMap",
    "TooSmallForUsTwo", "Typhoon"};

typedef struct table_run {
    const dmap_grid *g;
    dmap_moves m;
    const dmap_table *t;
    const int *pairs;
    size_t npairs;
    long sum;
} table_run;

static int run_table_build(void *ctx, long reps) {
    table_run *b = ctx;
    for (long i = 0; i < reps; i++) {
        dmap_table *t;
        if (dmap_table_new(b->g, &b->m, &t) != DMAP_OK) return -1;
        dmap_table_free(t);
    }
    return 0;
}

/* reps lookups of precomputed random pairs (the sum keeps them from being optimised away) */
static int run_lookups(void *ctx, long reps) {
    table_run *b = ctx;
    long s = 0;
    for (long i = 0; i < reps; i++) {
        const int *p = b->pairs + 2 * ((size_t)i & (b->npairs - 1));
        s += dmap_table_dist(b->t, p[0], p[1]);
    }
    b->sum += s;
    return 0;
}

static void section_tables(const char *source) {
    printf("\n## Distance tables (the 20 Kutulu mazes, 4-connected; A = build or lookup,\n"
           "## B = one dmap_field of the same maze, for scale)\n");
    printf("%-34s %12s  %12s  %s\n", "maze (passable cells)", "table", "one field", "table/field");
    double worst_build = 0, worst_lookup = 0;
    size_t nmaps = quick ? 3 : 20;
    for (size_t k = 0; k < nmaps; k++) {
        char path[2048];
        snprintf(path, sizeof path, "%s/arenas/kutulu/data/maps/%s.txt", source, kutulu_maps[k]);
        char *text;
        size_t len;
        dmap_grid g;
        if (dmap_read_file(path, &text, &len, NULL) != DMAP_OK) {
            fprintf(stderr, "bench: missing %s\n", path);
            failures++;
            continue;
        }
        int rc = dmap_parse_text_map(text, len, &g, NULL, NULL);
        free(text);
        if (rc != DMAP_OK) {
            failures++;
            continue;
        }
        dmap_table *t = NULL;
        dmap_table_new(&g, &(dmap_moves){4, 1, 1, DMAP_CORNERS_CUT}, &t);
        enum { NPAIRS = 4096 };
        int *pairs = malloc(sizeof(int) * 2 * NPAIRS);
        dmap_rng r;
        dmap_rng_seed(&r, k);
        for (int i = 0; i < 2 * NPAIRS; i++) pairs[i] = (int)dmap_rng_below(&r, (uint32_t)(g.w * g.h));
        dmap_goal goal = {0, 0, 0};
        for (int i = 0; i < g.w * g.h; i++)
            if (!g.wall[i]) {
                goal.x = i % g.w, goal.y = i / g.w;
                break;
            }
        field_run f;
        field_init(&f, &g, dmap_moves_4(), &goal, 1);
        table_run b = {&g, dmap_moves_4(), t, pairs, NPAIRS, 0};
        contender c[3] = {{"build", run_table_build, &b, 0, {0}},
                          {"lookup", run_lookups, &b, 0, {0}},
                          {"field", run_field, &f, 0, {0}}};
        interleave(c, 3);
        /* check: the table row of the goal equals the field */
        int gi = goal.y * g.w + goal.x;
        for (int i = 0; i < g.w * g.h; i++) {
            int want = g.wall[i] || f.v[i] >= NOT_REACHED ? -1 : (int)f.v[i];
            if (dmap_table_dist(t, gi, i) != want) {
                fprintf(stderr, "bench: table disagrees with the field on %s\n", kutulu_maps[k]);
                failures++;
                break;
            }
        }
        char name[96];
        snprintf(name, sizeof name, "%s (%zu)", kutulu_maps[k], dmap_table_passable(t));
        print_row(name, &c[0], &c[2], NULL, 0);
        if (median_ns(&c[0]) > worst_build) worst_build = median_ns(&c[0]);
        if (median_ns(&c[1]) > worst_lookup) worst_lookup = median_ns(&c[1]);
        field_free(&f);
        free(pairs);
        dmap_table_free(t);
        dmap_grid_free(&g);
    }
    printf("slowest build %.1f us (target <= 150 us): %s; slowest lookup %.2f ns (target <= 5 ns): "
           "%s\n", worst_build / 1e3, worst_build <= 150e3 ? "PASS" : "MISS", worst_lookup,
           worst_lookup <= 5 ? "PASS" : "MISS");
}

/* ---- the heap paths ---------------------------------------------------------------------------- */

/* A side x side grid, 4-connected, with 20 % random walls and 20 distinct entry costs
 * (1, 1.5, ..., 10.5: more than the scan's FIFOs take, so the scan runs on its heap; halves,
 * so every sum of costs is exact and equal paths give equal values). The centre is open. */
static void weighted_grid(dmap_grid *g, int side) {
    dmap_grid_init(g, side, side);
    dmap_grid_add_costs(g);
    dmap_rng rng;
    dmap_rng_seed(&rng, 4620);
    for (long i = 0; i < (long)side * side; i++) {
        g->wall[i] = dmap_rng_below(&rng, 100) < 20;
        g->cost[i] = 1.0 + 0.5 * dmap_rng_below(&rng, 20);
    }
    g->wall[(side / 2) * side + side / 2] = 0;
}

/* Every passable cell of a 4-connected field holds exactly its best offer: its goal value, or
 * a passable neighbour's value plus its own entry cost (the fixed point the scan computes). */
static int field_is_fixed_point(const dmap_grid *g, const double *v, int goal) {
    static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
    for (int y = 0; y < g->h; y++)
        for (int x = 0; x < g->w; x++) {
            int i = y * g->w + x;
            if (g->wall[i]) continue;
            double best = i == goal ? 0 : NOT_REACHED;
            for (int d = 0; d < 4; d++) {
                int nx = x + dx[d], ny = y + dy[d];
                if (nx < 0 || ny < 0 || nx >= g->w || ny >= g->h || g->wall[ny * g->w + nx])
                    continue;
                double cand = v[ny * g->w + nx] + g->cost[i];
                if (cand < best) best = cand;
            }
            if (v[i] != best) return 0;
        }
    return 1;
}

/* The layered search of the heap rows: 4 states over a weighted grid; in every state a step
 * costs the entry cost of the cell entered, and the state may change (to the next one) in no
 * time: many equal arrival times. Every layer then equals the field from the source. */
typedef struct layered_run {
    const dmap_grid *g;
    int source;
    double *arrival;
    int *parent;
    dmap_workspace *ws;
} layered_run;

enum { HEAP_STATES = 4 };

static int weighted_steps(void *user, int cell, int state, dmap_transition *out, size_t cap) {
    const dmap_grid *g = ((const layered_run *)user)->g;
    int x = cell % g->w, y = cell / g->w;
    size_t n = 0;
    int next[4] = {y > 0 ? cell - g->w : -1, x + 1 < g->w ? cell + 1 : -1,
                   y + 1 < g->h ? cell + g->w : -1, x > 0 ? cell - 1 : -1};
    for (int d = 0; d < 4; d++)
        if (next[d] >= 0 && !g->wall[next[d]] && n < cap) {
            dmap_transition t = {next[d], state, g->cost[next[d]]};
            out[n++] = t;
        }
    if (n < cap) {
        dmap_transition t = {cell, (state + 1) % HEAP_STATES, 0};
        out[n++] = t;
    }
    return (int)n;
}

static int run_layered(void *ctx, long reps) {
    layered_run *l = ctx;
    dmap_layer_source src = {l->source, 0, 0};
    int n = l->g->w * l->g->h;
    for (long i = 0; i < reps; i++)
        if (dmap_layered_search(n, HEAP_STATES, &src, 1, weighted_steps, l, 5, INFINITY,
                                l->arrival, l->parent, l->ws) != DMAP_OK)
            return -1;
    return 0;
}

/* The live map's whole cycle of edit batches, once per repetition (every round then times
 * the same updates). */
static int run_live_cycle(void *ctx, long reps) {
    edit_case *e = ctx;
    for (long i = 0; i < reps; i++)
        if (run_live(ctx, (long)e->nb) != 0) return -1;
    return 0;
}

/* One row of the heap section: name | median | the range over the rounds, per operation (the
 * contender's time divided by per); bench/heap_ab.sh reads these rows. */
static void heap_row(const char *name, const contender *c, double per) {
    double lo = INFINITY, hi = 0;
    for (int r = 0; r < rounds; r++) {
        if (c->ns[r] < lo) lo = c->ns[r];
        if (c->ns[r] > hi) hi = c->ns[r];
    }
    printf("%-48s | %12.0f ns | %.0f-%.0f ns\n", name, median_ns(c) / per, lo / per, hi / per);
}

static void section_heap(void) {
    int side = quick ? 64 : 512, lside = quick ? 32 : 128;
    printf("\n## The heap paths: a scan with 20 distinct costs, a live map with costs, a layered\n"
           "## search (4-connected, 20 %% walls, entry costs 1-10.5 in halves; one source)\n");
    printf("%-48s | %15s | %s\n", "case", "median", "range over the rounds");
    dmap_grid g, lg;
    weighted_grid(&g, side);
    weighted_grid(&lg, lside);
    int centre = (side / 2) * side + side / 2;
    dmap_goal goal = {side / 2, side / 2, 0};
    field_run f;
    field_init(&f, &g, dmap_moves_4(), &goal, 1);
    /* a wall added, then removed, at 256 random cells: invalidation and re-lowering on the
     * live map's heap */
    dmap_rng r;
    dmap_rng_seed(&r, 4621);
    dmap_edit *ed = malloc(sizeof(dmap_edit) * 512);
    size_t nb = wall_toggles(&g, &r, &centre, 1, ed, 256);
    dmap_moves four = dmap_moves_4();
    edit_case live = {ed, nb, 1, 0, NULL, {0}, NULL, 0, NOT_REACHED, four, NULL, NULL, 0};
    dmap_live_new(&g, &four, &goal, 1, NOT_REACHED, NULL, &live.lm);
    size_t nl = (size_t)lside * lside * HEAP_STATES;
    layered_run l = {&lg, (lside / 2) * lside + lside / 2, malloc(sizeof(double) * nl),
                     malloc(sizeof(int) * nl), NULL};
    dmap_workspace_new(&l.ws);
    contender c[3] = {{"scan", run_field, &f, 0, {0}}, {"live", run_live_cycle, &live, 0, {0}},
                      {"layered", run_layered, &l, 0, {0}}};
    interleave(c, 3);
    char name[96];
    snprintf(name, sizeof name, "scan %dx%d, dmap_field", side, side);
    heap_row(name, &c[0], 1);
    snprintf(name, sizeof name, "live map %dx%d: add/remove a wall, per update", side, side);
    heap_row(name, &c[1], (double)nb);
    snprintf(name, sizeof name, "layered %dx%d x %d states", lside, lside, HEAP_STATES);
    heap_row(name, &c[2], 1);
    /* the checks: the field is the fixed point; the live map, back at its first grid, equals
     * it bit for bit; every layer equals the field of the layered grid */
    if (!field_is_fixed_point(&g, f.v, centre)) {
        fprintf(stderr, "bench: the weighted field is not the fixed point\n");
        failures++;
    }
    while (live.at != 0) run_live(&live, 1);
    const double *lv = dmap_live_values(live.lm);
    for (int i = 0; i < side * side; i++)
        if (!g.wall[i] && memcmp(&lv[i], &f.v[i], sizeof(double)) != 0) {
            fprintf(stderr, "bench: the weighted live map differs from a fresh field\n");
            failures++;
            break;
        }
    dmap_goal lgoal = {lside / 2, lside / 2, 0};
    field_run lf;
    field_init(&lf, &lg, four, &lgoal, 1);
    run_field(&lf, 1);
    int bad = 0;
    for (size_t k = 0; k < nl; k++) {
        size_t i = k % ((size_t)lside * lside);
        if (!lg.wall[i]) bad |= l.arrival[k] != (lf.v[i] == NOT_REACHED ? INFINITY : lf.v[i]);
    }
    if (bad) {
        fprintf(stderr, "bench: a layer of the layered search differs from the field\n");
        failures++;
    }
    field_free(&lf);
    field_free(&f);
    dmap_live_free(live.lm);
    free(ed);
    free(l.arrival);
    free(l.parent);
    dmap_workspace_free(l.ws);
    dmap_grid_free(&g);
    dmap_grid_free(&lg);
}

int main(int argc, char **argv) {
    const char *source = DMAP_BENCH_SOURCE, *only = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--quick") == 0)
            quick = 1;
        else if (strcmp(argv[i], "--rounds") == 0 && i + 1 < argc)
            rounds = atoi(argv[++i]);
        else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc)
            only = argv[++i];
        else if (argv[i][0] != '-')
            source = argv[i];
        else {
            fprintf(stderr, "usage: dmap_bench_engine [--quick] [--rounds R] "
                            "[--only floor|octile|small|incremental|tables|heap] [SOURCE]\n");
            return 2;
        }
    }
    if (quick) rounds = 3;
    if (rounds < 1 || rounds > MAX_ROUNDS) {
        fprintf(stderr, "dmap_bench_engine: --rounds must be 1..%d\n", MAX_ROUNDS);
        return 2;
    }
    printf("dmap engine benchmark: %d interleaved rounds per case, medians, per-round ratio "
           "ranges\n", rounds);
    print_load("at start");
    if (!only || strcmp(only, "floor") == 0) section_floor();
    if (!only || strcmp(only, "octile") == 0) section_octile();
    if (!only || strcmp(only, "small") == 0) section_small();
    if (!only || strcmp(only, "incremental") == 0) section_incremental(source);
    if (!only || strcmp(only, "tables") == 0) section_tables(source);
    if (!only || strcmp(only, "heap") == 0) section_heap();
    print_load("at end");
    if (failures) fprintf(stderr, "dmap_bench_engine: %d check(s) failed\n", failures);
    return failures ? 1 : 0;
}
