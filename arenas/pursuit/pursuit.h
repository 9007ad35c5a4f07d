/* pursuit.h — the pursuit arena: a two-player predator–prey game on a square grid (RULES.md),
 * its engine, its bots and games (tournaments, statistics and replays come from the arena kit,
 * arenas/kit/).
 *
 * A world is a square grid with obstacles and two agents. Each clock the predator and then the
 * prey decide on the same pre-move view (so the moves are simultaneous); the prey rests on
 * clocks divisible by 3; the predator wins when both end a clock on one cell; the prey wins by
 * surviving the last clock. A bot is the kit's bot interface (arenas/kit/bot.h) over
 * pursuit_view and a move character; bots use only dmap.h and this header.
 *
 * Nothing here prints except pursuit_render (to the FILE the caller gives); functions return
 * DMAP_OK or a negative DMAP_ERR_* code like the library. */
#ifndef PURSUIT_H
#define PURSUIT_H

#include <stdint.h>
#include <stdio.h>

#include "kit/bot.h"
#include "kit/process.h"
#include "kit/seats.h"
#include "dmap.h"

#define PURSUIT_DEFAULT_SIZE 8
#define PURSUIT_DEFAULT_CLOCKS 30
#define PURSUIT_DEFAULT_WALLS 0.2
/* The referee's limit per decision; a slower decision counts as 's'. */
#define PURSUIT_DEFAULT_TIME_LIMIT_NS ((int64_t)1000000000)

/* ---- worlds ---------------------------------------------------------------------------- */

/* A world: the grid (walls = obstacles, unit costs, owned) and the two agents' cells. */
typedef struct pursuit_world {
    dmap_grid grid;
    int predator, prey; /* cell indices y*w + x */
} pursuit_world;

/* Free the world's grid and zero it. NULL is fine. */
void pursuit_world_free(pursuit_world *w);

/* Check a world: a valid grid, both agents on distinct passable cells. DMAP_OK or an error
 * (ARG, SIZE, RANGE, WALL). */
int pursuit_world_check(const pursuit_world *w);

/* ---- the world file format ---------------------------------------------------------------
 * W*H integers, one per line in the game's own files (any whitespace is accepted between
 * them), row-major (the first W values are row 0): 0 free, -1 obstacle, 1 predator, 10 prey,
 * with exactly one predator and one prey. */
enum {
    PURSUIT_WORLD_FREE = 0,
    PURSUIT_WORLD_OBSTACLE = -1,
    PURSUIT_WORLD_PREDATOR = 1,
    PURSUIT_WORLD_PREY = 10
};

/* Parse a world file held in memory (len bytes, need not end in NUL). w, h > 0 give the
 * size; w == h == 0 infers a square from the count of values (8x8 for 64 values). On success
 * *world owns its grid (walls = obstacles, unit costs; pursuit_world_free). Errors:
 * DMAP_ERR_FORMAT with diag (may be NULL) giving the 1-based line and reason — a token that is
 * not an integer, a value outside {0,-1,1,10}, fewer or more values than W*H, a count that is
 * not a square when inferring, no/two predators or preys; DMAP_ERR_ARG (NULL text/world, w or
 * h negative or only one of them 0); DMAP_ERR_SIZE (W*H too large); DMAP_ERR_NOMEM. Every
 * error fills diag. *world is zeroed on error. O(len). */
int pursuit_parse_world(const char *text, size_t len, int w, int h, pursuit_world *world,
                        dmap_diag *diag);

/* Write a world in the file format (one integer per line, each line ending in '\n') into a
 * malloc'ed, NUL-terminated *text (free() it) of *len bytes (len may be NULL). Reading the
 * text back with pursuit_parse_world gives the same world (costs are not written). Errors:
 * as pursuit_world_check, plus DMAP_ERR_SIZE and DMAP_ERR_NOMEM; *text is NULL after an
 * error. O(N). */
int pursuit_format_world(const pursuit_world *world, char **text, size_t *len);

/* Load a world file (pursuit_parse_world of the file, its square size inferred). On error *w
 * is zeroed and diag says where and why. */
int pursuit_world_load(const char *path, pursuit_world *w, dmap_diag *diag);

/* A random size x size world: each cell an obstacle with probability walls (0 <= walls < 1);
 * the prey on a uniformly drawn free cell, the predator on a uniformly drawn other cell of the
 * prey's connected free component (a world whose prey cell is isolated is drawn again). The
 * same arguments give the same world. Errors: ARG (walls out of range), SIZE, NOMEM, LIMIT (no
 * world with two connected free cells after 1000 draws, e.g. walls near 1). */
int pursuit_world_random(pursuit_world *w, int size, double walls, uint64_t seed);

/* The obstacles of src with the agents drawn again as pursuit_world_random draws them (prey on
 * a free cell, predator on another cell of its component): to play a fixed world from many
 * starts. The same seed gives the same start. Errors: ARG, NOMEM, LIMIT (no two connected free
 * cells after 1000 draws). *w is a new world to free. */
