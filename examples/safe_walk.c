/* safe_walk.c — where can I go before the enemies get there? Threat, timing and safe walk.
 *
 * What it shows: enemy E is active now, enemy Z spawns in 3 turns. Each has a threat map
 * (when it can be at each cell); dmap_timing_map takes their minimum: how long each cell stays
 * safe. dmap_safe_walk then finds every cell I (M) can reach strictly before danger does, and
 * dmap_parent_path reads a path to the safe cell that stays safe longest. The program
 * checks that the path starts at M and enters every cell before its timing value.
 *
 * Run: build/examples/example_safe_walk
 */
#include <dmap.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char MAP[] =
    "#############\n"
    "#E....#.....#\n"
    "#.....#.....#\n"
    "#...M.....Z.#\n"
    "#.....#.....#\n"
    "#.....#.....#\n"
    "#############\n";
enum { W = 13, H = 7, N = W * H };

int main(void) {
    dmap_grid g;
    char *chars = NULL;
    if (dmap_parse_text_map(MAP, strlen(MAP), &g, &chars, NULL) != DMAP_OK) return 1;
    int me = (int)(strchr(chars, 'M') - chars);
    dmap_enemy enemies[2] = {{(int)(strchr(chars, 'E') - chars), 0.0, INFINITY},
                             {(int)(strchr(chars, 'Z') - chars), 3.0, INFINITY}};
    dmap_moves m = dmap_moves_4();
    double timing[N], arrival[N];
    int parent[N], path[N], best = me;
    size_t nsafe = 0, len = 0;
    int rc = dmap_timing_map(&g, &m, enemies, 2, timing, NULL);
    if (rc == DMAP_OK) rc = dmap_safe_walk(&g, &m, timing, me, 0.0, arrival, parent, &nsafe, NULL);
    for (int c = 0; rc == DMAP_OK && c < N; c++) /* the latest danger; first on ties */
        if (isfinite(arrival[c]) && timing[c] > timing[best]) best = c;
    if (rc == DMAP_OK) rc = dmap_parent_path(parent, arrival, N, best, path, N, &len);
    if (rc != DMAP_OK) {
        fprintf(stderr, "dmap: %s\n", dmap_strerror(rc));
        return 1;
    }
    printf("timing map (turns until an enemy can be there):\n");
    for (int y = 0; y < H; y++, putchar('\n'))
        for (int x = 0; x < W; x++)
            g.wall[y * W + x] ? printf("  #") : printf("%3g", timing[y * W + x]);
    printf("safe region (+, %zu cells) and the path (*) to T, safe longest:\n", nsafe);
    for (int c = 0; c < N; c++)
        if (chars[c] == '.' && isfinite(arrival[c])) chars[c] = '+';
    for (size_t i = 1; i < len; i++) chars[path[i]] = '*';
    chars[best] = 'T';
    for (int y = 0; y < H; y++) printf("  %.*s\n", W, chars + y * W);

    int ok = len >= 1 && path[0] == me;
    for (size_t i = 1; i < len; i++) ok &= arrival[path[i]] < timing[path[i]];
    printf("path starts at M and enters each cell before danger: %s\n", ok ? "yes" : "NO");
    free(chars);
    dmap_grid_free(&g);
    return ok ? 0 : 1;
}
