/* pommerman.h — the Pommerman arena: a step-exact C engine of the public Pommerman environment
 * (MultiAgentLearning/playground, game logic of commit 5315f6d; the rules in RULES.md) in every
 * config of its registry (FFA, one-vs-one, teams, fog, the collapsing board, radio), its
 * board generator, what a bot sees (the view: the observation the environment hands an agent,
 * with the game's shared random stream), the bots on the kit's interface, games, and the replay
 * of games recorded from the original.
 *
 * Coordinates are (row, col) as in the environment; a cell's index is row * size + col, which is
 * dmap's y * W + x with x = col, y = row. Item values and actions are the environment's numbers.
 * The engine (engine.c) is rules only: no printing, no files, no clocks, no allocation. */
#ifndef POMMERMAN_H
#define POMMERMAN_H

#include <stddef.h>
#include <stdint.h>

#include "dmap.h"
#include "kit/bot.h"
#include "kit/file.h"
#include "kit/process.h"
#include "kit/pyrandom.h"
#include "kit/seats.h"

/* constants.Item */
enum {
    PM_PASSAGE = 0, PM_RIGID = 1, PM_WOOD = 2, PM_BOMB = 3, PM_FLAMES = 4, PM_FOG = 5,
    PM_EXTRABOMB = 6, PM_INCRRANGE = 7, PM_KICK = 8, PM_AGENT_DUMMY = 9, PM_AGENT0 = 10
};

/* constants.Action */
enum { PM_STOP = 0, PM_UP = 1, PM_DOWN = 2, PM_LEFT = 3, PM_RIGHT = 4, PM_LAY_BOMB = 5 };
#define PM_NUM_ACTIONS 6

#define PM_MAX_SIZE 11
#define PM_MAX_CELLS (PM_MAX_SIZE * PM_MAX_SIZE)
#define PM_MAX_AGENTS 4
/* At most one bomb per cell (laying needs a bomb-free cell; bombs never share a target). */
#define PM_MAX_BOMBS PM_MAX_CELLS
/* Flames live three steps; one explosion step adds at most one flame per cell. */
#define PM_MAX_FLAMES (4 * PM_MAX_CELLS)

#define PM_DEFAULT_BOMB_LIFE 9 /* a bomb is made with life DEFAULT_BOMB_LIFE + 1 */
#define PM_DEFAULT_BLAST 2
#define PM_MAX_AMMO 10
#define PM_FLAME_LIFE 2
#define PM_MAX_STEPS 800

/* The configs of the playground's registry (configs.py), in its order of documentation. The first
 * two keep their values; the fast variants differ from their config only in the viewer's frame
 * rate, which plays no part in a game. */
typedef enum pm_config_id {
    PM_FFA = 0,                   /* PommeFFACompetition-v0 ("ffa") */
    PM_ONE_VS_ONE = 1,            /* OneVsOne-v0 ("1v1") */
    PM_FFA_COMPETITION_FAST = 2,  /* PommeFFACompetitionFast-v0 */
    PM_FFA_FAST = 3,              /* PommeFFAFast-v0 */
    PM_FFA_V1 = 4,                /* PommeFFA-v1: the board collapses */
    PM_TEAM = 5,                  /* PommeTeam-v0: two teams, fully observable */
    PM_TEAM_FAST = 6,             /* PommeTeamFast-v0 */
    PM_TEAM_COMPETITION = 7,      /* PommeTeamCompetition-v0: teams, partial observability */
    PM_TEAM_COMPETITION_FAST = 8, /* PommeTeamCompetitionFast-v0 */
    PM_TEAM_COMPETITION_V1 = 9,   /* PommeTeamCompetition-v1: teams, fog, collapsing board */
    PM_RADIO = 10,                /* PommeRadio-v2: teams, fog, radio */
    PM_RADIO_COMPETITION = 11     /* PommeRadioCompetition-v2 */
} pm_config_id;
#define PM_NUM_CONFIGS 12

