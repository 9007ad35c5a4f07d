/* blast.c — bomb timing from first sightings, chain reactions, and the escape test (blast.h). */
#include "bots/blast.h"

#include <math.h>
#include <string.h>

void blast_remember(blast_memory *m, const bomber_view *v) {
    int kept = 0;
    for (int k = 0; k < m->n; k++) {
        if (m->b[k].gone >= 0) continue; /* its fire is out by now */
        int still = 0;
        for (int i = 0; i < v->nbombs && !still; i++)
            still = v->bombs[i].x == m->b[k].x && v->bombs[i].y == m->b[k].y;
        if (!still) m->b[k].gone = v->tick_number;
        m->b[kept++] = m->b[k];
    }
    m->n = kept;
    for (int i = 0; i < v->nbombs; i++) {
        int known = 0;
        for (int k = 0; k < m->n && !known; k++)
            known = v->bombs[i].x == m->b[k].x && v->bombs[i].y == m->b[k].y && m->b[k].gone < 0;
        if (!known && m->n < BOMBER_MAX_BOMBS) {
            m->b[m->n].x = v->bombs[i].x, m->b[m->n].y = v->bombs[i].y;
            m->b[m->n].first = v->tick_number, m->b[m->n].gone = -1;
            m->n++;
        }
    }
}

void blast_walls(const bomber_view *v, unsigned char wall[BOMBER_CELLS]) {
    memset(wall, 0, BOMBER_CELLS);
    for (int i = 0; i < v->nblocks; i++) wall[v->blocks[i].y * BOMBER_W + v->blocks[i].x] = 1;
    for (int i = 0; i < v->nbombs; i++) wall[v->bombs[i].y * BOMBER_W + v->bombs[i].x] = 1;
    for (int i = 0; i < v->nplayers; i++)
        if (v->players[i].pid != v->id) wall[v->players[i].y * BOMBER_W + v->players[i].x] = 1;
    wall[v->y * BOMBER_W + v->x] = 0;
}

/* Mark the cells a bomb at (bx, by) with radius 2 sets on fire: its cell, then each ray until
 * (and including) the first block or bomb, as the engine's _start_fire. */
static void cross(const unsigned char *stop, int bx, int by, int *out, int *n) {
    static const int d[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
    out[(*n)++] = by * BOMBER_W + bx;
    for (int k = 0; k < 4; k++)
        for (int i = 1; i <= BOMBER_START_POWER; i++) {
            int x = bx + d[k][0] * i, y = by + d[k][1] * i;
            if (x < 0 || x >= BOMBER_W || y < 0 || y >= BOMBER_H) break;
            out[(*n)++] = y * BOMBER_W + x;
            if (stop[y * BOMBER_W + x]) break;
        }
}

int blast_cells(const bomber_view *v, int x, int y, int out[9]) {
    unsigned char stop[BOMBER_CELLS] = {0};
    for (int i = 0; i < v->nblocks; i++) stop[v->blocks[i].y * BOMBER_W + v->blocks[i].x] = 1;
    for (int i = 0; i < v->nbombs; i++) stop[v->bombs[i].y * BOMBER_W + v->bombs[i].x] = 1;
    int n = 0;
    cross(stop, x, y, out, &n);
    return n;
}

void blast_hurt_ticks(const bomber_view *v, const blast_memory *m, const int *extra,
                      int extra_first, int hurt[BOMBER_CELLS]) {
    int n = m->n + (extra ? 1 : 0);
    int bx[BOMBER_MAX_BOMBS + 1], by[BOMBER_MAX_BOMBS + 1], boom[BOMBER_MAX_BOMBS + 1];
    unsigned char stop[BOMBER_CELLS] = {0};
    for (int i = 0; i < v->nblocks; i++) stop[v->blocks[i].y * BOMBER_W + v->blocks[i].x] = 1;
    for (int k = 0; k < m->n; k++) {
        bx[k] = m->b[k].x, by[k] = m->b[k].y;
        boom[k] = m->b[k].gone >= 0 ? m->b[k].gone : m->b[k].first + 34;
        if (m->b[k].gone < 0) stop[by[k] * BOMBER_W + bx[k]] = 1;
    }
    if (extra) {
        bx[n - 1] = extra[0], by[n - 1] = extra[1], boom[n - 1] = extra_first + 34;
        stop[extra[1] * BOMBER_W + extra[0]] = 1;
    }
    /* Chains: a bomb in the fire of one exploding at the end of tick E goes off at E + 1. */
    int cells[BOMBER_MAX_BOMBS + 1][9], nc[BOMBER_MAX_BOMBS + 1];
    for (int k = 0; k < n; k++) nc[k] = 0, cross(stop, bx[k], by[k], cells[k], &nc[k]);
    for (int changed = 1; changed;) {
        changed = 0;
        for (int a = 0; a < n; a++)
            for (int b = 0; b < n; b++) {
                if (a == b || boom[a] + 1 >= boom[b]) continue;
                for (int i = 0; i < nc[a]; i++)
                    if (cells[a][i] == by[b] * BOMBER_W + bx[b]) {
                        boom[b] = boom[a] + 1, changed = 1;
                        break;
                    }
            }
    }
    for (int c = 0; c < BOMBER_CELLS; c++) hurt[c] = BLAST_NEVER;
    for (int k = 0; k < n; k++)
        for (int i = 0; i < nc[k]; i++)
            if (boom[k] + 1 < hurt[cells[k][i]]) hurt[cells[k][i]] = boom[k] + 1;
}

int blast_escape(const dmap_grid *g, const int hurt[BOMBER_CELLS], int now, int from, int t0,
                 dmap_workspace *ws, int *first_step, int *err) {
    double timing[BOMBER_CELLS], arrival[BOMBER_CELLS];
    int parent[BOMBER_CELLS];
    for (int c = 0; c < BOMBER_CELLS; c++)
        timing[c] = hurt[c] >= BLAST_NEVER ? INFINITY : (double)(hurt[c] - now);
    dmap_moves mv = dmap_moves_4();
    int rc = dmap_safe_walk(g, &mv, timing, from, (double)t0, arrival, parent, NULL, ws);
    if (rc == DMAP_ERR_NOMEM) *err = rc;
    if (rc) return -1;
    int best = -1;
    double bt = INFINITY;
    for (int c = 0; c < BOMBER_CELLS; c++)
        if (hurt[c] >= BLAST_NEVER && arrival[c] < bt) bt = arrival[c], best = c;
    if (best < 0) return -1;
    if (first_step) {
        int c = best;
        while (parent[c] >= 0 && parent[c] != from) c = parent[c];
        *first_step = c;
    }
    return (int)(bt - t0);
}
