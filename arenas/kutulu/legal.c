/* legal.c — the legal actions of a Kutulu view: the game's one action mask (dmap.rl's and any
 * other caller's). Apart from view.c so that the single-file CodinGame bots, which paste view.c,
 * stay under the site's 100,000 characters. */
#include <stdlib.h>
#include <string.h>

#include "kutulu.h"

void kt_legal_actions(const kt_view *v, unsigned char mask[KT_NUM_ACTIONS]) {
    memset(mask, 0, KT_NUM_ACTIONS);
    mask[KT_WAIT] = 1;
    if (v->nent < 1 || v->ent[0].type != 'E') return;
    const kt_entity *me = &v->ent[0];
    static const int step[KT_NUM_ACTIONS][2] = {[KT_UP] = {0, -1}, [KT_RIGHT] = {1, 0},
                                                [KT_DOWN] = {0, 1}, [KT_LEFT] = {-1, 0}};
    for (int a = KT_UP; a <= KT_LEFT; a++) {
        int x = me->x + step[a][0], y = me->y + step[a][1];
        mask[a] = x >= 0 && x < v->w && y >= 0 && y < v->h && v->cells[y * v->w + x] != '#';
    }
    mask[KT_PLAN] = me->p1 > 0;
    mask[KT_LIGHT] = me->p2 > 0;
    for (int k = 1; k < v->nent; k++) {
        const kt_entity *e = &v->ent[k];
        if (e->type == 'E' && abs(e->x - me->x) + abs(e->y - me->y) <= KT_YELL_RANGE)
            mask[KT_YELL] = 1;
    }
}
