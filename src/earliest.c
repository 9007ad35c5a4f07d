/* earliest.c — earliest arrival from one cell under the move rules, with an optional limit and
 * optional per-cell deadlines: the one search behind threat maps and the safe walk.
 *
 * Unit cell costs: one FIFO per distinct step weight (1 for 4-connected or equal weights, 2
 * for octile-like moves). Every value pushed into a FIFO is a settled value plus that FIFO's
 * weight, and settled values grow, so each FIFO is sorted and each cell enters each FIFO at
 * most once (a second push would need a smaller key). Popping the smallest head settles
 * cells in Dijkstra order without a heap. Cost arrays: an indexed binary heap keyed on the
 * arrival array itself (decrease-key, no stale entries). */
#include <math.h>
#include <string.h>

#include "earliest.h"
#include "workspace.h"

/* One neighbour direction: offsets, and the FIFO (weight class) its steps go to. */
typedef struct step_dir {
    int dx, dy, diagonal, cls;
    double weight;
    ptrdiff_t offset;
} step_dir;

typedef struct search {
    earliest_query *q;
    const unsigned char *wall;
    const double *cost;
    int w, h, ndirs, strict;
    step_dir dir[8];
} search;

int earliest_check(const dmap_grid *g, const dmap_moves *m, int start) {
    if (!g || !m) return DMAP_ERR_ARG;
    if (dmap_moves_check(m) != DMAP_OK) return DMAP_ERR_ARG;
    int rc = dmap_grid_check(g);
    if (rc != DMAP_OK) return rc;
    if (start < 0 || (int64_t)start >= (int64_t)g->w * g->h) return DMAP_ERR_RANGE;
    if (g->wall[start]) return DMAP_ERR_WALL;
    return DMAP_OK;
}

static void setup(search *s, earliest_query *q) {
    static const int dxs[8] = {0, 1, 0, -1, 1, 1, -1, -1};
    static const int dys[8] = {-1, 0, 1, 0, -1, 1, 1, -1};
    const dmap_moves *m = q->m;
    s->q = q;
    s->wall = q->g->wall;
    s->cost = q->g->cost;
    s->w = q->g->w;
    s->h = q->g->h;
    s->ndirs = m->connectivity == 8 ? 8 : 4;
    s->strict = m->connectivity == 8 && m->corners == DMAP_CORNERS_STRICT;
    int two_classes = s->ndirs == 8 && m->diagonal != m->cardinal;
    for (int k = 0; k < 8; k++) {
        step_dir *d = &s->dir[k];
        d->dx = dxs[k];
        d->dy = dys[k];
        d->diagonal = k >= 4;
        d->weight = d->diagonal ? m->diagonal : m->cardinal;
        d->cls = d->diagonal && two_classes;
        d->offset = (ptrdiff_t)dys[k] * s->w + dxs[k];
    }
}

/* Would arriving at v at time t improve it and be allowed? */
static int improves(const search *s, int v, double t) {
    const earliest_query *q = s->q;
    return t < q->arrival[v] && t <= q->limit && (!q->deadline || t < q->deadline[v]);
}

static void record(search *s, int v, double t, int from) {
    s->q->arrival[v] = t;
    if (s->q->parent) s->q->parent[v] = from;
}

/* ---- unit costs, one step weight: plain BFS ---------------------------------------------------
 * With a single source and a single weight, the first time a cell is reached is its final
 * arrival (BFS order), so the queue holds cells only and arrival[] holds their times. */

/* May a step from u (at column x, row y) in direction d be taken? */
static int step_allowed(const search *s, int u, int x, int y, const step_dir *d) {
    int nx = x + d->dx, ny = y + d->dy;
    if ((unsigned)nx >= (unsigned)s->w || (unsigned)ny >= (unsigned)s->h) return 0;
    if (s->wall[u + d->offset]) return 0;
    if (d->diagonal && s->strict && (s->wall[u + d->dx] || s->wall[u + (ptrdiff_t)d->dy * s->w]))
        return 0;
    return 1;
}

