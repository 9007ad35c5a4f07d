/* batch.c — the batch functions: BFS depths and Dijkstra maps of N boards of one size in one
 * call (dmap_bfs_batch, dmap_field_batch), on a caller's thread pool, with boards in SIMD
 * registers where the processor has them — AVX-512: boards up to 16 columns wide 32 at a time
 * and up to 32 columns 16 at a time, a board row per lane (narrow_avx512.c), wider ones a
 * board's rows in the lanes
 * (rowbits_avx512.c); AVX2: four boards in the lanes (below). Boards are cut into chunks of
 * CHUNK_BOARDS (NARROW_CHUNK on the narrow path); each chunk writes only its own boards'
 * outputs, so the result does not depend on which thread runs which chunk. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bfs_bits.h"
#include "pool.h"
#include "rowbits.h"
#include "workspace.h"

#if (defined(__x86_64__) || defined(_M_X64)) && (defined(__GNUC__) || defined(__clang__))
#define BATCH_X86 1
#include <immintrin.h>
#else
#define BATCH_X86 0
#endif

enum { CHUNK_BOARDS = 64 };

/* Board sizes and the stacked arrays' element count: DMAP_OK or ARG/SIZE. */
static int check_boards(const dmap_boards *b, dmap_elem type, size_t *cells) {
    if (!b || (unsigned)type > DMAP_ELEM_I8) return DMAP_ERR_ARG;
    if (b->w <= 0 || b->h <= 0 || (int64_t)b->w * (int64_t)b->h > DMAP_MAX_CELLS)
        return DMAP_ERR_SIZE;
    *cells = (size_t)b->w * (size_t)b->h;
    size_t total, bytes;
    if (!dmap_mul_size(*cells, b->n, &total) || !dmap_mul_size(total, 8, &bytes))
        return DMAP_ERR_SIZE;
    if (b->n > 0 && !b->walls) return DMAP_ERR_ARG;
    return DMAP_OK;
}

/* Offsets first[0..n] must not decrease (first may be NULL: one item per board). */
static int check_offsets(const size_t *first, size_t n) {
    if (!first) return DMAP_OK;
    for (size_t b = 0; b < n; b++)
        if (first[b] > first[b + 1]) return DMAP_ERR_ARG;
    return DMAP_OK;
}

/* ---- BFS ------------------------------------------------------------------------------------ */

typedef struct bfs_scratch {
    int *depth;          /* cells ints */
    dmap_workspace *ws;
} bfs_scratch;

typedef struct bfs_job {
    int w, h, moves, max_depth;
    size_t cells, n;
    const unsigned char *walls;
    const dmap_moves *m;
    const int *sources;
    const size_t *first;
    dmap_elem type;
    void *out;
    dmap_simd simd;
    int rows;            /* boards fit the small-board engine */
    int bits;            /* and the bitset search of bfs_bits.c */
    bfs_scratch *scratch; /* one per thread */
    int *errors;         /* one per chunk */
} bfs_job;

static void board_sources(const bfs_job *j, size_t b, size_t *k0, size_t *k1) {
    if (j->first) {
        *k0 = j->first[b];
        *k1 = j->first[b + 1];
    } else {
        *k0 = b;
        *k1 = b + 1;
    }
}

#if BATCH_X86 /* the AVX2 path, from its output stores to its kernels (other targets have none) */
/* Element i of the output gets depth d. */
static inline void store_depth(const bfs_job *j, size_t i, int d) {
    switch (j->type) {
    case DMAP_ELEM_I8: ((int8_t *)j->out)[i] = (int8_t)d; break;
    case DMAP_ELEM_I16: ((int16_t *)j->out)[i] = (int16_t)d; break;
    case DMAP_ELEM_I32: ((int32_t *)j->out)[i] = d; break;
    case DMAP_ELEM_F32: ((float *)j->out)[i] = (float)d; break;
    default: ((double *)j->out)[i] = d; break;
    }
}

