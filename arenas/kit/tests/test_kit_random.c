/* test_kit_random.c — the kit's generators against the real ones: every expected value below
 * was printed by CPython 3.11 (random.Random) or by OpenJDK 17 (java.util.Random) running the
 * calls named beside it, so a wrong word, shift or rejection rule in the C code fails here. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "../../../tests/check.h"
#include "kit/javarandom.h"
#include "kit/pyrandom.h"
#include "ref_mt.h"


static void expect_u32s(int64_t seed, const uint32_t *want, int n) {
    kit_pyrandom r;
    kit_pyrandom_seed(&r, seed);
    for (int i = 0; i < n; i++) CHECK_EQ_INT(kit_pyrandom_getrandbits(&r, 32), want[i]);
}

static void test_py_seeding(void) {
    /* [Random(S).getrandbits(32) for _ in range(n)] */
    expect_u32s(1, (const uint32_t[]){577090037u, 2444712010u, 3639700191u, 3445702192u, 3280387012u}, 5);
    expect_u32s(0, (const uint32_t[]){3626764237u, 1654615998u, 3255389356u}, 3);
    expect_u32s(((int64_t)1 << 40) + 5, (const uint32_t[]){2166296868u, 2220160828u, 1153647273u}, 3);
    expect_u32s(-7, (const uint32_t[]){1390851128u, 4071050724u, 647892279u}, 3);
}

/* The kit's generator and the plain one draw the same 1,400 words (two twists) from a key, and
 * hold the same state after the first draw (the kit's seeding twists ahead of its first draw;
 * from then on the words and index are CPython's). */
static void expect_same_stream(const uint32_t *key, size_t n, kit_pyrandom *r, const char *what) {
    ref_mt ref;
    ref_seed(&ref, key, n);
    int same = 1, same_state = 1;
    for (int i = 0; i < 1400 && same; i++) {
        uint32_t want = ref_next(&ref), got = kit_pyrandom_u32(r);
        same = got == want;
        if (i == 0) same_state = !memcmp(r->mt, ref.mt, sizeof ref.mt) && r->index == ref.index;
    }
    CHECK(same && same_state, "%s: %s", what, same ? "state after the first draw differs" : "words differ");
}

static void test_py_seeding_reference(void) {
    kit_pyrandom r;
    char what[64];
    /* integer seeds: one key word below 2^32, two above; abs() of negatives */
    const int64_t far[] = {4294967295ll, 4294967296ll, ((int64_t)1 << 40) + 5, INT64_MAX, INT64_MIN,
                           -1, -4294967297ll, 123456789012345ll};
    for (int i = 0; i < 3000 + 8; i++) {
        int64_t seed = i < 3000 ? (int64_t)i * 2654435761ll % 5000000000ll : far[i - 3000];
        uint64_t a = seed < 0 ? (uint64_t)0 - (uint64_t)seed : (uint64_t)seed;
        uint32_t key[2] = {(uint32_t)a, (uint32_t)(a >> 32)};
        kit_pyrandom_seed(&r, seed);
        snprintf(what, sizeof what, "seed %lld", (long long)seed);
        expect_same_stream(key, key[1] ? 2 : 1, &r, what);
    }
    /* longer keys, up to and past the block: 624 words, then 625 and 1000 (the key's own pass
     * wraps the block) */
    static uint32_t key[1000];
    for (int i = 0; i < 1000; i++) key[i] = (uint32_t)i * 2246822519u + 374761393u;
    const size_t lens[] = {1, 2, 3, 5, 17, 227, 397, 623, 624, 625, 1000};
    for (size_t k = 0; k < sizeof lens / sizeof lens[0]; k++) {
        kit_pyrandom_seed_words(&r, key, lens[k]);
        snprintf(what, sizeof what, "key of %zu words", lens[k]);
        expect_same_stream(key, lens[k], &r, what);
    }
}