static int run_bfs(search *s, dmap_workspace *ws) {
    size_t n = (size_t)s->w * (size_t)s->h, bytes;
    if (!dmap_mul_size(n, sizeof(int) + 1, &bytes)) return DMAP_ERR_SIZE;
    int *queue = dmap_ws_buffer(ws, DMAP_WS_SEARCH_C, bytes, 0);
    if (!queue) return DMAP_ERR_NOMEM;
    /* closed[c]: a wall, or a cell already reached or refused. In BFS order a cell refused at
     * time t would be refused at any later time too, so each deadline is read at most once. */
    unsigned char *closed = (unsigned char *)(queue + n);
    memcpy(closed, s->wall, n);
    earliest_query *q = s->q;
    double *arrival = q->arrival;
    const double *deadline = q->deadline;
    const double step = s->dir[0].weight, limit = q->limit;
    unsigned w = (unsigned)s->w;
    size_t head = 0, tail = 0;
    queue[tail++] = q->start;
    closed[q->start] = 1;
    while (head < tail) {
        int u = queue[head++];
        double nt = arrival[u] + step;
        if (nt > limit) break; /* every later cell is at least as far */
        unsigned y = (unsigned)u / w, x = (unsigned)u - y * w;
        for (int k = 0; k < s->ndirs; k++) {
            const step_dir *d = &s->dir[k];
            int nx = (int)x + d->dx, ny = (int)y + d->dy;
            if ((unsigned)nx >= w || (unsigned)ny >= (unsigned)s->h) continue;
            int v = (int)(u + d->offset);
            if (closed[v]) continue;
            if (d->diagonal && s->strict && (s->wall[u + d->dx] || s->wall[u + (ptrdiff_t)d->dy * s->w]))
                continue;
            closed[v] = 1;
            if (deadline && !(nt < deadline[v])) continue;
            arrival[v] = nt;
            if (q->parent) q->parent[v] = u;
            queue[tail++] = v;
        }
    }
    q->reached = tail;
    return DMAP_OK;
}

/* ---- unit costs, two step weights: FIFO merge ------------------------------------------------ */

typedef struct fifo {
    double *key;
    int *cell;
    size_t head, tail;
} fifo;

static int run_fifos(search *s, dmap_workspace *ws) {
    size_t n = (size_t)s->w * (size_t)s->h, bytes;
    if (!dmap_mul_size(n, (sizeof(double) + sizeof(int)) * 2 + 1, &bytes)) return DMAP_ERR_SIZE;
    unsigned char *mem = dmap_ws_buffer(ws, DMAP_WS_SEARCH_C, bytes, 0);
    if (!mem) return DMAP_ERR_NOMEM;
    fifo f[2];
    int *cells = (int *)(void *)((double *)(void *)mem + 2 * n);
    /* closed[c]: a wall or a settled cell; skipping them saves reading arrival and deadline */
    unsigned char *closed = (unsigned char *)(cells + 2 * n);
    memcpy(closed, s->wall, n);
    for (int c = 0; c < 2; c++) {
        f[c].key = (double *)(void *)mem + (size_t)c * n;
        f[c].cell = cells + (size_t)c * n;
        f[c].head = f[c].tail = 0;
    }
    earliest_query *q = s->q;
    unsigned w = (unsigned)s->w;
    f[0].key[0] = q->start_time;
    f[0].cell[0] = q->start;
    f[0].tail = 1;
    size_t reached = 1;
    for (;;) {
        int c;
        if (f[0].head < f[0].tail)
            c = f[1].head < f[1].tail && f[1].key[f[1].head] < f[0].key[f[0].head] ? 1 : 0;
        else if (f[1].head < f[1].tail)
            c = 1;
        else
            break;
        double t = f[c].key[f[c].head];
        int u = f[c].cell[f[c].head++];
        if (closed[u]) continue; /* settled already, through the other FIFO */
        closed[u] = 1;
        unsigned y = (unsigned)u / w, x = (unsigned)u - y * w;
        for (int k = 0; k < s->ndirs; k++) {
            const step_dir *d = &s->dir[k];
            int nx = (int)x + d->dx, ny = (int)y + d->dy;
            if ((unsigned)nx >= w || (unsigned)ny >= (unsigned)s->h) continue;
            int v = (int)(u + d->offset);
            if (closed[v]) continue;
            if (d->diagonal && s->strict && (s->wall[u + d->dx] || s->wall[u + (ptrdiff_t)d->dy * s->w]))
                continue;
            double nt = t + d->weight;
            if (!improves(s, v, nt)) continue;
            if (q->arrival[v] == INFINITY) reached++;
            record(s, v, nt, u);
            fifo *to = &f[d->cls];
            to->key[to->tail] = nt;
            to->cell[to->tail++] = v;
        }
    }
    q->reached = reached;
    return DMAP_OK;
}

