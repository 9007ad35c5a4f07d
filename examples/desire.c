/* desire.c — desire-driven AI: add several weighted maps, then roll one step downhill.
 *
 * What it shows: three Dijkstra maps on an open 7x5 room — food in the middle of both side
 * walls, an enemy below the agent and a hiding spot above it — combined by dmap_weighted_sum as
 * 1.0 * food - 0.5 * enemy + 0.25 * hide (a negative weight turns "go to" into "keep away").
 * dmap_downhill_options returns every tied best move as a bit mask; dmap_pick_option picks one
 * with a seeded dmap_rng, so the same seed always gives the same choice. The room is symmetric,
 * so LEFT and RIGHT tie; the program checks that over 20 seeds it picks both and nothing else.
 *
 * Run: build/examples/example_desire
 */
#include <dmap.h>
#include <stdio.h>

enum { W = 7, H = 5, N = W * H };
static const char *const NAMES[DMAP_DIR_COUNT] = {"stay", "up", "right", "down", "left",
                                                  "up-right", "down-right", "down-left",
                                                  "up-left"};

int main(void) {
    dmap_grid g;
    if (dmap_grid_init(&g, W, H) != DMAP_OK) return 1;
    dmap_moves m = dmap_moves_4();
    dmap_goal food[] = {{0, 2, 0.0}, {6, 2, 0.0}}, enemy = {3, 4, 0.0}, hide = {3, 0, 0.0};
    double f[N], e[N], h[N], desire[N];
    const double *maps[] = {f, e, h};
    const double weights[] = {1.0, -0.5, 0.25};
    int agent = 2 * W + 3; /* (3, 2), the middle */
    unsigned options = 0;
    int rc = dmap_field(&g, &m, food, 2, DMAP_DEFAULT_CEILING, f, NULL);
    if (rc == DMAP_OK) rc = dmap_field(&g, &m, &enemy, 1, DMAP_DEFAULT_CEILING, e, NULL);
    if (rc == DMAP_OK) rc = dmap_field(&g, &m, &hide, 1, DMAP_DEFAULT_CEILING, h, NULL);
    if (rc == DMAP_OK) rc = dmap_weighted_sum(&g, maps, weights, 3, desire);
    if (rc == DMAP_OK) rc = dmap_downhill_options(&g, &m, desire, agent, NULL, &options);
    if (rc != DMAP_OK) {
        fprintf(stderr, "dmap: %s\n", dmap_strerror(rc));
        return 1;
    }
    printf("desire = food - 0.5 enemy + 0.25 hide (A = agent, lower is better):\n");
    for (int y = 0; y < H; y++, putchar('\n'))
        for (int x = 0; x < W; x++)
            printf(y * W + x == agent ? "  A%-4g" : "%7g", desire[y * W + x]);

    printf("best moves:");
    for (int d = 0; d < DMAP_DIR_COUNT; d++)
        if (options & (1u << d)) printf(" %s", NAMES[d]);
    printf("\npicks for seeds 1..20:");
    unsigned picked = 0;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        dmap_rng rng;
        dmap_dir dir = DMAP_STAY;
        dmap_rng_seed(&rng, seed);
        if (dmap_pick_option(options, &rng, &dir) != DMAP_OK) return 1;
        printf(" %c", NAMES[dir][0]);
        picked |= 1u << dir;
    }
    int ok = picked == ((1u << DMAP_LEFT) | (1u << DMAP_RIGHT));
    printf("\nboth tied moves picked, nothing else: %s\n", ok ? "yes" : "NO");
    dmap_grid_free(&g);
    return ok ? 0 : 1;
}
