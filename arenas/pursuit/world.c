/* world.c — a pursuit world (grid + the two agents' cells): checking, freeing, printing the
 * lab's picture. Loading from the lab's file lives in world_load.c, generation in worldgen.c. */
#include <string.h>

#include "pursuit.h"

void pursuit_world_free(pursuit_world *w) {
    if (!w) return;
    dmap_grid_free(&w->grid);
    memset(w, 0, sizeof *w);
}

static int cell_in_grid(const dmap_grid *g, int cell) {
    return cell >= 0 && (int64_t)cell < (int64_t)g->w * g->h;
}

int pursuit_world_check(const pursuit_world *w) {
    if (!w) return DMAP_ERR_ARG;
    int rc = dmap_grid_check(&w->grid);
    if (rc != DMAP_OK) return rc;
    if (!cell_in_grid(&w->grid, w->predator) || !cell_in_grid(&w->grid, w->prey))
        return DMAP_ERR_RANGE;
    if (w->grid.wall[w->predator] || w->grid.wall[w->prey]) return DMAP_ERR_WALL;
    if (w->predator == w->prey) return DMAP_ERR_ARG;
    return DMAP_OK;
}

void pursuit_render(FILE *out, const dmap_grid *g, int predator, int prey) {
    for (int y = 0; y < g->h; y++) {
        for (int x = 0; x < g->w; x++) {
            int i = y * g->w + x;
            char c = g->wall[i] ? '#' : '.';
            if (i == prey) c = '*';
            if (i == predator) c = '@';
            fputc(c, out);
        }
        fputc('\n', out);
    }
}
