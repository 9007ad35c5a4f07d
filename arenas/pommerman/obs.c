/* obs.c — the observation the environment builds for one agent after reset and after each step
 * (forward_model.get_observations, fm:488-570; v0:139-146), fully observable as in the FFA and
 * one-vs-one configs: a copy of the board (agents drawn, a bomb under an agent hidden), the bomb
 * maps written in bomb-list order (a later bomb on the same cell overwrites), the flame map
 * (Flame.life + 1, later flames overwrite), the agent's own fields, enemies, alive, step count. */
#include <string.h>

#include "pommerman.h"

void pm_observe(const pm_state *s, int agent, pm_obs *o) {
    int n = s->size, ncells = n * n;
    o->size = n;
    o->step_count = s->step;
    o->id = agent;
    memcpy(o->board, s->board, (size_t)ncells);
    memset(o->bomb_blast_strength, 0, (size_t)ncells);
    memset(o->bomb_life, 0, (size_t)ncells);
    memset(o->bomb_moving_direction, 0, (size_t)ncells);
    memset(o->flame_life, 0, (size_t)ncells);
    for (int b = 0; b < s->nbombs; b++) {
        const pm_bomb *bo = &s->bombs[b];
        int cell = bo->r * n + bo->c;
        o->bomb_blast_strength[cell] = (unsigned char)bo->blast;
        o->bomb_life[cell] = (unsigned char)bo->life;
        if (bo->dir) o->bomb_moving_direction[cell] = (unsigned char)bo->dir;
    }
    for (int f = 0; f < s->nflames; f++)
        o->flame_life[s->flames[f].r * n + s->flames[f].c] = (unsigned char)(s->flames[f].life + 1);
    const pm_agent *a = &s->agents[agent];
    o->r = a->r;
    o->c = a->c;
    o->ammo = a->ammo;
    o->blast_strength = a->blast;
    o->can_kick = a->kick;
    o->alive_count = 0;
    o->nenemies = 0;
    for (int i = 0; i < s->nagents; i++) {
        if (s->agents[i].alive) o->alive[o->alive_count++] = PM_AGENT0 + i;
        if (i != agent) o->enemies[o->nenemies++] = PM_AGENT0 + i;
    }
}
