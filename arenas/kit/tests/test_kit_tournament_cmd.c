/* test_kit_tournament_cmd.c — the kit's tournament command over a fake arena (a play function
 * whose "game" is a function of its seeds, every 9th game failing): the table is the same for
 * --jobs 1 and 2 and holds every game's seeds; failed games are counted and reported in one
 * line on stderr with exit 1; bad options and missing --bots/--games give one line and exit 2;
 * --help prints the arena's lines and the kit's. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kit/tournament_cmd.h"

#include "../../../tests/check.h"

typedef struct arena {
    int opened, closed, fail_every;
    char bots[64];
} arena;

typedef struct record {
    uint64_t seed, game_seed;
} record;

static int play(void *ctx, const kit_seating *s, int *rank, void *rec, char *why, size_t cap) {
    const arena *a = ctx;
    record *r = rec;
    rank[0] = 1;
    if (a->fail_every && s->game % a->fail_every == 4) {
        snprintf(why, cap, "game %ld refused", s->game);
        return 1;
    }
    r->seed = s->seed;
    r->game_seed = s->game_seed;
    return 0;
}

static int open_fake(void *ctx, kit_tour *t) {
    arena *a = ctx;
    a->opened++;
    snprintf(a->bots, sizeof a->bots, "%s", t->bots);
    t->run.record_size = sizeof(record);
    t->run.play = play;
    t->run.ctx = a;
    return 0;
}

static int table(void *ctx, const kit_tour *t, const void *slots, long failed) {
    const arena *a = ctx;
    printf("bots %s, %ld games, seed %llu, %ld failed\n", a->bots, t->games,
           (unsigned long long)t->seed, failed);
    for (long g = 0; g < t->run.games; g++) {
        const kit_game_slot *s = kit_slot_const(&t->run, slots, g);
        const record *r = kit_slot_record_const(s);
        CHECK(s->failed || (r->seed == kit_game_seed(t->seed, g) && r->game_seed == r->seed),
              "game %ld: not its seeds", g);
        printf("%ld %d %016llx\n", g, s->failed, (unsigned long long)r->seed);
    }
    return 0;
}

static void close_fake(void *ctx) { ((arena *)ctx)->closed++; }

static const kit_tournament_cmd cmd = {
    .prog = "fake", .help = "usage: fake tournament --bots A,B --games N\n", .games_min = 1,
    .games_max = 1000, .games_default = -1, .outside = 1, .first_limit_ms = 1000,
    .limit_ms = 100, .open = open_fake, .table = table, .close = close_fake};

/* Runs the command with stdout and stderr in files; returns the status, fills out and err. */
static int run(arena *a, char *out, size_t ocap, char *err, size_t ecap, int argc, char **argv) {
    char po[] = "/tmp/kit_tcmd_out_XXXXXX", pe[] = "/tmp/kit_tcmd_err_XXXXXX";
    int fo = mkstemp(po), fe = mkstemp(pe);
    fflush(stdout), fflush(stderr);
    int so = dup(1), se = dup(2);
    dup2(fo, 1), dup2(fe, 2);
    int rc = kit_tournament_command(&cmd, a, argc, argv, NULL);
    fflush(stdout), fflush(stderr);
    dup2(so, 1), dup2(se, 2);
    close(so), close(se);
    ssize_t n;
    lseek(fo, 0, SEEK_SET);
    n = read(fo, out, ocap - 1);
    out[n > 0 ? n : 0] = '\0';
    lseek(fe, 0, SEEK_SET);
    n = read(fe, err, ecap - 1);
    err[n > 0 ? n : 0] = '\0';
    close(fo), close(fe);
    unlink(po), unlink(pe);
    return rc;
}

static int lines(const char *s) {
    int n = 0;
    for (; *s; s++) n += *s == '\n';
    return n;
}