/* constants.GameType */
typedef enum pm_game_type { PM_GAME_FFA = 1, PM_GAME_TEAM = 2, PM_GAME_TEAM_RADIO = 3, PM_GAME_ONE_VS_ONE = 4 } pm_game_type;

#define PM_AGENT_VIEW_SIZE 4  /* constants.AGENT_VIEW_SIZE */
#define PM_FIRST_COLLAPSE 500 /* constants.FIRST_COLLAPSE */
#define PM_RADIO_VOCAB_SIZE 8 /* constants.RADIO_VOCAB_SIZE */
#define PM_RADIO_NUM_WORDS 2  /* constants.RADIO_NUM_WORDS */

/* A game configuration (configs.py): board size, wall and item counts, agents, limits, and how
 * the game is played: teams, partial observability, collapse, radio. */
typedef struct pm_config {
    pm_config_id id;
    const char *name; /* the registry's env_id, e.g. "PommeFFACompetition-v0" */
    int size, num_rigid, num_wood, num_items, num_agents;
    int max_steps;
    int max_blast;          /* agent_view_size or 10 */
    pm_game_type game_type; /* teams are agents {0, 2} and {1, 3} in the team games */
    int view_size;          /* agent_view_size when partially observable, else 0 */
    int first_collapse;     /* v1: the step of the first collapse, else 0 */
    int radio_vocab_size, radio_num_words; /* v2, else 0 */
    const char *env;        /* the env's entry point, observations' game_env */
} pm_config;

const pm_config *pm_config_get(pm_config_id id);
/* By the environment's name or the short names "ffa" and "1v1"; NULL if unknown. */
const pm_config *pm_config_find(const char *name);
/* The configs in id order, i < PM_NUM_CONFIGS (NULL otherwise). */
const pm_config *pm_config_at(int i);

typedef struct pm_agent {
    int r, c;
    int ammo, blast, kick, alive;
} pm_agent;

typedef struct pm_bomb {
    int r, c;
    int owner; /* agent id */
    int life;
    int blast;
    int dir; /* moving direction as an action 1..4, 0 = not moving */
} pm_bomb;

typedef struct pm_flame {
    int r, c, life;
} pm_flame;

typedef enum pm_result { PM_INCOMPLETE = 0, PM_WIN = 1, PM_TIE = 2 } pm_result;

/* The whole environment state: env._board, _agents, _bombs (list order), _flames (list order),
 * _items (hidden items under wood, by cell: 0 none, else 6, 7 or 8) and _step_count. */
typedef struct pm_state {
    const pm_config *cfg;
    int size, nagents;
    int step;
    unsigned char board[PM_MAX_CELLS];
    unsigned char items[PM_MAX_CELLS];
    pm_agent agents[PM_MAX_AGENTS];
    int nbombs, nflames;
    pm_bomb bombs[PM_MAX_BOMBS];
    pm_flame flames[PM_MAX_FLAMES];
    int message[PM_MAX_AGENTS][2]; /* v2's radio: the words each agent sent in the last step */
} pm_state;

/* ---- engine (engine.c) ------------------------------------------------------------------ */

/* ForwardModel.step then the step count: actions[i] for agent i (dead agents' are ignored;
 * values outside 0..5 count as Stop). Never fails on a valid state. In the collapsing configs
 * (v1) the ring due after the previous step falls first (pm_collapse_ring): the original
 * collapses it at the end of env.step, after the observations were made, so the state between
 * two steps here is the one the agents observe. Every agent sends the radio message 0,0. */
void pm_step(pm_state *s, const int *actions);
/* v2's step: messages[i] are the two words agent i sends with its action (NULL: all 0,0; a
 * dead agent's are 0,0), what its teammate sees in its next observation. */
void pm_step_radio(pm_state *s, const int *actions, const int (*messages)[2]);
/* The ring (0 = the outermost) that collapses at the start of the next pm_step, or -1 (v1:
 * collapses at first_collapse and every (max_steps - first_collapse) / 4 steps after, while
 * below max_steps; v1:33-35, 98-106). */
