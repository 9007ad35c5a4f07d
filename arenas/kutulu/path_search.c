/* path_search.c — the referee's path search (AStar.java): a uniform-cost search whose open list is
 * stable-sorted by cost, so entries of equal cost leave in insertion order, and whose
 * neighbours are appended in direction order (k + offset) mod 4 (up, right, down, left).
 * Duplicates are allowed; an entry is skipped when its cell is already closed. We keep one
 * FIFO bucket per cost (entry costs are 1, or 5 on LIGHT cells for minions), which pops in
 * exactly the (cost, insertion order) order of the referee's sorted list. The order in which
 * cells close does not depend on the destination, so one search serves every target.
 * Without LIGHT costs (light NULL) the same order is a plain breadth-first search.
 *
 * Without LIGHT costs the referee's first step needs no search from the source either: it is
 * the first neighbour of the source, in the search's direction order, that is one step
 * closer to the destination (kt_first_step_toward, kt_first_step_near). Why: a BFS pops the
 * cells of a level grouped by the first-level cell they descend from, in the order those
 * were pushed (children are pushed in their parents' order), and a cell's parent is its
 * first-popped neighbour of the level above; so a cell descends from the earliest
 * first-level cell among its neighbours' ancestors, and by induction from the earliest
 * first-level cell one step closer to it. (With LIGHT costs a cost bucket mixes entries
 * pushed from different levels, and this does not hold: minions then search.) So one map
 * per turn of the steps to the nearest explorers, with the set of nearest explorers of every
 * cell (kt_nearest_map), serves every minion: when explorer p is one of the nearest of a
 * cell at distance d, a neighbour is one step closer to p exactly when it is at distance
 * d - 1 from the nearest and has p among its nearest. */
#include <stdlib.h>
#include <string.h>

#include "kutulu.h"

static const int dir_dx[4] = {0, 1, 0, -1};
static const int dir_dy[4] = {-1, 0, 1, 0};

void kt_search_reset(kt_search *s) {
    s->nbr_map = NULL;
    s->near_ready = 0;
    memset(s->is_target, 0, sizeof s->is_target);
}

/* The neighbour lists of map m, once per map: the walkable directions of a cell as a 4-bit
 * mask (bit d: direction d, up, right, down, left), then each offset's list in order. Walls
 * get none (no search starts on one). */
static void prepare_map(const kt_map *m, kt_search *s) {
    if (s->nbr_map == m) return;
    int n = m->w * m->h, w = m->w;
    const int delta[4] = {-w, 1, w, -1};
    for (int c = 0; c < n; c++) {
        s->deg[c] = 0;
        if (m->cells[c] == '#') continue;
        int x = c % w, y = c / w;
        unsigned open = (unsigned)(y > 0 && m->cells[c - w] != '#') |
                        (unsigned)(x + 1 < w && m->cells[c + 1] != '#') << 1 |
                        (unsigned)(y + 1 < m->h && m->cells[c + w] != '#') << 2 |
                        (unsigned)(x > 0 && m->cells[c - 1] != '#') << 3;
        int k = 0;
        for (int off = 0; off < 4; off++) {
            k = 0;
            for (int d = 0; d < 4; d++) {
                int dir = (d + off) & 3;
                if (open & (1u << dir)) s->adj[off][c][k++] = (short)(c + delta[dir]);
            }
        }
        s->deg[c] = (unsigned char)k;
    }
    s->nbr_map = m;
    s->near_ready = 0;
}

/* Unit costs: the referee's list pops its entries level by level in push order, so the first
 * entry of a cell is its first push and later duplicates close nothing: a BFS that labels a
 * cell when it is first pushed gives the same costs and parents, and the path to a target is
 * final once the target is pushed. remaining counts the targets not reached yet. */
