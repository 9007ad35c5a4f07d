/* bits.h — private: the bit helpers of the library's bitsets and bit masks (the bitset BFS of
 * bfs_bits.c, the bit-parallel distance tables of table.c, reachability in reach.c, the move
 * options of downhill.c): counting, finding and visiting set bits, and bitsets of 64-bit words
 * where bit i of the set is bit i % 64 of word i / 64.
 *
 * gcc and clang get their builtins (one instruction where the target has it); other
 * compilers a portable loop. */
#ifndef DMAP_BITS_H
#define DMAP_BITS_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* static inline, never "unused" (a single-file build may carry only some of the users) */
#if defined(__GNUC__)
#define BITS_INLINE static inline __attribute__((unused))
#define BITS_POPCOUNT(m) __builtin_popcountll(m)
#define BITS_CTZ(m) __builtin_ctzll(m)
#else
#define BITS_INLINE static inline
#define BITS_POPCOUNT(m) bits_count_loop(m)
#define BITS_CTZ(m) bits_ctz_loop(m)
BITS_INLINE int bits_count_loop(uint64_t m) {
    int c = 0;
    for (; m; m &= m - 1) c++;
    return c;
}
BITS_INLINE int bits_ctz_loop(uint64_t m) {
    int k = 0;
    for (; !(m & 1); m >>= 1) k++;
    return k;
}
#endif

/* The number of set bits of m. */
BITS_INLINE int bits_count(uint64_t m) { return BITS_POPCOUNT(m); }

/* The index of the lowest set bit of m (m != 0). */
BITS_INLINE int bits_lowest(uint64_t m) { return BITS_CTZ(m); }

/* The index of the k-th (from 0) lowest set bit of m (k < bits_count(m)). */
BITS_INLINE int bits_nth(uint64_t m, int k) {
    for (; k > 0; k--) m &= m - 1;
    return bits_lowest(m);
}

/* A word with the low n bits set (0 <= n <= 64). */
BITS_INLINE uint64_t bits_low_mask(unsigned n) { return n > 63 ? ~0ull : (1ull << n) - 1; }

/* For each set bit of word, lowest first: its index in `index`, a uint64_t the loop declares.
 *     BITS_FOR_EACH(i, w) out[i] = ...; */
#define BITS_FOR_EACH(index, word) \
    for (uint64_t bits_m_ = (word), index = 0; bits_m_ && (index = (uint64_t)BITS_CTZ(bits_m_), 1); \
         bits_m_ &= bits_m_ - 1)

/* One bit per byte of p[0..7]: bit j set when p[j] is 0 (a passable cell). On little-endian
 * machines eight bytes at once: the zero test of each byte lands in its top bit, and the
 * multiply gathers the eight bits into the top byte. */
BITS_INLINE uint64_t bits_from_zero_bytes(const unsigned char *p) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    const uint64_t low7 = 0x7f7f7f7f7f7f7f7full;
    uint64_t v;
    memcpy(&v, p, sizeof v);
    uint64_t zero_top = ~(((v & low7) + low7) | v | low7); /* 0x80 in each zero byte */
    return ((zero_top >> 7) * 0x0102040810204080ull) >> 56;
#else
    uint64_t bits = 0;
    for (int j = 0; j < 8; j++) bits |= (uint64_t)(p[j] == 0) << j;
    return bits;
#endif
}

/* ---- bitsets of 64-bit words: bit i is bit i % 64 of word i / 64 ---- */

/* The words a bitset of n bits takes; the word holding bit i, and bit i's mask in it. */
BITS_INLINE size_t bits_words(size_t n) { return (n + 63) / 64; }
BITS_INLINE size_t bits_word_of(size_t i) { return i >> 6; }
BITS_INLINE uint64_t bits_mask_of(size_t i) { return 1ull << (i & 63); }

/* Whether bit i of the set is set (0 or 1); set it. */
BITS_INLINE int bits_get(const uint64_t *set, size_t i) { return (int)(set[i >> 6] >> (i & 63) & 1); }
BITS_INLINE void bits_set(uint64_t *set, size_t i) { set[i >> 6] |= bits_mask_of(i); }

#endif
