/* pool.h — private: running a job's chunks on a caller-made thread pool (pool.c). */
#ifndef DMAP_POOL_H
#define DMAP_POOL_H

#include <stddef.h>

#include "dmap.h"

/* Runs chunk `chunk` of a job on thread `thread` (0 .. threads-1; 0 is the caller). */
typedef void (*dmap_chunk_fn)(void *ctx, size_t chunk, int thread);

/* Run fn on every chunk 0..nchunks-1, spread over the pool's threads (the calling thread
 * takes part; pool NULL: the calling thread alone). Returns when every chunk is done. Which
 * thread runs which chunk varies; a job whose chunks write disjoint outputs gives the same
 * result for any pool. */
void dmap_pool_run(dmap_pool *pool, dmap_chunk_fn fn, void *ctx, size_t nchunks);

#endif