int pm_collapse_ring(const pm_state *s);
/* Whether agent i is asked for an action in the next step: alive, and not on the ring that
 * collapses first (the original kills it before asking; its observation still shows it). */
int pm_agent_acts(const pm_state *s, int i);

/* v0's done test after a step: the step limit; at most one agent alive; in team games also
 * only one team alive. */
int pm_done(const pm_state *s);
/* pm_done without the step limit: the game is decided (at most one agent alive; in team games
 * also only one team alive). pm_done and not decided: the step limit ended it (truncated). */
int pm_decided(const pm_state *s);
/* Whether agents {0, 2} and {1, 3} play as teams (PM_GAME_TEAM, PM_GAME_TEAM_RADIO). */
int pm_team_game(pm_game_type t);
/* The rewards of the current state (forward_model.get_rewards), one per agent. */
void pm_rewards(const pm_state *s, int *rewards);
/* The result of a finished game and its winners (bit i set for agent i); PM_INCOMPLETE while
 * the game runs. */
pm_result pm_outcome(const pm_state *s, unsigned *winners);

/* Count of living agents; whether a bomb lies at (r, c) (the bomb list, as utility does). */
int pm_alive_count(const pm_state *s);
int pm_bomb_at(const pm_state *s, int r, int c);

/* ---- boards (board.c) ------------------------------------------------------------------- */

/* env.reset(): a new board drawn from the CPython-compatible generator rng exactly as
 * utility.make_board and make_items draw it (CPython 3.8-3.13 set order included, pyset.c), so
 * random.Random(S) gives the original's board and hidden items for seed S and leaves rng where
 * the original leaves it; agents at their corners with ammo 1, blast strength 2, no kick. */
void pm_reset(pm_state *s, const pm_config *cfg, kit_pyrandom *rng);

/* The start cell of agent i (utility.make_board). */
void pm_start_position(const pm_config *cfg, int i, int *r, int *c);

/* The passages (value 0) not reachable from (size-2, size-2) moving through anything but rigid
 * walls (utility.inaccessible_passages); the generator redraws boards with more than 4. */
int pm_inaccessible_passages(const unsigned char *board, int size);

/* ---- what a bot sees (view.c) ------------------------------------------------------------ */

/* fm:528-534: cell (r, c) is in the view of an agent on (ar, ac) when its row and column are
 * each within view_size of the agent's (every cell when the config sees all: view_size 0).
 * Inline: pm_observe asks it for every cell of every observation. */
static inline int pm_in_view(const pm_config *cfg, int ar, int ac, int r, int c) {
    int v = cfg->view_size;
    return !v || (r >= ar - v && r <= ar + v && c >= ac - v && c <= ac + v);
}

/* What the environment gives one agent (forward_model.get_observations): maps hold the float
 * maps' integer values. In partially observable configs the board shows fog (PM_FOG) outside
 * the view (rows and columns within view_size of the agent) and the bomb and flame maps leave
 * out what lies outside it. */
typedef struct pm_obs {
    int size;
    int step_count;
    int id;
    unsigned char board[PM_MAX_CELLS];
    unsigned char bomb_blast_strength[PM_MAX_CELLS];
    unsigned char bomb_life[PM_MAX_CELLS];
    unsigned char bomb_moving_direction[PM_MAX_CELLS];
    unsigned char flame_life[PM_MAX_CELLS];
    int r, c; /* position */
    int ammo, blast_strength, can_kick;
    int alive_count;
    int alive[PM_MAX_AGENTS];   /* item values of the living agents, ascending */
    int nenemies;
    int enemies[PM_MAX_AGENTS]; /* item values: FFA and 1v1 the other agents, ascending; team
                                   games the two opponents then PM_AGENT_DUMMY, as the original */
    int teammate;               /* item value of the teammate, PM_AGENT_DUMMY in FFA and 1v1 */
    pm_game_type game_type;
    const char *game_env;       /* the environment's entry point (its config's env) */
    int message[2];             /* v2: the words the teammate sent in the last step, else 0,0 */
} pm_obs;

