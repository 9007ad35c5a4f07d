/* kutulu.h — the Code of Kutulu arena: the CodinGame referee's rules (league 7, every rule on),
 * turn-exact with the official Java referee, the protocol text it exchanges with players, the
 * seats (in-process bots and external programs), whole games, replay files and the recorded
 * games of the referee. What a bot sees and answers, and the bot type, are in kutulu_view.h.
 *
 * The rules are in RULES.md (each with the place in the official referee,
 * JohnnyGuye/code-of-kutulu, it comes from); the README of this folder says where we differ.
 * The engine (engine.c, path_search.c) is rules only: no printing, no files, no clocks.
 * protocol.c turns states into the lines a player reads and parses the line it answers, with
 * the referee's grammar. Bots see exactly what a player reads, parsed (kt_view). */
#ifndef KUTULU_H
#define KUTULU_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "kit/javarandom.h"
#include "kit/process.h"
#include "kutulu_view.h"

/* The actions of an action mask, WAIT to YELL in kt_action_kind order (MOVE x y aside). */
#define KT_NUM_ACTIONS 8

/* The legal actions of the view's explorer (ent[0]), mask[a] 1 or 0 in kt_action_kind order:
 * WAIT always; a bare direction when its cell is on the maze and not a wall; PLAN and LIGHT
 * while the explorer has some left; YELL with another explorer within KT_YELL_RANGE (Manhattan).
 * A view without the player's explorer (out of the game): WAIT only. A masked action is still
 * accepted by the referee (a step into a wall waits; PLAN, LIGHT and YELL may also be refused
 * for what the view does not show, such as a pair that has yelled before). */
void kt_legal_actions(const kt_view *v, unsigned char mask[KT_NUM_ACTIONS]);

typedef struct kit_replay kit_replay; /* arenas/kit/replay.h */

/* ---- maps ---------------------------------------------------------------------------------- */

/* A maze as the referee holds it: '#' wall, 'w' wanderer spawn, 'U' shelter, 'S' explorer
 * start, '.' empty (any other character is empty too). */
typedef struct kt_map {
    char name[64];
    int w, h;
    char cells[KT_MAX_CELLS]; /* row-major, index y*w + x */
} kt_map;

/* The 16 league-7 mazes in the referee's order (MazeFactory.java): the name the referee uses
 * and the file of the data folder's maps/ holding the layout. */
const char *kt_league_map_name(int i);
const char *kt_league_map_file(int i);
/* The index of a league map by its exact referee name, or -1. */
int kt_league_map_index(const char *name);

/* Parse a maze text (rows of equal length). Returns 0, or -1 with a reason in err. */
int kt_map_parse(const char *text, size_t len, const char *name, kt_map *m, char *err,
                 size_t errlen);

/* The 16 league maps, loaded once (league_maps.c reads them from a folder). */
typedef struct kt_mapset {
    kt_map maps[KT_LEAGUE_MAPS];
} kt_mapset;

/* Load the league maps from dir (the data folder's maps/). 0, or -1 with err. */
int kt_mapset_load(const char *dir, kt_mapset *set, char *err, size_t errlen);

/* Parse a player's output line with the referee's grammar (PlayerAction.java): returns 0 and
 * the action, or -1 when the referee would reject the line (the player is then out). */
int kt_parse_action(const char *line, kt_action *a);
/* ---- the game ------------------------------------------------------------------------------ */

typedef enum kt_minion_type { KT_WANDERER = 1, KT_SLASHER = 2 } kt_minion_type;
typedef enum kt_minion_state {
    KT_SPAWNING = 0, KT_WANDERING = 1, KT_STALKING = 2, KT_RUSH = 3, KT_STUNNED = 4,
    KT_RECALLED = 10
} kt_minion_state;
typedef enum kt_effect_type {
    KT_EFFECT_SHELTER = 3, KT_EFFECT_PLAN = 4, KT_EFFECT_LIGHT = 5, KT_EFFECT_YELL = 6
} kt_effect_type;

