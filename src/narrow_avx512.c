/* narrow_avx512.c — the BFS of many boards at once for batches of narrow boards, on AVX-512:
 * one lane per board row, so one 512-bit register holds row r of 32 boards (16-bit lanes,
 * boards up to 16 columns wide) or of 16 boards (32-bit lanes, up to 32 columns), and one BFS
 * level of all of them is a handful of register operations per row (rows above and below are
 * the neighbouring registers, left and right are lane shifts). Each level ORs its fresh cells
 * into bit planes of depth + 1 (plane p holds the cells whose depth + 1 has bit p set); at the
 * end masked adds turn a board row's plane bits into 32 int16 values per instruction — -1
 * plus the planes, so unreached cells and walls come out -1 without a branch — stored as
 * int16, narrowed to int8 by the store, or widened to int32, float or double. With 16-bit
 * lanes the planes of two rows are first interleaved per board (one 32-bit mask per board and
 * row pair). Each board's output is written once, in order. Compiled for AVX-512 with a
 * target attribute; batch.c runs it only where dmap_simd_best says AVX-512. */
#include <stdint.h>
#include <string.h>

#include "portable.h"
#include "rowbits.h"

#if (defined(__x86_64__) || defined(_M_X64)) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

#define N512 __attribute__((target("avx512f,avx512bw")))
#define N512_INLINE inline __attribute__((target("avx512f,avx512bw"), always_inline))

/* Row r of a group of boards, board i in lane i: 32 boards of up to 16 columns, or 16 of up
 * to 32. */
typedef uint16_t rows16 __attribute__((vector_size(64), aligned(64)));
typedef uint32_t rows32 __attribute__((vector_size(64), aligned(64)));

/* depth + 1 of a board of at most 32 x 64 cells is at most 2048: 12 bit planes. */
enum { NARROW_ROWS = DMAP_NARROW_MAX_H, NARROW_PLANES = 12 };

/* A group's bitsets (the rows of one lane width), and its level step: written once for both
 * lane widths. */
