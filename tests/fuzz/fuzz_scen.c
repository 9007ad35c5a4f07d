/* fuzz_scen.c — libFuzzer harness for dmap_parse_scen: any bytes give DMAP_OK or an error with
 * a good diag; every accepted query is inside the map it names, on a line of the text. */
#include <math.h>

#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *text = fuzz_copy(data, size);
    if (!text) return 0;
    dmap_scen_query *q = NULL;
    size_t count = 99;
    dmap_diag d;
    int rc = dmap_parse_scen(text, size, &q, &count, &d);
    fuzz_check_reader_result(rc, &d, text, size);
    if (rc == DMAP_OK) {
        int lines = fuzz_line_count(text, size), prev = 1;
        FUZZ_ASSERT(count == 0 || q != NULL);
        for (size_t i = 0; i < count; i++) {
            FUZZ_ASSERT(q[i].map_w > 0 && q[i].map_h > 0);
            FUZZ_ASSERT(q[i].start_x >= 0 && q[i].start_x < q[i].map_w);
            FUZZ_ASSERT(q[i].goal_x >= 0 && q[i].goal_x < q[i].map_w);
            FUZZ_ASSERT(q[i].start_y >= 0 && q[i].start_y < q[i].map_h);
            FUZZ_ASSERT(q[i].goal_y >= 0 && q[i].goal_y < q[i].map_h);
            FUZZ_ASSERT(isfinite(q[i].optimal) && q[i].optimal >= 0);
            FUZZ_ASSERT(q[i].line > prev && q[i].line <= lines);
            prev = q[i].line;
        }
    } else {
        FUZZ_ASSERT(q == NULL && count == 0);
    }
    free(q);
    free(text);
    return 0;
}
