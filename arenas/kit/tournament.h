/* tournament.h — the tournament runner every arena uses: N games on J threads, each game with
 * a seed that depends only on the tournament seed and the game's index, each game's result in
 * its own slot, so the table an arena prints is the same for any number of jobs.
 *
 * Typical use: an arena puts its read-only setup (bots, worlds, options) in a context, writes
 * its play function (seating.h: the one every kit runner calls) and, when its games are not
 * simply one per seed, a schedule (the seating of game i), runs the tournament, then tallies
 * the slots in index order on the calling thread (so sums come out in the same order, bit for
 * bit, for any J). An arena's tournament command is kit_tournament_command (tournament_cmd.h). */
#ifndef KIT_TOURNAMENT_H
#define KIT_TOURNAMENT_H

#include <stddef.h>
#include <stdint.h>

#include "seating.h"

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

/* The seating of game `index` of a tournament seeded with `seed` when the arena has no
 * schedule of its own: the game alone in its deal (deal = index, seed = game_seed =
 * kit_game_seed(seed, index)) and no seats (the arena's play function seats its bots). */
void kit_seat_alone(void *ctx, long index, uint64_t seed, kit_seating *s);

/* An arena's schedule: the seating of game `index` of a tournament seeded with `seed`. */
typedef void (*kit_seat_fn)(void *ctx, long index, uint64_t seed, kit_seating *s);

/* Every table of `seats` entrants out of `entrants` (every pairing when seats is 2), in the
 * order of combinations, each playing `games` games: game k of table t is game t * games + k,
 * on deal k / seats (kit_game_seed(seed, deal)) with the seats rotated by k (the game seed
 * kit_game_seed(deal seed, index)). The schedule of leagues and of pairing tournaments. */
typedef struct kit_tables {
    int entrants, seats;
    long games, tables;
    int *member; /* tables * seats entrant indices */
} kit_tables;

/* The tables of `entrants` entrants (1 <= seats <= KIT_MAX_SEATS, seats <= entrants). 0, or -1
 * for other counts or when memory ran out (free with kit_tables_free either way). */
int kit_tables_init(kit_tables *t, int entrants, int seats, long games);
void kit_tables_free(kit_tables *t);
/* The number of tables: C(entrants, seats). */
long kit_tables_count(int entrants, int seats);
/* The schedule as a kit_seat_fn (ctx: the kit_tables). */
void kit_tables_seat(void *ctx, long index, uint64_t seed, kit_seating *s);

/* Seats rotated game by game: game i puts entrant (s + i) % seats in seat s; `group`
 * consecutive games share a deal (deal i / group, seed kit_game_seed(seed, deal): one board or
 * map with the seats moved; group 1: every game its own), and every game has its own game seed
 * kit_game_seed(seed, i). The schedule of free-for-all tournaments. */
typedef struct kit_rotation {
    int seats;
    long group; /* >= 1 */
} kit_rotation;

/* The rotation as a kit_seat_fn (ctx: the kit_rotation). */
void kit_rotation_seat(void *ctx, long index, uint64_t seed, kit_seating *s);

typedef struct kit_tournament {
    long games;         /* >= 0 */
    int jobs;           /* threads; <= 0: every online core */
    uint64_t seed;      /* the tournament seed */
    size_t record_size; /* bytes of the arena's record of one game (0: none) */
    kit_play_fn play;   /* seating.h: plays one game */
    void *ctx;          /* passed to play and seat, read-only while the tournament runs */
    const char *label;  /* progress label ("games" when NULL) */
    int progress;       /* -1: a progress line on stderr when stderr is a terminal; 0: never; 1: always */
    kit_seat_fn seat;   /* NULL: kit_seat_alone */
    void *seat_ctx;     /* passed to seat (NULL: ctx) */
    long first, stride; /* slot j holds game first + j * stride (stride 0: 1); a shard's games */
} kit_tournament;

/* What the runner keeps of every game in its slot: the seating, the placings and whether the
 * game failed and why; the arena's record (record_size bytes) follows, suitably aligned. A
 * slot has no pointers, so slots travel as bytes (shard files, MPI). */
typedef struct kit_game_slot {
    kit_seating seating;
    int failed;
    int rank[KIT_MAX_SEATS];
    char why[KIT_WHY_MAX];
} kit_game_slot;

/* Bytes of one slot of t (the header and the arena's record, both aligned for any type). */
size_t kit_slot_size(const kit_tournament *t);
/* Slot j of the results array, its arena record. */
kit_game_slot *kit_slot(const kit_tournament *t, void *results, long j);
const kit_game_slot *kit_slot_const(const kit_tournament *t, const void *results, long j);
void *kit_slot_record(kit_game_slot *s);
const void *kit_slot_record_const(const kit_game_slot *s);

/* The number of online cores (at least 1, at most 1024): what jobs <= 0 means. */
int kit_online_cores(void);

/* Runs every game, slot i of results (kit_slot_size(t) bytes each) receiving game i, on min(jobs, games)
 * threads (jobs capped at 1024); the calling thread waits and, when asked, redraws
 * "LABEL done/total" on stderr with \r ten times a second, clearing the line at the end.
 * Sets *failed (may be NULL) to the number of games whose play returned nonzero (their slots
 * say why); the others still run.
 * Returns 0, or -1 when t is invalid or threads/memory could not be had (nothing ran then). */
int kit_tournament_run(const kit_tournament *t, void *results, long *failed);

#endif