int pursuit_world_random_start(const pursuit_world *src, uint64_t seed, pursuit_world *w);

/* Print the world's picture: '#' obstacle, '.' free, '@' predator, '*' prey; one row per line.
 * When both agents share a cell the predator's '@' is shown. */
void pursuit_render(FILE *out, const dmap_grid *g, int predator, int prey);

/* ---- the rules (engine.c) ----------------------------------------------------------------- */

/* The two seats, in seat order (--bots PREDATOR,PREY; replays list the players so). */
typedef enum pursuit_role { PURSUIT_PREDATOR = 0, PURSUIT_PREY = 1 } pursuit_role;

/* The moves: 'u' (row-1), 'd' (row+1), 'l' (col-1), 'r' (col+1), 's' (stay). Any other
 * character means stay. The direction of a move character, and back ('s' for STAY and for
 * directions that are not one of the four). */
dmap_dir pursuit_move_dir(char move);
char pursuit_dir_move(dmap_dir d);

/* The cell an agent standing on `from` reaches with `move`: a move off the grid, into an
 * obstacle or that is not one of u/d/l/r means staying on `from`. */
int pursuit_apply_move(const dmap_grid *g, int from, char move);

/* Nonzero on the clocks where the prey must stay whatever it chose (3, 6, 9, ...). */
int pursuit_prey_rests(int clock);

/* A game's state: the world's grid (borrowed, never changed), the agents' cells, the clocks
 * played and whether the game is over. */
typedef struct pursuit_state {
    const dmap_grid *grid;
    int predator, prey; /* cells */
    int clock;          /* clocks played: 0 at the start */
    int clocks;         /* the game's length */
    int over;           /* 1 after a capture or the last clock */
    int predator_won;   /* 1: captured at `clock` */
} pursuit_state;

/* The start of a game on world w (checked: pursuit_world_check's errors; ARG for clocks < 1).
 * The state borrows w's grid. */
int pursuit_state_start(pursuit_state *s, const pursuit_world *w, int clocks);

/* One clock: both moves at once (illegal moves stay, the prey stays on rest clocks), then the
 * capture and the last clock. DMAP_OK, or ARG when the game is already over. */
int pursuit_step(pursuit_state *s, char predator_move, char prey_move);

/* ---- what a bot sees (view.c) and the bot interface ---------------------------------------- */

/* What a bot sees when it decides: the world before this clock's moves. Read-only. */
typedef struct pursuit_view {
    const dmap_grid *grid;
    int predator, prey; /* cells */
    int clock;          /* the clock being decided, 1-based: 1 .. clocks */
    int clocks;         /* the game's length */
    pursuit_role role;  /* the seat of the bot that sees it */
} pursuit_view;

/* The view of seat `role` on state s (the clock about to be played). */
void pursuit_view_of(const pursuit_state *s, pursuit_role role, pursuit_view *v);

/* The moves of an action mask, in the order "sudlr": stay, up, down, left, right. */
#define PURSUIT_NUM_ACTIONS 5

/* The legal moves of the view's seat, mask[a] 1 or 0 in "sudlr" order: stay always; a move when
 * its cell is on the grid and not an obstacle, except for the prey on the clocks where it rests
 * (pursuit_prey_rests of the view's clock). A masked move is one the engine plays as a stay. */
void pursuit_legal_actions(const pursuit_view *v, unsigned char mask[PURSUIT_NUM_ACTIONS]);

/* A move character (see pursuit_move_dir). */
typedef char pursuit_action;

/* A bot: init(state, first view, seed), decide(state, view, move out), release, maps
 * (arenas/kit/bot.h). Each bot draws only from the generator it seeds in init. init and
 * release may be NULL for a bot that keeps no state; maps may be NULL. */
KIT_BOT_INTERFACE(pursuit_bot, pursuit_view, pursuit_action);

/* ---- the built-in bots (bots/) ---------------------------------------------------------------- */

extern const pursuit_bot pursuit_bot_chase, pursuit_bot_intercept, pursuit_bot_lazy,
    pursuit_bot_greedy, pursuit_bot_random, pursuit_bot_naive, pursuit_bot_flee,
    pursuit_bot_bury, pursuit_bot_buryflee;

/* The adapter of `cmd:PROGRAM ARGS` seats (bots/outside.c, kit/outside.h): not in the table;
 * kit_outside_seat copies it for each outside seat. It plays either seat. */
extern const pursuit_bot pursuit_bot_outside;
/* Every built-in bot once, as `pursuit bots` lists them (predators, `random`, preys). */
extern const kit_bot_table pursuit_bot_table;

/* The bots that play one seat, in the same order: the predators chase, intercept, lazy,
 * greedy, random; the preys naive, flee, bury, buryflee, random (`random` plays both). */
const kit_bot_table *pursuit_seat_bots(pursuit_role role);

/* The built-in bot of that name playing seat role, or NULL. */
const pursuit_bot *pursuit_bot_find(const char *name, pursuit_role role);

/* Nonzero unless b is a built-in bot that does not play seat role (a bot of the caller's own
 * plays any seat). */
