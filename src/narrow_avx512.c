/* narrow_avx512.c — the BFS of 32 boards at once for batches of boards at most 16 columns
 * wide, on AVX-512: one 16-bit lane per board row, so one 512-bit register holds row r of 32
 * boards and one BFS level of all 32 is a handful of register operations per row (rows above
 * and below are the neighbouring registers, left and right are lane shifts). Each level ORs
 * its fresh cells into bit planes of depth + 1 (plane p holds the cells whose depth + 1 has
 * bit p set); at the end the planes of two rows are interleaved per board (one 32-bit mask
 * per board and row pair), and masked adds turn them into 32 int16 values per instruction —
 * -1 plus the planes, so unreached cells and walls come out -1 without a branch. Each board's
 * output is written once, in order. Compiled for AVX-512 with a target attribute; batch.c
 * runs it only where dmap_simd_best says AVX-512. */
#include <stdint.h>
#include <string.h>

#include "rowbits.h"

#if (defined(__x86_64__) || defined(_M_X64)) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

#define N512 __attribute__((target("avx512f,avx512bw")))
#define N512_INLINE inline __attribute__((target("avx512f,avx512bw"), always_inline))

/* Row r of the 32 boards, board i in lane i. */
typedef uint16_t rows32 __attribute__((vector_size(64), aligned(64)));

/* depth + 1 of a board of at most 16 x 64 cells is at most 1024: 11 bit planes. */
enum { NARROW_LANES = 32, NARROW_ROWS = DMAP_NARROW_MAX_H, NARROW_PLANES = 11 };

typedef struct group_state {
    rows32 avail[NARROW_ROWS];        /* free cells not reached yet */
    rows32 f[NARROW_ROWS + 1];        /* the last level's cells; row h stays empty */
    rows32 plane[NARROW_PLANES][NARROW_ROWS]; /* rows h (when odd) up to even stay empty */
    /* strict corners: cells of row r - 1 that may step down-right into row r (dr of r - 1),
     * down-left, and of row r + 1 that may step up-right, up-left (as rowbits.c) */
    rows32 dr[NARROW_ROWS], dl[NARROW_ROWS], ur[NARROW_ROWS + 1], ul[NARROW_ROWS + 1];
} group_state;

/* The next level of row r from the last level's rows r - 1 (up), r (cur) and r + 1 (down). */
static N512_INLINE rows32 next_row(const group_state *s, int r, rows32 up, rows32 cur,
                                   rows32 down, const int moves) {
    rows32 n;
    if (moves == DMAP_ROWBITS_8_CUT) {
        rows32 v = up | down;
        n = v | v << 1 | v >> 1 | cur << 1 | cur >> 1;
    } else {
        n = up | down | cur << 1 | cur >> 1;
        if (moves == DMAP_ROWBITS_8_STRICT) {
            rows32 zero = {0};
            rows32 dr = r > 0 ? s->dr[r - 1] : zero, dl = r > 0 ? s->dl[r - 1] : zero;
            n |= (up & dr) << 1 | (up & dl) >> 1 | (down & s->ur[r + 1]) << 1 |
                 (down & s->ul[r + 1]) >> 1;
        }
    }
    return n & s->avail[r];
}

/* The levels after the sources, up to max_depth (< 0: until none is left). Returns the last
 * level that reached a cell. */
static N512_INLINE int run_levels(group_state *s, int h, int max_depth, const int moves) {
    const rows32 zero = {0};
    int last = 0, nplanes = 1, even = (h + 1) & ~1;
    for (int level = 1; max_depth < 0 || level <= max_depth; level++) {
        unsigned value = (unsigned)level + 1;
        if (value >> nplanes) { /* a new highest bit: one more plane */
            for (int r = 0; r < even; r++) s->plane[nplanes][r] = zero;
            nplanes++;
        }
        rows32 up = zero, cur = s->f[0], any = zero;
        for (int r = 0; r < h; r++) {
            rows32 down = s->f[r + 1];
            rows32 n = next_row(s, r, up, cur, down, moves);
            s->avail[r] &= ~n;
            s->f[r] = n;
            any |= n;
            for (unsigned bits = value; bits; bits &= bits - 1)
                s->plane[bits_lowest(bits)][r] |= n;
            up = cur;
            cur = down;
        }
        if (!_mm512_test_epi16_mask((__m512i)any, (__m512i)any)) break;
        last = level;
    }
    return last;
}

/* The walls of board i into lane i of avail, rows 0..h-1. */
static N512 void load_board(group_state *s, const unsigned char *wall, int w, int h, int i) {
    const __mmask64 cols = ((__mmask64)1 << w) - 1;
    for (int r = 0; r < h; r++) {
        __m512i bytes = _mm512_maskz_loadu_epi8(cols, wall + (size_t)r * (size_t)w);
        s->avail[r][i] = (uint16_t)_mm512_mask_cmpeq_epi8_mask(cols, bytes,
                                                               _mm512_setzero_si512());
    }
}