void pm_observe(const pm_state *s, int agent, pm_obs *o);

/* The legal actions of the observing agent, mask[a] 1 or 0 in action order: Stop always; a move
 * when its cell is on the board, neither rigid nor wood, and holds no bomb unless the agent can
 * kick; Bomb with ammo and no bomb on its cell. A dead agent: Stop only. An action the mask
 * leaves out is one the engine plays as Stop for that agent (its neighbours are always in its
 * view, fog or not). */
void pm_legal_actions(const pm_obs *o, unsigned char *mask);

/* SimpleAgent's random draws in the trace's D-line notation ("0,1,c3.2": coin flips as bits,
 * choices as c<n>.<index>), so a replay can compare them with the recorded ones. */
typedef struct pm_draw_log {
    char text[512];
    size_t len;
    int last_was_bit;
} pm_draw_log;

void pm_draw_log_clear(pm_draw_log *l);
void pm_draw_log_bit(pm_draw_log *l, int bit);
void pm_draw_log_choice(pm_draw_log *l, size_t n, size_t index);
/* "-" when nothing was drawn, else the tokens. */
const char *pm_draw_log_text(pm_draw_log *l);

/* What a bot sees: its observation, and what the original environment's agents share.
 *
 * The environment's agents draw from Python's global `random`, the one stream the board
 * generator has drawn from first: SimpleAgent flips coins and makes choices from it, in agent
 * order, so every draw depends on the board and on the draws of the agents before it. A game
 * with SimpleAgents is the original's game only when every bot is handed that same stream, so
 * the view carries it (`shared`, a CPython-compatible random.Random seeded with the game's
 * seed). It is the one thing of a view a bot may change; a bot that does not play
 * the original's agents never touches it and draws from its own generator, seeded in init.
 * `log` (NULL in ordinary games) collects SimpleAgent's draws, so a replay of a recorded game
 * can compare every draw with the recorded one. */
typedef struct pm_view {
    pm_obs obs;
    kit_pyrandom *shared; /* the game's shared stream (Python's global random) */
    pm_draw_log *log;     /* NULL, or where SimpleAgent writes its draws */
    int *say;             /* NULL, or in radio games where the bot may write the two words it
                             sends with its action (0 .. radio_vocab_size - 1; the driver set
                             them 0,0 before the decision): the other thing a bot may change */
} pm_view;

/* ---- bots (bots/<name>.c, the table in bots/bots.c) --------------------------------------- */

/* An action: PM_STOP .. PM_LAY_BOMB. */
typedef int pm_action;

/* The arena's bot (arenas/kit/bot.h): init(state, first view, seed), decide(state, view,
 * action), release(state), maps(state, out, max) (may be NULL: the dmap bot's desire and burn
 * maps, the tutorial bot's BFS depths). The board size comes from the first view. */
KIT_BOT_INTERFACE(pm_bot, pm_view, pm_action);

/* The built-in bots, in the order `pommerman bots` lists them. */
extern const kit_bot_table pm_bot_table;
extern const pm_bot pm_bot_simple, pm_bot_random, pm_bot_stop, pm_bot_tutorial, pm_bot_dmap,
    pm_bot_search;
/* The adapter of `cmd:PROGRAM ARGS` seats (bots/outside.c, kit/outside.h): not in the table;
 * kit_parse_seats copies it for each outside seat. */
extern const pm_bot pm_bot_outside;

/* ---- games (game.c) --------------------------------------------------------------------- */

typedef struct pm_game_result {
    pm_result result;
    unsigned winners;
    int steps;
    int rewards[PM_MAX_AGENTS];
    int64_t decide_ns[PM_MAX_AGENTS];
    long decisions[PM_MAX_AGENTS];
    kit_end ended[PM_MAX_AGENTS]; /* why an outside program was ended (KIT_END_NONE: it was not) */
    long ended_on[PM_MAX_AGENTS]; /* the decision it was ended on (1 the first) */
} pm_game_result;

