/* bomber.h — the bomber arena: CoderOne's 2020 "Dungeons & Data Structures" game
 * (RULES.md), an engine that plays tick for tick like the original Python engine
 * (coderone/dungeon/game.py at db81855) from a seed, the view an agent gets, and the bot API.
 *
 * Coordinates are the original's: x = column 0..11, y = row 0..9, and "up" is y+1
 * (u y+1, d y-1, l x-1, r x+1). A cell's index is y*12 + x (dmap's row-major layout).
 *
 * The engine is rules only: no printing, no files, no clocks, no allocation. Every draw the
 * original makes from Python's `random` comes from one kit_pyrandom seeded with the game seed,
 * in the same order, so a seed and the players' answers define the game. */
#ifndef BOMBER_ARENA_H
#define BOMBER_ARENA_H

#include <stdint.h>

#include "kit/bot.h"
#include "kit/process.h"
#include "kit/pyrandom.h"
#include "kit/seats.h"

#define BOMBER_W 12
#define BOMBER_H 10
#define BOMBER_CELLS (BOMBER_W * BOMBER_H)
#define BOMBER_PLAYERS 2

/* The original's constants (game.py: class Game, and the runner's max_iterations). */
enum {
    BOMBER_METAL = 18, BOMBER_WOOD = 20, BOMBER_ORE = 5, BOMBER_FREE_AMMO = 1,
    BOMBER_START_HP = 3, BOMBER_START_AMMO = 3, BOMBER_START_POWER = 2,
    BOMBER_WOOD_HP = 1, BOMBER_ORE_HP = 3, BOMBER_FIRE_HIT = 1,
    BOMBER_BOMB_TTL = 35, BOMBER_AMMO_TTL = 175, BOMBER_AMMO_RESPAWN = 70,
    BOMBER_TREASURE_MIN = 50, BOMBER_TREASURE_MAX = 250,
    BOMBER_REWARD_WOOD = 2, BOMBER_REWARD_ORE = 10, BOMBER_REWARD_TREASURE = 1,
    BOMBER_REWARD_HIT = 25,
    BOMBER_MAX_ITERATIONS = 1800
};

/* Capacities of the engine's lists (a list can never outgrow them on a 12x10 board: one bomb
 * per cell, nine fires per bomb, one pending ammo spawn per bomb placed in the last 70 ticks
 * per player plus one per ammo perished in the last 70 ticks, and so on). */
enum {
    BOMBER_MAX_BOMBS = BOMBER_CELLS, BOMBER_MAX_FIRES = 9 * BOMBER_CELLS + 16,
    BOMBER_MAX_BLOCKS = BOMBER_WOOD + BOMBER_ORE, BOMBER_MAX_ITEMS = BOMBER_CELLS,
    BOMBER_MAX_EFFECTS = 4 * BOMBER_CELLS, BOMBER_MAX_EVENTS = 2 * BOMBER_CELLS + 16
};

/* An action the engine applies (the original's PlayerActions; NONE is "nothing queued"). */
typedef enum bomber_action {
    BOMBER_NONE = 0, BOMBER_UP, BOMBER_DOWN, BOMBER_LEFT, BOMBER_RIGHT, BOMBER_BOMB
} bomber_action;

/* What an agent answered (the original accepts any string; these are all that matter):
 * None, '', u d l r, b, p (b and p both place a bomb). Unknown strings act like None. */
typedef enum bomber_answer {
    BOMBER_ANS_NONE = 0, BOMBER_ANS_EMPTY, BOMBER_ANS_U, BOMBER_ANS_D, BOMBER_ANS_L,
    BOMBER_ANS_R, BOMBER_ANS_B, BOMBER_ANS_P
} bomber_answer;

/* The action an answer queues (BOMBER_NONE for None and ''). */
bomber_action bomber_answer_action(bomber_answer a);
/* The trace letter of an answer: ~ _ u d l r b p. */
char bomber_answer_char(bomber_answer a);
/* The letter of an action: u d l r b ('-' for NONE). */
char bomber_action_char(bomber_action a);

typedef struct bomber_player {
    int x, y, hp, ammo, score, power;
} bomber_player;

typedef struct bomber_bomb {
    int x, y, owner, ttl, power;
} bomber_bomb;

typedef struct bomber_fire {
    int x, y, owner, ttl;
} bomber_fire;

typedef struct bomber_block {
    int x, y, hp;
    char kind; /* 's' wood, 'o' ore */
} bomber_block;