/* The cells of one row (bits of row, from element base on) get level. */
static inline void store_level(const bfs_job *j, size_t base, uint64_t row, int level) {
    switch (j->type) {
    case DMAP_ELEM_I8: {
        int8_t *o = (int8_t *)j->out + base;
        for (; row; row &= row - 1) o[bits_lowest(row)] = (int8_t)level;
        break;
    }
    case DMAP_ELEM_I16: {
        int16_t *o = (int16_t *)j->out + base;
        for (; row; row &= row - 1) o[bits_lowest(row)] = (int16_t)level;
        break;
    }
    case DMAP_ELEM_I32: {
        int32_t *o = (int32_t *)j->out + base;
        for (; row; row &= row - 1) o[bits_lowest(row)] = level;
        break;
    }
    case DMAP_ELEM_F32: {
        float *o = (float *)j->out + base;
        for (; row; row &= row - 1) o[bits_lowest(row)] = (float)level;
        break;
    }
    default: {
        double *o = (double *)j->out + base;
        for (; row; row &= row - 1) o[bits_lowest(row)] = level;
        break;
    }
    }
}

/* Boards b0 .. b0+nb-1 all get -1 (then the reached cells are written). */
static void fill_unreached(const bfs_job *j, size_t b0, size_t nb) {
    size_t i0 = b0 * j->cells, count = nb * j->cells;
    switch (j->type) {
    case DMAP_ELEM_I8: memset((int8_t *)j->out + i0, 0xff, count); break;
    case DMAP_ELEM_I16: memset((int16_t *)j->out + i0, 0xff, count * 2); break;
    case DMAP_ELEM_I32: memset((int32_t *)j->out + i0, 0xff, count * 4); break;
    case DMAP_ELEM_F32:
        for (size_t i = 0; i < count; i++) ((float *)j->out)[i0 + i] = -1.0f;
        break;
    default:
        for (size_t i = 0; i < count; i++) ((double *)j->out)[i0 + i] = -1.0;
        break;
    }
}

#define BATCH_AVX2 __attribute__((target("avx2")))

/* The lanes of a 256-bit register that are not zero, as bits 0..3. */
static BATCH_AVX2 inline unsigned nonzero_lanes(__m256i v) {
    __m256i zero = _mm256_cmpeq_epi64(v, _mm256_setzero_si256());
    return (unsigned)~_mm256_movemask_pd(_mm256_castsi256_pd(zero)) & 15u;
}

/* The BFS of four boards at once on AVX2, board l in lane l of every register (one 64-bit
 * lane per board row): the small-board engine's level step (rowbits.c) on GCC/clang vector
 * types; the depths of each level are written from each lane's fresh rows. */
