/* layered.c — when can a monster with states be where? Dijkstra over (cell, state) layers.
 *
 * What it shows: a monster that WALKs (2 turns per step) and can start a RUSH (1 turn per
 * step) after a 2-turn wind-up in place; it drops back to WALK instantly. A callback lists the
 * transitions out of each (cell, state) node and dmap_layered_search gives the earliest time
 * of every node: layer s of the result is arrival + s * ncells. Both layers are printed.
 * By hand, for a cell d steps away: RUSH = d + 2 (wind up, then run) and WALK = min(2d, d + 2)
 * (walk, or rush and drop back). The program checks that against dmap_bfs's step counts.
 *
 * Run: build/examples/example_layered
 */
#include <dmap.h>
#include <math.h>
#include <stdio.h>

enum { W = 8, H = 4, N = W * H, WALK = 0, RUSH = 1 };

static int monster_moves(void *user, int cell, int state, dmap_transition *out, size_t cap) {
    const dmap_grid *g = user;
    dmap_moves m = dmap_moves_4();
    int n = 0;
    if (cap < 5) return DMAP_ERR_LIMIT; /* 4 steps and 1 state change */
    for (int d = DMAP_UP; d <= DMAP_LEFT; d++) {
        int to = dmap_step(g, &m, cell, (dmap_dir)d);
        if (to >= 0) out[n++] = (dmap_transition){to, state, state == WALK ? 2.0 : 1.0};
    }
    out[n++] = state == WALK ? (dmap_transition){cell, RUSH, 2.0} /* wind-up */
                             : (dmap_transition){cell, WALK, 0.0};
    return n;
}

int main(void) {
    dmap_grid g;
    if (dmap_grid_init(&g, W, H) != DMAP_OK) return 1;
    for (int y = 0; y < 3; y++) g.wall[y * W + 4] = 1; /* a wall with a gap at the bottom */
    dmap_layer_source monster = {0, WALK, 0.0};        /* top-left, walking, now */
    double arrival[2 * N];
    int depth[N];
    dmap_moves m = dmap_moves_4();
    int rc = dmap_layered_search(N, 2, &monster, 1, monster_moves, &g, 5, INFINITY, arrival, NULL,
                                 NULL);
    if (rc == DMAP_OK) rc = dmap_bfs(&g, &m, &monster.cell, 1, -1, depth, NULL, NULL);
    if (rc != DMAP_OK) {
        fprintf(stderr, "dmap: %s\n", dmap_strerror(rc));
        return 1;
    }
    int ok = 1;
    for (int s = WALK; s <= RUSH; s++) {
        printf("%s layer: earliest turn the monster can be there\n", s == WALK ? "WALK" : "RUSH");
        for (int y = 0; y < H; y++, putchar('\n'))
            for (int x = 0; x < W; x++) {
                int c = y * W + x, d = depth[c];
                if (g.wall[c]) { printf("  #"); continue; }
                printf("%3g", arrival[s * N + c]);
                ok &= arrival[s * N + c] == (s == RUSH || 2 * d > d + 2 ? d + 2 : 2 * d);
            }
    }
    printf("layers equal RUSH = d+2, WALK = min(2d, d+2): %s\n", ok ? "yes" : "NO");
    dmap_grid_free(&g);
    return ok ? 0 : 1;
}
