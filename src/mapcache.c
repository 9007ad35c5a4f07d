/* mapcache.c — a cache of distance maps keyed by goal cell, refreshed lazily (Brogue's waypoint
 * maps: keep up to K maps, recompute one only when it is asked for and the grid changed).
 *
 * Each kept map is a live map (update.c). Grid edits go to a log and to the cache's own grid;
 * a kept map replays the log entries it has not seen, incrementally, the next time it is
 * asked for, so an edit costs nothing until a map is needed and then only the cells that
 * depend on it. When every map is full, the least recently used one is evicted. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dmap.h"
#include "grid.h"
#include "workspace.h"

/* A log longer than this is not kept: maps behind it are evicted instead (they would cost
 * about a full scan to bring up to date anyway). */
enum { CACHE_LOG_MAX = 1 << 16 };

typedef struct cache_entry {
    dmap_live *lm;   /* NULL: a free slot */
    int goal;
    uint64_t used;   /* the clock of the last get */
    size_t seen;     /* log entries applied (an absolute count) */
} cache_entry;

struct dmap_cache {
    dmap_grid grid;  /* the current grid (owned copy) */
    dmap_moves moves;
    double dflt;
    size_t capacity;
    cache_entry *entries;
    dmap_edit *log;
    size_t log_base, log_len, log_cap; /* the log holds absolute edits log_base .. +log_len */
    uint64_t clock;
    dmap_cache_counters stats;
};

void dmap_cache_free(dmap_cache *c) {
    if (!c) return;
    for (size_t k = 0; c->entries && k < c->capacity; k++) dmap_live_free(c->entries[k].lm);
    free(c->entries);
    free(c->log);
    dmap_grid_free(&c->grid);
    free(c);
}

int dmap_cache_new(const dmap_grid *g, const dmap_moves *m, double dflt, size_t capacity,
                   dmap_cache **out) {
    if (!out) return DMAP_ERR_ARG;
    *out = NULL;
    if (!g || !m || capacity == 0 || capacity > 1u << 20) return DMAP_ERR_ARG;
    int rc = dmap_grid_check_steps(g, m);
    if (rc) return rc;
    if (isnan(dflt) || dflt == -INFINITY) return DMAP_ERR_VALUE; /* +INFINITY: no ceiling */
    dmap_cache *c = (dmap_cache *)calloc(1, sizeof *c);
    if (!c) return DMAP_ERR_NOMEM;
    c->moves = *m;
    c->dflt = dflt;
    c->capacity = capacity;
    c->entries = (cache_entry *)calloc(capacity, sizeof *c->entries);
    rc = c->entries ? dmap_grid_init(&c->grid, g->w, g->h) : DMAP_ERR_NOMEM;
    if (rc == DMAP_OK) {
        size_t n = (size_t)g->w * (size_t)g->h;
        memcpy(c->grid.wall, g->wall, n);
        if (g->cost && (rc = dmap_grid_add_costs(&c->grid)) == DMAP_OK)
            for (size_t i = 0; i < n; i++)
                c->grid.cost[i] = !(g->cost[i] > 0 && g->cost[i] < INFINITY) ? 1.0 : g->cost[i];
    }
    if (rc) {
        dmap_cache_free(c);
        return rc;
    }
    *out = c;
    return DMAP_OK;
}

/* Keep the edits of the log that some kept map has not applied yet. */
static void trim_log(dmap_cache *c) {
    size_t end = c->log_base + c->log_len, low = end;
    for (size_t k = 0; k < c->capacity; k++)
        if (c->entries[k].lm && c->entries[k].seen < low) low = c->entries[k].seen;
    size_t drop = low - c->log_base;
    if (!drop) return;
    memmove(c->log, c->log + drop, (c->log_len - drop) * sizeof *c->log);
    c->log_len -= drop;
    c->log_base = low;
}

static void evict(dmap_cache *c, cache_entry *e) {
    dmap_live_free(e->lm);
    e->lm = NULL;
    c->stats.evictions++;
}

