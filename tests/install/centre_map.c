/* centre_map.c — a tiny user program for the install test: it includes the installed dmap.h,
 * links the installed library, checks that the library linked at run time is the header's
 * version, builds the 5x5 map with one goal in the centre and checks every value against the
 * hand rule "4-connected distance = |dx| + |dy|". */
#include <dmap.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
    if (strcmp(dmap_version(), DMAP_VERSION_STRING) != 0) {
        fprintf(stderr, "centre_map: header %s, library %s\n", DMAP_VERSION_STRING, dmap_version());
        return 1;
    }
    dmap_grid grid;
    if (dmap_grid_init(&grid, 5, 5) != DMAP_OK) {
        fprintf(stderr, "centre_map: dmap_grid_init failed\n");
        return 1;
    }
    dmap_moves moves = dmap_moves_4();
    dmap_goal centre = {2, 2, 0.0};
    double values[25];
    int rc = dmap_field(&grid, &moves, &centre, 1, DMAP_NO_CEILING, values, NULL);
    dmap_grid_free(&grid);
    if (rc != DMAP_OK) {
        fprintf(stderr, "centre_map: dmap_field: %s\n", dmap_strerror(rc));
        return 1;
    }
    int wrong = 0;
    for (int y = 0; y < 5; y++) {
        for (int x = 0; x < 5; x++) {
            double expected = abs(x - 2) + abs(y - 2);
            if (values[y * 5 + x] != expected) {
                fprintf(stderr, "centre_map: (%d,%d) is %g, expected %g\n", x, y,
                        values[y * 5 + x], expected);
                wrong++;
            }
        }
    }
    printf("centre_map (dmap %s): %s\n", DMAP_VERSION_STRING, wrong ? "WRONG" : "ok");
    return wrong != 0;
}