static BATCH_AVX2 void bfs_lanes_avx2(const bfs_job *j, size_t b0, int nl) {
    typedef uint64_t vec __attribute__((vector_size(32)));
    const int w = j->w, h = j->h;
    const size_t cells = j->cells;
    vec avail[DMAP_ROWBITS_ROWS], f[DMAP_ROWBITS_ROWS];
    vec dr[DMAP_ROWBITS_ROWS], dl[DMAP_ROWBITS_ROWS], ur[DMAP_ROWBITS_ROWS], ul[DMAP_ROWBITS_ROWS];
    const vec zero = {0};
    for (int r = 0; r <= h + 1; r++) avail[r] = f[r] = zero;
    for (int l = 0; l < nl; l++) {
        const unsigned char *wall = j->walls + (b0 + (size_t)l) * cells;
        for (int y = 0; y < h; y++) avail[y + 1][l] = dmap_row_free_bits(wall + (size_t)y * w, w);
    }
    if (j->moves == DMAP_ROWBITS_8_STRICT) {
        dr[0] = dl[0] = ur[0] = ul[0] = dr[h + 1] = dl[h + 1] = ur[h + 1] = ul[h + 1] = zero;
        for (int r = 1; r <= h; r++) {
            dr[r] = (avail[r] >> 1) & avail[r + 1];
            dl[r] = (avail[r] << 1) & avail[r + 1];
            ur[r] = (avail[r] >> 1) & avail[r - 1];
            ul[r] = (avail[r] << 1) & avail[r - 1];
        }
    }
    fill_unreached(j, b0, (size_t)nl);
    for (int l = 0; l < nl; l++) {
        size_t b = b0 + (size_t)l, k0, k1;
        board_sources(j, b, &k0, &k1);
        for (size_t k = k0; k < k1; k++) {
            int s = j->sources[k], r = s / w + 1;
            uint64_t bit = (uint64_t)1 << (s % w);
            f[r][l] |= bit;
            avail[r][l] &= ~bit;
            store_depth(j, b * cells + (size_t)s, 0);
        }
    }
    for (int level = 1; j->max_depth < 0 || level <= j->max_depth; level++) {
        vec up = zero, cur = f[1], any = zero;
        switch (j->moves) {
        case DMAP_ROWBITS_4:
            for (int r = 1; r <= h; r++) {
                vec down = f[r + 1];
                vec n = (up | down | cur << 1 | cur >> 1) & avail[r];
                f[r] = n;
                avail[r] &= ~n;
                any |= n;
                up = cur;
                cur = down;
            }
            break;
        case DMAP_ROWBITS_8_CUT:
            for (int r = 1; r <= h; r++) {
                vec down = f[r + 1], v = up | down;
                vec n = (v | v << 1 | v >> 1 | cur << 1 | cur >> 1) & avail[r];
                f[r] = n;
                avail[r] &= ~n;
                any |= n;
                up = cur;
                cur = down;
            }
            break;
        default:
            for (int r = 1; r <= h; r++) {
                vec down = f[r + 1];
                vec n = (up | down | cur << 1 | cur >> 1 | (up & dr[r - 1]) << 1 |
                         (up & dl[r - 1]) >> 1 | (down & ur[r + 1]) << 1 |
                         (down & ul[r + 1]) >> 1) &
                        avail[r];
                f[r] = n;
                avail[r] &= ~n;
                any |= n;
                up = cur;
                cur = down;
            }
            break;
        }
        if (!nonzero_lanes((__m256i)any)) break;
        for (int r = 1; r <= h; r++) {
            for (unsigned lanes = nonzero_lanes((__m256i)f[r]); lanes; lanes &= lanes - 1) {
                int l = bits_lowest(lanes);
                size_t base = (b0 + (size_t)l) * cells + (size_t)(r - 1) * (size_t)w;
                store_level(j, base, f[r][l], level);
            }
        }
    }
}
#endif

/* One board on the plain path: the small-board engine or dmap_bfs into the thread's ints. */
static int bfs_one_board(const bfs_job *j, size_t b, bfs_scratch *s) {
    size_t k0, k1;
    board_sources(j, b, &k0, &k1);
    dmap_grid g = {j->w, j->h, (unsigned char *)(j->walls + b * j->cells), NULL};
    int rc = dmap_bfs_plain(&g, j->m, j->sources + k0, k1 - k0, j->max_depth, s->depth, s->ws);
    if (rc != DMAP_OK) return rc;
    size_t i0 = b * j->cells, n = j->cells;
    const int *d = s->depth;
    switch (j->type) {
    case DMAP_ELEM_I8:
        for (size_t i = 0; i < n; i++) ((int8_t *)j->out)[i0 + i] = (int8_t)d[i];
        break;
    case DMAP_ELEM_I16:
        for (size_t i = 0; i < n; i++) ((int16_t *)j->out)[i0 + i] = (int16_t)d[i];
        break;
    case DMAP_ELEM_I32:
        for (size_t i = 0; i < n; i++) ((int32_t *)j->out)[i0 + i] = d[i];
        break;
    case DMAP_ELEM_F32:
        for (size_t i = 0; i < n; i++) ((float *)j->out)[i0 + i] = (float)d[i];
        break;
    default:
        for (size_t i = 0; i < n; i++) ((double *)j->out)[i0 + i] = d[i];
        break;
    }
    return DMAP_OK;
}

