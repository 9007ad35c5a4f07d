/* pyrandom.c — CPython's random.Random in C: MT19937 (Matsumoto and Nishimura's generator,
 * as CPython's _randommodule.c runs it) and the methods of Lib/random.py that the arenas'
 * original engines call, each drawing exactly the words CPython draws. */
#include "pyrandom.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

enum { MT_N = 624, MT_M = 397 };
#define MT_MATRIX_A 0x9908b0dfU
#define MT_UPPER 0x80000000U
#define MT_LOWER 0x7fffffffU

static void seed_single(kit_pyrandom *r, uint32_t s) {
    r->mt[0] = s;
    for (int i = 1; i < MT_N; i++)
        r->mt[i] = 1812433253U * (r->mt[i - 1] ^ (r->mt[i - 1] >> 30)) + (uint32_t)i;
    r->index = MT_N;
}

/* init_by_array starts from init_genrand(19650218), the same words for every seed: made once
 * (read-only afterwards) and copied. */
static kit_pyrandom array_start;
static pthread_once_t array_start_once = PTHREAD_ONCE_INIT;
static void make_array_start(void) { seed_single(&array_start, 19650218U); }

/* new word k of a twist: c ^ (y >> 1) ^ (y odd ? MATRIX_A : 0), y = upper bit of a, lower 31 of b
 * (a = old word k, b = old word k + 1, c = word k + 397: old below 227, new from there on). */
static inline uint32_t twisted(uint32_t a, uint32_t b, uint32_t c) {
    uint32_t y = (a & MT_UPPER) | (b & MT_LOWER);
    return c ^ (y >> 1) ^ ((0U - (y & 1U)) & MT_MATRIX_A);
}

/* init_by_array as CPython runs it, for any key length; leaves index 624 ("twist first"). */
static void seed_plain(kit_pyrandom *r, const uint32_t *key, size_t n) {
    memcpy(r->mt, array_start.mt, sizeof r->mt);
    size_t i = 1, j = 0, k = n > MT_N ? n : MT_N;
    for (; k; k--) {
        r->mt[i] = (r->mt[i] ^ ((r->mt[i - 1] ^ (r->mt[i - 1] >> 30)) * 1664525U)) + key[j] +
                   (uint32_t)j;
        i++, j++;
        if (i >= MT_N) r->mt[0] = r->mt[MT_N - 1], i = 1;
        if (j >= n) j = 0;
    }
    for (k = MT_N - 1; k; k--) {
        r->mt[i] = (r->mt[i] ^ ((r->mt[i - 1] ^ (r->mt[i - 1] >> 30)) * 1566083941U)) -
                   (uint32_t)i;
        i++;
        if (i >= MT_N) r->mt[0] = r->mt[MT_N - 1], i = 1;
    }
    r->mt[0] = 0x80000000U; /* MSB is 1, assuring a non-zero initial array */
    r->index = MT_N;
}

/* init_by_array for keys of at most 624 words, then the first twist, in one pass.
 *
 * The seeding is a chain of 1,247 dependent steps (each a shift, two xors, a multiply and an
 * add): about 7 cycles each, while the core's other units idle. The first twist needs only
 * words the chain has finished with: new word k (k < 227) reads final words k, k + 1 and
 * k + 397, and new word k + 227 reads new word k and final words k + 227, k + 228. So once the
 * second pass has written word i >= 399, new words i - 397 and i - 170 are made in the same
 * loop, in the chain's shadow; only new words 0, 1, 227, 228 (they read word 1, the chain's
 * last) and 454..623 (they read those) are left for after it. Writing new words over the
 * seeded ones is safe in this order: each seeded word is read for the last time before it is
 * overwritten, except words 2, 229, 397 and 398, kept aside. The result is the state
 * CPython's generator has after its first twist: index 0 and the same words. */