typedef struct bomber_ammo {
    int x, y, ttl, value; /* value 0 once picked up (removed at the end of the tick) */
} bomber_ammo;

typedef struct bomber_treasure {
    int x, y, value;
} bomber_treasure;

typedef struct bomber_effect {
    int ttl;
    char kind; /* 'a' ammo spawn, 't' treasure spawn */
} bomber_effect;

/* What happened in one tick, in the trace's `Q`, `R` and `X` terms. */
typedef struct bomber_tick_log {
    int nq;
    struct { int pid; bomber_action action; int ok; } q[BOMBER_PLAYERS];
    int words; /* 32-bit words drawn from the engine's generator in this tick */
    int nevents;
    struct { char kind; int pid, x, y, owner; } ev[BOMBER_MAX_EVENTS];
    /* kind: 'A' ammo pick, 'P' perish, 'T' treasure pick, 'D' death, 'X' boom (owner),
     * 'a' ammo spawn, 't' treasure spawn (x = -1: no free cell) */
} bomber_tick_log;

/* The whole state of a game, as the original holds it. */
typedef struct bomber_game {
    kit_pyrandom rng;
    int tick;     /* the original's tick_counter: the number of the next tick */
    int over;     /* is_over */
    int winner;   /* pid, or -1 for none */
    int max_iterations;
    int init_words; /* words drawn by map generation */
    bomber_player players[BOMBER_PLAYERS];
    int queue_order[BOMBER_PLAYERS]; /* pids in the order they first queued an action */
    int nqueue_order;
    int metal[BOMBER_METAL][2];
    int nbombs, nfires, nblocks, nammo, ntreasure, neffects;
    bomber_bomb bombs[BOMBER_MAX_BOMBS];
    bomber_fire fires[BOMBER_MAX_FIRES];
    bomber_block blocks[BOMBER_MAX_BLOCKS];
    bomber_ammo ammo[BOMBER_MAX_ITEMS];
    bomber_treasure treasure[BOMBER_MAX_ITEMS];
    bomber_effect effects[BOMBER_MAX_EFFECTS];
} bomber_game;

/* Make the map of seed S exactly as Game.generate_map draws it from random.Random(S)
 * (players added as pid 0 and pid 1 first). max_iterations: the runner's 1800. Returns 0, or
 * DMAP_ERR_NOMEM when the sampler's scratch memory could not be had (g is then unusable). */
int bomber_new_game(bomber_game *g, int64_t seed, int max_iterations);

/* Play one tick with the players' actions (BOMBER_NONE: nothing queued; actions of dead
 * players are ignored). log may be NULL. Returns 0, or -1 when the game is already over or
 * a list would overflow its capacity (which the rules never let happen). */
int bomber_tick(bomber_game *g, const bomber_action actions[BOMBER_PLAYERS],
                bomber_tick_log *log);

/* Nonzero when player pid is alive (hp > 0). */
int bomber_alive(const bomber_game *g, int pid);

/* ---- what an agent sees (agent.py's GameState and PlayerState) ---------------------------- */

/* Tags of the game_map (GameState.entity_at): a player's pid is written first, then overwritten
 * by metal, wood/ore, ammo, treasure and bombs. */
enum {
    BOMBER_TAG_EMPTY = -1, /* 0 and 1 are the players' pids */
    BOMBER_TAG_METAL = 2, BOMBER_TAG_WOOD, BOMBER_TAG_ORE, BOMBER_TAG_AMMO,
    BOMBER_TAG_TREASURE, BOMBER_TAG_BOMB
};

typedef struct bomber_xy {
    int x, y;
} bomber_xy;

typedef struct bomber_view {
    /* GameState */
    int is_over, tick_number, w, h;
    signed char game_map[BOMBER_CELLS]; /* BOMBER_TAG_* or a pid, index y*W + x */
    int nammo, ntreasure, nbombs, nblocks, nplayers;
    bomber_xy ammo[BOMBER_MAX_ITEMS], treasure[BOMBER_MAX_ITEMS], bombs[BOMBER_MAX_BOMBS];
    struct { int tag; int x, y; } blocks[BOMBER_METAL + BOMBER_MAX_BLOCKS]; /* metal first */
    struct { int pid; int x, y; } players[BOMBER_PLAYERS];                 /* all, dead too */
    /* PlayerState of the agent that gets this view */
    int id, ammo_left, hp, x, y, score, power;
    /* Not the original's: 1 when the driver will ask the bot for its maps after this decision
     * (a replay with --maps). A bot that publishes maps computes them in full only then, so
     * publishing costs nothing when nobody asks (Gambit otherwise computes just what its
     * answer needs). bomber_make_view sets 0; the game sets it. */
    int maps_wanted;
} bomber_view;

