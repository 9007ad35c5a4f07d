/* workspace.h — private: the scratch buffers a dmap_workspace lends to the library's searches.
 *
 * A workspace is a small set of numbered, growable buffers. Each module asks for the slots it
 * uses (listed below, so two modules running in one call never share a slot) and the buffer
 * grows only when a bigger grid arrives: steady-state calls allocate nothing. */
#ifndef DMAP_WORKSPACE_H
#define DMAP_WORKSPACE_H

#include <stddef.h>

#include "dmap.h"

enum dmap_ws_slot {
    /* the scan engine (scan.c) */
    DMAP_WS_SCAN_VALUES,
    DMAP_WS_SCAN_BOUND,
    DMAP_WS_SCAN_PARENT,
    DMAP_WS_SCAN_CLASS,
    DMAP_WS_SCAN_SEEDS,
    DMAP_WS_SCAN_CANDIDATES,
    DMAP_WS_SCAN_QUEUES,
    DMAP_WS_SCAN_HEAP,
    DMAP_WS_SCAN_SWEEP, /* sweep.c: the steps of two rows */
    /* searches of the toolkit (BFS, safe walk, layered search, burying, ...) */
    DMAP_WS_SEARCH_A,
    DMAP_WS_SEARCH_B,
    DMAP_WS_SEARCH_C,
    DMAP_WS_SEARCH_D,
    DMAP_WS_SLOT_COUNT
};

/* A buffer of at least `bytes` bytes for slot, keeping its old contents when it grows only if
 * keep is nonzero. NULL when out of memory (the old buffer stays owned by the workspace). */
void *dmap_ws_buffer(dmap_workspace *ws, enum dmap_ws_slot slot, size_t bytes, int keep);

/* The caller's workspace ws, or when ws is NULL a new temporary one, also stored in *own for
 * the caller to free (*own is NULL when ws is given). NULL when out of memory. */
dmap_workspace *dmap_ws_or_temporary(dmap_workspace *ws, dmap_workspace **own);

/* Size arithmetic with overflow checks: *out = a * b; returns 0 on overflow. */
int dmap_mul_size(size_t a, size_t b, size_t *out);

#endif
