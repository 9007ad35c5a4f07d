/* test_kit_tournament.c — the tournament runner: every game played exactly once with the seed
 * kit_game_seed gives, the same result slots for 1, 2 and 7 jobs (and all cores), failed games
 * counted while the rest still run, seat rotation, bad arguments, and the progress line. */
#define _POSIX_C_SOURCE 200809L
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kit/tournament.h"

#include "../../../tests/check.h"

#define GAMES 500

typedef struct result {
    long index;
    uint64_t seed;
    uint64_t score; /* a value that depends on the seed only, after some work */
    int failed;
} result;

typedef struct ctx {
    atomic_int calls[GAMES];
} ctx;

/* A "game": a variable amount of work (so threads finish out of order), a result that is a
 * function of the seed, and every 7th game failing. */
static int play(void *c, const kit_seating *st, int *rank, void *out, char *why, size_t cap) {
    ctx *x = c;
    result *r = out;
    long index = st->game;
    uint64_t seed = st->game_seed;
    (void)rank;
    CHECK(st->deal == index && st->seed == seed && st->seats == 0, "game %ld: not seated alone",
          index);
    atomic_fetch_add(&x->calls[index], 1);
    CHECK(r->index == 0 && r->seed == 0 && r->score == 0, "slot %ld not zeroed", index);
    uint64_t s = seed | 1;
    for (long k = 0; k < 2000 + (long)(seed % 20000); k++) {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
    }
    r->index = index;
    r->seed = seed;
    r->score = s;
    if (index % 7 == 3) {
        r->failed = 1;
        snprintf(why, cap, "game %ld failed", index);
        return 1;
    }
    return 0;
}

static const kit_tournament shape = {.record_size = sizeof(result)};

static result *rec(void *slots, long i) { return kit_slot_record(kit_slot(&shape, slots, i)); }

static void *run(int jobs, uint64_t seed, long *failed, ctx *x) {
    void *res = malloc(GAMES * kit_slot_size(&shape));
    memset(res, 0xAB, GAMES * kit_slot_size(&shape)); /* the runner must zero each slot */
    memset(x, 0, sizeof *x);
    kit_tournament t = {.games = GAMES, .jobs = jobs, .seed = seed,
                        .record_size = sizeof(result), .play = play, .ctx = x};
    int rc = kit_tournament_run(&t, res, failed);
    CHECK(rc == 0, "run with %d jobs returned %d", jobs, rc);
    for (long i = 0; i < GAMES; i++)
        CHECK(atomic_load(&x->calls[i]) == 1, "game %ld played %d times with %d jobs", i,
              atomic_load(&x->calls[i]), jobs);
    return res;
}

static void test_same_results_for_any_jobs(void) {
    static ctx x;
    long f1 = -1, f2 = -1, f7 = -1, f0 = -1;
    void *r1 = run(1, 42, &f1, &x);
    void *r2 = run(2, 42, &f2, &x);
    void *r7 = run(7, 42, &f7, &x);
    void *r0 = run(0, 42, &f0, &x);
    size_t bytes = GAMES * kit_slot_size(&shape);
    long want_failed = 0;
    for (long i = 0; i < GAMES; i++) want_failed += i % 7 == 3;
    CHECK(f1 == want_failed && f2 == want_failed && f7 == want_failed && f0 == want_failed,
          "failed games %ld %ld %ld %ld, want %ld", f1, f2, f7, f0, want_failed);
    CHECK(memcmp(r1, r2, bytes) == 0, "jobs 1 and 2 differ");
    CHECK(memcmp(r1, r7, bytes) == 0, "jobs 1 and 7 differ");
    CHECK(memcmp(r1, r0, bytes) == 0, "jobs 1 and all cores differ");
    for (long i = 0; i < GAMES; i++) {
        const kit_game_slot *h = kit_slot(&shape, r1, i);
        CHECK(rec(r1, i)->index == i && h->seating.game == i, "slot %ld holds game %ld", i,
              rec(r1, i)->index);
        CHECK(rec(r1, i)->seed == kit_game_seed(42, i), "game %ld got another seed", i);
        CHECK(rec(r1, i)->failed == (i % 7 == 3) && h->failed == (i % 7 == 3),
              "game %ld failure flag", i);
        CHECK(!h->failed || strstr(h->why, "failed") != NULL, "game %ld: why '%s'", i, h->why);
    }
    free(r1);
    free(r2);
    free(r7);
    free(r0);
}

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static void test_game_seeds(void) {
    /* distinct across indices and across neighbouring tournament seeds */
    enum { N = 4000 };
    uint64_t *s = malloc(3 * N * sizeof *s);
    for (long i = 0; i < N; i++) {
        s[i] = kit_game_seed(1, i);
        s[N + i] = kit_game_seed(2, i);
        s[2 * N + i] = kit_game_seed(0, i);
    }
    CHECK(kit_game_seed(1, 5) == kit_game_seed(1, 5), "not a function");
    qsort(s, 3 * N, sizeof *s, cmp_u64);
    int dup = 0;
    for (long i = 1; i < 3 * N; i++) dup += s[i] == s[i - 1];
    CHECK(dup == 0, "%d repeated game seeds", dup);
    /* roughly half the bits differ between neighbouring indices */
    int bits = 0;
    for (long i = 0; i < 64; i++) bits += __builtin_popcountll(kit_game_seed(7, i) ^ kit_game_seed(7, i + 1));
    CHECK(bits > 64 * 24 && bits < 64 * 40, "neighbouring seeds share too many bits (%d)", bits);
    free(s);
}

