/* maps.h — private to the built-in bots: a bot's per-game scratch (a workspace, a few maps and
 * step rows allocated once per game, so a clock allocates nothing), the cache of the world's
 * distance rows, its own generator, and the choice among the five moves. */
#ifndef PURSUIT_BOT_MAPS_H
#define PURSUIT_BOT_MAPS_H

#include "pursuit.h"

/* flee's and buryflee's parameter: the flee factor (flee.c). */
extern const kit_params pursuit_flee_params;

#define BOT_MAX_MAPS 8
/* The five moves in dmap_dir order: STAY, UP, RIGHT, DOWN, LEFT. */
#define BOT_MOVES 5
/* Worlds up to this many cells keep every distance row for the whole game (n*n ints). */
#define BOT_CACHE_CELLS 1024

typedef struct bot_maps {
    dmap_workspace *ws;
    dmap_rng rng;              /* the bot's own generator, seeded by init */
    size_t n;                  /* cells */
    double ceiling;            /* larger than any path length: marks "unreachable" */
    int far;                   /* the same for step counts: n + 1 */
    double *map[BOT_MAX_MAPS]; /* n doubles each */
    int *steps[BOT_MAX_MAPS];  /* n ints each */
    /* Step counts on the game's world, one row per source cell: the obstacles never move
     * during a game, so on small worlds each row is computed at most once per game. */
    int *rows;           /* n * n ints, or NULL (no cache, or a world above BOT_CACHE_CELLS) */
    unsigned char *have; /* n flags: row computed */
} bot_maps;

/* Allocate count double maps, icount int maps, the distance cache (when cache is nonzero) and
 * a workspace for grid g; seed the generator. Errors: ARG, SIZE, NOMEM (then nothing is left
 * allocated). */
int bot_maps_open(bot_maps *b, const dmap_grid *g, int count, int icount, int cache,
                  uint64_t seed);
void bot_maps_close(bot_maps *b);

/* out = step count from cell on g (breadth-first); unreachable cells and walls hold b->far. */
int bot_steps_from(bot_maps *b, const dmap_grid *g, int cell, int *out);

/* Step counts from cell on the game's world (the same grid every call of a game): the cached
 * row when the cache exists, else computed into scratch (n ints). NULL on error. */
const int *bot_world_row(bot_maps *b, const dmap_grid *world, int cell, int *scratch);

/* out = path distance (4-connected, unit steps) from cell on the game's world as doubles,
 * b->ceiling on unreachable cells and walls: exactly dmap_field's map with unit steps and that
 * ceiling, but read from the row cache (bot_world_row; scratch as there), so a bot asking for
 * the map of a cell it saw before pays only the copy. Errors: ARG (cell outside), or the BFS's. */
int bot_world_distance(bot_maps *b, const dmap_grid *world, int cell, int *scratch, double *out);

/* A map for a replay (kit_map): values at or above b->ceiling, and the walls of g (may be
 * NULL), become +INFINITY (written as null), in place. */
void bot_map_for_replay(const bot_maps *b, const dmap_grid *g, double *map);

/* Generic per-game init/release for bots whose state is just a bot_maps (arguments as in
 * bot_maps_open). */
int bot_maps_init(void **state, const pursuit_view *start, int count, int icount, int cache,
                  uint64_t seed);
void bot_maps_release(void *state);

/* ---- the five moves (moves.c) ------------------------------------------------------------- */

/* The cells the five moves lead to from `from` on g (illegal moves stay on `from`). */
void bot_landings(const dmap_grid *g, int from, int land[BOT_MOVES]);

/* The legal moves from `from` as dmap_dir values (STAY first, then the directions whose step
 * stays on the grid and off obstacles); returns their count (1..5). */
int bot_legal_moves(const dmap_grid *g, int from, int cands[BOT_MOVES]);

/* One of cands[0..n-1] (n >= 1) drawn uniformly with rng (dmap_pick_option), as a move
 * character in *move. DMAP_OK or the library's error. */
int bot_pick(const int *cands, size_t n, dmap_rng *rng, pursuit_action *move);

/* Downhill on map from cell (ties drawn with rng) as a move character in *move: the library's
 * dmap_downhill_options then dmap_pick_option. DMAP_OK or their error. */
int bot_roll_down(const dmap_grid *g, const double *map, int cell, dmap_rng *rng,
                  pursuit_action *move);

/* The score of a move for dmap_filter_moves: steps[land[move]]. */
typedef struct bot_landing_steps {
    const int *steps;
    const int *land;
} bot_landing_steps;
double bot_score_landing_steps(void *user, int move);

/* ---- the prey's buried copy of the world (buried.c) ----------------------------------------- */

/* The world with its dead ends buried (RULES.md, "Dead-end burying"), both agents' cells
 * protected: the private copy the burying preys plan on. */
int bot_buried_open(dmap_grid *copy, const dmap_grid *world);
/* Bring the copy up to the view: the world's obstacles, then burying. */
int bot_buried_update(dmap_grid *copy, const pursuit_view *v, dmap_workspace *ws);

/* A burying prey's scratch: its maps and its buried copy. Its state starts with one, so that
 * bot_burying_release frees the state. */
typedef struct bot_burying {
    bot_maps b;
    dmap_grid copy;
} bot_burying;

/* bot_maps_open (the same arguments), then bot_buried_open; on an error too the state is
 * freed with bot_burying_release (k zeroed before: what was opened is closed). */
int bot_burying_open(bot_burying *k, const dmap_grid *world, int count, int icount, int cache,
                     uint64_t seed);
/* release of a state that starts with a bot_burying (its maps, its copy, then the state). */
void bot_burying_release(void *state);

#endif