static void search_unit_costs(kt_search *s, int src, int offset, int remaining, int any) {
    int *queue = s->queue, head = 0, tail = 0;
    s->cost[src] = 0;
    queue[tail++] = src;
    remaining -= s->is_target[src];
    if (any && remaining <= 0) return;
    while (head < tail) {
        int cell = queue[head++], next_cost = s->cost[cell] + 1;
        const short *nb = s->adj[offset][cell];
        for (int k = 0; k < s->deg[cell]; k++) {
            int next = nb[k];
            if (s->cost[next] >= 0) continue;
            s->cost[next] = next_cost;
            s->parent[next] = cell;
            queue[tail++] = next;
            remaining -= s->is_target[next];
            if (any && remaining <= 0) return;
        }
    }
}

/* LIGHT costs: one FIFO bucket of entries per cost; a step costs 1 or 1 + KT_LIGHT_EXTRA, so
 * only the buckets of costs c .. c + KT_LIGHT_EXTRA + 1 are in use when cost c pops, and the
 * buckets are reused in turn. An entry packs its cell and its parent + 1 (11 bits each). */
enum { BUCKETS = KT_LIGHT_EXTRA + 2, CELL_BITS = 11, CELL_MASK = (1 << CELL_BITS) - 1 };

static void search_light_costs(kt_search *s, const unsigned char *light, int src, int offset,
                               int remaining, int any, int cheapest) {
    int len[BUCKETS] = {0}, waiting = 1, found = 0;
    s->bucket[0][len[0]++] = src;
    for (int c = 0, b = 0; waiting > 0; c++, b = b + 1 < BUCKETS ? b + 1 : 0) {
        if (found) return; /* cheapest: the cost of the first target found is done */
        int *q = s->bucket[b]; /* b = c mod BUCKETS */
        for (int i = 0; i < len[b]; i++) { /* pushes go to other buckets: len[b] is fixed */
            waiting--;
            int cell = q[i] & CELL_MASK;
            if (s->cost[cell] >= 0) continue; /* already closed */
            s->cost[cell] = c;
            s->parent[cell] = (q[i] >> CELL_BITS) - 1;
            remaining -= s->is_target[cell];
            if (any && remaining <= 0) return;
            found |= cheapest && s->is_target[cell];
            const short *nb = s->adj[offset][cell];
            for (int k = 0; k < s->deg[cell]; k++) {
                int next = nb[k];
                if (s->cost[next] >= 0) continue;
                int nb_cost = 1 + (light[next] ? KT_LIGHT_EXTRA : 0), to = b + nb_cost;
                if (to >= BUCKETS) to -= BUCKETS;
                s->bucket[to][len[to]++] = next | (cell + 1) << CELL_BITS;
                waiting++;
            }
        }
        len[b] = 0;
    }
}

/* kt_path_search, or kt_path_search_cheapest when cheapest (LIGHT costs only). */
static void search(const kt_map *m, const unsigned char *light, int src, int offset,
                   const int *targets, int ntargets, int cheapest, kt_search *s) {
    prepare_map(m, s);
    memset(s->cost, -1, sizeof s->cost[0] * (size_t)(m->w * m->h));
    s->parent[src] = -1;
    offset %= 4;
    if (offset < 0) offset += 4;
    for (int i = 0; i < ntargets; i++) s->is_target[targets[i]]++;
    if (light)
        search_light_costs(s, light, src, offset, ntargets, ntargets > 0, cheapest);
    else
        search_unit_costs(s, src, offset, ntargets, ntargets > 0);
    for (int i = 0; i < ntargets; i++) s->is_target[targets[i]] = 0;
}

void kt_path_search(const kt_map *m, const unsigned char *light, int src, int offset,
                    const int *targets, int ntargets, kt_search *s) {
    search(m, light, src, offset, targets, ntargets, 0, s);
}

void kt_path_search_cheapest(const kt_map *m, const unsigned char *light, int src, int offset,
                             const int *targets, int ntargets, kt_search *s) {
    search(m, light, src, offset, targets, ntargets, 1, s);
}

