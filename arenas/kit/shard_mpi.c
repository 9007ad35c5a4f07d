/* shard_mpi.c — tournaments on MPI ranks, linked only into the `<arena>-mpi` programs: rank r of
 * R plays shard r+1 of R (the games i with i % R == r, kit_shard_run) on its --jobs threads,
 * sends its slots and fail flags to rank 0, which puts every game's slot in its place so the
 * arena tallies and prints the one-process table; the other ranks print nothing. MPI is
 * started by the tournament itself (only the tournament command talks to other ranks) and
 * finished before the table is printed. Linking this file in registers it with the kit. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shard.h"

#define CHUNK_BYTES (1 << 28) /* one message carries at most this many bytes (MPI counts are int) */

static void send_bytes(const unsigned char *p, size_t n, int tag) {
    for (size_t at = 0; at < n; at += CHUNK_BYTES) {
        size_t len = n - at < CHUNK_BYTES ? n - at : CHUNK_BYTES;
        MPI_Send(p + at, (int)len, MPI_BYTE, 0, tag, MPI_COMM_WORLD);
    }
}

static void recv_bytes(unsigned char *p, size_t n, int from, int tag) {
    for (size_t at = 0; at < n; at += CHUNK_BYTES) {
        size_t len = n - at < CHUNK_BYTES ? n - at : CHUNK_BYTES;
        MPI_Recv(p + at, (int)len, MPI_BYTE, from, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
}

/* Rank `rank`'s compact slots (game (rank) + j * ranks for j = 0, 1, ...) into their places. */
static void place(const kit_tournament *t, int rank, int ranks, long count,
                  const unsigned char *slots, const unsigned char *fails, unsigned char *results,
                  long *failed) {
    for (long j = 0; j < count; j++) {
        long index = rank + j * (long)ranks;
        memcpy(results + (size_t)index * kit_slot_size(t), slots + (size_t)j * kit_slot_size(t),
               kit_slot_size(t));
        *failed += fails[j] != 0;
    }
}

static int play_on_ranks(const kit_tournament *t, void *results, long *failed) {
    int provided, rank, ranks;
    /* only the main thread calls MPI; the game threads never do */
    if (MPI_Init_thread(NULL, NULL, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS) {
        fputs("MPI could not be started\n", stderr);
        return -1;
    }
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    long most = kit_shard_games(t->games, 1, ranks); /* shard 1 is the largest */
    unsigned char *slots = calloc((size_t)(most ? most : 1), kit_slot_size(t));
    unsigned char *fails = calloc((size_t)(most ? most : 1), 1);
    if (!slots || !fails) {
        fprintf(stderr, "rank %d: out of memory for %ld results\n", rank, most);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    long count = kit_shard_games(t->games, rank + 1, ranks), mine_failed = 0;
    if (kit_shard_run(t, rank + 1, ranks, slots, fails, &mine_failed)) {
        fprintf(stderr, "rank %d: could not start the games (threads or memory)\n", rank);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    if (rank != 0) {
        send_bytes(fails, (size_t)count, 1);
        send_bytes(slots, (size_t)count * kit_slot_size(t), 2);
    } else {
        *failed = 0;
        place(t, 0, ranks, count, slots, fails, results, failed);
        for (int r = 1; r < ranks; r++) {
            long n = kit_shard_games(t->games, r + 1, ranks);
            recv_bytes(fails, (size_t)n, r, 1);
            recv_bytes(slots, (size_t)n * kit_slot_size(t), r, 2);
            place(t, r, ranks, n, slots, fails, results, failed);
        }
    }
    free(slots);
    free(fails);
    MPI_Finalize();
    if (rank != 0) {
        *failed = mine_failed;
        return KIT_SHARD_ELSEWHERE;
    }
    return KIT_SHARD_TABLE;
}

/* Registers the ranks' way of playing when the program starts (before main). */
__attribute__((constructor)) static void use_mpi_ranks(void) { kit_shard_use_ranks(play_on_ranks); }