static void bfs_chunk(void *ctx, size_t chunk, int thread) {
    const bfs_job *j = (const bfs_job *)ctx;
    size_t b0 = chunk * CHUNK_BOARDS, b1 = b0 + CHUNK_BOARDS < j->n ? b0 + CHUNK_BOARDS : j->n;
    if (j->rows && j->simd == DMAP_SIMD_AVX512) {
        /* a board's rows in the lanes (rowbits_avx512.c), straight into the type; boards of
         * up to 16 rows four at a time */
        int group = j->h <= 16 ? 4 : 1;
        for (size_t b = b0; b < b1; b += (size_t)group) {
            dmap_rowbits_job rj[4];
            int count = b1 - b < (size_t)group ? (int)(b1 - b) : group;
            for (int i = 0; i < count; i++) {
                size_t k0, k1, bi = b + (size_t)i;
                board_sources(j, bi, &k0, &k1);
                dmap_rowbits_job one = {j->w, j->h, j->moves, j->walls + bi * j->cells,
                                        j->sources + k0, NULL, k1 - k0,
                                        j->max_depth < 0 ? INT64_MAX : j->max_depth, -1,
                                        j->type,
                                        (char *)j->out + bi * j->cells * dmap_elem_size(j->type),
                                        -1.0, NULL};
                rj[i] = one;
            }
            if (group == 4)
                dmap_rowbits_run4_avx512(rj, count);
            else
                dmap_rowbits_run_avx512(&rj[0]);
        }
        return;
    }
#if BATCH_X86
    if (j->rows && j->simd == DMAP_SIMD_AVX2 && !j->bits) {
        /* four boards at once, one in each lane; small 4-connected boards
         * are faster one at a time on the whole-board words of bfs_bits.c */
        for (size_t b = b0; b < b1; b += 4) {
            int nl = b1 - b < 4 ? (int)(b1 - b) : 4;
            bfs_lanes_avx2(j, b, nl);
        }
        return;
    }
#endif
    for (size_t b = b0; b < b1; b++) {
        int rc = bfs_one_board(j, b, &j->scratch[thread]);
        if (rc != DMAP_OK && j->errors[chunk] == DMAP_OK) j->errors[chunk] = rc;
    }
}

/* Narrow boards on AVX-512: 32 or 16 boards per register, one lane per board row
 * (narrow_avx512.c). A chunk takes a few microseconds, long beside the pool's hand-out. */
enum { NARROW_CHUNK = 256 };

static void narrow_chunk(void *ctx, size_t chunk, int thread) {
    const dmap_narrow_job *j = (const dmap_narrow_job *)ctx;
    (void)thread;
    size_t n = j->n, b0 = chunk * NARROW_CHUNK, b1 = b0 + NARROW_CHUNK < n ? b0 + NARROW_CHUNK : n;
    dmap_narrow_bfs_avx512(j, b0, b1);
}

/* The path a call runs: DMAP_SIMD_NONE, AVX2 or AVX512; DMAP_ERR_ARG for one not here. */
static int pick_simd(dmap_simd asked, dmap_simd *path) {
    dmap_simd best = dmap_simd_best();
    if ((unsigned)asked > DMAP_SIMD_AVX512) return DMAP_ERR_ARG;
    if (asked == DMAP_SIMD_AUTO) asked = best;
    if (asked > best) return DMAP_ERR_ARG;
    *path = asked;
    return DMAP_OK;
}

/* The check of an argument over boards b0..b1-1: the first error in board order, or DMAP_OK. */
typedef int (*boards_check_fn)(const void *args, size_t b0, size_t b1);

/* Per-board argument checks run on the pool, in stripes of at least STRIPE_MIN boards and at
 * most STRIPES of them: on a million boards a serial pass touching one wall line per board
 * took half the time of a 16-thread call. Each stripe keeps its first error; the first
 * stripe's is the call's, as a serial pass gives. A fixed array: no allocation. */
enum { STRIPES = 256, STRIPE_MIN = 4096 };

typedef struct striped_check {
    boards_check_fn fn;
    const void *args;
    size_t n, per;          /* boards, and boards per stripe */
    int error[STRIPES];
} striped_check;

static void check_stripe(void *ctx, size_t stripe, int thread) {
    striped_check *c = (striped_check *)ctx;
    (void)thread;
    size_t b0 = stripe * c->per, b1 = b0 + c->per < c->n ? b0 + c->per : c->n;
    c->error[stripe] = c->fn(c->args, b0, b1);
}