static void seed_twisted(kit_pyrandom *r, const uint32_t *key, size_t n) {
    uint32_t *mt = r->mt;
    const uint32_t *a = array_start.mt;
    /* first pass: words 1..623 from init_genrand's, then word 1 again after the wrap */
    uint32_t x = a[0];
    size_t j = 0;
    uint32_t kj = key[0];
    for (int i = 1; i < MT_N; i++) {
        x = (a[i] ^ ((x ^ (x >> 30)) * 1664525U)) + kj;
        mt[i] = x;
        if (++j >= n) j = 0;
        kj = key[j] + (uint32_t)j;
    }
    x = (mt[1] ^ ((x ^ (x >> 30)) * 1664525U)) + kj;
    mt[1] = x;
    /* second pass: words 2..623, the twist joining in from word 399 */
    int i = 2;
    for (; i < 399; i++) {
        x = (mt[i] ^ ((x ^ (x >> 30)) * 1566083941U)) - (uint32_t)i;
        mt[i] = x;
    }
    const uint32_t s2 = mt[2], s229 = mt[229], s397 = mt[397], s398 = mt[398];
    for (; i < MT_N; i++) {
        x = (mt[i] ^ ((x ^ (x >> 30)) * 1566083941U)) - (uint32_t)i;
        mt[i] = x;
        int k = i - MT_M;
        uint32_t lo = twisted(mt[k], mt[k + 1], x);
        mt[k] = lo;
        mt[k + 227] = twisted(mt[k + 227], mt[k + 228], lo);
    }
    /* the wrap: word 1 from word 623 */
    x = (mt[1] ^ ((x ^ (x >> 30)) * 1566083941U)) - 1U;
    /* word 0 is 0x80000000: only its upper bit enters the twist */
    const uint32_t n0 = twisted(0x80000000U, x, s397), n1 = twisted(x, s2, s398);
    const uint32_t s228 = mt[228];
    mt[227] = twisted(mt[227], s228, n0);
    mt[228] = twisted(s228, s229, n1);
    mt[0] = n0;
    mt[1] = n1;
    for (int k = 454; k < MT_N - 1; k++) mt[k] = twisted(mt[k], mt[k + 1], mt[k - 227]);
    mt[MT_N - 1] = twisted(mt[MT_N - 1], n0, mt[MT_M - 1]);
    r->index = 0;
}

/* ---- many seeds at once ------------------------------------------------------------------
 *
 * seed_twisted for 16 seeds side by side: word w of the 16 generators in four 4-lane vectors
 * (generator 4v + l in lane l of vector v), so the 16 dependent chains run in the same
 * instructions, four independent ones in flight, and their latencies overlap. A seed of one key
 * word and one of two differ only in the word added at the first pass's even steps (ka:
 * key[0]; kb: key[1] + 1, or key[0] again for one word). The words are then written out four
 * words of four generators at a time (a 4 x 4 transpose). GCC and clang vector types (SSE2 on
 * any x86-64, SSE4.1's pmulld on the AVX2 path, NEON elsewhere). */
#if (defined(__GNUC__) || defined(__clang__)) && defined(__has_builtin)
#if __has_builtin(__builtin_shufflevector)
#define PY_LANES_OK 1
#endif
#endif

#ifdef PY_LANES_OK
enum { PY_LANES = 16, PY_NV = 4 };
typedef uint32_t v4u __attribute__((vector_size(16)));
typedef struct lane_word { v4u v[PY_NV]; } lane_word; /* word w of the 16 generators */

#define LANES_INLINE static inline __attribute__((always_inline))

LANES_INLINE v4u splat4(uint32_t x) {
    v4u z = {0, 0, 0, 0};
    return z + x;
}

LANES_INLINE v4u twist4(v4u a, v4u b, v4u c) {
    v4u y = (a & MT_UPPER) | (b & MT_LOWER);
    return c ^ (y >> 1) ^ (-(y & 1U) & MT_MATRIX_A);
}

/* new word w of the twist, from old (or new) words a, b, c */
LANES_INLINE void twist_word(lane_word *w, const lane_word *a, const lane_word *b, const lane_word *c) {
    for (int v = 0; v < PY_NV; v++) w->v[v] = twist4(a->v[v], b->v[v], c->v[v]);
}