int pursuit_bot_plays(const pursuit_bot *b, pursuit_role role);

/* ---- games (game.c) ------------------------------------------------------------------------- */

typedef struct pursuit_config {
    int clocks;            /* game length, >= 1 (default 30) */
    uint64_t seed;         /* the bots' generator seeds derive from it */
    int64_t time_limit_ns; /* a decision slower than this (wall clock) counts as 's'; 0: no limit */
} pursuit_config;

/* clocks 30, seed 1, the referee's 1 s limit. */
pursuit_config pursuit_config_default(void);

/* The outcome of one game. */
typedef struct pursuit_result {
    int predator_won;     /* 1: captured at `clock`; 0: the prey survived `clock` clocks */
    int clock;            /* capture clock, or the number of clocks played */
    double decide_ns[2];  /* total decision time per seat (PURSUIT_PREDATOR, PURSUIT_PREY) */
    int decisions[2];     /* decisions made per seat */
    int timeouts[2];      /* decisions that exceeded the time limit (counted as 's') */
    kit_end ended[2];     /* why an outside program was ended (KIT_END_NONE: it was not) */
    long ended_on[2];     /* the decision it was ended on (1 the first) */
} pursuit_result;

/* A game in progress, clock by clock (pursuit_play runs one to its end). The bots' generator
 * seeds are two numbers drawn from cfg.seed, one per seat. */
typedef struct pursuit_game {
    pursuit_state state;
    const pursuit_bot *bot[2];
    kit_seats seats; /* the bots' lifecycle (kit/seats.h) */
    pursuit_config cfg;
    pursuit_result result;
} pursuit_game;

/* Seat the bots on world w (which must outlive the game) and run their init. Errors: ARG
 * (NULLs, a built-in bot in a seat it does not play, clocks < 1, a negative time limit), the
 * world's check errors, or an init's error (nothing is left to close then). */
int pursuit_game_open(pursuit_game *g, const pursuit_world *w, const pursuit_bot *predator,
                      const pursuit_bot *prey, const pursuit_config *cfg);
/* The same with bots[PURSUIT_PREDATOR], bots[PURSUIT_PREY] and, when presets (may be NULL)
 * has one for a seat, what that seat's init finds in *state instead of kit_bot_preset's (a
 * caller's seat: the Python door's agent and game). */
int pursuit_game_open_seats(pursuit_game *g, const pursuit_world *w, const pursuit_bot *const bots[2],
                            void *const presets[2], const pursuit_config *cfg);

/* Play one clock: both bots decide on the same view (each timed; a late answer is 's'), then
 * the engine steps. moves (may be NULL) receives the moves as played by the referee, before the
 * rules turned illegal ones and the prey's rest into stays. Returns DMAP_OK, a bot's error
 * (the game cannot go on), or ARG when the game is over. */
int pursuit_game_clock(pursuit_game *g, char moves[2]);

/* The named maps of the last decision of seat role's bot (kit_map, arenas/kit/bot.h): the
 * count (0 for a bot without maps), or a negative DMAP_ERR_*. */
int pursuit_game_maps(pursuit_game *g, pursuit_role role, kit_map *out, int max);

/* Release both bots' states. */
void pursuit_game_close(pursuit_game *g);

/* Called after every clock with the new positions and the moves as chosen (before the
 * rules turned illegal ones and the prey's rest into stays). */
typedef void (*pursuit_observer)(void *ctx, int clock, char predator_move, char prey_move,
                                 int predator, int prey);

/* Play one game. observer may be NULL. The world is not modified. Same world, bots and
 * config give the same game (unless a decision hits the time limit). Errors: as
 * pursuit_game_open, or a bot's error from a decision. */
int pursuit_play(const pursuit_world *w, const pursuit_bot *predator, const pursuit_bot *prey,
                 const pursuit_config *cfg, pursuit_observer observer, void *ctx,
                 pursuit_result *out);

/* ---- vectorized games (vec.c) -------------------------------------------------------------- */

/* The pursuit game as kit/vec.h's vectorized games drive it: each episode the seeded random
 * world of pursuit_world_random(size, walls, seed) and the game of pursuit_game_open with
 * cfg.seed = seed and no time limit (dmap.rl's pursuit environment's game of that seed); bots
 * are `const pursuit_bot *`. Observation of a seat, size * size * 3 + 5 floats, dmap.rl's
 * observation="flat" of the same game (its Dict's keys in order): the clocks played, the planes
 * of walls, the predator and the prey (y-major), the other's (x, y), its own (x, y); the mask pursuit_legal_actions; the
 * actions 0..4 the moves "sudlr". Rewards +1 to the winner and -1 to the loser on the last
 * clock; a capture ends the game (terminated), the last clock truncates it. */
typedef struct pursuit_vec_params {
    int size;     /* 2 .. 64 */
    double walls; /* the share of obstacles */
    int clocks;   /* >= 1 */
} pursuit_vec_params;
struct kit_vec_arena;
extern const struct kit_vec_arena pursuit_vec_arena;

#endif