static int check_in_stripes(dmap_pool *pool, size_t n, boards_check_fn fn, const void *args) {
    striped_check c = {fn, args, n, (n + STRIPES - 1) / STRIPES, {0}};
    if (c.per < STRIPE_MIN) c.per = STRIPE_MIN;
    size_t stripes = (n + c.per - 1) / c.per;
    dmap_pool_run(pool, check_stripe, &c, stripes);
    for (size_t i = 0; i < stripes; i++)
        if (c.error[i] != DMAP_OK) return c.error[i];
    return DMAP_OK;
}

typedef struct sources_args {
    const dmap_boards *bd;
    const int *sources;
    const size_t *first;
} sources_args;

static int check_sources_of(const void *argp, size_t b0, size_t b1) {
    const sources_args *a = (const sources_args *)argp;
    size_t cells = (size_t)a->bd->w * (size_t)a->bd->h;
    for (size_t b = b0; b < b1; b++) {
        size_t k0 = a->first ? a->first[b] : b, k1 = a->first ? a->first[b + 1] : b + 1;
        const unsigned char *wall = a->bd->walls + b * cells;
        for (size_t k = k0; k < k1; k++) {
            int s = a->sources[k];
            if (s < 0 || (size_t)s >= cells) return DMAP_ERR_RANGE;
            if (wall[s]) return DMAP_ERR_WALL;
        }
    }
    return DMAP_OK;
}

/* Per-thread scratch (ints and a workspace) and per-chunk error slots. */
static int scratch_new(bfs_scratch **out, int nthreads, size_t ints, size_t doubles) {
    bfs_scratch *s = (bfs_scratch *)calloc((size_t)nthreads, sizeof *s);
    if (!s) return DMAP_ERR_NOMEM;
    *out = s;
    for (int t = 0; t < nthreads; t++) {
        dmap_workspace_new(&s[t].ws);
        size_t bytes = ints * sizeof(int) > doubles * sizeof(double) ? ints * sizeof(int)
                                                                     : doubles * sizeof(double);
        s[t].depth = (int *)malloc(bytes ? bytes : 1);
        if (!s[t].ws || !s[t].depth) return DMAP_ERR_NOMEM;
    }
    return DMAP_OK;
}

static void scratch_free(bfs_scratch *s, int nthreads) {
    if (!s) return;
    for (int t = 0; t < nthreads; t++) {
        dmap_workspace_free(s[t].ws);
        free(s[t].depth);
    }
    free(s);
}

/* Run the chunks and give the first chunk's error, in board order. */
static int run_chunks(dmap_pool *pool, dmap_chunk_fn fn, void *job, size_t n, int *errors) {
    size_t nchunks = (n + CHUNK_BOARDS - 1) / CHUNK_BOARDS;
    dmap_pool_run(pool, fn, job, nchunks);
    for (size_t c = 0; c < nchunks; c++)
        if (errors[c] != DMAP_OK) return errors[c];
    return DMAP_OK;
}

