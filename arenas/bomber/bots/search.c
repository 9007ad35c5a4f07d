/* search.c — `search`: a planner that uses the engine itself as its forward model.
 *
 * The view hides bomb timers and owners, ore HP and the opponent's HP, ammo and score, so the
 * bot keeps a shadow game (a bomber_game): each tick it infers both players' actions from what
 * changed (a step, or a new bomb on a player's cell), plays them on the shadow with
 * bomber_tick, and then trusts the view for everything it shows (positions, blocks, bombs,
 * items, its own numbers). The shadow's bomb timers, owners, ore HP, fires and the opponent's
 * HP, ammo and score are then exact, as long as nothing happened out of sight.
 *
 * Each decision copies the shadow and:
 *   - the danger map: the engine played on with nobody acting until every bomb has gone off
 *     (chains, blocks destroyed by earlier blasts opening later rays: all exact) gives the first
 *     tick fire hurts each cell;
 *   - safety, one tick ahead, worst case over the opponent's replies (stay, a step, a bomb):
 *     a first action is safe when the cell it leads to does not burn in the next tick and
 *     dmap's safe walk on that danger map (dmap_safe_walk: every cell entered before its fire)
 *     still reaches a cell no fire reaches, the opponent's body a wall. An unsafe action is
 *     taken only when none is safe;
 *   - traps, a few steps ahead: near the opponent, an action that leads into a pocket it can
 *     shut (a cell it reaches at most `slack` steps after me, where its bomb and body leave me
 *     no cell outside the blasts) comes after those that do not;
 *   - plans: "walk to cell T (on the safe walk's path), bomb there or not, then run along the
 *     safe walk out of the blast and wait", for the best bombing spots (a quick estimate of
 *     what a bomb there destroys, from the shadow's exact ore HP), the items, the nearest cell
 *     out of every blast, and one plan per first step; and stack plans: an ore block's points
 *     go to the fire that ends it, so for an ore block that every known blast leaves at 2 or
 *     3 HP, with that many bombs in hand and the opponent not close (or out of bombs,
 *     `farammo`), "bomb it from that many cells in a row (the shortest tour), then run", the
 *     last hit mine before the opponent can add a bomb of its own; with `tour`, tours of up
 *     to four bombs over several blocks at once (a cell whose blast reaches two blocks serves
 *     both); with `chain`, cells past a bomb
 *     on a ray count too (that bomb sets the later one off, whose fire then passes the emptied
 *     cell), as bombing spots near a block at 1 HP and as the opponent's targets. Each plan
 *     is played out on a copy of the engine (the opponent running along its own safe walk out
 *     of any blast it stands in, walking to and
 *     bombing an ore block one bomb from breaking when it has ammo, `foe`, and otherwise
 *     staying put) until the blasts are over: the points both make (discounted per tick),
 *     the HP both lose (the opponent's only while it has not walked for ore: a trap the model
 *     walked it into is no trap), a death, the ammo picked up, and the ore my fire wears down
 *     and leaves standing (a gift, at a cost, when the opponent can walk into the block's
 *     range and finish it; a small gain, discounted like points (`soon`), when it cannot, or
 *     when I am in a pocket); a bomb picked up is worth `ammo`, or `ammo2` with two or more in
 *     hand. A desire map (dmap_field, goals at the bombing spots and items, the opponent's
 *     surroundings once the blocks are gone) values where a plan ends, so that plans whose
 *     points lie beyond the horizon still lead somewhere.
 * Off by default: with `rev` each tour is also played out in reverse order (a block at the back
 * of a pocket, its door bombed last), with `resume` the tour chosen last time is played out
 * again from where I stand, and with `snipe` the play-outs' opponent also takes over the last
 * hit on a block from the cell between the block and a bomb two cells off that would end it;
 * with `race` an item is gone in the play-outs (and left out of the desire map) `race` - 1
 * ticks after the opponent could have walked to it, so that an item it is nearer to is worth
 * nothing and one I reach in time is worth taking first; with `sure` the best spots by the
 * blocks a bomb there surely ends (wood, ore at its last HP) are played out too, beside the best
 * by the estimate (whose cells in line with the opponent and on worn ore crowd the wood out);
 * with `gift2` a block my fire leaves at 2 HP or more costs `gift2` a HP worn, not `gift`;
 * with `keep` each bomb in my hand at the end of a play-out (up to `keepn`, while an ore block
 * stands) is worth `keep`: a bomb placed from a hand of `keepn` or fewer costs that much, so
 * that a bomb is spent only on more (a bomb picked up stays worth `ammo`/`ammo2` in all);
 * with `keepopp` that price is paid only while the opponent holds more bombs than I will; with
 * `treasure` a treasure taken is worth more than its point (one I leave is the opponent's); with
 * `way` each plan that walks to a spot or an item is also played out with a bomb on the first
 * cell of the walk that surely ends a block (the wood on the way; `way` 2: that bomb not
 * charged `keep`); with `armed` the trap check runs only while the opponent can bomb soon; with
 * `endmap` the desire term comes from a desire map of the play-out's last state; with `terr` a
 * plan's end is worth the share of the board I walk to first; with `steal` (10 by default) the
 * cells from which my fire reaches an ore block the opponent is about to stack draw in the desire
 * map (near when its bombs are down, the chain plans take the last hit); with `opp` M my plans
 * are played out against the opponent's M best plans of its own (the same generator and play-out
 * from its seat), not against the modelled opponent alone, so that its race for the wood and
 * the items is seen (`oppmin`: the worst of them weighed in beside the mean).
 * The best safe first action wins. The budget is the number of engine ticks simulated per
 * decision (`sims`, deterministic) and optionally a thread CPU limit (`ms`). */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "bomber.h"
#include "dmap.h"
#include "kit/cputime.h"

#define NEVER 1000000
#define NCELL BOMBER_CELLS
#define LAST_TICK (BOMBER_MAX_ITERATIONS + 1) /* the last tick played */
#define CONFINED 15 /* walking to at most this many cells, I am in a pocket */
/* `seq`: the desire map's weight in the plan sequences, a share of `near`: a tie-break only. A
 * play-out's desire term still counts the spot it has just bombed (the map is the state's before
 * the plan), which a sequence that bombs it in its second plan keeps and one that bombs it now
 * does not: at full weight, waiting a tick and then bombing was worth more than bombing. */
#define SEQ_NEAR 0.02
#define WAY_PLANS 20 /* `way`: plans with a bomb on the way, at most */
#define PLAN_ROOM (NCELL + 16 + WAY_PLANS) /* a decision's plans at most */

enum { K_SIMS, K_MS, K_PLANS, K_GAMMA, K_DENY, K_AMMO, K_NEAR, K_HIT, K_ORE, K_TRAP, K_GIFT,
       K_STACK, K_AMMO2, K_FOE, K_FAR, K_TOUR, K_END, K_CHAIN, K_FARAMMO, K_SOON, K_SLACK, K_REV,
       K_RESUME, K_SNIPE, K_WOOD, K_REWALK, K_LATE, K_LATEEND, K_RACE, K_SURE, K_GIFT2, K_SUREAMMO, K_SEQ,
       K_KEEP, K_KEEPN, K_KEEPOPP, K_TREASURE, K_WAY, K_ARMED, K_ENDMAP, K_TERR, K_STEAL, K_HITW, K_OFLEE, K_OPP, K_OPPMIN, NK };

static const kit_param knobs[NK] = {
    {"sims", 20000, 200, 10000000, 0, 1, /* step 0: `tune` leaves the budgets alone */
     "engine ticks simulated per decision at most (the deterministic budget)"},
    {"ms", 0, 0, 1000, 0, 0,
     "thread CPU milliseconds per decision at most, 0 for none (with a limit the answers "
     "depend on the machine)"},
    {"plans", 12, 1, 48, 1, 1, "bombing spots played out per decision"},
    {"gamma", 0.985, 0.9, 1, 0.005, 0, "discount per tick of the points a plan makes"},
    {"deny", 0.5, 0, 2, 0.1, 0, "weight of the opponent's points in a plan's value"},
    {"ammo", 6, 0, 20, 0.5, 0, "value of a bomb picked up when at most one is left"},
    {"near", 0.05, 0, 1, 0.01, 0, "weight of the desire map where a plan ends"},
    {"hit", 30, 0, 200, 5, 0, "value of a hit on the opponent beyond its 25 points"},
    {"ore", 0.5, 0, 10, 0.25, 0,
     "value of each HP my fire takes off an ore block it leaves standing, out of the opponent's "
     "reach or with me in a pocket"},
    {"trap", 4, 0, 8, 0, 1,
     "steps the opponent may walk to shut me in a pocket with a bomb (0: no trap check)"},
    {"gift", 6, 0, 20, 0.5, 0,
     "cost of each HP my fire takes off an ore block the opponent can reach and that still stands"},
    {"stack", 1, 0, 1, 1, 1,
     "1: plans that bomb an ore block from several cells in a row until it breaks"},
    {"ammo2", 4, 0, 20, 0.5, 0, "value of a bomb picked up when two or more are left"},
    {"foe", 1, 0, 3, 1, 1,
     "in the play-outs the opponent walks to and bombs ore blocks one bomb from breaking (1), "
     "or also two while it holds two bombs (2), or also any it holds the bombs to end (3: a whole "
     "block with three, as garyleecf's bot does); 0: it only stands or flees"},
    {"far", 6, 0, 30, 0, 1, "stack plans only with the opponent at least this many steps away"},
    {"tour", 1, 0, 1, 1, 1,
     "1: stack plans are tours of up to four bombs over one or more ore blocks (a cell whose "
     "blast reaches two blocks serves both), and one bomb ends a block at 1 HP; 0: one block "
     "at 2 or 3 HP at a time"},
    {"end", 0, 0, 40, 2.5, 0,
     "value of an ore block my fire ends in a play-out, beyond its points (the block the "
     "opponent does not get)"},
    {"chain", 1, 0, 1, 1, 1,
     "1: a bomb's fire reaches an ore block past a bomb on its ray once that bomb has gone off "
     "(it sets this one off): bombing spots on such cells near a block at 1 HP or less, and the "
     "play-outs' opponent bombs from them too; 0: rays stop at bombs"},
    {"farammo", 1, 0, 3, 0, 1,
     "`far` holds only while the opponent has at least this many bombs in hand (by the shadow's "
     "count); 0: always"},
    {"soon", 1, 0, 1, 1, 1,
     "1: `ore` (ore worn down out of the opponent's reach or in a pocket) discounted by `gamma` "
     "from the play-out's start to each hit, as points are (the same wear done sooner is worth "
     "more); 0: not discounted"},
    {"slack", 1, 0, 4, 0, 1,
     "trap check: a cell the opponent can bomb me in from counts only when it gets there no more "
     "than this many steps after I could pass it myself (0: I pass it first, no margin)"},
    {"rev", 0, 0, 1, 1, 1,
     "1: each tour of two or more bombs is also played out in reverse order (deepest cell first, "
     "the way in last), when no bomb of it then shields a block from an earlier one"},
    {"resume", 0, 0, 1, 1, 1,
     "1: the tour chosen in the last decision is played out again (from where I stand, less the "
     "cells already bombed; with two or more bombs to go, only while `far` does not hold), so "
     "that a tour the new position does not rank first is not dropped half-way"},
    {"snipe", 0, 0, 1, 1, 1,
     "1: in the play-outs the opponent (`foe`) also takes the last hit on an ore block whose "
     "known bombs end it when the one that ends it (by timer) is not its own and lies two cells "
     "off: it bombs the cell between, whose bomb that one sets off and whose fire then strikes "
     "the block in its place"},
    {"wood", 0, 0, 1, 1, 1,
     "1: in the play-outs the opponent (`foe`), with no ore block to end, walks to and bombs the "
     "cells whose blast reaches the most blocks (wood, and ore it holds the bombs to end), no "
     "known blast burning them; 0: it stands"},
    {"rewalk", 0, 0, 1, 1, 1,
     "1: when the play-outs' opponent bombs while I walk to a plan's target, the new walk there "
     "is followed from its first step; 0: its first step is skipped, as before (the walk then "
     "stalls and the plan mostly ends where it stands)"},
    {"late", 0, 0, 35, 0, 1,
     "the play-outs' opponent, standing in a blast, stays until its fire is at most this many "
     "ticks away and then runs along its safe walk, as garyleecf's bot leaves a blast at the "
     "last moment (0: it runs at once)"},
    {"lateend", 0, 0, 1, 1, 1,
     "1: `late` holds only once every block is gone (nothing left to bomb but the opponent)"},
    {"race", 0, 0, 40, 0, 1,
     "in the play-outs an item (ammo, treasure) I have not reached is gone this many ticks less "
     "one after the opponent could have walked to it (its shortest walk, blocks and bombs walls; "
     "1: as soon as it could): an item farther from me is worth nothing, and one I reach in time "
     "is worth taking before the bombing; 0: items wait for me"},
    {"sure", 0, 0, 24, 0, 1,
     "bombing spots played out beside the `plans` best: the best by what a bomb there surely "
     "ends (wood, ore at its last HP), discounted by the walk; neither the opponent in line nor "
     "ore it only wears counts (0: none)"},
    {"gift2", -1, -1, 20, 0.5, 0,
     "`gift` for a block the play-out leaves at 2 HP or more (the opponent needs two bombs to "
     "finish it); -1: `gift`"},
    {"sureammo", 1, 1, 4, 0, 1,
     "`sure` plans only with at least this many bombs in hand (the rest kept for ore stacks)"},
    {"seq", 0, 0, 8, 0, 1,
     "plan sequences: this many of the best plans, and each first action's best, are played out "
     "until I have bombed and stand out of the blasts, and go on with the best plan from there "
     "(its value discounted; the desire map a tie-break); 0: one plan deep"},
    {"keep", 2, 0, 20, 0.5, 0,
     "value of each bomb in my hand at the end of a play-out, up to `keepn` bombs, while an ore "
     "block stands (a bomb picked up stays worth `ammo` or `ammo2` in all): each bomb placed "
     "from a hand of `keepn` or fewer costs this much; 0: none"},
    {"keepn", 2, 1, 6, 0, 1, "`keep`: the bombs in hand counted at most (2: the last two; 3 would be "
                             "a stack that ends a full ore block)"},
    {"keepopp", 0, 0, 4, 0, 1,
     "`keep` holds only while the opponent (by the shadow's count, at that tick of the play-out) "
     "holds at least this many bombs more than my hand after the bomb: an opponent with fewer "
     "bombs cannot race me for the ore, and my bomb goes to the wood; 0: always"},
    {"treasure", 0, 0, 10, 0.5, 0,
     "value of a treasure I pick up in a play-out beyond its point (a treasure never perishes: "
     "one I leave is the opponent's), and in the desire map; 0: its point only"},
    {"way", 0, 0, 2, 0, 1,
     "plans that bomb on the way: each plan that walks to a bombing spot or an item is also "
     "played out with a bomb on the first cell of its walk (my own included) whose fire surely "
     "ends a block (wood, ore at its last HP); 2: that bomb, from a hand of two or more, is not "
     "charged `keep`; 0: none"},
    {"armed", 0, 0, 1, 0, 1,
     "1: the trap check only while the opponent can bomb within `trap` ticks (a bomb in hand by "
     "the shadow's count, an ammo item within `trap` steps of it, or an ammo spawn due); 0: "
     "always"},
    {"endmap", 0, 0, 1, 0, 1,
     "1: the desire term of a plan's value from a desire map of the play-out's last state (the "
     "blocks it ended and the items it took no longer draw); 0: the decision's map"},
    {"terr", 0, 0, 20, 0.5, 0,
     "value of the board's share where a plan ends: this times (free cells I walk to first - "
     "those the opponent walks to first) / free cells (ammo and treasure fall on a free cell "
     "at random: the nearer player takes them); 0: none"},
    {"steal", 10, 0, 20, 0.5, 0,
     "desire of each cell whose fire reaches an ore block the opponent is about to stack (2 HP "
     "or more left by the known blasts, as many bombs in its hand, within `far` steps of the "
     "block's range), while I hold a bomb: near it when its bombs are down, a bomb of mine "
     "takes the last hit (the chain plans); 0: none"},
    {"hitw", 1, 0, 1, 0.1, 0,
     "weight of a hit on the opponent in a play-out (its 25 points and `hit`; a kill's 2000 "
     "stays whole): the play-outs' opponent only flees along its safe walk, a real one often "
     "gets away; 1: all"},
    {"oflee", 0, 0, 1, 0, 1,
     "1: the play-outs' opponent, its step out of a blast blocked (my body or a bomb of mine "
     "on its way), finds its way out again from where it stands; 0: it waits for that step"},
    {"opp", 0, 0, 8, 0, 1,
     "the opponent's plans: this many of its best plans by its own value (my plan generator and "
     "play-out from its seat) and each of my plans played out against each, the plan pair "
     "together; my plan's value is over those play-outs (`oppmin`); 0: one play-out against "
     "the modelled opponent (`foe`)"},
    {"oppmin", 0, 0, 1, 0, 0,
     "`opp`: a plan's value is (1 - oppmin) times its mean over the opponent's plans plus "
     "oppmin times its worst; 0: the mean"},
};

