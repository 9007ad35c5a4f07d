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

void kit_pyrandom_twist(kit_pyrandom *r) {
    uint32_t *mt = r->mt;
    int k;
    for (k = 0; k < MT_N - MT_M; k++) mt[k] = twisted(mt[k], mt[k + 1], mt[k + MT_M]);
    for (; k < MT_N - 1; k++) mt[k] = twisted(mt[k], mt[k + 1], mt[k + (MT_M - MT_N)]);
    mt[MT_N - 1] = twisted(mt[MT_N - 1], mt[0], mt[MT_M - 1]);
    r->index = 0;
}

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
