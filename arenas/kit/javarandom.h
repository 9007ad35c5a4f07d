/* javarandom.h — a generator that draws exactly what java.util.Random draws.
 *
 * Games whose original referee is Java (CodinGame's referees, e.g. Code of Kutulu) build the
 * game from new java.util.Random(seed). This is that 48-bit linear congruential generator and
 * the methods built on it, as the Java SE API specifies them. */
#ifndef KIT_JAVARANDOM_H
#define KIT_JAVARANDOM_H

#include <stdint.h>

typedef struct kit_javarandom {
    uint64_t seed; /* the 48-bit state */
    int have_next_gaussian;
    double next_gaussian;
} kit_javarandom;

/* new Random(seed) / setSeed(seed): state = (seed ^ 0x5DEECE66D) mod 2^48. */
void kit_javarandom_seed(kit_javarandom *r, int64_t seed);
/* next(bits), 1 <= bits <= 32: the top bits of the advanced state, as a signed int. */
int32_t kit_javarandom_next(kit_javarandom *r, int bits);
/* nextInt(): 32 random bits. */
int32_t kit_javarandom_next_int(kit_javarandom *r);
/* nextInt(bound) for bound >= 1 (returns 0 for bound < 1, where Java throws). */
int32_t kit_javarandom_next_int_bound(kit_javarandom *r, int32_t bound);
/* nextLong(): ((long)next(32) << 32) + next(32). */
int64_t kit_javarandom_next_long(kit_javarandom *r);
/* nextBoolean(): next(1) != 0. */
int kit_javarandom_next_boolean(kit_javarandom *r);
/* nextFloat(): next(24) / 2^24. */
float kit_javarandom_next_float(kit_javarandom *r);
/* nextDouble(): ((long)next(26) << 27 + next(27)) * 2^-53. */
double kit_javarandom_next_double(kit_javarandom *r);
/* nextGaussian(): the polar method with Java's cached second value (StrictMath.log/sqrt;
 * the C library's log and sqrt agree with them on IEEE doubles for the values used). */
double kit_javarandom_next_gaussian(kit_javarandom *r);

#endif