typedef struct kt_explorer {
    int cell;
    int sanity, plans, lights;
    int active;              /* in the game (the referee's living list) */
    int score;               /* set when it leaves the game */
    int slasher_spawned;
    unsigned yelled_by;      /* bit j: explorer j has yelled at it once */
} kt_explorer;

typedef struct kt_minion {
    int id;
    kt_minion_type type;
    int cell;
    kt_minion_state state;
    int spawn_cd, life_cd, stun_cd;
    int target;    /* explorer id or -1 */
    int last_seen; /* slashers: the cell to rush to when the target is lost, or -1 */
} kt_minion;

typedef struct kt_effect {
    kt_effect_type type;
    int tick;      /* ticks left, or a shelter's energy */
    int caster;    /* explorer id, -1 for shelters */
    int receiver;  /* yells */
    int cell;      /* shelters */
} kt_effect;

typedef struct kt_game {
    const kt_map *map;
    int map_index;
    int64_t seed;
    kt_params params;
    kit_javarandom rng;
    int turn;     /* the next turn to play, 0 .. 200 */
    int over;
    int next_id;
    kt_explorer ex[KT_PLAYERS];
    int nminions;
    kt_minion minions[KT_MAX_MINIONS];
    int neffects;
    kt_effect effects[KT_MAX_EFFECTS];
    unsigned char light[KT_MAX_CELLS]; /* LIGHT marks of this turn */
    int lit;                           /* some cell is marked this turn */
    struct kt_search *search;          /* scratch of the path searches (owned) */
} kt_game;

/* Start a game as the referee's init() does with game parameter seed=S: the four parameter
 * draws, then the map (forced_map in 0..15: that league map and no draw; -1: drawn), explorers
 * on the 'S' cells in row-major order. Returns 0, or -1 when the map is unusable or memory is short.
 * Free it with kt_game_free. */
int kt_game_init(kt_game *g, int64_t seed, const kt_mapset *maps, int forced_map);

/* Free the game's scratch memory (the game cannot be stepped afterwards). */
void kt_game_free(kt_game *g);
/* Copy a game (dst gets its own scratch memory; -1 when out of memory). */
int kt_game_copy(kt_game *dst, const kt_game *src);

/* Play one turn. act[i] is player i's action; ok[i] == 0 means player i timed out or gave an
 * invalid line: it is out with score -1 before the update (ignored for inactive players).
 * Returns 0, -1 when the game is already over, -2 when a fixed capacity overflowed. */
int kt_game_step(kt_game *g, const kt_action act[KT_PLAYERS], const unsigned char ok[KT_PLAYERS]);

/* Nonzero when the cell (x, y) is inside the map and not a wall (inline: the rules ask it
 * in their inner loops). */
static inline int kt_walkable(const kt_map *m, int x, int y) {
    return x >= 0 && y >= 0 && x < m->w && y < m->h && m->cells[y * m->w + x] != '#';
}

/* The referee's path search (AStar.java: uniform cost, ties in insertion order, neighbours in
 * direction order (k + offset) mod 4, up, right, down, left) from the walkable cell src (the
 * source of every search of the referee is a unit's cell). light (may be NULL) marks cells
 * that cost 1 + KT_LIGHT_EXTRA to enter. The search runs until every cell of targets is
 * settled (or nothing is left). cost[c] gets the path cost (-1 unreached) and parent[c] the
 * previous cell on the referee's path (-1 for the source). */
