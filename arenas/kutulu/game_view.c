/* game_view.c — a game rebuilt from what one player sees, for bots that look ahead with the
 * engine's own rules (kt_game_step) instead of a copy of them. The view shows every explorer,
 * minion and effect with their countdowns, states and targets; what it does not show is
 * filled in as follows: the generator (it only breaks ties between explorers at the same
 * path cost from a minion) is seeded with 0; a slasher's last-seen cell is its target's cell
 * when that is in the slasher's line of sight, else the slasher's own cell (the caller may
 * know better and overwrite it); an explorer below 200 has had its slasher; "explorer i has
 * yelled at j" is known while the yell effect lasts (the caller may add what it remembers).
 * Explorers missing from the view are out of the game. */
#include <string.h>

#include "kutulu.h"

static int view_cell(const kt_view *v, const kt_entity *e) {
    return e->x >= 0 && e->y >= 0 && e->x < v->w && e->y < v->h ? e->y * v->w + e->x : -1;
}

static void add_minion(kt_game *g, const kt_entity *e, int cell) {
    if (g->nminions >= KT_MAX_MINIONS || cell < 0) return;
    kt_minion *m = &g->minions[g->nminions++];
    memset(m, 0, sizeof *m);
    m->id = e->id;
    m->type = e->type == 'W' ? KT_WANDERER : KT_SLASHER;
    m->cell = cell;
    m->state = (kt_minion_state)e->p1;
    m->target = e->p2 >= 0 && e->p2 < KT_PLAYERS ? e->p2 : -1;
    m->last_seen = -1;
    /* the countdown the protocol shows is the one the minion's state runs (protocol.c) */
    m->life_cd = g->params.life_time;
    if (m->state == KT_SPAWNING)
        m->spawn_cd = e->p0;
    else if (m->type == KT_SLASHER && (m->state == KT_STALKING || m->state == KT_STUNNED))
        m->stun_cd = e->p0;
    else
        m->life_cd = e->p0;
}

static void add_effect(kt_game *g, const kt_entity *e, int cell) {
    if (g->neffects >= KT_MAX_EFFECTS) return;
    kt_effect f = {KT_EFFECT_SHELTER, e->p0, -1, -1, -1};
    switch (e->type) {
    case 'U': f.cell = cell; break;
    case 'P': f.type = KT_EFFECT_PLAN; f.caster = e->p1; break;
    case 'L': f.type = KT_EFFECT_LIGHT; f.caster = e->p1; break;
    case 'Y':
        f.type = KT_EFFECT_YELL;
        f.caster = e->p1;
        f.receiver = e->p2;
        if (f.receiver >= 0 && f.receiver < KT_PLAYERS && f.caster >= 0 && f.caster < KT_PLAYERS)
            g->ex[f.receiver].yelled_by |= 1u << f.caster;
        break;
    default: return;
    }
    if (f.caster >= KT_PLAYERS || f.receiver >= KT_PLAYERS) return;
    if (f.type != KT_EFFECT_SHELTER && f.type != KT_EFFECT_YELL && f.caster < 0) return;
    if (f.type == KT_EFFECT_YELL && (f.caster < 0 || f.receiver < 0)) return;
    g->effects[g->neffects++] = f;
}

int kt_game_from_view(kt_game *g, kt_map *map, const kt_view *v, kt_search *search) {
    if (v->w < 1 || v->h < 1 || v->w > KT_MAX_W || v->h > KT_MAX_H || !search) return -1;
    size_t cells = (size_t)(v->w * v->h);
    if (map->w != v->w || map->h != v->h || memcmp(map->cells, v->cells, cells)) {
        memset(map, 0, sizeof *map);
        strcpy(map->name, "view");
        map->w = v->w;
        map->h = v->h;
        memcpy(map->cells, v->cells, cells);
        search->nbr_map = NULL; /* its neighbour lists were another maze's */
    }
    memset(g, 0, offsetof(kt_game, minions));
    g->map = map;
    g->map_index = -1;
    g->params = v->params;
    kit_javarandom_seed(&g->rng, 0);
    g->turn = v->turn;
    g->next_id = KT_PLAYERS;
    g->nminions = g->neffects = 0;
    memset(g->light, 0, sizeof g->light);
    g->lit = 0;
    g->search = search;
    search->near_ready = 0;
    for (int k = 0; k < v->nent; k++) {
        const kt_entity *e = &v->ent[k];
        int cell = view_cell(v, e);
        if (e->type == 'E' && cell >= 0 && e->id >= 0 && e->id < KT_PLAYERS) {
            kt_explorer *x = &g->ex[e->id];
            x->cell = cell;
            x->sanity = e->p0;
            x->plans = e->p1;
            x->lights = e->p2;
            x->active = e->p0 > 0;
            x->slasher_spawned = e->p0 < KT_SLASHER_SANITY;
        } else if (e->type == 'W' || e->type == 'S') {
            add_minion(g, e, cell);
        } else {
            add_effect(g, e, cell);
        }
        if ((e->type == 'W' || e->type == 'S') && e->id >= g->next_id) g->next_id = e->id + 1;
    }
    for (int k = 0; k < g->nminions; k++) {
        kt_minion *m = &g->minions[k];
        if (m->type != KT_SLASHER) continue;
        if (m->target >= 0 && !g->ex[m->target].active) m->target = -1;
        int t = m->target;
        m->last_seen = t >= 0 && kt_in_sight(map, m->cell, g->ex[t].cell) ? g->ex[t].cell : m->cell;
    }
    for (int k = 0; k < g->neffects; k++) { /* effects of explorers who left went with them */
        kt_effect *f = &g->effects[k];
        if (f->caster >= 0 && f->type != KT_EFFECT_YELL && !g->ex[f->caster].active) f->tick = 0;
    }
    return 0;
}
