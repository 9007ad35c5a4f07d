/* view.c — what a bot sees. The observation the environment builds for one agent after reset
 * and after each step (forward_model.get_observations, fm:488-570; v0:139-146; v2:181-187): a
 * copy of the board (agents drawn, a bomb under an agent hidden; fog outside the agent's view in
 * the partially observable configs), the bomb maps written in bomb-list order (a later bomb on
 * the same cell overwrites), the flame map (Flame.life + 1, later flames overwrite), both without
 * what lies out of view, the agent's own fields, teammate, enemies, alive, step count and, in
 * radio games, the teammate's message. And the draw log, SimpleAgent's random draws in the
 * trace's D-line notation. */
#include <stdio.h>
#include <string.h>

#include "pommerman.h"

static int in_view(const pm_state *s, const pm_agent *a, int r, int c) {
    return pm_in_view(s->cfg, a->r, a->c, r, c);
}

void pm_observe(const pm_state *s, int agent, pm_obs *o) {
    int n = s->size, ncells = n * n;
    const pm_agent *a = &s->agents[agent];
    o->size = n;
    o->step_count = s->step;
    o->id = agent;
    memcpy(o->board, s->board, (size_t)ncells);
    if (s->cfg->view_size)
        for (int cell = 0; cell < ncells; cell++)
            if (!in_view(s, a, cell / n, cell % n)) o->board[cell] = PM_FOG;
    memset(o->bomb_blast_strength, 0, (size_t)ncells);
    memset(o->bomb_life, 0, (size_t)ncells);
    memset(o->bomb_moving_direction, 0, (size_t)ncells);
    memset(o->flame_life, 0, (size_t)ncells);
    for (int b = 0; b < s->nbombs; b++) {
        const pm_bomb *bo = &s->bombs[b];
        if (!in_view(s, a, bo->r, bo->c)) continue;
        int cell = bo->r * n + bo->c;
        o->bomb_blast_strength[cell] = (unsigned char)bo->blast;
        o->bomb_life[cell] = (unsigned char)bo->life;
        if (bo->dir) o->bomb_moving_direction[cell] = (unsigned char)bo->dir;
    }
    for (int f = 0; f < s->nflames; f++)
        if (in_view(s, a, s->flames[f].r, s->flames[f].c))
            o->flame_life[s->flames[f].r * n + s->flames[f].c] = (unsigned char)(s->flames[f].life + 1);
    o->r = a->r;
    o->c = a->c;
    o->ammo = a->ammo;
    o->blast_strength = a->blast;
    o->can_kick = a->kick;
    o->alive_count = 0;
    o->nenemies = 0;
    o->game_type = s->cfg->game_type;
    o->game_env = s->cfg->env;
    /* ch:21-45: in team games the teammate is agent (id + 2) mod 4 and the enemies list ends
     * with AgentDummy */
    int mate = pm_team_game(o->game_type) ? (agent + 2) % 4 : -1;
    o->teammate = mate >= 0 ? PM_AGENT0 + mate : PM_AGENT_DUMMY;
    for (int i = 0; i < s->nagents; i++) {
        if (s->agents[i].alive) o->alive[o->alive_count++] = PM_AGENT0 + i;
        if (i != agent && i != mate) o->enemies[o->nenemies++] = PM_AGENT0 + i;
    }
    if (mate >= 0) o->enemies[o->nenemies++] = PM_AGENT_DUMMY;
    /* v2:181-187: the teammate's last words */
    o->message[0] = mate >= 0 ? s->message[mate][0] : 0;
    o->message[1] = mate >= 0 ? s->message[mate][1] : 0;
}

void pm_legal_actions(const pm_obs *o, unsigned char *mask) {
    memset(mask, 0, PM_NUM_ACTIONS);
    mask[PM_STOP] = 1;
    int alive = 0;
    for (int i = 0; i < o->alive_count; i++) alive |= o->alive[i] == PM_AGENT0 + o->id;
    if (!alive) return;
    int n = o->size, cell = o->r * n + o->c;
    /* the cells of Up, Down, Left, Right; -1 off the board */
    int to[5] = {0, o->r > 0 ? cell - n : -1, o->r < n - 1 ? cell + n : -1, o->c > 0 ? cell - 1 : -1,
                 o->c < n - 1 ? cell + 1 : -1};
    for (int a = PM_UP; a <= PM_RIGHT; a++) {
        if (to[a] < 0) continue;
        int item = o->board[to[a]];
        int bomb = item == PM_BOMB || o->bomb_life[to[a]];
        mask[a] = item != PM_RIGID && item != PM_WOOD && (!bomb || o->can_kick);
    }
    mask[PM_LAY_BOMB] = o->ammo > 0 && !o->bomb_life[cell];
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
