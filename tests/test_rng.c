/* test_rng.c — the seeded generator (src/rng.c), the one source of randomness every recorded
 * game and tournament table depends on:
 *   - dmap_rng_next is the top 32 bits of SplitMix64 (Vigna's reference generator) and
 *     dmap_rng_unit its top 53 bits over 2^53: checked against the reference's published
 *     outputs for seed 1234567;
 *   - dmap_rng_below(n) stays below n, takes each value about equally often (a fixed seed,
 *     a loose bound), and draws again instead of folding the top of the range onto small
 *     values (n just above 2^31: the rejection is visible in the number of draws);
 *   - NULL generators and n = 0 give 0. */
#include <stdint.h>

#include "check.h"
#include "dmap.h"

/* SplitMix64 from seed 1234567, the reference implementation's first five outputs. */
static const uint64_t reference[5] = {6457827717110365317ull, 3203168211198807973ull,
                                      9817491932198370423ull, 4593380528125082431ull,
                                      16408922859458223821ull};

static void test_reference_outputs(void) {
    dmap_rng r;
    dmap_rng_seed(&r, 1234567);
    for (int i = 0; i < 5; i++) CHECK_EQ_INT(dmap_rng_next(&r), reference[i] >> 32);
    dmap_rng_seed(&r, 1234567);
    for (int i = 0; i < 5; i++)
        CHECK(dmap_rng_unit(&r) == (double)(reference[i] >> 11) / 9007199254740992.0);
}

static void test_below(void) {
    dmap_rng r;
    dmap_rng_seed(&r, 99);
    enum { N = 7, DRAWS = 70000 };
    int count[N] = {0}, outside = 0;
    for (int i = 0; i < DRAWS; i++) {
        uint32_t v = dmap_rng_below(&r, N);
        if (v >= N)
            outside++;
        else
            count[v]++;
    }
    CHECK_EQ_INT(outside, 0);
    for (int k = 0; k < N; k++) CHECK(count[k] > DRAWS / N * 9 / 10 && count[k] < DRAWS / N * 11 / 10);
    /* n = 2^31 + 1: nearly half of the 32-bit draws lie above the largest multiple of n and
     * are drawn again, so 1000 values take clearly more than 1000 draws, as a second
     * generator with the same seed counts */
    uint32_t n = 0x80000001u;
    dmap_rng a, b;
    dmap_rng_seed(&a, 5);
    dmap_rng_seed(&b, 5);
    int draws = 0;
    for (int i = 0; i < 1000; i++) {
        uint32_t v = dmap_rng_below(&a, n), x;
        do {
            x = dmap_rng_next(&b);
            draws++;
        } while (x >= n); /* the largest multiple of n below 2^32 is n itself */
        CHECK(v == x && v < n);
    }
    CHECK(draws > 1800 && draws < 2200);
}

static void test_edges(void) {
    dmap_rng r;
    dmap_rng_seed(&r, 1);
    CHECK_EQ_INT(dmap_rng_below(&r, 0), 0);
    CHECK_EQ_INT(dmap_rng_below(&r, 1), 0);
    CHECK_EQ_INT(dmap_rng_next(NULL), 0);
    CHECK_EQ_INT(dmap_rng_below(NULL, 10), 0);
    CHECK(dmap_rng_unit(NULL) == 0.0);
    dmap_rng_seed(NULL, 3); /* no crash */
    double lo = 1, hi = 0;
    for (int i = 0; i < 10000; i++) {
        double u = dmap_rng_unit(&r);
        if (u < lo) lo = u;
        if (u > hi) hi = u;
    }
    CHECK(lo >= 0 && lo < 0.001 && hi < 1 && hi > 0.999);
}

int main(void) {
    test_reference_outputs();
    test_below();
    test_edges();
    return check_report("test_rng");
}
