/* bury.c — bury the dead ends of a map, so a fleeing agent never runs into one.
 *
 * What it shows: an 8x8 text map (the first world of the pursuit game: '#' obstacle, '.' free,
 * '@' predator, '*' prey) is read with dmap_parse_text_map, whose character copy gives the
 * agents' cells; dmap_bury_dead_ends fills every dead end with walls (the board edge not
 * counting as a wall), never filling the two agents' cells. Buried cells are printed as 'o'.
 * The program checks that the agents' cells stay open and that burying the buried grid again
 * buries nothing (the result has no dead end left).
 *
 * Run: build/examples/example_bury
 */
#include <dmap.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char MAP[] =
    ".@#.....\n" ".#..##..\n" ".....#..\n" ".#.###..\n"
    "..#.#...\n" "..#.#...\n" "..#*##..\n" "........\n";

static void print(const char *title, const char *chars, const dmap_grid *g) {
    printf("%s\n", title);
    for (int y = 0; y < g->h; y++, putchar('\n'))
        for (int x = 0; x < g->w; x++) {
            int c = y * g->w + x;
            putchar(chars[c] != '.' ? chars[c] : g->wall[c] ? 'o' : '.');
        }
}

int main(void) {
    dmap_grid g;
    char *chars = NULL;
    dmap_diag diag;
    if (dmap_parse_text_map(MAP, strlen(MAP), &g, &chars, &diag) != DMAP_OK) {
        fprintf(stderr, "map, line %d: %s\n", diag.line, diag.message);
        return 1;
    }
    size_t n = (size_t)g.w * (size_t)g.h; /* chars has no NUL: search its W*H bytes */
    int agents[2] = {(int)((char *)memchr(chars, '@', n) - chars),
                     (int)((char *)memchr(chars, '*', n) - chars)};
    size_t nburied = 0, again = 1;
    print("before:", chars, &g);
    int rc = dmap_bury_dead_ends(&g, agents, 2, 0, NULL, &nburied, NULL);
    if (rc == DMAP_OK) print("after (o = buried):", chars, &g);
    if (rc == DMAP_OK) rc = dmap_bury_dead_ends(&g, agents, 2, 0, NULL, &again, NULL);
    if (rc != DMAP_OK) {
        fprintf(stderr, "dmap: %s\n", dmap_strerror(rc));
        return 1;
    }
    int ok = nburied == 10 && again == 0 && !g.wall[agents[0]] && !g.wall[agents[1]];
    printf("%zu cells buried; agents still on floor and nothing left to bury: %s\n", nburied,
           ok ? "yes" : "NO");
    dmap_grid_free(&g);
    free(chars);
    return ok ? 0 : 1;
}
