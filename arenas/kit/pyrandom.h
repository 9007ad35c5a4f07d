/* pyrandom.h — a generator that draws exactly what CPython's random.Random draws.
 *
 * Games whose original engine is Python (CoderOne's bomber engine, the Pommerman environment)
 * define a game by random.Random(seed). To replay such a game from its seed, an arena must draw
 * the same numbers in the same order: this is CPython's MT19937 with its init_by_array seeding
 * and the methods built on it (CPython 3.11, Lib/random.py and Modules/_randommodule.c). */
#ifndef KIT_PYRANDOM_H
#define KIT_PYRANDOM_H

#include <stddef.h>
#include <stdint.h>

#include "dmap.h"

typedef struct kit_pyrandom {
    uint32_t mt[624];
    int index; /* next word of mt to temper; 624 means "twist first" */
} kit_pyrandom;

/* random.Random(seed) / random.seed(seed) for an integer seed (CPython uses abs(seed)). The
 * seeding also runs the first twist (it costs nothing there: see pyrandom.c), so it leaves the
 * twisted words and index 0 where CPython's getstate() shows the seeded words and index 624
 * until its first draw: the same stream, and from the first draw on the same state. */
void kit_pyrandom_seed(kit_pyrandom *r, int64_t seed);
/* init_by_array(key[0..n-1]): the seeding CPython applies to the 32-bit words of abs(seed),
 * least significant first (seed 0 is the key {0}). n >= 1. Keys of up to 624 words leave the
 * first block twisted, as kit_pyrandom_seed does. */
void kit_pyrandom_seed_words(kit_pyrandom *r, const uint32_t *key, size_t n);

/* kit_pyrandom_seed(rs[k], seeds[k]) for k < n, the same generators, made 16 at a time with
 * their seeding chains side by side (pyrandom.c): about a sixth of the time per generator on
 * AVX2, a quarter on SSE2. simd caps the path (DMAP_SIMD_AUTO: dmap_simd_best(); DMAP_SIMD_NONE:
 * the compiler's baseline vectors); every path gives the same words. */
void kit_pyrandom_seed_many(kit_pyrandom *const *rs, const int64_t *seeds, size_t n, dmap_simd simd);

/* The next raw 32-bit output of MT19937 (genrand_uint32). */
uint32_t kit_pyrandom_u32(kit_pyrandom *r);
/* The twist that makes the next 624 words (index back to 0): what kit_pyrandom_u32 does when
 * index is 624. */
void kit_pyrandom_twist(kit_pyrandom *r);
/* random.getrandbits(k) for 1 <= k <= 64 (0 for k outside that range). */
uint64_t kit_pyrandom_getrandbits(kit_pyrandom *r, int k);
/* random.random(): a double in [0, 1) with 53 random bits. */
double kit_pyrandom_random(kit_pyrandom *r);
/* random._randbelow(n) for n >= 1 (0 when n == 0): rejection sampling on n.bit_length() bits. */
uint64_t kit_pyrandom_randbelow(kit_pyrandom *r, uint64_t n);
/* random.randrange(a, b) = a + _randbelow(b - a), for a < b (returns a when a >= b). */
int64_t kit_pyrandom_randrange(kit_pyrandom *r, int64_t a, int64_t b);
/* random.randint(a, b) = randrange(a, b + 1), for a <= b. */
int64_t kit_pyrandom_randint(kit_pyrandom *r, int64_t a, int64_t b);
/* random.choice(seq) for len(seq) == n >= 1: returns the index chosen. */
size_t kit_pyrandom_choice(kit_pyrandom *r, size_t n);
/* random.shuffle(x) on an array of n elements of the given size (in place). */
void kit_pyrandom_shuffle(kit_pyrandom *r, void *base, size_t n, size_t size);
/* random.sample(range(n), k) for k <= n: writes the k chosen indices into out in the order
 * CPython returns them, using the same one of its two algorithms (pool or set) CPython picks.
 * The set algorithm needs scratch memory: returns 0 on success, -1 when k > n or an allocation
 * fails (out is then unspecified). To sample a sequence seq, use seq[out[i]]. */
int kit_pyrandom_sample(kit_pyrandom *r, size_t n, size_t k, size_t *out);

/* kit_pyrandom_u32 and kit_pyrandom_randbelow (for n < 2^32) inline, for hot loops: the same
 * words drawn, the same results. */
static inline uint32_t kit_pyrandom_temper(uint32_t y) {
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= y >> 18;
    return y;
}

static inline uint32_t kit_pyrandom_u32_fast(kit_pyrandom *r) {
    if (r->index >= 624) kit_pyrandom_twist(r);
    return kit_pyrandom_temper(r->mt[r->index++]);
}

/* _randbelow(n): getrandbits(n.bit_length()) is the top bit_length bits of one word, drawn
 * until one is below n. */
static inline uint32_t kit_pyrandom_below32(kit_pyrandom *r, uint32_t n) {
    if (n == 0) return 0;
    int shift = __builtin_clz(n);
    uint32_t x = kit_pyrandom_u32_fast(r) >> shift;
    while (x >= n) x = kit_pyrandom_u32_fast(r) >> shift;
    return x;
}

#endif
