/* kutulu_vec.h — Code of Kutulu for the kit's vectorized games (kit/vec.h; vec.c): the table
 * kutulu_vec_arena and its params. Each episode is the game dmap.rl's Kutulu environment plays
 * from a seed S: the referee's seed S (the map drawn from it, or the forced map), the bots
 * seeded with S * 4 + seat + 1, the turn loop of kt_match_decide and kt_match_step; bots are
 * `const kt_bot *` (in-process players). A learner's action 0..7 is WAIT, a step up, right,
 * down or left (WAIT when the mask leaves it out), PLAN, LIGHT, YELL. Observation of a seat,
 * 24 + 7 * H * W + 1 floats (H x W the largest league map), dmap.rl's observation="flat" of
 * it (its Dict's keys in order): the explorers' rows (active, x, y, sanity, plans, lights; its
 * own first, then the others in seat order, zeros for those out of the game), the 7 planes
 * (walls, padding included; spawns; itself; the others' sanity; wanderers; slashers; shelters'
 * energy + 1), the turns played; the mask kt_legal_actions. Reward 1 for every turn after
 * which the explorer is still in the game; going mad ends it (terminated), turn 200 truncates. */
#ifndef KUTULU_VEC_H
#define KUTULU_VEC_H

#include "kutulu.h"

typedef struct kutulu_vec_params {
    const kt_mapset *maps; /* borrowed for the vectorized games' life */
    int map;               /* -1: drawn from the seed; 0..15 a league map */
} kutulu_vec_params;

struct kit_vec_arena;
extern const struct kit_vec_arena kutulu_vec_arena;

#endif
