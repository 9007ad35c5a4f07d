/* world_load.c — a pursuit world from the lab's file, through the toolkit's reader
 * (dmap_parse_world: one integer per line, 0/-1/1/10, square size inferred from the count). */
#include <stdlib.h>
#include <string.h>

#include "pursuit.h"

int pursuit_world_load(const char *path, pursuit_world *w, dmap_diag *diag) {
    if (!path || !w) return DMAP_ERR_ARG;
    memset(w, 0, sizeof *w);
    char *text = NULL;
    size_t len = 0;
    int rc = dmap_read_file(path, &text, &len, diag);
    if (rc != DMAP_OK) return rc;
    dmap_world world;
    rc = dmap_parse_world(text, len, 0, 0, &world, diag);
    free(text);
    if (rc != DMAP_OK) return rc;
    rc = dmap_world_to_grid(&world, &w->grid);
    if (rc == DMAP_OK) {
        w->predator = world.predator;
        w->prey = world.prey;
    }
    dmap_world_free(&world);
    if (rc != DMAP_OK) memset(w, 0, sizeof *w);
    return rc;
}
