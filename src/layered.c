/* layered.c — Dijkstra over (cell, state) nodes with caller-listed transitions: seed 004's
 * "3D map" for enemies whose behaviour has states (the Kutulu slasher: wandering, stalking,
 * rushing, stunned), where the arrival time of a node is when the enemy can be at that cell in
 * that state at the earliest.
 *
 * The graph is never built: a callback lists a node's transitions when the node settles.
 * Durations may be 0, so the queue is an indexed binary heap keyed on the arrival array
 * (decrease-key; each node is popped at most once). */
#include <limits.h>
#include <math.h>
#include <string.h>

#include "workspace.h"

typedef struct node_heap {
    int *item;
    int *pos; /* per node: index in item, or -1 */
    size_t size;
    const double *key;
} node_heap;

static void place(node_heap *hp, size_t i, int node) {
    hp->item[i] = node;
    hp->pos[node] = (int)i;
}

static void sift_up(node_heap *hp, size_t i) {
    int node = hp->item[i];
    double k = hp->key[node];
    while (i > 0) {
        size_t parent = (i - 1) / 2;
        if (!(k < hp->key[hp->item[parent]])) break;
        place(hp, i, hp->item[parent]);
        i = parent;
    }
    place(hp, i, node);
}

static void sift_down(node_heap *hp, size_t i) {
    int node = hp->item[i];
    double k = hp->key[node];
    for (;;) {
        size_t child = 2 * i + 1;
        if (child >= hp->size) break;
        if (child + 1 < hp->size && hp->key[hp->item[child + 1]] < hp->key[hp->item[child]])
            child++;
        if (!(hp->key[hp->item[child]] < k)) break;
        place(hp, i, hp->item[child]);
        i = child;
    }
    place(hp, i, node);
}

static int pop(node_heap *hp) {
    int top = hp->item[0];
    hp->pos[top] = -1;
    if (--hp->size > 0) {
        place(hp, 0, hp->item[hp->size]);
        sift_down(hp, 0);
    }
    return top;
}

static void push_or_lower(node_heap *hp, int node) {
    if (hp->pos[node] < 0) place(hp, hp->size++, node);
    sift_up(hp, (size_t)hp->pos[node]);
}

/* The problem being solved, for the helpers below. */
typedef struct layered {
    int ncells, nstates;
    double horizon;
    double *arrival;
    int *parent;
    node_heap heap;
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
    push_or_lower(&L->heap, v);
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
    while (rc == DMAP_OK && L->heap.size > 0) rc = expand(L, pop(&L->heap), next, user, out, cap);
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
    if (!dmap_mul_size(n, 2 * sizeof(int), &heap_bytes) ||
        !dmap_mul_size((size_t)max_transitions, sizeof(dmap_transition), &out_bytes))
        return DMAP_ERR_SIZE;

    dmap_workspace *own = NULL;
    if (!(ws = dmap_ws_or_temporary(ws, &own))) return DMAP_ERR_NOMEM;
    int *mem = dmap_ws_buffer(ws, DMAP_WS_SEARCH_C, heap_bytes, 0);
    dmap_transition *out = dmap_ws_buffer(ws, DMAP_WS_SEARCH_D, out_bytes, 0);
    int rc = DMAP_ERR_NOMEM;
    if (mem && out) {
        layered L = {(int)ncells, (int)nstates, horizon, arrival, parent,
                     {mem, mem + n, 0, arrival}};
        for (size_t i = 0; i < n; i++) arrival[i] = INFINITY;
        if (parent) memset(parent, 0xff, n * sizeof(int));
        memset(L.heap.pos, 0xff, n * sizeof(int));
        rc = search(&L, sources, nsources, next, user, out, (int)max_transitions);
    }
    dmap_workspace_free(own);
    return rc;
}