int dmap_cache_edit(dmap_cache *c, const dmap_edit *edits, size_t n) {
    if (!c || (n && !edits)) return DMAP_ERR_ARG;
    for (size_t k = 0; k < n; k++) {
        const dmap_edit *e = &edits[k];
        if (e->kind != DMAP_EDIT_WALL && e->kind != DMAP_EDIT_FLOOR && e->kind != DMAP_EDIT_COST)
            return DMAP_ERR_ARG;
        if (e->x < 0 || e->y < 0 || e->x >= c->grid.w || e->y >= c->grid.h) return DMAP_ERR_RANGE;
        if (e->kind == DMAP_EDIT_COST && !dmap_cost_fits(&c->moves, e->value))
            return DMAP_ERR_VALUE;
    }
    if (c->log_len + n > CACHE_LOG_MAX) { /* too far behind: evict every map instead */
        for (size_t k = 0; k < c->capacity; k++)
            if (c->entries[k].lm) evict(c, &c->entries[k]);
        c->log_base += c->log_len;
        c->log_len = 0;
    }
    size_t need = c->log_len + n;
    if (need > c->log_cap) {
        size_t cap = c->log_cap ? c->log_cap : 64;
        while (cap < need) cap *= 2;
        dmap_edit *log = (dmap_edit *)realloc(c->log, cap * sizeof *log);
        if (!log) return DMAP_ERR_NOMEM;
        c->log = log;
        c->log_cap = cap;
    }
    int costs = 0;
    for (size_t k = 0; k < n; k++) costs |= edits[k].kind == DMAP_EDIT_COST;
    if (costs && !c->grid.cost && dmap_grid_add_costs(&c->grid) != DMAP_OK) return DMAP_ERR_NOMEM;
    for (size_t k = 0; k < n; k++) {
        const dmap_edit *e = &edits[k];
        size_t i = (size_t)e->y * (size_t)c->grid.w + (size_t)e->x;
        if (e->kind == DMAP_EDIT_WALL) c->grid.wall[i] = 1;
        if (e->kind == DMAP_EDIT_FLOOR) c->grid.wall[i] = 0;
        if (e->kind == DMAP_EDIT_COST) c->grid.cost[i] = e->value;
        c->log[c->log_len++] = *e;
    }
    /* maps with no one behind them need no log: drop what every map has seen */
    int any = 0;
    for (size_t k = 0; k < c->capacity; k++) any |= c->entries[k].lm != NULL;
    if (!any) {
        c->log_base += c->log_len;
        c->log_len = 0;
    }
    return DMAP_OK;
}

/* A slot for a new map: a free one, or the least recently used (evicted). */
static cache_entry *free_slot(dmap_cache *c) {
    cache_entry *lru = NULL;
    for (size_t k = 0; k < c->capacity; k++) {
        cache_entry *e = &c->entries[k];
        if (!e->lm) return e;
        if (!lru || e->used < lru->used) lru = e;
    }
    evict(c, lru);
    return lru;
}

int dmap_cache_get(dmap_cache *c, int goal, const double **map) {
    if (map) *map = NULL;
    if (!c || !map) return DMAP_ERR_ARG;
    if (goal < 0 || (int64_t)goal >= (int64_t)c->grid.w * c->grid.h) return DMAP_ERR_RANGE;
    if (c->grid.wall[goal]) return DMAP_ERR_WALL;
    size_t end = c->log_base + c->log_len;
    cache_entry *e = NULL;
    for (size_t k = 0; k < c->capacity && !e; k++)
        if (c->entries[k].lm && c->entries[k].goal == goal) e = &c->entries[k];
    int rc = DMAP_OK;
    if (e) {
        c->stats.hits++;
        if (e->seen < end) {
            size_t touched;
            rc = dmap_live_apply(e->lm, c->log + (e->seen - c->log_base), end - e->seen, &touched);
            if (rc != DMAP_OK) { /* the live map rebuilt itself or is unusable: start over */
                evict(c, e);
                return rc;
            }
            c->stats.updates++;
            c->stats.cells_updated += touched;
            e->seen = end;
            trim_log(c);
        }
    } else {
        c->stats.misses++;
        e = free_slot(c);
        dmap_goal g0 = {goal % c->grid.w, goal / c->grid.w, 0};
        rc = dmap_live_new(&c->grid, &c->moves, &g0, 1, c->dflt, NULL, &e->lm);
        if (rc != DMAP_OK) return rc;
        e->goal = goal;
        e->seen = end;
        trim_log(c);
    }
    e->used = ++c->clock;
    *map = dmap_live_values(e->lm);
    return DMAP_OK;
}

void dmap_cache_stats(const dmap_cache *c, dmap_cache_counters *s) {
    if (!s) return;
    if (c)
        *s = c->stats;
    else
        memset(s, 0, sizeof *s);
}

const dmap_grid *dmap_cache_grid(const dmap_cache *c) { return c ? &c->grid : NULL; }