static void test_rotation(void) {
    int seat[4];
    kit_rotate_seats(0, 4, seat);
    CHECK(seat[0] == 0 && seat[1] == 1 && seat[2] == 2 && seat[3] == 3, "index 0 not identity");
    kit_rotate_seats(1, 4, seat);
    CHECK(seat[0] == 1 && seat[1] == 2 && seat[2] == 3 && seat[3] == 0, "index 1");
    /* over n consecutive games each entrant sits in each seat exactly once */
    int count[4][4] = {{0}};
    for (long g = 8; g < 12; g++) {
        kit_rotate_seats(g, 4, seat);
        int used[4] = {0};
        for (int s = 0; s < 4; s++) {
            count[seat[s]][s]++;
            used[seat[s]]++;
        }
        for (int e = 0; e < 4; e++) CHECK(used[e] == 1, "game %ld: entrant %d seated %d times", g, e, used[e]);
    }
    for (int e = 0; e < 4; e++)
        for (int s = 0; s < 4; s++) CHECK(count[e][s] == 1, "entrant %d seat %d: %d", e, s, count[e][s]);
    kit_rotate_seats(3, 2, seat);
    CHECK(seat[0] == 1 && seat[1] == 0, "two seats, odd game");
}

/* The schedules: every pairing in combination order, deals of `seats` games, seats rotated;
 * the rotation's groups sharing a deal, every game its own game seed. */
static void test_schedules(void) {
    kit_tables t;
    CHECK(kit_tables_init(&t, 4, 2, 6) == 0 && t.tables == 6, "4 entrants: 6 pairings");
    static const int want[6][2] = {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}};
    for (long p = 0; p < 6; p++)
        for (long k = 0; k < 6; k++) {
            kit_seating s;
            kit_tables_seat(&t, p * 6 + k, 9, &s);
            int a = want[p][k % 2], b = want[p][1 - k % 2];
            CHECK(s.seats == 2 && s.entrant[0] == a && s.entrant[1] == b, "pairing %ld game %ld", p, k);
            CHECK(s.game == p * 6 + k && s.deal == k / 2 && s.seed == kit_game_seed(9, k / 2) &&
                      s.game_seed == kit_game_seed(s.seed, s.game), "pairing %ld game %ld seeds", p, k);
        }
    kit_tables_free(&t);
    CHECK(kit_tables_init(&t, 5, 3, 1) == 0 && t.tables == 10 && t.member[27] == 2 &&
              t.member[28] == 3 && t.member[29] == 4, "5 choose 3: the last table 2,3,4");
    kit_tables_free(&t);
    CHECK(kit_tables_init(&t, 2, 3, 1) == -1, "3 seats out of 2 entrants accepted");
    kit_tables_free(&t);
    kit_rotation r = {4, 4};
    for (long i = 0; i < 12; i++) {
        kit_seating s;
        kit_rotation_seat(&r, i, 5, &s);
        CHECK(s.seats == 4 && s.entrant[0] == (int)(i % 4) && s.entrant[3] == (int)((3 + i) % 4),
              "rotation game %ld", i);
        CHECK(s.deal == i / 4 && s.seed == kit_game_seed(5, i / 4) && s.game_seed == kit_game_seed(5, i),
              "rotation game %ld seeds", i);
    }
}

static int never(void *c, const kit_seating *s, int *rank, void *r, char *why, size_t cap) {
    (void)c, (void)s, (void)rank, (void)r, (void)why, (void)cap;
    CHECK(0, "a game ran in a tournament that should not run");
    return 0;
}

static void test_bad_arguments(void) {
    long failed = 99;
    kit_tournament t = {.games = 0, .jobs = 2, .seed = 1, .play = never};
    static unsigned char r[4096];
    CHECK(kit_tournament_run(&t, NULL, &failed) == 0 && failed == 0, "zero games");
    t.games = -1;
    CHECK(kit_tournament_run(&t, &r, &failed) == -1, "negative games accepted");
    t.games = 1;
    t.stride = -1;
    CHECK(kit_tournament_run(&t, &r, &failed) == -1, "negative stride accepted");
    t.stride = 0;
    t.play = NULL;
    CHECK(kit_tournament_run(&t, &r, &failed) == -1, "no play function accepted");
    t.play = never;
    CHECK(kit_tournament_run(&t, NULL, &failed) == -1, "no result slots accepted");
    CHECK(kit_tournament_run(NULL, &r, &failed) == -1, "NULL tournament accepted");
    CHECK(kit_online_cores() >= 1, "online cores");
}

/* progress = 1: the line goes to stderr and is cleared at the end. */
static void test_progress_line(void) {
    static ctx x;
    char path[] = "/tmp/kit_progress_XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0, "mkstemp");
    if (fd < 0) return;
    fflush(stderr);
    int saved = dup(2);
    dup2(fd, 2);
    void *res = calloc(GAMES, kit_slot_size(&shape));
    memset(&x, 0, sizeof x);
    kit_tournament t = {.games = GAMES, .jobs = 2, .seed = 3, .record_size = sizeof(result),
                        .play = play, .ctx = &x, .label = "worlds", .progress = 1};
    int rc = kit_tournament_run(&t, res, NULL);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    char text[4096] = {0};
    lseek(fd, 0, SEEK_SET);
    ssize_t n = read(fd, text, sizeof text - 1);
    close(fd);
    unlink(path);
    CHECK(rc == 0 && n > 0, "progress run");
    CHECK(strstr(text, "\rworlds 500/500") != NULL, "no final progress line in '%s'", text);
    CHECK(n >= 4 && strcmp(text + n - 4, "\r\033[K") == 0, "progress line not cleared");
    CHECK(strchr(text, '\n') == NULL, "the progress line printed a newline");
    free(res);
}

int main(void) {
    test_same_results_for_any_jobs();
    test_game_seeds();
    test_rotation();
    test_schedules();
    test_bad_arguments();
    test_progress_line();
    return check_report("test_kit_tournament");
}