typedef struct kt_search {
    int cost[KT_MAX_CELLS];
    int parent[KT_MAX_CELLS]; /* meaningful where cost >= 0 */
    /* scratch: the walkable neighbours of every walkable cell of map nbr_map (built once
     * per map), adj[offset][c][0 .. deg[c] - 1] in direction order (k + offset) mod 4 */
    const kt_map *nbr_map;
    short adj[4][KT_MAX_CELLS][4];
    unsigned char deg[KT_MAX_CELLS];
    unsigned char is_target[KT_MAX_CELLS]; /* zero between searches */
    /* the nearest-source map (kt_nearest_map): the minions' one for a turn when near_ready;
     * who is meaningful where near >= 0 */
    int near_ready;
    int near[KT_MAX_CELLS];
    unsigned char who[KT_MAX_CELLS];
    int queue[KT_MAX_CELLS]; /* the breadth-first searches' */
    /* with LIGHT costs: the entries (cell and parent) of costs c .. c + KT_LIGHT_EXTRA + 1 in
     * push order, cost c in bucket[c % (KT_LIGHT_EXTRA + 2)] */
    int bucket[KT_LIGHT_EXTRA + 2][KT_MAX_CELLS * 4 + 4];
} kt_search;
void kt_path_search(const kt_map *m, const unsigned char *light, int src, int offset,
                    const int *targets, int ntargets, kt_search *s);
/* kt_path_search with LIGHT marks, stopped once the cheapest targets are settled: the targets
 * of the lowest cost get their cost and path, the others a negative cost (what a minion's
 * choice needs: a dearer explorer never wins it). */
void kt_path_search_cheapest(const kt_map *m, const unsigned char *light, int src, int offset,
                             const int *targets, int ntargets, kt_search *s);
/* The second cell of the referee's path from src to dst read from a search (-1 when src ==
 * dst or dst was not reached). */
int kt_path_first_step(const kt_search *s, int src, int dst);
/* Forget what a search holds for a map (after kt_search memory is made or copied). */
void kt_search_reset(kt_search *s);
/* The nearest-source map: s->near[c] gets the steps from c to the nearest of the sources
 * cells[i], i in the bit set `include` (4-connected through walkable cells, -1 when none is
 * reachable), and s->who[c] the bits i of the sources at that distance (several may tie).
 * Steps are symmetric: near[c] is also the length of the shortest path from c to them.
 * Returns 0, or -1 when a source is off the map or on a wall. */
int kt_nearest_map(const kt_map *m, const int cells[KT_PLAYERS], unsigned include,
                   const int *needed, int nneeded, kt_search *s);
/* The referee's first step (kt_path_search without LIGHT costs, direction offset `offset`)
 * from `from` toward source i when it is one of the nearest to `from` (who[from] has bit i),
 * without searching: the first neighbour of `from` in direction order one step closer to it.
 * -1 when from is that source's cell or none is reachable. */
int kt_first_step_toward(const kt_map *m, const kt_search *s, int i, int from, int offset);
/* The referee's first step from src toward dst (no LIGHT costs, offset 0) when dst is at
 * Manhattan distance 1 or 2 and a path of that length exists: then it needs no search. -1
 * when src == dst, -2 when a search must decide. */
int kt_first_step_near(const kt_map *m, int src, int dst);

/* Whether cell `to` lies in sight of cell `from`: on one of the four straight lines out of it
 * with no wall between (how a slasher sees; engine.c). */
int kt_in_sight(const kt_map *m, int from, int to);

/* ---- a game rebuilt from a player's view (game_view.c) ------------------------------------ */

/* Rebuild in g the game a player sees in v (its turn input parsed), to step it with
 * kt_game_step: map gets the maze (g points to it), search is the path searches' scratch g
 * uses (not owned: kt_game_free must not be called on g; kt_search_reset it once; keep map
 * from call to call: its neighbour lists are made again only when the maze changes). What the
 * view hides is filled in as game_view.c says (generator seeded with 0, a slasher's last-seen
 * cell, the slashers already spawned, past yells). Returns 0, or -1 for a view without a maze. */
int kt_game_from_view(kt_game *g, kt_map *map, const kt_view *v, kt_search *search);

/* ---- protocol ------------------------------------------------------------------------------ */

/* The init lines a player reads first (width, height, rows with S shown as '.', parameters). */
size_t kt_format_init(const kt_game *g, char *buf, size_t cap);
/* The turn input of player p: entity count, its explorer, the other active explorers p+1,
 * p+2, p+3 (mod 4), minions, effects. */
