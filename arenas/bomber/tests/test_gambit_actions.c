/* test_gambit_actions.c — Gambit's answers and goal maps in whole games, against the
 * straightforward port's.
 *
 * The recorded games (bomber_gambit_* tests) cover only what the original logged; this test
 * covers every state Gambit meets in fixed-seed games against each bot: for each pairing
 * (gambit against random, simple, gambit2 and itself, Gambit on either side) it plays games of
 * seeds 1..N through bomber_play twice: asking the bots for their goal maps (Gambit then
 * computes everything, as for replays) and hashing (FNV-1a, 64 bits) every answer of both
 * players, tick by tick, with the bits of every goal map Gambit publishes; and without (Gambit's
 * fast path, which computes only what the answer needs), hashing the answers. One changed
 * decision changes the game that follows it, so it changes the hash; a changed goal map that
 * did not (yet) change a decision changes the first hash too.
 *
 * The oracle is the straightforward port, which computes every component map on every call
 * (no reuse of earlier maps, no fast path): the expected hashes below are what it gives, built
 * as here (gcc Release) and with clang ASan+UBSan alike. The maps reused and skipped for speed
 * must leave every hash as it is. gambit2 embeds Gambit, so its answers are checked through the
 * same hash.
 *
 * usage: test_gambit_actions             check the table (N = 8), exit 1 on a difference
 *        test_gambit_actions --print N   print the hashes of seeds 1..N (to compare builds) */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../../tests/check.h"
#include "bomber.h"

typedef struct pairing {
    const char *bot[BOMBER_PLAYERS];
    uint64_t expected[2]; /* with goal maps, answers only; seeds 1..8: see the comment on top */
} pairing;

static pairing pairings[] = {
    {{"gambit", "random"}, {0xc6060c4ab52e34c6ULL, 0xa35aad6f339b6743ULL}},
    {{"random", "gambit"}, {0x91ab8554988c51a3ULL, 0xc632198a262982aeULL}},
    {{"gambit", "simple"}, {0x56766e85e198b024ULL, 0x728b85eca6f29a54ULL}},
    {{"simple", "gambit"}, {0x0b04fe7ac5b2725dULL, 0xbc8e398e11703823ULL}},
    {{"gambit", "gambit2"}, {0x4c2fc3c6d25b9a7eULL, 0xfbc27117794bac48ULL}},
    {{"gambit2", "gambit"}, {0x83ecc8d2852d48d0ULL, 0x0a2740a4b5e2fd10ULL}},
    {{"gambit", "gambit"}, {0x2f5b8bc9819a1ac6ULL, 0x19325f609bfafa93ULL}},
};
enum { NPAIRINGS = sizeof pairings / sizeof pairings[0], CHECKED_SEEDS = 8 };

typedef struct hasher {
    uint64_t h;
    int is_gambit[BOMBER_PLAYERS];
} hasher;

static void mix(hasher *s, const void *data, size_t n) {
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++) s->h = (s->h ^ p[i]) * 0x100000001b3ULL;
}

static void observe(void *ctx, const bomber_game *g, int tick,
                    const bomber_answer answers[BOMBER_PLAYERS], const bomber_tick_log *log,
                    const bomber_bot_maps *maps) {
    (void)g, (void)log;
    hasher *s = ctx;
    if (tick < 0) return;
    for (int p = 0; p < BOMBER_PLAYERS; p++) {
        int a = (int)answers[p];
        mix(s, &a, sizeof a);
        if (s->is_gambit[p] && maps && maps[p].n)
            mix(s, maps[p].map[0].values, BOMBER_CELLS * sizeof(double));
    }
}

/* The hash of one pairing over seeds 1..n (with the goal maps or not), or 0 after printing
 * why the games failed. */
static uint64_t play(const pairing *pr, long n, int want_maps) {
    const bomber_bot *bots[BOMBER_PLAYERS];
    hasher s = {0xcbf29ce484222325ULL, {0, 0}};
    for (int p = 0; p < BOMBER_PLAYERS; p++) {
        bots[p] = bomber_find_bot(pr->bot[p]);
        if (!bots[p]) {
            fprintf(stderr, "test_gambit_actions: no bot '%s'\n", pr->bot[p]);
            return 0;
        }
        s.is_gambit[p] = !strcmp(pr->bot[p], "gambit");
    }
    for (long seed = 1; seed <= n; seed++) {
        bomber_result res;
        int rc = bomber_play(seed, bots, want_maps, observe, &s, &res);
        if (rc) {
            fprintf(stderr, "test_gambit_actions: %s vs %s seed %ld: error %d\n", pr->bot[0],
                    pr->bot[1], seed, rc);
            return 0;
        }
        int32_t end[4] = {res.ticks, res.winner, res.score[0], res.score[1]};
        mix(&s, end, sizeof end);
    }
    return s.h;
}

int main(int argc, char **argv) {
    long n = CHECKED_SEEDS;
    int print = argc == 3 && !strcmp(argv[1], "--print");
    if (print) n = atol(argv[2]);
    if ((argc != 1 && !print) || n < 1) {
        fprintf(stderr, "usage: test_gambit_actions [--print N]\n");
        return 2;
    }
    static const char *const mode[2] = {"with goal maps", "answers only"};
    for (int k = 0; k < NPAIRINGS; k++) {
        const pairing *pr = &pairings[k];
        uint64_t h[2] = {play(pr, n, 1), play(pr, n, 0)};
        if (print)
            printf("%-8s %-8s 0x%016llxULL 0x%016llxULL\n", pr->bot[0], pr->bot[1],
                   (unsigned long long)h[0], (unsigned long long)h[1]);
        for (int i = 0; i < 2 && !print; i++)
            CHECK(h[i] == pr->expected[i], "%s vs %s, seeds 1..%ld, %s: hash 0x%016llx, expected 0x%016llx",
                  pr->bot[0], pr->bot[1], n, mode[i], (unsigned long long)h[i],
                  (unsigned long long)pr->expected[i]);
    }
    if (print) return 0;
    printf("test_gambit_actions: %d pairings x %ld games\n", NPAIRINGS, n);
    return check_report("test_gambit_actions");
}
