/* heap.h — private: the binary min-heap of the library's label-setting searches: the scan's
 * path for many distinct costs (scan.c), the live maps' invalidation and re-lowering
 * (update.c) and the layered search (layered.c).
 *
 * An entry is a key (a value; the smallest comes out first) and an id (a cell or a node). The
 * heap is entry[0..len); the caller owns the storage and grows it before a push (it must have
 * room for len + 1 entries). Two ways to use it:
 *   - lazy deletion (heap_push, heap_pop): an id may be in the heap several times, once per
 *     improvement; the caller skips a popped entry whose key is above the id's current value.
 *   - indexed (heap_push_or_lower, heap_pop_indexed): pos holds, per id, the id's index in
 *     entry or -1 when it is not in the heap (the caller sets every slot to -1 first); each id
 *     is in the heap at most once and a push of an id already in lowers its key.
 * Keys compare with < only (no NaN). Among equal keys the order of the pops is not sorted by
 * anything, but it is fixed by the sequence of pushes and pops: the same search gives the same
 * order, and so the same parent trees, every time. The rules that fix it: a push moves up
 * while strictly smaller than its parent; a pop moves the last entry down past children
 * strictly smaller than it, taking the right child only when strictly smaller than the left.
 * Recorded results (replays, tournaments) depend on this order: keep these rules.
 *
 * Everything is static inline: the sift loops inline into the search loops (where the
 * lazy-deletion heap's NULL pos folds away). Builds without NDEBUG assert the order around
 * every entry a push or a pop places. */
#ifndef DMAP_HEAP_H
#define DMAP_HEAP_H

#include <assert.h>
#include <stddef.h>
#include <stdint.h>

/* static inline, never "unused" (a single-file build may carry only some of the users) */
#if defined(__GNUC__)
#define HEAP_INLINE static inline __attribute__((unused))
#else
#define HEAP_INLINE static inline
#endif

typedef struct heap_entry {
    double key;
    int32_t id;
} heap_entry;

typedef struct heap {
    heap_entry *entry; /* room for the pushes to come: grown by the caller */
    size_t len;
    int32_t *pos;      /* indexed heaps only: per id, its index in entry or -1; else NULL */
} heap;

/* Entry e goes to index i (and the index of its id is remembered when pos is not NULL). */
HEAP_INLINE void heap_place(heap_entry *entry, int32_t *pos, size_t i, heap_entry e) {
    entry[i] = e;
    if (pos) pos[e.id] = (int32_t)i;
}

/* Whether the entry at index i of a heap of n entries is in order with its parent and its
 * children (for the debug checks and the tests). */
HEAP_INLINE int heap_in_order_at(const heap_entry *entry, size_t n, size_t i) {
    size_t c = 2 * i + 1;
    return (i == 0 || !(entry[i].key < entry[(i - 1) / 2].key)) &&
           (c >= n || !(entry[c].key < entry[i].key)) &&
           (c + 1 >= n || !(entry[c + 1].key < entry[i].key));
}

/* Entry e moves up from the hole at index i: parents with larger keys move down. */
HEAP_INLINE void heap_sift_up(heap *h, int32_t *pos, size_t i, heap_entry e) {
    while (i > 0 && e.key < h->entry[(i - 1) / 2].key) {
        heap_place(h->entry, pos, i, h->entry[(i - 1) / 2]);
        i = (i - 1) / 2;
    }
    heap_place(h->entry, pos, i, e);
    assert(heap_in_order_at(h->entry, h->len, i));
}

/* The smallest entry out (h->len > 0): the last entry moves down from the top while the
 * smaller child (the left one on a tie) has a smaller key. */
HEAP_INLINE heap_entry heap_take_top(heap *h, int32_t *pos) {
    heap_entry *entry = h->entry, top = entry[0], e = entry[--h->len];
    size_t n = h->len, i = 0, c;
    if (pos) pos[top.id] = -1;
    if (n == 0) return top;
    while ((c = 2 * i + 1) < n) {
        if (c + 1 < n && entry[c + 1].key < entry[c].key) c++;
        if (!(entry[c].key < e.key)) break;
        heap_place(entry, pos, i, entry[c]);
        i = c;
    }
    heap_place(entry, pos, i, e);
    assert(heap_in_order_at(entry, n, i));
    return top;
}

/* Lazy deletion: push (key, id), the entries having room for one more; pop the smallest. */
HEAP_INLINE void heap_push(heap *h, double key, int32_t id) {
    heap_entry e = {key, id};
    h->len++;
    heap_sift_up(h, NULL, h->len - 1, e);
}

HEAP_INLINE heap_entry heap_pop(heap *h) { return heap_take_top(h, NULL); }

/* Indexed: push id with key, or lower its key to key when it is in the heap already (key not
 * above its current key); pop the smallest, whose id's index becomes -1. */
HEAP_INLINE void heap_push_or_lower(heap *h, double key, int32_t id) {
    heap_entry e = {key, id};
    size_t i = h->pos[id] < 0 ? h->len++ : (size_t)h->pos[id];
    assert(i + 1 == h->len || !(h->entry[i].key < key));
    heap_sift_up(h, h->pos, i, e);
}

HEAP_INLINE heap_entry heap_pop_indexed(heap *h) { return heap_take_top(h, h->pos); }

#endif