LANES_INLINE void seed_lanes_body(lane_word *mt, kit_pyrandom *const *rs, const v4u *ka, const v4u *kb, int nl) {
    const uint32_t *a = array_start.mt;
    v4u x[PY_NV];
    for (int v = 0; v < PY_NV; v++) x[v] = splat4(a[0]);
    /* first pass: words 1..623 (odd steps add ka, even ones kb), then word 1 again (kb) */
    for (int i = 1; i < MT_N; i++) {
        const v4u *k = i & 1 ? ka : kb;
        v4u old = splat4(a[i]);
        for (int v = 0; v < PY_NV; v++) mt[i].v[v] = x[v] = (old ^ ((x[v] ^ (x[v] >> 30)) * 1664525U)) + k[v];
    }
    for (int v = 0; v < PY_NV; v++)
        mt[1].v[v] = x[v] = (mt[1].v[v] ^ ((x[v] ^ (x[v] >> 30)) * 1664525U)) + kb[v];
    /* second pass, the twist joining in from word 399 (seed_twisted's order) */
    int i = 2;
    for (; i < 399; i++)
        for (int v = 0; v < PY_NV; v++)
            mt[i].v[v] = x[v] = (mt[i].v[v] ^ ((x[v] ^ (x[v] >> 30)) * 1566083941U)) - (uint32_t)i;
    const lane_word s2 = mt[2], s229 = mt[229], s397 = mt[397], s398 = mt[398];
    for (; i < MT_N; i++) {
        for (int v = 0; v < PY_NV; v++)
            mt[i].v[v] = x[v] = (mt[i].v[v] ^ ((x[v] ^ (x[v] >> 30)) * 1566083941U)) - (uint32_t)i;
        int k = i - MT_M;
        twist_word(&mt[k], &mt[k], &mt[k + 1], &mt[i]);
        twist_word(&mt[k + 227], &mt[k + 227], &mt[k + 228], &mt[k]);
    }
    lane_word last, top, n0, n1;
    for (int v = 0; v < PY_NV; v++) {
        last.v[v] = (mt[1].v[v] ^ ((x[v] ^ (x[v] >> 30)) * 1566083941U)) - 1U;
        top.v[v] = splat4(0x80000000U);
    }
    twist_word(&n0, &top, &last, &s397);
    twist_word(&n1, &last, &s2, &s398);
    const lane_word s228 = mt[228];
    twist_word(&mt[227], &mt[227], &s228, &n0);
    twist_word(&mt[228], &s228, &s229, &n1);
    mt[0] = n0;
    mt[1] = n1;
    for (int k = 454; k < MT_N - 1; k++) twist_word(&mt[k], &mt[k], &mt[k + 1], &mt[k - 227]);
    twist_word(&mt[MT_N - 1], &mt[MT_N - 1], &n0, &mt[MT_M - 1]);
    /* out: words k..k+3 of generators 4v..4v+3, a 4 x 4 transpose of four vectors */
    for (int k = 0; k < MT_N; k += 4)
        for (int v = 0; v < PY_NV && 4 * v < nl; v++) {
            v4u r0 = mt[k].v[v], r1 = mt[k + 1].v[v], r2 = mt[k + 2].v[v], r3 = mt[k + 3].v[v];
            v4u t0 = __builtin_shufflevector(r0, r1, 0, 4, 1, 5), t1 = __builtin_shufflevector(r0, r1, 2, 6, 3, 7);
            v4u t2 = __builtin_shufflevector(r2, r3, 0, 4, 1, 5), t3 = __builtin_shufflevector(r2, r3, 2, 6, 3, 7);
            v4u g[4] = {__builtin_shufflevector(t0, t2, 0, 1, 4, 5), __builtin_shufflevector(t0, t2, 2, 3, 6, 7),
                        __builtin_shufflevector(t1, t3, 0, 1, 4, 5), __builtin_shufflevector(t1, t3, 2, 3, 6, 7)};
            for (int l = 0; l < 4 && 4 * v + l < nl; l++) memcpy(rs[4 * v + l]->mt + k, &g[l], sizeof g[l]);
        }
    for (int l = 0; l < nl; l++) rs[l]->index = 0;
}

static void seed_lanes_plain(lane_word *mt, kit_pyrandom *const *rs, const v4u *ka, const v4u *kb, int nl) {
    seed_lanes_body(mt, rs, ka, kb, nl);
}

#if defined(__x86_64__) || defined(__i386__)
#define PY_AVX2 1
__attribute__((target("avx2"))) static void seed_lanes_avx2(lane_word *mt, kit_pyrandom *const *rs, const v4u *ka,
                                                            const v4u *kb, int nl) {
    seed_lanes_body(mt, rs, ka, kb, nl);
}
#else
#define PY_AVX2 0
#endif
#endif

