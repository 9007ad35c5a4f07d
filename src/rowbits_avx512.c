/* rowbits_avx512.c — the small-board engine on AVX-512: a board's rows in the lanes of 512-bit
 * registers, eight rows per register, so one BFS level of a board up to 64x64 is about a
 * dozen instructions per eight rows (the row above and below come from lane rotations across
 * neighbouring registers). Depths are not written level by level: each level ORs its fresh
 * cells into bit planes (plane b holds the cells whose level has bit b set), and at the end
 * masked adds turn the planes into 16 or 32 output values per instruction, in the element
 * type asked for (int8 from int16 lanes, narrowed by the store). Same results as rowbits.c's
 * plain loop; compiled for AVX-512 with a target attribute and run only where the processor
 * has it (dmap_rowbits_avx512_ok). */
#include <stdint.h>
#include <string.h>

#include "portable.h"
#include "rowbits.h"

#if (defined(__x86_64__) || defined(_M_X64)) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

#define RB512 __attribute__((target("avx512f,avx512bw")))
#define RB512_INLINE inline __attribute__((target("avx512f,avx512bw"), always_inline))
enum { MAX_PLANES = 32 };

int dmap_rowbits_avx512_ok(void) {
    return dmap_simd_best() == DMAP_SIMD_AVX512;
}

/* A search's state, over storage of `stride` rows (64, or 16 for the small boards that the
 * batch runs four at a time). Rows 0..h-1 are words 0..h-1 (no padding: the lanes rotate in
 * zeros); the rows up to the next multiple of 8 stay empty. */
typedef struct v_board {
    uint64_t *free, *avail, *f;
    /* strict corners: for row r, the cells of row r - 1 that may v_step down-right into it
     * (dr of r - 1), down-left, and of row r + 1 that may v_step up-right, up-left */
    uint64_t *from_up_r, *from_up_l, *from_down_r, *from_down_l;
    uint64_t *plane; /* plane p holds the cells whose level has bit p set: p * stride + r */
    int stride;
    int nplanes; /* planes in use (zeroed) */
} v_board;

#define V_STORE(rows)                                                                        \
    struct {                                                                                 \
        DMAP_ALIGNAS(64) uint64_t row[7][rows];                                              \
        DMAP_ALIGNAS(64) uint64_t plane[(int)MAX_PLANES * (int)(rows)];                      \
    }
typedef V_STORE(DMAP_ROWBITS_MAX_H) v_store64;
typedef V_STORE(16) v_store16;

static void bind(v_board *b, uint64_t *base, uint64_t *plane, int stride) {
    b->free = base;
    b->avail = base + stride;
    b->f = base + 2 * stride;
    b->from_up_r = base + 3 * stride;
    b->from_up_l = base + 4 * stride;
    b->from_down_r = base + 5 * stride;
    b->from_down_l = base + 6 * stride;
    b->plane = plane;
    b->stride = stride;
    b->nplanes = 0;
}

static RB512 void load_rows(v_board *b, const dmap_rowbits_job *j) {
    const int w = j->w, h = j->h;
    const __mmask64 cols = w == 64 ? ~(__mmask64)0 : (((__mmask64)1 << w) - 1);
    int nv = (h + 7) / 8;
    for (int r = 0; r < nv * 8; r++) b->free[r] = 0;
    for (int y = 0; y < h; y++) {
        __m512i bytes = _mm512_maskz_loadu_epi8(cols, j->wall + (size_t)y * w);
        b->free[y] = (uint64_t)_mm512_mask_cmpeq_epi8_mask(cols, bytes, _mm512_setzero_si512());
    }
    for (int r = 0; r < nv * 8; r++) {
        b->avail[r] = b->free[r];
        b->f[r] = 0;
    }
    if (j->moves != DMAP_ROWBITS_8_STRICT) return;
    for (int r = 0; r < nv * 8; r++) {
        uint64_t above = r > 0 ? b->free[r - 1] : 0, here = b->free[r];
        uint64_t below = r + 1 < h ? b->free[r + 1] : 0;
        /* a cell x of the row above steps down-right when (x+1, above) and (x, here) are free */
        b->from_up_r[r] = (above >> 1) & here;
        b->from_up_l[r] = (above << 1) & here;
        b->from_down_r[r] = (below >> 1) & here;
        b->from_down_l[r] = (below << 1) & here;
    }
}

/* One more plane, zeroed over the rows in use. */
static void add_plane(v_board *b, int nv) {
    uint64_t *plane = b->plane + (size_t)b->stride * (size_t)b->nplanes++;
    memset(plane, 0, sizeof(uint64_t) * 8 * (size_t)nv);
}