int main(void) {
    static char o1[65536], o2[65536], e1[4096], e2[4096];
    char b1[] = "a,b", b2[] = "a,b";
    arena a = {0};
    char *j1[] = {"tournament", "--bots", b1, "--games", "40", "--seed", "9", "--jobs", "1"};
    char *j2[] = {"tournament", "--jobs", "2", "--seed", "9", "--games", "40", "--bots", b2};
    int r1 = run(&a, o1, sizeof o1, e1, sizeof e1, 9, j1);
    int r2 = run(&a, o2, sizeof o2, e2, sizeof e2, 9, j2);
    CHECK(r1 == 0 && r2 == 0 && !e1[0] && !e2[0], "clean runs: %d %d '%s' '%s'", r1, r2, e1, e2);
    CHECK(strcmp(o1, o2) == 0, "tables differ for --jobs 1 and 2");
    CHECK(lines(o1) == 41 && strstr(o1, "bots a,b, 40 games, seed 9, 0 failed"), "table '%.80s'", o1);
    CHECK(a.opened == 2 && a.closed == 2, "open %d close %d", a.opened, a.closed);

    /* failed games: counted, the table of the others, one line naming the first */
    char b3[] = "a,b", b4[] = "a,b";
    a.fail_every = 9;
    char *f1[] = {"tournament", "--bots", b3, "--games", "40", "--jobs", "1"};
    char *f2[] = {"tournament", "--bots", b4, "--games", "40", "--jobs", "2"};
    r1 = run(&a, o1, sizeof o1, e1, sizeof e1, 7, f1);
    r2 = run(&a, o2, sizeof o2, e2, sizeof e2, 7, f2);
    CHECK(r1 == 1 && r2 == 1, "failed games: exit %d %d", r1, r2);
    CHECK(strcmp(o1, o2) == 0 && strcmp(e1, e2) == 0, "failed games: outputs differ by --jobs");
    CHECK(strstr(o1, "40 games, seed 1, 4 failed") != NULL, "failed count in '%.80s'", o1);
    CHECK(lines(e1) == 1 && !strcmp(e1, "fake: tournament: 4 games could not be played (game 4: "
                                        "game 4 refused)\n"), "failure line '%s'", e1);

    /* one failed game: the singular */
    char b5[] = "a,b";
    a.fail_every = 1000;
    char *f3[] = {"tournament", "--bots", b5, "--games", "40"};
    r1 = run(&a, o1, sizeof o1, e1, sizeof e1, 5, f3);
    CHECK(r1 == 1 && !strcmp(e1, "fake: tournament: 1 game could not be played (game 4: game 4 "
                                 "refused)\n"), "one failure: %d '%s'", r1, e1);

    /* bad usage: one line, exit 2, nothing opened */
    struct { int argc; char *argv[6]; const char *want; } bad[] = {
        {3, {"tournament", "--games", "3"}, "fake: tournament: --bots A,B,... is required (see fake help tournament)\n"},
        {3, {"tournament", "--bots", "a"}, "fake: tournament: --games N is required (see fake help tournament)\n"},
        {5, {"tournament", "--bots", "a", "--games", "0"}, "fake: invalid value for --games: '0' (need an integer from 1 to 1000)\n"},
        {4, {"tournament", "--bots", "a", "--zap"}, "fake: tournament: unknown option '--zap' (see fake help tournament)\n"},
        {5, {"tournament", "--seed", "1", "--seed", "2"}, "fake: option --seed given twice\n"},
        {2, {"tournament", "--jobs"}, "fake: option --jobs needs a value\n"},
        {6, {"tournament", "--bots", "a", "--games", "3", "--shard"}, NULL},
    };
    int opened = a.opened;
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        int rc = run(&a, o1, sizeof o1, e1, sizeof e1, bad[i].argc, bad[i].argv);
        CHECK(rc == 2 && lines(e1) == 1 && !o1[0], "bad %zu: exit %d, '%s'", i, rc, e1);
        CHECK(!bad[i].want || !strcmp(e1, bad[i].want), "bad %zu: '%s'", i, e1);
    }
    CHECK(a.opened == opened, "bad usage opened the arena");

    char *help[] = {"tournament", "--bots", "a", "--help"};
    CHECK(run(&a, o1, sizeof o1, e1, sizeof e1, 4, help) == 0 && !e1[0], "help");
    CHECK(strstr(o1, "usage: fake tournament") == o1 && strstr(o1, "--jobs J") &&
          strstr(o1, "--shard K/N") && strstr(o1, "(default 1000 and 100)"), "help '%s'", o1);
    return check_report("test_kit_tournament_cmd");
}
