/* fuzz_movingai.c — libFuzzer harness for dmap_parse_movingai_map and the dmap CLI's copy of
 * a Moving AI map's characters (tools/dmap/cli.c, compiled in): any bytes give DMAP_OK or an
 * error with a good diag; on success the CLI's characters agree with the parsed walls. */
#define _POSIX_C_SOURCE 200809L
#include "../../tools/dmap/cli.c"
#include "fuzz_common.h"

static int blocked_char(char c) { return c == '@' || c == 'O' || c == 'T' || c == 'W'; }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *text = fuzz_copy(data, size);
    if (!text) return 0;
    dmap_grid g;
    dmap_diag d;
    int rc = dmap_parse_movingai_map(text, size, &g, NULL, &d);
    fuzz_check_reader_result(rc, &d, text, size);
    if (rc == DMAP_OK) {
        FUZZ_ASSERT(dmap_grid_check(&g) == DMAP_OK);
        size_t n = (size_t)g.w * (size_t)g.h;
        FUZZ_ASSERT(n <= size);
        char *chars = movingai_chars(text, size, &g);
        FUZZ_ASSERT(chars != NULL);
        for (size_t i = 0; i < n; i++) FUZZ_ASSERT((g.wall[i] != 0) == blocked_char(chars[i]));
        free(chars);
    } else {
        FUZZ_ASSERT(g.wall == NULL);
    }
    dmap_grid_free(&g);
    free(text);
    return 0;
}
