/* view.c — what a bot sees. The observation the environment builds for one agent after reset
 * and after each step (forward_model.get_observations, fm:488-570; v0:139-146), fully observable
 * as in the FFA and one-vs-one configs: a copy of the board (agents drawn, a bomb under an agent
 * hidden), the bomb maps written in bomb-list order (a later bomb on the same cell overwrites),
 * the flame map (Flame.life + 1, later flames overwrite), the agent's own fields, enemies, alive,
 * step count. And the draw log, SimpleAgent's random draws in the trace's D-line notation. */
#include <stdio.h>
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

void pm_draw_log_clear(pm_draw_log *l) {
    l->len = 0;
    l->text[0] = '\0';
    l->last_was_bit = 0;
}

static void log_append(pm_draw_log *l, const char *s) {
    size_t n = strlen(s);
    if (l->len + n + 1 > sizeof l->text) n = sizeof l->text - 1 - l->len; /* truncated: compares unequal */
    memcpy(l->text + l->len, s, n);
    l->len += n;
    l->text[l->len] = '\0';
}

void pm_draw_log_bit(pm_draw_log *l, int bit) {
    if (l->len && !l->last_was_bit) log_append(l, ",");
    log_append(l, bit ? "1" : "0");
    l->last_was_bit = 1;
}

void pm_draw_log_choice(pm_draw_log *l, size_t n, size_t index) {
    char tok[48];
    snprintf(tok, sizeof tok, "%sc%zu.%zu", l->len ? "," : "", n, index);
    log_append(l, tok);
    l->last_was_bit = 0;
}

const char *pm_draw_log_text(pm_draw_log *l) { return l->len ? l->text : "-"; }