const kit_params search_params = {knobs, NK};

typedef struct plan {
    int target, bomb, len; /* len: steps of the walk to target (0: target is my cell) */
    bomber_action first;   /* the first action; for a first-step plan, the step itself */
    int direct;            /* a first-step plan: the walk is that one step */
    int legs[3], nlegs;    /* a stack plan: further cells to walk to and bomb, in order */
    int way;               /* `way`: target is the bomb on the way to legs[0]; 2: no bomb there */
} plan;

#define OPP_MAX 8 /* `opp`: the opponent's plans at most */
#define TOUR_BLOCKS 8
#define TOUR_CELLS 24
#define TOUR_BOMBS 4
#define TOUR_STEPS 30 /* a tour's walk at most */
#define TOUR_PLANS 6

typedef struct tour_search {
    int nb, left[TOUR_BLOCKS], hits[TOUR_BLOCKS];
    int nc, cell[TOUR_CELLS], mask[TOUR_CELLS], used[TOUR_CELLS];
    signed char arm[TOUR_CELLS][TOUR_BLOCKS];
    const double *arrival;
    int max_bombs, pick[TOUR_BOMBS];
    int best_n[1 << TOUR_BLOCKS], best_key[1 << TOUR_BLOCKS];
    int best[1 << TOUR_BLOCKS][TOUR_BOMBS]; /* each set's best tour, as indices into cell */
} tour_search;

typedef struct search_state {
    double k[NK];
    int pid;
    bomber_game shadow, base, sim, dsim, osim;
    dmap_workspace *ws;
    unsigned char wall[NCELL]; /* walls of the current state, metal 2 (for the bomb estimate) */
    int err;
    long used;         /* engine ticks simulated in this decision */
    int64_t deadline;  /* thread CPU ns, 0: none */
    int now;           /* the tick just played */
    int hurt[NCELL];   /* the danger map of the current state */
    int left_hp[NCELL]; /* an ore block's HP once every known blast is over (0: none left) */
    int opp_steps;      /* the opponent's walk to my cell, blocks and bombs walls (NEVER: none) */
    unsigned char opp_can[NCELL]; /* an ore block the opponent can walk into the range of */
    unsigned char opp_stacks[NCELL]; /* `steal`: an ore block the opponent is about to stack */
    int confined;       /* I can walk to only a few cells: any ore worn down is progress */
    int ore_stands;     /* `keep`: an ore block stands where the play-outs start */
    double desire[NCELL];
    double arrival[NCELL];
    int parent[NCELL];
    tour_search tour; /* tour_plans' scratch, cleared at each call */
    plan kept;        /* `resume`: the tour under way (kept.bomb 0: none) */
    int odist[NCELL]; /* `race`: the opponent's walk to each cell (NEVER: none) */
    struct search_state *next; /* `seq`: the planner of the second plan (its ws is this one's) */
    double near_paid;          /* the desire term the last play-out subtracted (0: none) */
    struct search_state *opp;  /* `opp`: the opponent's planner (its pid; ws is this one's) */
    int nopp;                  /* `opp`: the opponent's plans of this decision */
    plan opl[OPP_MAX];
    int opath[OPP_MAX][NCELL]; /* their walks, as plan_path gives them */
} search_state;

/* ---- small helpers ------------------------------------------------------------------------ */

static int cell_of(const bomber_player *p) { return p->y * BOMBER_W + p->x; }

/* The cell an action leads to from c (c itself for none and bomb), or -1 off the board. */
static int target_of(int c, bomber_action a) {
    int x = c % BOMBER_W, y = c / BOMBER_W;
    switch (a) {
    case BOMBER_UP: y++; break;
    case BOMBER_DOWN: y--; break;
    case BOMBER_LEFT: x--; break;
    case BOMBER_RIGHT: x++; break;
    default: return c;
    }
    if (x < 0 || x >= BOMBER_W || y < 0 || y >= BOMBER_H) return -1;
    return y * BOMBER_W + x;
}

static bomber_action dir_to(int from, int to) {
    int dx = to % BOMBER_W - from % BOMBER_W, dy = to / BOMBER_W - from / BOMBER_W;
    return dx == 1 ? BOMBER_RIGHT : dx == -1 ? BOMBER_LEFT : dy == 1 ? BOMBER_UP
         : dy == -1 ? BOMBER_DOWN : BOMBER_NONE;
}

/* Only the used part of each list is copied. */
static void game_copy(bomber_game *d, const bomber_game *s) {
    memcpy(d, s, offsetof(bomber_game, bombs));
    memcpy(d->bombs, s->bombs, (size_t)s->nbombs * sizeof s->bombs[0]);
    memcpy(d->fires, s->fires, (size_t)s->nfires * sizeof s->fires[0]);
    memcpy(d->blocks, s->blocks, (size_t)s->nblocks * sizeof s->blocks[0]);
    memcpy(d->ammo, s->ammo, (size_t)s->nammo * sizeof s->ammo[0]);
    memcpy(d->treasure, s->treasure, (size_t)s->ntreasure * sizeof s->treasure[0]);
    memcpy(d->effects, s->effects, (size_t)s->neffects * sizeof s->effects[0]);
}

static int bomb_at(const bomber_game *g, int c) {
    for (int i = 0; i < g->nbombs; i++)
        if (g->bombs[i].y * BOMBER_W + g->bombs[i].x == c) return i;
    return -1;
}

static int block_at(const bomber_game *g, int c) {
    for (int i = 0; i < g->nblocks; i++)
        if (g->blocks[i].y * BOMBER_W + g->blocks[i].x == c) return i;
    return -1;
}

static int treasure_at(const bomber_game *g, int c) {
    for (int i = 0; i < g->ntreasure; i++)
        if (g->treasure[i].y * BOMBER_W + g->treasure[i].x == c) return i;
    return -1;
}

/* Walls for walking in g: metal, blocks, bombs, and player `other` (>= 0); cell `free_cell`
 * (>= 0) stays passable (the walker's own cell, which may hold its bomb). */
static void walls_of(const bomber_game *g, int other, int free_cell, unsigned char *wall) {
    memset(wall, 0, NCELL);
    for (int i = 0; i < BOMBER_METAL; i++) wall[g->metal[i][1] * BOMBER_W + g->metal[i][0]] = 1;
    for (int i = 0; i < g->nblocks; i++) wall[g->blocks[i].y * BOMBER_W + g->blocks[i].x] = 1;
    for (int i = 0; i < g->nbombs; i++) wall[g->bombs[i].y * BOMBER_W + g->bombs[i].x] = 1;
    if (other >= 0) wall[cell_of(&g->players[other])] = 1;
    if (free_cell >= 0) wall[free_cell] = 0;
}

static int out_of_budget(const search_state *s) {
    if (s->used >= (long)s->k[K_SIMS]) return 1;
    return s->deadline && kit_thread_cpu_ns() >= s->deadline;
}

/* ---- the shadow game ---------------------------------------------------------------------- */

static void shadow_start(search_state *s, const bomber_view *v, uint64_t seed) {
    bomber_game *g = &s->shadow;
    memset(g, 0, offsetof(bomber_game, bombs));
    kit_pyrandom_seed(&g->rng, (int64_t)(seed & 0x7fffffffffffffffULL));
    g->tick = v->tick_number + 1, g->winner = -1, g->max_iterations = 0;
    int nm = 0;
    for (int i = 0; i < v->nblocks; i++) {
        int x = v->blocks[i].x, y = v->blocks[i].y;
        if (v->blocks[i].tag == BOMBER_TAG_METAL) {
            if (nm < BOMBER_METAL) g->metal[nm][0] = x, g->metal[nm][1] = y, nm++;
        } else if (g->nblocks < BOMBER_MAX_BLOCKS) {
            int ore = v->blocks[i].tag == BOMBER_TAG_ORE;
            g->blocks[g->nblocks++] =
                (bomber_block){x, y, ore ? BOMBER_ORE_HP : BOMBER_WOOD_HP, ore ? 'o' : 's'};
        }
    }
    for (int i = nm; i < BOMBER_METAL; i++) /* fewer metal blocks: repeat the first one */
        g->metal[i][0] = nm ? g->metal[0][0] : v->x, g->metal[i][1] = nm ? g->metal[0][1] : v->y;
    for (int p = 0; p < BOMBER_PLAYERS; p++)
        g->players[p] = (bomber_player){0, 0, BOMBER_START_HP, BOMBER_START_AMMO, 0,
                                        BOMBER_START_POWER};
    for (int i = 0; i < v->nplayers; i++)
        if (v->players[i].pid >= 0 && v->players[i].pid < BOMBER_PLAYERS)
            g->players[v->players[i].pid].x = v->players[i].x,
            g->players[v->players[i].pid].y = v->players[i].y;
    for (int i = 0; i < v->nammo && i < BOMBER_MAX_ITEMS; i++)
        g->ammo[g->nammo++] = (bomber_ammo){v->ammo[i].x, v->ammo[i].y, BOMBER_AMMO_TTL, 1};
    for (int i = 0; i < v->nbombs && i < BOMBER_MAX_BOMBS; i++)
        g->bombs[g->nbombs++] = (bomber_bomb){v->bombs[i].x, v->bombs[i].y, 1 - v->id,
                                              BOMBER_BOMB_TTL - 1, BOMBER_START_POWER};
    /* the bombs already on the board are the opponent's, out of its starting ammo */
    bomber_player *o = &g->players[1 - v->id];
    o->ammo = g->nbombs < o->ammo ? o->ammo - g->nbombs : 0;
}

/* What player pid did in the tick that led from the shadow to the view. */
static bomber_action inferred(const bomber_game *g, const bomber_view *v, int pid) {
    const bomber_player *p = &g->players[pid];
    for (int i = 0; i < v->nplayers; i++) {
        if (v->players[i].pid != pid) continue;
        int nx = v->players[i].x, ny = v->players[i].y;
        if (nx != p->x || ny != p->y)
            return dir_to(p->y * BOMBER_W + p->x, ny * BOMBER_W + nx);
        if (v->game_map[ny * BOMBER_W + nx] == BOMBER_TAG_BOMB && bomb_at(g, ny * BOMBER_W + nx) < 0)
            return BOMBER_BOMB;
    }
    return BOMBER_NONE;
}

/* The view is the truth for all it shows. */
static void shadow_reconcile(bomber_game *g, const bomber_view *v) {
    struct {
        int nbombs, nammo;
        bomber_bomb bombs[BOMBER_MAX_BOMBS];
        bomber_ammo ammo[BOMBER_MAX_ITEMS];
    } old_lists; /* the shadow's lists before they are rebuilt from the view */
    memcpy(old_lists.bombs, g->bombs, (size_t)g->nbombs * sizeof g->bombs[0]);
    memcpy(old_lists.ammo, g->ammo, (size_t)g->nammo * sizeof g->ammo[0]);
    old_lists.nbombs = g->nbombs, old_lists.nammo = g->nammo;
    for (int i = 0; i < v->nplayers; i++) {
        int p = v->players[i].pid;
        if (p < 0 || p >= BOMBER_PLAYERS) continue;
        g->players[p].x = v->players[i].x, g->players[p].y = v->players[i].y;
        if (p != v->id && g->players[p].hp <= 0) g->players[p].hp = 1; /* it is alive */
    }
    bomber_player *me = &g->players[v->id];
    me->hp = v->hp, me->ammo = v->ammo_left, me->score = v->score, me->power = v->power;
    /* blocks: keep the shadow's (HP) where the view still has one, add any it lacks */
    int kept = 0;
    for (int i = 0; i < g->nblocks; i++) {
        int t = v->game_map[g->blocks[i].y * BOMBER_W + g->blocks[i].x];
        if (t == (g->blocks[i].kind == 'o' ? BOMBER_TAG_ORE : BOMBER_TAG_WOOD))
            g->blocks[kept++] = g->blocks[i];
    }
    g->nblocks = kept;
    for (int i = 0; i < v->nblocks; i++) {
        if (v->blocks[i].tag == BOMBER_TAG_METAL) continue;
        int c = v->blocks[i].y * BOMBER_W + v->blocks[i].x;
        if (block_at(g, c) >= 0 || g->nblocks >= BOMBER_MAX_BLOCKS) continue;
        int ore = v->blocks[i].tag == BOMBER_TAG_ORE;
        g->blocks[g->nblocks++] = (bomber_block){v->blocks[i].x, v->blocks[i].y,
                                                 ore ? BOMBER_ORE_HP : BOMBER_WOOD_HP,
                                                 ore ? 'o' : 's'};
    }
    /* bombs in the view's order; a bomb the shadow lacks was placed in the tick just played by
     * the player standing on it */
    g->nbombs = 0;
    for (int i = 0; i < v->nbombs; i++) {
        int c = v->bombs[i].y * BOMBER_W + v->bombs[i].x, found = -1;
        for (int k = 0; k < old_lists.nbombs && found < 0; k++)
            if (old_lists.bombs[k].y * BOMBER_W + old_lists.bombs[k].x == c) found = k;
        if (found >= 0) {
            g->bombs[g->nbombs++] = old_lists.bombs[found];
            continue;
        }
        int owner = 1 - v->id;
        for (int p = 0; p < BOMBER_PLAYERS; p++)
            if (cell_of(&g->players[p]) == c) owner = p;
        g->bombs[g->nbombs++] = (bomber_bomb){v->bombs[i].x, v->bombs[i].y, owner,
                                              BOMBER_BOMB_TTL - 1, BOMBER_START_POWER};
    }
    g->nammo = 0;
    for (int i = 0; i < v->nammo; i++) {
        int ttl = BOMBER_AMMO_TTL;
        for (int k = 0; k < old_lists.nammo; k++)
            if (old_lists.ammo[k].x == v->ammo[i].x && old_lists.ammo[k].y == v->ammo[i].y)
                ttl = old_lists.ammo[k].ttl;
        g->ammo[g->nammo++] = (bomber_ammo){v->ammo[i].x, v->ammo[i].y, ttl > 0 ? ttl : 1, 1};
    }
    g->ntreasure = 0;
    for (int i = 0; i < v->ntreasure; i++)
        g->treasure[g->ntreasure++] = (bomber_treasure){v->treasure[i].x, v->treasure[i].y,
                                                        BOMBER_REWARD_TREASURE};
    g->neffects = 0; /* spawns cannot be foreseen */
    g->over = 0, g->winner = -1, g->tick = v->tick_number + 1;
}

