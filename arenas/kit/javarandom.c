/* javarandom.c — java.util.Random in C: the 48-bit LCG and its nextX methods, bit for bit as
 * the Java SE specification defines them (so a Java referee's seed gives the same game). */
#include "javarandom.h"

#include <math.h>

#define JR_MULT 0x5DEECE66DULL
#define JR_ADD 0xBULL
#define JR_MASK ((1ULL << 48) - 1)

void kit_javarandom_seed(kit_javarandom *r, int64_t seed) {
    r->seed = ((uint64_t)seed ^ JR_MULT) & JR_MASK;
    r->have_next_gaussian = 0;
    r->next_gaussian = 0.0;
}

int32_t kit_javarandom_next(kit_javarandom *r, int bits) {
    r->seed = (r->seed * JR_MULT + JR_ADD) & JR_MASK;
    /* Java: (int)(seed >>> (48 - bits)); the cast keeps the low 32 bits, two's complement. */
    return (int32_t)(uint32_t)(r->seed >> (48 - bits));
}

int32_t kit_javarandom_next_int(kit_javarandom *r) { return kit_javarandom_next(r, 32); }

int32_t kit_javarandom_next_int_bound(kit_javarandom *r, int32_t bound) {
    if (bound < 1) return 0;
    if ((bound & -bound) == bound) /* a power of two: the high bits */
        return (int32_t)(((int64_t)bound * (int64_t)kit_javarandom_next(r, 31)) >> 31);
    int32_t bits, val;
    do {
        bits = kit_javarandom_next(r, 31);
        val = bits % bound;
        /* Java rejects when bits - val + (bound - 1) overflows int: computed in 64 bits here. */
    } while ((int64_t)bits - val + (bound - 1) > INT32_MAX);
    return val;
}

int64_t kit_javarandom_next_long(kit_javarandom *r) {
    int64_t hi = kit_javarandom_next(r, 32);
    int64_t lo = kit_javarandom_next(r, 32);
    return (int64_t)((uint64_t)hi * 4294967296ULL + (uint64_t)lo);
}

int kit_javarandom_next_boolean(kit_javarandom *r) { return kit_javarandom_next(r, 1) != 0; }

float kit_javarandom_next_float(kit_javarandom *r) {
    return (float)kit_javarandom_next(r, 24) / (float)(1 << 24);
}

double kit_javarandom_next_double(kit_javarandom *r) {
    int64_t a = kit_javarandom_next(r, 26), b = kit_javarandom_next(r, 27);
    return (double)((a << 27) + b) * (1.0 / (double)(1ULL << 53));
}

double kit_javarandom_next_gaussian(kit_javarandom *r) {
    if (r->have_next_gaussian) {
        r->have_next_gaussian = 0;
        return r->next_gaussian;
    }
    double v1, v2, s;
    do {
        v1 = 2 * kit_javarandom_next_double(r) - 1;
        v2 = 2 * kit_javarandom_next_double(r) - 1;
        s = v1 * v1 + v2 * v2;
    } while (s >= 1 || s == 0);
    double multiplier = sqrt(-2 * log(s) / s);
    r->next_gaussian = v2 * multiplier;
    r->have_next_gaussian = 1;
    return v1 * multiplier;
}
