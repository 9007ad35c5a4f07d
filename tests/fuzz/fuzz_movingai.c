/* fuzz_movingai.c — libFuzzer harness for dmap_parse_movingai_map: any bytes give DMAP_OK or
 * an error with a good diag and nothing allocated; on success the map characters it returns
 * agree with the parsed walls. */
#include "dmap.h"
#include "fuzz_common.h"

static int blocked_char(char c) { return c == '@' || c == 'O' || c == 'T' || c == 'W'; }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *text = fuzz_copy(data, size);
    if (!text) return 0;
    dmap_grid g;
    dmap_diag d;
    char *chars = NULL;
    int rc = dmap_parse_movingai_map(text, size, &g, &chars, &d);
    fuzz_check_reader_result(rc, &d, text, size);
    if (rc == DMAP_OK) {
        FUZZ_ASSERT(dmap_grid_check(&g) == DMAP_OK);
        size_t n = (size_t)g.w * (size_t)g.h;
        FUZZ_ASSERT(n <= size);
        FUZZ_ASSERT(chars != NULL);
        for (size_t i = 0; i < n; i++) FUZZ_ASSERT((g.wall[i] != 0) == blocked_char(chars[i]));
    } else {
        FUZZ_ASSERT(g.wall == NULL && chars == NULL);
    }
    free(chars);
    dmap_grid_free(&g);
    free(text);
    return 0;
}
