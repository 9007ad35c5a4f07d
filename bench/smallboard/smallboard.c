/* smallboard.c — BFS distance maps of many small boards: dmap_bfs one board at a time (the
 * general engine and the small-board engine), dmap_field, and the batch API on 1 and T
 * threads, all on the same random boards, with checksums that must agree.
 *
 * The boards: N boards of W x H, each cell a wall with probability PCT/100 (--walls, default
 * 30), one source cell per board (made passable), drawn from dmap_rng with the seed given
 * (--seed, default 1). --dump
 * FILE writes them in the file format of gpu.py (int32 W, H, N; N*W*H wall bytes; N int32
 * sources), so the GPU side maps exactly these boards. The checksum of a set of maps is the
 * sum of every depth above 0 (unreached cells count nothing).
 *
 * Two parts:
 *   1. One thread, contenders interleaved round by round in rotated order, thread CPU time:
 *      ns per map of "general" (dmap_bfs without the small-board engine: the bitset search of
 *      boards up to 1,024 cells, else the queue), "dmap_bfs" (as the library runs it now),
 *      "dmap_field" (the unit-step field of the same source, no ceiling), "batch/plain" and
 *      "batch/simd" (dmap_bfs_batch into int16 on the plain and the widest SIMD path, no pool),
 *      "batch/int8" (the same into int8, half the bytes written; boards of up to 128 cells,
 *      whose depths int8 holds). Medians over the rounds; ratios general/x and dmap_bfs/x as
 *      the median of the per-round ratios with their range, and batch/simd over batch/int8.
 *      Checksums come from a first, untimed run of each contender.
 *   2. Throughput, contenders interleaved in rotated order each repetition: dmap_bfs one board
 *      at a time on T threads, dmap_bfs_batch (widest SIMD path) into int16 on 1 and T
 *      threads, and into int8 on 1 and T threads (boards of up to 128 cells); maps/s from the
 *      best wall clock of R repetitions, the median process CPU time (every thread's), and
 *      int16 over int8 at each thread count as the median of per-repetition ratios [range].
 *
 * usage: smallboard [--size WxH] [--boards N] [--threads T] [--rounds R] [--reps R]
 *                   [--seed S] [--walls PCT] [--moves 4|8|8s] [--dump FILE] [--quick]
 *                   [--only 1|2]
 * Exit status 1 when any two checksums differ. */
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../bench_util.h"
#include "dmap.h"
#include "pool.h"
#include "rowbits.h"

#define MAX_ROUNDS 101
#define MAX_CONTENDERS 6
#define INT8_MAX_CELLS 128 /* int8 holds every depth of a board of up to 128 cells */

typedef struct boards {
    int w, h, n, walls_pct;
    size_t cells;
    unsigned char *walls;
    int *sources;
} boards;

static int failures;
static dmap_moves moves; /* --moves: 4, 8 (corners cut) or 8s (strict) */

static void make_boards(boards *b, int w, int h, int n, uint64_t seed, int walls_pct) {
    b->w = w;
    b->h = h;
    b->n = n;
    b->walls_pct = walls_pct;
    b->cells = (size_t)w * (size_t)h;
    b->walls = malloc(b->cells * (size_t)n);
    b->sources = malloc(sizeof(int) * (size_t)n);
    if (!b->walls || !b->sources) {
        fprintf(stderr, "smallboard: out of memory for %d boards\n", n);
        exit(1);
    }
    dmap_rng r;
    dmap_rng_seed(&r, seed);
    for (int k = 0; k < n; k++) {
        unsigned char *wall = b->walls + b->cells * (size_t)k;
        for (size_t i = 0; i < b->cells; i++)
            wall[i] = dmap_rng_below(&r, 100) < (uint32_t)walls_pct;
        b->sources[k] = (int)dmap_rng_below(&r, (uint32_t)b->cells);
        wall[b->sources[k]] = 0;
    }
}