#define NARROW_GROUP(rows_t, lane_t, S)                                                          \
    typedef struct narrow_group##S {                                                             \
        rows_t avail[NARROW_ROWS];               /* free cells not reached yet */                \
        rows_t f[NARROW_ROWS + 1];               /* the last level's cells; row h empty */       \
        rows_t plane[NARROW_PLANES][NARROW_ROWS]; /* rows h (when odd) to even stay empty */     \
        /* strict corners: cells of row r - 1 that may step down-right into row r (dr of         \
         * r - 1), down-left, and of row r + 1 that may step up-right, up-left (rowbits.c) */    \
        rows_t dr[NARROW_ROWS], dl[NARROW_ROWS], ur[NARROW_ROWS + 1], ul[NARROW_ROWS + 1];       \
    } narrow_group##S;                                                                           \
                                                                                                 \
    /* The next level of row r from the last level's rows r - 1, r and r + 1. */                 \
    static N512_INLINE rows_t narrow_next_row##S(const narrow_group##S *s, int r, rows_t up,     \
                                                 rows_t cur, rows_t down, const int moves) {     \
        rows_t n;                                                                                \
        if (moves == DMAP_ROWBITS_8_CUT) {                                                       \
            rows_t v = up | down;                                                                \
            n = v | v << 1 | v >> 1 | cur << 1 | cur >> 1;                                       \
        } else {                                                                                 \
            n = up | down | cur << 1 | cur >> 1;                                                 \
            if (moves == DMAP_ROWBITS_8_STRICT) {                                                \
                rows_t zero = {0};                                                               \
                rows_t dr = r > 0 ? s->dr[r - 1] : zero, dl = r > 0 ? s->dl[r - 1] : zero;       \
                n |= (up & dr) << 1 | (up & dl) >> 1 | (down & s->ur[r + 1]) << 1 |              \
                     (down & s->ul[r + 1]) >> 1;                                                 \
            }                                                                                    \
        }                                                                                        \
        return n & s->avail[r];                                                                  \
    }                                                                                            \
                                                                                                 \
    /* The levels after the sources, up to max_depth (< 0: until none is left). Returns the      \
     * last level that reached a cell. */                                                        \
    static N512_INLINE int narrow_levels##S(narrow_group##S *s, int h, int max_depth,            \
                                            const int moves) {                                   \
        const rows_t zero = {0};                                                                 \
        int last = 0, nplanes = 1, even = (h + 1) & ~1;                                          \
        for (int level = 1; max_depth < 0 || level <= max_depth; level++) {                      \
            unsigned value = (unsigned)level + 1;                                                \
            if (value >> nplanes) { /* a new highest bit: one more plane */                      \
                for (int r = 0; r < even; r++) s->plane[nplanes][r] = zero;                      \
                nplanes++;                                                                       \
            }                                                                                    \
            rows_t up = zero, cur = s->f[0], any = zero;                                         \
            for (int r = 0; r < h; r++) {                                                        \
                rows_t down = s->f[r + 1];                                                       \
                rows_t n = narrow_next_row##S(s, r, up, cur, down, moves);                       \
                s->avail[r] &= ~n;                                                               \
                s->f[r] = n;                                                                     \
                any |= n;                                                                        \
                for (unsigned bits = value; bits; bits &= bits - 1)                              \
                    s->plane[bits_lowest(bits)][r] |= n;                                         \
                up = cur;                                                                        \
                cur = down;                                                                      \
            }                                                                                    \
            if (!_mm512_test_epi64_mask((__m512i)any, (__m512i)any)) break;                      \
            last = level;                                                                        \
        }                                                                                        \
        return last;                                                                             \
    }                                                                                            \
                                                                                                 \
    /* The group's walls, sources and strict-corner rows; its levels; the planes in use. */      \
    static N512_INLINE int narrow_search##S(narrow_group##S *s, const dmap_narrow_job *j,        \
                                            size_t b0, int count) {                              \
        const int w = j->w, h = j->h, even = (h + 1) & ~1;                                       \
        const size_t cells = (size_t)w * (size_t)h;                                              \
        const rows_t zero = {0};                                                                 \
        const __mmask64 cols = ((__mmask64)1 << w) - 1;                                          \
        for (int r = 0; r < h; r++) s->avail[r] = s->f[r] = zero;                                \
        s->f[h] = zero;                                                                          \
        for (int r = 0; r < even; r++) s->plane[0][r] = zero;                                    \
        for (int i = 0; i < count; i++) {                                                        \
            const unsigned char *wall = j->walls + (b0 + (size_t)i) * cells;                     \
            for (int r = 0; r < h; r++) {                                                        \
                __m512i bytes = _mm512_maskz_loadu_epi8(cols, wall + (size_t)r * (size_t)w);     \
                s->avail[r][i] = (lane_t)_mm512_mask_cmpeq_epi8_mask(cols, bytes,                \
                                                                     _mm512_setzero_si512());    \
            }                                                                                    \
        }                                                                                        \
        if (j->moves == DMAP_ROWBITS_8_STRICT) {                                                 \
            for (int r = 0; r < h; r++) {                                                        \
                rows_t here = s->avail[r];                                                       \
                rows_t above = r > 0 ? s->avail[r - 1] : zero;                                   \
                rows_t below = r + 1 < h ? s->avail[r + 1] : zero;                               \
                /* row r as the row above of r + 1: its cell x steps down-right into x + 1       \
                 * when (x + 1, r) and (x, r + 1) are free */                                    \
                s->dr[r] = (here >> 1) & below;                                                  \
                s->dl[r] = (here << 1) & below;                                                  \
                s->ur[r] = (here >> 1) & above;                                                  \
                s->ul[r] = (here << 1) & above;                                                  \
            }                                                                                    \
            s->ur[h] = s->ul[h] = zero;                                                          \
        }                                                                                        \
        for (int i = 0; i < count; i++) {                                                        \
            size_t b = b0 + (size_t)i;                                                           \
            size_t k0 = j->first ? j->first[b] : b, k1 = j->first ? j->first[b + 1] : b + 1;     \
            for (size_t k = k0; k < k1; k++) {                                                   \
                int c = j->sources[k], r = c / w;                                                \
                lane_t bit = (lane_t)((uint32_t)1 << (c % w));                                   \
                s->avail[r][i] &= (lane_t)~bit;                                                  \
                s->f[r][i] |= bit;                                                               \
                s->plane[0][r][i] |= bit; /* depth 0: depth + 1 = 1 */                           \
            }                                                                                    \
        }                                                                                        \
        int last;                                                                                \
        switch (j->moves) {                                                                      \
        case DMAP_ROWBITS_4: last = narrow_levels##S(s, h, j->max_depth, DMAP_ROWBITS_4); break; \
        case DMAP_ROWBITS_8_CUT:                                                                 \
            last = narrow_levels##S(s, h, j->max_depth, DMAP_ROWBITS_8_CUT);                     \
            break;                                                                               \
        default: last = narrow_levels##S(s, h, j->max_depth, DMAP_ROWBITS_8_STRICT); break;      \
        }                                                                                        \
        int nplanes = 0;                                                                         \
        while ((unsigned)(last + 1) >> nplanes) nplanes++;                                       \
        return nplanes;                                                                          \
    }

