/* heatmap_nopng.c — the PNG writer of a dmap tool built without libpng (CMake option
 * DMAP_TOOL_PNG=OFF, the Windows cross build's default): every other command and format works,
 * and a PNG asked for is one clear error (the tool then exits 2). */
#include "heatmap.h"

#include <stdio.h>

int heatmap_write_png(const char *path, const heatmap_image *img, int force, char *err,
                      size_t errsize) {
    (void)path;
    (void)img;
    (void)force;
    snprintf(err, errsize, "this dmap was built without PNG support (libpng; CMake option DMAP_TOOL_PNG)");
    return -1;
}
