/* layered.c — Dijkstra over (cell, state) nodes with caller-listed transitions: the Code
 * of Kutulu post-mortem's "3D map" for enemies whose behaviour has states (the Kutulu slasher:
 * wandering, stalking, rushing, stunned), where the arrival time of a node is when the enemy
 * can be at that cell in that state at the earliest.
 *
 * The graph is never built: a callback lists a node's transitions when the node settles.
 * Durations may be 0, so the queue is the indexed binary heap of heap.h keyed on the arrival
 * times (decrease-key; each node is popped at most once). */
#include <limits.h>
#include <math.h>
#include <string.h>

#include "heap.h"
#include "workspace.h"

/* The problem being solved, for the helpers below. */
typedef struct layered {
    int ncells, nstates;
    double horizon;
    double *arrival;
    int *parent;
    struct heap heap; /* indexed: each node at most once, keyed on its arrival */
} layered;

static int node_of(const layered *L, int cell, int state) {
    if (cell < 0 || cell >= L->ncells || state < 0 || state >= L->nstates) return -1;
    return state * L->ncells + cell;
}

/* Offer time t at node v, reached from node `from` (-1 for a source). */
static void offer(layered *L, int v, double t, int from) {
    if (!(t < L->arrival[v]) || t > L->horizon) return;
    L->arrival[v] = t;
    if (L->parent) L->parent[v] = from;
    heap_push_or_lower(&L->heap, t, v);
}

static int seed_sources(layered *L, const dmap_layer_source *sources, size_t nsources) {
    for (size_t i = 0; i < nsources; i++) {
        int v = node_of(L, sources[i].cell, sources[i].state);
        if (v < 0) return DMAP_ERR_RANGE;
        if (!isfinite(sources[i].time) || sources[i].time < 0) return DMAP_ERR_VALUE;
        offer(L, v, sources[i].time, -1);
    }
    return DMAP_OK;
}

static int expand(layered *L, int u, dmap_transition_fn next, void *user, dmap_transition *out,
                  int cap) {
    int cell = u % L->ncells, state = u / L->ncells;
    int count = next(user, cell, state, out, (size_t)cap);
    if (count < 0) return count;
    if (count > cap) return DMAP_ERR_ARG;
    double t = L->arrival[u];
    for (int i = 0; i < count; i++) {
        int v = node_of(L, out[i].cell, out[i].state);
        if (v < 0) return DMAP_ERR_RANGE;
        if (!isfinite(out[i].duration) || out[i].duration < 0) return DMAP_ERR_VALUE;
        offer(L, v, t + out[i].duration, u);
    }
    return DMAP_OK;
}

static int search(layered *L, const dmap_layer_source *sources, size_t nsources,
                  dmap_transition_fn next, void *user, dmap_transition *out, int cap) {
    int rc = seed_sources(L, sources, nsources);
    while (rc == DMAP_OK && L->heap.len > 0)
        rc = expand(L, heap_pop_indexed(&L->heap).id, next, user, out, cap);
    return rc;
}

int dmap_layered_search(size_t ncells, size_t nstates, const dmap_layer_source *sources,
                        size_t nsources, dmap_transition_fn next, void *user,
                        size_t max_transitions, double horizon, double *arrival, int *parent,
                        dmap_workspace *ws) {
    /* the callback answers a count in an int, so its room must fit one */
    if (!next || !arrival || (nsources > 0 && !sources) || ncells == 0 || nstates == 0 ||
        max_transitions == 0 || max_transitions > INT_MAX)
        return DMAP_ERR_ARG;
    if (ncells > (size_t)DMAP_MAX_CELLS || nstates > (size_t)DMAP_MAX_CELLS ||
        (uint64_t)ncells * nstates > (uint64_t)DMAP_MAX_CELLS)
        return DMAP_ERR_SIZE;
    if (isnan(horizon)) return DMAP_ERR_VALUE;
    size_t n = (size_t)ncells * (size_t)nstates, heap_bytes, out_bytes;
    /* the heap's entries, then its index of every node */
    if (!dmap_mul_size(n, sizeof(heap_entry) + sizeof(int32_t), &heap_bytes) ||
        !dmap_mul_size((size_t)max_transitions, sizeof(dmap_transition), &out_bytes))
        return DMAP_ERR_SIZE;

    dmap_workspace *own = NULL;
    if (!(ws = dmap_ws_or_temporary(ws, &own))) return DMAP_ERR_NOMEM;
    heap_entry *mem = (heap_entry *)dmap_ws_buffer(ws, DMAP_WS_SEARCH_C, heap_bytes, 0);
    dmap_transition *out = (dmap_transition *)dmap_ws_buffer(ws, DMAP_WS_SEARCH_D, out_bytes, 0);
    int rc = DMAP_ERR_NOMEM;
    if (mem && out) {
        layered L = {(int)ncells, (int)nstates, horizon, arrival, parent,
                     {mem, 0, (int32_t *)(mem + n)}};
        for (size_t i = 0; i < n; i++) arrival[i] = INFINITY;
        if (parent) memset(parent, 0xff, n * sizeof(int));
        memset(L.heap.pos, 0xff, n * sizeof(int32_t));
        rc = search(&L, sources, nsources, next, user, out, (int)max_transitions);
    }
    dmap_workspace_free(own);
    return rc;
}
