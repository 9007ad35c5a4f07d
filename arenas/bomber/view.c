/* view.c — what an agent sees: the original's GameState (game.py _serialize_state and
 * _serialize_map) and PlayerState, built from the engine's state. No fire, no bomb timers or
 * owners, no ore HP, nothing of the opponent but its position. And the legal actions of a view,
 * the one action mask of the bomber game (dmap.rl's among them). */
#include <string.h>

#include "bomber.h"

void bomber_view_draw_map(bomber_view *v) {
    /* game_map: players first, then overwritten by blocks, ammo, treasure, bombs. */
    memset(v->game_map, BOMBER_TAG_EMPTY, sizeof v->game_map);
    for (int p = 0; p < v->nplayers; p++)
        v->game_map[v->players[p].y * BOMBER_W + v->players[p].x] = (signed char)v->players[p].pid;
    for (int i = 0; i < v->nblocks; i++)
        v->game_map[v->blocks[i].y * BOMBER_W + v->blocks[i].x] = (signed char)v->blocks[i].tag;
    for (int i = 0; i < v->nammo; i++)
        v->game_map[v->ammo[i].y * BOMBER_W + v->ammo[i].x] = BOMBER_TAG_AMMO;
    for (int i = 0; i < v->ntreasure; i++)
        v->game_map[v->treasure[i].y * BOMBER_W + v->treasure[i].x] = BOMBER_TAG_TREASURE;
    for (int i = 0; i < v->nbombs; i++)
        v->game_map[v->bombs[i].y * BOMBER_W + v->bombs[i].x] = BOMBER_TAG_BOMB;
}

void bomber_make_view(const bomber_game *g, int pid, bomber_view *v) {
    v->is_over = g->over;
    v->tick_number = g->tick - 1; /* the state after the tick just played */
    v->w = BOMBER_W, v->h = BOMBER_H;
    v->nammo = g->nammo, v->ntreasure = g->ntreasure, v->nbombs = g->nbombs;
    for (int i = 0; i < g->nammo; i++) v->ammo[i] = (bomber_xy){g->ammo[i].x, g->ammo[i].y};
    for (int i = 0; i < g->ntreasure; i++)
        v->treasure[i] = (bomber_xy){g->treasure[i].x, g->treasure[i].y};
    for (int i = 0; i < g->nbombs; i++) v->bombs[i] = (bomber_xy){g->bombs[i].x, g->bombs[i].y};
    v->nblocks = 0;
    for (int i = 0; i < BOMBER_METAL; i++) {
        v->blocks[v->nblocks].tag = BOMBER_TAG_METAL;
        v->blocks[v->nblocks].x = g->metal[i][0];
        v->blocks[v->nblocks].y = g->metal[i][1];
        v->nblocks++;
    }
    for (int i = 0; i < g->nblocks; i++) {
        v->blocks[v->nblocks].tag = g->blocks[i].kind == 'o' ? BOMBER_TAG_ORE : BOMBER_TAG_WOOD;
        v->blocks[v->nblocks].x = g->blocks[i].x;
        v->blocks[v->nblocks].y = g->blocks[i].y;
        v->nblocks++;
    }
    v->nplayers = BOMBER_PLAYERS;
    for (int p = 0; p < BOMBER_PLAYERS; p++) {
        v->players[p].pid = p;
        v->players[p].x = g->players[p].x;
        v->players[p].y = g->players[p].y;
    }
    bomber_view_draw_map(v);
    const bomber_player *me = &g->players[pid];
    v->id = pid;
    v->ammo_left = me->ammo, v->hp = me->hp, v->x = me->x, v->y = me->y;
    v->score = me->score, v->power = me->power;
    v->maps_wanted = 0;
}

/* The engine's refusals (game.py _move and _place_bomb; engine.c apply_move, apply_bomb): a
 * move whose cell is off the board (clamped onto the mover's own), a block, a bomb or a
 * player's; a bomb without ammo or onto a bomb; anything from a dead player. */
void bomber_legal_actions(const bomber_view *v, unsigned char mask[BOMBER_NUM_ACTIONS]) {
    memset(mask, 0, BOMBER_NUM_ACTIONS);
    mask[BOMBER_NONE] = 1;
    if (v->hp <= 0) return;
    static const int step[BOMBER_NUM_ACTIONS][2] = {[BOMBER_UP] = {0, 1}, [BOMBER_DOWN] = {0, -1},
                                                    [BOMBER_LEFT] = {-1, 0}, [BOMBER_RIGHT] = {1, 0}};
    for (int a = BOMBER_UP; a <= BOMBER_RIGHT; a++) {
        int x = v->x + step[a][0], y = v->y + step[a][1];
        if (x < 0 || x >= BOMBER_W || y < 0 || y >= BOMBER_H) continue;
        int tag = v->game_map[y * BOMBER_W + x], free = tag == BOMBER_TAG_EMPTY ||
                                                       tag == BOMBER_TAG_AMMO ||
                                                       tag == BOMBER_TAG_TREASURE;
        for (int p = 0; p < v->nplayers; p++) free &= v->players[p].x != x || v->players[p].y != y;
        mask[a] = (unsigned char)free;
    }
    mask[BOMBER_BOMB] = v->ammo_left > 0 && v->game_map[v->y * BOMBER_W + v->x] != BOMBER_TAG_BOMB;
}
