/* test_heap.c — the private binary heap (src/heap.h) of the scan's many-costs path, the live
 * maps and the layered search:
 *   - lazy deletion: random pushes and pops with many equal keys against a sorted-array
 *     oracle (each pop gives the smallest key), the heap order checked after every operation,
 *     and the order of equal keys against a second, independent writing of the same sift
 *     rules (below): the searches' parent trees and recorded results depend on that order;
 *   - indexed: push-or-lower with decreasing keys against an array of current keys, every
 *     id's index checked after every operation, each id popped once. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dmap.h"
#include "heap.h"

#define N 2000

/* The sift rules, written independently (lazy deletion): push at the end and move up while
 * strictly smaller; pop the top, move the last entry down past strictly smaller children, the
 * right child only when strictly smaller than the left. */
typedef struct old_item {
    double key;
    int32_t cell;
} old_item;

static void old_push(old_item *h, size_t *n, double key, int32_t cell) {
    size_t i = (*n)++;
    while (i > 0 && key < h[(i - 1) / 2].key) {
        h[i] = h[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    h[i].key = key;
    h[i].cell = cell;
}

static old_item old_pop(old_item *h, size_t *n) {
    old_item top = h[0], it = h[--*n];
    size_t i = 0;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= *n) break;
        if (c + 1 < *n && h[c + 1].key < h[c].key) c++;
        if (!(h[c].key < it.key)) break;
        h[i] = h[c];
        i = c;
    }
    if (*n) h[i] = it;
    return top;
}

/* The whole heap in order, and (indexed) every id's index right. */
static int heap_is_valid(const heap *h) {
    for (size_t i = 0; i < h->len; i++)
        if (!heap_in_order_at(h->entry, h->len, i) ||
            (h->pos && h->pos[h->entry[i].id] != (int32_t)i))
            return 0;
    return 1;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void test_lazy(void) {
    static heap_entry entry[N];
    static old_item old[N];
    static double sorted[N];
    heap h = {entry, 0, NULL};
    size_t nold = 0, nsorted = 0;
    dmap_rng r;
    dmap_rng_seed(&r, 19);
    int bad_order = 0, bad_key = 0, bad_tie = 0, pops = 0;
    for (int step = 0; step < 20000; step++) {
        int push = h.len == 0 || (h.len < N && dmap_rng_below(&r, 100) < 55);
        if (push) {
            double key = (double)dmap_rng_below(&r, 12) * 0.5; /* few values: many ties */
            int32_t id = (int32_t)step;
            heap_push(&h, key, id);
            old_push(old, &nold, key, id);
            sorted[nsorted++] = key;
            qsort(sorted, nsorted, sizeof *sorted, cmp_double);
        } else {
            heap_entry e = heap_pop(&h);
            old_item o = old_pop(old, &nold);
            bad_key += e.key != sorted[0];
            bad_tie += e.id != o.cell || e.key != o.key;
            memmove(sorted, sorted + 1, --nsorted * sizeof *sorted);
            pops++;
        }
        bad_order += !heap_is_valid(&h);
    }
    CHECK(pops > 5000);
    CHECK_EQ_INT(bad_key, 0);
    CHECK_EQ_INT(bad_tie, 0);
    CHECK_EQ_INT(bad_order, 0);
    CHECK_EQ_INT(h.len, nsorted);
}

static void test_indexed(void) {
    static heap_entry entry[N];
    static int32_t pos[N];
    static double key[N];
    static int popped[N];
    memset(pos, 0xff, sizeof pos);
    for (int i = 0; i < N; i++) key[i] = INFINITY;
    heap h = {entry, 0, pos};
    dmap_rng r;
    dmap_rng_seed(&r, 23);
    int bad_order = 0, bad_min = 0, twice = 0, pops = 0;
    double last = -1;
    for (int step = 0; step < 30000 && (step < 100 || h.len > 0); step++) {
        if (h.len == 0 || dmap_rng_below(&r, 100) < 70) {
            int32_t id = (int32_t)dmap_rng_below(&r, N);
            if (popped[id]) continue;
            /* lower by a random amount, never below the last pop (as Dijkstra does) */
            double k = key[id] == INFINITY ? last + 1 + (double)dmap_rng_below(&r, 50)
                                           : key[id] - (double)dmap_rng_below(&r, 3);
            if (k < last) k = last;
            key[id] = k;
            heap_push_or_lower(&h, k, id);
        } else {
            heap_entry e = heap_pop_indexed(&h);
            double min = INFINITY;
            for (int i = 0; i < N; i++)
                if (!popped[i] && key[i] < min) min = key[i];
            bad_min += e.key != min || key[e.id] != e.key || pos[e.id] != -1;
            twice += popped[e.id];
            popped[e.id] = 1;
            last = e.key;
            pops++;
        }
        bad_order += !heap_is_valid(&h);
    }
    CHECK(pops > 1000);
    CHECK_EQ_INT(bad_min, 0);
    CHECK_EQ_INT(twice, 0);
    CHECK_EQ_INT(bad_order, 0);
}

int main(void) {
    test_lazy();
    test_indexed();
    return check_report("test_heap");
}
