/* common.c — the toolkit bots' reading of an observation (see common.h). */
#include <stddef.h>
#include <string.h>

#include "common.h"

int pmb_bombs(const pm_obs *o, pmb_bomb *out) {
    int n = 0;
    for (int cell = 0; cell < o->size * o->size; cell++)
        if (o->bomb_blast_strength[cell]) {
            out[n].cell = cell;
            out[n].blast = o->bomb_blast_strength[cell];
            out[n].life = o->bomb_life[cell];
            n++;
        }
    return n;
}

int pmb_blast_cells(const unsigned char *board, int size, int cell, int blast, short *out) {
    static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    int n = size, r0 = cell / n, c0 = cell % n, k = 0;
    out[k++] = (short)cell;
    for (int d = 0; d < 4; d++)
        for (int i = 1; i < blast; i++) {
            int r = r0 + dr[d] * i, c = c0 + dc[d] * i;
            if (r < 0 || c < 0 || r >= n || c >= n) break;
            int v = board[r * n + c];
            if (v == PM_RIGID) break;
            out[k++] = (short)(r * n + c);
            if (v == PM_WOOD) break;
        }
    return k;
}

void pmb_mark_blast(const pm_obs *o, int cell, int blast, unsigned char *mark) {
    short cells[PMB_RAY];
    int k = pmb_blast_cells(o->board, o->size, cell, blast, cells);
    for (int i = 0; i < k; i++) mark[cells[i]] = 1;
}

void pmb_chain_lives(int n, const short (*cells)[PMB_RAY], const int *count, const short *bomb_on, int *life) {
    /* relax until no bomb's time drops (each pass settles at least one more bomb) */
    for (int changed = 1, pass = 0; changed && pass <= n; pass++) {
        changed = 0;
        for (int i = 0; i < n; i++)
            for (int k = 0; k < count[i]; k++) {
                int j = bomb_on[cells[i][k]] - 1;
                if (j >= 0 && j != i && life[j] > life[i]) {
                    life[j] = life[i];
                    changed = 1;
                }
            }
    }
}

void pmb_burn_times(const pm_obs *o, pmb_bomb *bombs, int n, double *burn) {
    int ncells = o->size * o->size;
    /* each bomb's flames listed once, and the bomb on each cell (+1; 0 none) */
    short cells[PM_MAX_BOMBS][PMB_RAY];
    int count[PM_MAX_BOMBS] = {0}, life[PM_MAX_BOMBS] = {0};
    short bomb_on[PM_MAX_CELLS];
    memset(bomb_on, 0, sizeof(short) * (size_t)ncells);
    for (int i = 0; i < n; i++) {
        count[i] = pmb_blast_cells(o->board, o->size, bombs[i].cell, bombs[i].blast, cells[i]);
        bomb_on[bombs[i].cell] = (short)(i + 1);
        life[i] = bombs[i].life;
    }
    pmb_chain_lives(n, (const short (*)[PMB_RAY])cells, count, bomb_on, life);
    for (int i = 0; i < n; i++) bombs[i].life = life[i];
    for (int c = 0; c < ncells; c++) burn[c] = PMB_NEVER;
    for (int i = 0; i < n; i++)
        for (int k = 0; k < count[i]; k++)
            if (bombs[i].life < burn[cells[i][k]]) burn[cells[i][k]] = bombs[i].life;
}

void pmb_walk_grid(const pm_obs *o, dmap_grid *g) {
    int me = o->r * o->size + o->c;
    for (int c = 0; c < o->size * o->size; c++) {
        int v = o->board[c];
        int open = v == PM_PASSAGE || v == PM_EXTRABOMB || v == PM_INCRRANGE || v == PM_KICK ||
                   (v == PM_FLAMES && o->flame_life[c] <= 1);
        g->wall[c] = !(open || c == me);
    }
}

int pmb_path_over(const pm_state *s, int play_on) {
    return play_on ? s->step >= s->cfg->max_steps : pm_done(s);
}

int pmb_next_cell(int size, int cell, int action) {
    int r = cell / size, c = cell % size;
    switch (action) {
    case PM_UP: r--; break;
    case PM_DOWN: r++; break;
    case PM_LEFT: c--; break;
    case PM_RIGHT: c++; break;
    default: break;
    }
    if (r < 0 || c < 0 || r >= size || c >= size) return -1;
    return r * size + c;
}

void pmb_copy_state(pm_state *dst, const pm_state *src) {
    memcpy(dst, src, offsetof(pm_state, bombs));
    memcpy(dst->bombs, src->bombs, sizeof(pm_bomb) * (size_t)src->nbombs);
    memcpy(dst->flames, src->flames, sizeof(pm_flame) * (size_t)src->nflames);
    memcpy(dst->message, src->message, sizeof src->message);
}