/* Set the planes of cell bit `bit` of row r for relative level rel, growing the planes. */
static void mark_level(v_board *b, int nv, int r, uint64_t bit, uint32_t rel) {
    for (uint32_t bits = rel; bits; bits &= bits - 1) {
        int p = bits_lowest(bits);
        while (b->nplanes <= p) add_plane(b, nv);
        b->plane[(size_t)b->stride * (size_t)p + (size_t)r] |= bit;
    }
}

/* Enter cell `cell` at relative level rel unless it was reached already; 1 when it entered. */
static int enter(v_board *b, int nv, int w, int cell, uint32_t rel) {
    int r = cell / w;
    uint64_t bit = (uint64_t)1 << (cell % w);
    if (!(b->avail[r] & bit)) return 0;
    b->avail[r] &= ~bit;
    b->f[r] |= bit;
    mark_level(b, nv, r, bit, rel);
    return 1;
}

/* One level: the frontier f becomes the next level, its cells leave avail and join the planes
 * of rel. Returns nonzero when the new level is not empty. */
static RB512_INLINE int v_step(v_board *b, int nv, int moves, uint32_t rel) {
    if (rel >> b->nplanes) /* a new highest bit: one more plane */
        add_plane(b, nv);
    const __m512i zero = _mm512_setzero_si512();
    __m512i prev = zero, cur = _mm512_load_si512(b->f), any = zero;
    for (int k = 0; k < nv; k++) {
        __m512i next = k + 1 < nv ? _mm512_load_si512(b->f + 8 * (k + 1)) : zero;
        __m512i up = _mm512_alignr_epi64(cur, prev, 7);   /* row r gets row r - 1 */
        __m512i down = _mm512_alignr_epi64(next, cur, 1); /* row r gets row r + 1 */
        __m512i side = _mm512_or_si512(_mm512_slli_epi64(cur, 1), _mm512_srli_epi64(cur, 1));
        __m512i v = _mm512_or_si512(up, down), n;
        if (moves == DMAP_ROWBITS_8_CUT) {
            n = _mm512_or_si512(_mm512_or_si512(v, side),
                                _mm512_or_si512(_mm512_slli_epi64(v, 1), _mm512_srli_epi64(v, 1)));
        } else {
            n = _mm512_or_si512(v, side);
            if (moves == DMAP_ROWBITS_8_STRICT) {
                __m512i ur = _mm512_load_si512(b->from_up_r + 8 * k);
                __m512i ul = _mm512_load_si512(b->from_up_l + 8 * k);
                __m512i dr = _mm512_load_si512(b->from_down_r + 8 * k);
                __m512i dl = _mm512_load_si512(b->from_down_l + 8 * k);
                n = _mm512_or_si512(n, _mm512_slli_epi64(_mm512_and_si512(up, ur), 1));
                n = _mm512_or_si512(n, _mm512_srli_epi64(_mm512_and_si512(up, ul), 1));
                n = _mm512_or_si512(n, _mm512_slli_epi64(_mm512_and_si512(down, dr), 1));
                n = _mm512_or_si512(n, _mm512_srli_epi64(_mm512_and_si512(down, dl), 1));
            }
        }
        __m512i avail = _mm512_load_si512(b->avail + 8 * k);
        n = _mm512_and_si512(n, avail);
        _mm512_store_si512(b->avail + 8 * k, _mm512_andnot_si512(n, avail));
        _mm512_store_si512(b->f + 8 * k, n);
        any = _mm512_or_si512(any, n);
        for (uint32_t bits = rel; bits; bits &= bits - 1) {
            uint64_t *pl = b->plane + (size_t)b->stride * (size_t)bits_lowest(bits) + 8 * k;
            _mm512_store_si512(pl, _mm512_or_si512(_mm512_load_si512(pl), n));
        }
        prev = cur;
        cur = next;
    }
    return _mm512_test_epi64_mask(any, any) != 0;
}

static inline uint64_t plane_row(const v_board *b, int p, int r) {
    return b->plane[(size_t)b->stride * (size_t)p + (size_t)r];
}

/* The planes of 16 columns from c on of row r, as int32 lanes, plus base. */
static RB512 inline __m512i v_levels16(const v_board *b, int r, int c, int32_t base) {
    __m512i acc = _mm512_set1_epi32(base);
    for (int p = 0; p < b->nplanes; p++)
        acc = _mm512_mask_add_epi32(acc, (__mmask16)(plane_row(b, p, r) >> c), acc,
                                    _mm512_set1_epi32(1 << p));
    return acc;
}

