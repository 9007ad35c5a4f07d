/* fuzz_textmap.c — libFuzzer harness for dmap_parse_text_map: any bytes give DMAP_OK or an
 * error with a good diag; an accepted map's walls are exactly its '#' characters. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *text = fuzz_copy(data, size);
    if (!text) return 0;
    dmap_grid g;
    char *chars = NULL;
    dmap_diag d;
    int rc = dmap_parse_text_map(text, size, &g, &chars, &d);
    fuzz_check_reader_result(rc, &d, text, size);
    if (rc == DMAP_OK) {
        FUZZ_ASSERT(dmap_grid_check(&g) == DMAP_OK && chars != NULL);
        size_t n = (size_t)g.w * (size_t)g.h;
        FUZZ_ASSERT(n <= size);
        for (size_t i = 0; i < n; i++) FUZZ_ASSERT((g.wall[i] != 0) == (chars[i] == '#'));
    } else {
        FUZZ_ASSERT(chars == NULL && g.wall == NULL);
    }
    /* Without the chars copy the reader must agree. */
    dmap_grid g2;
    int rc2 = dmap_parse_text_map(text, size, &g2, NULL, NULL);
    FUZZ_ASSERT(rc2 == rc);
    if (rc == DMAP_OK)
        FUZZ_ASSERT(g2.w == g.w && g2.h == g.h &&
                    memcmp(g.wall, g2.wall, (size_t)g.w * (size_t)g.h) == 0);
    dmap_grid_free(&g);
    dmap_grid_free(&g2);
    free(chars);
    free(text);
    return 0;
}
