/* reach.c — can I get there, and by which shortest path? Breadth-first search, in steps.
 *
 * What it shows: dmap_can_move_to answers "is G reachable from S?" (yes) and "is X?" (no: X
 * is walled in); dmap_bfs from S gives every cell's step count and a parent tree, and
 * dmap_bfs_path reads the shortest path S -> G out of it, drawn with '*'. BFS counts steps
 * (step weights and cell costs are ignored). The program checks that the path starts at S,
 * ends at G, has depth[G] steps — 14, counted by hand along the bottom (the top way round
 * takes 18) — and that each step moves to a 4-neighbour.
 *
 * Run: build/examples/example_reach
 */
#include <dmap.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char MAP[] =
    "############\n"
    "#S.....#...#\n"
    "#.####.#.#.#\n"
    "#.#..#...#.#\n"
    "#.#X.#####.#\n"
    "#.####...G.#\n"
    "#......#...#\n"
    "############\n";
enum { W = 12, H = 8, N = W * H };

int main(void) {
    dmap_grid g;
    char *chars = NULL;
    if (dmap_parse_text_map(MAP, strlen(MAP), &g, &chars, NULL) != DMAP_OK) return 1;
    int s = (int)(strchr(chars, 'S') - chars), goal = (int)(strchr(chars, 'G') - chars);
    int x = (int)(strchr(chars, 'X') - chars);
    dmap_moves m = dmap_moves_4();
    int to_goal = 0, to_x = 0, depth[N], parent[N], path[N];
    size_t len = 0;
    int rc = dmap_can_move_to(&g, &m, s, goal, &to_goal, NULL);
    if (rc == DMAP_OK) rc = dmap_can_move_to(&g, &m, s, x, &to_x, NULL);
    if (rc == DMAP_OK) rc = dmap_bfs(&g, &m, &s, 1, -1, depth, parent, NULL);
    if (rc == DMAP_OK) rc = dmap_bfs_path(&g, depth, parent, goal, path, N, &len);
    if (rc != DMAP_OK) {
        fprintf(stderr, "dmap: %s\n", dmap_strerror(rc));
        return 1;
    }
    printf("S can reach G: %s; S can reach X: %s\n", to_goal ? "yes" : "no", to_x ? "yes" : "no");
    for (size_t i = 1; i + 1 < len; i++) chars[path[i]] = '*';
    for (int y = 0; y < H; y++) printf("  %.*s\n", W, chars + y * W);
    printf("shortest path: %zu steps\n", len - 1);

    int ok = to_goal && !to_x && depth[goal] == 14 && len == 15 && path[0] == s &&
             path[len - 1] == goal;
    for (size_t i = 1; i < len; i++) {
        int jump = abs(path[i] - path[i - 1]);
        ok &= jump == 1 || jump == W;
    }
    printf("path runs S..G in 14 single steps: %s\n", ok ? "yes" : "NO");
    free(chars);
    dmap_grid_free(&g);
    return ok ? 0 : 1;
}