static void shadow_update(search_state *s, const bomber_view *v) {
    bomber_game *g = &s->shadow;
    if (g->tick == v->tick_number) {
        bomber_action acts[BOMBER_PLAYERS];
        for (int p = 0; p < BOMBER_PLAYERS; p++) {
            if (g->players[p].hp <= 0) g->players[p].hp = 1;
            acts[p] = inferred(g, v, p);
        }
        g->over = 0;
        bomber_tick(g, acts, NULL);
    }
    shadow_reconcile(g, v);
}

/* ---- danger and escape -------------------------------------------------------------------- */

/* hurt[c]: the first tick in which fire hurts cell c when nobody acts from state `from` on
 * (NEVER when none does): the engine plays on until the last bomb has gone off. */
static void danger(search_state *s, const bomber_game *from, int hurt[NCELL]) {
    static const bomber_action none[BOMBER_PLAYERS] = {BOMBER_NONE, BOMBER_NONE};
    bomber_game *g = &s->dsim;
    game_copy(g, from);
    for (int p = 0; p < BOMBER_PLAYERS; p++) g->players[p].hp = 1 << 20; /* nobody dies */
    g->max_iterations = 0, g->neffects = 0, g->over = 0;
    for (int c = 0; c < NCELL; c++) hurt[c] = NEVER;
    for (int k = 0; k <= 2 * BOMBER_BOMB_TTL; k++) {
        for (int f = 0; f < g->nfires; f++) {
            int c = g->fires[f].y * BOMBER_W + g->fires[f].x;
            if (g->tick < hurt[c]) hurt[c] = g->tick;
        }
        if (!g->nbombs || bomber_tick(g, none, NULL)) break;
        s->used++;
    }
}

/* The safe walk (dmap_safe_walk on hurt, ticks counted from the state of tick `now`) from
 * `from`, entered at step t0, into s->arrival and s->parent; `from` is passable while it runs
 * (the player stands on its own bomb). 0, or nonzero when the walk fails (s->err on memory). */
static int safe_walk_from(search_state *s, unsigned char *wall, const int *hurt, int now,
                          int from, int t0) {
    double timing[NCELL];
    for (int c = 0; c < NCELL; c++) timing[c] = hurt[c] >= NEVER ? INFINITY : hurt[c] - now;
    unsigned char saved = wall[from];
    wall[from] = 0;
    dmap_grid grid = {BOMBER_W, BOMBER_H, wall, NULL};
    dmap_moves mv = dmap_moves_4();
    int rc = dmap_safe_walk(&grid, &mv, timing, from, (double)t0, s->arrival, s->parent, NULL,
                            s->ws);
    wall[from] = saved;
    if (rc == DMAP_ERR_NOMEM) s->err = rc;
    return rc;
}

/* Steps from `from`, entered at step t0 after the state of tick `now`, to the nearest cell no
 * fire reaches, every cell on the way entered before its fire (dmap_safe_walk); -1 when there
 * is none. path (may be NULL, room for NCELL): the cells after `from`, in order. */
static int escape(search_state *s, unsigned char *wall, const int *hurt, int now, int from,
                  int t0, int *path) {
    if (safe_walk_from(s, wall, hurt, now, from, t0)) return -1;
    int best = -1;
    for (int c = 0; c < NCELL; c++)
        if (hurt[c] >= NEVER && isfinite(s->arrival[c]) &&
            (best < 0 || s->arrival[c] < s->arrival[best]))
            best = c;
    if (best < 0) return -1;
    int len = (int)(s->arrival[best] - t0);
    if (path)
        for (int c = best, i = len - 1; i >= 0; i--, c = s->parent[c]) path[i] = c;
    return len;
}

/* ---- safety one tick ahead ---------------------------------------------------------------- */

/* Whether I may take action a in state b (wall: walls_of with the opponent a wall): a step into
 * an open cell or staying; a bomb with ammo in hand and none under me. */
static int action_possible(const search_state *s, const bomber_game *b, const unsigned char *wall,
                           bomber_action a) {
    int me = s->pid, m = cell_of(&b->players[me]), t = target_of(m, a);
    if (a == BOMBER_BOMB && (b->players[me].ammo <= 0 || bomb_at(b, m) >= 0)) return 0;
    return t >= 0 && (t == m || !wall[t]);
}

/* ok[a]: how many of the opponent's replies leave me a way out after my action a (-1: a is
 * not possible); *nreplies: how many replies there are. */
static void safety(search_state *s, int ok[6], int *nreplies) {
    const bomber_game *b = &s->base;
    int me = s->pid, op = 1 - me, m = cell_of(&b->players[me]), o = cell_of(&b->players[op]);
    unsigned char wall[NCELL];
    walls_of(b, op, m, wall);
    bomber_action replies[6];
    int nr = 0;
    for (int a = BOMBER_NONE; a <= BOMBER_BOMB; a++) {
        if (a == BOMBER_BOMB) {
            if (b->players[op].ammo > 0 && bomb_at(b, o) < 0) replies[nr++] = BOMBER_BOMB;
            continue;
        }
        int t = target_of(o, (bomber_action)a);
        if (t < 0 || (t != o && (wall[t] || t == m))) continue;
        replies[nr++] = (bomber_action)a;
    }
    *nreplies = nr;
    int hv[4][NCELL], have[4] = {1, 0, 0, 0};
    memcpy(hv[0], s->hurt, sizeof hv[0]);
    for (int a = BOMBER_NONE; a <= BOMBER_BOMB; a++) {
        ok[a] = -1;
        if (!action_possible(s, b, wall, (bomber_action)a)) continue;
        int p1 = target_of(m, (bomber_action)a);
        ok[a] = 0;
        for (int r = 0; r < nr; r++) {
            int q1 = target_of(o, replies[r]), mine = a == BOMBER_BOMB, theirs = replies[r] == BOMBER_BOMB;
            int p = p1 == q1 ? m : p1; /* both stepping into one cell: count on being refused */
            int variant = mine + 2 * theirs;
            if (!have[variant]) {
                game_copy(&s->sim, b);
                if (mine && s->sim.nbombs < BOMBER_MAX_BOMBS)
                    s->sim.bombs[s->sim.nbombs++] = (bomber_bomb){m % BOMBER_W, m / BOMBER_W, me,
                                                                  BOMBER_BOMB_TTL, b->players[me].power};
                if (theirs && s->sim.nbombs < BOMBER_MAX_BOMBS)
                    s->sim.bombs[s->sim.nbombs++] = (bomber_bomb){o % BOMBER_W, o / BOMBER_W, op,
                                                                  BOMBER_BOMB_TTL, b->players[op].power};
                danger(s, &s->sim, hv[variant]);
                have[variant] = 1;
            }
            unsigned char w2[NCELL];
            memcpy(w2, wall, sizeof w2);
            w2[o] = 0, w2[q1] = 1;
            if (mine) w2[m] = 1;
            if (theirs) w2[o] = 1;
            w2[p] = 0;
            if (hv[variant][p] > s->now + 1 && escape(s, w2, hv[variant], s->now, p, 1, NULL) >= 0)
                ok[a]++;
        }
    }
}

/* ---- traps -------------------------------------------------------------------------------- */

/* Would the opponent, walking to a cell q within `depth` steps (before I can pass q myself) and
 * bombing there, shut me in at p? The pocket is what I reach from p with q (its bomb and body)
 * a wall; it is a trap when every cell of the pocket is in q's blast or in a known one. */
