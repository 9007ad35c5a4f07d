/* pool.h — private: the batch code's name for a pool job (dmap_pool_run, pool.c). */
#ifndef DMAP_POOL_H
#define DMAP_POOL_H

#include <stddef.h>

#include "dmap.h"

/* The job type of dmap_pool_run (dmap.h), by the name the batch code uses. */
typedef dmap_pool_fn dmap_chunk_fn;

#endif
