/* table.c — every walking distance of a small map, computed once: a distance table.
 *
 * What it shows: dmap_table_new computes the step distance between every pair of passable
 * cells of a 12x7 maze (the Code of Kutulu post-mortem's "walking distance from each cell to
 * each other cell"); after that dmap_table_dist answers in O(1), dmap_table_nearest picks the
 * closest of several cells (here the nearest of three shelters A, B, C from the explorer @)
 * and dmap_table_path reads a shortest path, drawn with '*'. The program checks the table
 * against dmap_bfs from every passable cell, that distances are symmetric, and that the path
 * has dist + 1 cells, each a step from the one before.
 *
 * Run: build/examples/example_table
 */
#include <dmap.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char MAP[] =
    "############\n"
    "#@...#....A#\n"
    "#.##.#.##..#\n"
    "#.#..B..#..#\n"
    "#.#.###.##.#\n"
    "#C.........#\n"
    "############\n";
enum { W = 12, H = 7, N = W * H };

/* Every distance of the table equals dmap_bfs's depth from the same cell, both ways. */
static int table_matches_bfs(const dmap_table *t, const dmap_grid *g, const dmap_moves *m) {
    int depth[N];
    for (int a = 0; a < N; a++) {
        if (g->wall[a]) continue;
        if (dmap_bfs(g, m, &a, 1, -1, depth, NULL, NULL) != DMAP_OK) return 0;
        for (int b = 0; b < N; b++)
            if (!g->wall[b] && (dmap_table_dist(t, a, b) != depth[b] ||
                                dmap_table_dist(t, b, a) != depth[b]))
                return 0;
    }
    return 1;
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
    dmap_moves m = dmap_moves_4();
    dmap_table *t = NULL;
    int rc = dmap_table_new(&g, &m, &t);
    int from = find(chars, '@');
    int shelters[3] = {find(chars, 'A'), find(chars, 'B'), find(chars, 'C')};
    int dist = -1, k = -1, path[N];
    size_t len = 0;
    if (rc == DMAP_OK) {
        k = dmap_table_nearest(t, from, shelters, 3, &dist);
        rc = k < 0 ? DMAP_ERR_ARG : dmap_table_path(t, from, shelters[k], path, N, &len);
    }
    if (rc != DMAP_OK) {
        fprintf(stderr, "dmap: %s\n", dmap_strerror(rc));
        dmap_table_free(t);
        dmap_grid_free(&g);
        free(chars);
        return 1;
    }
    int ok = table_matches_bfs(t, &g, &m) && len == (size_t)dist + 1 && path[0] == from &&
             path[len - 1] == shelters[k];
    for (size_t i = 1; i < len; i++) ok = ok && dmap_table_dist(t, path[i - 1], path[i]) == 1;
    for (size_t i = 1; i + 1 < len; i++) chars[path[i]] = '*';
    for (int y = 0; y < H; y++) printf("%.*s\n", W, chars + y * W);
    printf("%zu passable cells, table of %zu bytes; nearest shelter %c at %d steps "
           "(A %d, B %d, C %d)\n", dmap_table_passable(t), dmap_table_bytes(t), "ABC"[k], dist,
           dmap_table_dist(t, from, shelters[0]), dmap_table_dist(t, from, shelters[1]),
           dmap_table_dist(t, from, shelters[2]));
    printf("the table equals a BFS from every cell: %s\n", ok ? "yes" : "NO");
    dmap_table_free(t);
    dmap_grid_free(&g);
    free(chars);
    return ok ? 0 : 1;
}