void kit_pyrandom_seed_many(kit_pyrandom *const *rs, const int64_t *seeds, size_t n, dmap_simd simd) {
#ifdef PY_LANES_OK
    pthread_once(&array_start_once, make_array_start);
    if (simd == DMAP_SIMD_AUTO || simd > dmap_simd_best()) simd = dmap_simd_best();
    lane_word mt[MT_N];
    v4u ka[PY_NV], kb[PY_NV];
    for (size_t first = 0; first < n; first += PY_LANES) {
        int nl = n - first < PY_LANES ? (int)(n - first) : PY_LANES;
        for (int l = 0; l < PY_LANES; l++) {
            int64_t seed = seeds[first + (size_t)(l < nl ? l : 0)]; /* empty lanes: a copy, not kept */
            uint64_t abs_seed = seed < 0 ? (uint64_t)0 - (uint64_t)seed : (uint64_t)seed;
            uint32_t lo = (uint32_t)abs_seed, hi = (uint32_t)(abs_seed >> 32);
            ka[l / 4][l % 4] = lo;
            kb[l / 4][l % 4] = hi ? hi + 1U : lo;
        }
#if PY_AVX2
        if (simd >= DMAP_SIMD_AVX2) {
            seed_lanes_avx2(mt, rs + first, ka, kb, nl);
            continue;
        }
#endif
        seed_lanes_plain(mt, rs + first, ka, kb, nl);
    }
#else
    (void)simd;
    for (size_t k = 0; k < n; k++) kit_pyrandom_seed(rs[k], seeds[k]);
#endif
}

void kit_pyrandom_seed_words(kit_pyrandom *r, const uint32_t *key, size_t n) {
    pthread_once(&array_start_once, make_array_start);
    if (n <= MT_N) seed_twisted(r, key, n);
    else seed_plain(r, key, n);
}

void kit_pyrandom_seed(kit_pyrandom *r, int64_t seed) {
    /* abs() of INT64_MIN does not fit in int64_t; in uint64_t it is exact. */
    uint64_t a = seed < 0 ? (uint64_t)0 - (uint64_t)seed : (uint64_t)seed;
    uint32_t key[2] = {(uint32_t)a, (uint32_t)(a >> 32)};
    kit_pyrandom_seed_words(r, key, key[1] ? 2 : 1);
}

/* The twist's three loops: each new word reads words not yet rewritten (k + 1, k + 397) or
 * rewritten at least 227 words before (k - 227), so the compiler runs them 4 words at a time
 * on SSE2 and 8 on the AVX2 copy (about half the time). */
#if defined(__GNUC__) || defined(__clang__)
#define TWIST_INLINE static inline __attribute__((always_inline))
#else
#define TWIST_INLINE static inline
#endif
TWIST_INLINE void twist_words(uint32_t *mt) {
    int k;
    for (k = 0; k < MT_N - MT_M; k++) mt[k] = twisted(mt[k], mt[k + 1], mt[k + MT_M]);
    for (; k < MT_N - 1; k++) mt[k] = twisted(mt[k], mt[k + 1], mt[k + (MT_M - MT_N)]);
    mt[MT_N - 1] = twisted(mt[MT_N - 1], mt[0], mt[MT_M - 1]);
}

#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
__attribute__((target("avx2"))) static void twist_avx2(uint32_t *mt) { twist_words(mt); }

void kit_pyrandom_twist(kit_pyrandom *r) {
    if (dmap_simd_best() >= DMAP_SIMD_AVX2) twist_avx2(r->mt);
    else twist_words(r->mt);
    r->index = 0;
}
#else
void kit_pyrandom_twist(kit_pyrandom *r) {
    twist_words(r->mt);
    r->index = 0;
}
#endif

uint32_t kit_pyrandom_u32(kit_pyrandom *r) { return kit_pyrandom_u32_fast(r); }

/* getrandbits fills 32-bit words least significant first; the last (most significant) word
 * keeps only its top bits, as _random_Random_getrandbits_impl does. */
uint64_t kit_pyrandom_getrandbits(kit_pyrandom *r, int k) {
    if (k <= 0 || k > 64) return 0;
    if (k <= 32) return kit_pyrandom_u32(r) >> (32 - k);
    uint64_t lo = kit_pyrandom_u32(r);
    uint64_t hi = kit_pyrandom_u32(r) >> (64 - k);
    return lo | (hi << 32);
}