/* kit_pyrandom_seed_many on every path (SSE2/baseline vectors, AVX2 where the processor has
 * it) gives, for each seed, exactly kit_pyrandom_seed's generator: the same 624 words and index,
 * for counts that fill the 16 lanes, leave some empty and span several groups, with seeds of one
 * and two key words mixed in a group, 0, negatives and the int64 extremes; and the words drawn
 * from it are the plain MT19937's. */
static void test_py_seed_many(void) {
    enum { N = 16 * 40 + 7 };
    static kit_pyrandom many[N], one;
    static int64_t seeds[N];
    kit_pyrandom *rs[N];
    for (int i = 0; i < N; i++) {
        uint64_t h = (uint64_t)i * 0x9E3779B97F4A7C15ull;
        switch (i % 7) {
        case 0: seeds[i] = i; break;                                   /* small, 0 first */
        case 1: seeds[i] = -(int64_t)(h >> 40); break;                 /* negative, one word */
        case 2: seeds[i] = (int64_t)(h >> 1); break;                   /* two words */
        case 3: seeds[i] = -(int64_t)(h >> 2); break;                  /* negative, two words */
        case 4: seeds[i] = (int64_t)(h >> 32); break;                  /* one word, up to 2^32 - 1 */
        case 5: seeds[i] = (int64_t)0xffffffffll + (i & 3); break;     /* key[1] 0 or 1 around 2^32 */
        default: seeds[i] = i & 8 ? INT64_MAX : INT64_MIN + (i & 16); break;
        }
        rs[i] = &many[i];
    }
    const dmap_simd paths[] = {DMAP_SIMD_NONE, DMAP_SIMD_AVX2, DMAP_SIMD_AUTO};
    const size_t counts[] = {1, 5, 16, 17, 31, 32, N};
    for (size_t p = 0; p < sizeof paths / sizeof paths[0]; p++)
        for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
            memset(many, 0xa5, sizeof many);
            size_t n = counts[c];
            kit_pyrandom_seed_many(rs, seeds, n, paths[p]);
            int bad = -1;
            for (size_t i = 0; i < n && bad < 0; i++) {
                kit_pyrandom_seed(&one, seeds[i]);
                if (memcmp(one.mt, many[i].mt, sizeof one.mt) || one.index != many[i].index) bad = (int)i;
            }
            CHECK(bad < 0, "seed_many, path %d, %zu seeds: generator %d (seed %lld) differs", (int)paths[p], n,
                  bad, bad < 0 ? 0ll : (long long)seeds[bad]);
            CHECK(n == N || many[n].index == (int)0xa5a5a5a5, "seed_many wrote past %zu generators", n);
        }
    /* and the words drawn from a few of them are the plain MT19937's */
    kit_pyrandom_seed_many(rs, seeds, 48, DMAP_SIMD_AUTO);
    for (int i = 0; i < 48; i++) {
        uint64_t a = seeds[i] < 0 ? (uint64_t)0 - (uint64_t)seeds[i] : (uint64_t)seeds[i];
        uint32_t key[2] = {(uint32_t)a, (uint32_t)(a >> 32)};
        char what[64];
        snprintf(what, sizeof what, "seed_many, seed %lld", (long long)seeds[i]);
        expect_same_stream(key, key[1] ? 2 : 1, &many[i], what);
    }
}