/* The maps the bots published in one step: nmaps[i] maps of agent i (0 when it did not decide
 * or publishes none). */
typedef struct pm_step_maps {
    int nmaps[PM_MAX_AGENTS];
    kit_map maps[PM_MAX_AGENTS][KIT_MAX_MAPS];
} pm_step_maps;

/* Called after every step (may be NULL): the state after it, the actions taken, and the bots'
 * maps of this step when pm_play was asked for them (else NULL). */
typedef int (*pm_step_fn)(void *user, const pm_state *s, const int *actions, const pm_step_maps *maps);

/* The seed the bot in `seat` gets for its own generator in a game of seed `game_seed`. */
uint64_t pm_bot_seed(uint64_t game_seed, int seat);

/* The stepper: one game of the environment, stepped by its caller (pm_play, the vectorized
 * games, the Python door all step it; the bots are the seat driver's, kit/seats.h).
 *   pm_game_open    env.reset() from random.Random(seed): board, hidden items, agents, and the
 *                   shared stream where the board generator left it (seed 0 .. 2^63 - 1)
 *   pm_game_observe what seat i sees: its observation and the shared stream
 *   pm_game_step    one step with the actions (pm_step; pm_step_radio with words, NULL 0,0)
 *   pm_game_status  over (pm_done), decided (pm_decided), the result and winners, the step
 *   pm_game_close   nothing to free (the game is the caller's); for the shape of every arena */
typedef struct pm_game {
    pm_state s;
    kit_pyrandom shared; /* the game's shared stream (Python's global random) */
    uint64_t seed;
    int said[PM_MAX_AGENTS][2]; /* radio games: the words each seat's bot said in pm_game_decide */
} pm_game;

typedef struct pm_status {
    int over, decided;
    pm_result result; /* PM_INCOMPLETE while not over */
    unsigned winners;
    int step;
} pm_status;

void pm_game_open(pm_game *g, const pm_config *cfg, uint64_t seed);
/* pm_game_open with the generator already seeded: seeded holds kit_pyrandom_seed's generator
 * for seed & (2^63 - 1) (kit_pyrandom_seed_many makes many at once); the same game. */
void pm_game_open_seeded(pm_game *g, const pm_config *cfg, uint64_t seed, const kit_pyrandom *seeded);
void pm_game_observe(pm_game *g, int seat, pm_view *view);
void pm_game_step(pm_game *g, const int *actions, const int (*words)[2]);
void pm_game_status(const pm_game *g, pm_status *st);
void pm_game_close(pm_game *g);

/* The arena's bots behind the seat driver's doors (kit/seats.h); seats of pm_bot. */
extern const kit_seat_ops pm_seat_ops;

/* Initialises every seat's bot on its first view, in id order, with pm_bot_seed(g->seed, i);
 * stops at the first error (kit_seats_close then releases exactly the seats before it). */
int pm_game_init_seats(pm_game *g, kit_seats *seats);

/* The decisions of one step, in id order as the environment asks its agents (fm:99-123; the
 * SimpleAgents draw from the shared stream in this order): a seat whose agent does not act
 * (pm_agent_acts: dead, or on the ring that collapses first) plays Stop, an empty seat keeps
 * the action the caller put in actions[i], every other seat decides on its own view. With maps
 * (not NULL) each bot's published maps are collected after its decision. In radio games each
 * bot may say two words (its view's `say`): they are in g->said, 0,0 for the seats that said
 * nothing, did not decide or are empty, for the caller to pass to pm_game_step. The first error
 * ends the step and is returned. */
int pm_game_decide(pm_game *g, kit_seats *seats, int *actions, pm_step_maps *maps);