NARROW_GROUP(rows16, uint16_t, 16)
NARROW_GROUP(rows32, uint32_t, 32)

/* Up to 32 values (int16 lanes 0..n-1 of v) into out as `type`; int8 narrows the lanes to
 * bytes in the store itself (vpmovwb), so no second pass reads the output back. */
static N512_INLINE void narrow_store(void *out, dmap_elem type, __m512i v, int n) {
    if (type == DMAP_ELEM_I16) {
        _mm512_mask_storeu_epi16(out, (__mmask32)(((uint64_t)1 << n) - 1), v);
        return;
    }
    if (type == DMAP_ELEM_I8) {
        _mm512_mask_cvtepi16_storeu_epi8(out, (__mmask32)(((uint64_t)1 << n) - 1), v);
        return;
    }
    for (int half = 0; half < 2 && half * 16 < n; half++) {
        int k = n - half * 16 > 16 ? 16 : n - half * 16;
        __m512i x = _mm512_cvtepi16_epi32(half ? _mm512_extracti64x4_epi64(v, 1)
                                               : _mm512_castsi512_si256(v));
        __mmask16 m = (__mmask16)((1u << k) - 1);
        if (type == DMAP_ELEM_I32) {
            _mm512_mask_storeu_epi32((int32_t *)out + half * 16, m, x);
        } else if (type == DMAP_ELEM_F32) {
            _mm512_mask_storeu_ps((float *)out + half * 16, m, _mm512_cvtepi32_ps(x));
        } else {
            double *o = (double *)out + half * 16;
            __m512d lo = _mm512_cvtepi32_pd(_mm512_castsi512_si256(x));
            __m512d hi = _mm512_cvtepi32_pd(_mm512_extracti64x4_epi64(x, 1));
            _mm512_mask_storeu_pd(o, (__mmask8)m, lo);
            if (k > 8) _mm512_mask_storeu_pd(o + 8, (__mmask8)(m >> 8), hi);
        }
    }
}

/* Interleave the planes' rows in pairs, in place: afterwards the 32-bit word at
 * narrow_pair_slot(i) of rows (2k, 2k + 1) holds board i's row 2k (low half) and 2k + 1 (high). */
static N512 void narrow_interleave(narrow_group16 *s, int nplanes, int even) {
    for (int p = 0; p < nplanes; p++)
        for (int r = 0; r < even; r += 2) {
            __m512i a = (__m512i)s->plane[p][r], b = (__m512i)s->plane[p][r + 1];
            s->plane[p][r] = (rows16)_mm512_unpacklo_epi16(a, b);
            s->plane[p][r + 1] = (rows16)_mm512_unpackhi_epi16(a, b);
        }
}

/* Where board i's word lies among the 32 words of an interleaved row pair: unpack works
 * within 128-bit blocks, boards 8q..8q+3 go to the low register, 8q+4..8q+7 to the high. */
static inline int narrow_pair_slot(int i) {
    return ((i & 4) ? 16 : 0) + 4 * (i >> 3) + (i & 3);
}

