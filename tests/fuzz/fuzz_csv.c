/* fuzz_csv.c — libFuzzer harness for the dmap CLI's csv values reader, cli_load_csv
 * (tools/dmap/cli.c, compiled in). The bytes are handed over as a file (a memfd, read back by
 * path through /proc/self/fd). Any bytes give 0 or CLI_EXIT_USAGE (with one line on stderr:
 * run with -close_fd_mask=2 to silence it); an accepted map holds no NaN, prints as csv and
 * reads back to the same walls and bit-identical values (-0 reads back as 0). */
#define _GNU_SOURCE
#include <sys/mman.h>
#include <unistd.h>

#include "../../tools/dmap/cli.c"
#include "fuzz_common.h"

static int memfd = -1;
static char path[64];

/* Replace the memfd's contents with n bytes; 0 on success. */
static int put_file(const uint8_t *data, size_t n) {
    if (memfd < 0) {
        memfd = memfd_create("dmap_fuzz_csv", 0);
        if (memfd < 0) return -1;
        snprintf(path, sizeof path, "/proc/self/fd/%d", memfd);
    }
    if (ftruncate(memfd, 0) != 0) return -1;
    size_t done = 0;
    while (done < n) {
        ssize_t k = pwrite(memfd, data + done, n - done, (off_t)done);
        if (k <= 0) return -1;
        done += (size_t)k;
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (put_file(data, size) != 0) return 0;
    dmap_grid g;
    double *values = NULL;
    int rc = cli_load_csv(path, &g, &values);
    FUZZ_ASSERT(rc == CLI_EXIT_OK || rc == CLI_EXIT_USAGE);
    if (rc != CLI_EXIT_OK) {
        FUZZ_ASSERT(values == NULL && g.wall == NULL);
        return 0;
    }
    FUZZ_ASSERT(dmap_grid_check(&g) == DMAP_OK && values != NULL);
    size_t n = (size_t)g.w * (size_t)g.h;
    /* any number but NaN: inf and -inf are maps without a ceiling and their negation */
    for (size_t i = 0; i < n; i++) FUZZ_ASSERT(g.wall[i] ? values[i] == 0 : !isnan(values[i]));
    /* Round trip through the csv printer. */
    char *out = NULL;
    size_t outlen = 0;
    FILE *f = open_memstream(&out, &outlen);
    FUZZ_ASSERT(f != NULL);
    FUZZ_ASSERT(cli_print_values(f, &g, values, CLI_FORMAT_CSV) == CLI_EXIT_OK);
    fclose(f);
    FUZZ_ASSERT(put_file((const uint8_t *)out, outlen) == 0);
    dmap_grid g2;
    double *v2 = NULL;
    FUZZ_ASSERT(cli_load_csv(path, &g2, &v2) == CLI_EXIT_OK);
    FUZZ_ASSERT(g2.w == g.w && g2.h == g.h && memcmp(g2.wall, g.wall, n) == 0);
    for (size_t i = 0; i < n; i++) FUZZ_ASSERT(memcmp(&values[i], &v2[i], sizeof(double)) == 0 ||
                                               (values[i] == 0 && v2[i] == 0));
    free(out);
    free(v2);
    dmap_grid_free(&g2);
    free(values);
    dmap_grid_free(&g);
    return 0;
}
