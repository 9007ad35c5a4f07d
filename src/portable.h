/* portable.h — private: what C and C++ (and the compilers and C libraries of Linux and
 * Windows) spell differently, in one spelling all accept, so that the library (and its one-file
 * build) compiles as either language and for either system.
 *   DMAP_RESTRICT  C's restrict qualifier (a promise that a pointer's data is reached through
 *                  it alone, which lets the compiler keep values in registers and vectorise
 *                  loops): C++ has no restrict keyword, gcc, clang and MSVC call it __restrict,
 *                  and any other C++ compiler gets nothing (the promise is only an optimisation).
 *   DMAP_ALIGNAS(n) C11's _Alignas, C++11's alignas.
 *   DMAP_PRINTF(f, a) a printf-like function's format check (argument f the format, a the
 *                  first value): mingw-w64 builds use its C99 stdio (__USE_MINGW_ANSI_STDIO,
 *                  which knows %zu and %lld), whose formats gcc checks as gnu_printf; its plain
 *                  `printf` archetype would check them against the old msvcrt's. */
#ifndef DMAP_PORTABLE_H
#define DMAP_PORTABLE_H

#if !defined(__cplusplus)
#define DMAP_RESTRICT restrict
#elif defined(__GNUC__) || defined(_MSC_VER)
#define DMAP_RESTRICT __restrict
#else
#define DMAP_RESTRICT
#endif

#ifdef __cplusplus
#define DMAP_ALIGNAS(n) alignas(n)
#else
#define DMAP_ALIGNAS(n) _Alignas(n)
#endif

#if defined(__MINGW32__)
#define DMAP_PRINTF(f, a) __attribute__((format(gnu_printf, f, a)))
#elif defined(__GNUC__) || defined(__clang__)
#define DMAP_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define DMAP_PRINTF(f, a)
#endif

#endif
