/* ref_mt.h — a plain MT19937 for tests (init_genrand, init_by_array, a whole-block twist when
 * the 624 words are used up, tempering), written from the reference C code's description and
 * kept deliberately simple: the oracle the kit's interleaved seeding and inline draws are
 * checked against (test_kit_random.c, the Pommerman board test). */
#ifndef KIT_TESTS_REF_MT_H
#define KIT_TESTS_REF_MT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef struct ref_mt {
    uint32_t mt[624];
    int index;
} ref_mt;

static inline void ref_seed(ref_mt *r, const uint32_t *key, size_t n) {
    uint32_t *mt = r->mt;
    mt[0] = 19650218u;
    for (int i = 1; i < 624; i++) mt[i] = 1812433253u * (mt[i - 1] ^ (mt[i - 1] >> 30)) + (uint32_t)i;
    size_t i = 1, j = 0;
    for (size_t k = n > 624 ? n : 624; k > 0; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525u)) + key[j] + (uint32_t)j;
        if (++i == 624) mt[0] = mt[623], i = 1;
        if (++j == n) j = 0;
    }
    for (size_t k = 623; k > 0; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941u)) - (uint32_t)i;
        if (++i == 624) mt[0] = mt[623], i = 1;
    }
    mt[0] = 0x80000000u;
    r->index = 624;
}

static inline uint32_t ref_next(ref_mt *r) {
    if (r->index == 624) {
        uint32_t old[624];
        memcpy(old, r->mt, sizeof old);
        for (int k = 0; k < 624; k++) {
            /* words below 227 read the old block 397 ahead; the rest read new words */
            uint32_t y = (r->mt[k] & 0x80000000u) | (k < 623 ? old[k + 1] : r->mt[0]) % 0x80000000u;
            uint32_t far = k < 227 ? old[k + 397] : r->mt[k - 227];
            r->mt[k] = far ^ (y >> 1) ^ (y % 2 ? 0x9908b0dfu : 0u);
        }
        r->index = 0;
    }
    uint32_t y = r->mt[r->index++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    return y ^ (y >> 18);
}

/* _randbelow(n) for 1 <= n < 2^32: getrandbits(n.bit_length()) until below n. */
static inline uint32_t ref_below(ref_mt *r, uint32_t n) {
    int k = 0;
    while (k < 32 && (n >> k)) k++;
    uint32_t x;
    do x = ref_next(r) >> (32 - k);
    while (x >= n);
    return x;
}

#endif
