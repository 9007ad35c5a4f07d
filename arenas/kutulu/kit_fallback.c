/* kit_fallback.c — a stand-in for the kit's tournament runner (arenas/kit/tournament.c) while
 * that file has not reached this branch: the same contract (tournament.h), games played one
 * after another on the calling thread (jobs ignored). CMake compiles it only when the kit has
 * no tournament.c, so the kit's runner replaces it as soon as it is merged. */
#include <string.h>

#include "tournament.h"

uint64_t kit_game_seed(uint64_t seed, long index) {
    uint64_t z = seed + 0x9E3779B97F4A7C15ULL * ((uint64_t)index + 1);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

void kit_rotate_seats(long index, int n, int *entrant_of_seat) {
    for (int s = 0; s < n; s++) entrant_of_seat[s] = (int)((s + index) % n);
}

int kit_tournament_run(const kit_tournament *t, void *results, long *failed) {
    if (!t || !t->play || t->games < 0 || t->result_size == 0 || (!results && t->games)) return -1;
    long bad = 0;
    for (long i = 0; i < t->games; i++) {
        void *slot = (char *)results + (size_t)i * t->result_size;
        memset(slot, 0, t->result_size);
        bad += t->play(t->ctx, i, kit_game_seed(t->seed, i), slot) != 0;
    }
    if (failed) *failed = bad;
    return 0;
}
