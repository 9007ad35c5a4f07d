/* fuzz_pursuit_world.c — libFuzzer harness for the pursuit arena's world file reader
 * (pursuit_parse_world). The first byte picks the size (0: infer a square; else a small W x H),
 * the rest is the text. Any input gives DMAP_OK or an error with a good diag; an accepted world
 * passes pursuit_world_check, and writing it with pursuit_format_world and reading it back
 * gives the same world. */
#include "fuzz_common.h"
#include "pursuit.h"

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
    pursuit_world world;
    dmap_diag d;
    int rc = pursuit_parse_world(text, len, w, h, &world, &d);
    fuzz_check_reader_result(rc, &d, text, len);
    if (rc == DMAP_OK) {
        FUZZ_ASSERT(pursuit_world_check(&world) == DMAP_OK);
        FUZZ_ASSERT(!world.grid.wall[world.predator] && !world.grid.wall[world.prey]);
        char *out = NULL;
        size_t outlen = 0;
        FUZZ_ASSERT(pursuit_format_world(&world, &out, &outlen) == DMAP_OK);
        pursuit_world back;
        FUZZ_ASSERT(pursuit_parse_world(out, outlen, world.grid.w, world.grid.h, &back, NULL) ==
                    DMAP_OK);
        FUZZ_ASSERT(back.predator == world.predator && back.prey == world.prey);
        FUZZ_ASSERT(memcmp(back.grid.wall, world.grid.wall,
                           (size_t)world.grid.w * (size_t)world.grid.h) == 0);
        pursuit_world_free(&back);
        free(out);
    } else {
        FUZZ_ASSERT(world.grid.wall == NULL);
    }
    pursuit_world_free(&world);
    free(text);
    return 0;
}
