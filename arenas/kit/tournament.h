/* tournament.h — the tournament runner every arena uses: N games on J threads, each game with
 * a seed that depends only on the tournament seed and the game's index, each game's result in
 * its own slot, so the table an arena prints is the same for any number of jobs.
 *
 * Typical use: an arena puts its read-only setup (bots, worlds, options) in a context, writes
 * a play function that plays game `index` into its result slot, runs the tournament, then
 * tallies the slots in index order on the calling thread (so sums come out in the same order,
 * bit for bit, for any J). */
#ifndef KIT_TOURNAMENT_H
#define KIT_TOURNAMENT_H

#include <stddef.h>
#include <stdint.h>

/* The seed of game `index` of a tournament seeded with `seed` (a splitmix64 mix of both):
 * independent of the number of jobs and of the order games finish in. */
uint64_t kit_game_seed(uint64_t seed, long index);

/* The seed of episode `episode` of environment `env` in a vectorized environment seeded with
 * `seed`: kit_game_seed(kit_game_seed(seed, env), episode) with the top bit cleared (0 ..
 * 2^63 - 1, a valid --seed). Independent of threads and of the order environments run in. */
uint64_t kit_episode_seed(uint64_t seed, long env, long episode);

/* Seat rotation: game `index` with n seats puts entrant (s + index) % n in seat s. Writes
 * entrant_of_seat[0..n-1]. Arenas with n seats play games in groups of n to rotate fully. */
void kit_rotate_seats(long index, int n, int *entrant_of_seat);

/* Plays one game: called from a worker thread with the game's index, its seed and its own
 * result slot (result_size bytes, zeroed before the call). Must not touch shared mutable
 * state. Returns 0, or nonzero when the game could not be played (the runner counts it, and
 * the slot tells the arena why). */
typedef int (*kit_play_fn)(void *ctx, long index, uint64_t game_seed, void *result);

typedef struct kit_tournament {
    long games;         /* >= 0 */
    int jobs;           /* threads; <= 0: every online core */
    uint64_t seed;      /* the tournament seed */
    size_t result_size; /* bytes of one result slot (> 0) */
    kit_play_fn play;
    void *ctx;          /* passed to play, read-only while the tournament runs */
    const char *label;  /* progress label ("games" when NULL) */
    int progress;       /* -1: a progress line on stderr when stderr is a terminal; 0: never; 1: always */
} kit_tournament;

/* The number of online cores (at least 1, at most 1024): what jobs <= 0 means. */
int kit_online_cores(void);

/* Runs every game, results[i * result_size] receiving game i's result, on min(jobs, games)
 * threads (jobs capped at 1024); the calling thread waits and, when asked, redraws
 * "LABEL done/total" on stderr with \r ten times a second, clearing the line at the end.
 * Sets *failed (may be NULL) to the number of games whose play returned nonzero; the others
 * still run.
 * Returns 0, or -1 when t is invalid or threads/memory could not be had (nothing ran then). */
int kit_tournament_run(const kit_tournament *t, void *results, long *failed);

#endif