/* ---- cost arrays: indexed binary heap keyed on arrival ------------------------------------ */

typedef struct heap {
    int *item;
    int *pos; /* per cell: index in item, or -1 when not in the heap */
    size_t size;
    const double *key;
} heap;

static void heap_place(heap *hp, size_t i, int cell) {
    hp->item[i] = cell;
    hp->pos[cell] = (int)i;
}

static void heap_up(heap *hp, size_t i) {
    int cell = hp->item[i];
    double k = hp->key[cell];
    while (i > 0) {
        size_t parent = (i - 1) / 2;
        if (!(k < hp->key[hp->item[parent]])) break;
        heap_place(hp, i, hp->item[parent]);
        i = parent;
    }
    heap_place(hp, i, cell);
}

static void heap_down(heap *hp, size_t i) {
    int cell = hp->item[i];
    double k = hp->key[cell];
    for (;;) {
        size_t child = 2 * i + 1;
        if (child >= hp->size) break;
        if (child + 1 < hp->size && hp->key[hp->item[child + 1]] < hp->key[hp->item[child]])
            child++;
        if (!(hp->key[hp->item[child]] < k)) break;
        heap_place(hp, i, hp->item[child]);
        i = child;
    }
    heap_place(hp, i, cell);
}

static int heap_pop(heap *hp) {
    int top = hp->item[0];
    hp->pos[top] = -1;
    if (--hp->size > 0) {
        heap_place(hp, 0, hp->item[hp->size]);
        heap_down(hp, 0);
    }
    return top;
}

static void heap_push_or_lower(heap *hp, int cell) {
    if (hp->pos[cell] < 0) {
        heap_place(hp, hp->size++, cell);
    }
    heap_up(hp, (size_t)hp->pos[cell]);
}

static int run_heap(search *s, dmap_workspace *ws) {
    size_t n = (size_t)s->w * (size_t)s->h, bytes;
    if (!dmap_mul_size(n, 2 * sizeof(int), &bytes)) return DMAP_ERR_SIZE;
    int *mem = dmap_ws_buffer(ws, DMAP_WS_SEARCH_C, bytes, 0);
    if (!mem) return DMAP_ERR_NOMEM;
    earliest_query *q = s->q;
    heap hp = {mem, mem + n, 0, q->arrival};
    memset(hp.pos, 0xff, n * sizeof(int)); /* all -1 */
    heap_push_or_lower(&hp, q->start);
    size_t reached = 1;
    while (hp.size > 0) {
        int u = heap_pop(&hp);
        double t = q->arrival[u];
        unsigned y = (unsigned)u / (unsigned)s->w, x = (unsigned)u - y * (unsigned)s->w;
        for (int k = 0; k < s->ndirs; k++) {
            const step_dir *d = &s->dir[k];
            if (!step_allowed(s, u, (int)x, (int)y, d)) continue;
            int v = (int)(u + d->offset);
            double nt = t + d->weight * s->cost[v];
            if (!improves(s, v, nt)) continue;
            if (q->arrival[v] == INFINITY) reached++;
            record(s, v, nt, u);
            heap_push_or_lower(&hp, v);
        }
    }
    q->reached = reached;
    return DMAP_OK;
}

int earliest_arrival(earliest_query *q, dmap_workspace *ws) {
    search s;
    setup(&s, q);
    size_t n = (size_t)s.w * (size_t)s.h;
    for (size_t i = 0; i < n; i++) q->arrival[i] = INFINITY;
    if (q->parent) memset(q->parent, 0xff, n * sizeof(int)); /* all -1 */
    q->arrival[q->start] = q->start_time;
    if (s.cost) return run_heap(&s, ws);
    return s.dir[4].cls ? run_fifos(&s, ws) : run_bfs(&s, ws);
}
