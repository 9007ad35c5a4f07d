/* gambit.h — Gambit, Jfbarr's Dijkstra-map bot for this game (Jfbarr/Gambit-dijkstra-bot,
 * gambit.py at 2e9a7ab), ported decision for decision: the same eight maps with the same
 * walls, the same desire weights and update order, the same sum (NaN walls survive it), the
 * 1000 cap, the bomb check, the memory (bombs first seen, ore counts from bomb placements, the
 * high-timer map used one call late), the desync guard, and its tie break drawn from its own
 * CPython-compatible generator. The maps come from dmap.h.
 *
 * The internals are public here so that `bomber replay --gambit` can compare every logged
 * decision (goal map, ties, choice, bomb check, weights, memory) with the port's. */
#ifndef BOMBER_GAMBIT_H
#define BOMBER_GAMBIT_H

#include "bomber.h"
#include "dmap.h"
#include "kit/pyrandom.h"

/* The desire weights, in the dict's order. */
typedef struct gambit_weights {
    double safe, flee, reward, ammo, hunt, treasure, aversion, run;
} gambit_weights;

/* The desire knobs: the weights of gambit.py's goal map and the numbers of its desire updates,
 * the parameters of `gambit` and `gambit2` (kit bot.h; defaults gambit.py's). */
enum {
    GD_FLEE, GD_REWARD, GD_HIGH, GD_SAFE, GD_SAFE_HURT, GD_AMMO, GD_AMMO_LOW, GD_REWARD_ONE,
    GD_REWARD_NONE, GD_TREASURE_LATE, GD_AVERSION_LATE, GD_RUN_LATE, GAMBIT_NDESIRE
};
#define GAMBIT_PARAMS                                                                          \
    {"flee", 0.35, 0, 10, 0.1, 0, "weight of the flee map (never changed)"},                  \
    {"reward", 2, 0, 20, 0.5, 0, "weight of the reward map until the blocks are gone"},       \
    {"high", 25, 0, 100, 2.5, 0, "weight of the high-timer map (never changed)"},             \
    {"safe", 1, 0, 20, 0.25, 0, "weight of the safe map with more than 1 HP"},                \
    {"safe_hurt", 8, 0, 50, 1, 0, "weight of the safe map at 1 HP"},                          \
    {"ammo", 1.4, 0, 20, 0.25, 0, "weight of the ammo map with 2 or more bombs left"},        \
    {"ammo_low", 9, 0, 50, 1, 0, "weight of the ammo map with 1 or 0 bombs left"},            \
    {"reward_one", 2, 0, 20, 0.5, 0, "weight of the reward map with 1 bomb left"},            \
    {"reward_none", 0.5, 0, 20, 0.25, 0, "weight of the reward map with no bomb left"},       \
    {"treasure_late", 5, 0, 50, 1, 0, "weight of the treasure map once the blocks are gone"}, \
    {"aversion_late", 1, 0, 20, 0.25, 0, "weight of the centre map once the blocks are gone"}, \
    {"run_late", 0.25, 0, 10, 0.1, 0, "weight of the run map once the blocks are gone"}
extern const kit_params gambit_params; /* both bots' declaration */

/* The component maps of one call, in the decision log's `C` order. */
enum {
    GAMBIT_HIGH_USED, GAMBIT_FLEE, GAMBIT_REWARD, GAMBIT_AMMO, GAMBIT_SAFE, GAMBIT_CENTRE,
    GAMBIT_RUN, GAMBIT_TREASURE, GAMBIT_HIGH_NEXT, GAMBIT_NMAPS
};
extern const char *const gambit_map_names[GAMBIT_NMAPS];

/* What one call decided (for the decision log comparison and for replays). */
typedef struct gambit_info {
    int skipped;                /* the desync guard returned None */
    double goal[BOMBER_CELLS];  /* the goal map (NaN walls) */
    double comp[GAMBIT_NMAPS][BOMBER_CELLS];
    int nties;
    char ties[5];               /* among s l r d u, in that order */
    char chosen;                /* 's' when random.choice was not called */
    double best;
    int chk;                    /* check_bomb_location(): 0/1, -1 when not called */
} gambit_info;