int dmap_bfs_batch(const dmap_boards *bd, const dmap_moves *m, const int *sources,
                   const size_t *first, int max_depth, dmap_elem type, void *depths,
                   dmap_pool *pool, dmap_simd simd) {
    size_t cells;
    int rc = check_boards(bd, type, &cells);
    if (rc != DMAP_OK) return rc;
    if (!m || dmap_moves_check(m) != DMAP_OK || (bd->n > 0 && (!depths || !sources)))
        return DMAP_ERR_ARG;
    dmap_simd path;
    if ((rc = pick_simd(simd, &path)) != DMAP_OK) return rc;
    if ((rc = check_offsets(first, bd->n)) != DMAP_OK) return rc;
    sources_args sa = {bd, sources, first};
    if ((rc = check_in_stripes(pool, bd->n, check_sources_of, &sa)) != DMAP_OK) return rc;
    if (type == DMAP_ELEM_I16 && cells - 1 > 32767 && (max_depth < 0 || max_depth > 32767))
        return DMAP_ERR_LIMIT;
    if (type == DMAP_ELEM_I8 && cells - 1 > 127 && (max_depth < 0 || max_depth > 127))
        return DMAP_ERR_LIMIT;
    if (bd->n == 0) return DMAP_OK;
    dmap_grid shape = {bd->w, bd->h, NULL, NULL};
    bfs_job j = {bd->w, bd->h,
                 m->connectivity != 8 ? DMAP_ROWBITS_4
                 : m->corners == DMAP_CORNERS_STRICT ? DMAP_ROWBITS_8_STRICT
                                                     : DMAP_ROWBITS_8_CUT,
                 max_depth, cells, bd->n, bd->walls, m, sources, first, type, depths, path,
                 dmap_rowbits_fits(&shape), dmap_bfs_bits_fits(&shape, m), NULL, NULL};
    if (path == DMAP_SIMD_AVX512 && bd->w <= DMAP_NARROW_MAX_W && bd->h <= DMAP_NARROW_MAX_H) {
        dmap_narrow_job nj = {bd->w, bd->h, j.moves, max_depth, bd->n, bd->walls, sources, first,
                              type, depths};
        dmap_pool_run(pool, narrow_chunk, &nj, (bd->n + NARROW_CHUNK - 1) / NARROW_CHUNK);
        return DMAP_OK;
    }
    int nthreads = dmap_pool_threads(pool);
    size_t nchunks = (bd->n + CHUNK_BOARDS - 1) / CHUNK_BOARDS;
    j.errors = (int *)calloc(nchunks, sizeof *j.errors);
    int need_scratch = !j.rows || path == DMAP_SIMD_NONE || (path == DMAP_SIMD_AVX2 && j.bits);
    rc = j.errors ? DMAP_OK : DMAP_ERR_NOMEM;
    if (rc == DMAP_OK && need_scratch) rc = scratch_new(&j.scratch, nthreads, cells, 0);
    if (rc == DMAP_OK) rc = run_chunks(pool, bfs_chunk, &j, bd->n, j.errors);
    scratch_free(j.scratch, nthreads);
    free(j.errors);
    return rc;
}

/* ---- fields --------------------------------------------------------------------------------- */

typedef struct field_job {
    int w, h;
    size_t cells, n;
    const unsigned char *walls;
    const dmap_moves *m;
    const dmap_goal *goals;
    const size_t *first;
    double dflt;
    dmap_elem type;
    void *out;
    bfs_scratch *scratch;
    int *errors;
} field_job;

/* Store one board's doubles in the output type: DMAP_ERR_VALUE when one does not fit. */
static int store_values(const field_job *j, size_t b, const double *v) {
    size_t i0 = b * j->cells;
    switch (j->type) {
    case DMAP_ELEM_F32:
        for (size_t i = 0; i < j->cells; i++) ((float *)j->out)[i0 + i] = (float)v[i];
        return DMAP_OK;
    case DMAP_ELEM_I8:
        for (size_t i = 0; i < j->cells; i++) {
            if (!(v[i] >= -128.0 && v[i] <= 127.0) || v[i] != floor(v[i])) return DMAP_ERR_VALUE;
            ((int8_t *)j->out)[i0 + i] = (int8_t)v[i];
        }
        return DMAP_OK;
    case DMAP_ELEM_I16:
        for (size_t i = 0; i < j->cells; i++) {
            if (!(v[i] >= -32768.0 && v[i] <= 32767.0) || v[i] != floor(v[i]))
                return DMAP_ERR_VALUE;
            ((int16_t *)j->out)[i0 + i] = (int16_t)v[i];
        }
        return DMAP_OK;
    case DMAP_ELEM_I32:
        for (size_t i = 0; i < j->cells; i++) {
            if (!(v[i] >= -2147483648.0 && v[i] <= 2147483647.0) || v[i] != floor(v[i]))
                return DMAP_ERR_VALUE;
            ((int32_t *)j->out)[i0 + i] = (int32_t)v[i];
        }
        return DMAP_OK;
    default: return DMAP_OK; /* doubles were written in place */
    }
}

