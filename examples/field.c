/* field.c — a Dijkstra map from goals with different values.
 *
 * What it shows: a text map embedded in the source is parsed with dmap_parse_text_map; the
 * goal markers 'a' (value 0) and 'b' (value -4: more desirable, it pulls from 4 steps farther)
 * seed dmap_field, and the map is printed: each floor cell holds its cost to the "best" goal.
 * It then checks the defining property: every floor cell that is not a goal is exactly one
 * more than its lowest neighbour (4-connected, unit steps).
 *
 * Run: build/examples/example_field      (or: cc -Iinclude field.c libdmap.a -lm)
 */
#include <dmap.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char MAP[] =
    "##########\n"
    "#a.....#.#\n"
    "#.####.#.#\n"
    "#....#...#\n"
    "####.#.#b#\n"
    "#......#.#\n"
    "##########\n";

int main(void) {
    dmap_grid g;
    char *chars = NULL;
    dmap_diag diag;
    if (dmap_parse_text_map(MAP, strlen(MAP), &g, &chars, &diag) != DMAP_OK) return 1;
    dmap_goal goals[2];
    for (int i = 0; i < g.w * g.h; i++) {
        if (chars[i] == 'a') goals[0] = (dmap_goal){i % g.w, i / g.w, 0.0};
        if (chars[i] == 'b') goals[1] = (dmap_goal){i % g.w, i / g.w, -4.0};
    }
    dmap_moves m = dmap_moves_4();
    double *v = malloc((size_t)g.w * g.h * sizeof *v);
    int rc = v ? dmap_field(&g, &m, goals, 2, DMAP_DEFAULT_CEILING, v, NULL) : DMAP_ERR_NOMEM;
    if (rc != DMAP_OK) {
        fprintf(stderr, "dmap_field: %s\n", dmap_strerror(rc));
        return 1;
    }
    for (int y = 0; y < g.h; y++, putchar('\n'))
        for (int x = 0; x < g.w; x++)
            g.wall[y * g.w + x] ? printf("   #") : printf("%4g", v[y * g.w + x]);

    int ok = 1; /* non-goal floor cell == lowest neighbour + 1 */
    for (int c = 0; c < g.w * g.h; c++) {
        if (g.wall[c] || chars[c] == 'a' || chars[c] == 'b') continue;
        double low = DMAP_DEFAULT_CEILING;
        for (int d = DMAP_UP; d <= DMAP_LEFT; d++) {
            int n = dmap_step(&g, &m, c, (dmap_dir)d);
            if (n >= 0 && v[n] < low) low = v[n];
        }
        ok &= v[c] == low + 1;
    }
    printf("every non-goal cell is its lowest neighbour + 1: %s\n", ok ? "yes" : "NO");
    free(v);
    free(chars);
    dmap_grid_free(&g);
    return ok ? 0 : 1;
}
