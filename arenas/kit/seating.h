/* seating.h — one game of a league or an SPRT as the arena plays it: entrants (indices into
 * the run's list) in seats, a deal seed shared by the games that replay one deal with the
 * seats rotated or swapped, and the placings that come back. The kit's league (league.h) and
 * SPRT runner (sprt_run.h) schedule the games; the arena's function plays one. */
#ifndef KIT_SEATING_H
#define KIT_SEATING_H

#include <stddef.h>
#include <stdint.h>

#define KIT_MAX_SEATS 8

typedef struct kit_seating {
    long game;     /* the game's index in the run (games are tallied in this order) */
    long deal;     /* the deal's index: games of one deal share `seed` (and map, world) */
    uint64_t seed; /* the deal's seed, kit_game_seed(run seed, deal) */
    int seats;
    int entrant[KIT_MAX_SEATS]; /* entrant in each seat */
} kit_seating;

/* Plays one game (from a worker thread: no shared mutable state). Writes rank[s] for every
 * seat (1 the best; equal ranks tie). Returns 0, or nonzero with one line in why[cap] when
 * the game could not be played. */
typedef int (*kit_seated_fn)(void *ctx, const kit_seating *s, int *rank, char *why, size_t cap);

#endif