/* Plays one game: a board from random.Random(seed) (board, items, then SimpleAgent draws from
 * the same stream, as the environment does), bots[i] in seat i, initialised with
 * pm_bot_seed(seed, i). With want_maps, on_step also gets the bots' published maps.
 * Returns DMAP_OK or an error (a bot's init or decide failed, NOMEM, or on_step's own code). */
int pm_play(const pm_config *cfg, const pm_bot *const *bots, uint64_t seed, pm_step_fn on_step,
            void *user, int want_maps, pm_state *final_state, pm_game_result *res);

/* ---- vectorized games (vec.c) ------------------------------------------------------------ */

/* N games of one config stepped together for reinforcement learning: learner seats take
 * actions from an array, the other seats are built-in bots deciding in C; every call writes the
 * learners' observations as byte planes, rewards, terminated and truncated flags and action
 * masks into caller-owned arrays, chunks of games running on the threads of a caller's
 * dmap_pool (the result is the same for any pool: games never share state). A game that ends
 * starts the next episode in the same call (its observations are the new episode's first),
 * unless the spec asks for no_autoreset (then it waits, as it ended, for pm_vec_next) or for
 * next_step (gymnasium's next-step autoreset: the call where it ended writes its last
 * observations and flags; the next pm_vec_step starts its next episode instead of stepping it,
 * ignores its actions, and writes the new episode's first observations with rewards and flags
 * 0).
 *
 * Episode e of game i is the game pm_play plays with the seed
 * kit_episode_seed(seed, i, e) (kit/tournament.h): the board of random.Random(that seed), bots
 * seeded with pm_bot_seed(that seed, seat), SimpleAgents drawing from the game's shared stream.
 *
 * Observation of one learner: channels x size x size bytes, row-major cells (row * size + col),
 * channel c at offset c * size * size; all from the learner's own observation (pm_observe: fog
 * included):
 *    0..8   one plane per item value 0..8 (passage, rigid, wood, bomb, flames, fog, extra bomb,
 *           incr range, kick): 1 where the board shows it (an agent's cell shows the agent)
 *    9      1 on the learner's own cell (all 0 once it is dead)
 *    10     1 on its teammate's cell (team games)
 *    11     1 on the cells of its enemies
 *    12..15 bomb_blast_strength, bomb_life, bomb_moving_direction, flame_life as observed
 *    16..18 the learner's ammo, blast strength, can_kick (0/1), the same on every cell (ammo
 *           and blast strength capped at 255)
 * (not in them: the step count, pm_vec_episode's, and v2's radio words: learners send 0,0)
 * then the map planes asked for (PM_VEC_*), in this order, 255 meaning "never / unreached":
 *    dist_self        BFS steps from the learner's cell (walls: rigid, wood, bombs, fog;
 *                     agents and flames passable); all 255 once it is dead
 *    dist_enemy       BFS steps from the nearest living enemy it sees (same walls)
 *    dist_each_enemy  one plane per enemy of the config (FFA 3, teams 2, 1v1 1), in the order
 *                     of obs.enemies: BFS steps from that enemy, all 255 when dead or unseen
 *    danger           in how many steps the cell is in flames: 0 flames now, k > 0 a bomb
 *                     (chains resolved, rays stopped by rigid walls and at wood, bombs taken
 *                     where they lie) explodes over it in k steps; walls and fog included
 *    flee             dmap_flee of the nearest-enemy distance with factor -2, plus 128, clamped
 *                     to 0..254 (lower is safer: roll downhill to flee); 255 on walls and on
 *                     cells no enemy reaches
 * Masks, 6 bytes per learner in action order: pm_legal_actions of its observation.
 *
 * Per learner and call: reward = the environment's reward (pm_rewards) while the learner is
 * in the episode, 0 after it left; terminated = 1 in the step it died or the game ended
 * (win or tie), truncated = 1 in the step the game reached max_steps with it alive and no
 * other end. The episode ends when the game is done or, with bots in some seats, when every
 * learner is dead. */
