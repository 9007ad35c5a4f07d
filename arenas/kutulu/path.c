/* path.c — the referee's path search (AStar.java): a uniform-cost search whose open list is
 * stable-sorted by cost, so entries of equal cost leave in insertion order, and whose
 * neighbours are appended in direction order (k + offset) mod 4 (up, right, down, left).
 * Duplicates are allowed; an entry is skipped when its cell is already closed. We keep one
 * FIFO bucket per cost (entry costs are 1, or 5 on LIGHT cells for minions), which pops in
 * exactly the (cost, insertion order) order of the referee's sorted list. The order in which
 * cells close does not depend on the destination, so one search serves every target.
 * Without LIGHT costs (light NULL) the same order is a plain breadth-first search. */
#include "kutulu.h"

static const int dir_dx[4] = {0, 1, 0, -1};
static const int dir_dy[4] = {-1, 0, 1, 0};

int kt_walkable(const kt_map *m, int x, int y) {
    return x >= 0 && y >= 0 && x < m->w && y < m->h && m->cells[y * m->w + x] != '#';
}

void kt_path_search(const kt_map *m, const unsigned char *light, int src, int offset,
                    const int *targets, int ntargets, kt_search *s) {
    int n = m->w * m->h;
    if (s->nbr_map != m) {
        for (int c = 0; c < n; c++)
            for (int d = 0; d < 4; d++) {
                int nx = c % m->w + dir_dx[d], ny = c / m->w + dir_dy[d];
                s->nbr[c][d] = kt_walkable(m, nx, ny) ? ny * m->w + nx : -1;
            }
        s->nbr_map = m;
    }
    for (int c = 0; c < n; c++) {
        s->cost[c] = -1;
        s->parent[c] = -1;
    }
    int remaining = ntargets;
    offset %= 4;
    if (offset < 0) offset += 4;
    if (!light) {
        /* Unit costs: the referee's list pops its entries level by level in push order, so the
         * first entry of a cell is its first push and later duplicates close nothing: a BFS
         * that labels a cell when it is first pushed gives the same costs and parents, and
         * the path to a target is final once the target is pushed. */
        int *queue = s->entry_cell, head = 0, tail = 0;
        s->cost[src] = 0;
        queue[tail++] = src;
        for (int i = 0; i < ntargets; i++)
            if (targets[i] == src) remaining--;
        if (ntargets > 0 && remaining <= 0) return;
        while (head < tail) {
            int cell = queue[head++];
            const int *nb = s->nbr[cell];
            for (int k = 0; k < 4; k++) {
                int next = nb[(k + offset) & 3];
                if (next < 0 || s->cost[next] >= 0) continue;
                s->cost[next] = s->cost[cell] + 1;
                s->parent[next] = cell;
                queue[tail++] = next;
                if (ntargets > 0) {
                    for (int i = 0; i < ntargets; i++)
                        if (targets[i] == next) remaining--;
                    if (remaining <= 0) return;
                }
            }
        }
        return;
    }
    int hi = 0, nent = 1;
    s->bucket_head[0] = 0;
    s->bucket_tail[0] = 0;
    s->entry_next[0] = -1;
    s->entry_cell[0] = src;
    s->entry_parent[0] = -1;
    for (int c = 0; c <= hi; c++) {
        while (s->bucket_head[c] >= 0) {
            int e = s->bucket_head[c];
            s->bucket_head[c] = s->entry_next[e];
            int cell = s->entry_cell[e];
            if (s->cost[cell] >= 0) continue; /* already closed */
            s->cost[cell] = c;
            s->parent[cell] = s->entry_parent[e];
            if (ntargets > 0) {
                for (int i = 0; i < ntargets; i++)
                    if (targets[i] == cell) remaining--;
                if (remaining <= 0) return;
            }
            const int *nb = s->nbr[cell];
            for (int k = 0; k < 4; k++) {
                int next = nb[(k + offset) & 3];
                if (next < 0 || s->cost[next] >= 0) continue;
                int nc = c + 1 + (light && light[next] ? KT_LIGHT_EXTRA : 0);
                while (hi < nc) {
                    hi++;
                    s->bucket_head[hi] = -1;
                }
                int ne = nent++;
                s->entry_next[ne] = -1;
                s->entry_cell[ne] = next;
                s->entry_parent[ne] = cell;
                if (s->bucket_head[nc] < 0)
                    s->bucket_head[nc] = ne;
                else
                    s->entry_next[s->bucket_tail[nc]] = ne;
                s->bucket_tail[nc] = ne;
            }
        }
    }
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