size_t kt_format_turn(const kt_game *g, int p, char *buf, size_t cap);
/* The same texts rebuilt from a player's view (the one they were parsed into, field for field:
 * kt_parse_init, kt_parse_turn): what the adapters of programs (bots/outside.c) and of callers
 * (the Python door) write. The length, cap or more when the text did not fit; both together
 * are at most KT_VIEW_TEXT_MAX - 1 bytes (two numbers, the rows and the parameters; the count
 * and one line per entity, at most 7 numbers and a name each). */
size_t kt_format_view_init(const kt_view *v, char *buf, size_t cap);
size_t kt_format_view_turn(const kt_view *v, char *buf, size_t cap);
#define KT_VIEW_TEXT_MAX (64 + KT_MAX_H * (KT_MAX_W + 1) + 64 + 16 + KT_MAX_ENTITIES * 96)

/* The trace's state lines after a turn: one per player (EXPLORER line or "GONE i score s"),
 * minions, effects; each line ends in '\n'. */
size_t kt_format_state(const kt_game *g, char *buf, size_t cap);

/* ---- players (player.c) -------------------------------------------------------------------- */

/* The longest answer line an external program may give, with its terminating NUL: the line is
 * judged whole (the referee's grammar allows a message of any length after the action); a
 * longer one ends the player. */
#define KT_ANSWER_MAX 4096

/* A seat: an in-process bot, an external program (cmd:PROGRAM ARGS) or a caller's seat. */
typedef struct kt_player kt_player;

/* Make a player from a spec: a built-in bot name, a bot spec with parameters
 * "NAME:PARAM=VALUE..." (kit/param.h) or "cmd:PROGRAM ARGS". NULL with err. */
kt_player *kt_player_new(const char *spec, char *err, size_t errlen);
void kt_player_free(kt_player *p);

/* A caller's seat (the Python door's agents), as the other arenas' doors seat theirs: the
 * caller's adapter bot, a kt_bot of the kit's interface driven by the kit's seat driver, whose
 * init finds the player's kt_caller_seat as its preset (*state). Its decide answers as a
 * program does: it writes the answer line into the seat's line (whole, without '\n'; the
 * protocol text it answers is kt_format_view_init on its first decision, kt_format_view_turn
 * each time) and its action is not used. It is timed and judged as a program: the same limits
 * on the wall clock; a late answer (KIT_END_TIMEOUT) or a line the referee rejects
 * (KIT_END_INVALID) ends it; an error of its decide ends the game. */
typedef struct kt_caller_seat {
    void *ctx;                /* the caller's */
    char line[KT_ANSWER_MAX]; /* the answer line of the last decision */
} kt_caller_seat;

/* A caller's seat of adapter (its name the player's) with ctx as the seat's ctx. NULL with err. */
kt_player *kt_player_new_caller(const kt_bot *adapter, void *ctx, char *err, size_t errlen);
const char *kt_player_name(const kt_player *p);

enum { KT_TURN_OK = 0, KT_TURN_TIMEOUT = 1, KT_TURN_ERROR = -1 };

/* Give the player its input (init_text on its first turn, else NULL; then the turn's input)
 * and read its answer line. KT_TURN_OK with the whole line; KT_TURN_TIMEOUT when an external
 * program gave no line within limit_ns, exited, or gave a line of cap bytes or more;
 * KT_TURN_ERROR with err when the runner itself failed (fork, bad input for an in-process
 * bot, a bot's error). spent_ns: the decision's time (CPU time of the thread for in-process
 * bots, wall time for programs). */
int kt_player_turn(kt_player *p, const char *init_text, const char *turn_text,
                   int64_t limit_ns, char *line, size_t cap, int64_t *spent_ns, char *err,
                   size_t errlen);
/* The named maps an in-process bot published for its last decision (at most max; the bot's
 * maps(), see kutulu_view.h): the count, 0 for programs and bots that publish none, or a
 * negative DMAP_ERR_*. */