#define PM_VEC_STD_CHANNELS 19
enum {
    PM_VEC_DIST_SELF = 1u << 0,
    PM_VEC_DIST_ENEMY = 1u << 1,
    PM_VEC_DIST_EACH_ENEMY = 1u << 2,
    PM_VEC_DANGER = 1u << 3,
    PM_VEC_FLEE = 1u << 4,
    PM_VEC_ALL_PLANES = (1u << 5) - 1
};
/* The name of a map plane set (one bit) and back: "dist_self", ...; 0 / NULL when unknown. */
unsigned pm_vec_plane_bit(const char *name);
const char *pm_vec_plane_name(unsigned bit);

typedef struct pm_vec pm_vec;

typedef struct pm_vec_spec {
    const pm_config *cfg;
    long nenvs;                         /* >= 1 */
    const pm_bot *seats[PM_MAX_AGENTS]; /* per seat of cfg: NULL a learner, else a bot */
    uint64_t seed;                      /* 0 .. 2^63 - 1 */
    unsigned planes;                    /* PM_VEC_* bits */
    int no_autoreset;                   /* 1: a game whose episode ended stays as it ended */
    int next_step;                      /* 1 (without no_autoreset): next-step autoreset */
} pm_vec_spec;

/* Where one call writes (each array caller-owned, C order; any may be NULL: not written):
 * obs nenvs x learners x channels x size x size, rewards/terminated/truncated nenvs x learners,
 * masks nenvs x learners x 6. */
typedef struct pm_vec_out {
    unsigned char *obs;
    float *rewards;
    unsigned char *terminated, *truncated;
    unsigned char *masks;
} pm_vec_out;

/* A vectorized game (no episode started: call pm_vec_reset first). Errors: DMAP_ERR_ARG (NULLs,
 * nenvs < 1, seed above 2^63 - 1, unknown plane bits, a seat beyond the config's agents
 * given), DMAP_ERR_NOMEM. */
int pm_vec_new(const pm_vec_spec *spec, pm_vec **out);
void pm_vec_free(pm_vec *v);
/* Learner seats (ascending seat numbers into seats, may be NULL); channels per observation. */
int pm_vec_learners(const pm_vec *v, int *seats);
int pm_vec_channels(const pm_vec *v);

/* Starts episode 0 of every game (from seed, 0 .. 2^63 - 1) and writes the first observations
 * and masks (rewards, flags 0). Errors: DMAP_ERR_ARG, or a bot's init error. */
int pm_vec_reset(pm_vec *v, uint64_t seed, dmap_pool *pool, const pm_vec_out *out);
/* Every game starts its next episode (episode + 1, the same seed) and writes its first
 * observations as pm_vec_reset does. Errors: DMAP_ERR_ARG (no reset yet), a bot's init error. */
int pm_vec_next(pm_vec *v, dmap_pool *pool, const pm_vec_out *out);
/* One step of every game: actions[i * learners + l] is learner l's action in game i (0..5,
 * else DMAP_ERR_RANGE before anything moves). With no_autoreset, a game whose episode ended
 * keeps its last state and observations until pm_vec_reset or pm_vec_next, and a step while
 * one has is DMAP_ERR_ARG (nothing moves). Errors: DMAP_ERR_ARG (no reset yet, NULLs, a
 * finished game), DMAP_ERR_RANGE, a bot's error (that game's step is then not taken; the
 * others are). */
int pm_vec_step(pm_vec *v, const int32_t *actions, dmap_pool *pool, const pm_vec_out *out);
/* pm_vec_step with the learners' words in the radio configs: words[(i * learners + l) * 2 + k],
 * each 0 .. radio_vocab_size - 1 (else DMAP_ERR_RANGE), NULL for 0,0; ignored in the other
 * configs. A learner that does not act (dead, or on the collapsing ring) plays Stop and says
 * 0,0, as a bot there would. */
int pm_vec_step_words(pm_vec *v, const int32_t *actions, const int32_t *words, dmap_pool *pool,
                      const pm_vec_out *out);
