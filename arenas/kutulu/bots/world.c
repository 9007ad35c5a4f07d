/* world.c — the bots' world built from the view, and small helpers on it. */
#include <stdlib.h>
#include <string.h>

#include "world.h"

void kb_world_from_view(kb_world *w, const kt_view *v) {
    w->w = v->w;
    w->h = v->h;
    w->n = v->w * v->h;
    for (int c = 0; c < w->n; c++) w->wall[c] = v->cells[c] == '#';
    w->grid.w = v->w;
    w->grid.h = v->h;
    w->grid.wall = w->wall;
    w->grid.cost = NULL;
    w->params = v->params;
    w->turn = v->turn;
    w->nex = w->nmin = w->neff = 0;
    for (int k = 0; k < v->nent; k++) {
        const kt_entity *e = &v->ent[k];
        int cell = e->x >= 0 && e->y >= 0 && e->x < v->w && e->y < v->h ? e->y * v->w + e->x : -1;
        switch (e->type) {
        case 'E':
            if (w->nex < KT_PLAYERS && cell >= 0)
                w->ex[w->nex++] = (kb_explorer){e->id, cell, e->p0, e->p1, e->p2};
            break;
        case 'W':
        case 'S':
            if (w->nmin < KT_MAX_MINIONS && cell >= 0)
                w->min[w->nmin++] = (kb_minion){e->id, e->type, cell, e->p0, e->p1, e->p2};
            break;
        default:
            if (w->neff < KT_MAX_EFFECTS)
                w->eff[w->neff++] = (kb_effect){e->type, cell, e->p0, e->p1, e->p2};
            break;
        }
    }
}

int kb_neighbours(const kb_world *w, int cell, int out[4]) {
    static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
    int x = cell % w->w, y = cell / w->w, n = 0;
    for (int d = 0; d < 4; d++) {
        int nx = x + dx[d], ny = y + dy[d];
        if (nx < 0 || ny < 0 || nx >= w->w || ny >= w->h || w->wall[ny * w->w + nx]) continue;
        out[n++] = ny * w->w + nx;
    }
    return n;
}

int kb_manhattan(const kb_world *w, int a, int b) {
    return abs(a % w->w - b % w->w) + abs(a / w->w - b / w->w);
}

kt_action kb_move_to(const kb_world *w, int cell) {
    kt_action a = {KT_WAIT, 0, 0};
    if (cell < 0 || cell == w->ex[0].cell) return a;
    a.kind = KT_MOVE;
    a.x = cell % w->w;
    a.y = cell / w->w;
    return a;
}

int kb_yell_running(const kb_world *w, int caster, int receiver) {
    for (int k = 0; k < w->neff; k++)
        if (w->eff[k].type == 'Y' && w->eff[k].caster == caster && w->eff[k].receiver == receiver)
            return 1;
    return 0;
}
