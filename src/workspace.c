/* workspace.c — dmap_workspace: numbered growable scratch buffers reused across calls. */
#include <stdlib.h>
#include <string.h>

#include "workspace.h"

struct dmap_workspace {
    void *buf[DMAP_WS_SLOT_COUNT];
    size_t cap[DMAP_WS_SLOT_COUNT];
};

int dmap_workspace_new(dmap_workspace **out) {
    if (!out) return DMAP_ERR_ARG;
    *out = (dmap_workspace *)calloc(1, sizeof(dmap_workspace));
    return *out ? DMAP_OK : DMAP_ERR_NOMEM;
}

dmap_workspace *dmap_ws_or_temporary(dmap_workspace *ws, dmap_workspace **own) {
    *own = NULL;
    if (ws) return ws;
    return dmap_workspace_new(own) == DMAP_OK ? *own : NULL;
}

void dmap_workspace_free(dmap_workspace *ws) {
    if (!ws) return;
    for (int i = 0; i < DMAP_WS_SLOT_COUNT; i++) free(ws->buf[i]);
    free(ws);
}

size_t dmap_workspace_bytes(const dmap_workspace *ws) {
    size_t total = 0;
    if (!ws) return 0;
    for (int i = 0; i < DMAP_WS_SLOT_COUNT; i++) total += ws->cap[i];
    return total;
}

void *dmap_ws_buffer(dmap_workspace *ws, enum dmap_ws_slot slot, size_t bytes, int keep) {
    if (!ws || (int)slot < 0 || slot >= DMAP_WS_SLOT_COUNT) return NULL;
    if (bytes == 0) bytes = 1;
    if (ws->cap[slot] >= bytes) return ws->buf[slot];
    void *p;
    if (keep) {
        p = realloc(ws->buf[slot], bytes);
    } else {
        p = malloc(bytes);
        if (p) free(ws->buf[slot]);
    }
    if (!p) return NULL;
    ws->buf[slot] = p;
    ws->cap[slot] = bytes;
    return p;
}

int dmap_mul_size(size_t a, size_t b, size_t *out) {
    if (a != 0 && b > (size_t)-1 / a) return 0;
    *out = a * b;
    return 1;
}
