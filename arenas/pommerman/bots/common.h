/* common.h — what the toolkit bots (tutorial, dmap, search) read off an observation or a board:
 * walkable grids and the real blast of bombs (rays that stop before rigid walls, at wood), with
 * chain reactions resolved into the step at which each cell will burn. */
#ifndef POMMERMAN_BOTS_COMMON_H
#define POMMERMAN_BOTS_COMMON_H

#include "pommerman.h"

#define PMB_NEVER 1e9
/* The most cells one bomb's flames cover: its own and four rays of size - 1. */
#define PMB_RAY (4 * (PM_MAX_SIZE - 1) + 1)

/* A bomb as the bots see it (from the observation's maps, or one they imagine laying). */
typedef struct pmb_bomb {
    int cell, blast;
    int life; /* steps until it explodes: it burns in the state after `life` more steps */
} pmb_bomb;

/* The bombs of an observation in row-major order; returns the count. */
int pmb_bombs(const pm_obs *o, pmb_bomb *out);

/* Marks the cells a bomb's flames would cover (the engine's rays on o's board). */
void pmb_mark_blast(const pm_obs *o, int cell, int blast, unsigned char *mark);

/* The cells a bomb's flames cover on a board of size x size (the engine's rays): its own cell
 * first, then up, down, left and right, each up to blast - 1 cells, stopped before a rigid wall
 * and at wood. Returns the count (at most PMB_RAY). */
int pmb_blast_cells(const unsigned char *board, int size, int cell, int blast, short *out);

/* Chain reactions: n bombs with their flames listed (cells[i], count[i] of them, from
 * pmb_blast_cells), bomb_on[c] the bomb on cell c plus one (0: none); each life[i] is lowered
 * to the life of the earliest bomb that sets it off, directly or through others. */
void pmb_chain_lives(int n, const short (*cells)[PMB_RAY], const int *count, const short *bomb_on, int *life);

/* burn[c] = the earliest t (steps from now) at which cell c is in new flames, chains resolved
 * (a bomb in an earlier blast explodes with it), PMB_NEVER when no bomb reaches it. */
void pmb_burn_times(const pm_obs *o, pmb_bomb *bombs, int n, double *burn);

/* The grid the agent can walk on: passages, power-ups and its own cell; walls, wood, bombs,
 * other agents and flames that will still burn next step are blocked. g must be size x size. */
void pmb_walk_grid(const pm_obs *o, dmap_grid *g);

/* The cell one action leads to (the action's next cell), or -1 off board; Stop and Bomb keep. */
int pmb_next_cell(int size, int cell, int action);

/* Whether a simulated path ends at state s: the game is over for the engine, or with play_on
 * (a belief with no enemy in it, which the engine calls decided from the start) only the step
 * limit ends it. The search's simulations and its tree both stop here. */
int pmb_path_over(const pm_state *s, int play_on);

/* dst = src, only the used part copied (the bombs and flames there are, not the whole arrays):
 * the search bot copies a state for every simulated path. */
void pmb_copy_state(pm_state *dst, const pm_state *src);

/* A SimpleAgent's state (pm_bot_simple) made fresh again for a new game on the same board: its
 * last direction and recent cells forgotten (simple.c). Lets a bot that plays SimpleAgent in
 * many short simulations keep one state per agent instead of one allocation per simulation. */
void pmb_simple_restart(void *state);

/* ---- the radio (radio.c): one report in two steps' words ---------------------------------- */

enum { PMB_REPORT_NONE = 0, PMB_REPORT_ENEMY = 1, PMB_REPORT_BOMB = 2 };

/* A thing seen at `step`: an enemy (who: 0 the lower id of the two, 1 the other) or a bomb
 * (its strength, 2 for less, 4 for more; its fuse `life`) on row r, column c. */
typedef struct pmb_report {
    int kind, who, r, c, blast, life, step;
} pmb_report;

/* The two words to send with the action of step `step` (the observation's step count): the
 * half of r that step carries (r NULL or PMB_REPORT_NONE: 0,0). The same report must be given
 * on an even step and the odd step after it. */
void pmb_radio_say(const pmb_report *r, int step, int words[2]);

/* What a hearer keeps between the two halves. */
typedef struct pmb_radio_ear {
    int step, value; /* the step the first half was sent (-1: none) and its value */
} pmb_radio_ear;

void pmb_radio_clear(pmb_radio_ear *ear);

/* Hears the teammate's words of an observation of step `step` (they were sent on step - 1):
 * returns 1 with *out the report when they complete one (seen on step - 2), else 0. Words that
 * are not a half of a report (another bot's, or a half missed) say nothing. */
int pmb_radio_hear(pmb_radio_ear *ear, int step, const int words[2], pmb_report *out);

#endif