static void field_chunk(void *ctx, size_t chunk, int thread) {
    const field_job *j = (const field_job *)ctx;
    bfs_scratch *s = &j->scratch[thread];
    size_t b0 = chunk * CHUNK_BOARDS, b1 = b0 + CHUNK_BOARDS < j->n ? b0 + CHUNK_BOARDS : j->n;
    for (size_t b = b0; b < b1 && j->errors[chunk] == DMAP_OK; b++) {
        size_t k0 = j->first ? j->first[b] : b, k1 = j->first ? j->first[b + 1] : b + 1;
        dmap_grid g = {j->w, j->h, (unsigned char *)(j->walls + b * j->cells), NULL};
        double *v = j->type == DMAP_ELEM_F64 ? (double *)j->out + b * j->cells : (double *)s->depth;
        int rc = dmap_field(&g, j->m, j->goals + k0, k1 - k0, j->dflt, v, s->ws);
        if (rc == DMAP_OK) rc = store_values(j, b, v);
        j->errors[chunk] = rc;
    }
}

typedef struct goals_args {
    const dmap_boards *bd;
    const dmap_goal *goals;
    const size_t *first;
    double dflt;
} goals_args;

/* Each board's goals: finite values, on the board, off the walls, below the ceiling. */
static int check_goals_of(const void *argp, size_t b0, size_t b1) {
    const goals_args *a = (const goals_args *)argp;
    const dmap_boards *bd = a->bd;
    size_t cells = (size_t)bd->w * (size_t)bd->h;
    for (size_t b = b0; b < b1; b++) {
        size_t k0 = a->first ? a->first[b] : b, k1 = a->first ? a->first[b + 1] : b + 1;
        if (k1 > k0 && !a->goals) return DMAP_ERR_ARG;
        for (size_t k = k0; k < k1; k++) {
            const dmap_goal *q = &a->goals[k];
            if (!isfinite(q->value)) return DMAP_ERR_VALUE;
            if (q->x < 0 || q->y < 0 || q->x >= bd->w || q->y >= bd->h) return DMAP_ERR_RANGE;
            if (bd->walls[b * cells + (size_t)q->y * (size_t)bd->w + (size_t)q->x])
                return DMAP_ERR_WALL;
        }
        for (size_t k = k0; k < k1; k++)
            if (!(a->goals[k].value < a->dflt)) return DMAP_ERR_CEILING;
    }
    return DMAP_OK;
}

int dmap_field_batch(const dmap_boards *bd, const dmap_moves *m, const dmap_goal *goals,
                     const size_t *first, double dflt, dmap_elem type, void *values,
                     dmap_pool *pool) {
    size_t cells;
    int rc = check_boards(bd, type, &cells);
    if (rc != DMAP_OK) return rc;
    if (!m || dmap_moves_check(m) != DMAP_OK || (bd->n > 0 && !values)) return DMAP_ERR_ARG;
    if ((rc = check_offsets(first, bd->n)) != DMAP_OK) return rc;
    if (isnan(dflt) || dflt == -INFINITY) return DMAP_ERR_VALUE;
    if (!isfinite(m->cardinal) || m->cardinal <= 0 ||
        (m->connectivity == 8 && (!isfinite(m->diagonal) || m->diagonal <= 0)))
        return DMAP_ERR_VALUE;
    goals_args ga = {bd, goals, first, dflt};
    if ((rc = check_in_stripes(pool, bd->n, check_goals_of, &ga)) != DMAP_OK) return rc;
    if (bd->n == 0) return DMAP_OK;
    field_job j = {bd->w, bd->h, cells, bd->n, bd->walls, m, goals, first, dflt, type, values,
                   NULL, NULL};
    int nthreads = dmap_pool_threads(pool);
    size_t nchunks = (bd->n + CHUNK_BOARDS - 1) / CHUNK_BOARDS;
    j.errors = (int *)calloc(nchunks, sizeof *j.errors);
    rc = j.errors ? DMAP_OK : DMAP_ERR_NOMEM;
    if (rc == DMAP_OK) rc = scratch_new(&j.scratch, nthreads, 0, cells);
    if (rc == DMAP_OK) rc = run_chunks(pool, field_chunk, &j, bd->n, j.errors);
    scratch_free(j.scratch, nthreads);
    free(j.errors);
    return rc;
}
