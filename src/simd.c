/* simd.c — dmap_simd_best: which SIMD path this processor runs (AVX-512, AVX2 or none),
 * capped by the environment variable DMAP_SIMD. The batch functions and the small-board
 * engine ask it before taking a SIMD path. */
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
#if defined(__GNUC__) || defined(__clang__)
static int simd_cached = -1;
#define CACHE_LOAD() __atomic_load_n(&simd_cached, __ATOMIC_RELAXED)
#define CACHE_STORE(v) __atomic_store_n(&simd_cached, (v), __ATOMIC_RELAXED)
#elif !defined(__cplusplus)
#include <stdatomic.h>
static _Atomic int simd_cached = -1;
#define CACHE_LOAD() atomic_load_explicit(&simd_cached, memory_order_relaxed)
#define CACHE_STORE(v) atomic_store_explicit(&simd_cached, (v), memory_order_relaxed)
#else /* another C++ compiler: an int, read and written whole (every thread stores the same) */
static volatile int simd_cached = -1;
#define CACHE_LOAD() simd_cached
#define CACHE_STORE(v) (simd_cached = (v))
#endif

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
    int v = CACHE_LOAD();
    if (v >= 0) return (dmap_simd)v;
    dmap_simd best = simd_of_processor();
    const char *cap = getenv("DMAP_SIMD");
    if (cap && !strcmp(cap, "none")) best = DMAP_SIMD_NONE;
    if (cap && !strcmp(cap, "avx2") && best > DMAP_SIMD_AVX2) best = DMAP_SIMD_AVX2;
    CACHE_STORE((int)best);
    return best;
}

