/* world.h — what the Kutulu bots share: the view turned into a bot's world (a dmap grid of the
 * maze, explorers with me first, minions, effects) and small helpers on it. Uses only dmap.h
 * and kutulu_view.h, so it pastes into the single-file CodinGame build. */
#ifndef KUTULU_BOTS_WORLD_H
#define KUTULU_BOTS_WORLD_H

#include "dmap.h"
#include "kutulu_view.h"

typedef struct kb_explorer {
    int id, cell, sanity, plans, lights;
} kb_explorer;

typedef struct kb_minion {
    int id;
    char type; /* 'W' wanderer, 'S' slasher */
    int cell, countdown, state, target;
} kb_minion;

typedef struct kb_effect {
    char type; /* 'P' plan, 'L' light, 'U' shelter, 'Y' yell */
    int cell;  /* -1 for yells */
    int ticks, caster, receiver;
} kb_effect;

typedef struct kb_world {
    int w, h, n;
    dmap_grid grid; /* points into wall[] below: do not copy a world by value */
    unsigned char wall[KT_MAX_CELLS];
    kt_params params;
    int turn;
    int nex;
    kb_explorer ex[KT_PLAYERS]; /* ex[0] is me */
    int nmin;
    kb_minion min[KT_MAX_MINIONS];
    int neff;
    kb_effect eff[KT_MAX_EFFECTS];
} kb_world;

/* Fill a world from a view (the grid's walls are the '#' cells). */
void kb_world_from_view(kb_world *w, const kt_view *v);

/* The walkable neighbours of cell in the referee's direction order (up, right, down, left):
 * writes them to out and returns how many. */
int kb_neighbours(const kb_world *w, int cell, int out[4]);

/* Manhattan distance between two cells. */
int kb_manhattan(const kb_world *w, int a, int b);

/* A MOVE towards an adjacent (or any) cell, or WAIT when it is my own cell. */
kt_action kb_move_to(const kb_world *w, int cell);

/* Nonzero when explorer `receiver` was yelled at by `caster` (an active yell effect) — used
 * for "whom I have not yelled at" together with the bot's own memory. */
int kb_yell_running(const kb_world *w, int caster, int receiver);

#endif
