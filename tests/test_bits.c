/* test_bits.c — the private bit helpers (src/bits.h) against plain loops over the 64 bit
 * positions, on random words of every density and on the edge words (0, 1, the top bit, all
 * ones): counting, the lowest and the k-th set bit, visiting the set bits in order, low masks
 * of 0..64 bits, and bitsets whose bits straddle word boundaries. */
#include <stdint.h>
#include <string.h>

#include "bits.h"
#include "check.h"
#include "dmap.h"

static uint64_t random_word(dmap_rng *r) {
    uint64_t w = 0;
    unsigned density = dmap_rng_below(r, 101); /* percent of set bits */
    for (int b = 0; b < 64; b++)
        if (dmap_rng_below(r, 100) < density) w |= (uint64_t)1 << b;
    return w;
}

static void check_word(uint64_t w, int *bad) {
    int count = 0, order[64];
    for (int b = 0; b < 64; b++)
        if (w >> b & 1) order[count++] = b;
    *bad += bits_count(w) != count;
    if (count) *bad += bits_lowest(w) != order[0];
    for (int k = 0; k < count; k++) *bad += bits_nth(w, k) != order[k];
    int seen = 0;
    BITS_FOR_EACH(i, w) {
        *bad += seen >= count || (int)i != order[seen];
        seen++;
    }
    *bad += seen != count;
}

static void test_words(void) {
    dmap_rng r;
    dmap_rng_seed(&r, 64);
    int bad = 0;
    uint64_t edges[] = {0, 1, (uint64_t)1 << 63, ~(uint64_t)0, 0x8000000000000001ull, 0x1ff};
    for (size_t k = 0; k < sizeof edges / sizeof edges[0]; k++) check_word(edges[k], &bad);
    for (int t = 0; t < 3000; t++) check_word(random_word(&r), &bad);
    CHECK_EQ_INT(bad, 0);
    /* nested loops keep their own words */
    int pairs = 0;
    BITS_FOR_EACH(i, 0x5u) BITS_FOR_EACH(j, 0x6u) pairs += (int)(i * 10 + j);
    CHECK_EQ_INT(pairs, 1 + 2 + 21 + 22);
}

static void test_masks(void) {
    int bad = 0;
    for (unsigned n = 0; n <= 64; n++) {
        uint64_t m = bits_low_mask(n);
        bad += bits_count(m) != (int)n || (n < 64 && (m >> n) != 0);
    }
    CHECK_EQ_INT(bad, 0);
}

static void test_bitsets(void) {
    enum { BITS = 200 };
    uint64_t set[4];
    unsigned char plain[BITS];
    CHECK_EQ_INT(bits_words(BITS), 4);
    CHECK_EQ_INT(bits_words(64), 1);
    CHECK_EQ_INT(bits_words(65), 2);
    memset(set, 0, sizeof set);
    memset(plain, 0, sizeof plain);
    dmap_rng r;
    dmap_rng_seed(&r, 200);
    for (int k = 0; k < 120; k++) {
        size_t i = dmap_rng_below(&r, BITS);
        bits_set(set, i);
        plain[i] = 1;
    }
    bits_set(set, 63);
    bits_set(set, 64);
    plain[63] = plain[64] = 1;
    int bad = 0, total = 0;
    for (size_t i = 0; i < BITS; i++) {
        bad += bits_get(set, i) != plain[i];
        bad += (bits_word_of(i) != i / 64) || (bits_mask_of(i) != (uint64_t)1 << (i % 64));
        total += plain[i];
    }
    int counted = 0;
    for (size_t w = 0; w < 4; w++) counted += bits_count(set[w]);
    CHECK_EQ_INT(bad, 0);
    CHECK_EQ_INT(counted, total);
}

int main(void) {
    test_words();
    test_masks();
    test_bitsets();
    return check_report("test_bits");
}