static int dump_boards(const boards *b, const char *path) {
    FILE *f = fopen(path, "wb");
    int32_t hdr[3] = {b->w, b->h, b->n};
    int ok = f && fwrite(hdr, sizeof hdr, 1, f) == 1 &&
             fwrite(b->walls, 1, b->cells * (size_t)b->n, f) == b->cells * (size_t)b->n;
    for (int k = 0; ok && k < b->n; k++) {
        int32_t s = b->sources[k];
        ok = fwrite(&s, sizeof s, 1, f) == 1;
    }
    if (f && fclose(f) != 0) ok = 0;
    if (!ok) fprintf(stderr, "smallboard: cannot write %s\n", path);
    return ok;
}

static double cpu_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* The CPU time of every thread of the process (part 2's pools), in seconds. */
static double process_cpu_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* ---- the contenders of part 1: each maps every board once and returns its checksum -------- */

typedef struct ctx {
    const boards *b;
    int sum;                 /* take the checksum (the untimed run) */
    int *depth;              /* one board's ints */
    double *values;          /* one board's doubles */
    int16_t *out;            /* every board's int16 depths */
    int8_t *out8;            /* every board's int8 depths */
    dmap_workspace *ws;
    dmap_moves m;
} ctx;

static int64_t sum_positive_int(const int *d, size_t n) {
    int64_t t = 0;
    for (size_t i = 0; i < n; i++) t += d[i] > 0 ? d[i] : 0;
    return t;
}

static int64_t sum_positive_i16(const int16_t *d, size_t n) {
    int64_t t = 0;
    for (size_t i = 0; i < n; i++) t += d[i] > 0 ? d[i] : 0;
    return t;
}

static int64_t sum_positive_i8(const int8_t *d, size_t n) {
    int64_t t = 0;
    for (size_t i = 0; i < n; i++) t += d[i] > 0 ? d[i] : 0;
    return t;
}

static dmap_grid board_grid(const boards *b, int k) {
    dmap_grid g = {b->w, b->h, b->walls + b->cells * (size_t)k, NULL};
    return g;
}

static int64_t run_general(ctx *c) {
    int64_t t = 0;
    for (int k = 0; k < c->b->n; k++) {
        dmap_grid g = board_grid(c->b, k);
        if (dmap_bfs_without_rows(&g, &c->m, &c->b->sources[k], 1, -1, c->depth, c->ws)) failures++;
        if (c->sum) t += sum_positive_int(c->depth, c->b->cells);
    }
    return t;
}

static int64_t run_dmap_bfs(ctx *c) {
    int64_t t = 0;
    for (int k = 0; k < c->b->n; k++) {
        dmap_grid g = board_grid(c->b, k);
        if (dmap_bfs(&g, &c->m, &c->b->sources[k], 1, -1, c->depth, NULL, c->ws)) failures++;
        if (c->sum) t += sum_positive_int(c->depth, c->b->cells);
    }
    return t;
}

static int64_t run_field(ctx *c) {
    int64_t t = 0;
    for (int k = 0; k < c->b->n; k++) {
        dmap_grid g = board_grid(c->b, k);
        int s = c->b->sources[k];
        dmap_goal goal = {s % c->b->w, s / c->b->w, 0.0};
        if (dmap_field(&g, &c->m, &goal, 1, DMAP_NO_CEILING, c->values, c->ws)) failures++;
        for (size_t i = 0; c->sum && i < c->b->cells; i++)
            if (c->values[i] > 0 && c->values[i] < DMAP_NO_CEILING) t += (int64_t)c->values[i];
    }
    return t;
}

static int64_t run_batch(ctx *c, dmap_simd simd, dmap_pool *pool) {
    dmap_boards bd = {c->b->w, c->b->h, (size_t)c->b->n, c->b->walls};
    if (dmap_bfs_batch(&bd, &c->m, c->b->sources, NULL, -1, DMAP_ELEM_I16, c->out, pool, simd))
        failures++;
    return c->sum ? sum_positive_i16(c->out, c->b->cells * (size_t)c->b->n) : 0;
}

static int64_t run_batch_plain(ctx *c) { return run_batch(c, DMAP_SIMD_NONE, NULL); }
static int64_t run_batch_simd(ctx *c) { return run_batch(c, DMAP_SIMD_AUTO, NULL); }

static int64_t run_batch_int8(ctx *c) {
    dmap_boards bd = {c->b->w, c->b->h, (size_t)c->b->n, c->b->walls};
    if (dmap_bfs_batch(&bd, &c->m, c->b->sources, NULL, -1, DMAP_ELEM_I8, c->out8, NULL,
                       DMAP_SIMD_AUTO))
        failures++;
    return c->sum ? sum_positive_i8(c->out8, c->b->cells * (size_t)c->b->n) : 0;
}

typedef struct contender {
    const char *name;
    int64_t (*run)(ctx *c);
    double ns[MAX_ROUNDS]; /* per map, per round */
    int64_t checksum;
} contender;

static double median_of(const double *x, int n) {
    double t[MAX_ROUNDS];
    memcpy(t, x, sizeof(double) * (size_t)n);
    return median(t, n);
}

static void part_one(const boards *b, int rounds) {
    ctx c = {b, 1, malloc(sizeof(int) * b->cells), malloc(sizeof(double) * b->cells),
             malloc(sizeof(int16_t) * b->cells * (size_t)b->n),
             malloc(b->cells * (size_t)b->n), NULL, moves};
    dmap_workspace_new(&c.ws);
    if (!c.depth || !c.values || !c.out || !c.out8 || !c.ws) {
        fprintf(stderr, "smallboard: out of memory\n");
        exit(1);
    }
    contender all[MAX_CONTENDERS] = {{"general", run_general, {0}, 0},
                                     {"dmap_bfs", run_dmap_bfs, {0}, 0},
                                     {"dmap_field", run_field, {0}, 0},
                                     {"batch/plain", run_batch_plain, {0}, 0},
                                     {"batch/simd", run_batch_simd, {0}, 0},
                                     {"batch/int8", run_batch_int8, {0}, 0}};
    int n = b->cells <= INT8_MAX_CELLS ? 6 : 5;
    for (int k = 0; k < n; k++) all[k].checksum = all[k].run(&c); /* warm-up, checksums */
    c.sum = 0;
    for (int r = 0; r < rounds; r++)
        for (int i = 0; i < n; i++) {
            contender *x = &all[(i + r) % n];
            double t0 = cpu_ms();
            x->run(&c);
            x->ns[r] = (cpu_ms() - t0) * 1e6 / b->n;
        }
    printf("one thread, %s moves, %d boards %dx%d (%d%% walls), %d rounds, thread CPU time "
           "(SIMD: %s)\n",
           moves.connectivity == 4 ? "4-connected"
           : moves.corners         ? "8-connected strict"
                                   : "8-connected",
           b->n, b->w, b->h, b->walls_pct, rounds,
           dmap_simd_best() == DMAP_SIMD_AVX512 ? "AVX-512"
           : dmap_simd_best() == DMAP_SIMD_AVX2 ? "AVX2"
                                                : "none");
    printf("  %-12s %12s %12s %22s %23s %16s\n", "contender", "ns/map", "maps/s",
           "general/this [range]", "dmap_bfs/this [range]", "checksum");
    for (int k = 0; k < n; k++) {
        char over[2][64];
        for (int base = 0; base < 2; base++) { /* over the general engine, over dmap_bfs */
            double ratio[MAX_ROUNDS], lo = 1e300, hi = 0;
            for (int r = 0; r < rounds; r++) {
                ratio[r] = all[base].ns[r] / all[k].ns[r];
                lo = ratio[r] < lo ? ratio[r] : lo;
                hi = ratio[r] > hi ? ratio[r] : hi;
            }
            snprintf(over[base], sizeof over[base], "%.2fx [%.2f-%.2f]", median_of(ratio, rounds),
                     lo, hi);
        }
        double med = median_of(all[k].ns, rounds);
        printf("  %-12s %12.1f %12.3g %22s %23s %16lld%s\n", all[k].name, med, 1e9 / med, over[0],
               over[1], (long long)all[k].checksum,
               all[k].checksum == all[0].checksum ? "" : "  MISMATCH");
        if (all[k].checksum != all[0].checksum) failures++;
    }
    if (n == 6) { /* int16 over int8: the time the narrower output saves */
        double ratio[MAX_ROUNDS], lo = 1e300, hi = 0;
        for (int r = 0; r < rounds; r++) {
            ratio[r] = all[4].ns[r] / all[5].ns[r];
            lo = ratio[r] < lo ? ratio[r] : lo;
            hi = ratio[r] > hi ? ratio[r] : hi;
        }
        printf("  batch/simd over batch/int8 (median of per-round ratios [range]): %.2fx "
               "[%.2f-%.2f]\n",
               median_of(ratio, rounds), lo, hi);
    } else {
        printf("  batch/int8: not run (int8 holds the depths of boards of up to %d cells)\n",
               INT8_MAX_CELLS);
    }
    free(c.depth);
    free(c.values);
    free(c.out);
    free(c.out8);
    dmap_workspace_free(c.ws);
}

/* ---- part 2: throughput on threads ------------------------------------------------------- */

typedef struct per_board_job {
    const boards *b;
    int **depth;               /* one board's ints per thread */
    dmap_workspace **ws;       /* per thread */
    int64_t *sums;             /* per chunk */
    int chunk;
} per_board_job;

static void per_board_chunk(void *p, size_t chunk, int thread) {
    per_board_job *j = p;
    dmap_moves m = moves;
    int64_t t = 0;
    int k0 = (int)chunk * j->chunk, k1 = k0 + j->chunk < j->b->n ? k0 + j->chunk : j->b->n;
    for (int k = k0; k < k1; k++) {
        dmap_grid g = board_grid(j->b, k);
        if (dmap_bfs(&g, &m, &j->b->sources[k], 1, -1, j->depth[thread], NULL, j->ws[thread])) {
            j->sums[chunk] = -1; /* a checksum no run gives: the mismatch is reported */
            return;
        }
        t += sum_positive_int(j->depth[thread], j->b->cells);
    }
    j->sums[chunk] = t;
}

static double wall_s(void) { return now_ms() / 1e3; }

/* Part 2's contenders: one board at a time on T threads, the batch into int16 and int8 on 1
 * and T threads. */
enum { P2_PER_BOARD, P2_I16_ONE, P2_I16_ALL, P2_I8_ONE, P2_I8_ALL, P2_COUNT };

/* The median of the per-repetition ratios a[r] / b[r] and their range, as "1.23x [1.1-1.4]". */
static void ratio_text(char *buf, size_t size, const double *a, const double *b, int reps) {
    double *ratio = malloc(sizeof(double) * (size_t)reps), lo = 1e300, hi = 0;
    if (!ratio) {
        snprintf(buf, size, "?");
        return;
    }
    for (int r = 0; r < reps; r++) {
        ratio[r] = a[r] / b[r];
        lo = ratio[r] < lo ? ratio[r] : lo;
        hi = ratio[r] > hi ? ratio[r] : hi;
    }
    double med = median(ratio, reps);
    snprintf(buf, size, "%.2fx [%.2f-%.2f]", med, lo, hi);
    free(ratio);
}

static void part_two(const boards *b, int threads, int reps) {
    dmap_pool *pool = NULL;
    if (dmap_pool_new(&pool, threads) != DMAP_OK) {
        fprintf(stderr, "smallboard: cannot make a pool of %d threads\n", threads);
        exit(1);
    }
    const size_t count = b->cells * (size_t)b->n;
    int16_t *out = malloc(sizeof(int16_t) * count);
    int8_t *out8 = malloc(count);
    per_board_job j = {b, calloc((size_t)threads, sizeof(int *)),
                       calloc((size_t)threads, sizeof(dmap_workspace *)), NULL, 256};
    size_t nchunks = ((size_t)b->n + 255) / 256;
    j.sums = calloc(nchunks, sizeof(int64_t));
    double *wall = calloc((size_t)P2_COUNT * (size_t)reps, sizeof(double));
    double *cpu = calloc((size_t)P2_COUNT * (size_t)reps, sizeof(double));
    if (!out || !out8 || !j.depth || !j.ws || !j.sums || !wall || !cpu) {
        fprintf(stderr, "smallboard: out of memory\n");
        exit(1);
    }
    for (int t = 0; t < threads; t++) {
        j.depth[t] = malloc(sizeof(int) * b->cells);
        dmap_workspace_new(&j.ws[t]);
    }
    dmap_boards bd = {b->w, b->h, (size_t)b->n, b->walls};
    dmap_moves m = moves;
    const char *names[P2_COUNT] = {"dmap_bfs per board", "batch", "batch", "batch int8",
                                   "batch int8"};
    const int tcount[P2_COUNT] = {threads, 1, threads, 1, threads};
    const int ncont = b->cells <= INT8_MAX_CELLS ? P2_COUNT : P2_I8_ONE;
    double best[P2_COUNT];
    int64_t sums[P2_COUNT] = {0};
    for (int k = 0; k < P2_COUNT; k++) best[k] = 1e300;
    /* rep -1: untimed, every output array touched once (no page faults in the times) */
    for (int r = -1; r < reps; r++)
        for (int i = 0; i < ncont; i++) {
            int k = (i + r + 1) % ncont;
            dmap_pool *p = tcount[k] == 1 ? NULL : pool;
            double t0 = wall_s(), c0 = process_cpu_s();
            if (k == P2_PER_BOARD) {
                dmap_pool_run(pool, per_board_chunk, &j, nchunks);
            } else if (dmap_bfs_batch(&bd, &m, b->sources, NULL, -1,
                                      k >= P2_I8_ONE ? DMAP_ELEM_I8 : DMAP_ELEM_I16,
                                      k >= P2_I8_ONE ? (void *)out8 : (void *)out, p,
                                      DMAP_SIMD_AUTO)) {
                failures++;
            }
            double dt = wall_s() - t0, dc = process_cpu_s() - c0;
            if (r < 0) continue;
            cpu[k * reps + r] = dc;
            wall[k * reps + r] = dt;
            best[k] = dt < best[k] ? dt : best[k];
            int64_t s = 0;
            if (k == P2_PER_BOARD)
                for (size_t c = 0; c < nchunks; c++) s += j.sums[c];
            else if (k >= P2_I8_ONE)
                s = sum_positive_i8(out8, count);
            else
                s = sum_positive_i16(out, count);
            sums[k] = s;
        }
    char ratios[2][160]; /* int16 over int8 on 1 and T threads, before the medians sort */
    for (int one = 0; ncont == P2_COUNT && one < 2; one++) {
        int k16 = one ? P2_I16_ONE : P2_I16_ALL, k8 = one ? P2_I8_ONE : P2_I8_ALL;
        char by_wall[64], by_cpu[64];
        ratio_text(by_wall, sizeof by_wall, wall + k16 * reps, wall + k8 * reps, reps);
        ratio_text(by_cpu, sizeof by_cpu, cpu + k16 * reps, cpu + k8 * reps, reps);
        snprintf(ratios[one], sizeof ratios[one], "wall clock %s, CPU time %s", by_wall, by_cpu);
    }
    printf("throughput, %d boards %dx%d, contenders interleaved, wall clock the best of %d, "
           "process CPU time the median\n",
           b->n, b->w, b->h, reps);
    for (int k = 0; k < ncont; k++) {
        double cpu_ns = median(cpu + k * reps, reps) * 1e9 / b->n; /* sorts that row */
        printf("  %-20s threads %3d  %9.4f s  %10.4g maps/s  CPU %8.1f ns/map  checksum %lld%s\n",
               names[k], tcount[k], best[k], b->n / best[k], cpu_ns, (long long)sums[k],
               sums[k] == sums[0] ? "" : "  MISMATCH");
        if (sums[k] != sums[0]) failures++;
    }
    if (ncont == P2_COUNT) {
        for (int one = 1; one >= 0; one--)
            printf("  batch int16 over int8, %3d threads (median of per-repetition ratios "
                   "[range]): %s\n",
                   one ? 1 : threads, ratios[one]);
    } else {
        printf("  batch int8: not run (int8 holds the depths of boards of up to %d cells)\n",
               INT8_MAX_CELLS);
    }
    /* one line per contender for scripts (device.sh gathers them into its table) */
    const char *keys[P2_COUNT] = {"dmap_bfs/board", "batch", "batch", "batch/int8",
                                  "batch/int8"};
    for (int k = 0; k < ncont; k++)
        printf("RESULT %dx%d %d %s %d %.6g %lld\n", b->w, b->h, b->n, keys[k], tcount[k],
               b->n / best[k], (long long)sums[k]);
    for (int t = 0; t < threads; t++) {
        free(j.depth[t]);
        dmap_workspace_free(j.ws[t]);
    }
    free(j.depth);
    free(j.ws);
    free(j.sums);
    free(wall);
    free(cpu);
    free(out);
    free(out8);
    dmap_pool_free(pool);
}

static void usage(void) {
    fprintf(stderr, "usage: smallboard [--size WxH] [--boards N] [--threads T] [--rounds R] "
                    "[--reps R] [--seed S] [--walls PCT] [--moves 4|8|8s] [--dump FILE] [--quick] "
                    "[--only 1|2]\n");
    exit(2);
}

static long number_arg(int argc, char **argv, int i, long lo, long hi) {
    if (i + 1 >= argc) usage();
    char *end;
    long v = strtol(argv[i + 1], &end, 10);
    if (*end || v < lo || v > hi) {
        fprintf(stderr, "smallboard: %s wants a number in %ld..%ld, not '%s'\n", argv[i], lo, hi,
                argv[i + 1]);
        exit(2);
    }
    return v;
}

int main(int argc, char **argv) {
    int w = 11, h = 11, n = 4096, threads = (int)sysconf(_SC_NPROCESSORS_ONLN), rounds = 11,
        reps = 3, only = 0, walls_pct = 30;
    uint64_t seed = 1;
    const char *dump = NULL;
    moves = dmap_moves_4();
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--size")) {
            if (i + 1 >= argc || sscanf(argv[i + 1], "%dx%d", &w, &h) != 2 || w < 1 || h < 1 ||
                (long)w * h > (1L << 24)) {
                fprintf(stderr, "smallboard: --size wants WxH (e.g. 11x11)\n");
                return 2;
            }
            i++;
        } else if (!strcmp(argv[i], "--boards")) {
            n = (int)number_arg(argc, argv, i++, 1, 1L << 24);
        } else if (!strcmp(argv[i], "--threads")) {
            threads = (int)number_arg(argc, argv, i++, 1, 256);
        } else if (!strcmp(argv[i], "--rounds")) {
            rounds = (int)number_arg(argc, argv, i++, 1, MAX_ROUNDS);
        } else if (!strcmp(argv[i], "--reps")) {
            reps = (int)number_arg(argc, argv, i++, 1, 1000);
        } else if (!strcmp(argv[i], "--seed")) {
            seed = (uint64_t)number_arg(argc, argv, i++, 0, 1L << 30);
        } else if (!strcmp(argv[i], "--walls")) {
            walls_pct = (int)number_arg(argc, argv, i++, 0, 100);
        } else if (!strcmp(argv[i], "--only")) {
            only = (int)number_arg(argc, argv, i++, 1, 2);
        } else if (!strcmp(argv[i], "--dump")) {
            if (i + 1 >= argc) usage();
            dump = argv[++i];
        } else if (!strcmp(argv[i], "--moves")) {
            if (i + 1 >= argc) usage();
            const char *v = argv[++i];
            moves = !strcmp(v, "4") ? dmap_moves_4() : dmap_moves_8();
            if (!strcmp(v, "8s")) moves.corners = DMAP_CORNERS_STRICT;
            if (strcmp(v, "4") && strcmp(v, "8") && strcmp(v, "8s")) {
                fprintf(stderr, "smallboard: --moves wants 4, 8 or 8s, not '%s'\n", v);
                return 2;
            }
        } else if (!strcmp(argv[i], "--quick")) {
            n = 256;
            rounds = 3;
            reps = 1;
        } else {
            usage();
        }
    }
    if (threads < 1) threads = 1;
    boards b;
    make_boards(&b, w, h, n, seed, walls_pct);
    if (dump && !dump_boards(&b, dump)) return 1;
    if (only != 2) part_one(&b, rounds);
    if (only != 1) part_two(&b, threads, reps);
    free(b.walls);
    free(b.sources);
    if (failures)
        fprintf(stderr, "smallboard: %d failures (errors or checksums that differ)\n", failures);
    return failures != 0;
}
