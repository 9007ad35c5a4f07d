/* pool_serial.c — the WebAssembly build's stand-in for src/pool.c: WebAssembly without the
 * threads proposal has no threads, so a pool runs every chunk of a job on the calling thread.
 * dmap_pool_new accepts the thread counts the native library accepts (1..256) and makes a
 * pool whose dmap_pool_threads is 1; the batch functions give the same results with it. */
#include <stdlib.h>

#include "../../src/pool.h"

struct dmap_pool {
    int unused; /* a pool here holds nothing, but a pointer must still tell it from NULL */
};

int dmap_pool_new(dmap_pool **out, int nthreads) {
    if (!out) return DMAP_ERR_ARG;
    *out = NULL;
    if (nthreads < 1 || nthreads > 256) return DMAP_ERR_ARG;
    dmap_pool *p = (dmap_pool *)calloc(1, sizeof *p);
    if (!p) return DMAP_ERR_NOMEM;
    *out = p;
    return DMAP_OK;
}

void dmap_pool_free(dmap_pool *p) {
    free(p);
}

int dmap_pool_threads(const dmap_pool *p) {
    (void)p;
    return 1;
}

void dmap_pool_run(dmap_pool *p, dmap_chunk_fn fn, void *ctx, size_t nchunks) {
    (void)p;
    if (!fn) return; /* no job: nothing to run, as the threaded pool */
    for (size_t c = 0; c < nchunks; c++) fn(ctx, c, 0);
}