/* Board i's depths: two rows per register, -1 plus its planes, the rows moved together
 * (row 2k + 1 from lane 16 to lane w) and stored in order. */
static N512_INLINE void narrow_write16(const narrow_group16 *s, int nplanes, int w, int h, int i,
                                    __m512i pack, dmap_elem type, void *out) {
    const size_t esize = dmap_elem_size(type);
    const int slot = narrow_pair_slot(i);
    for (int r = 0; r < h; r += 2) {
        __m512i acc = _mm512_set1_epi16(-1);
        for (int p = 0; p < nplanes; p++) {
            uint32_t bits;
            memcpy(&bits, (const uint32_t *)(const void *)&s->plane[p][r] + slot, sizeof bits);
            acc = _mm512_mask_add_epi16(acc, (__mmask32)bits, acc,
                                        _mm512_set1_epi16((short)(1 << p)));
        }
        if (w < 16) acc = _mm512_permutexvar_epi16(pack, acc);
        int rows = h - r < 2 ? 1 : 2;
        narrow_store((char *)out + (size_t)r * (size_t)w * esize, type, acc, rows * w);
    }
}

/* Board i's depths with 32-bit lanes: a row per register, -1 plus its planes. */
static N512_INLINE void narrow_write32(const narrow_group32 *s, int nplanes, int w, int h, int i,
                                     dmap_elem type, void *out) {
    const size_t esize = dmap_elem_size(type);
    for (int r = 0; r < h; r++) {
        __m512i acc = _mm512_set1_epi16(-1);
        for (int p = 0; p < nplanes; p++)
            acc = _mm512_mask_add_epi16(acc, (__mmask32)s->plane[p][r][i], acc,
                                        _mm512_set1_epi16((short)(1 << p)));
        narrow_store((char *)out + (size_t)r * (size_t)w * esize, type, acc, w);
    }
}

/* 32 boards of up to 16 columns. */
static N512 __attribute__((noinline)) void narrow_boards32(const dmap_narrow_job *j, size_t b0,
                                                           int count) {
    narrow_group16 s;
    const int w = j->w, h = j->h;
    int nplanes = narrow_search16(&s, j, b0, count);
    narrow_interleave(&s, nplanes, (h + 1) & ~1);
    const size_t esize = dmap_elem_size(j->type);
    const size_t bytes = (size_t)w * (size_t)h * esize;
    DMAP_ALIGNAS(64) uint16_t idx[32];
    for (int x = 0; x < 32; x++) idx[x] = (uint16_t)(x < w ? x : x - w + 16);
    const __m512i pack = _mm512_load_si512(idx);
    for (int i = 0; i < count; i++)
        narrow_write16(&s, nplanes, w, h, i, pack, j->type,
                      (char *)j->out + (b0 + (size_t)i) * bytes);
}

/* 16 boards of 17 to 32 columns. */
static N512 __attribute__((noinline)) void narrow_boards16(const dmap_narrow_job *j, size_t b0,
                                                           int count) {
    narrow_group32 s;
    const int w = j->w, h = j->h;
    int nplanes = narrow_search32(&s, j, b0, count);
    const size_t esize = dmap_elem_size(j->type);
    const size_t bytes = (size_t)w * (size_t)h * esize;
    for (int i = 0; i < count; i++)
        narrow_write32(&s, nplanes, w, h, i, j->type, (char *)j->out + (b0 + (size_t)i) * bytes);
}

N512 void dmap_narrow_bfs_avx512(const dmap_narrow_job *j, size_t b0, size_t b1) {
    int lanes = j->w <= 16 ? 32 : 16;
    for (size_t b = b0; b < b1; b += (size_t)lanes) {
        int count = b1 - b < (size_t)lanes ? (int)(b1 - b) : lanes;
        if (lanes == 32)
            narrow_boards32(j, b, count);
        else
            narrow_boards16(j, b, count);
    }
}

#else
void dmap_narrow_bfs_avx512(const dmap_narrow_job *j, size_t b0, size_t b1) {
    (void)j;
    (void)b0;
    (void)b1;
}
#endif