typedef struct gambit_bomb_seen {
    int x, y, first; /* cell and the call counter when first seen */
} gambit_bomb_seen;

/* The inputs and result of one map computed earlier (gambit.c reuses a result whose inputs
 * are the same). Each kind of map keeps its last GAMBIT_MEMO_WAYS results. */
enum { GAMBIT_MEMO_SLOTS = GAMBIT_NMAPS + 1, GAMBIT_MEMO_WAYS = 8 };
typedef struct gambit_memo {
    int valid, ngoals;
    double factor;
    unsigned char walls[BOMBER_CELLS];
    dmap_goal goals[BOMBER_CELLS];
    double out[BOMBER_CELLS];
} gambit_memo;

/* The run maps of one set of blocks, one per opponent cell (have[c]: map[c] is computed). */
typedef struct gambit_run_cache {
    unsigned char blocks[BOMBER_CELLS], have[BOMBER_CELLS];
    double map[BOMBER_CELLS][BOMBER_CELLS];
} gambit_run_cache;

/* The reward map's goals and the block values they were scored from. */
typedef struct gambit_reward_goals {
    int valid, near, n;        /* near: scored by neighbours (fewer than 5 wood and ore) */
    double board[BOMBER_CELLS];
    dmap_goal goals[BOMBER_CELLS];
} gambit_reward_goals;

typedef struct gambit {
    int pid;
    int no_guard;              /* 0 for the port; gambit2 sets 1 (it moves on its own) */
    kit_pyrandom rng;          /* the module-level `random` of its own process */
    gambit_weights w;          /* self.desire */
    double knob[GAMBIT_NDESIRE]; /* the desire updates' numbers (GD_*) */
    int tick;                  /* self.tick: its call counter */
    int has_prev, prev_x, prev_y, prev_tick;
    char prev_move;            /* '' (0), 'b', or l r d u */
    int nbombs_seen;
    gambit_bomb_seen bombs_seen[BOMBER_CELLS];          /* self.current_bombs */
    unsigned char prev_bombs[BOMBER_CELLS];             /* self.previous_bombs */
    int explosions[BOMBER_CELLS];                       /* entries of all_explosions per cell */
    double high[BOMBER_CELLS];                          /* safe_bomb_dijkstra_high */
    dmap_grid grid;
    unsigned char wall[BOMBER_CELLS];
    dmap_workspace *ws;
    int err;                   /* DMAP_ERR_NOMEM once a map could not get its memory: the
                                * answers since are not Gambit's (the bot's decide returns it) */
    gambit_memo *memo;         /* [slot * GAMBIT_MEMO_WAYS + way]: slots are the component
                                * maps and the bomb check's */
    unsigned char memo_next[GAMBIT_MEMO_SLOTS]; /* the way each slot replaces next */
    gambit_reward_goals reward;
    gambit_run_cache *run;
    gambit_info scratch;
} gambit;

/* A new Gambit playing pid whose `random` is random.Random(seed). Returns DMAP_OK or
 * DMAP_ERR_NOMEM. */
int gambit_init(gambit *b, int pid, uint64_t seed);
/* The desire knobs from a bot's preset (kit_param_read: NULL for the defaults); call after
 * gambit_init. */
void gambit_set_knobs(gambit *b, const void *preset);
void gambit_release(gambit *b);

/* One call of Agent.next_move. info (may be NULL) receives what the call computed. With info
 * NULL only the answer is wanted (the fast path for play): the component maps whose weight is
 * 0 are not computed, and b->scratch gets the ties, choice and check but its goal map only on
 * the cells the bot could move to. */
bomber_answer gambit_next_move(gambit *b, const bomber_view *v, gambit_info *info);

#endif
