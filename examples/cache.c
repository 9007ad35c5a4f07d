/* cache.c — many goals, few maps: the map cache keeps the recent ones and updates them lazily.
 *
 * What it shows: dmap_cache_new makes a cache of at most 2 distance maps on a room; each
 * dmap_cache_get(goal) returns that goal's map, built on the first ask and kept. Asking for a
 * third goal evicts the least recently used map. A wall edit (dmap_cache_edit) touches no map
 * at once: a kept map replays it, incrementally, the next time it is asked for. The program
 * checks every map it gets against dmap_field built from scratch on the cache's current grid,
 * and the counters (dmap_cache_stats) against the sequence of gets by hand:
 * A miss, B miss, A hit, C miss (evicts B, the least recently used), wall edit,
 * A hit + update, B miss (evicts C): 2 hits, 4 misses, 1 update, 2 evictions.
 *
 * Run: build/examples/example_cache
 */
#include <dmap.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char MAP[] =
    "#########\n"
    "#A......#\n"
    "#.#####.#\n"
    "#...B...#\n"
    "#.#####.#\n"
    "#......C#\n"
    "#########\n";
enum { W = 9, H = 7, N = W * H };

/* Get the map of `goal` and compare it with a map built from scratch: 1 when equal. */
static int get_and_check(dmap_cache *c, const dmap_moves *m, int goal) {
    const double *map = NULL;
    double fresh[N];
    dmap_goal g0 = {goal % W, goal / W, 0};
    if (dmap_cache_get(c, goal, &map) != DMAP_OK) return 0;
    if (dmap_field(dmap_cache_grid(c), m, &g0, 1, DMAP_NO_CEILING, fresh, NULL) != DMAP_OK)
        return 0;
    return memcmp(fresh, map, sizeof fresh) == 0;
}

/* The cell of the first character c (the map's characters have no terminating NUL). */
static int find(const char *chars, char c) {
    for (int i = 0; i < N; i++)
        if (chars[i] == c) return i;
    return -1;
}

int main(void) {
    dmap_grid g;
    char *chars = NULL;
    dmap_diag diag;
    if (dmap_parse_text_map(MAP, strlen(MAP), &g, &chars, &diag) != DMAP_OK) {
        fprintf(stderr, "map, line %d: %s\n", diag.line, diag.message);
        return 1;
    }
    int a = find(chars, 'A'), b = find(chars, 'B'), c3 = find(chars, 'C');
    free(chars);
    dmap_moves m = dmap_moves_4();
    dmap_cache *c = NULL;
    int rc = dmap_cache_new(&g, &m, DMAP_NO_CEILING, 2, &c);
    dmap_grid_free(&g); /* the cache keeps its own copy */
    if (rc != DMAP_OK) {
        fprintf(stderr, "dmap_cache_new: %s\n", dmap_strerror(rc));
        return 1;
    }
    int ok = get_and_check(c, &m, a) && get_and_check(c, &m, b) && get_and_check(c, &m, a) &&
             get_and_check(c, &m, c3);
    const dmap_edit wall = {DMAP_EDIT_WALL, 4, 1, 0}; /* cut the top corridor */
    ok = ok && dmap_cache_edit(c, &wall, 1) == DMAP_OK;
    ok = ok && get_and_check(c, &m, a) && get_and_check(c, &m, b);
    dmap_cache_counters s;
    dmap_cache_stats(c, &s);
    printf("hits %zu, misses %zu, updates %zu (%zu cells), evictions %zu\n", s.hits, s.misses,
           s.updates, s.cells_updated, s.evictions);
    ok = ok && s.hits == 2 && s.misses == 4 && s.updates == 1 && s.evictions == 2;
    printf("every map equals a rebuild, counters as counted by hand: %s\n", ok ? "yes" : "NO");
    dmap_cache_free(c);
    return ok ? 0 : 1;
}