static N512 void corner_rows(group_state *s, int h) {
    const rows32 zero = {0};
    for (int r = 0; r < h; r++) {
        rows32 here = s->avail[r];
        rows32 above = r > 0 ? s->avail[r - 1] : zero, below = r + 1 < h ? s->avail[r + 1] : zero;
        /* row r as the row above of r + 1: its cell x steps down-right into x + 1 when
         * (x + 1, r) and (x, r + 1) are free; stored as dr[r], read by row r + 1 */
        s->dr[r] = (here >> 1) & below;
        s->dl[r] = (here << 1) & below;
        s->ur[r] = (here >> 1) & above;
        s->ul[r] = (here << 1) & above;
    }
    s->ur[h] = s->ul[h] = zero;
}

/* Up to 32 values (int16 lanes 0..n-1 of v) into out as `type`. */
static N512_INLINE void store_values(void *out, dmap_elem type, __m512i v, int n) {
    if (type == DMAP_ELEM_I16) {
        _mm512_mask_storeu_epi16(out, (__mmask32)(((uint64_t)1 << n) - 1), v);
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
 * pair_slot(i) of rows (2k, 2k + 1) holds board i's row 2k (low half) and 2k + 1 (high). */
static N512 void interleave_planes(group_state *s, int nplanes, int even) {
    for (int p = 0; p < nplanes; p++)
        for (int r = 0; r < even; r += 2) {
            __m512i a = (__m512i)s->plane[p][r], b = (__m512i)s->plane[p][r + 1];
            s->plane[p][r] = (rows32)_mm512_unpacklo_epi16(a, b);
            s->plane[p][r + 1] = (rows32)_mm512_unpackhi_epi16(a, b);
        }
}

/* Where board i's word lies among the 32 words of an interleaved row pair: unpack works
 * within 128-bit blocks, boards 8q..8q+3 go to the low register, 8q+4..8q+7 to the high. */
static inline int pair_slot(int i) {
    return ((i & 4) ? 16 : 0) + 4 * (i >> 3) + (i & 3);
}

/* Board i's depths: two rows per register, -1 plus its planes, the rows moved together
 * (row 2k + 1 from lane 16 to lane w) and stored in order. */
static N512_INLINE void write_board(const group_state *s, int nplanes, int w, int h, int i,
                                    __m512i pack, dmap_elem type, void *out) {
    const size_t esize = type == DMAP_ELEM_I16 ? 2 : type == DMAP_ELEM_F64 ? 8 : 4;
    const int slot = pair_slot(i);
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
        store_values((char *)out + (size_t)r * (size_t)w * esize, type, acc, rows * w);
    }
}

N512 void dmap_narrow_bfs32_avx512(const dmap_narrow_job *j, size_t b0, int count) {
    group_state s;
    const int w = j->w, h = j->h, even = (h + 1) & ~1;
    const size_t cells = (size_t)w * (size_t)h;
    const rows32 zero = {0};
    for (int r = 0; r < h; r++) s.avail[r] = s.f[r] = zero;
    s.f[h] = zero;
    for (int r = 0; r < even; r++) s.plane[0][r] = zero;
    for (int i = 0; i < count; i++) load_board(&s, j->walls + (b0 + (size_t)i) * cells, w, h, i);
    if (j->moves == DMAP_ROWBITS_8_STRICT) corner_rows(&s, h);
    for (int i = 0; i < count; i++) {
        size_t b = b0 + (size_t)i;
        size_t k0 = j->first ? j->first[b] : b, k1 = j->first ? j->first[b + 1] : b + 1;
        for (size_t k = k0; k < k1; k++) {
            int c = j->sources[k], r = c / w;
            uint16_t bit = (uint16_t)(1u << (c % w));
            s.avail[r][i] &= (uint16_t)~bit;
            s.f[r][i] |= bit;
            s.plane[0][r][i] |= bit; /* depth 0: depth + 1 = 1 */
        }
    }
    int last;
    switch (j->moves) {
    case DMAP_ROWBITS_4: last = run_levels(&s, h, j->max_depth, DMAP_ROWBITS_4); break;
    case DMAP_ROWBITS_8_CUT: last = run_levels(&s, h, j->max_depth, DMAP_ROWBITS_8_CUT); break;
    default: last = run_levels(&s, h, j->max_depth, DMAP_ROWBITS_8_STRICT); break;
    }
    int nplanes = 0;
    while ((unsigned)(last + 1) >> nplanes) nplanes++;
    interleave_planes(&s, nplanes, even);
    const size_t esize = j->type == DMAP_ELEM_I16 ? 2 : j->type == DMAP_ELEM_F64 ? 8 : 4;
    _Alignas(64) uint16_t idx[NARROW_LANES];
    for (int x = 0; x < NARROW_LANES; x++) idx[x] = (uint16_t)(x < w ? x : x - w + 16);
    const __m512i pack = _mm512_load_si512(idx);
    for (int i = 0; i < count; i++)
        write_board(&s, nplanes, w, h, i, pack, j->type,
                    (char *)j->out + (b0 + (size_t)i) * cells * esize);
}

#else
void dmap_narrow_bfs32_avx512(const dmap_narrow_job *j, size_t b0, int count) {
    (void)j;
    (void)b0;
    (void)count;
}
#endif