int kt_player_maps(kt_player *p, kit_map *out, int max);
/* End the player's game: release an in-process bot's state, kill every process a program
 * started (its keeper kills the whole tree; see player.c). */
void kt_player_end(kt_player *p);
/* The seed of the in-process bot's own generator for the next game. */
void kt_player_seed(kt_player *p, uint64_t seed);
int kt_player_is_external(const kt_player *p);
/* Why an external program was ended this game (KIT_END_NONE while it plays, and for
 * in-process bots). */
kit_end kt_player_why(const kt_player *p);
/* The referee rejected the external program's line: it is ended (KIT_END_INVALID). */
void kt_player_judge_invalid(kt_player *p);
/* Where an external program's stderr goes: a descriptor of the caller's (dup'ed into the
 * program; it must stay open while the player plays), or -1 for /dev/null. Default 2, the
 * arena's own stderr. */
void kt_player_stderr(kt_player *p, int fd);

/* ---- a game (game.c) ------------------------------------------------------------------------ */

typedef struct kt_match_config {
    int64_t seed;        /* the referee's seed */
    int forced_map;      /* -1: drawn from the seed */
    uint64_t bot_seed;   /* seeds the bots' generators: seat i gets bot_seed * 4 + i + 1 */
    int64_t first_limit_ns, limit_ns; /* external bots: 1000 ms first turn, 50 ms after */
} kt_match_config;

typedef struct kt_match_result {
    int turns;
    int map_index;
    int score[KT_PLAYERS];
    int rank[KT_PLAYERS];    /* 1 = best; ties share */
    int timeouts[KT_PLAYERS]; /* 1 when the player was ended by a timeout or invalid output */
    kit_end ended[KT_PLAYERS]; /* why an external program was ended (KIT_END_NONE: it was not) */
    int decisions[KT_PLAYERS];
    int64_t decide_ns[KT_PLAYERS];
    int64_t max_decide_ns[KT_PLAYERS];
} kt_match_result;

/* Called after every turn (may be NULL): the game after the turn, the lines played (played[i]
 * when player i answered this turn) and the players (still holding their last decision's
 * maps). Returns 0, or -1 with err to end the game with that error. */
typedef int (*kt_observer)(void *ctx, const kt_game *g, char lines[KT_PLAYERS][KT_ANSWER_MAX],
                           const unsigned char played[KT_PLAYERS],
                           kt_player *const players[KT_PLAYERS], char *err, size_t errlen);

/* The stepper (kt_play_match and the Python door's turn-by-turn game are loops over it):
 *   kt_match_open    the referee's init from cfg->seed (cfg->forced_map) and the init text
 *                    every player reads first (m->init): 0, or -1 with err
 *   kt_match_observe the turn input of seat p (kt_format_turn; valid until the next call)
 *   kt_match_step    one turn with the actions (ok[i] 0: player i is out with score -1):
 *                    0, or -1 / -2 (over / a capacity overflowed) with err
 *   kt_match_status  turns, map index, scores and ranks (result fields of kt_match_result)
 *   kt_match_close   frees the game and the texts */
typedef struct kt_match {
    kt_game g;
    kt_match_config cfg;
    char *init, *turn; /* the protocol's init text and one turn's input */
    int open;
} kt_match;

int kt_match_open(kt_match *m, const kt_mapset *maps, const kt_match_config *cfg, char *err, size_t errlen);
const char *kt_match_observe(kt_match *m, int seat);
int kt_match_step(kt_match *m, const kt_action act[KT_PLAYERS], const unsigned char ok[KT_PLAYERS], char *err,
                  size_t errlen);
void kt_match_status(const kt_match *m, kt_match_result *res);
void kt_match_close(kt_match *m);

/* One turn's lines and actions, as the referee reads them: every active seat with a player
 * (players[i] not NULL) gets its input (the init text too on turn 0) and answers within the
 * turn's limit (cfg first_limit_ns, limit_ns) into lines[i]; a seat without a player keeps the
 * line the caller put in lines[i]. Each active seat's line is parsed (act[i]); a timeout or a
 * line the grammar rejects sets ok[i] = 0 and ends that player (the referee's score -1).
 * played[i]: player i answered. With res (may be NULL) decisions, times, timeouts and why a
 * program ended are counted. 0, or -1 with err (a player's runner failed). */
