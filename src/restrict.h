/* restrict.h — private: DMAP_RESTRICT, C's restrict qualifier (a promise that a pointer's data
 * is reached through it alone, which lets the compiler keep values in registers and vectorise
 * loops) in a spelling C++ compilers also accept: C++ has no restrict keyword, gcc, clang and
 * MSVC call it __restrict, and any other C++ compiler gets nothing (the promise is only an
 * optimisation). */
#ifndef DMAP_RESTRICT_H
#define DMAP_RESTRICT_H

#if !defined(__cplusplus)
#define DMAP_RESTRICT restrict
#elif defined(__GNUC__) || defined(_MSC_VER)
#define DMAP_RESTRICT __restrict
#else
#define DMAP_RESTRICT
#endif

#endif