static void test_py_methods(void) {
    kit_pyrandom r;
    /* Random(42).random() x4, compared as exact doubles */
    const double want_random[] = {0.6394267984578837, 0.025010755222666936, 0.27502931836911926,
                                  0.22321073814882275};
    kit_pyrandom_seed(&r, 42);
    for (int i = 0; i < 4; i++) {
        double g = kit_pyrandom_random(&r);
        CHECK(g == want_random[i], "random() #%d: got %.17g, want %.17g", i, g, want_random[i]);
    }
    /* r = Random(42); [r.getrandbits(k) for k in (1,7,31,32,33,48,64)] */
    const int ks[] = {1, 7, 31, 32, 33, 48, 64};
    const uint64_t want_bits[] = {1, 14, 53710184, 3184935163u, 1181241943, 39274139637470ull,
                                  1890702223848595625ull};
    kit_pyrandom_seed(&r, 42);
    for (int i = 0; i < 7; i++) {
        uint64_t g = kit_pyrandom_getrandbits(&r, ks[i]);
        CHECK(g == want_bits[i], "getrandbits(%d): got %llu, want %llu", ks[i],
              (unsigned long long)g, (unsigned long long)want_bits[i]);
    }
    /* r = Random(3); [r._randbelow(n) for n in (1,2,3,5,10,100,1000,2**33+1)] */
    const uint64_t ns[] = {1, 2, 3, 5, 10, 100, 1000, (1ull << 33) + 1};
    const uint64_t want_below[] = {0, 0, 1, 4, 7, 80, 594, 7891869609ull};
    kit_pyrandom_seed(&r, 3);
    for (int i = 0; i < 8; i++) CHECK_EQ_INT(kit_pyrandom_randbelow(&r, ns[i]), want_below[i]);
    /* r = Random(5); [r.randint(-3, 9) for _ in range(10)] */
    const int want_randint[] = {6, 1, 8, 2, 9, 8, 8, 7, 5, -3};
    kit_pyrandom_seed(&r, 5);
    for (int i = 0; i < 10; i++) CHECK_EQ_INT(kit_pyrandom_randint(&r, -3, 9), want_randint[i]);
    /* r = Random(6); [r.choice(range(7)) for _ in range(10)] */
    const int want_choice[] = {6, 4, 6, 0, 3, 6, 2, 0, 0, 1};
    kit_pyrandom_seed(&r, 6);
    for (int i = 0; i < 10; i++) CHECK_EQ_INT(kit_pyrandom_choice(&r, 7), want_choice[i]);
    /* r = Random(7); x = list(range(10)); r.shuffle(x) */
    const int want_shuffle[] = {8, 3, 1, 4, 7, 0, 9, 6, 2, 5};
    int x[10];
    for (int i = 0; i < 10; i++) x[i] = i;
    kit_pyrandom_seed(&r, 7);
    kit_pyrandom_shuffle(&r, x, 10, sizeof x[0]);
    for (int i = 0; i < 10; i++) CHECK_EQ_INT(x[i], want_shuffle[i]);
    /* r = Random(123456789); 1000 x r.random(); r.getrandbits(32): crosses a twist */
    kit_pyrandom_seed(&r, 123456789);
    for (int i = 0; i < 1000; i++) (void)kit_pyrandom_random(&r);
    CHECK_EQ_INT(kit_pyrandom_getrandbits(&r, 32), 2779299250u);
}

static void expect_sample(int64_t seed, size_t n, size_t k, const size_t *want) {
    kit_pyrandom r;
    size_t out[16];
    kit_pyrandom_seed(&r, seed);
    CHECK_EQ_INT(kit_pyrandom_sample(&r, n, k, out), 0);
    for (size_t i = 0; i < k; i++) CHECK_EQ_INT(out[i], want[i]);
}

static void test_py_sample(void) {
    /* Random(S).sample(range(n), k): n <= setsize uses the pool, else the set algorithm */
    expect_sample(8, 20, 5, (const size_t[]){7, 11, 12, 4, 6});                         /* pool */
    expect_sample(9, 1000, 10, (const size_t[]){474, 627, 382, 273, 141, 190, 887, 692, 6, 346}); /* set */
    expect_sample(10, 30, 6, (const size_t[]){18, 1, 13, 15, 29, 0});                   /* pool: 30 <= 21+16 */
    expect_sample(10, 100, 6, (const size_t[]){73, 4, 54, 61, 1, 26});                  /* set: 100 > 37 */
    kit_pyrandom r;
    size_t out[4];
    kit_pyrandom_seed(&r, 1);
    CHECK_EQ_INT(kit_pyrandom_sample(&r, 3, 4, out), -1);
}