int kt_match_decide(kt_match *m, kt_player *const players[KT_PLAYERS], char lines[KT_PLAYERS][KT_ANSWER_MAX],
                    kt_action act[KT_PLAYERS], unsigned char ok[KT_PLAYERS], unsigned char played[KT_PLAYERS],
                    kt_match_result *res, char *err, size_t errlen);

/* After a turn: ends the players (not NULL) whose explorer left the game. */
void kt_match_end_players(const kt_match *m, kt_player *const players[KT_PLAYERS]);

/* Play a whole game with 4 players. Returns 0, or -1 with err. */
int kt_play_match(kt_player *const players[KT_PLAYERS], const kt_mapset *maps,
                  const kt_match_config *cfg, kt_observer obs, void *ctx, kt_match_result *res,
                  char *err, size_t errlen);

/* Ranks from scores (higher is better, ties share the better rank). */
void kt_rank_scores(const int score[KT_PLAYERS], int rank[KT_PLAYERS]);

/* ---- replay files (replay_file.c) ----------------------------------------------------------- *
 * JSON Lines in the kit's common format (arenas/kit/README.md): the header with the maze and
 * parameters, one line per turn with the actions, the state and (when asked) the bots' maps,
 * the result. replay_file.c documents the fields. The writer writes to an open kit replay
 * (kit_outputs); its write errors are reported when the replay is closed. */

/* Line 1: the game's map and parameters as the seed draws them. 0, or -1 with err (the game
 * cannot start). */
int kt_replay_write_header(kit_replay *r, const kt_mapset *maps, const kt_match_config *cfg,
                           kt_player *const players[KT_PLAYERS], char *err, size_t errlen);
/* One turn line; with players (not NULL) the maps each in-process bot that played the turn
 * published, as "p<seat>/<name>". 0, or -1 with err (a bot's maps() failed). */
int kt_replay_write_turn(kit_replay *r, const kt_game *g, char lines[KT_PLAYERS][KT_ANSWER_MAX],
                         const unsigned char played[KT_PLAYERS],
                         kt_player *const players[KT_PLAYERS], char *err, size_t errlen);
/* The last line: turns, scores and ranks. */
void kt_replay_write_result(kit_replay *r, const kt_match_result *res);

/* Read a replay file back and replay it: the recorded actions from the header's seed and map
 * must give every recorded state line and the scores. 0 when they do; 1 with the first
 * difference in err; -1 with err when the file is unreadable or not a replay. */
int kt_replay_check_file(const char *path, const kt_mapset *maps, char *err, size_t errlen);

/* ---- the referee's recorded games (trace.c) ------------------------------------------------- */

/* Play a game recorded from the official referee (data/traces, format in data/README.md) with
 * its recorded actions and compare the drawn map, player 0's first input, every state line,
 * the turns and the scores. Prints "OK PATH: N turns" or the first difference
 * ("PATH:LINE: expected '...', got '...'") on stdout, or why the file cannot be replayed
 * ("kutulu: ...") on stderr: one line. Returns 0 (the same game), 1 (a difference) or 2 (an
 * unreadable or malformed file). */
int kt_trace_replay(const char *path, const kt_mapset *maps);

/* ---- the built-in bots (bots/) -------------------------------------------------------------- */

/* postmortem, dmapbot, lookahead, initial, random, wait, in the order `kutulu bots` lists them. */
extern const kit_bot_table kt_bot_table;
/* The built-in bot called name, or NULL. */
const kt_bot *kt_bot_find(const char *name);
/* The adapter of `cmd:PROGRAM ARGS` seats (bots/outside.c; not in the table): player.c makes
 * each program's seat from it with kit_outside_seat. */
extern const kt_bot kt_bot_outside;

#endif