/* Starts game i's next episode from exactly this seed (pm_game_open(cfg, seed), bots seeded
 * from it as in pm_play), not kit_episode_seed's, writing no observation (read pm_vec_state):
 * for a caller that draws its episodes' seeds itself (dmap.rl's environments). keep_words: the
 * radio words of the game's last step stay in the new state (the radio config's environment
 * never clears them between games). The pm_vec can step once every game was started.
 * Errors: DMAP_ERR_ARG (NULL, i out of range), a bot's init error. */
int pm_vec_open_game(pm_vec *v, long i, uint64_t seed, int keep_words);
/* 1 when every game has an episode (pm_vec_step may be called), else 0. */
int pm_vec_ready(const pm_vec *v);
/* 1 when learner l of game i is in its episode (it has neither terminated nor been truncated,
 * and the episode runs), else 0. */
int pm_vec_playing(const pm_vec *v, long i, int l);
/* 1 when game i's episode has ended and waits for a reset (no_autoreset only), else 0;
 * DMAP_ERR_RANGE for a bad i. */
int pm_vec_finished(const pm_vec *v, long i);
/* Game i's episode number, its seed and its step count now. */
int pm_vec_episode(const pm_vec *v, long i, long *episode, uint64_t *seed, int *step);
/* Game i's state now (NULL when i is out of range). */
const pm_state *pm_vec_state(const pm_vec *v, long i);
/* One observation's channels as a pm_vec with these planes writes them (the standard planes,
 * then the map planes asked for), outside any pm_vec: for an observation taken elsewhere (the
 * Python door's environments). alive: whether the observing agent lives (its dist_self plane);
 * the enemies are o's (AgentDummy aside). out holds pm_vec_obs_channels(o, planes) x size x
 * size bytes. Errors: DMAP_ERR_ARG (NULLs, a bad size, unknown plane bits), DMAP_ERR_NOMEM. */
int pm_vec_obs_planes(const pm_obs *o, int alive, unsigned planes, unsigned char *out, dmap_workspace *ws);
int pm_vec_obs_channels(const pm_obs *o, unsigned planes);

/* ---- recorded games (trace.c) ----------------------------------------------------------- */

/* Replays a trace of the original environment (data/README.md, format v1 or v2, plain or gzip):
 * loads its initial board, hidden items and agents, feeds the logged actions (and R's words) to
 * pm_step_radio and compares every state line (B, M, F, G, I), every observation (O, one per
 * agent with fog, and the D fields), every collapse (C) and the end (END). With check_agents, the SimpleAgents decide on our observations, drawing from
 * random.Random(seed) advanced by mtskip words, and their actions and draws are compared with the
 * D lines. Returns 0 when everything matches, 1 at the first difference, 2 for unreadable or
 * malformed input; message then holds one line saying where ("LINE: step T: FIELD: ...").
 * A trace over PM_TRACE_MAX_BYTES (after decompression) is refused (2): its reading stops at the
 * limit. */
#define PM_TRACE_MAX_BYTES KIT_FILE_LIMIT
typedef struct pm_trace_report {
    long steps, decisions;
    int line;
    char message[600];
} pm_trace_report;

int pm_replay_trace(const char *path, int check_agents, pm_trace_report *rep);

/* The trace notation of state parts (used by the replay, replay files and tests): each writes a
 * NUL-terminated line without its letter into buf (cap >= 4096). The board alphabet is one
 * character per item value, 0-9 then a-d; pm_char_item gives -1 for any other character. */
char pm_item_char(int v);
int pm_char_item(char ch);
void pm_format_board(const unsigned char *board, int size, char *buf);
void pm_format_bombs(const pm_state *s, char *buf);
void pm_format_flames(const pm_state *s, char *buf);
void pm_format_agents(const pm_state *s, char *buf);
void pm_format_items(const pm_state *s, char *buf);
void pm_format_obs(const pm_obs *o, char *buf); /* "s alive board bs=.. bl=.. bd=.. fl=.." and
                                                   " msg=w,w" in radio games */

#endif