/* The view player pid gets of the current state (maps_wanted 0). */
void bomber_make_view(const bomber_game *g, int pid, bomber_view *v);

/* Write v's game_map from its players, blocks, ammo, treasure and bombs, as the original draws
 * it (players first, then overwritten by blocks, ammo, treasure, bombs). */
void bomber_view_draw_map(bomber_view *v);

/* The actions of bomber_action order (nothing, u, d, l, r, bomb). */
#define BOMBER_NUM_ACTIONS 6

/* The legal actions of the view's player, mask[a] 1 or 0 in bomber_action order: nothing
 * always; a move when its cell is on the board and holds no block, bomb or player (dead ones
 * too; ammo and treasure may be entered); a bomb with ammo left and no bomb on the player's
 * cell; a dead player (hp <= 0): nothing only. An action the mask leaves out is one the engine
 * refuses (it does nothing). */
void bomber_legal_actions(const bomber_view *v, unsigned char mask[BOMBER_NUM_ACTIONS]);

/* ---- bots --------------------------------------------------------------------------------- */

/* A bot is the kit's one interface (arenas/kit/bot.h) over bomber_view and bomber_answer:
 *   init(state, first view, seed): the first view is the state before tick 0 (its id is the
 *        bot's pid); seed is the bot's own generator seed (bomber_bot_seed);
 *   decide(state, view, answer): the answer to the state after a tick, applied in the next;
 *        0, or a negative DMAP_ERR_* (DMAP_ERR_NOMEM when a map could not get its memory),
 *        which ends the game with that error;
 *   release(state);
 *   maps(state, out, max) (may be NULL): the goal map of the last decision (BOMBER_CELLS
 *        values, NaN on walls), named "goal"; gambit and gambit2 publish one.
 * The view's maps_wanted says whether maps will be asked for after this decision. */
KIT_BOT_INTERFACE(bomber_bot, bomber_view, bomber_answer);

/* The built-in bots (bots/<name>.c) and their table, in the order `bomber bots` lists them:
 * gambit, gambit2, simple, random. */
extern const bomber_bot bomber_bot_gambit, bomber_bot_gambit2, bomber_bot_simple,
    bomber_bot_random;
extern const kit_bot_table bomber_bot_table;

/* The adapter of `cmd:PROGRAM ARGS` seats (bots/outside.c, kit/outside.h): not in the table;
 * kit_parse_seats copies it for each outside seat. */
extern const bomber_bot bomber_bot_outside;

/* The built-in bot called name, or NULL (kit_bot_find over bomber_bot_table). */
const bomber_bot *bomber_find_bot(const char *name);

/* The generator seed of the bot playing pid in a game of seed S: 100*S + 10 + pid, the
 * recordings' rule (so `match --seed S` with Gambit replays the recorded games). */
uint64_t bomber_bot_seed(uint64_t game_seed, int pid);

/* ---- games between bots ------------------------------------------------------------------- */

typedef struct bomber_result {
    int ticks, winner; /* winner: pid or -1 */
    int death;         /* 1: ended because at most one player was alive */
    int score[BOMBER_PLAYERS], hp[BOMBER_PLAYERS];
    int64_t decide_ns[BOMBER_PLAYERS]; /* time spent in decide: thread CPU (an outside program: wall) */
    long decisions[BOMBER_PLAYERS];
    kit_end ended[BOMBER_PLAYERS]; /* why an outside program was ended (KIT_END_NONE: it was not) */
    long ended_on[BOMBER_PLAYERS]; /* the decision it was ended on (1 the first) */
} bomber_result;

/* The maps one bot published after its decision (n = 0: it did not decide or publishes none). */
typedef struct bomber_bot_maps {
    int n;
    kit_map map[KIT_MAX_MAPS];
} bomber_bot_maps;

/* Called once before the first tick (tick -1, log NULL), then after every tick t with the
 * answers applied in it, the log and, when the game was asked for them, the maps each player
 * published after deciding on the state after tick t (maps[pid]; maps is NULL otherwise). */
