/* simd.c — dmap_simd_best: which SIMD path this processor runs (AVX-512, AVX2 or none),
 * capped by the environment variable DMAP_SIMD. The batch functions and the small-board
 * engine ask it before taking a SIMD path. */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "dmap.h"

#if (defined(__x86_64__) || defined(_M_X64)) && (defined(__GNUC__) || defined(__clang__))
#define SIMD_X86 1
#else
#define SIMD_X86 0
#endif

/* The processor's widest path, capped by the environment variable DMAP_SIMD ("none", "avx2",
 * "avx512"): read once, kept in an atomic (every thread computes the same value). */
static _Atomic int simd_cached = -1;

static dmap_simd simd_of_processor(void) {
#if SIMD_X86
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw"))
        return DMAP_SIMD_AVX512;
    if (__builtin_cpu_supports("avx2")) return DMAP_SIMD_AVX2;
#endif
    return DMAP_SIMD_NONE;
}

dmap_simd dmap_simd_best(void) {
    int v = atomic_load_explicit(&simd_cached, memory_order_relaxed);
    if (v >= 0) return (dmap_simd)v;
    dmap_simd best = simd_of_processor();
    const char *cap = getenv("DMAP_SIMD");
    if (cap && !strcmp(cap, "none")) best = DMAP_SIMD_NONE;
    if (cap && !strcmp(cap, "avx2") && best > DMAP_SIMD_AVX2) best = DMAP_SIMD_AVX2;
    atomic_store_explicit(&simd_cached, (int)best, memory_order_relaxed);
    return best;
}

