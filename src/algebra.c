/* algebra.c — element-wise arithmetic on maps: add, scale, weighted sum, min, max, clamp.
 *
 * Desire-driven agents build their goal map as a weighted sum of many Dijkstra maps every
 * tick, so dmap_weighted_sum is the one that must be fast: it is bound by memory bandwidth,
 * so it reads up to eight maps in one pass with the sum in a register, and beyond eight maps
 * works in chunks small enough that the running sums of a chunk stay in L1 while every input
 * map streams through once.
 * All functions compute passable cells only and leave wall cells of dst as they were; dst may
 * be one of the inputs. */
#include <math.h>

#include "dmap.h"
#include "portable.h"

/* Cells per chunk of the weighted sum (more than eight maps): 16 KiB of running sums, well
 * inside L1. */
#define SUM_CHUNK 2048

/* The cell count of a grid whose arrays we are about to walk, or a negative error. */
static int64_t grid_cells(const dmap_grid *g) {
    if (!g || !g->wall) return DMAP_ERR_ARG;
    if (g->w <= 0 || g->h <= 0) return DMAP_ERR_SIZE;
    int64_t n = (int64_t)g->w * (int64_t)g->h;
    if (n > DMAP_MAX_CELLS) return DMAP_ERR_SIZE;
    return n;
}

/* The checks every element-wise function shares: the grid, then the maps (b may be absent).
 * Returns the cell count, or a negative error code. */
static int64_t maps_cells(const dmap_grid *g, const double *a, const double *b, int need_b,
                          const double *dst) {
    int64_t n = grid_cells(g);
    if (n < 0) return n;
    if (!a || (need_b && !b) || !dst) return DMAP_ERR_ARG;
    return n;
}

int dmap_add(const dmap_grid *g, const double *a, const double *b, double *dst) {
    int64_t n = maps_cells(g, a, b, 1, dst);
    if (n < 0) return (int)n;
    const unsigned char *wall = g->wall;
    for (int64_t i = 0; i < n; i++)
        if (!wall[i]) dst[i] = a[i] + b[i];
    return DMAP_OK;
}

int dmap_scale(const dmap_grid *g, const double *src, double factor, double *dst) {
    int64_t n = maps_cells(g, src, NULL, 0, dst);
    if (n < 0) return (int)n;
    if (!isfinite(factor)) return DMAP_ERR_VALUE;
    const unsigned char *wall = g->wall;
    for (int64_t i = 0; i < n; i++)
        if (!wall[i]) dst[i] = factor * src[i];
    return DMAP_OK;
}

int dmap_min(const dmap_grid *g, const double *a, const double *b, double *dst) {
    int64_t n = maps_cells(g, a, b, 1, dst);
    if (n < 0) return (int)n;
    const unsigned char *wall = g->wall;
    for (int64_t i = 0; i < n; i++)
        if (!wall[i]) dst[i] = b[i] < a[i] ? b[i] : a[i];
    return DMAP_OK;
}

int dmap_max(const dmap_grid *g, const double *a, const double *b, double *dst) {
    int64_t n = maps_cells(g, a, b, 1, dst);
    if (n < 0) return (int)n;
    const unsigned char *wall = g->wall;
    for (int64_t i = 0; i < n; i++)
        if (!wall[i]) dst[i] = b[i] > a[i] ? b[i] : a[i];
    return DMAP_OK;
}

int dmap_clamp(const dmap_grid *g, const double *src, double lo, double hi, double *dst) {
    int64_t n = maps_cells(g, src, NULL, 0, dst);
    if (n < 0) return (int)n;
    if (!isfinite(lo) || !isfinite(hi) || lo > hi) return DMAP_ERR_VALUE;
    const unsigned char *wall = g->wall;
    for (int64_t i = 0; i < n; i++) {
        if (wall[i]) continue;
        double v = src[i];
        dst[i] = v < lo ? lo : (v > hi ? hi : v);
    }
    return DMAP_OK;
}

/* acc[0..len) += w[k] * maps[k][start..start+len) for eight maps in one pass: reading many
 * input streams at once keeps the memory system busy (big sums are bound by memory
 * bandwidth), and the running sums are loaded and stored once per eight maps. */