typedef void (*bomber_observer)(void *ctx, const bomber_game *g, int tick,
                                const bomber_answer answers[BOMBER_PLAYERS],
                                const bomber_tick_log *log, const bomber_bot_maps *maps);

/* ---- the stepper and its seats (game.c) ---------------------------------------------------- */

/* Where a game stands (bomber_game_status). */
typedef struct bomber_status {
    int over;
    int ticks, winner; /* ticks played; winner: pid or -1 */
    int death;         /* 1: at most one player alive */
    int score[BOMBER_PLAYERS], hp[BOMBER_PLAYERS];
} bomber_status;

/* The stepper (every game with bots is a loop over it and the kit's seat driver):
 *   bomber_game_open    the map of seed (bomber_new_game, the runner's 1800 ticks): 0 or NOMEM
 *   bomber_game_observe the view player pid gets of the state (maps_wanted as given)
 *   bomber_game_step    one tick with each living player's answer (a dead one's is ignored):
 *                       0, or -1 (bomber_tick refused: over, or a capacity overflowed)
 *   bomber_game_status  over, ticks, winner, scores, hit points
 *   bomber_game_close   nothing to free (the game is the caller's); the shape of every arena */
int bomber_game_open(bomber_game *g, int64_t seed);
void bomber_game_observe(const bomber_game *g, int pid, int maps_wanted, bomber_view *v);
int bomber_game_step(bomber_game *g, const bomber_answer answers[BOMBER_PLAYERS], bomber_tick_log *log);
void bomber_game_status(const bomber_game *g, bomber_status *st);
void bomber_game_close(bomber_game *g);

/* The arena's bots behind the seat driver's doors (kit/seats.h); seats of bomber_bot. */
extern const kit_seat_ops bomber_seat_ops;

/* Both seats' init on their first view (the state before tick 0) with bomber_bot_seed(seed,
 * pid), pid 0 first; stops at the first error (kit_seats_close releases the seats before). */
int bomber_game_init_seats(const bomber_game *g, kit_seats *seats, int64_t seed, int want_maps);

/* The decisions on the current state in pid order (the order the original posts the state to
 * its agents), each answer for the next tick. owed NULL: every living player decides and a
 * dead one's answer is BOMBER_ANS_NONE; else only players with owed[pid] set decide, and
 * their flag is cleared once they have (a caller resumes an interrupted round this way). With
 * shown (not NULL) the views say maps_wanted and each decider's maps go to shown[pid]. The
 * first error is returned (that player's answer is BOMBER_ANS_NONE). */
int bomber_game_decide(const bomber_game *g, kit_seats *seats, unsigned char owed[BOMBER_PLAYERS],
                       bomber_answer answers[BOMBER_PLAYERS], bomber_bot_maps *shown);

/* Play a whole game: map of `seed`, bots as pid 0 and 1 (each seeded bomber_bot_seed(seed,
 * pid)), each called after every tick on the state after it, its answer applied in the next
 * tick (tick 0 has none), as the original's agents run. want_maps: the views say maps_wanted
 * and the bots' maps go to the observer. Returns 0, or the error of a bot's init or decide
 * (negative). */
int bomber_play(int64_t seed, const bomber_bot *const bots[BOMBER_PLAYERS], int want_maps,
                bomber_observer observer, void *ctx, bomber_result *out);

/* ---- vectorized games (vec.c) -------------------------------------------------------------- */

/* The bomber game as kit/vec.h's vectorized games drive it (no params; bots are
 * `const bomber_bot *`): each episode the map of the seed with the bots seeded as in
 * bomber_play, tick 0 played (no answers), and then each step the bots' decisions and the
 * learners' answers (actions 0..5: nothing, u, d, l, r, bomb) on the state after the last tick,
 * applied in one tick, as dmap.rl's bomber environment plays the game of that seed. Observation
 * of a seat, 969 floats, dmap.rl's observation="flat" of it (its Dict's keys in order): the 8
 * planes of metal, wood, ore, ammo, treasure, bombs, self, opponent (10 rows of 12, y-major);
 * the opponent's x, y; its own x, y, ammo, hp, power, score; the tick; the mask
 * bomber_legal_actions. Rewards +1 / -1 to the winner / loser when the game ends (0 each in a
 * draw); a death ends it (terminated), the last tick truncates it. */
struct kit_vec_arena;
extern const struct kit_vec_arena bomber_vec_arena;

#endif
