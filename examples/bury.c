/* bury.c — bury the dead ends of a pursuit world, so a fleeing prey never runs into one.
 *
 * What it shows: the lab's first world (arenas/pursuit/data/battlefield.dat, 8x8, one integer
 * per cell: 0 free, -1 obstacle, 1 predator @, 10 prey *) is parsed with dmap_parse_world and
 * turned into a grid; dmap_bury_dead_ends fills every dead end with walls (the seed's rule,
 * board edge not counting as a wall), never filling the two agents' cells. Buried cells are
 * printed as 'o'. The program checks that the agents' cells stay open and that burying the
 * buried grid again buries nothing (the result has no dead end left).
 *
 * Run: build/examples/example_bury
 */
#include <dmap.h>
#include <stdio.h>
#include <string.h>

static const char WORLD[] = /* battlefield.dat, one row of the world per source line */
    "0 1 -1 0 0 0 0 0\n" "0 -1 0 0 -1 -1 0 0\n" "0 0 0 0 0 -1 0 0\n" "0 -1 0 -1 -1 -1 0 0\n"
    "0 0 -1 0 -1 0 0 0\n" "0 0 -1 0 -1 0 0 0\n" "0 0 -1 10 -1 -1 0 0\n" "0 0 0 0 0 0 0 0\n";

static void print(const char *title, const dmap_world *w, const dmap_grid *g) {
    printf("%s\n", title);
    for (int y = 0; y < g->h; y++, putchar('\n'))
        for (int x = 0; x < g->w; x++) {
            int c = y * g->w + x;
            putchar(c == w->predator ? '@' : c == w->prey ? '*'
                    : w->cells[c] == DMAP_WORLD_OBSTACLE ? '#' : g->wall[c] ? 'o' : '.');
        }
}

int main(void) {
    dmap_world world;
    dmap_grid g;
    dmap_diag diag;
    if (dmap_parse_world(WORLD, strlen(WORLD), 8, 8, &world, &diag) != DMAP_OK) {
        fprintf(stderr, "world, line %d: %s\n", diag.line, diag.message);
        return 1;
    }
    int agents[2] = {world.predator, world.prey};
    size_t nburied = 0, again = 1;
    int rc = dmap_world_to_grid(&world, &g);
    if (rc == DMAP_OK) print("before:", &world, &g);
    if (rc == DMAP_OK) rc = dmap_bury_dead_ends(&g, agents, 2, 0, NULL, &nburied, NULL);
    if (rc == DMAP_OK) print("after (o = buried):", &world, &g);
    if (rc == DMAP_OK) rc = dmap_bury_dead_ends(&g, agents, 2, 0, NULL, &again, NULL);
    if (rc != DMAP_OK) {
        fprintf(stderr, "dmap: %s\n", dmap_strerror(rc));
        return 1;
    }
    int ok = nburied > 0 && again == 0 && !g.wall[world.predator] && !g.wall[world.prey];
    printf("%zu cells buried; agents still on floor and nothing left to bury: %s\n", nburied,
           ok ? "yes" : "NO");
    dmap_grid_free(&g);
    dmap_world_free(&world);
    return ok ? 0 : 1;
}