static void accumulate8(double *DMAP_RESTRICT acc, size_t len, const double *const *maps,
                        const double *w, size_t start) {
    const double *DMAP_RESTRICT m0 = maps[0] + start, *DMAP_RESTRICT m1 = maps[1] + start;
    const double *DMAP_RESTRICT m2 = maps[2] + start, *DMAP_RESTRICT m3 = maps[3] + start;
    const double *DMAP_RESTRICT m4 = maps[4] + start, *DMAP_RESTRICT m5 = maps[5] + start;
    const double *DMAP_RESTRICT m6 = maps[6] + start, *DMAP_RESTRICT m7 = maps[7] + start;
    double w0 = w[0], w1 = w[1], w2 = w[2], w3 = w[3], w4 = w[4], w5 = w[5], w6 = w[6],
           w7 = w[7];
    for (size_t i = 0; i < len; i++) {
        double a = acc[i];
        a += w0 * m0[i];
        a += w1 * m1[i];
        a += w2 * m2[i];
        a += w3 * m3[i];
        a += w4 * m4[i];
        a += w5 * m5[i];
        a += w6 * m6[i];
        a += w7 * m7[i];
        acc[i] = a;
    }
}

/* The last (up to eight) maps of a chunk, fused with the write to dst: dst = acc (or 0 when
 * acc is NULL) + their weighted values, on passable cells. dst[i] is written after every
 * input's element i was read, so dst may alias an input. Eight maps, the common case, get a
 * loop with the sum in a register; fewer an inner loop over the maps. */
static void finish(const double *acc, size_t len, const double *const *maps, const double *w,
                   size_t count, size_t start, const unsigned char *wall, double *dst) {
    if (count == 8) {
        const double *m0 = maps[0] + start, *m1 = maps[1] + start, *m2 = maps[2] + start;
        const double *m3 = maps[3] + start, *m4 = maps[4] + start, *m5 = maps[5] + start;
        const double *m6 = maps[6] + start, *m7 = maps[7] + start;
        double w0 = w[0], w1 = w[1], w2 = w[2], w3 = w[3], w4 = w[4], w5 = w[5], w6 = w[6],
               w7 = w[7];
        for (size_t i = 0; i < len; i++) {
            if (wall[i]) continue;
            double a = acc ? acc[i] : 0.0;
            a += w0 * m0[i];
            a += w1 * m1[i];
            a += w2 * m2[i];
            a += w3 * m3[i];
            a += w4 * m4[i];
            a += w5 * m5[i];
            a += w6 * m6[i];
            a += w7 * m7[i];
            dst[i] = a;
        }
        return;
    }
    for (size_t i = 0; i < len; i++) {
        if (wall[i]) continue;
        double a = acc ? acc[i] : 0.0;
        for (size_t k = 0; k < count; k++) a += w[k] * maps[k][start + i];
        dst[i] = a;
    }
}

int dmap_weighted_sum(const dmap_grid *g, const double *const *maps, const double *weights,
                      size_t nmaps, double *dst) {
    int64_t n = grid_cells(g);
    if (n < 0) return (int)n;
    if (!maps || !weights || !dst || nmaps == 0) return DMAP_ERR_ARG;
    for (size_t k = 0; k < nmaps; k++) {
        if (!maps[k]) return DMAP_ERR_ARG;
        if (!isfinite(weights[k])) return DMAP_ERR_VALUE;
    }
    const unsigned char *wall = g->wall;
    double acc[SUM_CHUNK];
    for (size_t start = 0; start < (size_t)n; start += SUM_CHUNK) {
        size_t len = (size_t)n - start < SUM_CHUNK ? (size_t)n - start : SUM_CHUNK;
        /* Groups of eight maps into the chunk's running sums while more than eight remain
         * (summing in the order k = 0, 1, ... like a plain loop), then the rest straight
         * into dst. Starting from 0.0 makes -0.0 inputs sum like a plain loop too. */
        size_t k = 0;
        const double *sums = NULL;
        if (nmaps > 8) {
            for (size_t i = 0; i < len; i++) acc[i] = 0.0;
            for (; nmaps - k > 8; k += 8) accumulate8(acc, len, maps + k, weights + k, start);
            sums = acc;
        }
        finish(sums, len, maps + k, weights + k, nmaps - k, start, wall + start, dst + start);
    }
    return DMAP_OK;
}
