/* cmd_tournament.h — what the three files of `pursuit tournament` share: cmd_tournament.c (the
 * options and the wiring into the kit's command), cmd_tournament_play.c (one world's games:
 * the runner's play function) and cmd_tournament_tables.c (the tally and the tables). A
 * tournament "game" of the kit's runner is one world: every predator against every prey on it;
 * random world i first, then each data world's 2 * M games (its own start, a random start). */
#ifndef PURSUIT_CMD_TOURNAMENT_H
#define PURSUIT_CMD_TOURNAMENT_H

#include "cli.h"
#include "kit/stats.h"
#include "kit/tournament_cmd.h"

#define PT_MAX_DATA_WORLDS 16
#define PT_BUCKETS 5 /* initial distance buckets for --breakdown: 1-2, 3-4, 5-6, 7-8, 9+ */

typedef struct pt_pairing {
    const pursuit_bot *predator, *prey;
    long games, prey_wins;
    kit_mean capture_clock;
    long bucket_games[PT_BUCKETS], bucket_wins[PT_BUCKETS];
    kit_mean still;                     /* per game: share of its free clocks the prey stood still */
    long dead_survivals, dead_captures; /* games ending with the prey on a dead-end cell */
    /* per data world: [0] from its own start, [1] from random starts */
    long data_games[PT_MAX_DATA_WORLDS][2], data_wins[PT_MAX_DATA_WORLDS][2];
    kit_mean data_clock[PT_MAX_DATA_WORLDS][2];
} pt_pairing;

/* A bot's decision time in one seat (random plays both). */
typedef struct pt_bot_time {
    const pursuit_bot *bot;
    pursuit_role role;
    double ns;
    long moves;
    kit_end_tally ended;
} pt_bot_time;

typedef struct pt_tournament {
    const pursuit_bot *predators[PCLI_MAX_BOTS], *preys[PCLI_MAX_BOTS];
    size_t npred, nprey;
    char *predators_arg, *preys_arg; /* --predators, --preys: each seat's list */
    long worlds;                     /* --games: random worlds, one game per pairing on each */
    long data_games;                 /* --data-games: games per pairing, data world, kind of start */
    int breakdown;
    const char *data; /* --data DIR */
    pcli_common common;
    pt_pairing *pairs; /* npred * nprey */
    pt_bot_time times[2 * PCLI_MAX_BOTS];
    size_t ntimes;
    char data_dir[4096];
    char *data_names[PT_MAX_DATA_WORLDS];
    pursuit_world data_worlds[PT_MAX_DATA_WORLDS];
    size_t ndata;
    uint64_t *world_seeds; /* random world i's seed, drawn beforehand from one generator */
} pt_tournament;

/* One game of one pairing on one world, as the worker thread saw it. */
typedef struct pt_outcome {
    int predator_won, clock;
    double decide_ns[2];
    int decisions[2];
    kit_end ended[2]; /* why an outside program was ended */
    /* how the prey played: clocks it could move, clocks it stood still anyway, and whether
     * the game ended with the prey on a dead-end cell */
    int prey_free, prey_still, ended_in_dead_end;
} pt_outcome;

/* A world's record: every pairing played on it (npred * nprey outcomes follow the header). */
typedef struct pt_world {
    int rc;     /* DMAP_OK, or why the world or a game failed */
    int bucket; /* initial distance bucket (random worlds) */
    pt_outcome games[];
} pt_world;

/* The record's bytes for t's pairings. */
size_t pt_world_size(const pt_tournament *t);
/* The pairings (every predator against every prey) and the random worlds' seeds, drawn from
 * one generator seeded with `seed` so that world i is the same for any --jobs. 0, or -1 when
 * memory ran out. */
int pt_prepare(pt_tournament *t, uint64_t seed);
/* Frees what the tournament holds (the kit command's close hook; arena: the pt_tournament). */
void pt_free(void *arena);
/* Every *.dat of the data folder (sorted by name). 0 or PCLI_USAGE (printed). */
int pt_load_data_worlds(pt_tournament *t);
/* The runner's play function (kit/seating.h; ctx: the pt_tournament): world s->game. */
int pt_play_world(void *ctx, const kit_seating *s, int *rank, void *record, char *why, size_t cap);
/* The tables of every world played (the kit command's table hook; arena: the pt_tournament);
 * 0, or PCLI_USAGE after one line when a random world could not be made (the world options). */
int pt_tables(void *arena, const kit_tour *kt, const void *slots, long failed);

#endif