static RB512 inline __m512i v_levels32(const v_board *b, int r, int c, int16_t base) {
    __m512i acc = _mm512_set1_epi16(base);
    for (int p = 0; p < b->nplanes; p++)
        acc = _mm512_mask_add_epi16(acc, (__mmask32)(plane_row(b, p, r) >> c), acc,
                                    _mm512_set1_epi16((short)(1 << p)));
    return acc;
}

static inline uint64_t first_bits(int k) {
    return k >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << k) - 1;
}

/* Every cell of the board into j->out: base + its level's planes where reached, j->fill
 * elsewhere (walls included). */
static RB512 void write_out(const v_board *b, const dmap_rowbits_job *j, int32_t base) {
    const int w = j->w;
    for (int r = 0; r < j->h; r++) {
        uint64_t seen = b->free[r] & ~b->avail[r];
        size_t row = (size_t)r * (size_t)w;
        switch (j->type) {
        case DMAP_ELEM_I8: { /* int16 lanes narrowed to bytes as they are stored */
            int8_t *o = (int8_t *)j->out + row;
            __m512i fill = _mm512_set1_epi16((short)j->fill);
            for (int c = 0; c < w; c += 32) {
                __m512i v = _mm512_mask_mov_epi16(fill, (__mmask32)(seen >> c),
                                                  v_levels32(b, r, c, (int16_t)base));
                _mm512_mask_cvtepi16_storeu_epi8(o + c, (__mmask32)first_bits(w - c), v);
            }
            break;
        }
        case DMAP_ELEM_I16: {
            int16_t *o = (int16_t *)j->out + row;
            __m512i fill = _mm512_set1_epi16((short)j->fill);
            for (int c = 0; c < w; c += 32) {
                __m512i v = _mm512_mask_mov_epi16(fill, (__mmask32)(seen >> c),
                                                  v_levels32(b, r, c, (int16_t)base));
                _mm512_mask_storeu_epi16(o + c, (__mmask32)first_bits(w - c), v);
            }
            break;
        }
        case DMAP_ELEM_I32: {
            int32_t *o = (int32_t *)j->out + row;
            __m512i fill = _mm512_set1_epi32((int32_t)j->fill);
            for (int c = 0; c < w; c += 16) {
                __m512i v = _mm512_mask_mov_epi32(fill, (__mmask16)(seen >> c),
                                                  v_levels16(b, r, c, base));
                _mm512_mask_storeu_epi32(o + c, (__mmask16)first_bits(w - c), v);
            }
            break;
        }
        case DMAP_ELEM_F32: {
            float *o = (float *)j->out + row;
            __m512 fill = _mm512_set1_ps((float)j->fill);
            for (int c = 0; c < w; c += 16) {
                __m512 v = _mm512_mask_mov_ps(fill, (__mmask16)(seen >> c),
                                              _mm512_cvtepi32_ps(v_levels16(b, r, c, base)));
                _mm512_mask_storeu_ps(o + c, (__mmask16)first_bits(w - c), v);
            }
            break;
        }
        default: {
            double *o = (double *)j->out + row;
            __m512d fill = _mm512_set1_pd(j->fill);
            for (int c = 0; c < w; c += 16) {
                __m512i lv = v_levels16(b, r, c, base);
                __m512d lo = _mm512_cvtepi32_pd(_mm512_castsi512_si256(lv));
                __m512d hi = _mm512_cvtepi32_pd(_mm512_extracti64x4_epi64(lv, 1));
                lo = _mm512_mask_mov_pd(fill, (__mmask8)(seen >> c), lo);
                hi = _mm512_mask_mov_pd(fill, (__mmask8)(seen >> (c + 8)), hi);
                _mm512_mask_storeu_pd(o + c, (__mmask8)first_bits(w - c), lo);
                if (c + 8 < w)
                    _mm512_mask_storeu_pd(o + c + 8, (__mmask8)first_bits(w - c - 8), hi);
            }
            break;
        }
        }
    }
}

/* The levels of a search, specialised by the caller for the move rule and the register count
 * (both constants at each call). Returns 1 when the target was reached. */
static RB512_INLINE int v_run_levels(v_board *b, const dmap_rowbits_job *j, const int nv,
                                     const int moves) {
    const int w = j->w;
    size_t si = 0;
    const int64_t first = j->seeds ? j->seeds[0].value : 0;
    int64_t level = first;
    int front = 0;
    for (;;) {
        if (j->seeds) {
            for (; si < j->nseeds && j->seeds[si].value == level; si++)
                front |= enter(b, nv, w, j->seeds[si].cell, (uint32_t)(level - first));
        } else if (level == 0) {
            for (; si < j->nseeds; si++) front |= enter(b, nv, w, j->sources[si], 0);
        }
        if (!front) {
            if (!j->seeds || si == j->nseeds) return 0;
            level = j->seeds[si].value;
            continue;
        }
        if (j->target >= 0 && (b->f[j->target / w] >> (j->target % w) & 1)) return 1;
        if (level >= j->max_level) return 0;
        front = v_step(b, nv, moves, (uint32_t)(level + 1 - first));
        level++;
    }
}

