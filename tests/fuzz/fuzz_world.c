/* fuzz_world.c — libFuzzer harness for dmap_parse_world. The first byte picks the size (0:
 * infer a square; else a small W x H), the rest is the text. Any input gives DMAP_OK or an
 * error with a good diag; an accepted world passes dmap_world_check, converts to a grid, and
 * writing it with dmap_format_world and reading it back gives the same world. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1) return 0;
    int w = 0, h = 0;
    if (data[0] != 0) {
        w = 1 + (data[0] & 15);
        h = 1 + (data[0] >> 4);
    }
    char *text = fuzz_copy(data + 1, size - 1);
    if (!text) return 0;
    size_t len = size - 1;
    dmap_world world;
    dmap_diag d;
    int rc = dmap_parse_world(text, len, w, h, &world, &d);
    fuzz_check_reader_result(rc, &d, text, len);
    if (rc == DMAP_OK) {
        FUZZ_ASSERT(dmap_world_check(&world) == DMAP_OK);
        dmap_grid g;
        FUZZ_ASSERT(dmap_world_to_grid(&world, &g) == DMAP_OK);
        FUZZ_ASSERT(!g.wall[world.predator] && !g.wall[world.prey]);
        dmap_grid_free(&g);
        char *out = NULL;
        size_t outlen = 0;
        FUZZ_ASSERT(dmap_format_world(&world, &out, &outlen) == DMAP_OK);
        dmap_world back;
        FUZZ_ASSERT(dmap_parse_world(out, outlen, world.w, world.h, &back, NULL) == DMAP_OK);
        FUZZ_ASSERT(back.predator == world.predator && back.prey == world.prey);
        FUZZ_ASSERT(memcmp(back.cells, world.cells, (size_t)world.w * (size_t)world.h) == 0);
        dmap_world_free(&back);
        free(out);
    } else {
        FUZZ_ASSERT(world.cells == NULL);
    }
    dmap_world_free(&world);
    free(text);
    return 0;
}