int kt_path_first_step(const kt_search *s, int src, int dst) {
    if (s->cost[dst] < 0 || dst == src) return -1;
    int c = dst;
    while (s->parent[c] != src) {
        c = s->parent[c];
        if (c < 0) return -1;
    }
    return c;
}

/* A breadth-first search from all the sources at once that also carries, to every cell, the
 * set of sources at its distance: a cell's nearest sources are the union of those of its
 * neighbours one step closer, all popped before it. (dmap_bfs gives the distances but not
 * these sets, and rebuilding them from its output cost more than this whole search.) */
int kt_nearest_map(const kt_map *m, const int cells[KT_PLAYERS], unsigned include,
                   const int *needed, int nneeded, kt_search *s) {
    prepare_map(m, s);
    int left = 0, last_level = 0; /* needed cells not reached yet; their deepest level */
    for (int i = 0; i < nneeded; i++)
        if (!s->is_target[needed[i]]) s->is_target[needed[i]] = 1, left++;
    memset(s->near, -1, sizeof s->near[0] * (size_t)(m->w * m->h));
    int *queue = s->queue, head = 0, tail = 0;
    for (int i = 0; i < KT_PLAYERS; i++) {
        if (!(include & (1u << i))) continue;
        int c = cells[i];
        if (c < 0 || c >= m->w * m->h || m->cells[c] == '#') {
            for (int k = 0; k < nneeded; k++) s->is_target[needed[k]] = 0;
            return -1;
        }
        if (s->near[c] < 0) {
            s->near[c] = 0;
            s->who[c] = 0;
            queue[tail++] = c;
            left -= s->is_target[c];
        }
        s->who[c] |= (unsigned char)(1u << i);
    }
    while (head < tail) {
        int c = queue[head++], d = s->near[c] + 1;
        /* every cell of the levels before d - 1 has been popped: the sets up to d - 1 are whole */
        if (nneeded > 0 && left == 0 && d - 1 >= last_level) break;
        unsigned char w = s->who[c];
        const short *nb = s->adj[0][c];
        for (int k = 0; k < s->deg[c]; k++) {
            int next = nb[k];
            if (s->near[next] < 0) {
                s->near[next] = d;
                s->who[next] = w;
                queue[tail++] = next;
                if (s->is_target[next]) left--, last_level = d;
            } else if (s->near[next] == d) {
                s->who[next] |= w;
            }
        }
    }
    for (int i = 0; i < nneeded; i++) s->is_target[needed[i]] = 0;
    return 0;
}

int kt_first_step_toward(const kt_map *m, const kt_search *s, int i, int from, int offset) {
    int d = s->near[from];
    if (d <= 0 || s->nbr_map != m) return -1;
    offset %= 4;
    if (offset < 0) offset += 4;
    for (int k = 0; k < s->deg[from]; k++) {
        int next = s->adj[offset][from][k];
        if (s->near[next] == d - 1 && (s->who[next] & (1u << i))) return next;
    }
    return -1; /* i is not one of the nearest sources */
}

int kt_first_step_near(const kt_map *m, int src, int dst) {
    if (src == dst) return -1;
    int sx = src % m->w, sy = src / m->w, tx = dst % m->w, ty = dst / m->w;
    int far = abs(tx - sx) + abs(ty - sy);
    if (far > 2 || !kt_walkable(m, tx, ty)) return -2;
    /* a walkable neighbour one step closer in Manhattan distance is one step closer on the
     * map: the path through it is as short as the Manhattan distance, and none is shorter */
    for (int d = 0; d < 4; d++) {
        int nx = sx + dir_dx[d], ny = sy + dir_dy[d];
        if (kt_walkable(m, nx, ny) && abs(tx - nx) + abs(ty - ny) == far - 1) return ny * m->w + nx;
    }
    return -2;
}
