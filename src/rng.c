/* rng.c — the seeded generator (splitmix64 state stepping, output mixed to 32 bits).
 * It is the only source of randomness in dmap, so the same seed replays the same game. */
#include "dmap.h"

void dmap_rng_seed(dmap_rng *r, uint64_t seed) {
    if (r) r->state = seed;
}

static uint64_t next64(dmap_rng *r) {
    uint64_t z = (r->state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

uint32_t dmap_rng_next(dmap_rng *r) { return r ? (uint32_t)(next64(r) >> 32) : 0; }

uint32_t dmap_rng_below(dmap_rng *r, uint32_t n) {
    if (!r || n == 0) return 0;
    /* Rejection keeps every value equally likely: draw until below the largest multiple of n. */
    uint32_t limit = (uint32_t)(0x100000000ull - (0x100000000ull % n));
    for (;;) {
        uint32_t x = dmap_rng_next(r);
        if (limit == 0 || x < limit) return x % n;
    }
}

double dmap_rng_unit(dmap_rng *r) {
    if (!r) return 0.0;
    return (double)(next64(r) >> 11) * (1.0 / 9007199254740992.0);
}