static int trap_at(search_state *s, const unsigned char *open_walls, int p, int depth) {
    const bomber_game *b = &s->base;
    int o = cell_of(&b->players[1 - s->pid]);
    unsigned char wall[NCELL];
    memcpy(wall, open_walls, sizeof wall);
    dmap_grid grid = {BOMBER_W, BOMBER_H, wall, NULL};
    dmap_moves mv = dmap_moves_4();
    int d_opp[NCELL], d_me[NCELL], pocket[NCELL];
    wall[p] = 1;
    int rc = dmap_bfs(&grid, &mv, &o, 1, depth, d_opp, NULL, s->ws);
    wall[p] = 0, wall[o] = 1;
    if (!rc) rc = dmap_bfs(&grid, &mv, &p, 1, depth, d_me, NULL, s->ws);
    wall[o] = open_walls[o];
    if (rc) {
        if (rc == DMAP_ERR_NOMEM) s->err = rc;
        return 0;
    }
    static const int d[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
    for (int q = 0; q < NCELL; q++) {
        if (d_opp[q] < 1 || q == p || (d_me[q] >= 0 && d_me[q] + (int)s->k[K_SLACK] < d_opp[q]))
            continue;
        unsigned char in_blast[NCELL] = {0};
        in_blast[q] = 1;
        for (int k = 0; k < 4; k++)
            for (int i = 1; i <= BOMBER_START_POWER; i++) {
                int x = q % BOMBER_W + d[k][0] * i, y = q / BOMBER_W + d[k][1] * i;
                if (x < 0 || x >= BOMBER_W || y < 0 || y >= BOMBER_H) break;
                in_blast[y * BOMBER_W + x] = 1;
                if (open_walls[y * BOMBER_W + x]) break;
            }
        wall[q] = 1;
        rc = dmap_bfs(&grid, &mv, &p, 1, -1, pocket, NULL, s->ws);
        wall[q] = open_walls[q];
        if (rc) {
            if (rc == DMAP_ERR_NOMEM) s->err = rc;
            return 0;
        }
        int way_out = 0;
        for (int c = 0; c < NCELL && !way_out; c++)
            way_out = pocket[c] >= 0 && !in_blast[c] && s->hurt[c] >= NEVER;
        if (!way_out) return 1;
    }
    return 0;
}

/* `armed`: can the opponent place a bomb within `depth` ticks? A bomb in its hand (the shadow's
 * count: bombs never return to a hand, only ammo items picked up fill it), an ammo item within
 * `depth` steps of it (Manhattan), or an ammo spawn due in that time (it may fall anywhere). An
 * opponent that cannot bomb cannot shut me in a pocket, but the trap check walls the cells it
 * can walk to all the same (garyleecf's bot, its hand often empty, walks up close). */
static int opp_armed(const search_state *s, int depth) {
    const bomber_game *b = &s->base;
    const bomber_player *o = &b->players[1 - s->pid];
    if (s->k[K_ARMED] <= 0 || o->ammo > 0) return 1;
    for (int i = 0; i < b->nammo; i++)
        if (abs(b->ammo[i].x - o->x) + abs(b->ammo[i].y - o->y) <= depth) return 1;
    for (int i = 0; i < b->neffects; i++)
        if (b->effects[i].kind == 'a' && b->effects[i].ttl <= depth + 1) return 1;
    return 0;
}

/* `terr`: the share of the board that is mine in state g: (free cells I walk to strictly first
 * - those the opponent walks to strictly first) / free cells, blocks and bombs walls, players
 * none. Against a model of garyleecf's bot, which never stands still, an ammo item fell nearer
 * to it 57% of the time in the games `search` lost (53% in those it won); `search` stands where
 * its last plan ended. */
static double territory(search_state *s, const bomber_game *g) {
    unsigned char wall[NCELL];
    walls_of(g, -1, -1, wall);
    int m = cell_of(&g->players[s->pid]), o = cell_of(&g->players[1 - s->pid]);
    int dm[NCELL], dop[NCELL];
    dmap_grid grid = {BOMBER_W, BOMBER_H, wall, NULL};
    dmap_moves mv = dmap_moves_4();
    int wm = wall[m], wo = wall[o]; /* a player on its own bomb still walks off it */
    wall[m] = wall[o] = 0;
    int rc = dmap_bfs(&grid, &mv, &m, 1, -1, dm, NULL, s->ws);
    if (!rc) rc = dmap_bfs(&grid, &mv, &o, 1, -1, dop, NULL, s->ws);
    wall[m] = (unsigned char)wm, wall[o] = (unsigned char)wo;
    if (rc) {
        if (rc == DMAP_ERR_NOMEM) s->err = rc;
        return 0;
    }
    int free_cells = 0, share = 0;
    for (int c = 0; c < NCELL; c++) {
        if (wall[c]) continue;
        free_cells++;
        int a = dm[c] < 0 ? NEVER : dm[c], b = dop[c] < 0 ? NEVER : dop[c];
        share += a < b ? 1 : b < a ? -1 : 0;
    }
    return free_cells ? (double)share / free_cells : 0;
}

/* ---- plans -------------------------------------------------------------------------------- */

/* What a block hit at `hp` HP left (after the blasts known to come) is worth to a bomb's spot:
 * the estimate ranks worn ore between a kill and wood (a 2-HP block 4, a 3-HP one 2.5; a block
 * some blast burns first 0, wood 0.2); `sure` counts only the blocks the bomb surely ends. */
static double block_worth(char kind, int hp, int sure) {
    if (sure) return hp != 1 ? 0 : kind == 'o' ? BOMBER_REWARD_ORE : BOMBER_REWARD_WOOD;
    if (kind == 'o') return hp <= 0 ? 0 : hp == 1 ? BOMBER_REWARD_ORE : hp == 2 ? 4 : 2.5;
    return hp <= 0 ? 0.2 : BOMBER_REWARD_WOOD;
}

/* A quick estimate of what a bomb on cell c destroys in the current state (exact ore HP; a
 * block some blast will burn first counts less) and, unless `sure`, the opponent in reach (4).
 * With `sure` only what it surely ends: wood and ore at its last HP. (The estimate ranks the
 * cells in line with the opponent, 4, and those reaching a 3-HP ore block, 2.5, before a wood
 * block's 2: near the opponent and the ore, the `plans` best spots were all of that kind, the
 * play-outs found them worth nothing, the opponent fleeing and the worn ore a gift, and no plan
 * bombed the wood; the `sure` plans rank by what is sure.) */
static double bomb_value_in(const search_state *s, const bomber_game *g, const unsigned char *wall,
                            const int *hurt, int c, int sure) {
    static const int d[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
    int o = sure ? -1 : cell_of(&g->players[1 - s->pid]);
    double v = 0;
    for (int k = 0; k < 4; k++)
        for (int i = 1; i <= BOMBER_START_POWER; i++) {
            int x = c % BOMBER_W + d[k][0] * i, y = c / BOMBER_W + d[k][1] * i;
            if (x < 0 || x >= BOMBER_W || y < 0 || y >= BOMBER_H) break;
            int t = y * BOMBER_W + x;
            if (t == o) v += 4;
            if (wall[t] == 2) break; /* metal */
            int bl = block_at(g, t);
            if (bl >= 0) {
                v += block_worth(g->blocks[bl].kind, g->blocks[bl].hp - (hurt && hurt[t] < NEVER), sure);
                break;
            }
            if (bomb_at(g, t) >= 0) break;
        }
    return v;
}

static double bomb_value(const search_state *s, int c, int sure) {
    return bomb_value_in(s, &s->base, s->wall, s->hurt, c, sure);
}

/* Whether the item on cell c is still there when I get to it: always, but with `race` not when
 * the opponent could have walked to it at least `race` ticks before I arrive (a tie is mine). */
static int item_mine(const search_state *s, int c) {
    int race = (int)s->k[K_RACE];
    return !race || s->odist[c] + race - 1 >= s->arrival[c];
}

/* The desire map: dmap_field over the cells worth going to (bombing spots by their value,
 * items, and once the blocks are gone the cells near the opponent), blocks and bombs walls. */
static void desire_map_of(search_state *s, const bomber_game *g, const double *spot, double *desire) {
    int me = s->pid, op = 1 - me, m = cell_of(&g->players[me]), o = cell_of(&g->players[op]);
    unsigned char wall[NCELL];
    walls_of(g, -1, m, wall);
    dmap_goal goals[NCELL];
    size_t n = 0;
    double item[NCELL] = {0};
    double ammo_v = g->players[me].ammo <= 1 ? s->k[K_AMMO] : s->k[K_AMMO2];
    for (int i = 0; i < g->nammo; i++) {
        int c = g->ammo[i].y * BOMBER_W + g->ammo[i].x;
        if (item_mine(s, c)) item[c] += ammo_v;
    }
    for (int i = 0; i < g->ntreasure; i++) {
        int c = g->treasure[i].y * BOMBER_W + g->treasure[i].x;
        if (item_mine(s, c)) item[c] += BOMBER_REWARD_TREASURE + s->k[K_TREASURE];
    }
    int hunt = g->nblocks == 0;
    for (int c = 0; c < NCELL; c++) {
        if (wall[c]) continue;
        double v = spot[c] + item[c];
        if (hunt) {
            int dx = abs(c % BOMBER_W - o % BOMBER_W), dy = abs(c / BOMBER_W - o / BOMBER_W);
            if ((dx == 0 && dy <= 3) || (dy == 0 && dx <= 3)) v += 2;
        }
        if (v > 0) goals[n++] = (dmap_goal){c % BOMBER_W, c / BOMBER_W, -3 * v};
    }
    dmap_grid grid = {BOMBER_W, BOMBER_H, wall, NULL};
    dmap_moves mv = dmap_moves_4();
    int rc = dmap_field(&grid, &mv, goals, n, 100.0, desire, s->ws);
    if (rc == DMAP_ERR_NOMEM) s->err = rc;
    if (rc)
        for (int c = 0; c < NCELL; c++) desire[c] = 100.0;
    for (int c = 0; c < NCELL; c++)
        if (!isfinite(desire[c])) desire[c] = 100.0;
}

static void desire_map(search_state *s, const double *spot) {
    desire_map_of(s, &s->base, spot, s->desire);
}

/* `endmap`: the desire map of a play-out's last state g (the spots valued there, no blast known:
 * they are over), so that a spot a plan has used up no longer draws it, and its value at my
 * cell. With the map of the decision's state a plan that ends a block and runs from its blast
 * was worth less than one that stays beside the block: the block still drew the stay. */
static double end_desire(search_state *s, const bomber_game *g) {
    int me = s->pid, m = cell_of(&g->players[me]);
    unsigned char wall[NCELL];
    walls_of(g, 1 - me, m, wall);
    for (int i = 0; i < BOMBER_METAL; i++) wall[g->metal[i][1] * BOMBER_W + g->metal[i][0]] = 2;
    double spot[NCELL], desire[NCELL];
    for (int c = 0; c < NCELL; c++)
        spot[c] = wall[c] || bomb_at(g, c) >= 0 ? 0 : bomb_value_in(s, g, wall, NULL, c, 0);
    desire_map_of(s, g, spot, desire);
    return desire[m];
}
/* How ray_cells treats a bomb on a ray: PAST_BOMBS, the ray goes on past it (a bomb beyond it
 * is set off by its fire a tick later, and its own fire then reaches c through the emptied cell;
 * without, the ray stops there); SHIELDED, the cells between c and it are left out (a bomb there
 * would shield c from the older one). */
enum { PAST_BOMBS = 1, SHIELDED = 2 };

/* The cells from which a bomb's fire reaches cell c (power 2, rays stopped by metal and blocks,
 * walls_of's wall), free for a bomb, bombs on the rays as `how` says; returns how many. arm
 * (may be NULL): 2 * direction + steps - 1. */
static int ray_cells(const bomber_game *g, const unsigned char *wall, int c, int *out, int *arm,
                     int how) {
    static const int d[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
    int n = 0;
    for (int k = 0; k < 4; k++)
        for (int i = 1, n0 = n; i <= BOMBER_START_POWER; i++) {
            int x = c % BOMBER_W + d[k][0] * i, y = c / BOMBER_W + d[k][1] * i;
            if (x < 0 || x >= BOMBER_W || y < 0 || y >= BOMBER_H) break;
            int t = y * BOMBER_W + x;
            if (bomb_at(g, t) >= 0) {
                if (how & SHIELDED) n = n0;
                if (how & PAST_BOMBS) continue;
                break;
            }
            if (wall[t]) break;
            if (arm) arm[n] = 2 * k + i - 1;
            out[n++] = t;
        }
    return n;
}

/* range: the cells a bomb reaches c from without a shield (ray_cells SHIELDED), past bombs
 * with `chain` (pass); chain: every cell in reach past bombs (ray_cells PAST_BOMBS). */
static int range_cells(const bomber_game *g, const unsigned char *wall, int c, int *out, int *arm,
                       int pass) {
    return ray_cells(g, wall, c, out, arm, SHIELDED | (pass ? PAST_BOMBS : 0));
}

static int chain_cells(const bomber_game *g, const unsigned char *wall, int c, int *out) {
    return ray_cells(g, wall, c, out, NULL, PAST_BOMBS);
}

/* Steps of the safe walk (dmap_safe_walk on hurt, entered at step 0 after the state of tick
 * `now`) from `from` to `to`; path: the cells after `from`. -1 when it cannot get there. */
static int walk_to(search_state *s, unsigned char *wall, const int *hurt, int now, int from,
                   int to, int *path) {
    if (safe_walk_from(s, wall, hurt, now, from, 0) || !isfinite(s->arrival[to])) return -1;
    int len = (int)s->arrival[to];
    for (int c = to, i = len - 1; i >= 0; i--, c = s->parent[c]) path[i] = c;
    return len;
}

/* ---- the opponent's ore bombs in the play-outs --------------------------------------------- */

/* Does fire reach cell c from tick `tick` on (hurt: a danger map)? */
static int burns_later(const int *hurt, int c, int tick) {
    return hurt[c] < NEVER && hurt[c] >= tick - 1;
}

/* The opponent of the play-outs, when `foe` is on: an ore block's HP less one for each bomb
 * whose fire reaches it is its count; with ammo in hand the opponent walks to the nearest cell
 * from which its bomb reaches a block whose count is 1 (with `foe` 2, or 2 while it holds two
 * bombs), keeping off cells a known blast will burn, bombs there when its safe walk then leads
 * out of every blast, and runs. (garyleecf's 2020 bot plays this rule first whenever it has
 * ammo; a worn block then goes to whoever bombs it first.) */
typedef struct foe {
    int on, chain, snipe, wood, sig; /* sig: the state the steps were counted in (-1: none yet) */
    int steps[NCELL];   /* steps to the nearest target cell, -1 unreached */
    unsigned char sniped[NCELL]; /* `snipe` targets (entered though a known blast burns them) */
} foe;

/* A number that changes when the bombs, blocks, ore HP or the opponent's ammo do. */
static int foe_signature(const bomber_game *g, int op) {
    int hp = 0;
    for (int i = 0; i < g->nblocks; i++)
        if (g->blocks[i].kind == 'o') hp += g->blocks[i].hp;
    return g->nbombs + 64 * (g->nblocks + 128 * (g->players[op].ammo + 16 * hp));
}

/* `wood`: with no ore block to end, the cells the opponent bombs blocks from, as garyleecf's bot
 * picks them (its reward map): each cell in range of a block no known blast burns (wood, or an
 * ore block whose count its bombs in hand can end) is worth one for each such block it reaches,
 * and the opponent goes for the most it can walk to, three or more counting as three. Returns
 * how many cells went into src. */
static int foe_block_targets(search_state *s, const bomber_game *g, const unsigned char *wall,
                             const int *hurt, int oc, int ammo, const int *counts, int *src) {
    int reward[NCELL] = {0}, dist[NCELL], n = 0, best = 0;
    for (int i = 0; i < g->nblocks; i++) {
        int c = g->blocks[i].y * BOMBER_W + g->blocks[i].x;
        if (g->blocks[i].kind == 'o' ? counts[c] < 1 || counts[c] > ammo : hurt[c] < NEVER) continue;
        int cells[4 * BOMBER_START_POWER];
        int nc = range_cells(g, wall, c, cells, NULL, 0);
        for (int k = 0; k < nc; k++) reward[cells[k]]++;
    }
    unsigned char walls[NCELL];
    memcpy(walls, wall, sizeof walls);
    dmap_grid grid = {BOMBER_W, BOMBER_H, walls, NULL};
    dmap_moves mv = dmap_moves_4();
    int rc = dmap_bfs(&grid, &mv, &oc, 1, -1, dist, NULL, s->ws);
    if (rc) {
        if (rc == DMAP_ERR_NOMEM) s->err = rc;
        return 0;
    }
    for (int c = 0; c < NCELL; c++) {
        if (reward[c] > 3) reward[c] = 3;
        if (dist[c] < 0 || (wall[c] && c != oc) || burns_later(hurt, c, g->tick)) reward[c] = 0;
        if (reward[c] > best) best = reward[c];
    }
    for (int c = 0; c < NCELL && best > 0; c++)
        if (reward[c] == best) src[n++] = c;
    return n;
}

/* The steps to the cells the opponent would bomb ore from, in g (me and every block and bomb a
 * wall, the opponent's own cell passable); cells a known blast will burn are left out. */
static void foe_targets(search_state *s, foe *f, const bomber_game *g, int me,
                        const int *hurt) {
    static const int d[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
    int op = 1 - me, oc = cell_of(&g->players[op]), ammo = g->players[op].ammo;
    unsigned char wall[NCELL];
    int src[NCELL], nsrc = 0;
    unsigned char is_src[NCELL] = {0};
    int counts[NCELL]; /* each ore block's count (-1: no ore block) */
    memset(f->sniped, 0, sizeof f->sniped);
    walls_of(g, me, oc, wall);
    for (int c = 0; c < NCELL; c++) counts[c] = -1;
    for (int i = 0; i < g->nblocks; i++) {
        if (g->blocks[i].kind != 'o') continue;
        int c = g->blocks[i].y * BOMBER_W + g->blocks[i].x, count = g->blocks[i].hp;
        int hb[4], hd[4], nh = 0; /* those bombs and their distances */
        for (int k = 0; k < 4; k++) /* the bombs whose fire reaches the block */
            for (int j = 1; j <= BOMBER_START_POWER; j++) {
                int x = c % BOMBER_W + d[k][0] * j, y = c / BOMBER_W + d[k][1] * j;
                if (x < 0 || x >= BOMBER_W || y < 0 || y >= BOMBER_H) break;
                int t = y * BOMBER_W + x, bi = bomb_at(g, t);
                if (bi >= 0) {
                    count--, hb[nh] = bi, hd[nh++] = j;
                    break;
                }
                if (wall[t] && t != oc) break;
            }
        counts[c] = count;
        if (f->snipe && count <= 0 && ammo > 0) { /* the bomb that ends it, by timer */
            int hp = g->blocks[i].hp, last = -1;
            for (int r = 0; r < hp && r < nh; r++) { /* the r-th to go off (selection) */
                int lo = r;
                for (int q = r + 1; q < nh; q++)
                    if (g->bombs[hb[q]].ttl < g->bombs[hb[lo]].ttl) lo = q;
                int tb = hb[r], td = hd[r];
                hb[r] = hb[lo], hd[r] = hd[lo], hb[lo] = tb, hd[lo] = td;
                last = r;
            }
            if (last == hp - 1 && hd[last] == 2 && g->bombs[hb[last]].owner != op &&
                (last == 0 || g->bombs[hb[last - 1]].ttl < g->bombs[hb[last]].ttl)) {
                const bomber_bomb *bb = &g->bombs[hb[last]];
                int mid = ((bb->y + c / BOMBER_W) / 2) * BOMBER_W + (bb->x + c % BOMBER_W) / 2;
                if ((!wall[mid] || mid == oc) && !is_src[mid] && hurt[mid] > g->tick + 1)
                    is_src[mid] = 1, f->sniped[mid] = 1, src[nsrc++] = mid;
            }
            continue;
        }
        if (count != 1 && !(f->on >= 2 && count == 2 && ammo >= 2) &&
            !(f->on >= 3 && count >= 3 && ammo >= count)) /* `foe` 3: whole blocks too */
            continue;
        int cells[4 * BOMBER_START_POWER];
        int n = f->chain ? chain_cells(g, wall, c, cells) : range_cells(g, wall, c, cells, NULL, 0);
        for (int k = 0; k < n; k++) {
            int t = cells[k];
            if (is_src[t] || (wall[t] && t != oc) || burns_later(hurt, t, g->tick)) continue;
            is_src[t] = 1, src[nsrc++] = t;
        }
    }
    if (!nsrc && f->wood && ammo > 0) nsrc = foe_block_targets(s, g, wall, hurt, oc, ammo, counts, src);
    f->sig = foe_signature(g, op);
    for (int c = 0; c < NCELL; c++) f->steps[c] = -1;
    if (!nsrc) return;
    dmap_grid grid = {BOMBER_W, BOMBER_H, wall, NULL};
    dmap_moves mv = dmap_moves_4();
    int rc = dmap_bfs(&grid, &mv, src, (size_t)nsrc, -1, f->steps, NULL, s->ws);
    if (rc) {
        if (rc == DMAP_ERR_NOMEM) s->err = rc;
        for (int c = 0; c < NCELL; c++) f->steps[c] = -1;
    }
}

/* The opponent's action in g when it is not running: a step towards the nearest target cell,
 * or its bomb there when its safe walk (me a wall) then leads out of every blast; that walk
 * goes into opath, its length into *nop. */
static bomber_action foe_act(search_state *s, foe *f, const bomber_game *g, int me,
                             const int *hurt, int *opath, int *nop) {
    int op = 1 - me, oc = cell_of(&g->players[op]);
    if (g->players[op].ammo <= 0 || g->players[op].hp <= 0) return BOMBER_NONE;
    if (f->sig != foe_signature(g, op)) foe_targets(s, f, g, me, hurt);
    int here = f->steps[oc];
    if (here < 0) return BOMBER_NONE;
    unsigned char wall[NCELL];
    walls_of(g, me, oc, wall);
    if (here > 0) {
        for (int a = BOMBER_UP; a <= BOMBER_RIGHT; a++) {
            int t = target_of(oc, (bomber_action)a);
            if (t >= 0 && !wall[t] && f->steps[t] == here - 1 &&
                (!burns_later(hurt, t, g->tick) || (f->sniped[t] && hurt[t] > g->tick + 1)))
                return (bomber_action)a;
        }
        return BOMBER_NONE;
    }
    if (bomb_at(g, oc) >= 0) return BOMBER_NONE;
    bomber_game *h = &s->osim; /* its bomb placed: is there a way out? */
    game_copy(h, g);
    if (h->nbombs >= BOMBER_MAX_BOMBS) return BOMBER_NONE;
    h->bombs[h->nbombs++] = (bomber_bomb){oc % BOMBER_W, oc / BOMBER_W, op, BOMBER_BOMB_TTL,
                                          g->players[op].power};
    int h2[NCELL];
    danger(s, h, h2);
    int n = escape(s, wall, h2, g->tick - 1, oc, 1, opath);
    if (n < 0) {
        f->steps[oc] = -1; /* no way out: not from here */
        return BOMBER_NONE;
    }
    *nop = n;
    return BOMBER_BOMB;
}

/* `race`: the opponent's shortest walk from its cell to every cell (blocks, bombs, metal and
 * my body walls). */
static void race_map(search_state *s) {
    const bomber_game *g = &s->base;
    int me = s->pid, o = cell_of(&g->players[1 - me]);
    unsigned char wall[NCELL];
    walls_of(g, me, o, wall);
    dmap_grid grid = {BOMBER_W, BOMBER_H, wall, NULL};
    dmap_moves mv = dmap_moves_4();
    int rc = dmap_bfs(&grid, &mv, &o, 1, -1, s->odist, NULL, s->ws);
    if (rc == DMAP_ERR_NOMEM) s->err = rc;
    for (int c = 0; c < NCELL; c++)
        if (rc || s->odist[c] < 0) s->odist[c] = NEVER;
}

/* `race`: before tick k of a play-out, the items the opponent could have walked to `race` - 1
 * ticks ago are gone (taken by it in the real game; a tie is mine). */
static void race_items(const search_state *s, bomber_game *g, int k) {
    int n = 0, late = (int)s->k[K_RACE] - 1;
    for (int i = 0; i < g->nammo; i++)
        if (s->odist[g->ammo[i].y * BOMBER_W + g->ammo[i].x] + late > k) g->ammo[n++] = g->ammo[i];
    g->nammo = n, n = 0;
    for (int i = 0; i < g->ntreasure; i++)
        if (s->odist[g->treasure[i].y * BOMBER_W + g->treasure[i].x] + late > k)
            g->treasure[n++] = g->treasure[i];
    g->ntreasure = n;
}

/* Play a plan out on a copy of the engine: the value of the points both make (discounted),
 * the HP both lose, a death, the ammo picked up, the ore my fire wears down and leaves
 * standing, and the desire where it ends. A stack plan walks on from its target to each of
 * its legs and bombs there too before it runs. cut (`seq`; NULL: none): the play-out stops
 * in the first tick I wait (bombed and out of the blasts, or at a target without a bomb),
 * s->sim then holds that state and *cut the discount reached, and the value is that of the
 * ticks played only (no ore, nor desire: the next plan's play-out counts them); *cut stays 0
 * when it ends otherwise. opl (`opp`; NULL: none): the opponent plays that plan of its own
 * (walk along opath, bomb there or not, on to its legs), the pair played out together; once it
 * has bombed its last or reached its target it is the modelled opponent again (it runs out of
 * the blasts, `foe`). */
static double rollout(search_state *s, const plan *pl, const int *path, double *cut,
                      const plan *opl, const int *opl_path) {
    bomber_game *g = &s->sim;
    game_copy(g, &s->base);
    g->max_iterations = 0;
    s->near_paid = 0;
    int me = s->pid, op = 1 - me;
    enum { GO, AT, RUN, WAIT } phase = pl->len > 0 ? GO : AT;
    int idx = 0, fails = 0, esc[NCELL], nesc = 0, ei = 0, opath[NCELL], nop = 0, oi = 0;
    int leg = 0, legpath[NCELL], curlen = pl->len, mine = 0;
    const int *cur = path;
    unsigned char wall[NCELL], worn[NCELL] = {0};
    double worn_soon[NCELL] = {0}; /* the discounts of the hits counted in worn */
    int o = cell_of(&g->players[op]), ohurt[NCELL], obomb = 0;
    /* `opp`: the opponent's plan: walking (OGO), at its target (OAT), done (ODONE) */
    enum { OGO, OAT, ODONE } ophase = !opl ? ODONE : opl->len > 0 ? OGO : OAT;
    int oidx = 0, ofails = 0, oleg = 0, ocurlen = opl ? opl->len : 0, olegpath[NCELL];
    const int *ocur = opl_path;
    foe fo;
    fo.on = (int)s->k[K_FOE], fo.chain = s->k[K_CHAIN] > 0, fo.sig = -1;
    fo.snipe = s->k[K_SNIPE] > 0, fo.wood = s->k[K_WOOD] > 0;
    int acted = 0; /* the opponent walked or bombed for ore: hits on it are no longer counted */
    int rewalk = s->k[K_REWALK] > 0, fresh = 0, late = (int)s->k[K_LATE];
    if (s->k[K_LATEEND] > 0 && s->base.nblocks > 0) late = 0;
    int track = fo.on || late || opl; /* keep ohurt, the last danger map, for the opponent */
    if (track) memcpy(ohurt, s->hurt, sizeof ohurt);
    if (s->hurt[o] < NEVER && !late && !opl) { /* the opponent runs out of a blast it stands in */
        walls_of(g, me, o, wall);
        nop = escape(s, wall, s->hurt, s->now, o, 0, opath);
        if (nop < 0) nop = 0;
    }
    int horizon = pl->len + 8 * pl->nlegs + BOMBER_BOMB_TTL + 8;
    if (opl && opl->len + 8 * opl->nlegs + BOMBER_BOMB_TTL + 8 > horizon)
        horizon = opl->len + 8 * opl->nlegs + BOMBER_BOMB_TTL + 8;
    if (horizon > LAST_TICK - s->now) horizon = LAST_TICK - s->now;
    double v = 0, disc = 1, gamma = s->k[K_GAMMA], deny = s->k[K_DENY];
    int race = s->k[K_RACE] > 0;
    for (int k = 0; k < horizon; k++) {
        bomber_player *pm = &g->players[me], *po = &g->players[op];
        int mc = cell_of(pm), oc = cell_of(po);
        if (race) race_items(s, g, k);
        bomber_action a[BOMBER_PLAYERS] = {BOMBER_NONE, BOMBER_NONE};
        int expect = mc;
        if (phase == GO) expect = cur[idx], a[me] = dir_to(mc, expect);
        else if (phase == RUN && ei < nesc) expect = esc[ei], a[me] = dir_to(mc, expect);
        else if (phase == AT && pl->bomb && pm->ammo > 0 && bomb_at(g, mc) < 0 &&
                 !(pl->way == 2 && mine > 0)) /* a way plan to an item bombs on the way only */
            a[me] = BOMBER_BOMB;
        int oexpect = oc, oplan_bomb = 0; /* `opp`: the opponent's plan's step, or its bomb */
        if (ophase == OGO) {
            oexpect = ocur[oidx], a[op] = dir_to(oc, oexpect), acted = 1;
        } else if (ophase == OAT) {
            if (opl->bomb && po->ammo > 0 && bomb_at(g, oc) < 0)
                a[op] = BOMBER_BOMB, oplan_bomb = 1, acted = 1;
            else
                ophase = ODONE, nop = 0; /* there: it runs from here when it must, below */
        }
        if (ophase == ODONE && !oplan_bomb) {
            if (opl && oi >= nop && burns_later(ohurt, oc, g->tick) && !late) {
                walls_of(g, me, oc, wall); /* its plan over in a blast: out of it */
                nop = escape(s, wall, ohurt, g->tick - 1, oc, 0, opath), oi = 0;
                if (nop < 0) nop = 0;
                opl = NULL;
            }
            if (late && oi >= nop && burns_later(ohurt, oc, g->tick) && ohurt[oc] - g->tick <= late) {
                walls_of(g, me, oc, wall); /* `late`: it runs now, at the last moment */
                nop = escape(s, wall, ohurt, g->tick - 1, oc, 0, opath), oi = 0;
                if (nop < 0) nop = 0;
            }
            if (oi < nop) a[op] = dir_to(oc, opath[oi]);
            else if (fo.on && (a[op] = foe_act(s, &fo, g, me, ohurt, opath, &obomb)) != BOMBER_NONE)
                acted = 1;
        }
        int score0 = pm->score, oscore0 = po->score, hp0 = pm->hp, ohp0 = po->hp, ammo0 = pm->ammo;
        /* `treasure`: the treasure on the cell my action leads to (-1: none) */
        int tre_to = s->k[K_TREASURE] > 0 ? target_of(mc, a[me]) : -1;
        if (tre_to >= 0 && treasure_at(g, tre_to) < 0) tre_to = -1;
        int on_ore[4 * BOMBER_START_POWER + 4], non = 0; /* ore my fire burns in this tick */
        for (int f = 0; f < g->nfires; f++) { /* my fire on ore it leaves standing */
            if (g->fires[f].owner != me) continue;
            int c = g->fires[f].y * BOMBER_W + g->fires[f].x, bl = block_at(g, c);
            if (bl < 0 || g->blocks[bl].kind != 'o') continue;
            if (g->blocks[bl].hp >= 2 && worn[c] < 255) worn[c]++, worn_soon[c] += disc;
            int seen = 0;
            for (int i = 0; i < non; i++) seen |= on_ore[i] == c;
            if (!seen && non < (int)(sizeof on_ore / sizeof on_ore[0])) on_ore[non++] = c;
        }
        if (bomber_tick(g, a, NULL)) break;
        s->used++;
        pm = &g->players[me], po = &g->players[op];
        mc = cell_of(pm);
        if (ophase == OGO) { /* `opp`: its plan's walk */
            if (cell_of(po) == oexpect) {
                ofails = 0;
                if (++oidx == ocurlen) ophase = OAT;
            } else if (++ofails > 3) {
                ophase = ODONE, nop = 0;
            }
        } else if (oi < nop && cell_of(po) == opath[oi]) {
            oi++;
        } else if (oi < nop && s->k[K_OFLEE] > 0 && track && a[op] != BOMBER_NONE &&
                   burns_later(ohurt, cell_of(po), g->tick)) { /* `oflee`: blocked: a new way */
            walls_of(g, me, cell_of(po), wall);
            nop = escape(s, wall, ohurt, g->tick - 1, cell_of(po), 0, opath), oi = 0;
            if (nop < 0) nop = 0;
        }
        int run = 0; /* run out of my blasts now */
        if (a[op] == BOMBER_BOMB && (fo.on || oplan_bomb)) { /* it bombed: it runs, so do I */
            int bi = bomb_at(g, cell_of(po));
            if (oplan_bomb && (bi < 0 || g->bombs[bi].owner != op)) ophase = ODONE, nop = 0;
            if (bi >= 0 && g->bombs[bi].owner == op) {
                nop = obomb, oi = 0;
                danger(s, g, ohurt);
                if (oplan_bomb) { /* `opp`: on to its plan's next cell, or out of the blasts */
                    int n = -1, pc = cell_of(po);
                    walls_of(g, me, pc, wall);
                    if (oleg < opl->nlegs) n = walk_to(s, wall, ohurt, g->tick - 1, pc,
                                                       opl->legs[oleg++], olegpath);
                    if (n > 0) {
                        ocur = olegpath, ocurlen = n, oidx = 0, ofails = 0, ophase = OGO;
                        nop = 0;
                    } else {
                        ophase = ODONE;
                        nop = escape(s, wall, ohurt, g->tick - 1, pc, 0, opath);
                        if (nop < 0) nop = 0;
                    }
                }
                if ((phase == WAIT || phase == RUN) && ohurt[mc] < NEVER) run = 1;
                if (phase == GO) { /* the safe walk to my target again, or run */
                    int to = cur[curlen - 1], n;
                    walls_of(g, op, mc, wall);
                    n = walk_to(s, wall, ohurt, g->tick - 1, mc, to, legpath);
                    if (n > 0) cur = legpath, curlen = n, idx = 0, fails = 0, fresh = rewalk;
                    else if (n == 0 && rewalk) phase = AT, fresh = 1; /* there already */
                    else phase = WAIT, run = 1;
                }
            }
        }
        if (fresh) { /* the new walk starts at my cell: its first step is the next one */
            fresh = 0;
        } else if (phase == GO || phase == RUN) {
            if (mc == expect) {
                fails = 0;
                if (phase == GO && ++idx == curlen) phase = AT;
                if (phase == RUN && ++ei == nesc) phase = WAIT;
            } else if (++fails > 3) {
                run = run || (phase == GO && mine > 0);
                phase = WAIT;
            }
        } else if (phase == AT) {
            int bi = a[me] == BOMBER_BOMB ? bomb_at(g, mc) : -1;
            if (bi >= 0 && g->bombs[bi].owner == me) {
                int h2[NCELL];
                danger(s, g, h2);
                if (track) memcpy(ohurt, h2, sizeof ohurt);
                mine++;
                /* `keep`: the hand at the end, counted up to keepn, is a bomb less; with
                 * `keepopp` only while the opponent's hand is that much the bigger */
                int lead = (int)s->k[K_KEEPOPP];
                /* `way` 2: the bomb on the way is free while a bomb stays in hand */
                int free_way = pl->way && mine == 1 && s->k[K_WAY] >= 2 && ammo0 >= 2;
                if (s->ore_stands && ammo0 <= (int)s->k[K_KEEPN] && !free_way &&
                    (!lead || po->ammo >= ammo0 - 1 + lead))
                    v -= s->k[K_KEEP];
                int n = -1;
                if (leg < pl->nlegs) { /* on to the next cell of the stack */
                    walls_of(g, op, mc, wall);
                    n = walk_to(s, wall, h2, g->tick - 1, mc, pl->legs[leg++], legpath);
                    if (n > 0) cur = legpath, curlen = n, idx = 0, phase = GO;
                }
                if (n <= 0) {
                    walls_of(g, op, mc, wall);
                    nesc = escape(s, wall, h2, g->tick - 1, mc, 0, esc);
                    if (nesc < 0) return -1e4; /* no way out of my own bomb */
                    ei = 0, phase = nesc ? RUN : WAIT;
                }
                int on = -1; /* `opp`: its plan's walk again, around my bomb */
                if (ophase == OGO) {
                    walls_of(g, me, cell_of(po), wall);
                    on = walk_to(s, wall, h2, g->tick - 1, cell_of(po), ocur[ocurlen - 1], olegpath);
                    if (on > 0) ocur = olegpath, ocurlen = on, oidx = 0, ofails = 0;
                    else if (on == 0) ophase = OAT;
                    else ophase = ODONE;
                }
                if (ophase == ODONE && !late) { /* it runs out of my blast (`late`: later) */
                    walls_of(g, me, cell_of(po), wall);
                    nop = escape(s, wall, h2, g->tick - 1, cell_of(po), 0, opath), oi = 0;
                    if (nop < 0) nop = 0;
                }
            } else {
                phase = WAIT, run = run || mine > 0;
            }
        }
        if (run) { /* a stack cut short, or the opponent's bomb: run out of the blasts */
            int h2[NCELL];
            danger(s, g, h2);
            if (track) memcpy(ohurt, h2, sizeof ohurt);
            walls_of(g, op, mc, wall);
            nesc = escape(s, wall, h2, g->tick - 1, mc, 0, esc);
            ei = 0, phase = nesc > 0 ? RUN : WAIT;
        }
        double gain = pm->score - score0;
        if (po->hp < ohp0) { /* a hit's points: none with `wood` after it walked; `hitw` of them */
            int hits = BOMBER_REWARD_HIT * (ohp0 - po->hp);
            double keep = fo.wood && acted ? 0 : s->k[K_HITW];
            gain -= (gain < hits ? gain : hits) * (1 - keep);
        }
        v += disc * (gain - deny * (po->score - oscore0));
        for (int i = 0; i < non; i++) /* an ore block my fire ended */
            if (block_at(g, on_ore[i]) < 0) v += disc * s->k[K_END];
        if (tre_to >= 0 && mc == tre_to && treasure_at(g, mc) < 0) /* I took it */
            v += disc * s->k[K_TREASURE];
        if (pm->ammo > ammo0 && a[me] != BOMBER_BOMB)
            v += disc * (ammo0 <= 1 ? s->k[K_AMMO] : s->k[K_AMMO2]) * (pm->ammo - ammo0);
        if (pm->hp < hp0) v -= 400.0 * (hp0 - pm->hp);
        if (po->hp < ohp0 && !acted) v += disc * s->k[K_HITW] * s->k[K_HIT] * (ohp0 - po->hp);
        if (pm->hp <= 0) return v - 5000;
        if (po->hp <= 0) return acted ? v : v + 2000;
        disc *= gamma;
        if (cut && phase == WAIT) {
            *cut = disc;
            return v;
        }
        /* over when nothing more happens; with `wood` not while the opponent has a target (a
         * plan that stops early would not see it take the blocks the longer plans see it take) */
        if (phase == WAIT && !g->nbombs && !g->nfires && oi >= nop && ophase == ODONE &&
            (!fo.wood || po->ammo <= 0 || fo.sig < 0 || fo.steps[cell_of(po)] < 0))
            break;
    }
    /* ore my fire wore down and left standing: a gift when the opponent can reach it (`gift2`
     * when it stands at 2 HP or more: one bomb of the opponent does not end it) */
    for (int c = 0; c < NCELL; c++) {
        int bl = worn[c] ? block_at(g, c) : -1;
        if (bl < 0) continue;
        double gift = s->k[K_GIFT2] >= 0 && g->blocks[bl].hp >= 2 ? s->k[K_GIFT2] : s->k[K_GIFT];
        v += s->opp_can[c] && !s->confined ? -gift * worn[c]
             : s->k[K_ORE] * (s->k[K_SOON] > 0 ? worn_soon[c] : worn[c]);
    }
    if (s->k[K_TERR] > 0) v += s->k[K_TERR] * territory(s, g);
    s->near_paid = s->k[K_NEAR] * (s->k[K_ENDMAP] > 0 ? end_desire(s, g)
                                                       : s->desire[cell_of(&g->players[me])]);
    return v - s->near_paid;
}

/* After danger() on the current state: each ore block's HP once every known blast is over
 * (the fires still burning in the play-out's last state included), and whether the opponent
 * can walk to a cell from which its bomb would reach the block. */
static void ore_outlook(search_state *s) {
    const bomber_game *b = &s->base, *d = &s->dsim;
    memset(s->left_hp, 0, sizeof s->left_hp);
    memset(s->opp_can, 0, sizeof s->opp_can);
    memset(s->opp_stacks, 0, sizeof s->opp_stacks);
    s->ore_stands = 0;
    for (int i = 0; i < b->nblocks; i++) s->ore_stands |= b->blocks[i].kind == 'o';
    for (int i = 0; i < d->nblocks; i++) {
        if (d->blocks[i].kind != 'o' || d->blocks[i].hp <= 0) continue;
        int c = d->blocks[i].y * BOMBER_W + d->blocks[i].x, hp = d->blocks[i].hp;
        for (int f = 0; f < d->nfires; f++)
            if (d->fires[f].y * BOMBER_W + d->fires[f].x == c) hp--;
        s->left_hp[c] = hp > 0 ? hp : 0;
    }
    unsigned char wall[NCELL], blocks[NCELL];
    int o = cell_of(&b->players[1 - s->pid]);
    walls_of(b, -1, o, wall);
    walls_of(b, -1, -1, blocks);
    for (int i = 0; i < b->nbombs; i++) blocks[b->bombs[i].y * BOMBER_W + b->bombs[i].x] = 0;
    dmap_grid grid = {BOMBER_W, BOMBER_H, wall, NULL};
    dmap_moves mv = dmap_moves_4();
    int dist[NCELL], m = cell_of(&b->players[s->pid]);
    s->opp_steps = NEVER;
    wall[m] = 0;
    int rc = dmap_bfs(&grid, &mv, &o, 1, -1, dist, NULL, s->ws);
    if (!rc && dist[m] >= 0) s->opp_steps = dist[m];
    if (rc) {
        if (rc == DMAP_ERR_NOMEM) s->err = rc;
        return;
    }
    for (int i = 0; i < b->nblocks; i++) {
        if (b->blocks[i].kind != 'o') continue;
        int c = b->blocks[i].y * BOMBER_W + b->blocks[i].x, cells[4 * BOMBER_START_POWER];
        int n = range_cells(b, blocks, c, cells, NULL, s->k[K_CHAIN] > 0);
        int nearest = NEVER;
        for (int k = 0; k < n; k++)
            if (dist[cells[k]] >= 0 && dist[cells[k]] < nearest) nearest = dist[cells[k]];
        s->opp_can[c] = nearest < NEVER;
        /* `steal`: its hand ends the block and it is near: it will stack it soon */
        s->opp_stacks[c] = s->left_hp[c] >= 2 && b->players[1 - s->pid].ammo >= s->left_hp[c] &&
                           nearest < (int)s->k[K_FAR];
    }
}

/* Is the opponent too close for a stack of several bombs (`far`, while it holds `farammo`
 * bombs or more)? */
static int opp_close(const search_state *s) {
    return s->opp_steps < (int)s->k[K_FAR] &&
           s->base.players[1 - s->pid].ammo >= (int)s->k[K_FARAMMO];
}

static int manhattan(int a, int b) {
    return abs(a % BOMBER_W - b % BOMBER_W) + abs(a / BOMBER_W - b / BOMBER_W);
}

/* Would a bomb on the cell of arm `later` (range_cells), placed after one on arm `earlier`,
 * keep the earlier one's fire off the block? On one ray the bomb beyond goes off first and
 * the bomb next to the block stops its fire; the other order works (the chain). */
static int shields(int earlier, int later) {
    return earlier / 2 == later / 2 && later < earlier;
}

/* Stack plans: for each ore block that every known blast leaves at 2 or 3 HP, when I hold
 * that many bombs, walk to the nearest cell in its range, bomb, and go on to the next nearest
 * ones (Manhattan from the last) until my bombs would break it; the last hit is then mine. */
static int stack_plans(search_state *s, const double *arrival, const int *ok, plan *out) {
    const bomber_game *b = &s->base;
    int me = s->pid, m = cell_of(&b->players[me]), ammo = b->players[me].ammo, n = 0;
    if (opp_close(s)) return 0;
    unsigned char wall[NCELL];
    walls_of(b, 1 - s->pid, -1, wall);
    for (int i = 0; i < b->nblocks; i++) {
        if (b->blocks[i].kind != 'o') continue;
        int c = b->blocks[i].y * BOMBER_W + b->blocks[i].x, h = s->left_hp[c];
        if (h < 2 || h > 3 || h > ammo) continue;
        int cells[4 * BOMBER_START_POWER], arm[4 * BOMBER_START_POWER], pick[3] = {0, 0, 0};
        int nc = range_cells(b, wall, c, cells, arm, 0), best = -1;
        /* the shortest tour over h cells (the walk to the first, then Manhattan steps) */
        for (int i = 0; i < nc; i++) {
            if (!isfinite(arrival[cells[i]])) continue;
            for (int j = 0; j < nc; j++) {
                if (j == i || shields(arm[i], arm[j])) continue;
                int cost = (int)arrival[cells[i]] + manhattan(cells[i], cells[j]);
                for (int k = 0; k < nc || h == 2; k++) {
                    if (h == 3 && (k == i || k == j || shields(arm[i], arm[k]) ||
                                   shields(arm[j], arm[k])))
                        continue;
                    int all = cost + (h == 3 ? manhattan(cells[j], cells[k]) : 0);
                    if (best < 0 || all < best)
                        best = all, pick[0] = cells[i], pick[1] = cells[j],
                        pick[2] = h == 3 ? cells[k] : -1;
                    if (h == 2) break;
                }
            }
        }
        if (best < 0) continue;
        int first = pick[0];
        plan pl = {first, 1, (int)arrival[first], BOMBER_NONE, 0, {pick[1], pick[2], -1}, h - 1, 0};
        if (first == m) {
            if (ok[BOMBER_BOMB] < 0) continue;
            pl.first = BOMBER_BOMB;
        }
        out[n++] = pl;
    }
    return n;
}

/* Tours (`tour` 1): the stack plans over several ore blocks at once. A tour is up to
 * TOUR_BOMBS cells, bombed in order, from the TOUR_CELLS nearest cells whose blast reaches an
 * ore block that every known blast leaves at 1 HP or more and my bombs can end (a cell whose
 * blast reaches two blocks counts for both). It ends the blocks whose HP left its bombs reach at
 * least, every bomb reaching a block it ends, and on no block's ray a bomb beside the block after
 * one beyond it (shields). For each set of blocks ended, the tour of least walk (the safe walk to
 * the first cell, Manhattan steps on) plus 3 steps a bomb becomes a plan: the most blocks first.
 * With the opponent closer than `far`, only tours of one bomb (a block at 1 HP). */
static void tour_dfs(tour_search *t, int depth, int cost) {
    if (depth > 0) {
        int done = 0, useful = 1;
        for (int b = 0; b < t->nb; b++)
            if (t->hits[b] >= t->left[b]) done |= 1 << b;
        for (int i = 0; i < depth && useful; i++) useful = (t->mask[t->pick[i]] & done) != 0;
        int key = cost + 3 * depth;
        if (done && useful && (!t->best_n[done] || key < t->best_key[done])) {
            t->best_n[done] = depth, t->best_key[done] = key;
            for (int i = 0; i < depth; i++) t->best[done][i] = t->pick[i];
        }
    }
    if (depth == t->max_bombs) return;
    for (int i = 0; i < t->nc; i++) {
        if (t->used[i]) continue;
        int open = 0, bad = 0;
        for (int b = 0; b < t->nb; b++)
            if ((t->mask[i] >> b & 1) && t->hits[b] < t->left[b]) open = 1;
        for (int j = 0; j < depth && open && !bad; j++)
            for (int b = 0; b < t->nb; b++)
                if ((t->mask[i] & t->mask[t->pick[j]]) >> b & 1 && shields(t->arm[t->pick[j]][b], t->arm[i][b]))
                    bad = 1;
        if (!open || bad) continue;
        int c2 = depth == 0 ? (int)t->arrival[t->cell[i]]
                            : cost + manhattan(t->cell[t->pick[depth - 1]], t->cell[i]);
        if (c2 > TOUR_STEPS) continue;
        t->used[i] = 1, t->pick[depth] = i;
        for (int b = 0; b < t->nb; b++) t->hits[b] += t->mask[i] >> b & 1;
        tour_dfs(t, depth + 1, c2);
        for (int b = 0; b < t->nb; b++) t->hits[b] -= t->mask[i] >> b & 1;
        t->used[i] = 0;
    }
}

static int popcount(int x) {
    int n = 0;
    for (; x; x &= x - 1) n++;
    return n;
}

/* May the cells of a tour (idx, indices into t->cell) be bombed in reverse order: no bomb beside
 * a block after one beyond it on the block's ray? */
static int tour_reversible(const tour_search *t, const int *idx, int n) {
    for (int p = 0; p < n; p++)
        for (int q = p + 1; q < n; q++) { /* reversed, idx[q] is bombed before idx[p] */
            int e = idx[q], l = idx[p], both = t->mask[e] & t->mask[l];
            for (int b = 0; b < t->nb; b++)
                if ((both >> b & 1) && shields(t->arm[e][b], t->arm[l][b])) return 0;
        }
    return 1;
}

static int tour_plans(search_state *s, const double *arrival, const int *ok, plan *out) {
    const bomber_game *b = &s->base;
    int me = s->pid, m = cell_of(&b->players[me]), ammo = b->players[me].ammo;
    if (ammo <= 0) return 0;
    tour_search *t = &s->tour;
    memset(t, 0, sizeof *t);
    t->arrival = arrival;
    t->max_bombs = ammo < TOUR_BOMBS ? ammo : TOUR_BOMBS;
    if (opp_close(s)) t->max_bombs = 1;
    unsigned char wall[NCELL];
    walls_of(b, 1 - s->pid, -1, wall);
    enum { ALL = TOUR_BLOCKS * 4 * BOMBER_START_POWER };
    int cells[ALL], masks[ALL], n = 0;
    signed char arms[ALL][TOUR_BLOCKS];
    for (int i = 0; i < b->nblocks && t->nb < TOUR_BLOCKS; i++) {
        if (b->blocks[i].kind != 'o') continue;
        int c = b->blocks[i].y * BOMBER_W + b->blocks[i].x, h = s->left_hp[c];
        if (h < 1 || h > t->max_bombs) continue;
        int rc[4 * BOMBER_START_POWER], arm[4 * BOMBER_START_POWER], bi = t->nb;
        int nr = range_cells(b, wall, c, rc, arm, s->k[K_CHAIN] > 0), any = 0;
        for (int k = 0; k < nr; k++) {
            if (!isfinite(arrival[rc[k]])) continue;
            int j = 0;
            while (j < n && cells[j] != rc[k]) j++;
            if (j == n) {
                cells[n] = rc[k], masks[n] = 0;
                memset(arms[n], -1, sizeof arms[n]);
                n++;
            }
            masks[j] |= 1 << bi, arms[j][bi] = (signed char)arm[k], any = 1;
        }
        if (any) t->left[t->nb++] = h;
    }
    int order[ALL];
    for (int i = 0; i < n; i++) order[i] = i;
    for (int i = 1; i < n; i++) /* the nearest cells first (stable) */
        for (int j = i; j > 0 && arrival[cells[order[j]]] < arrival[cells[order[j - 1]]]; j--) {
            int o = order[j];
            order[j] = order[j - 1], order[j - 1] = o;
        }
    t->nc = n < TOUR_CELLS ? n : TOUR_CELLS;
    for (int i = 0; i < t->nc; i++) {
        int o = order[i];
        t->cell[i] = cells[o], t->mask[i] = masks[o];
        memcpy(t->arm[i], arms[o], sizeof t->arm[i]);
    }
    if (t->nb) tour_dfs(t, 0, 0);
    int np = 0;
    for (;;) { /* the most blocks first, then the least key */
        int pick = -1;
        for (int d = 1; d < 1 << t->nb; d++)
            if (t->best_n[d] && (pick < 0 || popcount(d) > popcount(pick) ||
                                 (popcount(d) == popcount(pick) && t->best_key[d] < t->best_key[pick])))
                pick = d;
        if (pick < 0 || np >= TOUR_PLANS * (s->k[K_REV] > 0 ? 2 : 1)) break;
        int nt = t->best_n[pick];
        t->best_n[pick] = 0;
        for (int r = 0; r < 2; r++) { /* the tour, and with `rev` its reverse */
            if (r && (s->k[K_REV] <= 0 || nt < 2 || !tour_reversible(t, t->best[pick], nt)))
                continue;
            int tc[TOUR_BOMBS];
            for (int k = 0; k < nt; k++) tc[k] = t->cell[t->best[pick][r ? nt - 1 - k : k]];
            plan pl = {tc[0], 1, (int)arrival[tc[0]], BOMBER_NONE, 0, {-1, -1, -1}, nt - 1, 0};
            for (int k = 1; k < nt; k++) pl.legs[k - 1] = tc[k];
            if (tc[0] == m) {
                if (ok[BOMBER_BOMB] < 0) continue;
                pl.first = BOMBER_BOMB;
            }
            out[np++] = pl;
        }
    }
    return np;
}

/* A plan with no legs. */
static plan one_plan(int target, int bomb, int len, bomber_action first, int direct) {
    return (plan){target, bomb, len, first, direct, {-1, -1, -1}, 0, 0};
}

/* Chain plans (`chain` 1): one bomb on a cell from which the fire reaches an ore block that
 * every known blast leaves at 1 HP or less, past a bomb on the ray (set off by it, a tick
 * later) or not: the last hit, or the hit that takes the place of the opponent's (a bomb
 * between a block and an older bomb keeps the older one's fire off the block and strikes it
 * itself a tick later). The CHAIN_PLANS nearest such cells not already planned. */
#define CHAIN_PLANS 6

static int chain_plans(search_state *s, const double *arrival, const int *ok, const plan *have,
                       int nhave, plan *out) {
    const bomber_game *b = &s->base;
    int m = cell_of(&b->players[s->pid]), n = 0;
    if (b->players[s->pid].ammo <= 0) return 0;
    unsigned char wall[NCELL], is[NCELL] = {0};
    walls_of(b, 1 - s->pid, -1, wall);
    for (int i = 0; i < nhave; i++)
        if (have[i].bomb && !have[i].nlegs) is[have[i].target] = 1;
    int cand[NCELL], nc = 0;
    for (int i = 0; i < b->nblocks; i++) {
        if (b->blocks[i].kind != 'o') continue;
        int c = b->blocks[i].y * BOMBER_W + b->blocks[i].x, cells[4 * BOMBER_START_POWER];
        if (s->left_hp[c] > 1) continue;
        int k = chain_cells(b, wall, c, cells);
        for (int j = 0; j < k; j++)
            if (!is[cells[j]] && isfinite(arrival[cells[j]])) is[cells[j]] = 1, cand[nc++] = cells[j];
    }
    for (int i = 1; i < nc; i++) /* the nearest first (stable) */
        for (int j = i; j > 0 && arrival[cand[j]] < arrival[cand[j - 1]]; j--) {
            int t = cand[j];
            cand[j] = cand[j - 1], cand[j - 1] = t;
        }
    for (int i = 0; i < nc && n < CHAIN_PLANS; i++) {
        plan pl = one_plan(cand[i], 1, (int)arrival[cand[i]], BOMBER_NONE, 0);
        if (cand[i] == m) {
            if (ok[BOMBER_BOMB] < 0) continue;
            pl.first = BOMBER_BOMB;
        }
        out[n++] = pl;
    }
    return n;
}


/* Sorts cells[0..n) by value[c] discounted over the walk there (value[c] * gamma^arrival[c]),
 * the best first; ties keep their order. */
static void rank_by_walk(int *cells, int n, const double *value, const double *arrival, double gamma) {
    double key[NCELL];
    for (int i = 0; i < n; i++) key[i] = value[cells[i]] * pow(gamma, arrival[cells[i]]);
    for (int i = 1; i < n; i++) {
        double k = key[i];
        int c = cells[i], j = i;
        for (; j > 0 && key[j - 1] < k; j--) key[j] = key[j - 1], cells[j] = cells[j - 1];
        key[j] = k, cells[j] = c;
    }
}

/* `sure`: one plan for each of the `sure` best cells by what a bomb there surely ends (bomb_value
 * with `sure`; discounted by the walk there, as the `plans` best are ranked), my own cell and the
 * first `taken` of order (planned already) left out; none with fewer than `sureammo` bombs in
 * hand. Returns how many (at most 24). */
static int sure_plans(search_state *s, const double *arrival, const int *order, int taken,
                      plan *out) {
    int want = (int)s->k[K_SURE], n = 0, m = cell_of(&s->base.players[s->pid]);
    if (want <= 0 || s->base.players[s->pid].ammo < s->k[K_SUREAMMO]) return 0;
    double worth[NCELL];
    int cell[NCELL], nc = 0;
    for (int c = 0; c < NCELL; c++) {
        if (c == m || s->wall[c] || bomb_at(&s->base, c) >= 0 || !isfinite(arrival[c])) continue;
        int seen = 0;
        for (int i = 0; i < taken; i++) seen |= order[i] == c;
        worth[c] = seen ? 0 : bomb_value(s, c, 1);
        if (worth[c] > 0) cell[nc++] = c;
    }
    rank_by_walk(cell, nc, worth, arrival, s->k[K_GAMMA]);
    for (int i = 0; i < nc && n < want; i++)
        out[n++] = one_plan(cell[i], 1, (int)arrival[cell[i]], BOMBER_NONE, 0);
    return n;
}

/* The path of the safe walk (s->parent from the walk at my cell) to t: cells after my cell. */
static int path_to(const int *parent, const double *arrival, int t, int *path) {
    int len = (int)arrival[t];
    for (int c = t, i = len - 1; i >= 0; i--, c = parent[c]) path[i] = c;
    return len;
}

/* Is there an ammo or treasure item on cell c? The view's tags at the root (v), the game's
 * lists in a `seq` state (v NULL). */
static int item_at(const bomber_game *g, const bomber_view *v, int c) {
    if (v) return v->game_map[c] == BOMBER_TAG_AMMO || v->game_map[c] == BOMBER_TAG_TREASURE;
    for (int i = 0; i < g->nammo; i++)
        if (g->ammo[i].y * BOMBER_W + g->ammo[i].x == c) return 1;
    for (int i = 0; i < g->ntreasure; i++)
        if (g->treasure[i].y * BOMBER_W + g->treasure[i].x == c) return 1;
    return 0;
}

/* `way`: for each plan in have[0..n) that walks to a bombing spot or an item (no stack), a plan
 * that first bombs the first cell of that walk (my own cell included, the spot left out) whose
 * fire surely ends a block (bomb_value with `sure`: wood, ore at its last HP), then walks on to
 * the plan's target (and bombs there when that plan does). garyleecf's bot spends its bombs
 * on the wood it passes and wins the wood (about 22 points of 40 to our 15 against the model);
 * the plans here walk to a spot with bombs in hand and bomb only there. A bomb for the way
 * plus one for the spot must be in hand. Returns how many (at most WAY_PLANS). */
static int way_plans(search_state *s, const int *ok, const double *arrival, const int *parent,
                     const plan *have, int n, plan *out) {
    const bomber_game *b = &s->base;
    int m = cell_of(&b->players[s->pid]), ammo = b->players[s->pid].ammo, k = 0;
    int path[NCELL];
    for (int i = 0; i < n && k < WAY_PLANS; i++) {
        const plan *pl = &have[i];
        if (pl->direct || pl->nlegs || pl->len <= 0 || ammo < 1 + pl->bomb) continue;
        if (!pl->bomb && !item_at(b, NULL, pl->target)) continue; /* walks to an item only */
        int len = path_to(parent, arrival, pl->target, path);
        for (int j = -1; j < len - 1; j++) { /* my cell, then the walk, the target left out */
            int c = j < 0 ? m : path[j];
            if (bomb_at(b, c) >= 0 || bomb_value(s, c, 1) <= 0) continue;
            if (c == m && ok[BOMBER_BOMB] < 0) continue;
            plan w = one_plan(c, 1, j + 1, c == m ? BOMBER_BOMB : BOMBER_NONE, 0);
            w.legs[0] = pl->target, w.nlegs = 1, w.way = pl->bomb ? 1 : 2;
            out[k++] = w;
            break;
        }
    }
    return k;
}

/* `steal`: garyleecf's bot stacks an ore block with as many bombs as it has HP, placed a few
 * ticks apart, and its last bomb ends it; once its bombs are down the block is at its last HP
 * by the known blasts and the chain plans find the cells from which a bomb of mine lands first
 * (between the block and its last bomb, or set off by an earlier one). Those cells are worth
 * `steal` more in the desire map while it is about to stack (opp_stacks), so that I am near
 * when its bombs are down, not walking elsewhere. */
static void steal_lure(search_state *s, double *lure) {
    const bomber_game *b = &s->base;
    unsigned char wall[NCELL];
    walls_of(b, 1 - s->pid, -1, wall);
    for (int i = 0; i < b->nblocks; i++) {
        int c = b->blocks[i].y * BOMBER_W + b->blocks[i].x, cells[4 * BOMBER_START_POWER];
        if (b->blocks[i].kind != 'o' || !s->opp_stacks[c]) continue;
        int n = chain_cells(b, wall, c, cells);
        for (int k = 0; k < n; k++) lure[cells[k]] += s->k[K_STEAL];
    }
}

/* The plans from s->base (after danger, ore_outlook and race_map on it): my safe walk into
 * arrival and parent, the bomb estimates, the desire map, and the plan list into plans (room
 * for PLAN_ROOM); ok: the first actions possible (-1: not); *kept_at: the resumed tour
 * (`resume`; -1: none). Returns how many plans. */
static int make_plans(search_state *s, const bomber_view *v, const int *ok, double *arrival,
                      int *parent, plan *plans, int *kept_at) {
    const bomber_game *b = &s->base;
    int me = s->pid, op = 1 - me, m = cell_of(&b->players[me]);
    /* where I can walk safely, and how soon (the opponent a wall) */
    unsigned char wall[NCELL];
    walls_of(b, op, m, wall);
    memcpy(s->wall, wall, sizeof wall); /* metal 2, for the bomb estimates */
    for (int i = 0; i < BOMBER_METAL; i++) s->wall[b->metal[i][1] * BOMBER_W + b->metal[i][0]] = 2;
    escape(s, wall, s->hurt, s->now, m, 0, NULL);
    memcpy(arrival, s->arrival, NCELL * sizeof arrival[0]);
    memcpy(parent, s->parent, NCELL * sizeof parent[0]);
    int reach = 0;
    for (int c = 0; c < NCELL; c++) reach += isfinite(arrival[c]) != 0;
    s->confined = reach <= CONFINED;

    double spot[NCELL];
    int order[NCELL], nspots = 0;
    for (int c = 0; c < NCELL; c++) {
        spot[c] = 0;
        if (s->wall[c] || bomb_at(b, c) >= 0) continue;
        spot[c] = bomb_value(s, c, 0);
        if (spot[c] > 0 && isfinite(arrival[c])) order[nspots++] = c;
    }
    if (s->k[K_STEAL] > 0 && b->players[me].ammo > 0) { /* the cells beside its coming stack */
        double lure[NCELL];
        memcpy(lure, spot, sizeof lure);
        steal_lure(s, lure);
        desire_map(s, lure);
    } else {
        desire_map(s, spot);
    }
    /* the best spots first, by value discounted over the walk there */
    rank_by_walk(order, nspots, spot, arrival, s->k[K_GAMMA]);

    int np = 0;
    for (int a = BOMBER_NONE; a <= BOMBER_RIGHT; a++) { /* one plan per first step: go, wait */
        int t = target_of(m, (bomber_action)a);
        if (ok[a] < 0 || t < 0) continue;
        plans[np++] = one_plan(t, 0, t != m, (bomber_action)a, 1);
    }
    if (ok[BOMBER_BOMB] >= 0 && spot[m] > 0) plans[np++] = one_plan(m, 1, 0, BOMBER_BOMB, 0);
    if (s->k[K_STACK] > 0)
        np += s->k[K_TOUR] > 0 ? tour_plans(s, arrival, ok, plans + np)
                               : stack_plans(s, arrival, ok, plans + np);
    *kept_at = -1; /* `resume`: the tour under way, from here */
    if (s->k[K_RESUME] > 0 && s->kept.bomb && (!s->kept.nlegs || !opp_close(s)) &&
        isfinite(arrival[s->kept.target]) && (s->kept.target != m || ok[BOMBER_BOMB] >= 0)) {
        plan pl = s->kept;
        pl.len = (int)arrival[pl.target], pl.direct = 0;
        pl.first = pl.target == m ? BOMBER_BOMB : BOMBER_NONE;
        *kept_at = np, plans[np++] = pl;
    }
    int nbest = (int)s->k[K_PLANS];
    for (int i = 0; i < nspots && i < nbest; i++)
        if (order[i] != m)
            plans[np++] = one_plan(order[i], 1, (int)arrival[order[i]], BOMBER_NONE, 0);
    np += sure_plans(s, arrival, order, nspots < nbest ? nspots : nbest, plans + np);
    if (s->k[K_CHAIN] > 0) np += chain_plans(s, arrival, ok, plans, np, plans + np);
    int near_items = 0;
    for (int c = 0; c < NCELL && near_items < 6; c++)
        if (c != m && isfinite(arrival[c]) && item_at(b, v, c))
            plans[np++] = one_plan(c, 0, (int)arrival[c], BOMBER_NONE, 0), near_items++;
    if (s->k[K_WAY] > 0) np += way_plans(s, ok, arrival, parent, plans, np, plans + np);
    if (s->hurt[m] < NEVER) { /* the nearest cell out of every blast */
        int best = -1;
        for (int c = 0; c < NCELL; c++)
            if (s->hurt[c] >= NEVER && isfinite(arrival[c]) && (best < 0 || arrival[c] < arrival[best]))
                best = c;
        if (best >= 0 && best != m) plans[np++] = one_plan(best, 0, (int)arrival[best], BOMBER_NONE, 0);
    }
    return np;
}

/* The walk of plan pl from my cell m into path (parent, arrival: the safe walk from m); sets
 * the first action of a plan that walks. */
static void plan_path(plan *pl, int m, const int *parent, const double *arrival, int *path) {
    if (pl->direct) {
        path[0] = pl->target;
    } else if (pl->len > 0) {
        path_to(parent, arrival, pl->target, path);
        pl->first = dir_to(m, path[0]);
    }
}

/* `seq`: the value of the best plan from state g (a play-out's, where I wait out of the
 * blasts), planned by s->next as a decision is (no safety check: every possible first action),
 * within the same budget; 0 when no plan runs. */
static double next_best(search_state *s, const bomber_game *g) {
    search_state *c = s->next;
    game_copy(&c->base, g);
    c->now = g->tick - 1, c->used = s->used, c->deadline = s->deadline, c->err = 0;
    danger(c, &c->base, c->hurt);
    ore_outlook(c);
    if (c->k[K_RACE] > 0) race_map(c);
    const bomber_game *b = &c->base;
    int me = c->pid, m = cell_of(&b->players[me]), ok[6];
    unsigned char wall[NCELL];
    walls_of(b, 1 - me, m, wall);
    for (int a = BOMBER_NONE; a <= BOMBER_BOMB; a++)
        ok[a] = action_possible(c, b, wall, (bomber_action)a) ? 0 : -1;
    plan plans[PLAN_ROOM];
    double arrival[NCELL], best = 0;
    int parent[NCELL], kept_at, path[NCELL], have = 0;
    int np = make_plans(c, NULL, ok, arrival, parent, plans, &kept_at);
    for (int i = 0; i < np; i++) {
        if (have && out_of_budget(c)) break;
        plan_path(&plans[i], m, parent, arrival, path);
        if (ok[plans[i].first] < 0) continue;
        double val = rollout(c, &plans[i], path, NULL, NULL, NULL);
        if (!have || val > best) best = val, have = 1;
    }
    s->used = c->used;
    if (c->err) s->err = c->err;
    return best;
}

/* `seq`: the `seq` best plans, and each first action's best, by their value with the desire
 * term at SEQ_NEAR (rank; ran: played out), played out again up to where I wait out of the
 * blasts and on from there with the best next plan (next_best, discounted): the sum is their
 * value; the others keep their rank (value[a], from[a]: the best of these). A first-step plan
 * (go or stay, and wait) is not continued: "wait a tick, then the best plan" is the best plan a
 * tick late, worth as much when the points it waits for come at a set tick, and the model's
 * idle opponent made that a tie that waited tick after tick while the real one moved. When the
 * budget runs out first, nothing changes. */
static void deepen(search_state *s, plan *plans, int np, const double *rank,
                   const unsigned char *ran, const int *parent, const double *arrival,
                   double *value, int *from) {
    int m = cell_of(&s->base.players[s->pid]), want = (int)s->k[K_SEQ], top[8 + 6], nt = 0;
    unsigned char taken[PLAN_ROOM] = {0};
    int best[6];
    for (int a = 0; a < 6; a++) best[a] = -1;
    for (int i = 0; i < np; i++) {
        int a = plans[i].first;
        if (ran[i] && !plans[i].direct && (best[a] < 0 || rank[i] > rank[best[a]])) best[a] = i;
    }
    for (int a = 0; a < 6; a++)
        if (best[a] >= 0) taken[best[a]] = 1, top[nt++] = best[a];
    for (int k = 0; k < want && k < 8; k++) { /* the best first; ties: the earlier plan */
        int bi = -1;
        for (int i = 0; i < np; i++)
            if (ran[i] && !plans[i].direct && !taken[i] && (bi < 0 || rank[i] > rank[bi])) bi = i;
        if (bi < 0) break;
        taken[bi] = 1, top[nt++] = bi;
    }
    double deep[PLAN_ROOM];
    int path[NCELL];
    for (int i = 0; i < np; i++) deep[i] = rank[i];
    for (int j = 0; j < nt; j++) {
        if (out_of_budget(s)) return;
        plan *pl = &plans[top[j]];
        plan_path(pl, m, parent, arrival, path);
        double cut = 0, v = rollout(s, pl, path, &cut, NULL, NULL);
        deep[top[j]] = cut > 0 ? v + cut * next_best(s, &s->sim) : v + s->near_paid * (1 - SEQ_NEAR);
    }
    int seen[6] = {0};
    for (int i = 0; i < np; i++) {
        bomber_action a = plans[i].first;
        if (ran[i] && (!seen[a] || deep[i] > value[a])) value[a] = deep[i], seen[a] = 1, from[a] = i;
    }
}

/* `opp`: the opponent's `opp` best plans from s->base, by its own value: my plan generator and
 * play-out run from its seat by s->opp (its pid, the same knobs, this workspace; every first
 * action possible, as in next_best), into s->opl and s->opath (s->nopp of them), within the
 * decision's budget. Ties keep the generator's order. */
static void opp_plans(search_state *s) {
    search_state *c = s->opp;
    s->nopp = 0;
    if (!c) return;
    game_copy(&c->base, &s->base);
    c->now = s->now, c->used = s->used, c->deadline = s->deadline, c->err = 0;
    danger(c, &c->base, c->hurt); /* its own danger play-out: ore_outlook reads its end */
    ore_outlook(c);
    if (c->k[K_RACE] > 0) race_map(c);
    const bomber_game *b = &c->base;
    int me = c->pid, m = cell_of(&b->players[me]), ok[6];
    if (b->players[me].hp <= 0) return;
    unsigned char wall[NCELL];
    walls_of(b, 1 - me, m, wall);
    for (int a = BOMBER_NONE; a <= BOMBER_BOMB; a++)
        ok[a] = action_possible(c, b, wall, (bomber_action)a) ? 0 : -1;
    plan plans[PLAN_ROOM];
    double arrival[NCELL], best[OPP_MAX];
    int parent[NCELL], kept_at, path[NCELL], want = (int)s->k[K_OPP];
    int np = make_plans(c, NULL, ok, arrival, parent, plans, &kept_at);
    for (int i = 0; i < np; i++) {
        if (i >= 6 && out_of_budget(c)) break;
        plan_path(&plans[i], m, parent, arrival, path);
        if (ok[plans[i].first] < 0) continue;
        double val = rollout(c, &plans[i], path, NULL, NULL, NULL);
        int at = s->nopp < want ? s->nopp++ : want; /* insert, the best first */
        while (at > 0 && best[at - 1] < val) {
            if (at < want) best[at] = best[at - 1], s->opl[at] = s->opl[at - 1],
                           memcpy(s->opath[at], s->opath[at - 1], sizeof s->opath[0]);
            at--;
        }
        if (at < want) best[at] = val, s->opl[at] = plans[i],
                       memcpy(s->opath[at], path, sizeof path);
    }
    s->used = c->used;
    if (c->err) s->err = c->err;
}

/* A plan's value: one play-out against the modelled opponent, or with `opp` the mix of the mean
 * and the worst (`oppmin`) of its play-outs against each of the opponent's plans. */
static double plan_value(search_state *s, const plan *pl, const int *path) {
    if (s->nopp <= 0) return rollout(s, pl, path, NULL, NULL, NULL);
    double sum = 0, worst = 0, near = 0, w = s->k[K_OPPMIN];
    for (int j = 0; j < s->nopp; j++) {
        double v = rollout(s, pl, path, NULL, &s->opl[j], s->opath[j]);
        sum += v, near += s->near_paid;
        if (j == 0 || v < worst) worst = v;
    }
    s->near_paid = near / s->nopp;
    return (1 - w) * sum / s->nopp + w * worst;
}

static bomber_action decide_action(search_state *s, const bomber_view *v) {
    const bomber_game *b = &s->base;
    int me = s->pid, op = 1 - me, m = cell_of(&b->players[me]);
    danger(s, b, s->hurt);
    ore_outlook(s);
    if (s->k[K_RACE] > 0) race_map(s);
    int ok[6], nreplies, trap[6] = {0};
    safety(s, ok, &nreplies);
    int o = cell_of(&b->players[op]), depth = (int)s->k[K_TRAP];
    int dist = abs(m % BOMBER_W - o % BOMBER_W) + abs(m / BOMBER_W - o / BOMBER_W);
    if (depth > 0 && dist <= 2 * depth + 2 && opp_armed(s, depth)) {
        unsigned char open_walls[NCELL];
        walls_of(b, -1, -1, open_walls);
        for (int a = BOMBER_NONE; a <= BOMBER_BOMB; a++)
            if (ok[a] >= 0) trap[a] = trap_at(s, open_walls, target_of(m, (bomber_action)a), depth);
    }

    plan plans[PLAN_ROOM];
    double arrival[NCELL];
    int parent[NCELL], kept_at;
    int np = make_plans(s, v, ok, arrival, parent, plans, &kept_at);
    opp_plans(s);

    double value[6], rank[PLAN_ROOM];
    int have[6] = {0}, from[6] = {0}; /* from: the plan of value[a] */
    unsigned char ran[PLAN_ROOM] = {0};
    int path[NCELL];
    for (int i = 0; i < np; i++) {
        if (i >= 6 && out_of_budget(s)) break; /* the first-step plans always run */
        plan *pl = &plans[i];
        plan_path(pl, m, parent, arrival, path);
        if (ok[pl->first] < 0) continue;
        double val = plan_value(s, pl, path);
        ran[i] = 1;
        rank[i] = val + s->near_paid * (1 - SEQ_NEAR); /* `seq`: the desire a tie-break */
        if (!have[pl->first] || val > value[pl->first])
            value[pl->first] = val, have[pl->first] = 1, from[pl->first] = i;
    }
    if (s->next) deepen(s, plans, np, rank, ran, parent, arrival, value, from);
    /* safe against every reply first, then the most replies survived, then the value */
    int pick = -1;
    double pv = 0;
    for (int a = BOMBER_NONE; a <= BOMBER_BOMB; a++) {
        if (ok[a] < 0) continue;
        double val = (have[a] ? value[a] : -1e5) + 1e6 * ok[a] + (trap[a] ? 0 : 5e5);
        if (pick < 0 || val > pv) pick = a, pv = val;
    }
    s->kept.bomb = 0;
    if (s->k[K_RESUME] > 0 && pick >= 0 && have[pick] && plans[from[pick]].bomb &&
        !plans[from[pick]].way &&
        (plans[from[pick]].nlegs > 0 || from[pick] == kept_at)) { /* a tour: on with it next time */
        const plan *pl = &plans[from[pick]];
        s->kept = *pl;
        if (pick == BOMBER_BOMB && pl->target == m && !pl->nlegs) {
            s->kept.bomb = 0; /* its last bomb, now: the tour is done */
        } else if (pick == BOMBER_BOMB && pl->target == m) { /* bombed now: on to the next cell */
            s->kept.target = pl->legs[0], s->kept.nlegs = pl->nlegs - 1;
            for (int k = 0; k < 2; k++) s->kept.legs[k] = pl->legs[k + 1];
            s->kept.legs[2] = -1;
        }
    }
    return pick < 0 ? BOMBER_NONE : (bomber_action)pick;
}

/* ---- the bot interface -------------------------------------------------------------------- */

static int search_init(void **state, const bomber_view *first, uint64_t seed) {
    const void *preset = *state;
    search_state *s = calloc(1, sizeof *s);
    if (!s) return DMAP_ERR_NOMEM;
    if (dmap_workspace_new(&s->ws) != DMAP_OK) {
        free(s);
        return DMAP_ERR_NOMEM;
    }
    kit_param_read(&search_params, preset, s->k);
    s->pid = first->id;
    if (s->k[K_OPP] > 0) { /* the opponent's planner: its seat, the same knobs, this workspace */
        s->opp = calloc(1, sizeof *s->opp);
        if (!s->opp) {
            dmap_workspace_free(s->ws);
            free(s);
            return DMAP_ERR_NOMEM;
        }
        memcpy(s->opp->k, s->k, sizeof s->k);
        s->opp->k[K_OPP] = 0, s->opp->k[K_SEQ] = 0;
        s->opp->pid = 1 - first->id, s->opp->ws = s->ws;
        for (int c = 0; c < NCELL; c++) s->opp->desire[c] = 100.0;
    }
    if (s->k[K_SEQ] > 0) { /* the second plan's planner: the same knobs, this workspace */
        s->next = calloc(1, sizeof *s->next);
        if (!s->next) {
            dmap_workspace_free(s->ws);
            free(s->opp);
            free(s);
            return DMAP_ERR_NOMEM;
        }
        memcpy(s->next->k, s->k, sizeof s->k);
        s->next->k[K_NEAR] *= SEQ_NEAR;
        s->next->pid = s->pid, s->next->ws = s->ws;
        for (int c = 0; c < NCELL; c++) s->next->desire[c] = 100.0;
    }
    shadow_start(s, first, seed);
    for (int c = 0; c < NCELL; c++) s->desire[c] = 100.0;
    *state = s;
    return 0;
}

static void search_release(void *state) {
    search_state *s = state;
    if (!s) return;
    free(s->next);
    free(s->opp);
    dmap_workspace_free(s->ws);
    free(s);
}

static int search_decide(void *state, const bomber_view *v, bomber_answer *answer) {
    search_state *s = state;
    int64_t t0 = s->k[K_MS] > 0 ? kit_thread_cpu_ns() : 0;
    s->deadline = s->k[K_MS] > 0 ? t0 + (int64_t)(s->k[K_MS] * 1e6) : 0;
    s->used = 0;
    shadow_update(s, v);
    *answer = BOMBER_ANS_EMPTY;
    if (v->is_over) return s->err;
    s->now = v->tick_number;
    game_copy(&s->base, &s->shadow);
    bomber_action a = decide_action(s, v);
    static const bomber_answer ans[] = {BOMBER_ANS_EMPTY, BOMBER_ANS_U, BOMBER_ANS_D,
                                        BOMBER_ANS_L, BOMBER_ANS_R, BOMBER_ANS_B};
    *answer = ans[a];
    return s->err;
}

static int search_maps(void *state, kit_map *out, int max) {
    if (max < 1) return 0;
    out[0] = (kit_map){"desire", ((const search_state *)state)->desire};
    return 1;
}

const bomber_bot bomber_bot_search = {
    {"search", "plans played out on the engine from a shadow game, dmap's safe walk and "
               "desire map"},
    search_init, search_decide, search_release, search_maps};
