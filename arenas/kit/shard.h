/* shard.h — a tournament past one process. `--shard K/N --out FILE` plays the games of shard K
 * (the games i with i % N == K - 1) and writes their result slots to a shard file;
 * `<arena> merge FILES...` reads the files of shards 1..N, checks that they belong to one
 * tournament and hold every game once, and hands the arena every game's slot, so that it
 * tallies and prints the table the one-process run prints. The MPI programs (`<arena>-mpi`,
 * shard_mpi.c) play shard r+1 of R on rank r and gather the slots on rank 0.
 *
 * In an arena's tournament command:
 *
 *     static int tournament(int argc, char **argv, const kit_merged *merged) {
 *         kit_shard sh;
 *         kit_shard_init(&sh, PROG, argc, argv, merged);
 *         for (...) {                          // the option loop
 *             if ((took = kit_shard_option(&sh, argc, argv, &i)) != 0) {
 *                 if (took < 0) return KIT_EXIT_USAGE;
 *                 continue;
 *             }
 *             ...
 *         }
 *         if (kit_shard_check(&sh)) return KIT_EXIT_USAGE;
 *         if (!kit_shard_merging(&sh)) ...      // what only playing needs (maps, programs)
 *         int where = kit_tournament_play(&t, &sh, slots, &failed);
 *         if (where < 0) return 1;
 *         if (where == KIT_SHARD_ELSEWHERE) return failed ? 1 : 0;   // no table here
 *         ... tally slots[0..games-1] and print, as always
 *     }
 *     int cmd_tournament(int argc, char **argv) { return tournament(argc, argv, NULL); }
 *     int cmd_merge(int argc, char **argv) { return kit_merge_command(PROG, argc, argv, tournament); }
 *
 * Result slots go into the file as the bytes of the arena's slot struct (no pointers in it),
 * so a shard file is read by a build of the same arena on a machine of the same byte order
 * and type sizes; the header says which, and merge refuses a file of another. */
#ifndef KIT_SHARD_H
#define KIT_SHARD_H

#include "tournament.h"

#include <stddef.h>

#define KIT_SHARD_ARGS_MAX 16384 /* bytes of a tournament's recorded arguments */

/* The slots of every game of one tournament, read from its shard files (kit_merge_command). */
typedef struct kit_merged kit_merged;

typedef struct kit_shard {
    const char *prog;         /* the arena's program name: errors and the file's arena */
    long k, n;                /* --shard K/N; n = 0: no --shard (the whole tournament) */
    const char *out;          /* --out FILE */
    const char *bot_stderr;   /* --bot-stderr's value (an --out over its FILE is refused) */
    const kit_merged *merged; /* merging: every game's slot, from the shard files */
    /* the tournament's arguments (argv[0] the command) but those that never change a table,
     * copied before the arena's parsing can split them: NUL-terminated, one after the other;
     * nargs -1: too long to record */
    int nargs;
    size_t args_len;
    char args[KIT_SHARD_ARGS_MAX];
} kit_shard;

/* Before the option loop: notes the arguments the shard file records (all but --shard,
 * --out, --jobs and --bot-stderr with their values), and --bot-stderr's value. */
void kit_shard_init(kit_shard *s, const char *prog, int argc, char **argv,
                    const kit_merged *merged);

/* argv[*i] is --shard K/N or --out FILE: takes it (and its value, *i moves on) and returns 1;
 * 0 when it is neither; -1 on a bad value (one line on stderr: exit 2). */
int kit_shard_option(kit_shard *s, int argc, char **argv, int *i);

/* After the option loop: --shard and --out go together, and --out is not the --bot-stderr
 * FILE. 0, or -1 (one line on stderr: exit 2). */
int kit_shard_check(const kit_shard *s);

/* 1 while merging shard files: nothing is played, so what only playing needs can be skipped. */
int kit_shard_merging(const kit_shard *s);

/* What kit_tournament_play did (negative: it failed and said why on stderr; exit 1). */
enum {
    KIT_SHARD_TABLE = 0,    /* results holds every game (played here, merged or gathered) */
    KIT_SHARD_ELSEWHERE = 1 /* this process's part is done (a shard file written, an MPI rank
                               other than 0): the table is printed elsewhere */
};

/* The tournament t as the options ask: every game on this process (kit_tournament_run), the
 * games of --shard K/N written to --out, the slots of merged shard files, or, in an MPI
 * program, this rank's shard with the slots gathered on rank 0. results has room for
 * t->games slots in every case; *failed counts the games whose play failed (of the shard,
 * for a shard file). */
int kit_tournament_play(const kit_tournament *t, const kit_shard *s, void *results, long *failed);

/* The number of games of shard k (1-based) of n in a tournament of `games` games. */
long kit_shard_games(long games, long k, long n);

/* Plays the games of shard k of n only: results[j] (compact, j = 0, 1, ...) receives game
 * (k - 1) + j * n with that game's own seed, and fail_flags[j] (may be NULL) whether its play
 * failed. Returns what kit_tournament_run returns. */
int kit_shard_run(const kit_tournament *t, long k, long n, void *results,
                  unsigned char *fail_flags, long *failed);

/* `<arena> merge FILES...`: reads and checks the shard files, then calls the arena's
 * tournament function with the recorded arguments and the merged slots. The exit status. */
typedef int (*kit_tournament_fn)(int argc, char **argv, const kit_merged *merged);
int kit_merge_command(const char *prog, int argc, char **argv, kit_tournament_fn tournament);

/* The MPI programs' way of playing (shard_mpi.c registers it when linked in): this rank's
 * shard, gathered on rank 0; returns as kit_tournament_play. */
typedef int (*kit_ranks_play_fn)(const kit_tournament *t, void *results, long *failed);
void kit_shard_use_ranks(kit_ranks_play_fn play);

#endif