static void test_java(void) {
    kit_javarandom r;
    /* new Random(42): 5 x nextInt() */
    const int32_t want_int[] = {-1170105035, 234785527, -1360544799, 205897768, 1325939940};
    kit_javarandom_seed(&r, 42);
    for (int i = 0; i < 5; i++) CHECK_EQ_INT(kit_javarandom_next_int(&r), want_int[i]);
    /* new Random(-5): nextInt(b) for b in {1,2,3,7,10,16,100,1<<30,MAX} */
    const int32_t bounds[] = {1, 2, 3, 7, 10, 16, 100, 1 << 30, 2147483647};
    const int32_t want_bound[] = {0, 0, 0, 6, 2, 11, 57, 248942696, 741576374};
    kit_javarandom_seed(&r, -5);
    for (int i = 0; i < 9; i++) CHECK_EQ_INT(kit_javarandom_next_int_bound(&r, bounds[i]), want_bound[i]);
    /* new Random(7): 3 x nextLong() */
    const int64_t want_long[] = {-4967725919621401576ll, -4627004027837150407ll, 6425179856112732765ll};
    kit_javarandom_seed(&r, 7);
    for (int i = 0; i < 3; i++) CHECK_EQ_INT(kit_javarandom_next_long(&r), want_long[i]);
    /* new Random(8): 3 x Double.doubleToRawLongBits(nextDouble()) */
    const int64_t want_double[] = {4604752737008000369ll, 4603551540959964602ll, 4596366458561005244ll};
    kit_javarandom_seed(&r, 8);
    for (int i = 0; i < 3; i++) {
        double d = kit_javarandom_next_double(&r);
        int64_t bits;
        memcpy(&bits, &d, sizeof bits);
        CHECK_EQ_INT(bits, want_double[i]);
    }
    /* new Random(9): 8 x nextBoolean() */
    const int want_bool[] = {1, 0, 1, 1, 1, 1, 1, 1};
    kit_javarandom_seed(&r, 9);
    for (int i = 0; i < 8; i++) CHECK_EQ_INT(kit_javarandom_next_boolean(&r), want_bool[i]);
    /* new Random(10): 3 x Float.floatToRawIntBits(nextFloat()) */
    const int32_t want_float[] = {1060830586, 1055140396, 1048837818};
    kit_javarandom_seed(&r, 10);
    for (int i = 0; i < 3; i++) {
        float f = kit_javarandom_next_float(&r);
        int32_t bits;
        memcpy(&bits, &f, sizeof bits);
        CHECK_EQ_INT(bits, want_float[i]);
    }
    /* new Random(11): 4 x Double.doubleToRawLongBits(nextGaussian()) */
    const int64_t want_gauss[] = {4610006208085186854ll, -4620574487116740308ll,
                                  4589790597463029549ll, -4625013577492016296ll};
    kit_javarandom_seed(&r, 11);
    for (int i = 0; i < 4; i++) {
        double d = kit_javarandom_next_gaussian(&r);
        int64_t bits;
        memcpy(&bits, &d, sizeof bits);
        CHECK_EQ_INT(bits, want_gauss[i]);
    }
    /* new Random(Long.MIN_VALUE): 2 x nextInt(1000) */
    kit_javarandom_seed(&r, INT64_MIN);
    CHECK_EQ_INT(kit_javarandom_next_int_bound(&r, 1000), 360);
    CHECK_EQ_INT(kit_javarandom_next_int_bound(&r, 1000), 948);
}

int main(void) {
    test_py_seeding();
    test_py_seeding_reference();
    test_py_seed_many();
    test_py_methods();
    test_py_sample();
    test_java();
    return check_report("test_kit_random");
}
