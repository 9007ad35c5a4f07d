/* sprt_run.h — an SPRT between two bots of an arena (sprt.h for the statistics): games in
 * pairs on one deal with A and B's seats swapped, played in batches on the tournament runner
 * and fed to the test in game order, so the result is the same for any --jobs. Two-seat games
 * score A's result against B (the pentanomial model as Fishtest has it). Games of more seats
 * put A and B in two of them and the other entrants in the rest, and score A's placing against
 * B's in the same game (1 better, 0.5 the same, 0 worse): pair p seats A and B in the p-th of
 * the seat pairs (0,1), (0,2), ... (n-2,n-1) in turn, and swaps them in the pair's second game.
 *
 * Typical use in an arena's cmd_sprt.c: kit_sprt_option for the common options, the arena's
 * own, then kit_sprt_games_run. */
#ifndef KIT_SPRT_RUN_H
#define KIT_SPRT_RUN_H

#include <stdint.h>
#include <stdio.h>

#include "seating.h"
#include "sprt.h"

/* The options every arena's sprt takes: --bots, --elo0, --elo1, --alpha, --beta, --seed,
 * --max-games, --jobs. */
typedef struct kit_sprt_opts {
    char *bots;
    double elo0, elo1, alpha, beta; /* defaults 0, 5, 0.05, 0.05 */
    uint64_t seed;                  /* default 1 */
    long max_games;                 /* default 100000 */
    int jobs;
} kit_sprt_opts;

void kit_sprt_opts_init(kit_sprt_opts *o);

/* 1 when argv[*i] is one of the options above (consumed and checked), 0 when it is not, -1
 * after one line on stderr for a bad value. */
int kit_sprt_option(const char *prog, int argc, char **argv, int *i, kit_sprt_opts *o);

/* The help lines of the options kit_sprt_option takes besides --bots. */
extern const char kit_sprt_help[];

/* After parsing: elo0 < elo1, alpha and beta in (0, 1); 0, or -1 after one line. */
int kit_sprt_opts_check(const char *prog, const kit_sprt_opts *o);

typedef struct kit_sprt_games {
    const char *prog;
    const char *const *names; /* entrant 0 is A, 1 is B, 2.. the others */
    int seats;                /* 2 .. KIT_MAX_SEATS: the others are entrants 2 .. seats-1 */
    kit_sprt_opts opts;
    kit_play_fn play; /* seating.h; called with record NULL */
    void *ctx;
} kit_sprt_games;

/* sprt's exit status by verdict: 0 when it accepts H1 (A is stronger), these otherwise (1: a
 * game failed, 2: bad input, as every command). */
#define KIT_EXIT_SPRT_H0 3         /* H0 accepted */
#define KIT_EXIT_SPRT_UNDECIDED 4  /* no decision: --max-games reached first */

typedef enum kit_sprt_end {
    KIT_SPRT_DECIDED,     /* the test accepted H0 or H1 */
    KIT_SPRT_OUT_OF_GAMES /* --max-games reached first */
} kit_sprt_end;

/* Plays until the test decides or max_games run out, filling *result (may be NULL) and
 * printing the report on out: the verdict and why the run stopped, the LLR and its bounds, the
 * pair counts and the Elo estimate with its 95% interval. 0, 1 when a game failed (stderr says
 * which and why). */
int kit_sprt_games_run(const kit_sprt_games *g, FILE *out, kit_sprt *result, kit_sprt_end *end);

/* The seating of game `game` (pair game / 2; A in the first seat of the pair's seat pair on
 * even games): what kit_sprt_games_run plays, for tests and for callers with their own loop. */
void kit_sprt_seat(int seats, uint64_t seed, long game, kit_seating *s);

/* A's half points (0, 1, 2) in a game from the placings of its seats. */
int kit_sprt_half_points(const kit_seating *s, const int *rank);

#endif
