/* test_kutulu_same_games.c — the engine plays the same games as the reference engine: the
 * hash of every state of 256 fixed-seed games with seeded random actions must equal
 * REFERENCE_HASH.
 *
 * The oracle: REFERENCE_HASH is the output of this very file (`test_kutulu_same_games MAPS_DIR
 * --print`) built against the engine of commit 9509b7d, the plain engine without the fast
 * paths, which the recorded games of the official referee check state for state
 * (kutulu_trace_seed_*). A change of the rules' outcome anywhere (a path's tie-break, an RNG
 * draw, the order of the turn's steps) changes it.
 *
 * The actions mix what the engine's fast paths and slow paths see: steps to a neighbour cell
 * (diagonals and walls included), MOVE to any cell of the map or off it (long paths, walls,
 * unreachable cells), many LIGHTs (minions' searches with LIGHT costs), PLAN, YELL, WAIT, and
 * now and then an invalid line (the player leaves). Half the games force each league map in
 * turn, half draw it from the seed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "kutulu.h"

#define GAMES 256
/* Computed with the engine at main's commit 9509b7d, see the top of this file. */
#define REFERENCE_HASH 0xec631917f1113049ULL

static uint64_t next_random(uint64_t *state) {
    *state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
    return *state >> 33;
}

/* One action of explorer i: near steps, far moves, LIGHT/PLAN/YELL/WAIT. */
static kt_action pick_action(const kt_game *g, int i, uint64_t *state) {
    unsigned r = (unsigned)(next_random(state) % 100);
    kt_action a = {KT_WAIT, 0, 0};
    int c = g->ex[i].cell, w = g->map->w, h = g->map->h;
    if (r < 4) a.kind = KT_PLAN;
    else if (r < 12) a.kind = KT_LIGHT;
    else if (r < 16) a.kind = KT_YELL;
    else if (r < 24) a.kind = KT_WAIT;
    else if (r < 40) {
        a.kind = KT_MOVE; /* anywhere, a little past the edges too */
        a.x = (int)(next_random(state) % (uint64_t)(w + 2)) - 1;
        a.y = (int)(next_random(state) % (uint64_t)(h + 2)) - 1;
    } else {
        a.kind = KT_MOVE; /* a neighbour, a diagonal or the own cell */
        a.x = c % w + (int)(next_random(state) % 3) - 1;
        a.y = c / w + (int)(next_random(state) % 3) - 1;
    }
    return a;
}

static void hash_bytes(uint64_t *h, const char *p, size_t n) {
    for (size_t i = 0; i < n; i++) *h = (*h ^ (unsigned char)p[i]) * 1099511628211ULL;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: test_kutulu_same_games MAPS_DIR [--print]\n");
        return 2;
    }
    int print = argc > 2 && strcmp(argv[2], "--print") == 0;
    static kt_mapset league;
    char err[512];
    if (kt_mapset_load(argv[1], &league, err, sizeof err)) {
        fprintf(stderr, "test_kutulu_same_games: %s\n", err);
        return 1;
    }
    static char buf[1 << 16];
    uint64_t h = 1469598103934665603ULL;
    long turns = 0, lit_turns = 0;
    for (int s = 1; s <= GAMES; s++) {
        kt_game g;
        int forced = s <= GAMES / 2 ? (s - 1) % KT_LEAGUE_MAPS : -1;
        CHECK_EQ_INT(kt_game_init(&g, 1000 + s, &league, forced), 0);
        uint64_t rs = (uint64_t)s * 7919;
        while (!g.over) {
            kt_action act[KT_PLAYERS];
            unsigned char ok[KT_PLAYERS];
            for (int i = 0; i < KT_PLAYERS; i++) {
                act[i] = pick_action(&g, i, &rs);
                ok[i] = next_random(&rs) % 1000 != 0; /* now and then an invalid line */
            }
            int rc = kt_game_step(&g, act, ok);
            CHECK_EQ_INT(rc, 0);
            if (rc) break;
            turns++;
            lit_turns += g.lit && g.nminions > 0;
            size_t n = kt_format_state(&g, buf, sizeof buf);
            hash_bytes(&h, buf, n);
            char extra[64];
            n = (size_t)snprintf(extra, sizeof extra, "%d %llu\n", g.turn,
                                 (unsigned long long)g.rng.seed);
            hash_bytes(&h, extra, n);
        }
        kt_game_free(&g);
    }
    if (print) printf("%d games, %ld turns, %ld with LIGHT marks and minions, hash 0x%016llx\n",
                      GAMES, turns, lit_turns, (unsigned long long)h);
    CHECK(turns > 1000);
    CHECK(lit_turns > 100); /* the searches with LIGHT costs were exercised */
    if (h != REFERENCE_HASH)
        fprintf(stderr, "hash 0x%016llx, reference 0x%016llx\n", (unsigned long long)h,
                (unsigned long long)REFERENCE_HASH);
    CHECK(h == REFERENCE_HASH);
    return check_report("test_kutulu_same_games");
}
