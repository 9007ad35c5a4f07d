/* seating.h — one game as the kit asks an arena to play it, and the one "play one game"
 * callback every kit runner calls: the tournament runner (tournament.h) and through it the
 * tournament command (tournament_cmd.h), the league (league.h), the SPRT runner (sprt_run.h)
 * and the tuner (tune.h). The seating says who sits where and with which seeds; the arena's
 * function plays the game and gives back the placings and, when asked, its own record of the
 * game (what a tournament's table counts). */
#ifndef KIT_SEATING_H
#define KIT_SEATING_H

#include <stddef.h>
#include <stdint.h>

#define KIT_MAX_SEATS 8
#define KIT_WHY_MAX 160 /* bytes of the line that says why a game could not be played */

typedef struct kit_seating {
    long game;          /* the game's index in the run (games are tallied in this order) */
    long deal;          /* the deal's index: games of one deal share `seed` (and map, world) */
    uint64_t seed;      /* the deal's seed, kit_game_seed(run seed, deal) */
    uint64_t game_seed; /* the game's own seed (the bots' generators where the arena seeds them
                           per game): kit_game_seed(seed, game) in leagues and SPRTs */
    int seats;          /* 0: the arena's own schedule (a tournament of another shape) */
    int entrant[KIT_MAX_SEATS]; /* entrant in each seat */
} kit_seating;

/* Plays one game (from a worker thread: no shared mutable state). Writes rank[s] for every
 * seat (1 the best; equal ranks tie) and, when record is not NULL, the arena's record of the
 * game (the runner's record_size bytes, zeroed before the call). Returns 0, or nonzero with
 * one line in why[cap] when the game could not be played. */
typedef int (*kit_play_fn)(void *ctx, const kit_seating *s, int *rank, void *record, char *why,
                           size_t cap);

#endif