RB512 int dmap_rowbits_run_avx512(const dmap_rowbits_job *j) {
    /* small boards on small storage: fewer cache lines for the stack to touch */
    union {
        v_store64 big;
        v_store16 small;
    } store;
    v_board b;
    if (j->h <= 16)
        bind(&b, &store.small.row[0][0], store.small.plane, 16);
    else
        bind(&b, &store.big.row[0][0], store.big.plane, DMAP_ROWBITS_MAX_H);
    load_rows(&b, j);
    const int nv = (j->h + 7) / 8;
    int found, which = j->moves * 3 + (nv == 1 ? 0 : nv == 2 ? 1 : 2);
    switch (which) {
    case 0: found = v_run_levels(&b, j, 1, DMAP_ROWBITS_4); break;
    case 1: found = v_run_levels(&b, j, 2, DMAP_ROWBITS_4); break;
    case 2: found = v_run_levels(&b, j, nv, DMAP_ROWBITS_4); break;
    case 3: found = v_run_levels(&b, j, 1, DMAP_ROWBITS_8_CUT); break;
    case 4: found = v_run_levels(&b, j, 2, DMAP_ROWBITS_8_CUT); break;
    case 5: found = v_run_levels(&b, j, nv, DMAP_ROWBITS_8_CUT); break;
    case 6: found = v_run_levels(&b, j, 1, DMAP_ROWBITS_8_STRICT); break;
    case 7: found = v_run_levels(&b, j, 2, DMAP_ROWBITS_8_STRICT); break;
    default: found = v_run_levels(&b, j, nv, DMAP_ROWBITS_8_STRICT); break;
    }
    const int64_t first = j->seeds ? j->seeds[0].value : 0;
    if (j->out) write_out(&b, j, (int32_t)first);
    if (j->seen)
        for (int r = 0; r < j->h; r++) j->seen[r] = b.free[r] & ~b.avail[r];
    return found;
}

/* The levels of up to four BFS boards of at most 16 rows, stepped in turn: one board's level
 * is a short chain of dependent instructions, four independent chains keep the core busy. */
static RB512_INLINE void v_group_levels(v_board *b, int *front, int count, int64_t max_level,
                               const int nv, const int moves) {
    for (int64_t level = 0; level < max_level; level++) {
        int any = 0;
        for (int i = 0; i < count; i++)
            if (front[i]) any |= front[i] = v_step(&b[i], nv, moves, (uint32_t)(level + 1));
        if (!any) return;
    }
}

RB512 void dmap_rowbits_run4_avx512(const dmap_rowbits_job *jobs, int count) {
    v_store16 store[4];
    v_board b[4];
    int front[4] = {0, 0, 0, 0};
    const int nv = (jobs[0].h + 7) / 8;
    for (int i = 0; i < count; i++) {
        bind(&b[i], &store[i].row[0][0], store[i].plane, 16);
        load_rows(&b[i], &jobs[i]);
        for (size_t k = 0; k < jobs[i].nseeds; k++)
            front[i] |= enter(&b[i], nv, jobs[i].w, jobs[i].sources[k], 0);
    }
    switch (jobs[0].moves * 2 + (nv == 2)) {
    case 0: v_group_levels(b, front, count, jobs[0].max_level, 1, DMAP_ROWBITS_4); break;
    case 1: v_group_levels(b, front, count, jobs[0].max_level, 2, DMAP_ROWBITS_4); break;
    case 2: v_group_levels(b, front, count, jobs[0].max_level, 1, DMAP_ROWBITS_8_CUT); break;
    case 3: v_group_levels(b, front, count, jobs[0].max_level, 2, DMAP_ROWBITS_8_CUT); break;
    case 4: v_group_levels(b, front, count, jobs[0].max_level, 1, DMAP_ROWBITS_8_STRICT); break;
    default: v_group_levels(b, front, count, jobs[0].max_level, 2, DMAP_ROWBITS_8_STRICT); break;
    }
    for (int i = 0; i < count; i++) write_out(&b[i], &jobs[i], 0);
}

#else
void dmap_rowbits_run4_avx512(const dmap_rowbits_job *jobs, int count) {
    (void)jobs;
    (void)count;
}
int dmap_rowbits_avx512_ok(void) {
    return 0;
}
int dmap_rowbits_run_avx512(const dmap_rowbits_job *j) {
    (void)j;
    return 0;
}
#endif
