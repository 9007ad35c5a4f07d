/* vec.h — vectorized games of any arena for reinforcement learning: N games of one arena
 * stepped per call on a caller's dmap_pool, each game a loop over the arena's stepper (its open,
 * step, status and observation, given as a kit_vec_arena table) with built-in bots deciding in
 * C in some seats and learners in the others, whose actions come from an array. Every call writes
 * the learners' observations (float32, the arena's flat layout), action masks, rewards and
 * terminated/truncated flags into caller-owned arrays. Gymnasium's next-step autoreset: a game
 * whose episode ended keeps its last observation for that call, and the next kit_vec_step starts
 * its next episode instead of stepping it (its actions ignored, rewards and flags 0). Episode e of
 * game i is the arena's game of seed kit_episode_seed(seed, i, e), so the results never depend on
 * the pool's threads. Pommerman has its own (arenas/pommerman/vec.c, byte planes). */
#ifndef KIT_VEC_H
#define KIT_VEC_H

#include <stddef.h>
#include <stdint.h>

#include "dmap.h"

#define KIT_VEC_MAX_SEATS 8

/* Where a game stands after a step: over (the game has ended), truncated (it ended by its clock
 * with no outcome), each seat's reward for this step and whether it still plays (a seat that
 * does not is out of the episode: terminated). */
typedef struct kit_vec_status {
    int over, truncated;
    float reward[KIT_VEC_MAX_SEATS];
    unsigned char alive[KIT_VEC_MAX_SEATS];
} kit_vec_status;

/* One arena's stepper as the vectorized games drive it. game_size bytes of game state per game
 * (zeroed once; open is called on it again for every episode, after close). bots[seat] is an
 * arena bot (the arena's own type) or NULL for a learner. */
typedef struct kit_vec_arena {
    const char *name;
    size_t game_size;
    int nseats, nactions;
    /* the observation's length in floats, for the arena's params */
    int (*obs_len)(const void *params);
    /* starts the game of seed: the stepper's open and the bots' init; DMAP_OK or an error */
    int (*open)(void *game, const void *params, const void *const *bots, uint64_t seed);
    /* one step: actions[seat] holds each learner's action (0 .. nactions-1), the bots decide */
    int (*step)(void *game, const int *actions);
    void (*status)(const void *game, kit_vec_status *st);
    /* seat's observation (obs_len floats) and action mask (nactions bytes); either may be NULL */
    void (*observe)(const void *game, int seat, float *obs, unsigned char *mask);
    void (*close)(void *game);
} kit_vec_arena;

/* Who sits where in a vectorized game: the learners' seats (ascending) and the bots' count. */
typedef struct kit_vec_seating {
    int nlearners, nbots;
    int learner_seat[KIT_VEC_MAX_SEATS];
} kit_vec_seating;
/* Seat `seat` taken by a bot (is_bot) or by a learner; called in seat order from a zeroed s. */
void kit_vec_seat(kit_vec_seating *s, int seat, int is_bot);
/* The learners' seats into seats (may be NULL); their count (0 for a NULL s). */
int kit_vec_seating_learners(const kit_vec_seating *s, int *seats);
/* Zeroes game i's learners' rewards and terminated and truncated flags (arrays of n x learners,
 * each may be NULL). */
void kit_vec_clear_rewards(const kit_vec_seating *s, long i, float *rewards, unsigned char *terminated,
                           unsigned char *truncated);
/* Game i's learners after a step, from each seat's reward and alive flag and the game's end
 * (over; truncated: stopped by its clock, no outcome): a learner still in the episode
 * (in_episode[l]) gets its seat's reward, terminated when it died or the game ended with an
 * outcome, truncated when alive as the clock stopped it, and leaves the episode when it ended;
 * one out of it gets 0s. Returns 1 when the episode is over: the game ended, or no learner is
 * alive while bots play on. Output arrays as kit_vec_clear_rewards's. */
int kit_vec_record_step(const kit_vec_seating *s, long i, const float *reward, const unsigned char *alive,
                        int over, int truncated, unsigned char *in_episode, float *rewards,
                        unsigned char *terminated_out, unsigned char *truncated_out);

/* A learner's seat as a bot of the arena (for an arena whose stepper seats bots through
 * kit_seats): its state, preset by the arena's open, is the int where the arena's step leaves
 * the learner's action (0 .. nactions-1), and its decide answers ANSWERS[action]. Defines the
 * constant `learner`, a BOT (the arena's bot type: info, init, decide, maps, release) whose
 * decide takes (state, const VIEW *, ANSWER *). */
#define KIT_VEC_LEARNER(BOT, VIEW, ANSWER, ANSWERS)                                                   \
    static int kit_vec_learner_decide(void *state, const VIEW *view, ANSWER *answer) {                \
        (void)view;                                                                                   \
        *answer = (ANSWERS)[*(const int *)state];                                                     \
        return DMAP_OK;                                                                               \
    }                                                                                                 \
    static const BOT learner = {{"learner", "the vectorized games' learner"}, NULL, kit_vec_learner_decide, NULL, NULL}

typedef struct kit_vec kit_vec;

/* Where one call writes (caller-owned, C order; any may be NULL): obs n x learners x obs_len,
 * masks n x learners x nactions, rewards/terminated/truncated n x learners. */
typedef struct kit_vec_out {
    float *obs;
    unsigned char *masks;
    float *rewards;
    unsigned char *terminated, *truncated;
} kit_vec_out;

/* n games of arena with params (the arena's, borrowed for the kit_vec's life) and seats
 * (bots[seat] NULL: a learner). Errors: DMAP_ERR_ARG (NULLs, n < 1, too many seats, a seed
 * above 2^63 - 1), DMAP_ERR_NOMEM. */
int kit_vec_new(const kit_vec_arena *arena, const void *params, const void *const *bots, long n, kit_vec **out);
void kit_vec_free(kit_vec *v);
int kit_vec_learners(const kit_vec *v, int *seats);
int kit_vec_obs_len(const kit_vec *v);
/* Episode 0 of every game from seed; the first observations and masks, rewards and flags 0.
 * Errors: DMAP_ERR_ARG, an arena's open error. */
int kit_vec_reset(kit_vec *v, uint64_t seed, dmap_pool *pool, const kit_vec_out *out);
/* Every game's next episode (reset() of gymnasium without a seed). */
int kit_vec_next(kit_vec *v, dmap_pool *pool, const kit_vec_out *out);
/* One step of every game; actions[i * learners + l] in 0 .. nactions-1 (else DMAP_ERR_RANGE,
 * nothing moves). Errors: DMAP_ERR_ARG (no reset yet), DMAP_ERR_RANGE, an arena's error. */
int kit_vec_step(kit_vec *v, const int32_t *actions, dmap_pool *pool, const kit_vec_out *out);
/* Game i's episode number, its seed and its steps so far. */
int kit_vec_episode(const kit_vec *v, long i, long *episode, uint64_t *seed, int *steps);

#endif