double kit_pyrandom_random(kit_pyrandom *r) {
    uint32_t a = kit_pyrandom_u32(r) >> 5, b = kit_pyrandom_u32(r) >> 6;
    return ((double)a * 67108864.0 + (double)b) * (1.0 / 9007199254740992.0);
}

static int bit_length(uint64_t n) {
    int k = 0;
    while (n) k++, n >>= 1;
    return k;
}

uint64_t kit_pyrandom_randbelow(kit_pyrandom *r, uint64_t n) {
    if (n <= UINT32_MAX) return kit_pyrandom_below32(r, (uint32_t)n);
    int k = bit_length(n);
    uint64_t x = kit_pyrandom_getrandbits(r, k);
    while (x >= n) x = kit_pyrandom_getrandbits(r, k);
    return x;
}

int64_t kit_pyrandom_randrange(kit_pyrandom *r, int64_t a, int64_t b) {
    if (a >= b) return a;
    uint64_t width = (uint64_t)b - (uint64_t)a;
    return (int64_t)((uint64_t)a + kit_pyrandom_randbelow(r, width));
}

int64_t kit_pyrandom_randint(kit_pyrandom *r, int64_t a, int64_t b) {
    if (b == INT64_MAX) { /* b + 1 would overflow; the width still fits in uint64_t */
        if (a == INT64_MIN) return (int64_t)kit_pyrandom_getrandbits(r, 64);
        return (int64_t)((uint64_t)a + kit_pyrandom_randbelow(r, (uint64_t)b - (uint64_t)a + 1));
    }
    return kit_pyrandom_randrange(r, a, b + 1);
}

size_t kit_pyrandom_choice(kit_pyrandom *r, size_t n) {
    return (size_t)kit_pyrandom_randbelow(r, (uint64_t)n);
}

static void swap_bytes(unsigned char *a, unsigned char *b, size_t size) {
    for (size_t i = 0; i < size; i++) {
        unsigned char t = a[i];
        a[i] = b[i];
        b[i] = t;
    }
}

void kit_pyrandom_shuffle(kit_pyrandom *r, void *base, size_t n, size_t size) {
    unsigned char *p = base;
    for (size_t i = n; i-- > 1;) {
        size_t j = (size_t)kit_pyrandom_randbelow(r, (uint64_t)i + 1);
        if (j != i) swap_bytes(p + i * size, p + j * size, size);
    }
}

/* Lib/random.py: setsize = 21; if k > 5: setsize += 4 ** ceil(log(3k, 4)), where
 * math.log(x, 4) is computed as log(x) / log(4) in double precision. */
static size_t sample_setsize(size_t k) {
    size_t setsize = 21;
    if (k > 5) {
        double e = ceil(log((double)k * 3.0) / log(4.0));
        size_t p = 1;
        for (int i = 0; i < (int)e; i++) p *= 4;
        setsize += p;
    }
    return setsize;
}

static int sample_with_set(kit_pyrandom *r, size_t n, size_t k, size_t *out) {
    /* CPython keeps a set of chosen indices; a bitmap of n bits answers the same question. */
    unsigned char *chosen = calloc(n / 8 + 1, 1);
    if (!chosen) return -1;
    for (size_t i = 0; i < k; i++) {
        size_t j = (size_t)kit_pyrandom_randbelow(r, (uint64_t)n);
        while (chosen[j / 8] & (1u << (j % 8))) j = (size_t)kit_pyrandom_randbelow(r, (uint64_t)n);
        chosen[j / 8] |= (unsigned char)(1u << (j % 8));
        out[i] = j;
    }
    free(chosen);
    return 0;
}

static int sample_with_pool(kit_pyrandom *r, size_t n, size_t k, size_t *out) {
    size_t *pool = malloc((n ? n : 1) * sizeof *pool);
    if (!pool) return -1;
    for (size_t i = 0; i < n; i++) pool[i] = i;
    for (size_t i = 0; i < k; i++) {
        size_t j = (size_t)kit_pyrandom_randbelow(r, (uint64_t)(n - i));
        out[i] = pool[j];
        pool[j] = pool[n - i - 1];
    }
    free(pool);
    return 0;
}

int kit_pyrandom_sample(kit_pyrandom *r, size_t n, size_t k, size_t *out) {
    if (k > n) return -1;
    if (n <= sample_setsize(k)) return sample_with_pool(r, n, k, out);
    return sample_with_set(r, n, k, out);
}
